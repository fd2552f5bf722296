/**
 * The words of payments and of an order's timeline, written once (issue 13): the server's payment
 * operators, the notification handler and the timeline use these, never string literals.
 */

/** `{ A: 'A', B: 'B' }` from `['A', 'B']`: named members of a list, so the two cannot drift. */
const membersOf = <const T extends readonly string[]>(list: T) =>
  Object.fromEntries(list.map((name) => [name, name])) as { readonly [K in T[number]]: K };

/**
 * What an operator says of one payment attempt. PAID: money taken (after the operator confirmed
 * it). WAITING_FOR_CONFIRMATION: PayU holds the money until we accept or reject it. CANCELLED: this
 * attempt failed. PENDING: nothing to do yet.
 */
export const PAYMENT_OUTCOME_STATUSES = ['PAID', 'CANCELLED', 'PENDING', 'WAITING_FOR_CONFIRMATION'] as const;
export type PaymentOutcomeStatus = (typeof PAYMENT_OUTCOME_STATUSES)[number];
export const PAYMENT_OUTCOME_STATUS = membersOf(PAYMENT_OUTCOME_STATUSES);

/** What an operator says of a refund it was asked for. */
export const REFUND_STATUSES = ['REFUNDED', 'REFUND_FAILED'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const REFUND_STATUS = membersOf(REFUND_STATUSES);

/** What payment_events records of each notification: a payment's outcome or a refund's. */
export const PAYMENT_EVENT_STATUSES = [...PAYMENT_OUTCOME_STATUSES, ...REFUND_STATUSES] as const;
export type PaymentEventStatus = (typeof PAYMENT_EVENT_STATUSES)[number];

/**
 * The kinds of an order's timeline (order_events), read by the sales desk; docs/payments.md
 * describes each.
 */
export const ORDER_EVENT_KINDS = [
  'CREATED',
  'PAID',
  'PAYMENT_REGISTERED',
  'PAYMENT_REGISTRATION_FAILED',
  'PAYMENT_PENDING',
  'PAYMENT_CANCELLED',
  'PAYMENT_REFUSED',
  'PAYMENT_NOT_CONFIRMED',
  'HELD_PAYMENT_ACCEPTED',
  'HELD_PAYMENT_RELEASED',
  'LATE_PAYMENT',
  'DUPLICATE_PAYMENT',
  'REFUND_REQUESTED',
  'REFUND_FAILED',
  'REFUNDED',
  'REFUND_REJECTED',
  'EXPIRED',
  'CANCELLED',
] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];
export const ORDER_EVENT_KIND = membersOf(ORDER_EVENT_KINDS);
