/** Business constants of SPEC.md §9, each named once. */
export const TOKEN_REFRESH_CHECK_MS = 2 * 60 * 1000;
export const TOKEN_REFRESH_AFTER_MS = 30 * 60 * 1000;
export const SESSION_TTL_MS = 60 * 60 * 1000;
export const REDIRECT_DELAY_MS = 1000;

export const LANGUAGES = ['pl', 'en'] as const;
export type LanguageCode = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: LanguageCode = 'pl';

export const DEFAULT_PHONE_COUNTRY_PL = 'PL';
export const DEFAULT_PHONE_COUNTRY_OTHER = 'GB';
export const DEFAULT_TAX_PREFIX = 'PL';

export const PHONE_DIGITS = 9;
export const PHONE_PREFIX_MIN = 3;
export const PHONE_PREFIX_MAX = 4;
export const PASSWORD_MIN = 8;
export const NAME_MIN = 2;
export const INTERESTS_MIN = 6;
export const DEFAULT_INTERESTS = [1, 3, 5, 7, 9, 11] as const;

export const PESEL_DIGITS = 11;
export const NIP_DIGITS = 10;
export const NIP_WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7] as const;
export const DELIVERY_DATE_MIN = '2020-01-01';
export const VIN_LENGTH = 17;

export const QUANTITY_MIN = 1;
export const CURRENCY_SUFFIX = 'zł';
export const CLUB_MEMBERSHIP_YEARS = 2;

export const SEARCH_DEBOUNCE_MS = 250;
export const COPY_FEEDBACK_MS = 2000;
export const COPY_FEEDBACK_RESET_MS = 200;
export const FIRST_PAGE = 1;
export const CONFIRM_COLOUR = '#90722C';

export const PHONE_DROPDOWN_UPWARD_BELOW_PX = 200;
export const TYPE_TO_FIND_RESET_MS = 700;

/** Page sizes of DESIGN.md §4. */
export const PAGE_SIZE_CATALOGUE = 12;
export const PAGE_SIZE_ORDERS = 10;
export const PAGE_SIZE_DEALER_CUSTOMERS = 10;

export const USER_TYPES = ['CUSTOMER', 'DEALER', 'OPERATOR', 'ADMIN'] as const;
export type UserType = (typeof USER_TYPES)[number];
export const USER_TYPE = {
  CUSTOMER: 'CUSTOMER',
  DEALER: 'DEALER',
  OPERATOR: 'OPERATOR',
  ADMIN: 'ADMIN',
} as const satisfies Record<UserType, UserType>;
/** The club's staff (docs/console.md): they work in the console under /panel/admin, with a second factor. */
export const STAFF_TYPES = ['OPERATOR', 'ADMIN'] as const;
export type StaffType = (typeof STAFF_TYPES)[number];
export const isStaffType = (type: string): type is StaffType =>
  (STAFF_TYPES as readonly string[]).includes(type);
export const HONORIFICS = ['MRS', 'MR'] as const;
export type Honorific = (typeof HONORIFICS)[number];

export const ORDER_STATUSES = ['WAITING_PAYMENT', 'PAID', 'CANCELLED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS = {
  WAITING_PAYMENT: 'WAITING_PAYMENT',
  PAID: 'PAID',
  CANCELLED: 'CANCELLED',
} as const satisfies Record<OrderStatus, OrderStatus>;

/** Orders that hold their seats: waiting for payment or paid (SPEC.md §9). */
export const HOLDING_ORDER_STATUSES = [ORDER_STATUS.WAITING_PAYMENT, ORDER_STATUS.PAID] as const;

/** How a discount code lowers an order: a fixed amount (grosze) or a percentage (1–100). */
export const DISCOUNT_KINDS = ['AMOUNT', 'PERCENT'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];
export const DISCOUNT_KIND = { AMOUNT: 'AMOUNT', PERCENT: 'PERCENT' } as const satisfies Record<
  DiscountKind,
  DiscountKind
>;
/** The member types (SPEC.md's user types) a discount code may be limited to. */
export const DISCOUNT_MEMBER_TYPES = ['CUSTOMER', 'DEALER'] as const;

export const CUSTOMER_TYPES = ['NEW', 'EXISTING'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];
export const CUSTOMER_TYPE = { NEW: 'NEW', EXISTING: 'EXISTING' } as const satisfies Record<
  CustomerType,
  CustomerType
>;
export const CUSTOMER_STATUSES = [
  'WAITING_TERMS',
  'WAITING_ORDER_NUMBER',
  'WAITING_REGISTRATION',
  'REGISTERED',
] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];
export const CUSTOMER_STATUS = {
  WAITING_TERMS: 'WAITING_TERMS',
  WAITING_ORDER_NUMBER: 'WAITING_ORDER_NUMBER',
  WAITING_REGISTRATION: 'WAITING_REGISTRATION',
  REGISTERED: 'REGISTERED',
} as const satisfies Record<CustomerStatus, CustomerStatus>;
export const CAR_MODELS = ['7 series', '8 series', 'X7', 'M8', 'XM', 'i7'] as const;
export type CarModel = (typeof CAR_MODELS)[number];

export const TAXATION_FORMS = ['PIT-11', 'JDG'] as const;
export type TaxationForm = (typeof TAXATION_FORMS)[number];

export const PRODUCT_TYPES = ['EVENT', 'TRIP'] as const;
export const PRODUCT_TYPE = { EVENT: 'EVENT', TRIP: 'TRIP' } as const satisfies Record<
  (typeof PRODUCT_TYPES)[number],
  (typeof PRODUCT_TYPES)[number]
>;
export type ProductType = (typeof PRODUCT_TYPES)[number];
/** products.published: 0 hidden, 1 on sale, 2 announced (not on sale yet). */
export const PUBLISHED_HIDDEN = 0;
export const PUBLISHED_ON_SALE = 1;
export const PUBLISHED_ANNOUNCED = 2;

export const PAGE_TYPES = ['ABOUT'] as const;

/**
 * Every rate limit in force (docs/security.md lists the same numbers; a test holds them together).
 * loginPerAddress is the default of LOGIN_LIMIT_PER_ADDRESS: an office behind one NAT shares it.
 */
export const RATE_LIMITS = {
  loginPerAccount: { max: 5, windowMs: 15 * 60 * 1000 },
  loginPerAddress: { max: 100, windowMs: 15 * 60 * 1000 },
  checkPassword: { max: 5, windowMs: 15 * 60 * 1000 },
  forgotPassword: { max: 5, windowMs: 60 * 60 * 1000 },
  forgotPasswordPerAddress: { max: 30, windowMs: 60 * 60 * 1000 },
  discountCode: { max: 10, windowMs: 15 * 60 * 1000 },
  discountCodePerAddress: { max: 30, windowMs: 15 * 60 * 1000 },
  secondFactorPerAccount: { max: 5, windowMs: 15 * 60 * 1000 },
  secondFactorPerAddress: { max: 50, windowMs: 15 * 60 * 1000 },
  privacyExport: { max: 3, windowMs: 24 * 60 * 60 * 1000 },
} as const;

/** Staff's second factor (docs/console.md): six-digit TOTP codes, ten one-time recovery codes. */
export const TOTP_DIGITS = 6;
export const RECOVERY_CODES_COUNT = 10;
