import { CONSENT_ACTORS, CONSENT_SOURCES } from '@club/shared/consents';
import { boolean, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, instant } from './columns';

/**
 * The consent history (issue 31, docs/privacy.md): one row per change of one consent flag of
 * `customers`, written by a trigger on that table in the changing transaction (migration 0022), with
 * who and where from the transaction's `club.consent_*` settings (lib/consent-history.ts). Append-only:
 * a trigger refuses every UPDATE, and every DELETE but the cascade of the member's own removal.
 */
export const consentEvents = pgTable(
  'consent_events',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    consent: text('consent').notNull(),
    given: boolean('given').notNull(),
    actor: text('actor', { enum: CONSENT_ACTORS }).notNull(),
    /** The dealer's or staff member's account (no reference: their removal must not rewrite the row). */
    actorUserId: integer('actor_user_id'),
    source: text('source', { enum: CONSENT_SOURCES }).notNull(),
    wordingVersion: text('wording_version'),
    backfill: boolean('backfill').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('consent_events_user_idx').on(t.userId, t.id)],
);

/**
 * The proof of consent kept after a member's account is removed (issue 31, docs/privacy.md
 * "Erasure"): the consent history copied out of `consent_events` by the removal, without the member's
 * id or any readable identity. `subject` is an HMAC of the member's e-mail in lower case under a key
 * derived from the PII key (`subject_key_id`), so the club can answer a claim that names the address
 * (RODO art. 7(1), 17(3)(e)) while the row says nothing to whoever reads the table. Deleted by the
 * retention job CONSENT_PROOF_YEARS after the removal.
 */
export const consentProofs = pgTable(
  'consent_proofs',
  {
    id: serial('id').primaryKey(),
    subject: text('subject').notNull(),
    subjectKeyId: text('subject_key_id').notNull(),
    consent: text('consent').notNull(),
    given: boolean('given').notNull(),
    actor: text('actor', { enum: CONSENT_ACTORS }).notNull(),
    source: text('source', { enum: CONSENT_SOURCES }).notNull(),
    wordingVersion: text('wording_version'),
    backfill: boolean('backfill').notNull().default(false),
    /** When the consent was given or withdrawn. */
    at: instant('at').notNull(),
    /** When the account was removed: the retention period runs from here. */
    removedAt: instant('removed_at').notNull(),
  },
  (t) => [
    index('consent_proofs_subject_idx').on(t.subject),
    index('consent_proofs_removed_idx').on(t.removedAt),
  ],
);

/**
 * Each run of the retention job (docs/privacy.md "Retention"): when, and how many rows each rule
 * erased or anonymised; staff see the last one in the console.
 */
export const retentionRuns = pgTable(
  'retention_runs',
  {
    id: serial('id').primaryKey(),
    startedAt: instant('started_at').notNull(),
    finishedAt: instant('finished_at').notNull(),
    /** Rows touched per rule (`outbox_bodies`, `audit_addresses`, ...). */
    counts: jsonb('counts').$type<Record<string, number>>().notNull(),
  },
  (t) => [index('retention_runs_finished_idx').on(t.finishedAt)],
);
