import type { TDoorList } from '@club/shared/contract/check-in-lists';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { checkIns, tickets } from '../../db/schema';
import { experienceOf, type Lang, listCounts, listOut, loadList } from './lists';

/**
 * The door list (issue 29, docs/event-day.md): every attendee of a list's experience, by surname,
 * with who is in on this list. The valid tickets, and any other ticket in now (let in by an
 * override), so the ticks always add up to the gate's "in". One statement over the experience's
 * tickets (their (product_id, lower(surname)) index) and the list's check-ins.
 */

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export async function doorList(tx: Tx, listId: number, lang: Lang): Promise<TDoorList> {
  const list = await loadList(tx, listId);
  const rows = await tx
    .select({
      id: tickets.id,
      name: tickets.name,
      surname: tickets.surname,
      seat: tickets.seat,
      orderId: tickets.orderId,
      status: tickets.status,
      at: checkIns.at,
      checkedOutAt: checkIns.checkedOutAt,
    })
    .from(tickets)
    .leftJoin(checkIns, and(eq(checkIns.ticketId, tickets.id), eq(checkIns.listId, list.id)))
    .where(
      and(
        eq(tickets.productId, list.productId),
        or(eq(tickets.status, 'VALID'), and(sql`${checkIns.id} is not null`, isNull(checkIns.checkedOutAt))),
      ),
    )
    .orderBy(sql`lower(${tickets.surname})`, sql`lower(${tickets.name})`, asc(tickets.id));
  return {
    list: listOut(list),
    experience: await experienceOf(tx, list.productId, lang),
    counts: await listCounts(tx, list),
    attendees: rows.map((r) => ({
      ticket_id: r.id,
      name: r.name,
      surname: r.surname,
      is_member: r.seat === 0,
      order_id: r.orderId,
      status: r.status,
      in_at: iso(r.at),
      checked_out_at: iso(r.checkedOutAt),
    })),
  };
}
