/**
 * The offline gate (issue 29, docs/event-day.md): a gate device downloads its list's copy, decides
 * offline from it, queues its admissions and sends them when the network returns; two admissions of
 * one ticket are a conflict staff review. Apart from contract/event-day.ts so the gate's online
 * screen never carries these shapes.
 */
import { z } from 'zod';
import { TICKET_STATUSES, ZOverrideReason } from '../schemas/event-day';
import { OFFLINE_SYNC_MAX } from '../schemas/gate-offline';
import { defineEndpoint, object, ok } from './define';
import { ZCheckInCounts, ZCheckInList } from './event-day';

const MAX_ID = 2_147_483_647;
const id = z.coerce.number().int().positive().max(MAX_ID);
const nullableString = z.string().nullable();

/**
 * A device's or a scan's id: random on the device (a UUID or similar), 8 to 64 letters, digits,
 * hyphens or underscores.
 */
const randomId = z
  .string({ error: 'validation.required' })
  .min(8, { error: 'validation.wrongValue' })
  .max(64, { error: 'validation.tooLong' })
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'validation.wrongValue' });

const gate = z
  .string({ error: 'validation.wrongValue' })
  .trim()
  .max(40, { error: 'validation.tooLong' })
  .optional()
  .nullable()
  .transform((v) => (v ? v : null));

/**
 * What a gate did offline: let a ticket in (IN, the default), let a refused one in with the staff
 * member's reason (OVERRIDE), or check a person out (OUT, on a list that keeps check-outs).
 */
export const OFFLINE_SCAN_KINDS = ['IN', 'OVERRIDE', 'OUT'] as const;

/**
 * One action the device decided offline: which ticket, when (the device's clock), at which gate, what
 * it did, and an override's reason.
 */
export const ZOfflineScan = z
  .object({
    id: randomId,
    ticket_id: z.number({ error: 'validation.wrongValue' }).int().positive().max(MAX_ID),
    at: z.iso.datetime({ offset: true, error: 'validation.wrongValue' }),
    gate,
    kind: z.enum(OFFLINE_SCAN_KINDS, { error: 'validation.wrongValue' }).default('IN'),
    reason: ZOverrideReason.optional(),
  })
  .refine((scan) => scan.kind !== 'OVERRIDE' || scan.reason !== undefined, {
    path: ['reason'],
    error: 'validation.required',
  });
export type TOfflineScan = z.input<typeof ZOfflineScan>;

export const ZOfflineSync = z.object({
  device: randomId,
  scans: z
    .array(ZOfflineScan, { error: 'validation.wrongValue' })
    .max(OFFLINE_SYNC_MAX, { error: 'validation.tooLong' }),
});
export type TOfflineSync = z.input<typeof ZOfflineSync>;

/** A conflict reviewed: the device asking, so the answer marks its own conflicts. */
export const ZConflictReview = z.object({ device: randomId });

/**
 * A ticket in the device's copy. `hash` is not the code: it is the first 16 bytes of the code's
 * SHA-256 in base64url, so the device recognises a scanned code without holding codes anyone could
 * copy onto a ticket (docs/event-day.md, "Decisions"). `in_at`/`in_by`/`in_gate`: in now on this list.
 */
export const ZOfflineTicket = object({
  id: z.number().int(),
  hash: z.string(),
  name: z.string(),
  surname: z.string(),
  seat: z.number().int(),
  order_id: z.number().int(),
  line: z.number().int(),
  card_number: nullableString,
  status: z.enum(TICKET_STATUSES),
  paid: z.boolean(),
  in_at: nullableString,
  in_by: nullableString,
  in_gate: nullableString,
});
export type TOfflineTicket = z.output<typeof ZOfflineTicket>;

export const ZOfflineList = object({
  list: ZCheckInList,
  experience: object({ id: z.number().int(), name: z.string(), start_date: z.string() }),
  /** When the server wrote this copy: the gate shows its freshness. */
  generated_at: z.string(),
  tickets: z.array(ZOfflineTicket),
  /** Tickets of the other experiences of the week around, by experience: "another experience: …" offline. */
  others: z.array(object({ name: z.string(), hashes: z.array(z.string()) })),
  /** Club cards whose holder's booking of this experience waits for payment: "not paid" offline. */
  unpaid_cards: z.array(z.string()),
});
export type TOfflineList = z.output<typeof ZOfflineList>;

/**
 * What the server made of a queued action: IN, CONFLICT (another scan was first) or its refusal now;
 * for a check-out, OUT, or NOT_CHECKED_IN when the person was not in at its time (or the list no
 * longer keeps check-outs).
 */
export const OFFLINE_OUTCOMES = [
  'IN',
  'CONFLICT',
  'VOID',
  'NOT_PAID',
  'OTHER_EXPERIENCE',
  'UNKNOWN',
  'OUT',
  'NOT_CHECKED_IN',
] as const;
export type OfflineOutcome = (typeof OFFLINE_OUTCOMES)[number];

const ZScanStamp = object({ at: z.string(), by: nullableString, gate: nullableString });

/**
 * An admission that did not hold: a later one of a ticket another scan let in first (`winner`), or
 * one the server refuses now. `mine`: it was made on the asking device.
 */
export const ZGateConflict = object({
  id: z.number().int(),
  outcome: z.enum(OFFLINE_OUTCOMES),
  /** What the gate did: an admission or override (let in) or a check-out (NOT_CHECKED_IN). */
  kind: z.enum(OFFLINE_SCAN_KINDS),
  ticket_id: z.number().int().nullable(),
  name: z.string(),
  order_id: z.number().int().nullable(),
  scan: ZScanStamp,
  winner: ZScanStamp.nullable(),
  mine: z.boolean(),
});
export type TGateConflict = z.output<typeof ZGateConflict>;

export const ZOfflineSyncResult = object({
  results: z.array(object({ id: z.string(), outcome: z.enum(OFFLINE_OUTCOMES) })),
  conflicts: z.array(ZGateConflict),
  counts: ZCheckInCounts,
});
export type TOfflineSyncResult = z.output<typeof ZOfflineSyncResult>;

export const gateOfflineContract = {
  offlineList: defineEndpoint({
    method: 'GET',
    path: '/admin/check-in/lists/:id/offline',
    summary:
      "The list's copy for a gate that may lose the network: every ticket (its code's hash, never the code), name, order, club card, state and check-in; the other experiences' ticket hashes of the week around",
    access: 'staff',
    params: z.object({ id }),
    responses: { 200: ok(ZOfflineList) },
  }),
  sync: defineEndpoint({
    method: 'POST',
    path: '/admin/check-in/lists/:id/sync',
    summary:
      "A gate device's queued offline admissions: idempotent per device and scan id; the first scan by its time holds the ticket, a later one is a conflict staff review",
    access: 'staff',
    params: z.object({ id }),
    body: ZOfflineSync,
    responses: { 200: ok(ZOfflineSyncResult) },
  }),
  conflicts: defineEndpoint({
    method: 'GET',
    path: '/admin/check-in/lists/:id/conflicts',
    summary:
      "The list's open conflicts from the gates' syncs (who, which gates, when, who was first), for the console's check-in lists",
    access: 'staff',
    params: z.object({ id }),
    responses: { 200: ok(z.array(ZGateConflict)) },
  }),
  reviewConflict: defineEndpoint({
    method: 'POST',
    path: '/admin/check-in/lists/:id/conflicts/:conflict/review',
    summary:
      "A staff member has looked into a conflict: it leaves the gates' lists (the answer: the list's open conflicts); audited",
    access: 'staff',
    params: z.object({ id, conflict: id }),
    body: ZConflictReview,
    responses: { 200: ok(z.array(ZGateConflict)) },
  }),
};
