import { and, asc, eq, inArray, lt, lte, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../db/client';
import { ksefSubmissions } from '../../db/schema';
import { KsefApiError, type KsefSession, ksefClient } from './ksef-client';

/**
 * The KSeF outbox (issue 30, docs/ksef.md): an issued invoice is queued in its issuing transaction;
 * the worker claims waiting rows (`FOR UPDATE SKIP LOCKED`, then a lease), sends them in one
 * interactive session per batch, polls each status and keeps KSeF's number and UPO, or its refusal.
 * KSeF unreachable: the rows stay queued, marked offline (the ministry's offline24 mode: the invoice
 * is issued and sent later, with `offlineMode`), and are tried again with back-off.
 */

export type KsefSubmission = typeof ksefSubmissions.$inferSelect;
export type KsefState = 'WAITING' | 'OFFLINE' | 'ACCEPTED' | 'REJECTED';

/** Rows one run takes: one session carries them all. */
const BATCH = 20;
/** A claimed row whose process died is taken again after this (the status polling takes ≤ 1 min). */
const LEASE_MS = 5 * 60_000;
/** A correction waits this long between looks at its invoice's KSeF number. */
const WAIT_FOR_ORIGINAL_MS = 60_000;

/** Back-off after KSeF was unreachable: 30 s, 1, 2, 4 … minutes, at most 30 (offline24 allows a day). */
export const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 30 * 60_000);

/** What staff see: waiting, offline (issued while KSeF was down, not yet in), accepted, rejected. */
export const ksefStateOf = (row: Pick<KsefSubmission, 'status' | 'offline'>): KsefState =>
  row.status === 'ACCEPTED'
    ? 'ACCEPTED'
    : row.status === 'REJECTED'
      ? 'REJECTED'
      : row.offline
        ? 'OFFLINE'
        : 'WAITING';

/**
 * Queues an invoice for KSeF in the caller's (issuing) transaction. `xml` is the FA(3) document as it
 * will be sent, or null for a correction whose invoice has no KSeF number yet (built when it has).
 */
export async function queueForKsef(tx: Tx, invoiceId: number, xml: string | null) {
  await tx.insert(ksefSubmissions).values({ invoiceId, xml });
}

/** The KSeF rows of some invoices (the console's list, the PDF, the member's XML). */
export async function submissionsOf(db: Tx, invoiceIds: number[]): Promise<Map<number, KsefSubmission>> {
  if (invoiceIds.length === 0) return new Map();
  const rows = await db.select().from(ksefSubmissions).where(inArray(ksefSubmissions.invoiceId, invoiceIds));
  return new Map(rows.map((r) => [r.invoiceId, r]));
}

/**
 * A rejected invoice sent again, locked in the caller's transaction: its XML rebuilt by the caller
 * (after staff fixed the buyer's data), KSeF's refusal kept in the audit log, not here. False when
 * the row is not a rejected one (waiting, sending or accepted: never sent twice).
 */
export async function requeueRejected(tx: Tx, invoiceId: number, xml: string): Promise<boolean> {
  const updated = await tx
    .update(ksefSubmissions)
    .set({
      status: 'QUEUED',
      xml,
      nextAttemptAt: new Date(),
      leaseUntil: null,
      errorCode: null,
      errorReason: null,
      sessionReference: null,
      invoiceReference: null,
    })
    .where(and(eq(ksefSubmissions.invoiceId, invoiceId), eq(ksefSubmissions.status, 'REJECTED')))
    .returning({ id: ksefSubmissions.invoiceId });
  return updated.length === 1;
}

type WorkerOptions = {
  db: Tx;
  log: FastifyBaseLogger;
  baseUrl: string;
  nip: string;
  ksefToken: string;
  /** Builds the XML of a queued row that has none yet (a correction); null while it must wait. */
  prepare: (db: Tx, invoiceId: number) => Promise<string | null>;
  /** The client's polling (tests poll fast). */
  pollEveryMs?: number;
};

export type RunResult = { accepted: number; rejected: number; postponed: number };

/** One reason of a refusal, as KSeF gave it: its description and details, or an exception's text. */
function reasonOf(error: unknown): { code: number | null; reason: string } {
  if (error instanceof KsefApiError) {
    try {
      const body = JSON.parse(error.body) as {
        exception?: { exceptionDetailList?: { exceptionCode?: number; exceptionDescription?: string }[] };
      };
      const detail = body.exception?.exceptionDetailList?.[0];
      if (detail)
        return { code: detail.exceptionCode ?? error.status, reason: detail.exceptionDescription ?? '' };
    } catch {
      // not JSON: KSeF's text as it came
    }
    return { code: error.status, reason: error.body.slice(0, 1000) };
  }
  return { code: null, reason: String((error as Error).message ?? error).slice(0, 1000) };
}

/** KSeF could not be reached or answered that it cannot work now: try again later, offline. */
const isUnavailable = (error: unknown) =>
  !(error instanceof KsefApiError) || error.status >= 500 || error.status === 429 || error.status === 401;

export function createKsefWorker(options: WorkerOptions) {
  const client = ksefClient({ baseUrl: options.baseUrl, pollEveryMs: options.pollEveryMs ?? 1000 });
  const { db, log } = options;

  /** Waiting rows, or claimed ones whose lease ran out, taken for this run. */
  async function claim(): Promise<KsefSubmission[]> {
    const now = new Date();
    return db.transaction(async (tx) => {
      const waiting = tx
        .select({ id: ksefSubmissions.invoiceId })
        .from(ksefSubmissions)
        .where(
          or(
            and(eq(ksefSubmissions.status, 'QUEUED'), lte(ksefSubmissions.nextAttemptAt, now)),
            and(eq(ksefSubmissions.status, 'SENDING'), lt(ksefSubmissions.leaseUntil, now)),
          ),
        )
        .orderBy(asc(ksefSubmissions.invoiceId))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      return tx
        .update(ksefSubmissions)
        .set({ status: 'SENDING', leaseUntil: new Date(now.getTime() + LEASE_MS) })
        .where(inArray(ksefSubmissions.invoiceId, waiting))
        .returning();
    });
  }

  const update = (invoiceId: number, values: Partial<typeof ksefSubmissions.$inferInsert>) =>
    db.update(ksefSubmissions).set(values).where(eq(ksefSubmissions.invoiceId, invoiceId));

  /** KSeF is down: each row waits, marked offline (issued in offline24 mode), with back-off. */
  async function postpone(rows: KsefSubmission[], error: unknown) {
    const { code, reason } = reasonOf(error);
    log.warn(
      { err: error, invoices: rows.map((r) => r.invoiceId) },
      'KSeF unavailable: invoices wait (offline)',
    );
    for (const row of rows) {
      const attempts = row.attempts + 1;
      await update(row.invoiceId, {
        status: 'QUEUED',
        offline: row.offline || !row.invoiceReference,
        attempts,
        nextAttemptAt: new Date(Date.now() + backoffMs(attempts)),
        leaseUntil: null,
        errorCode: code,
        errorReason: reason,
      });
    }
  }

  /** The invoice's status polled to its outcome, then its UPO when accepted. */
  async function settle(
    accessToken: string,
    session: Pick<KsefSession, 'referenceNumber'>,
    row: KsefSubmission,
    invoiceReference: string,
  ): Promise<'accepted' | 'rejected' | 'postponed'> {
    const status = await client.invoiceStatus(accessToken, session as KsefSession, invoiceReference);
    if (status.status.code === 200 && status.ksefNumber) {
      const upo = await client.invoiceUpo(accessToken, session as KsefSession, invoiceReference);
      await update(row.invoiceId, {
        status: 'ACCEPTED',
        ksefNumber: status.ksefNumber,
        upo,
        acceptedAt: new Date(),
        attempts: row.attempts + 1,
        leaseUntil: null,
        errorCode: null,
        errorReason: null,
      });
      return 'accepted';
    }
    if (status.status.code < 200) {
      // Still being processed after the polling: the lease runs out and the next run polls again
      // (the row keeps its references, so it is never sent a second time).
      return 'postponed';
    }
    // KSeF's details, without repeating its description.
    const details = status.status.details?.filter((d) => d && d !== status.status.description) ?? [];
    await update(row.invoiceId, {
      status: 'REJECTED',
      attempts: row.attempts + 1,
      leaseUntil: null,
      errorCode: status.status.code,
      errorReason: [status.status.description, ...details].join(' — ').slice(0, 2000),
    });
    return 'rejected';
  }

  return {
    /**
     * One run: claims the waiting rows and sends them in one session. Safe to overlap with runs of
     * other processes (a row is claimed by one of them); never throws (a failure is logged).
     */
    async run(): Promise<RunResult> {
      const result: RunResult = { accepted: 0, rejected: 0, postponed: 0 };
      const claimed = await claim();
      if (claimed.length === 0) return result;
      // Corrections wait for their invoice's KSeF number (a correction references it).
      const ready: KsefSubmission[] = [];
      for (const row of claimed) {
        let xml: string | null;
        try {
          xml = row.xml ?? (await options.prepare(db, row.invoiceId));
        } catch (error) {
          // The document cannot be expressed in FA(3): staff see why and fix the data before a resend.
          log.error({ err: error, invoiceId: row.invoiceId }, 'KSeF: the invoice cannot be built');
          await update(row.invoiceId, {
            status: 'REJECTED',
            leaseUntil: null,
            errorCode: null,
            errorReason: reasonOf(error).reason,
          });
          result.rejected++;
          continue;
        }
        if (xml === null) {
          await update(row.invoiceId, {
            status: 'QUEUED',
            leaseUntil: null,
            nextAttemptAt: new Date(Date.now() + WAIT_FOR_ORIGINAL_MS),
          });
          result.postponed++;
          continue;
        }
        if (row.xml === null) await update(row.invoiceId, { xml });
        ready.push({ ...row, xml });
      }
      if (ready.length === 0) return result;

      let accessToken: string;
      let session: KsefSession;
      try {
        accessToken = (await client.authenticate(options.nip, options.ksefToken)).accessToken.token;
        session = await client.openSession(accessToken);
      } catch (error) {
        if (isUnavailable(error)) await postpone(ready, error);
        else {
          // Refused the seller's token or the session: nothing is sent, staff see KSeF's reason.
          const { code, reason } = reasonOf(error);
          log.error({ err: error }, 'KSeF refused the authentication or the session');
          for (const row of ready)
            await update(row.invoiceId, {
              status: 'QUEUED',
              attempts: row.attempts + 1,
              nextAttemptAt: new Date(Date.now() + backoffMs(row.attempts + 1)),
              leaseUntil: null,
              errorCode: code,
              errorReason: reason,
            });
        }
        result.postponed += ready.length;
        return result;
      }

      for (const [index, row] of ready.entries()) {
        try {
          let outcome: 'accepted' | 'rejected' | 'postponed';
          if (row.invoiceReference && row.sessionReference) {
            // Sent by a run that did not live to read the answer: its status is read, not sent again.
            outcome = await settle(
              accessToken,
              { referenceNumber: row.sessionReference },
              row,
              row.invoiceReference,
            );
          } else {
            const reference = await client.sendInvoice(accessToken, session, row.xml!, {
              offline: row.offline,
            });
            // Kept before the status is read: a crash from here on never sends the invoice again.
            await update(row.invoiceId, {
              sessionReference: session.referenceNumber,
              invoiceReference: reference,
            });
            outcome = await settle(accessToken, session, row, reference);
          }
          result[outcome]++;
        } catch (error) {
          if (isUnavailable(error)) {
            await postpone(ready.slice(index), error);
            result.postponed += ready.length - index;
            break;
          }
          // KSeF refused the request itself (400 with its exception code): the invoice is rejected.
          const { code, reason } = reasonOf(error);
          await update(row.invoiceId, {
            status: 'REJECTED',
            attempts: row.attempts + 1,
            leaseUntil: null,
            errorCode: code,
            errorReason: reason,
          });
          result.rejected++;
        }
      }
      await client.closeSession(accessToken, session).catch((error: unknown) => {
        log.warn({ err: error }, 'closing the KSeF session failed');
      });
      return result;
    },
  };
}
