import type { TGateAttendee } from '@club/shared/contract/event-day';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { checkIns, orders, tickets, users } from '../../db/schema';
import { outer } from '../../lib/outer-column';
import { loadList } from './lists';

/** Attendees as the gate shows them (issue 29): one by one after a scan, or found by the search. */

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The name of the staff member `id` (a column or a value), as the gate shows who let a ticket in. */
export const staffName = (id: SQL | number) =>
  sql<string | null>`(select nullif(trim(s.name || ' ' || s.surname), '') from users s where s.id = ${id})`;

/** An attendee's columns, with their party and their check-in on the list (`attendeeOut` shapes them). */
const attendeeColumns = {
  id: tickets.id,
  name: tickets.name,
  surname: tickets.surname,
  seat: tickets.seat,
  orderId: tickets.orderId,
  orderItemId: tickets.orderItemId,
  status: tickets.status,
  cardNumber: users.cardNumber,
  at: checkIns.at,
  gate: checkIns.gate,
  checkedOutAt: checkIns.checkedOutAt,
  isOverride: checkIns.isOverride,
  byName: staffName(outer(checkIns.byUserId)),
  party: sql<string[]>`(select coalesce(array_agg(trim(o.name || ' ' || o.surname) order by o.seat), '{}')
    from tickets o where o.order_item_id = ${outer(tickets.orderItemId)} and o.id <> ${outer(tickets.id)})`,
};

type AttendeeRow = {
  id: number;
  name: string;
  surname: string;
  seat: number;
  orderId: number;
  status: TGateAttendee['status'];
  cardNumber: string | null;
  at: Date | string | null;
  gate: string | null;
  checkedOutAt: Date | string | null;
  isOverride: boolean | null;
  byName: string | null;
  party: string[] | null;
};

export const attendeeOut = (r: AttendeeRow): TGateAttendee => ({
  ticket_id: r.id,
  name: r.name,
  surname: r.surname,
  is_member: r.seat === 0,
  order_id: r.orderId,
  card_number: r.seat === 0 ? r.cardNumber : null,
  status: r.status,
  party: (r.party ?? []).filter((p) => p.length > 0),
  check_in: r.at
    ? {
        at: iso(r.at)!,
        by: r.byName,
        gate: r.gate,
        checked_out_at: iso(r.checkedOutAt),
        is_override: r.isOverride === true,
      }
    : null,
});

/**
 * The attendees' statement: the tickets with their buyer and their check-in on the list. `fields` adds
 * columns to the same row (the gate's admit reads its own check-in through them).
 */
export function attendeeQuery<F extends Record<string, SQL>>(
  from: Pick<Tx, 'select'>,
  listId: number,
  fields: F = {} as F,
) {
  return from
    .select({ ...attendeeColumns, ...fields })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(checkIns, and(eq(checkIns.ticketId, tickets.id), eq(checkIns.listId, listId)));
}

/** Attendees as the gate shows them, with their party and their check-in on the list. */
export async function attendees(tx: Tx, listId: number, ticketIds: number[]): Promise<TGateAttendee[]> {
  if (ticketIds.length === 0) return [];
  const rows = await attendeeQuery(tx, listId)
    .where(inArray(tickets.id, ticketIds))
    .orderBy(sql`lower(${tickets.surname})`, sql`lower(${tickets.name})`, asc(tickets.id));
  return rows.map(attendeeOut);
}

const likePrefix = (q: string) => `${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The list's attendees by order number (#123 or 123), club card number, or surname's start. */
export async function searchAttendees(tx: Tx, listId: number, q: string): Promise<TGateAttendee[]> {
  const list = await loadList(tx, listId);
  const text = q.trim();
  const orderNumber = /^#?\s*(\d{1,9})$/.exec(text);
  const where = orderNumber
    ? eq(tickets.orderId, Number(orderNumber[1]))
    : sql`(lower(${outer(tickets.surname)}) like ${likePrefix(text)}
        or ${outer(tickets.orderId)} in (select o.id from orders o join users u on u.id = o.user_id
          where upper(u.card_number) = ${text.toUpperCase()}))`;
  const found = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.productId, list.productId), where))
    .orderBy(sql`lower(${tickets.surname})`, asc(tickets.id))
    .limit(20);
  return attendees(
    tx,
    list.id,
    found.map((f) => f.id),
  );
}
