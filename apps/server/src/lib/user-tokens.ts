import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { userTokens } from '../db/schema';
import { randomToken, sha256 } from './tokens';

/**
 * Single-use links mailed to a user (password reset, the dealer's agreements and activation links):
 * random, stored hashed, expiring. Shared by auth, dealers and the demo seed.
 */
type TokenPurpose = (typeof userTokens.$inferInsert)['purpose'];

/** Issues a single-use token; earlier unused ones of the same purpose stop working. */
export async function issueUserToken(
  db: Tx,
  userId: number,
  purpose: TokenPurpose,
  ttlMs: number,
  opts: { shareable?: boolean } = {},
): Promise<string> {
  const token = randomToken(32);
  await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
  await db.insert(userTokens).values({
    userId,
    purpose,
    tokenHash: sha256(token),
    shareable: opts.shareable ? token : null,
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return token;
}

/** Finds a live token (unused, unexpired) and locks it for the caller's transaction. */
export async function findLiveToken(db: Tx, token: string, purpose: TokenPurpose) {
  const [row] = await db
    .select()
    .from(userTokens)
    .where(
      and(
        eq(userTokens.tokenHash, sha256(token)),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, new Date()),
      ),
    )
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function useToken(db: Tx, id: number) {
  await db.update(userTokens).set({ usedAt: new Date(), shareable: null }).where(eq(userTokens.id, id));
}
