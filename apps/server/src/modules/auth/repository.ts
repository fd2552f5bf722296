import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { sessions, users } from '../../db/schema';

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
