import { and, asc, eq, gt, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { bonusSignups } from '../db/schema';
import { openPii, type PiiKeyring, PiiKeyError, sealPii } from './pii-crypto';

/**
 * The dealers' PESEL numbers (bonus_signups.pesel) sealed at rest (issue 31, docs/privacy.md). A
 * value is bound to its dealer: the associated data names the column and the dealer.
 */
const contextOf = (dealerId: number) => `bonus_signups.pesel:${dealerId}`;

export function sealPesel(ring: PiiKeyring, dealerId: number, pesel: string | null) {
  if (pesel === null) return { pesel: null, peselKeyId: null };
  const sealed = sealPii(ring, pesel, contextOf(dealerId));
  return { pesel: sealed.value, peselKeyId: sealed.keyId };
}

export function openPesel(
  ring: PiiKeyring,
  row: { dealerId: number; pesel: string | null; peselKeyId: string | null },
): string | null {
  if (row.pesel === null) return null;
  if (row.peselKeyId === null) throw new PiiKeyError('a PESEL is still stored in plain text');
  return openPii(ring, row.pesel, row.peselKeyId, contextOf(row.dealerId));
}

const BATCH = 200;

/**
 * Re-seals, batch by batch, every PESEL that `pick` selects with the current key; each batch is one
 * transaction holding its rows (FOR UPDATE SKIP LOCKED: two processes at start share the work).
 */
async function resealWhere(
  db: Tx,
  ring: PiiKeyring,
  pick: ReturnType<typeof and>,
  read: (row: typeof bonusSignups.$inferSelect) => string,
): Promise<number> {
  let done = 0;
  let after = 0;
  for (;;) {
    const count = await db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(bonusSignups)
        .where(and(pick, gt(bonusSignups.id, after)))
        .orderBy(asc(bonusSignups.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const row of rows) {
        const sealed = sealPesel(ring, row.dealerId, read(row));
        await tx.update(bonusSignups).set(sealed).where(eq(bonusSignups.id, row.id));
        after = row.id;
      }
      return rows.length;
    });
    done += count;
    if (count < BATCH) return done;
  }
}

/** At start: the PESEL numbers stored before migration 0022 (plain text) are sealed with the current key. */
export function sealPlaintextPesels(db: Tx, ring: PiiKeyring): Promise<number> {
  return resealWhere(
    db,
    ring,
    and(isNotNull(bonusSignups.pesel), isNull(bonusSignups.peselKeyId)),
    (row) => row.pesel!,
  );
}

/** `npm run pii:rotate`: every PESEL not sealed with the current key is opened with its old key and sealed anew. */
export function rotatePesels(db: Tx, ring: PiiKeyring): Promise<number> {
  return resealWhere(
    db,
    ring,
    and(
      isNotNull(bonusSignups.pesel),
      or(isNull(bonusSignups.peselKeyId), ne(bonusSignups.peselKeyId, ring.current.id)),
    ),
    (row) => (row.peselKeyId === null ? row.pesel! : openPesel(ring, row)!),
  );
}

/**
 * At start: every key a stored PESEL names must be configured and must open it (one value per key
 * is tried). Refuses to start otherwise, naming the key, so a wrong or missing key is found at once
 * and not at the first reveal.
 */
export async function checkPeselKeys(db: Tx, ring: PiiKeyring): Promise<void> {
  const samples = (await db.execute(
    sql`select distinct on (pesel_key_id) id, dealer_id, pesel, pesel_key_id from bonus_signups
        where pesel is not null and pesel_key_id is not null order by pesel_key_id, id`,
  )) as unknown as { rows: { id: number; dealer_id: number; pesel: string; pesel_key_id: string }[] };
  for (const row of samples.rows) {
    try {
      openPesel(ring, { dealerId: row.dealer_id, pesel: row.pesel, peselKeyId: row.pesel_key_id });
    } catch (error) {
      const hint = ring.keys.has(row.pesel_key_id)
        ? 'check that PII_KEY / PII_OLD_KEYS hold the right key material for this id'
        : 'add that key to PII_OLD_KEYS (or run npm run pii:rotate with it) before starting';
      throw new PiiKeyError(
        `Stored PESEL numbers cannot be read: ${(error as Error).message}. ${hint} (docs/privacy.md).`,
      );
    }
  }
}
