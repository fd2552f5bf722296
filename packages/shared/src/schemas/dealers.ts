import { z } from 'zod';
import { encodeMessage } from '../i18n/translate';
import {
  CAR_MODELS,
  CUSTOMER_STATUS,
  CUSTOMER_STATUSES,
  CUSTOMER_TYPES,
  DELIVERY_DATE_MIN,
  HONORIFICS,
  LANGUAGES,
  NAME_MIN,
} from '../constants';
import { isValidVin } from '../validators/vin';
import { bracketQuery } from './list-query';
import {
  afterEarlier,
  boolish,
  email,
  optionalText,
  pageQuery,
  personName,
  requiredText,
  withNewPassword,
} from './common';

/**
 * How long a successful auth/check-password opens the dealer's customer list and bonus calls
 * (docs/decisions/dealer-password-window.md).
 */
export const PASSWORD_CHECK_WINDOW_MS = 15 * 60 * 1000;
/** A planned delivery may lie at most this far ahead. */
export const DELIVERY_DATE_MAX_YEARS_AHEAD = 1;
/** How long the links of the registration lifecycle (terms_url, register_url) stay usable. */
export const REGISTRATION_LINK_TTL_DAYS = 30;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const INT32_MAX = 2_147_483_647;

/** 2020-01-01 → 01/01/2020: the dd/MM/yyyy of SPEC.md §5, for messages. */
export const formatDisplayDate = (iso: string): string => iso.split('-').reverse().join('/');

/** The latest delivery date accepted on `today` (YYYY-MM-DD). */
export function deliveryDateMax(today: Date = new Date()): string {
  const d = new Date(
    Date.UTC(today.getUTCFullYear() + DELIVERY_DATE_MAX_YEARS_AHEAD, today.getUTCMonth(), today.getUTCDate()),
  );
  return d.toISOString().slice(0, 10);
}

export function isRealIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Delivery date (vehicle_issue): a real date from 1 Jan 2020 to a year ahead. */
export const deliveryDate = () =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .refine(isRealIsoDate, { error: 'validation.date', ...afterEarlier })
    .refine((v) => v >= DELIVERY_DATE_MIN, {
      error: encodeMessage('validation.dateMin', { date: formatDisplayDate(DELIVERY_DATE_MIN) }),
      params: { date: formatDisplayDate(DELIVERY_DATE_MIN) },
      ...afterEarlier,
    })
    .superRefine((v, ctx) => {
      const max = deliveryDateMax();
      if (v > max)
        ctx.addIssue({
          code: 'custom',
          message: encodeMessage('validation.dateMax', { date: formatDisplayDate(max) }),
          params: { date: formatDisplayDate(max) },
        });
    }, afterEarlier);

/** An optional delivery date: empty means none. */
export const optionalDeliveryDate = () =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), deliveryDate().nullable());

export const vinNumber = () =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(17, { error: 'validation.vin', ...afterEarlier })
    .transform((v) => v.toUpperCase())
    .refine(isValidVin, { error: 'validation.vin' });

/** A database id picked from a list (language): "" or nothing reads as missing. */
export const pickedId = () =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
    z.number({ error: 'validation.required' }).int().positive().max(INT32_MAX),
  );

/** An optional choice from a list: "" reads as none. */
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), z.enum(values).nullable());

/** Optional name: empty is none, otherwise at least NAME_MIN characters. */
export const optionalPersonName = () =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v === undefined ? null : v),
    z.string().trim().min(NAME_MIN).max(100).nullable(),
  );

export const orderNumber = () => requiredText(50);

export const ZRegisterNewCustomer = z.object({
  user: z.object({
    name: personName(),
    surname: personName(),
    email: email(),
    honorific: z.enum(HONORIFICS, { error: 'validation.required' }),
    language_id: pickedId(),
  }),
  customer: z.object({
    model: z.enum(CAR_MODELS, { error: 'validation.required' }),
    contract_number: optionalText(50),
    street: optionalText(120),
    building_number: optionalText(20),
    flat_number: optionalText(20),
    post_code: optionalText(12),
    city: optionalText(80),
  }),
});
export type TRegisterNewCustomerInput = z.input<typeof ZRegisterNewCustomer>;
export type TRegisterNewCustomer = z.output<typeof ZRegisterNewCustomer>;

export const ZRegisterExistingCustomer = z.object({
  user: z.object({
    honorific: optionalChoice(HONORIFICS),
    name: optionalPersonName(),
    surname: optionalPersonName(),
    language_id: pickedId(),
  }),
  customer: z.object({
    model: optionalChoice(CAR_MODELS),
    vehicle_issue: deliveryDate(),
    vin_number: vinNumber(),
    order_number: orderNumber(),
  }),
});
export type TRegisterExistingCustomerInput = z.input<typeof ZRegisterExistingCustomer>;
export type TRegisterExistingCustomer = z.output<typeof ZRegisterExistingCustomer>;

/** The dealer's 'I have order number' form (SPEC.md §4): order number required, delivery date optional. */
export const ZUpdateDealerCustomer = z.object({
  customer: z.object({
    order_number: orderNumber(),
    vehicle_issue: optionalDeliveryDate(),
  }),
});
export type TUpdateDealerCustomerInput = z.input<typeof ZUpdateDealerCustomer>;
export type TUpdateDealerCustomer = z.output<typeof ZUpdateDealerCustomer>;

export const DEALER_CUSTOMER_SEARCH_MAX = 100;

/**
 * Filters of the customer list, `where[search]` and `where[status]` (DESIGN.md §4): flat keys (the
 * default query parser) and a nested `where` object (qs-style parsers) alike.
 */
export const ZDealerCustomersQuery = bracketQuery(['search', 'status'], {
  page: pageQuery,
  search: z.string().trim().max(DEALER_CUSTOMER_SEARCH_MAX).optional(),
  status: optionalChoice(CUSTOMER_STATUSES).optional(),
});
export type TDealerCustomersQuery = z.output<typeof ZDealerCustomersQuery>;

export const ZRegistrationToken = z.object({
  token: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(200),
});

const accepted = () =>
  z
    .unknown()
    .refine((v) => v === true || v === 1, { error: 'validation.termRequired' })
    .transform(() => true as const);
const flag = () =>
  boolish()
    .optional()
    .transform((v) => v === true);

export const AGREEMENT_TERMS = [
  'term_1',
  'term_2',
  'term_2a',
  'term_3',
  'term_4_email',
  'term_4_post',
  'term_4_phone',
  'term_4_car',
  'term_4_group',
] as const;
export type AgreementTerm = (typeof AGREEMENT_TERMS)[number];
export const REQUIRED_AGREEMENT_TERMS: readonly AgreementTerm[] = ['term_1', 'term_2', 'term_3'];

/**
 * The invited customer's consents (the terms_url page). A customer registered as EXISTING has no
 * e-mail (and maybe no name) yet: then the page asks for them, and the server requires them.
 */
export const ZAcceptAgreements = z.object({
  token: ZRegistrationToken.shape.token,
  email: z.preprocess((v) => (v === '' ? undefined : v), email().optional()),
  name: optionalPersonName().optional(),
  surname: optionalPersonName().optional(),
  term_1: accepted(),
  term_2: accepted(),
  term_2a: flag(),
  term_3: accepted(),
  term_4_email: flag(),
  term_4_post: flag(),
  term_4_phone: flag(),
  term_4_car: flag(),
  term_4_group: flag(),
});
export type TAcceptAgreementsInput = z.input<typeof ZAcceptAgreements>;
export type TAcceptAgreements = z.output<typeof ZAcceptAgreements>;

export const ZActivateAccount = withNewPassword({ token: ZRegistrationToken.shape.token });
export type TActivateAccountInput = z.input<typeof ZActivateAccount>;

/** The dealer-managed customer of SPEC.md §3, with the link of the current step when there is one. */
export const ZDealerCustomer = z.strictObject({
  id: z.number().int(),
  type: z.enum(CUSTOMER_TYPES).nullable(),
  status: z.enum(CUSTOMER_STATUSES),
  model: z.string().nullable(),
  vin_number: z.string().nullable(),
  order_number: z.string().nullable(),
  contract_number: z.string().nullable(),
  vehicle_issue: z.string().nullable(),
  created_at: z.string(),
  user: z.strictObject({
    name: z.string(),
    surname: z.string(),
    email: z.string().nullable(),
    phone_prefix: z.string().nullable(),
    phone: z.string().nullable(),
    honorific: z.enum(HONORIFICS).nullable(),
  }),
  terms_url: z.string().nullable(),
  register_url: z.string().nullable(),
  ...(Object.fromEntries(AGREEMENT_TERMS.map((term) => [term, z.boolean()])) as Record<
    AgreementTerm,
    z.ZodBoolean
  >),
});
export type TDealerCustomer = z.output<typeof ZDealerCustomer>;

/** The dealer's customer list keeps the pagination under `paginationMetaData` (SPEC.md §7). */
export const ZDealerCustomersPage = z.strictObject({
  success: z.literal(true),
  data: z.array(ZDealerCustomer),
  paginationMetaData: z.strictObject({
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  }),
});

/** What the public agreements page learns from its token. */
export const ZAgreementsInvitation = z.strictObject({
  honorific: z.enum(HONORIFICS).nullable(),
  name: z.string(),
  surname: z.string(),
  needs_email: z.boolean(),
  needs_name: z.boolean(),
  dealer_name: z.string(),
  language_code: z.enum(LANGUAGES),
});
export type TAgreementsInvitation = z.output<typeof ZAgreementsInvitation>;

/** Where the accepted consents lead: the order number is still awaited, or the activation link is mailed. */
export const ZAgreementsAccepted = z.strictObject({
  status: z.enum([CUSTOMER_STATUS.WAITING_ORDER_NUMBER, CUSTOMER_STATUS.WAITING_REGISTRATION]),
});

/** What the public activation page learns from its token. */
export const ZActivationInvitation = z.strictObject({
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  language_code: z.enum(LANGUAGES),
});
export type TActivationInvitation = z.output<typeof ZActivationInvitation>;

export const ZActivated = z.strictObject({ email: z.string() });
export const ZRegisteredCustomer = z.strictObject({ customer_id: z.number().int() });
