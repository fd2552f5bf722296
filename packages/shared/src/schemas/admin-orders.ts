import { z } from 'zod';
import { blankOr, pageSizeOf, queryNumber } from './list-query';
import { ORDER_STATUSES } from '../constants';
import { plnToGrosze } from '../money';

/**
 * The sales desk of the console (issue 17, docs/console-sales.md): the orders list's query and the
 * bodies of the desk's actions. Every message is a key of the shared validation catalogue.
 */

const MAX_ID = 2_147_483_647;
const blankIsNone = (v: unknown) => (v === '' || v === null ? undefined : v);

const queryDate = blankOr(
  z
    .string({ error: 'validation.date' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.date' })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: 'validation.date' })
    .optional(),
);
const queryText = (max: number) =>
  blankOr(z.string().trim().max(max, { error: 'validation.tooLong' }).optional());
const queryId = queryNumber(
  z.preprocess(
    blankIsNone,
    z.coerce.number({ error: 'validation.wrongValue' }).int().positive().max(MAX_ID).optional(),
  ),
);

export const DESK_ORDER_SORTS = ['created_at', 'total', 'id'] as const;
/** The desk's refund filter: refunded in part, in full, or at all. */
export const DESK_REFUND_FILTERS = ['PARTIAL', 'FULL', 'ANY'] as const;
export const DESK_PAGE_SIZES = [10, 25, 50, 100] as const;
/**
 * The list counts at most this many matching orders (a bounded count, never the whole table): past
 * it the total reads "10 000+" and the last reachable page is this many rows in.
 */
export const DESK_COUNT_CAP = 10_000;

export const ZDeskOrderListQuery = z
  .object({
    page: queryNumber(
      z.coerce.number({ error: 'validation.wrongValue' }).int().min(1).max(10_000).default(1),
    ),
    per_page: pageSizeOf(DESK_PAGE_SIZES, 25),
    sort: blankOr(z.enum(DESK_ORDER_SORTS, { error: 'validation.wrongValue' }).default('created_at')),
    dir: blankOr(z.enum(['asc', 'desc'], { error: 'validation.wrongValue' }).default('desc')),
    /** An order number (with or without "#"), a payment or transfer reference. */
    q: queryText(100),
    status: blankOr(z.enum(ORDER_STATUSES, { error: 'validation.wrongValue' }).optional()),
    /** Placed on or after this club day (Europe/Warsaw). */
    from: queryDate,
    /** Placed on or before this club day. */
    to: queryDate,
    /** Orders with a line of this experience. */
    product_id: queryId,
    /** The member's name, surname or e-mail (part of it). */
    member: queryText(100),
    /** The discount code used (whole code, any case). */
    code: queryText(64),
    /** Money went back: in part, in full, or either (issue 30). */
    refund: blankOr(z.enum(DESK_REFUND_FILTERS, { error: 'validation.wrongValue' }).optional()),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { path: ['to'], error: 'validation.endBeforeStart' })
  .refine((v) => v.page * v.per_page <= DESK_COUNT_CAP + v.per_page, {
    path: ['page'],
    error: 'validation.wrongValue',
  });
export type TDeskOrderListQuery = z.input<typeof ZDeskOrderListQuery>;
export type TDeskOrderListValues = z.output<typeof ZDeskOrderListQuery>;

/** A bank transfer's reference as written on the statement. */
export const ZMarkPaid = z.object({
  reference: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(100, { error: 'validation.tooLong' }),
});
export type TMarkPaid = z.input<typeof ZMarkPaid>;

export const ZCancelOrder = z.object({
  /** Why the club cancels (kept in the timeline and the audit log, not mailed). */
  reason: z
    .string({ error: 'validation.wrongValue' })
    .trim()
    .max(500, { error: 'validation.tooLong' })
    .optional()
    .transform((v) => (v ? v : null)),
});
export type TCancelOrder = z.input<typeof ZCancelOrder>;

/** PLN with at most two decimals, more than zero; the server checks it against what was paid. */
export const ZRefundOrder = z.object({
  amount: z
    .number({ error: 'validation.wrongValue' })
    .min(0.01, { error: 'validation.min' })
    .max(10_000_000, { error: 'validation.max' })
    .refine((v) => Math.abs(plnToGrosze(v) / 100 - v) < 1e-9, { error: 'validation.wrongValue' }),
  /**
   * The outgoing bank transfer's reference: required when the order was paid by bank transfer (the
   * server checks it: the money goes back from the club's bank), ignored for a refund through the operator.
   */
  reference: z
    .string({ error: 'validation.wrongValue' })
    .trim()
    .max(100, { error: 'validation.tooLong' })
    .regex(/^[^\p{Cc}]*$/u, { error: 'validation.wrongValue' })
    .optional()
    .transform((v) => (v ? v : null)),
});
export type TRefundOrder = z.input<typeof ZRefundOrder>;

export const ZSeatBoardQuery = z
  .object({
    page: z.coerce.number({ error: 'validation.wrongValue' }).int().min(1).max(10_000).default(1),
    q: queryText(100),
    /** Experiences starting on or after this day (default: today, the club's day). */
    from: queryDate,
    to: queryDate,
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { path: ['to'], error: 'validation.endBeforeStart' });
export type TSeatBoardQuery = z.input<typeof ZSeatBoardQuery>;
export const PAGE_SIZE_SEAT_BOARD = 25;

/** One experience's attendee list, a page of order lines at a time (the CSV has them all). */
export const ZSeatItemQuery = z.object({
  page: z.coerce.number({ error: 'validation.wrongValue' }).int().min(1).max(10_000).default(1),
});
export type TSeatItemQuery = z.input<typeof ZSeatItemQuery>;
export const PAGE_SIZE_ATTENDEES = 100;
