import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { instant, ownedBy, serialId } from './columns';
import { checkInLists, tickets } from './event-day';

/** Who won a ticket that two admissions claimed: when, by whom, at which gate (and its device). */
export type ScanWinner = {
  at: string;
  /** The staff member's name when it was written. */
  by: string | null;
  gate: string | null;
  device: string | null;
};

/**
 * The offline gate (issue 29, docs/event-day.md): every admission a device decided offline and sent
 * with its queue, kept once per device and scan id (a repeated sync answers what the first one did).
 * `outcome` is IN for the admission that holds the ticket's check-in, CONFLICT for one that came later
 * by scan time than another (`winner` says which), or the refusal the server gives now (VOID,
 * NOT_PAID, OTHER_EXPERIENCE, UNKNOWN) when the device's copy was out of date. An online check-in that
 * an earlier offline scan beat is kept here too, without device or scan id. Staff review the
 * conflicts on the gate screen (`reviewed_at`).
 */
export const offlineScans = pgTable(
  'offline_scans',
  {
    id: serialId(),
    listId: ownedBy('list_id', () => checkInLists.id),
    /** The gate device's own random id; null for an online check-in that lost to an offline scan. */
    device: text('device'),
    scanId: text('scan_id'),
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'cascade' }),
    scannedAt: instant('scanned_at').notNull(),
    byUserId: integer('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    gate: text('gate'),
    /** IN (an admission), OVERRIDE (a refused ticket let in, with `reason`) or OUT (a check-out). */
    kind: text('kind').notNull().default('IN'),
    /** An override's reason, as the staff member typed it at the gate (the audit row keeps it too). */
    reason: text('reason'),
    outcome: text('outcome').notNull(),
    winner: jsonb('winner').$type<ScanWinner>(),
    receivedAt: instant('received_at').notNull().defaultNow(),
    reviewedAt: instant('reviewed_at'),
    reviewedByUserId: integer('reviewed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('offline_scans_device_scan_idx').on(t.device, t.scanId),
    index('offline_scans_list_open_idx')
      .on(t.listId)
      .where(sql`outcome NOT IN ('IN', 'OUT') and reviewed_at is null`),
    index('offline_scans_ticket_idx').on(t.ticketId, t.listId),
  ],
);
