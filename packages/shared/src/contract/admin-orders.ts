/** The console's sales desk (issue 17, docs/console-sales.md): orders and the seat board; staff only. */
import { z } from 'zod';
import { ORDER_STATUSES, PRODUCT_TYPES, USER_TYPES } from '../constants';
import { ORDER_EVENT_KINDS } from '../payment-statuses';
import { REFUND_STATES } from '../refunds';
import { INVOICE_KINDS } from '../schemas/invoices';
import { KSEF_STATES } from '../schemas/ksef';
import { idParam } from '../schemas/common';
import {
  ZCancelOrder,
  ZDeskOrderListQuery,
  ZMarkPaid,
  ZRefundOrder,
  ZSeatBoardQuery,
  ZSeatItemQuery,
} from '../schemas/admin-orders';
import { defineEndpoint, object, ok, page, ZPaginationMeta } from './define';

const nullableString = z.string().nullable();
const money = z.number();

/** The member who placed an order (null once the account was removed: the order stays, anonymised). */
export const ZDeskMember = object({
  id: z.number().int(),
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  phone: nullableString,
  type: z.enum(USER_TYPES),
});
export type TDeskMember = z.output<typeof ZDeskMember>;

export const ZDeskOrderRow = object({
  id: z.number().int(),
  created_at: z.string(),
  status: z.enum(ORDER_STATUSES),
  member: object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  /** The experiences of the order's lines, in line order. */
  experiences: z.array(z.string()),
  seats: z.number().int(),
  total: money,
  refunded: money,
  /** None, part or all of the total went back (issue 30). */
  refund_state: z.enum(REFUND_STATES),
  discount_code: nullableString,
  is_invoice: z.boolean(),
  /** How it was paid: online through the operator, or by bank transfer at the desk. */
  paid_by: z.enum(['ONLINE', 'BANK_TRANSFER']).nullable(),
  expires_at: nullableString,
});
export type TDeskOrderRow = z.output<typeof ZDeskOrderRow>;

export const ZDeskAttendee = object({
  name: z.string(),
  surname: z.string(),
  /** The member who booked (the line's first seat) or an accompanying person. */
  is_member: z.boolean(),
});

export const ZDeskOrderLine = object({
  id: z.number().int(),
  product_id: z.number().int().nullable(),
  product_name: z.string(),
  product_type: z.enum(PRODUCT_TYPES).nullable(),
  start_date: nullableString,
  quantity: z.number().int(),
  price: money,
  /** The experience's label question (in the staff member's language) and the member's answer. */
  label: nullableString,
  label_answer: nullableString,
  attendees: z.array(ZDeskAttendee),
});

export const TIMELINE_SOURCES = ['order', 'mail', 'invoice'] as const;
export const ZDeskTimelineEntry = object({
  at: z.string(),
  source: z.enum(TIMELINE_SOURCES),
  /**
   * An order event's kind (ORDER_EVENT_KINDS), MAIL for a mail sent to the member, INVOICE or
   * CORRECTION for a document issued for the order (its number is the note, its gross the amount).
   */
  kind: z.union([z.enum(ORDER_EVENT_KINDS), z.enum(['MAIL', 'INVOICE', 'CORRECTION'])]),
  amount: money.nullable(),
  provider: nullableString,
  /** A short note: the transfer's reference, who acted, the reason, the mail's subject and state. */
  note: nullableString,
  /** Mails: sent, waiting in the outbox, or failed. */
  mail_state: z.enum(['SENT', 'QUEUED', 'FAILED']).nullable(),
});
export type TDeskTimelineEntry = z.output<typeof ZDeskTimelineEntry>;

export const ZDeskOrder = object({
  id: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  created_at: z.string(),
  paid_at: nullableString,
  cancelled_at: nullableString,
  expires_at: nullableString,
  subtotal: money,
  discount: money,
  total: money,
  refunded: money,
  refund_state: z.enum(REFUND_STATES),
  /** What a refund may still return (0 when nothing was paid online). */
  refundable: money,
  discount_code: nullableString,
  is_invoice: z.boolean(),
  /** The number of the VAT invoice issued for the order (null: none); a refund then issues a correction. */
  invoice_number: nullableString,
  /**
   * The order's invoice and corrections, oldest first (issue 30), each a PDF of
   * `GET /admin/invoices/item/:id/pdf`, with its KSeF state and number.
   */
  invoices: z.array(
    object({
      id: z.number().int(),
      kind: z.enum(INVOICE_KINDS),
      number: z.string(),
      issue_date: z.string(),
      /** PLN: the invoice's total, or what a correction takes back. */
      gross: money,
      /** A correction: the number of the invoice it corrects. */
      corrects: nullableString,
      /** Its way to KSeF (docs/ksef.md); null for one issued before KSeF was wired. */
      ksef_state: z.enum(KSEF_STATES).nullable(),
      ksef_number: nullableString,
    }),
  ),
  payment: object({
    provider: z.string(),
    reference: nullableString,
    provider_order_id: nullableString,
    bank_transfer_reference: nullableString,
    paid_by: z.enum(['ONLINE', 'BANK_TRANSFER']).nullable(),
  }),
  member: ZDeskMember.nullable(),
  lines: z.array(ZDeskOrderLine),
  timeline: z.array(ZDeskTimelineEntry),
});
export type TDeskOrder = z.output<typeof ZDeskOrder>;

export const ZDeskOptions = object({
  experiences: z.array(
    object({ id: z.number().int(), name_pl: z.string(), name_en: z.string(), start_date: z.string() }),
  ),
});

export const ZSeatBoardRow = object({
  product_id: z.number().int(),
  name_pl: z.string(),
  name_en: z.string(),
  start_date: z.string(),
  start_time: nullableString,
  /** Null: no cap. */
  capacity: z.number().int().nullable(),
  sold: z.number().int(),
  held: z.number().int(),
  /** Seats held for members of the waiting list (docs/waiting-list.md): offered, not yet booked. */
  held_for_list: z.number().int(),
  /** Free for anyone: capacity − seats in orders − held for the waiting list. */
  free: z.number().int().nullable(),
  /** Members waiting in line without a seat held for them. */
  waiting: z.number().int(),
});
export type TSeatBoardRow = z.output<typeof ZSeatBoardRow>;

export const ZSeatAttendee = object({
  order_id: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  name: z.string(),
  surname: z.string(),
  is_member: z.boolean(),
  email: nullableString,
  phone: nullableString,
  label_answer: nullableString,
});
export type TSeatAttendee = z.output<typeof ZSeatAttendee>;

export const ZSeatBoardItem = object({
  board: ZSeatBoardRow,
  label: nullableString,
  place: z.string(),
  /** One page of the attendees: `PAGE_SIZE_ATTENDEES` order lines (a line's accompanying persons with it). */
  attendees: z.array(ZSeatAttendee),
  /** The number of the page's first attendee in the whole list (1 on the first page): rows are numbered through the pages. */
  attendees_from: z.number().int(),
  attendees_meta: ZPaginationMeta,
});
export type TSeatBoardItem = z.output<typeof ZSeatBoardItem>;

/** Who is in line for an experience (docs/waiting-list.md): seats held for members, then the line. */
export const ZWaitingList = object({
  /** Seats held for members first in line: they alone may book them until `expires_at`. */
  held: z.array(
    object({
      offer_id: z.number().int(),
      user_id: z.number().int(),
      name: z.string(),
      surname: z.string(),
      email: z.string(),
      offered_at: z.string(),
      expires_at: z.string(),
    }),
  ),
  /** Members waiting without a held seat, in the order the line is served (1 is next). */
  line: z.array(
    object({
      position: z.number().int(),
      user_id: z.number().int(),
      name: z.string(),
      surname: z.string(),
      email: z.string(),
      /** When the member joined the line. */
      since: z.string(),
    }),
  ),
});
export type TWaitingList = z.output<typeof ZWaitingList>;

const MAX_ID = 2_147_483_647;
const rowId = z.coerce.number().int().positive().max(MAX_ID);

export const adminOrdersContract = {
  list: defineEndpoint({
    method: 'GET',
    path: '/admin/sales/orders',
    summary:
      'Orders for the sales desk: by status, placed dates, experience, member, discount code and text; paged, sorted, counted up to 10,000',
    access: 'staff',
    query: ZDeskOrderListQuery,
    responses: {
      200: object({
        success: z.literal(true),
        data: z.array(ZDeskOrderRow),
        meta: ZPaginationMeta,
        /** The total stopped counting at DESK_COUNT_CAP: there are more. */
        total_capped: z.boolean(),
      }),
    },
  }),
  options: defineEndpoint({
    method: 'GET',
    path: '/admin/sales/options',
    summary: "What the orders list's filters choose from: the experiences, newest first",
    access: 'staff',
    responses: { 200: ok(ZDeskOptions) },
  }),
  item: defineEndpoint({
    method: 'GET',
    path: '/admin/sales/orders/:id',
    summary: 'One order: its lines, attendees and label answers, the member, payments and the timeline',
    access: 'staff',
    params: idParam,
    responses: { 200: ok(ZDeskOrder) },
  }),
  markPaid: defineEndpoint({
    method: 'POST',
    path: '/admin/sales/orders/:id/mark-paid',
    summary:
      "Marks a waiting order as paid by bank transfer, with the transfer's reference (a cancelled or expired order: 409)",
    access: 'staff',
    params: idParam,
    body: ZMarkPaid,
    responses: { 200: ok(ZDeskOrder) },
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/admin/sales/orders/:id/cancel',
    summary: "Cancels an order: its seats are released and the member is mailed in the member's language",
    access: 'staff',
    params: idParam,
    body: ZCancelOrder,
    responses: { 200: ok(ZDeskOrder) },
  }),
  refund: defineEndpoint({
    method: 'POST',
    path: '/admin/sales/orders/:id/refund',
    summary:
      "Refunds a paid order in full or in part: through the payment operator when paid online; paid by bank transfer, records the manual refund with the outgoing transfer's reference (required); never more than was paid",
    access: 'staff',
    params: idParam,
    body: ZRefundOrder,
    responses: { 200: ok(ZDeskOrder) },
  }),
  seats: defineEndpoint({
    method: 'GET',
    path: '/admin/sales/seats',
    summary:
      'The seat board: per experience and date its capacity, seats sold, held by unpaid orders, free, and the waiting list',
    access: 'staff',
    query: ZSeatBoardQuery,
    responses: { 200: page(ZSeatBoardRow) },
  }),
  seatItem: defineEndpoint({
    method: 'GET',
    path: '/admin/sales/seats/:id',
    summary:
      "One experience's seats and a page of its attendee list (paid and waiting orders, 100 order lines a page)",
    access: 'staff',
    params: idParam,
    query: ZSeatItemQuery,
    responses: { 200: ok(ZSeatBoardItem) },
  }),
  waitingList: defineEndpoint({
    method: 'GET',
    path: '/admin/sales/seats/:id/waiting-list',
    summary:
      "An experience's waiting list: who holds a seat and until when, and who is in line (name, e-mail, since when, position)",
    access: 'staff',
    params: idParam,
    responses: { 200: ok(ZWaitingList) },
  }),
  passOffer: defineEndpoint({
    method: 'POST',
    path: '/admin/sales/seats/:id/offers/:offerId/pass-on',
    summary:
      'Withdraws a seat held for a member (they leave the line) and offers it to the next member in line, who is mailed; audited. An offer no longer open: 409',
    access: 'staff',
    params: z.object({ id: rowId, offerId: rowId }),
    responses: { 200: ok(ZWaitingList) },
  }),
  removeFromList: defineEndpoint({
    method: 'DELETE',
    path: '/admin/sales/seats/:id/waiting-list/:userId',
    summary:
      'Takes a member off the waiting list; a seat held for them goes to the next member in line; audited. Not in line: 404',
    access: 'staff',
    params: z.object({ id: rowId, userId: rowId }),
    responses: { 200: ok(ZWaitingList) },
  }),
  attendeesCsv: defineEndpoint({
    method: 'GET',
    path: '/admin/sales/seats/:id/attendees.csv',
    summary:
      "An experience's attendee list as CSV for Excel (UTF-8 with BOM, semicolons, formulas neutralised)",
    access: 'staff',
    params: idParam,
    produces: 'text/csv',
    responses: { 200: z.string() },
  }),
};
