/**
 * The event day's check-in lists as staff manage them (issue 29, docs/event-day.md): the door list
 * (every attendee of a list's experience, sorted by surname, with who is in), and the lists of an
 * experience made, renamed and removed in the console, each saying whether it offers check-out.
 * Apart from contract/event-day.ts so the gate's first screen never carries them.
 */
import { z } from 'zod';
import { idParam } from '../schemas/common';
import { ZCheckInListChange, ZNewCheckInList } from '../schemas/check-in-lists';
import { TICKET_STATUSES } from '../schemas/event-day';
import { ZCheckInCounts, ZCheckInList } from './event-day';
import { defineEndpoint, object, ok } from './define';

/** One line of the door list: never the code (a tick lets the ticket in by its id). */
export const ZDoorListAttendee = object({
  ticket_id: z.number().int(),
  name: z.string(),
  surname: z.string(),
  is_member: z.boolean(),
  order_id: z.number().int(),
  status: z.enum(TICKET_STATUSES),
  /** When the ticket was let in on this list (null: never); `checked_out_at` set when it left. */
  in_at: z.string().nullable(),
  checked_out_at: z.string().nullable(),
});
export type TDoorListAttendee = z.output<typeof ZDoorListAttendee>;

export const ZDoorList = object({
  list: ZCheckInList,
  experience: object({
    id: z.number().int(),
    name: z.string(),
    start_date: z.string(),
    start_time: z.string().nullable(),
    place: z.string().nullable(),
  }),
  counts: ZCheckInCounts,
  /** Valid tickets and any ticket in now on the list, by surname then name. */
  attendees: z.array(ZDoorListAttendee),
});
export type TDoorList = z.output<typeof ZDoorList>;

export const checkInListsContract = {
  doorList: defineEndpoint({
    method: 'GET',
    path: '/admin/check-in/lists/:id/door-list',
    summary:
      "The door list: every attendee of the list's experience by surname, with who is in on this list, and the counts",
    access: 'staff',
    params: idParam,
    responses: { 200: ok(ZDoorList) },
  }),
  createList: defineEndpoint({
    method: 'POST',
    path: '/admin/check-in/experiences/:id/lists',
    summary: 'Adds a check-in list to an experience (a name, whether it offers check-out); audited',
    access: 'staff',
    params: idParam,
    body: ZNewCheckInList,
    responses: { 200: ok(ZCheckInList) },
  }),
  updateList: defineEndpoint({
    method: 'PATCH',
    path: '/admin/check-in/lists/:id',
    summary: 'Renames a check-in list or changes whether it offers check-out; audited',
    access: 'staff',
    params: idParam,
    body: ZCheckInListChange,
    responses: { 200: ok(ZCheckInList) },
  }),
  removeList: defineEndpoint({
    method: 'DELETE',
    path: '/admin/check-in/lists/:id',
    summary:
      'Removes a check-in list nobody was let in on (the default list stays; a used one keeps the attendance); audited',
    access: 'staff',
    params: idParam,
    responses: { 200: ok(object({ id: z.number().int() })) },
  }),
};
