import type { TCheckInCounts, TScanOutcome } from '@club/shared/contract/event-day';
import { type ScanResult, TICKET_STATUS } from '@club/shared/schemas/event-day';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { checkInLists, checkIns, orderItems, orders, products, tickets, users } from '../../db/schema';
import { AppError, conflict, notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { attendeeOut, attendeeQuery, attendees, staffName } from './attendees';
import { type Lang, type ListRow, listColumns, listCounts, loadList, sharedListCounts } from './lists';
import { nameIn } from '../../lib/localized';
import { hasCardNumber } from '../../lib/club-card';

/**
 * The gate (issue 29, docs/event-day.md): scans, check-in from the search, the override and the
 * check-out. A ticket is let in by one statement (INSERT … ON CONFLICT DO UPDATE … WHERE checked
 * out), so two gates scanning it at the same instant get exactly one "in".
 */

type StaffRef = { id: number };

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

/** How an answer reads its list's counts (`sharedListCounts` after an autocommitted write). */
type Counting = () => Promise<TCheckInCounts>;

/** The gate's answer: the result, the attendee with their party, and the list's counts. */
async function outcome(
  tx: Tx,
  list: ListRow,
  result: ScanResult,
  ticketId: number | null,
  counting: Counting,
  otherExperience: string | null = null,
): Promise<TScanOutcome> {
  const [people, counts] = await Promise.all([
    ticketId === null ? [] : attendees(tx, list.id, [ticketId]),
    counting(),
  ]);
  return { result, attendee: people[0] ?? null, other_experience: otherExperience, counts };
}

/**
 * Lets a ticket in on the list unless it is in now, and reads its attendee in the same statement (a
 * round trip fewer at every scan): the insert is a CTE, whose RETURNING says whether this call let
 * the ticket in and when (the statement's snapshot does not show its own insert).
 */
async function admit(db: Db, list: ListRow, ticketId: number, staff: StaffRef, gate: string | null) {
  const admitted = db.$with('admitted').as(
    db
      .insert(checkIns)
      .values({ ticketId, listId: list.id, byUserId: staff.id, gate })
      .onConflictDoUpdate({
        target: [checkIns.ticketId, checkIns.listId],
        set: { at: sql`now()`, byUserId: staff.id, gate, checkedOutAt: null, isOverride: false },
        setWhere: sql`${checkIns.checkedOutAt} is not null`,
      })
      .returning({ at: checkIns.at }),
  );
  const [row] = await attendeeQuery(db.with(admitted), list.id, {
    admittedAt: sql<Date | string | null>`(select ${admitted.at} from ${admitted})`,
    letInBy: staffName(staff.id),
  }).where(eq(tickets.id, ticketId));
  if (!row) throw notFound();
  const { admittedAt, letInBy, ...attendee } = row;
  if (admittedAt !== null) {
    const own = { at: admittedAt, gate, checkedOutAt: null, isOverride: false, byName: letInBy };
    return { letIn: true, attendee: attendeeOut({ ...attendee, ...own }) };
  }
  // In already: as the statement saw it, unless another gate let it in meanwhile (then read anew).
  if (attendee.at !== null && attendee.checkedOutAt === null)
    return { letIn: false, attendee: attendeeOut(attendee) };
  const [now] = await attendees(db, list.id, [ticketId]);
  return { letIn: false, attendee: now ?? null };
}

/** What a valid-looking ticket gives at this list, letting it in when it may go in. */
async function decide(
  db: Db,
  list: ListRow,
  ticket: TicketRow,
  staff: StaffRef,
  gate: string | null,
  lang: Lang,
): Promise<TScanOutcome> {
  const counting = () => sharedListCounts(db, list);
  if (ticket.productId !== list.productId) {
    const [other] = ticket.productId
      ? await db
          .select({ namePl: products.namePl, nameEn: products.nameEn })
          .from(products)
          .where(eq(products.id, ticket.productId))
      : [];
    return outcome(db, list, 'OTHER_EXPERIENCE', ticket.id, counting, other ? nameIn(lang, other) : null);
  }
  if (ticket.status === TICKET_STATUS.VOID) return outcome(db, list, 'VOID', ticket.id, counting);
  if (ticket.orderStatus !== 'PAID') return outcome(db, list, 'NOT_PAID', ticket.id, counting);
  const { letIn, attendee } = await admit(db, list, ticket.id, staff, gate);
  return { result: letIn ? 'IN' : 'ALREADY_IN', attendee, other_experience: null, counts: await counting() };
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
  const [member] = await tx.select({ id: users.id }).from(users).where(hasCardNumber(code));
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
  db: Db,
  listId: number,
  body: { code: string; gate: string | null },
  staff: StaffRef,
  lang: Lang,
): Promise<TScanOutcome> {
  // The ticket shows its code in groups of four for the eye; a typed code may keep the spaces.
  const code = body.code.replace(/\s+/g, '');
  // The list and the ticket in one statement: a round trip fewer for every scan at the door.
  const [found] = await db
    .select({ list: listColumns, ticket: ticketFields })
    .from(checkInLists)
    .leftJoin(tickets, eq(tickets.code, code))
    .leftJoin(orders, eq(orders.id, tickets.orderId))
    .where(eq(checkInLists.id, listId));
  if (!found) throw notFound();
  const { list, ticket } = found;
  if (ticket?.id != null && ticket.orderStatus != null)
    return decide(db, list, ticket as TicketRow, staff, body.gate, lang);
  const byCard = await ticketOfCard(db, list, code);
  const counting = () => sharedListCounts(db, list);
  if (byCard === 'NOT_PAID') return outcome(db, list, 'NOT_PAID', null, counting);
  if (byCard) return decide(db, list, byCard, staff, body.gate, lang);
  return outcome(db, list, 'UNKNOWN', null, counting);
}

/** A ticket found by the search, let in by its id: the same answers as a scan. */
export async function checkInTicket(
  db: Db,
  listId: number,
  body: { ticket_id: number; gate: string | null },
  staff: StaffRef,
  lang: Lang,
): Promise<TScanOutcome> {
  const list = await loadList(db, listId);
  const ticket = await ticketById(db, body.ticket_id);
  if (!ticket) throw notFound();
  return decide(db, list, ticket, staff, body.gate, lang);
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
  return outcome(tx, list, 'IN', ticket.id, () => listCounts(tx, list));
}

export async function checkOut(db: Db, listId: number, body: { ticket_id: number }): Promise<TScanOutcome> {
  const list = await loadList(db, listId);
  if (!list.allowsCheckOut) throw conflict('CHECK_OUT_NOT_ALLOWED', 'eventDay.checkOutNotAllowed');
  if (!(await ticketById(db, body.ticket_id))) throw notFound();
  const rows = await db
    .update(checkIns)
    .set({ checkedOutAt: sql`now()` })
    .where(
      and(eq(checkIns.ticketId, body.ticket_id), eq(checkIns.listId, list.id), isNull(checkIns.checkedOutAt)),
    )
    .returning({ id: checkIns.id });
  if (rows.length === 0) throw new AppError(409, 'NOT_CHECKED_IN', 'eventDay.notCheckedIn');
  return outcome(db, list, 'OUT', body.ticket_id, () => sharedListCounts(db, list));
}
