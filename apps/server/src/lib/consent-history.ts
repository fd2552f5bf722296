import { CONSENT_WORDING_VERSIONS, type ConsentActor, type ConsentSource } from '@club/shared/consents';
import type { TConsentEvent } from '@club/shared/schemas/privacy';
import { desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { consentEvents } from '../db/schema';

/**
 * Who changes a member's consents, and where (issue 31, docs/privacy.md). The history itself is
 * written by a trigger on `customers` (migration 0022) in the same transaction as the change; this
 * names the actor, the screen and the wording versions shown (packages/shared/src/consents.ts) for
 * the rest of the transaction. Call it inside the transaction, before the write of the flags.
 */
export type ConsentContext = { actor: ConsentActor; actorUserId?: number | null; source: ConsentSource };

export async function setConsentContext(tx: Tx, who: ConsentContext): Promise<void> {
  await tx.execute(sql`select
    set_config('club.consent_actor', ${who.actor}, true),
    set_config('club.consent_actor_user_id', ${who.actorUserId == null ? '' : String(who.actorUserId)}, true),
    set_config('club.consent_source', ${who.source}, true),
    set_config('club.consent_versions', ${JSON.stringify(CONSENT_WORDING_VERSIONS)}, true)`);
}

/** A member's consent history, newest first. */
export async function consentHistoryOf(db: Tx, userId: number): Promise<TConsentEvent[]> {
  const rows = await db
    .select()
    .from(consentEvents)
    .where(eq(consentEvents.userId, userId))
    .orderBy(desc(consentEvents.createdAt), desc(consentEvents.id));
  return rows.map((r) => ({
    id: r.id,
    consent: r.consent as TConsentEvent['consent'],
    given: r.given,
    actor: r.actor,
    source: r.source,
    wording_version: r.wordingVersion,
    backfill: r.backfill,
    at: r.createdAt.toISOString(),
  }));
}
