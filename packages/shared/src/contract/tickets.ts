/** The member's tickets (issue 29, docs/event-day.md): each attendee's code for the QR at the door. */
import { z } from 'zod';
import { PRODUCT_TYPES } from '../constants';
import { idParam } from '../schemas/common';
import { TICKET_STATUSES, ZMyTicketsQuery } from '../schemas/event-day';
import { defineEndpoint, object, ok } from './define';

const nullableString = z.string().nullable();

/** A ticket as its holder sees it: the code is what the QR code carries. */
export const ZMyTicket = object({
  id: z.number().int(),
  code: z.string(),
  order_id: z.number().int(),
  status: z.enum(TICKET_STATUSES),
  name: z.string(),
  surname: z.string(),
  /** The member who booked (seat 0) or an accompanying person. */
  is_member: z.boolean(),
  experience: z.string(),
  product_type: z.enum(PRODUCT_TYPES).nullable(),
  start_date: nullableString,
  start_time: nullableString,
  place: nullableString,
});
export type TMyTicket = z.output<typeof ZMyTicket>;

export const ticketsContract = {
  myTickets: defineEndpoint({
    method: 'GET',
    path: '/tickets',
    summary:
      "The signed-in member's tickets: of one order (voided ones too), or all valid ones (latest experiences first, at most 100); each with its code for the QR",
    access: 'customer',
    query: ZMyTicketsQuery,
    responses: { 200: ok(z.array(ZMyTicket)) },
  }),
  upcomingPdf: defineEndpoint({
    method: 'GET',
    path: '/tickets/pdf',
    summary:
      "The signed-in member's valid tickets of the experiences from today on, as a PDF to print (one page per attendee: QR code, name, when, where, the code in letters); 404 when there is none",
    access: 'customer',
    produces: 'application/pdf',
    responses: { 200: z.string() },
  }),
  orderPdf: defineEndpoint({
    method: 'GET',
    path: '/tickets/orders/:id/pdf',
    summary:
      "The valid tickets of one of the signed-in member's orders as a PDF to print; 404 for another's order or when none is valid",
    access: 'customer',
    params: idParam,
    produces: 'application/pdf',
    responses: { 200: z.string() },
  }),
};
