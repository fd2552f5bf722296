import type {
  TCheckInCounts,
  TGateAttendee,
  TGateExperience,
  TScanOutcome,
} from '@club/shared/contract/event-day';
import { type ScanResult, TICKET_STATUS } from '@club/shared/schemas/event-day';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client';
import { outer } from '../../lib/outer-column';
import { checkInLists, checkIns, orderItems, orders, products, tickets, users } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { clubToday } from '../../lib/club-day';
import { ensureDefaultLists } from './tickets';

/**
 * The gate (issue 29, docs/event-day.md): check-in lists, scans, the search, the override and the
 * check-out. A ticket is let in by one statement (INSERT … ON CONFLICT DO UPDATE … WHERE checked
 * out), so two gates scanning it at the same instant get exactly one "in".
 */

type Lang = 'pl' | 'en';
type ListRow = { id: number; productId: number; name: string | null; isDefault: boolean };
type StaffRef = { id: number };

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const nameOf = (lang: Lang, p: { namePl: string; nameEn: string }) => (lang === 'en' ? p.nameEn : p.namePl);

export async function loadList(tx: Tx, id: number): Promise<ListRow> {
  const [list] = await tx
    .select({
      id: checkInLists.id,
      productId: checkInLists.productId,
      name: checkInLists.name,
      isDefault: checkInLists.isDefault,
    })
    .from(checkInLists)
    .where(eq(checkInLists.id, id));
  if (!list) throw notFound();
  return list;
}

const listOut = (l: ListRow) => ({ id: l.id, name: l.name, is_default: l.isDefault });

/** The experiences from yesterday on (soonest first, at most 60), each with its lists. */
export async function gateExperiences(tx: Tx, lang: Lang): Promise<TGateExperience[]> {
  const since = clubToday(new Date(Date.now() - 86_400_000));
  const rows = await tx
    .select({
      id: products.id,
      namePl: products.namePl,
      nameEn: products.nameEn,
      startDate: products.startDate,
      startTime: products.startTime,
      placePl: products.placePl,
      placeEn: products.placeEn,
    })
    .from(products)
    .where(
      and(isNull(products.archivedAt), sql`coalesce(${products.endDate}, ${products.startDate}) >= ${since}`),
    )
    .orderBy(asc(products.startDate), asc(products.id))
    .limit(60);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  await ensureDefaultLists(tx, ids);
  const lists = await tx
    .select({
      id: checkInLists.id,
      productId: checkInLists.productId,
      name: checkInLists.name,
      isDefault: checkInLists.isDefault,
    })
    .from(checkInLists)
    .where(inArray(checkInLists.productId, ids))
    .orderBy(sql`${checkInLists.isDefault} desc`, asc(checkInLists.id));
  return rows.map((r) => ({
    id: r.id,
    name: nameOf(lang, r),
    start_date: r.startDate,
    start_time: r.startTime,
    place: (lang === 'en' ? r.placeEn : r.placePl) || null,
    lists: lists.filter((l) => l.productId === r.id).map(listOut),
  }));
}

/** Expected (valid tickets of the experience), in now on this list, and not yet in. */
export async function listCounts(tx: Tx, list: ListRow): Promise<TCheckInCounts> {
  const result = (await tx.execute(sql`
    select
      (select count(*) from tickets t where t.product_id = ${list.productId} and t.status = 'VALID')::int as expected,
      (select count(*) from check_ins c where c.list_id = ${list.id} and c.checked_out_at is null)::int as "in",
      (select count(*) from check_ins c join tickets t on t.id = c.ticket_id
        where c.list_id = ${list.id} and c.checked_out_at is null and t.status = 'VALID'
          and t.product_id = ${list.productId})::int as valid_in`)) as unknown as {
    rows: { expected: number; in: number; valid_in: number }[];
  };
  const row = result.rows[0]!;
  const expected = Number(row.expected);
  return { expected, in: Number(row.in), not_yet: Math.max(expected - Number(row.valid_in), 0) };
}

export async function listDetail(tx: Tx, id: number, lang: Lang) {
  const list = await loadList(tx, id);
  const [product] = await tx
    .select({
      id: products.id,
      namePl: products.namePl,
      nameEn: products.nameEn,
      startDate: products.startDate,
    })
    .from(products)
    .where(eq(products.id, list.productId));
  return {
    list: listOut(list),
    experience: { id: product!.id, name: nameOf(lang, product!), start_date: product!.startDate },
    counts: await listCounts(tx, list),
  };
}

type TicketRow = {
  id: number;
  productId: number | null;
  status: (typeof tickets.$inferSelect)['status'];
  orderStatus: string;
};

const ticketFields = {
  id: tickets.id,
  productId: tickets.productId,
  status: tickets.status,
  orderStatus: orders.status,
};

/** Attendees as the gate shows them, with their party and their check-in on the list. */
async function attendees(tx: Tx, listId: number, ticketIds: number[]): Promise<TGateAttendee[]> {
  if (ticketIds.length === 0) return [];
  const rows = await tx
    .select({
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
      byName: sql<
        string | null
      >`(select nullif(trim(s.name || ' ' || s.surname), '') from users s where s.id = ${outer(checkIns.byUserId)})`,
      party: sql<string[]>`(select coalesce(array_agg(trim(o.name || ' ' || o.surname) order by o.seat), '{}')
        from tickets o where o.order_item_id = ${outer(tickets.orderItemId)} and o.id <> ${outer(tickets.id)})`,
    })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(checkIns, and(eq(checkIns.ticketId, tickets.id), eq(checkIns.listId, listId)))
    .where(inArray(tickets.id, ticketIds))
    .orderBy(sql`lower(${tickets.surname})`, sql`lower(${tickets.name})`, asc(tickets.id));
  return rows.map((r) => ({
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
  }));
}

async function outcome(
  tx: Tx,
  list: ListRow,
  result: ScanResult,
  ticketId: number | null,
  otherExperience: string | null = null,
): Promise<TScanOutcome> {
  const [attendee] = ticketId === null ? [] : await attendees(tx, list.id, [ticketId]);
  return {
    result,
    attendee: attendee ?? null,
    other_experience: otherExperience,
    counts: await listCounts(tx, list),
  };
}

/** Lets a ticket in on the list unless it is in now: true when this call let it in. */
async function admit(tx: Tx, list: ListRow, ticketId: number, staff: StaffRef, gate: string | null) {
  const rows = await tx
    .insert(checkIns)
    .values({ ticketId, listId: list.id, byUserId: staff.id, gate })
    .onConflictDoUpdate({
      target: [checkIns.ticketId, checkIns.listId],
      set: { at: sql`now()`, byUserId: staff.id, gate, checkedOutAt: null, isOverride: false },
      setWhere: sql`${checkIns.checkedOutAt} is not null`,
    })
    .returning({ id: checkIns.id });
  return rows.length > 0;
}

/** What a valid-looking ticket gives at this list, letting it in when it may go in. */
async function decide(
  tx: Tx,
  list: ListRow,
  ticket: TicketRow,
  staff: StaffRef,
  gate: string | null,
  lang: Lang,
): Promise<TScanOutcome> {
  if (ticket.productId !== list.productId) {
    const [other] = ticket.productId
      ? await tx
          .select({ namePl: products.namePl, nameEn: products.nameEn })
          .from(products)
          .where(eq(products.id, ticket.productId))
      : [];
    return outcome(tx, list, 'OTHER_EXPERIENCE', ticket.id, other ? nameOf(lang, other) : null);
  }
  if (ticket.status === TICKET_STATUS.VOID) return outcome(tx, list, 'VOID', ticket.id);
  if (ticket.orderStatus !== 'PAID') return outcome(tx, list, 'NOT_PAID', ticket.id);
  const letIn = await admit(tx, list, ticket.id, staff, gate);
  return outcome(tx, list, letIn ? 'IN' : 'ALREADY_IN', ticket.id);
}

async function ticketById(tx: Tx, id: number): Promise<TicketRow | undefined> {
  const [row] = await tx
    .select(ticketFields)
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(eq(tickets.id, id));
  return row;
}

/**
 * A club card's number scanned at the gate: the member's own ticket for this experience (the first
 * one not in yet, else the first), "not paid" when the member's booking of it waits for payment,
 * "cancelled" when all they had is void; unknown otherwise.
 */
async function ticketOfCard(tx: Tx, list: ListRow, code: string): Promise<TicketRow | 'NOT_PAID' | null> {
  const [member] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`upper(${users.cardNumber}) = ${code.toUpperCase()}`);
  if (!member) return null;
  const own = await tx
    .select({
      ...ticketFields,
      inNow: sql<boolean>`${checkIns.id} is not null and ${checkIns.checkedOutAt} is null`,
    })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .leftJoin(checkIns, and(eq(checkIns.ticketId, tickets.id), eq(checkIns.listId, list.id)))
    .where(and(eq(orders.userId, member.id), eq(tickets.productId, list.productId), eq(tickets.seat, 0)))
    .orderBy(sql`${tickets.status} = 'VALID' desc`, asc(tickets.id));
  const pick = own.find((t) => t.status === TICKET_STATUS.VALID && !t.inNow) ?? own[0];
  if (pick && pick.status === TICKET_STATUS.VALID) return pick;
  const [waiting] = await tx
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(orders.userId, member.id),
        eq(orders.status, 'WAITING_PAYMENT'),
        eq(orderItems.productId, list.productId),
      ),
    )
    .limit(1);
  if (waiting) return 'NOT_PAID';
  return pick ?? null;
}

export async function scan(
  tx: Tx,
  listId: number,
  body: { code: string; gate: string | null },
  staff: StaffRef,
  lang: Lang,
): Promise<TScanOutcome> {
  const list = await loadList(tx, listId);
  const code = body.code.trim();
  const [ticket] = await tx
    .select(ticketFields)
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(eq(tickets.code, code));
  if (ticket) return decide(tx, list, ticket, staff, body.gate, lang);
  const byCard = await ticketOfCard(tx, list, code);
  if (byCard === 'NOT_PAID') return outcome(tx, list, 'NOT_PAID', null);
  if (byCard) return decide(tx, list, byCard, staff, body.gate, lang);
  return outcome(tx, list, 'UNKNOWN', null);
}

/** A ticket found by the search, let in by its id: the same answers as a scan. */
export async function checkInTicket(
  tx: Tx,
  listId: number,
  body: { ticket_id: number; gate: string | null },
  staff: StaffRef,
  lang: Lang,
): Promise<TScanOutcome> {
  const list = await loadList(tx, listId);
  const ticket = await ticketById(tx, body.ticket_id);
  if (!ticket) throw notFound();
  return decide(tx, list, ticket, staff, body.gate, lang);
}

/**
 * A staff member lets in a ticket the gate refused (already in, void, another experience, not
 * paid), having confirmed it with a reason: the check-in is marked as an override and the audit log
 * keeps who, when, the ticket's state before and the reason, in the same transaction.
 */
export async function overrideCheckIn(
  tx: Tx,
  request: FastifyRequest,
  listId: number,
  body: { ticket_id: number; gate: string | null; reason: string },
  staff: StaffRef,
): Promise<TScanOutcome> {
  const list = await loadList(tx, listId);
  const ticket = await ticketById(tx, body.ticket_id);
  if (!ticket) throw notFound();
  const [before] = await attendees(tx, list.id, [ticket.id]);
  await tx
    .insert(checkIns)
    .values({ ticketId: ticket.id, listId: list.id, byUserId: staff.id, gate: body.gate, isOverride: true })
    .onConflictDoUpdate({
      target: [checkIns.ticketId, checkIns.listId],
      set: { at: sql`now()`, byUserId: staff.id, gate: body.gate, checkedOutAt: null, isOverride: true },
    });
  await recordAudit(tx, request, {
    action: 'check-in-override',
    entityType: 'ticket',
    entityId: ticket.id,
    before: {
      status: ticket.status,
      order_status: ticket.orderStatus,
      same_experience: ticket.productId === list.productId,
      check_in: before?.check_in ?? null,
    },
    // The attendee's name: the console's audit list shows it beside "Ticket #id".
    after: {
      name: before ? `${before.name} ${before.surname}`.trim() : null,
      list_id: list.id,
      gate: body.gate,
      reason: body.reason,
    },
  });
  return outcome(tx, list, 'IN', ticket.id);
}

export async function checkOut(tx: Tx, listId: number, body: { ticket_id: number }): Promise<TScanOutcome> {
  const list = await loadList(tx, listId);
  if (!(await ticketById(tx, body.ticket_id))) throw notFound();
  const rows = await tx
    .update(checkIns)
    .set({ checkedOutAt: sql`now()` })
    .where(
      and(eq(checkIns.ticketId, body.ticket_id), eq(checkIns.listId, list.id), isNull(checkIns.checkedOutAt)),
    )
    .returning({ id: checkIns.id });
  if (rows.length === 0) throw new AppError(409, 'NOT_CHECKED_IN', 'eventDay.notCheckedIn');
  return outcome(tx, list, 'OUT', body.ticket_id);
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
