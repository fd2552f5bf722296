import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { sessions, users, userTokens } from '../../db/schema';
import { randomToken, sha256 } from '../../lib/tokens';

export async function findUserByEmail(db: Tx, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return user ?? null;
}

export async function findUserById(db: Tx, id: number) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
}

export async function setPasswordHash(db: Tx, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function deleteSession(db: Tx, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function deleteUserSessions(db: Tx, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function extendSession(db: Tx, sessionId: string, ttlMs: number) {
  const now = new Date();
  await db
    .update(sessions)
    .set({ refreshedAt: now, expiresAt: new Date(now.getTime() + ttlMs) })
    .where(eq(sessions.id, sessionId));
}

export async function markPasswordVerified(db: Tx, sessionId: string) {
  await db.update(sessions).set({ passwordVerifiedAt: new Date() }).where(eq(sessions.id, sessionId));
}

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
