import type { TGateAttendee, TScanOutcome } from '@club/shared/contract/event-day';
import type { TOfflineList, TOfflineTicket } from '@club/shared/contract/gate-offline';

/**
 * The gate's answer from the device's copy of the list (issue 29, docs/event-day.md), the same as the
 * server's: a ticket of this experience is IN unless it is void (VOID), its order is not paid
 * (NOT_PAID) or it is in now (ALREADY_IN, with when, by whom and the gate); a ticket of another
 * experience of the week around is OTHER_EXPERIENCE; a club card finds its holder's own ticket (or
 * NOT_PAID for a booking waiting for payment); anything else is UNKNOWN. Pure: the caller hashes the
 * code (code-hash.ts) and records the admission.
 */

export type OfflineDecision = { outcome: TScanOutcome; ticket: TOfflineTicket | null };

const inNow = (t: TOfflineTicket) => t.in_at !== null;

/** The copy's counts, as the server counts them: expected valid tickets, in now, valid ones not yet in. */
export function countsOf(copy: TOfflineList): TScanOutcome['counts'] {
  let expected = 0;
  let inside = 0;
  let validIn = 0;
  for (const t of copy.tickets) {
    if (t.status === 'VALID') expected++;
    if (inNow(t)) {
      inside++;
      if (t.status === 'VALID') validIn++;
    }
  }
  return { expected, in: inside, not_yet: Math.max(expected - validIn, 0) };
}

/** The attendee as the result panel shows them, from the copy (the party is the rest of the line). */
export function attendeeOf(copy: TOfflineList, t: TOfflineTicket): TGateAttendee {
  return {
    ticket_id: t.id,
    name: t.name,
    surname: t.surname,
    is_member: t.seat === 0,
    order_id: t.order_id,
    card_number: t.card_number,
    status: t.status,
    party: copy.tickets
      .filter((o) => o.line === t.line && o.id !== t.id)
      .sort((a, b) => a.seat - b.seat)
      .map((o) => `${o.name} ${o.surname}`.trim())
      .filter(Boolean),
    check_in: t.in_at
      ? { at: t.in_at, by: t.in_by, gate: t.in_gate, checked_out_at: null, is_override: false }
      : null,
  };
}

function answer(
  copy: TOfflineList,
  result: TScanOutcome['result'],
  ticket: TOfflineTicket | null,
  other: string | null = null,
): OfflineDecision {
  return {
    outcome: {
      result,
      attendee: ticket ? attendeeOf(copy, ticket) : null,
      other_experience: other,
      counts: countsOf(copy),
    },
    ticket,
  };
}

/** What the copy says of a ticket found by the search and tapped: the same answers as a scan. */
export function ofTicket(copy: TOfflineList, ticket: TOfflineTicket): OfflineDecision {
  if (ticket.status === 'VOID') return answer(copy, 'VOID', ticket);
  if (!ticket.paid) return answer(copy, 'NOT_PAID', ticket);
  return answer(copy, inNow(ticket) ? 'ALREADY_IN' : 'IN', ticket);
}

/**
 * What the copy says of a scanned code (its hash given) or a club card's number. An IN is not yet
 * recorded: the caller marks the ticket in (`admitted`) and queues the scan.
 */
export function decideOffline(copy: TOfflineList, code: string, hash: string): OfflineDecision {
  const ticket = copy.tickets.find((t) => t.hash === hash);
  if (ticket) return ofTicket(copy, ticket);
  const other = copy.others.find((o) => o.hashes.includes(hash));
  if (other) return answer(copy, 'OTHER_EXPERIENCE', null, other.name);
  const card = code.toUpperCase();
  const own = copy.tickets
    .filter((t) => t.seat === 0 && t.card_number?.toUpperCase() === card)
    .sort((a, b) => Number(b.status === 'VALID') - Number(a.status === 'VALID') || a.id - b.id);
  const pick = own.find((t) => t.status === 'VALID' && !inNow(t)) ?? own[0];
  if (pick && pick.status === 'VALID') return ofTicket(copy, pick);
  if (copy.unpaid_cards.some((c) => c.toUpperCase() === card)) return answer(copy, 'NOT_PAID', null);
  if (pick) return ofTicket(copy, pick);
  return answer(copy, 'UNKNOWN', null);
}

/** The copy with a ticket let in here and now (what the gate shows until the next download). */
export function admitted(
  copy: TOfflineList,
  ticketId: number,
  stamp: { at: string; by: string | null; gate: string | null },
): TOfflineList {
  return {
    ...copy,
    tickets: copy.tickets.map((t) =>
      t.id === ticketId ? { ...t, in_at: stamp.at, in_by: stamp.by, in_gate: stamp.gate } : t,
    ),
  };
}

/** The copy with a ticket checked out here and now: no longer in (a scan lets them in again). */
export function checkedOut(copy: TOfflineList, ticketId: number): TOfflineList {
  return {
    ...copy,
    tickets: copy.tickets.map((t) =>
      t.id === ticketId ? { ...t, in_at: null, in_by: null, in_gate: null } : t,
    ),
  };
}

/**
 * The gate's search over the copy, as the server searches (event-day/attendees.ts): an order number
 * (#123 or 123), a club card's number (the whole booking), or the start of a surname; 20 at most,
 * by surname.
 */
export function searchOffline(copy: TOfflineList, q: string): TGateAttendee[] {
  const text = q.trim();
  if (text.length < 2) return [];
  const orderNumber = /^#?\s*(\d{1,9})$/.exec(text);
  const card = text.toUpperCase();
  const cardOrders = new Set(
    copy.tickets.filter((t) => t.card_number?.toUpperCase() === card).map((t) => t.order_id),
  );
  const prefix = text.toLowerCase();
  const found = copy.tickets.filter((t) =>
    orderNumber
      ? t.order_id === Number(orderNumber[1])
      : t.surname.toLowerCase().startsWith(prefix) || cardOrders.has(t.order_id),
  );
  const key = (t: TOfflineTicket) => `${t.surname.toLowerCase()}\u0000${t.name.toLowerCase()}`;
  return found
    .sort((a, b) => key(a).localeCompare(key(b)) || a.id - b.id)
    .slice(0, 20)
    .map((t) => attendeeOf(copy, t));
}
