import type { FastifyRequest } from 'fastify';
import type { Tx } from '../db/client';
import { auditLog } from '../db/schema';

/**
 * The audit log (docs/console.md): every change a staff member makes, written in the SAME transaction
 * as the change (pass the transaction), so that a change without its row, or a row without its
 * change, cannot happen.
 *
 *   await app.db.transaction(async (tx) => {
 *     const [before] = await tx.select().from(products).where(eq(products.id, id)).for('update');
 *     const [after] = await tx.update(products).set(changes).where(eq(products.id, id)).returning();
 *     await recordAudit(tx, request, { action: 'update', entityType: 'product', entityId: id, before, after });
 *   });
 *
 * `before`/`after` are any JSON-able values (rows, partial rows); secrets (password and token hashes,
 * TOTP secrets) are dropped from them here, whatever the caller passes.
 */
export type AuditEntry = {
  /** A verb: 'create', 'update', 'delete', 'publish', 'unpublish', 'archive', 'invite', 'deactivate', … */
  action: string;
  /** What was changed: 'product', 'gallery', 'photo', 'page', 'faq', 'partner', 'staff', … */
  entityType: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
};

/** Who acted, when there is no request (the staff:create command). */
export type AuditActor = { userId: number | null; email: string; address?: string | null };

const SECRET_KEYS = new Set([
  'passwordHash',
  'password_hash',
  'password',
  'totpSecret',
  'totp_secret',
  'tokenHash',
  'token_hash',
  'codeHash',
  'code_hash',
  'csrfToken',
  'csrf_token',
  'calendarToken',
  'calendar_token',
  // Identity numbers (issue 31): never in the log, sealed or not.
  'pesel',
]);

/** A copy fit for the log: secrets removed at any depth, dates as ISO strings, undefined as null. */
export function auditValue(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(auditValue);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (SECRET_KEYS.has(k)) continue;
      out[k] = v === undefined ? null : auditValue(v);
    }
    return out;
  }
  return value;
}

function actorOf(who: FastifyRequest | AuditActor): AuditActor {
  if ('email' in who) return who;
  const user = who.auth?.user;
  return { userId: user?.id ?? null, email: user?.email ?? '', address: who.ip ?? null };
}

export async function recordAudit(
  tx: Tx,
  who: FastifyRequest | AuditActor,
  entry: AuditEntry,
): Promise<void> {
  const actor = actorOf(who);
  await tx.insert(auditLog).values({
    actorId: actor.userId,
    actorEmail: actor.email,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    before: auditValue(entry.before),
    after: auditValue(entry.after),
    address: actor.address ?? null,
  });
}

/**
 * A staff member's act on their own account before a session names them (accepting the invitation,
 * enrolling or using the second factor): the account is both who acted and what was changed.
 */
export function recordOwnAction(
  tx: Tx,
  request: FastifyRequest,
  user: { id: number; email: string },
  entry: Omit<AuditEntry, 'entityType' | 'entityId'>,
): Promise<void> {
  const actor = { userId: user.id, email: user.email, address: request.ip };
  return recordAudit(tx, actor, { entityType: 'staff', entityId: user.id, ...entry });
}
