import type { TMyTicket } from '@club/shared/contract/tickets';
import { TICKET_STATUS } from '@club/shared/schemas/event-day';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { outer } from '../../lib/outer-column';
import { orders, products, tickets } from '../../db/schema';
import { nameIn } from '../../lib/localized';

/**
 * The member's own tickets (never another's: the order's owner is the filter). Of one order: every
 * ticket, voided ones too (the order's details say "cancelled"); otherwise the valid ones, the
 * latest experiences first (at most 100; the club card's "my tickets" shows those still to come).
 */
export async function myTickets(
  tx: Tx,
  userId: number,
  orderId: number | undefined,
  lang: 'pl' | 'en',
): Promise<TMyTicket[]> {
  const rows = await tx
    .select({
      id: tickets.id,
      code: tickets.code,
      orderId: tickets.orderId,
      status: tickets.status,
      name: tickets.name,
      surname: tickets.surname,
      seat: tickets.seat,
      namePl: products.namePl,
      nameEn: products.nameEn,
      type: products.type,
      startDate: products.startDate,
      startTime: products.startTime,
      placePl: products.placePl,
      placeEn: products.placeEn,
      lineName: sql<string>`(select oi.product_name from order_items oi where oi.id = ${outer(tickets.orderItemId)})`,
    })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .leftJoin(products, eq(products.id, tickets.productId))
    .where(
      and(
        eq(orders.userId, userId),
        orderId === undefined ? eq(tickets.status, TICKET_STATUS.VALID) : eq(tickets.orderId, orderId),
      ),
    )
    .orderBy(
      orderId === undefined ? desc(products.startDate) : asc(products.startDate),
      asc(tickets.orderId),
      asc(tickets.orderItemId),
      asc(tickets.seat),
    )
    .limit(100);
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    order_id: r.orderId,
    status: r.status,
    name: r.name,
    surname: r.surname,
    is_member: r.seat === 0,
    experience: nameIn(lang, r) ?? r.lineName,
    product_type: r.type,
    start_date: r.startDate,
    start_time: r.startTime,
    place: (lang === 'en' ? r.placeEn : r.placePl) || null,
  }));
}
