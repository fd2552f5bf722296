import { type LanguageCode, RATE_LIMITS } from '@club/shared';
import type {
  PrivacyExportFormat,
  TPrivacyExport,
  TPrivacyExportState,
} from '@club/shared/schemas/privacy-export';
import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../../db/client';
import { privacyExportFiles, privacyExports, users } from '../../../db/schema';
import { AppError, conflict, notFound } from '../../../lib/app-error';
import { keyringOf, openPii, PiiKeyError } from '../../../lib/pii-crypto';
import { randomToken, sha256 } from '../../../lib/tokens';

/**
 * The member's export (docs/privacy.md): the state the screen follows, a request, a single-use link
 * per file, and the download that empties the stored file as it hands it over. The build itself is
 * worker.ts.
 */

/** A download link is used at once by the screen that asked for it: it lives a few minutes. */
export const LINK_MINUTES = 5;

type ExportRow = typeof privacyExports.$inferSelect;
type FileRow = typeof privacyExportFiles.$inferSelect;

/** The sealed file's associated data: a sealed copy moved onto another export or format does not open. */
export const fileContext = (exportId: number, format: PrivacyExportFormat) =>
  `privacy_export_files.content:${exportId}:${format}`;

const isLive = (row: ExportRow, now: Date) =>
  row.status === 'READY' && !!row.expiresAt && row.expiresAt > now;

function toView(row: ExportRow, files: FileRow[], now: Date): TPrivacyExport {
  // Past its time but not yet swept: shown as what it is.
  const status = row.status === 'READY' && !isLive(row, now) ? 'EXPIRED' : row.status;
  return {
    id: row.id,
    status,
    requested_at: row.createdAt.toISOString(),
    ready_at: row.readyAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    files:
      status === 'READY'
        ? files.map((f) => ({
            format: f.format,
            bytes: f.bytes,
            downloaded_at: f.downloadedAt?.toISOString() ?? null,
          }))
        : [],
  };
}

async function filesOf(db: Tx, exportId: number) {
  return db
    .select()
    .from(privacyExportFiles)
    .where(eq(privacyExportFiles.exportId, exportId))
    .orderBy(asc(privacyExportFiles.format));
}

/** The member's latest export and how long a ready one is kept. */
export async function exportState(db: Tx, userId: number, keepHours: number): Promise<TPrivacyExportState> {
  const [row] = await db
    .select()
    .from(privacyExports)
    .where(eq(privacyExports.userId, userId))
    .orderBy(desc(privacyExports.id))
    .limit(1);
  const now = new Date();
  return { export: row ? toView(row, await filesOf(db, row.id), now) : null, keep_hours: keepHours };
}

/**
 * A new export for the member: refused while one is queued or being built (409), limited per member
 * (RATE_LIMITS.privacyExport). A new copy replaces the previous one: its files are emptied.
 */
export async function requestExport(
  app: Pick<FastifyInstance, 'db' | 'limiter'>,
  userId: number,
  lang: LanguageCode,
): Promise<TPrivacyExport> {
  // A request while one is built costs no attempt; the limiter's own store is outside the transaction.
  await refuseInProgress(app.db, userId);
  const hit = await app.limiter.hit(`privacy-export:${userId}`, RATE_LIMITS.privacyExport);
  if (!hit.allowed) {
    // A day's window: the wait in hours, not in minutes as the sign-in limits say it.
    const hours = Math.max(1, Math.ceil(hit.retryAfterSec / 3600));
    throw new AppError(
      429,
      'TOO_MANY_ATTEMPTS',
      'privacyExport.tooMany',
      { count: hours, max: RATE_LIMITS.privacyExport.max },
      undefined,
      {
        'retry-after': String(hit.retryAfterSec),
      },
    );
  }
  return app.db.transaction((tx) => queueExport(tx, userId, lang).then((row) => toView(row, [], new Date())));
}

/**
 * Queues a new copy in the caller's transaction (the member's request, or staff's on a written one):
 * one at a time per member (the member's row is the lock, then the check again); the previous copy's
 * files are emptied. No rate limit here: the member's is counted by requestExport.
 */
export async function queueExport(tx: Tx, userId: number, lang: LanguageCode): Promise<ExportRow> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  await refuseInProgress(tx, userId);
  const earlier = tx
    .select({ id: privacyExports.id })
    .from(privacyExports)
    .where(eq(privacyExports.userId, userId));
  await emptyFiles(tx, inArray(privacyExportFiles.exportId, earlier));
  await tx
    .update(privacyExports)
    .set({ status: 'EXPIRED' })
    .where(and(eq(privacyExports.userId, userId), eq(privacyExports.status, 'READY')));
  const [row] = await tx.insert(privacyExports).values({ userId, language: lang }).returning();
  return row!;
}

async function refuseInProgress(tx: Tx, userId: number) {
  const [open] = await tx
    .select({ id: privacyExports.id })
    .from(privacyExports)
    .where(and(eq(privacyExports.userId, userId), inArray(privacyExports.status, ['QUEUED', 'BUILDING'])));
  if (open) throw conflict('EXPORT_IN_PROGRESS', 'privacyExport.inProgress');
}

/** Empties stored files (their content, key and any link), keeping the row: size and download time stay. */
export async function emptyFiles(tx: Tx, where: ReturnType<typeof eq>) {
  await tx
    .update(privacyExportFiles)
    .set({ content: null, keyId: null, linkHash: null, linkSessionId: null, linkExpiresAt: null })
    .where(and(where, isNotNull(privacyExportFiles.content)));
}

/** A single-use link to one file of the member's ready export, for this session only. */
export async function createLink(
  db: Tx,
  userId: number,
  sessionId: string,
  exportId: number,
  format: PrivacyExportFormat,
): Promise<{ url: string; expires_at: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(privacyExports)
      .where(and(eq(privacyExports.id, exportId), eq(privacyExports.userId, userId)));
    if (!row) throw notFound();
    if (row.status === 'QUEUED' || row.status === 'BUILDING')
      throw conflict('EXPORT_NOT_READY', 'privacyExport.notReady');
    const now = new Date();
    const [file] = await tx
      .select()
      .from(privacyExportFiles)
      .where(and(eq(privacyExportFiles.exportId, exportId), eq(privacyExportFiles.format, format)))
      .for('update');
    if (!isLive(row, now) || !file?.content) throw gone();
    const token = randomToken(32);
    const expiresAt = new Date(now.getTime() + LINK_MINUTES * 60_000);
    await tx
      .update(privacyExportFiles)
      .set({ linkHash: sha256(token), linkSessionId: sessionId, linkExpiresAt: expiresAt })
      .where(and(eq(privacyExportFiles.exportId, exportId), eq(privacyExportFiles.format, format)));
    return { url: `/panel/api/v1/privacy/export/download/${token}`, expires_at: expiresAt.toISOString() };
  });
}

const gone = () => new AppError(410, 'EXPORT_GONE', 'privacyExport.gone');

/**
 * The file behind a link, handed over once: the stored content is emptied in the same transaction.
 * Anything but the member's own live link in the session it was given to is a 404 (the answer does
 * not say whether the token exists).
 */
export async function takeFile(
  app: Pick<FastifyInstance, 'db' | 'config'>,
  userId: number,
  sessionId: string,
  token: string,
): Promise<{ format: PrivacyExportFormat; body: string; requestedAt: Date }> {
  const sealed = await app.db.transaction(async (tx) => {
    const [hit] = await tx
      .select({ file: privacyExportFiles, owner: privacyExports.userId, export: privacyExports })
      .from(privacyExportFiles)
      .innerJoin(privacyExports, eq(privacyExports.id, privacyExportFiles.exportId))
      .where(eq(privacyExportFiles.linkHash, sha256(token)))
      .for('update', { of: privacyExportFiles });
    const now = new Date();
    if (!hit || hit.owner !== userId || hit.file.linkSessionId !== sessionId || !hit.file.content)
      throw notFound();
    if (!hit.file.linkExpiresAt || hit.file.linkExpiresAt <= now || !isLive(hit.export, now)) throw gone();
    await tx
      .update(privacyExportFiles)
      .set({
        content: null,
        keyId: null,
        linkHash: null,
        linkSessionId: null,
        linkExpiresAt: null,
        downloadedAt: now,
      })
      .where(
        and(
          eq(privacyExportFiles.exportId, hit.file.exportId),
          eq(privacyExportFiles.format, hit.file.format),
        ),
      );
    return hit;
  });
  const { file } = sealed;
  try {
    const body = openPii(
      keyringOf(app.config),
      file.content!,
      file.keyId!,
      fileContext(file.exportId, file.format),
    );
    return { format: file.format, body, requestedAt: sealed.export.createdAt };
  } catch (error) {
    // Sealed under a key removed since (a rotation): the copy cannot be opened; ask for a new one.
    if (error instanceof PiiKeyError) throw gone();
    throw error;
  }
}
