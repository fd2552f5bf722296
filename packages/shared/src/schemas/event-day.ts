import { z } from 'zod';
import { queryNumber } from './list-query';

/**
 * The event day (issue 29, docs/event-day.md): tickets, check-in lists and the gate's requests.
 * Every message is a key of the shared validation catalogue.
 */

export const TICKET_STATUSES = ['VALID', 'VOID'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_STATUS = { VALID: 'VALID', VOID: 'VOID' } as const satisfies Record<
  TicketStatus,
  TicketStatus
>;

/** What a scan (or a tap on a search result) at a gate gives; OUT answers a check-out. */
export const SCAN_RESULTS = [
  'OUT',
  'IN',
  'ALREADY_IN',
  'NOT_PAID',
  'VOID',
  'OTHER_EXPERIENCE',
  'UNKNOWN',
] as const;
export type ScanResult = (typeof SCAN_RESULTS)[number];

const MAX_ID = 2_147_483_647;
const ticketId = z.number({ error: 'validation.wrongValue' }).int().positive().max(MAX_ID);
const gate = z
  .string({ error: 'validation.wrongValue' })
  .trim()
  .max(40, { error: 'validation.tooLong' })
  .optional()
  .nullable()
  .transform((v) => (v ? v : null));

/** A code typed, pasted or read from a QR code (a club card's number is accepted too). */
export const ZScanTicket = z.object({
  code: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(200, { error: 'validation.tooLong' }),
  gate,
});
export type TScanTicket = z.input<typeof ZScanTicket>;

/** A ticket let in from the search, or checked out. */
export const ZTicketAtGate = z.object({ ticket_id: ticketId, gate });
export type TTicketAtGate = z.input<typeof ZTicketAtGate>;

/** Why a staff member let a refused ticket in (online, or queued by a gate offline). */
export const ZOverrideReason = z
  .string({ error: 'validation.required' })
  .trim()
  .min(3)
  .max(300, { error: 'validation.tooLong' });

/** A staff member lets a refused ticket in: they confirm and say why (the audit log keeps it). */
export const ZCheckInOverride = z.object({ ticket_id: ticketId, gate, reason: ZOverrideReason });
export type TCheckInOverride = z.input<typeof ZCheckInOverride>;

/** The gate's search: a surname (or its start), an order number (#123) or a club card number. */
export const ZCheckInSearchQuery = z.object({
  q: z.string({ error: 'validation.required' }).trim().min(2).max(100, { error: 'validation.tooLong' }),
});

/** The member's tickets: of one order (all of them, voided too), or the coming ones. */
export const ZMyTicketsQuery = z.object({
  order_id: queryNumber(
    z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.coerce.number({ error: 'validation.wrongValue' }).int().positive().max(MAX_ID).optional(),
    ),
  ),
});
