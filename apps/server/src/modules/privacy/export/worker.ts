import type { LanguageCode } from '@club/shared';
import { PRIVACY_EXPORT_FORMATS } from '@club/shared/schemas/privacy-export';
import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { privacyExportFiles, privacyExports, users } from '../../../db/schema';
import { keyringOf, sealPii } from '../../../lib/pii-crypto';
import { collectMemberData } from './collect';
import { renderExportHtml } from './render-html';
import { emptyFiles, fileContext } from './service';

/**
 * Builds members' exports in the background (docs/privacy.md). Any process may run it at any time:
 * a job row is claimed with FOR UPDATE SKIP LOCKED (two processes never build the same one), a claim
 * left by a process that died is taken again after BUILD_TIMEOUT_MS, and the result is stored only
 * if this claim is still the row's (its `started_at`). Ready copies past their time are emptied.
 */

type Deps = Pick<FastifyInstance, 'db' | 'config' | 'mailer' | 'log'>;

/** A claim older than this is taken to be a process that died mid-build. */
const BUILD_TIMEOUT_MS = 10 * 60_000;
/** Attempts before an export is given up as FAILED (the member may ask again). */
const MAX_ATTEMPTS = 3;

async function claim(deps: Deps) {
  const stale = new Date(Date.now() - BUILD_TIMEOUT_MS);
  const candidate = deps.db
    .select({ id: privacyExports.id })
    .from(privacyExports)
    .where(
      or(
        eq(privacyExports.status, 'QUEUED'),
        and(eq(privacyExports.status, 'BUILDING'), lt(privacyExports.startedAt, stale)),
      ),
    )
    .orderBy(asc(privacyExports.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await deps.db
    .update(privacyExports)
    .set({ status: 'BUILDING', startedAt: new Date(), attempts: sql`${privacyExports.attempts} + 1` })
    .where(inArray(privacyExports.id, candidate))
    .returning();
  return row ?? null;
}

async function build(deps: Deps, job: typeof privacyExports.$inferSelect): Promise<void> {
  const ring = keyringOf(deps.config);
  const lang = job.language as LanguageCode;
  const now = new Date();
  // One consistent moment of every table, read in one transaction.
  const data = await deps.db.transaction((tx) =>
    collectMemberData(tx, ring, job.userId, lang, now, deps.config.PUBLIC_URL),
  );
  if (!data) return; // the account is gone, and the job with it (cascade)
  const json = `${JSON.stringify(data, null, 2)}\n`;
  // The readable copy is drawn from the JSON itself: both files say exactly the same.
  const contents = { json, html: renderExportHtml(JSON.parse(json)) };
  const expiresAt = new Date(now.getTime() + deps.config.PRIVACY_EXPORT_HOURS * 3_600_000);
  const stored = await deps.db.transaction(async (tx) => {
    const [mine] = await tx
      .update(privacyExports)
      .set({ status: 'READY', readyAt: now, expiresAt, error: null })
      .where(
        and(
          eq(privacyExports.id, job.id),
          eq(privacyExports.status, 'BUILDING'),
          eq(privacyExports.startedAt, job.startedAt!),
        ),
      )
      .returning({ id: privacyExports.id });
    if (!mine) return false; // taken over by another process meanwhile: its result counts
    await tx.insert(privacyExportFiles).values(
      PRIVACY_EXPORT_FORMATS.map((format) => {
        const sealed = sealPii(ring, contents[format], fileContext(job.id, format));
        return {
          exportId: job.id,
          format,
          content: sealed.value,
          keyId: sealed.keyId,
          bytes: Buffer.byteLength(contents[format]),
        };
      }),
    );
    const [user] = await tx
      .select({ email: users.email, language: users.languageCode })
      .from(users)
      .where(eq(users.id, job.userId));
    if (user)
      await deps.mailer.queue(tx, {
        template: 'privacy-export-ready',
        to: user.email,
        language: user.language as LanguageCode,
        data: { url: `${deps.config.PUBLIC_URL}/panel/account/my-data`, until: expiresAt.toISOString() },
      });
    return true;
  });
  if (stored) deps.mailer.flushInBackground(deps.db);
}

/** Builds every waiting export, one claim at a time; a failure is recorded and never thrown. */
export async function buildWaitingExports(deps: Deps): Promise<number> {
  let built = 0;
  for (let job = await claim(deps); job; job = await claim(deps)) {
    try {
      await build(deps, job);
      built++;
    } catch (error) {
      // The message only: an error's parameters may carry the member's data (the log redacts them too).
      deps.log.error({ err: error, exportId: job.id }, 'privacy export failed');
      await deps.db
        .update(privacyExports)
        .set({
          status: job.attempts >= MAX_ATTEMPTS ? 'FAILED' : 'QUEUED',
          error: String((error as Error).name ?? 'Error').slice(0, 200),
        })
        .where(and(eq(privacyExports.id, job.id), eq(privacyExports.startedAt, job.startedAt!)));
    }
  }
  return built;
}

/** Ready copies past their time: marked EXPIRED and their files emptied, in one transaction. */
export async function expireExports(deps: Pick<FastifyInstance, 'db'>): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const expired = await tx
      .update(privacyExports)
      .set({ status: 'EXPIRED' })
      .where(and(eq(privacyExports.status, 'READY'), lt(privacyExports.expiresAt, new Date())))
      .returning({ id: privacyExports.id });
    if (expired.length > 0)
      await emptyFiles(
        tx,
        inArray(
          privacyExportFiles.exportId,
          expired.map((e) => e.id),
        ),
      );
    return expired.length;
  });
}
