import { TICKET_STATUS, TICKET_STATUSES } from '@club/shared/schemas/event-day';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { products } from './catalog';
import { createdAt, instant, ownedBy, serialId } from './columns';
import { orderItems, orders } from './sales';

/**
 * The event day (issue 29, docs/event-day.md): a ticket per attendee of each paid booking line, the
 * check-in lists of each experience and the check-ins at their gates.
 */

/**
 * One ticket per seat of a paid booking line: seat 0 is the member who booked, seats 1.. the
 * accompanying persons in the line's order. Issued in the transaction that makes the order paid
 * (unique per line and seat, so a repeated notification adds none), voided in the one that cancels
 * or refunds it. `code` is random (192 bits, base64url) and says nothing about the person.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: serialId(),
    code: text('code').notNull().unique(),
    orderId: ownedBy('order_id', () => orders.id),
    orderItemId: ownedBy('order_item_id', () => orderItems.id),
    /** Null when the experience was removed; the ticket then matches no list. */
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    seat: integer('seat').notNull(),
    name: text('name').notNull(),
    surname: text('surname').notNull(),
    status: text('status', { enum: TICKET_STATUSES }).notNull().default(TICKET_STATUS.VALID),
    /** Why it was voided: CANCELLED (the order) or REFUNDED (in full). */
    voidReason: text('void_reason'),
    voidedAt: instant('voided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tickets_item_seat_idx').on(t.orderItemId, t.seat),
    index('tickets_order_idx').on(t.orderId),
    // The gate's search by surname within one experience (any case, by prefix).
    index('tickets_product_surname_idx').on(t.productId, sql`lower(${t.surname})`),
    // The gate's counts (expected: the experience's valid tickets), read from the index alone.
    index('tickets_product_valid_idx').on(t.productId, t.id).where(sql`status = 'VALID'`),
  ],
);

/**
 * The check-in lists of an experience (pretix's lists): one default list made when staff first open
 * the experience at the gate; more for experiences with several entrances or parts.
 */
export const checkInLists = pgTable(
  'check_in_lists',
  {
    id: serialId(),
    productId: ownedBy('product_id', () => products.id),
    /** Null for the default list: the console names it in the staff member's language. */
    name: text('name'),
    isDefault: boolean('is_default').notNull().default(false),
    /**
     * The experience needs check-out on this list (people leave and come back, e.g. a paddock):
     * only then does the gate offer it. Off by default: most doors are passed once.
     */
    allowsCheckOut: boolean('allows_check_out').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('check_in_lists_default_idx').on(t.productId).where(sql`is_default`),
    // Two named lists of one experience never share a name (any case).
    uniqueIndex('check_in_lists_name_idx').on(t.productId, sql`lower(${t.name})`),
    index('check_in_lists_product_idx').on(t.productId),
  ],
);

/**
 * A ticket let in on a list: one row per ticket and list (the unique index is what makes two gates
 * scanning at the same instant give exactly one "in"); a check-out stamps `checked_out_at`, and a
 * later scan lets the ticket in again on the same row.
 */
export const checkIns = pgTable(
  'check_ins',
  {
    id: serialId(),
    ticketId: ownedBy('ticket_id', () => tickets.id),
    listId: ownedBy('list_id', () => checkInLists.id),
    at: instant('at').notNull().defaultNow(),
    byUserId: integer('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    gate: text('gate'),
    /** Let in by a staff member's override (the audit log has the reason). */
    isOverride: boolean('is_override').notNull().default(false),
    checkedOutAt: instant('checked_out_at'),
  },
  (t) => [
    uniqueIndex('check_ins_ticket_list_idx').on(t.ticketId, t.listId),
    index('check_ins_list_idx').on(t.listId),
    // The gate's counts (in now on the list).
    index('check_ins_list_in_idx').on(t.listId, t.ticketId).where(sql`checked_out_at is null`),
  ],
);
