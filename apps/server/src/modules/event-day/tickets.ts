import { TICKET_STATUS } from '@club/shared/schemas/event-day';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { checkInLists, orderItems, orders, tickets, users } from '../../db/schema';
import { randomToken } from '../../lib/tokens';

/**
 * The tickets of an order (issue 29, docs/event-day.md). Called by every path that makes an order
 * paid or takes that back, inside its transaction, so a paid order never lacks its tickets and a
 * cancelled one never keeps a valid ticket.
 */

/** 24 random bytes, base64url: 32 characters, 192 bits; nothing in it names the person. */
export const newTicketCode = () => randomToken(24);

type Person = { name?: unknown; surname?: unknown };
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * One ticket per seat of each line of a paid order: seat 0 the member who booked (the buyer the
 * order recorded), seats 1.. the accompanying persons in the line's order. Idempotent: the unique
 * (line, seat) index makes a repeated call (a second notification) add nothing. Each experience of
 * the order gets its default check-in list.
 */
export async function issueTickets(tx: Tx, orderId: number): Promise<number> {
  const rows = await tx
    .select({
      itemId: orderItems.id,
      productId: orderItems.productId,
      quantity: orderItems.quantity,
      persons: orderItems.persons,
      buyer: orders.buyer,
      userName: users.name,
      userSurname: users.surname,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.id);
  const values: (typeof tickets.$inferInsert)[] = [];
  for (const row of rows) {
    const buyer = (row.buyer ?? {}) as Person;
    const member = {
      name: text(buyer.name) || (row.userName ?? ''),
      surname: text(buyer.surname) || (row.userSurname ?? ''),
    };
    for (let seat = 0; seat < row.quantity; seat++) {
      const person: Person = seat === 0 ? member : ((row.persons[seat - 1] as Person | undefined) ?? {});
      values.push({
        code: newTicketCode(),
        orderId,
        orderItemId: row.itemId,
        productId: row.productId,
        seat,
        name: text(person.name),
        surname: text(person.surname),
      });
    }
  }
  if (values.length === 0) return 0;
  const inserted = await tx
    .insert(tickets)
    .values(values)
    .onConflictDoNothing({ target: [tickets.orderItemId, tickets.seat] })
    .returning({ id: tickets.id });
  const productIds = [...new Set(rows.map((r) => r.productId).filter((id): id is number => id !== null))];
  if (productIds.length > 0) await ensureDefaultLists(tx, productIds);
  return inserted.length;
}

/** Each experience's default check-in list, made once (the partial unique index keeps it one). */
export async function ensureDefaultLists(tx: Tx, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  await tx
    .insert(checkInLists)
    .values(productIds.map((productId) => ({ productId, isDefault: true })))
    .onConflictDoNothing();
}

export type VoidReason = 'CANCELLED' | 'REFUNDED';

/** Voids the order's valid tickets at once: a scan of one now answers "cancelled". */
export async function voidTickets(tx: Tx, orderId: number, reason: VoidReason): Promise<void> {
  await tx
    .update(tickets)
    .set({ status: TICKET_STATUS.VOID, voidReason: reason, voidedAt: new Date() })
    .where(and(eq(tickets.orderId, orderId), eq(tickets.status, TICKET_STATUS.VALID)));
}

/**
 * A full refund the operator then refused: the tickets it voided are valid again, if the order is
 * still paid (a cancellation meanwhile keeps them void).
 */
export async function restoreRefundedTickets(tx: Tx, orderId: number): Promise<void> {
  await tx
    .update(tickets)
    .set({ status: TICKET_STATUS.VALID, voidReason: null, voidedAt: null })
    .where(
      and(
        eq(tickets.orderId, orderId),
        eq(tickets.voidReason, 'REFUNDED'),
        sql`exists (select 1 from orders o where o.id = ${orderId} and o.status = 'PAID')`,
      ),
    );
}
