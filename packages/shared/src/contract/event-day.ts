/**
 * The event day (issue 29, docs/event-day.md): the staff's gate (check-in lists, scans, search,
 * override, check-out). The member's tickets are in contract/tickets.ts, so members' screens never
 * carry the gate's shapes.
 */
import { z } from 'zod';
import { idParam } from '../schemas/common';
import {
  SCAN_RESULTS,
  TICKET_STATUSES,
  ZCheckInOverride,
  ZCheckInSearchQuery,
  ZScanTicket,
  ZTicketAtGate,
} from '../schemas/event-day';
import { defineEndpoint, object, ok } from './define';

const nullableString = z.string().nullable();

export const ZCheckInCounts = object({
  /** Valid tickets of the list's experience. */
  expected: z.number().int(),
  /** Of those, in now (checked in and not out). */
  in: z.number().int(),
  not_yet: z.number().int(),
});
export type TCheckInCounts = z.output<typeof ZCheckInCounts>;

export const ZCheckInList = object({
  id: z.number().int(),
  /** Null for the experience's default list (the console names it). */
  name: nullableString,
  is_default: z.boolean(),
  /** The gate offers check-out on this list (the experience needs it: people leave and come back). */
  allows_check_out: z.boolean(),
});

export const ZGateExperience = object({
  id: z.number().int(),
  name: z.string(),
  start_date: z.string(),
  start_time: nullableString,
  place: nullableString,
  lists: z.array(ZCheckInList),
});
export type TGateExperience = z.output<typeof ZGateExperience>;

export const ZCheckInListDetail = object({
  list: ZCheckInList,
  experience: object({ id: z.number().int(), name: z.string(), start_date: z.string() }),
  counts: ZCheckInCounts,
});
export type TCheckInListDetail = z.output<typeof ZCheckInListDetail>;

/** The last check-in of a ticket on the list: when, by whom, at which gate. */
export const ZCheckInStamp = object({
  at: z.string(),
  by: nullableString,
  gate: nullableString,
  checked_out_at: nullableString,
  is_override: z.boolean(),
});

/** An attendee as the gate sees them (never the code: a search result is let in by its id). */
export const ZGateAttendee = object({
  ticket_id: z.number().int(),
  name: z.string(),
  surname: z.string(),
  is_member: z.boolean(),
  order_id: z.number().int(),
  card_number: nullableString,
  status: z.enum(TICKET_STATUSES),
  /** The names of the others on the same booking line (the member's guests, or the member). */
  party: z.array(z.string()),
  check_in: ZCheckInStamp.nullable(),
});
export type TGateAttendee = z.output<typeof ZGateAttendee>;

/**
 * A scan's answer: `result` says what the gate shows; `attendee` is set for every result but
 * UNKNOWN; `other_experience` names the experience a ticket of another one is for.
 */
export const ZScanOutcome = object({
  result: z.enum(SCAN_RESULTS),
  attendee: ZGateAttendee.nullable(),
  other_experience: nullableString,
  counts: ZCheckInCounts,
});
export type TScanOutcome = z.output<typeof ZScanOutcome>;

const listParam = idParam;

export const eventDayContract = {
  experiences: defineEndpoint({
    method: 'GET',
    path: '/admin/check-in/experiences',
    summary:
      'The experiences a gate can serve (from yesterday on, soonest first) with their check-in lists; each gets its default list',
    access: 'staff',
    responses: { 200: ok(z.array(ZGateExperience)) },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/admin/check-in/lists/:id',
    summary: 'A check-in list: its experience and the counts (expected, in, not yet)',
    access: 'staff',
    params: listParam,
    responses: { 200: ok(ZCheckInListDetail) },
  }),
  scan: defineEndpoint({
    method: 'POST',
    path: '/admin/check-in/lists/:id/scan',
    summary:
      "Scans a ticket's code (or a club card's number) on a list: in, already in (when, by whom, at which gate), not paid, void, another experience or unknown; two gates at once give one in",
    access: 'staff',
    params: listParam,
    body: ZScanTicket,
    responses: { 200: ok(ZScanOutcome) },
  }),
  search: defineEndpoint({
    method: 'GET',
    path: '/admin/check-in/lists/:id/search',
    summary: "The list's attendees by surname (its start), order number or club card number; at most 20",
    access: 'staff',
    params: listParam,
    query: ZCheckInSearchQuery,
    responses: { 200: ok(z.array(ZGateAttendee)) },
  }),
  checkIn: defineEndpoint({
    method: 'POST',
    path: '/admin/check-in/lists/:id/check-in',
    summary: 'Lets a ticket found by the search in, with the same answers as a scan',
    access: 'staff',
    params: listParam,
    body: ZTicketAtGate,
    responses: { 200: ok(ZScanOutcome) },
  }),
  override: defineEndpoint({
    method: 'POST',
    path: '/admin/check-in/lists/:id/override',
    summary:
      'Lets a refused ticket in (already in, void, another experience) after the staff member confirmed, with the reason; audited',
    access: 'staff',
    params: listParam,
    body: ZCheckInOverride,
    responses: { 200: ok(ZScanOutcome) },
  }),
  checkOut: defineEndpoint({
    method: 'POST',
    path: '/admin/check-in/lists/:id/check-out',
    summary: 'Checks a ticket out of the list (it may be let in again); a ticket not in: 409',
    access: 'staff',
    params: listParam,
    body: ZTicketAtGate,
    responses: { 200: ok(ZScanOutcome) },
  }),
};
