/**
 * Every stable code the API answers a failure with (the envelope's `code`, DESIGN.md §4). The server's
 * AppError takes only these, and the web app switches on them (lib/api-client.ts ApiError).
 */
export const ERROR_CODES = [
  // Sessions and access
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'FORBIDDEN',
  'CSRF',
  'PASSWORD_CHECK_REQUIRED',
  'WRONG_PASSWORD',
  'TOO_MANY_ATTEMPTS',
  'TOKEN_INVALID',
  'LINK_INVALID',
  'SECOND_FACTOR_INVALID',
  /** A staff account without a second factor signs in with its password: enrolment needs a mailed link. */
  'SECOND_FACTOR_NOT_ENROLLED',
  // Input
  'VALIDATION',
  'BAD_REQUEST',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'NOT_FOUND',
  /** An API call under another host than PUBLIC_URL's (421; plugins/canonical-host.ts). */
  'WRONG_HOST',
  // Business conflicts (409)
  /** A console save on an older `version` than the stored one (optimistic concurrency). */
  'STALE',
  'ALREADY_IN_CART',
  'BONUS_ALREADY_JOINED',
  'CART_EMPTY',
  'CART_NOT_FILLED',
  'DISCOUNT_INACTIVE',
  /** A code the member has already used as often as it allows (per-member limit). */
  'DISCOUNT_USED',
  'INVOICE_DATA_MISSING',
  'LIMIT_REACHED',
  'NOTIFICATION_UNAVAILABLE',
  'PRODUCT_UNAVAILABLE',
  'SOLD_OUT',
  'STAFF_SELF',
  'INVITATION_ACCEPTED',
  // Invoices (docs/invoices.md)
  'ORDER_NOT_PAID',
  'INVOICE_NOT_REQUESTED',
  'INVOICE_EXISTS',
  'INVOICE_MIXED_MARGIN',
  'INVOICE_MISSING',
  /** A KSeF resend of an invoice KSeF has not rejected (docs/ksef.md). */
  'KSEF_NOT_REJECTED',
  /** A resend of a mail that has not failed (docs/mail.md). */
  'MAIL_NOT_FAILED',
  'MAIL_LINK_GONE',
  // Payments
  'PAYMENT_UNAVAILABLE',
  'ORDER_NOT_WAITING',
  'NOT_REFUNDABLE',
  /** The gate: a ticket checked out that is not in on the list (issue 29). */
  'NOT_CHECKED_IN',
  /** Check-out on a list whose experience does not need it, a default or used list removed (issue 29). */
  'CHECK_OUT_NOT_ALLOWED',
  'LIST_IS_DEFAULT',
  'LIST_IN_USE',
  /** The sales desk: a cancelled or expired order cannot be paid (or cancelled again). */
  'ORDER_CANCELLED',
  /** The sales desk: the order is already paid. */
  'ORDER_ALREADY_PAID',
  'REFUND_AMOUNT',
  /** The seat board: the held seat was booked, passed on or lapsed meanwhile (docs/waiting-list.md). */
  'SEAT_OFFER_CLOSED',
  'INVALID_NOTIFICATION',
  /** The member's export (docs/privacy.md): one at a time, a link only when ready, each file once. */
  'EXPORT_IN_PROGRESS',
  'EXPORT_NOT_READY',
  'EXPORT_GONE',
  /** Mail to the people who come (issue 29): nobody in the chosen group; a composer's key of another experience. */
  'NO_RECIPIENTS',
  'MAIL_KEY_USED',
  // The server itself
  'UNAVAILABLE',
  'INTERNAL',
] as const;

export type AppErrorCode = (typeof ERROR_CODES)[number];

/** A code of this list, or undefined for anything else (an older or a foreign server). */
export const asErrorCode = (value: unknown): AppErrorCode | undefined =>
  (ERROR_CODES as readonly unknown[]).includes(value) ? (value as AppErrorCode) : undefined;
