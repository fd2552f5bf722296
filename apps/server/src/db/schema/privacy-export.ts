import { PRIVACY_EXPORT_FORMATS, PRIVACY_EXPORT_STATUSES } from '@club/shared/schemas/privacy-export';
import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, instant, ownedBy, serialId } from './columns';

/**
 * A member's copy of their own data (RODO art. 15 and 20; issue 31, docs/privacy.md "The member's
 * export"): asked for on the account's "My data" screen, built in the background by whichever process
 * claims the row first (FOR UPDATE SKIP LOCKED), kept for PRIVACY_EXPORT_HOURS, then emptied. Goes
 * with the account (cascade).
 */
export const privacyExports = pgTable(
  'privacy_exports',
  {
    id: serialId(),
    userId: ownedBy('user_id', () => users.id),
    /** The language of the readable document: the member's when they asked. */
    language: text('language').notNull(),
    /** QUEUED → BUILDING → READY → EXPIRED; FAILED after the last attempt. */
    status: text('status', { enum: PRIVACY_EXPORT_STATUSES }).notNull().default('QUEUED'),
    attempts: integer('attempts').notNull().default(0),
    /** When a process claimed it (a claim older than the build's limit is taken again). */
    startedAt: instant('started_at'),
    readyAt: instant('ready_at'),
    /** After this the files are emptied and no link is given. */
    expiresAt: instant('expires_at'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('privacy_exports_user_idx').on(t.userId, t.id),
    index('privacy_exports_status_idx').on(t.status, t.id),
  ],
);

/**
 * The export's files (JSON and the readable document), sealed with the PII key (lib/pii-crypto.ts)
 * and emptied once downloaded or expired. A download link is a random token whose SHA-256 is kept
 * here with the session that asked for it and a short life: it works once, in that session only.
 */
export const privacyExportFiles = pgTable(
  'privacy_export_files',
  {
    exportId: ownedBy('export_id', () => privacyExports.id),
    format: text('format', { enum: PRIVACY_EXPORT_FORMATS }).notNull(),
    /** Sealed content; null once downloaded or expired. */
    content: text('content'),
    keyId: text('key_id'),
    bytes: integer('bytes').notNull(),
    downloadedAt: instant('downloaded_at'),
    linkHash: text('link_hash').unique(),
    /** The session (its id, the cookie's hash) the link was given to. */
    linkSessionId: text('link_session_id'),
    linkExpiresAt: instant('link_expires_at'),
  },
  (t) => [primaryKey({ columns: [t.exportId, t.format] })],
);
