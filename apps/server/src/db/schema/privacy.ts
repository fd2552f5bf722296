import { CONSENT_ACTORS, CONSENT_SOURCES } from '@club/shared/consents';
import { boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt } from './columns';

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
