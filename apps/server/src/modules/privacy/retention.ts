import { CUSTOMER_STATUS } from '@club/shared';
import type { RETENTION_RULES } from '@club/shared/schemas/privacy-console';
import { and, desc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { outer } from '../../lib/outer-column';
import {
  auditLog,
  consentProofs,
  customers,
  invoices,
  ksefSubmissions,
  orders,
  outbox,
  rateLimits,
  retentionRuns,
  sessions,
  userTokens,
} from '../../db/schema';
import { eraseAccount, erasureDeps, removeErasedFiles } from './erasure';

/**
 * The retention job (issue 31, docs/privacy.md "Retention"): applies the configured periods to what
 * the register keeps for a while. One transaction per run under a transaction-level advisory lock, so
 * of several processes (or a second run) only one works at a time and the others skip; each rule
 * touches only what is still to do, so a run after a run does nothing. Each run that worked leaves a
 * `retention_runs` row with its counts, which staff see in the console.
 */
export type RetentionConfig = Pick<
  FastifyInstance['config'],
  | 'OUTBOX_BODY_DAYS'
  | 'AUDIT_ADDRESS_MONTHS'
  | 'DEALER_CUSTOMER_UNACCEPTED_DAYS'
  | 'CONSENT_PROOF_YEARS'
  | 'INVOICE_RETENTION_YEARS'
>;

export type RetentionCounts = Record<(typeof RETENTION_RULES)[number], number>;

/** Any fixed number: the advisory lock's key of this job. */
const RETENTION_LOCK = 310_031;
const DAY_MS = 86_400_000;
/** Customers removed per run at most (each is a whole erasure); the rest wait for the next run. */
const CUSTOMERS_PER_RUN = 200;

const count = (rows: unknown[]) => rows.length;

/** Runs the job once; null when another process holds the lock (it is running right now). */
export async function runRetention(
  app: Pick<FastifyInstance, 'db' | 'mailer' | 'config'>,
  now = new Date(),
): Promise<{ id: number; counts: RetentionCounts } | null> {
  const c: RetentionConfig = app.config;
  const erased: { orphanFiles: string[] } = { orphanFiles: [] };
  const result = await app.db.transaction(async (tx) => {
    const locked = await tx.execute(sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK}) as ok`);
    const [row] = ((locked as { rows?: { ok: boolean }[] }).rows ?? locked) as { ok: boolean }[];
    if (!row?.ok) return null;
    const startedAt = new Date();
    const counts = {} as RetentionCounts;

    // Invoices of removed members past their keeping period: the year the invoice was issued, plus
    // INVOICE_RETENTION_YEARS after its end (art. 86 § 1 and 70 § 1 of the tax ordinance).
    const cutoff = `${now.getUTCFullYear() - c.INVOICE_RETENTION_YEARS}-01-01`;
    const ended = sql`${outer(orders.userId)} is null and exists (select 1 from ${invoices} i where i.order_id = ${outer(orders.id)}) and not exists (select 1 from ${invoices} i where i.order_id = ${outer(orders.id)} and i.issue_date >= ${cutoff}::date)`;
    const expired = await tx
      .update(orders)
      .set({ invoiceData: null })
      .where(and(isNotNull(orders.invoiceData), ended))
      .returning({ id: orders.id });
    counts.invoice_orders = count(expired);
    if (expired.length > 0) {
      const ids = sql.join(
        expired.map((o) => sql`${o.id}`),
        sql`, `,
      );
      const gone = await tx
        .update(invoices)
        .set({
          buyerName: '',
          buyerTaxNumber: '',
          data: sql`jsonb_set(${outer(invoices.data)}, '{buyer}', coalesce((select jsonb_object_agg(k, case jsonb_typeof(v) when 'string' then '""'::jsonb when 'array' then '[]'::jsonb else v end) from jsonb_each(${outer(invoices.data)}->'buyer') as b(k, v)), '{}'::jsonb))`,
        })
        .where(sql`${invoices.orderId} in (${ids})`)
        .returning({ id: invoices.id });
      if (gone.length > 0)
        await tx
          .update(ksefSubmissions)
          .set({ xml: null, upo: null, errorReason: null })
          // Not one still on its way: it would be built again from the emptied invoice.
          .where(
            sql`${ksefSubmissions.status} in ('ACCEPTED', 'REJECTED') and ${ksefSubmissions.invoiceId} in (${sql.join(
              gone.map((i) => sql`${i.id}`),
              sql`, `,
            )})`,
          );
    }

    counts.outbox_bodies = count(
      await tx
        .update(outbox)
        .set({ text: '', html: null, attachments: [], secrets: null })
        .where(
          and(
            lt(outbox.createdAt, new Date(now.getTime() - c.OUTBOX_BODY_DAYS * DAY_MS)),
            sql`${outbox.status} in ('SENT', 'FAILED')`,
            sql`(${outbox.text} <> '' or ${outbox.html} is not null or ${outbox.secrets} is not null or ${outbox.attachments} <> '[]'::jsonb)`,
          ),
        )
        .returning({ id: outbox.id }),
    );

    const addressCutoff = new Date(now);
    addressCutoff.setUTCMonth(addressCutoff.getUTCMonth() - c.AUDIT_ADDRESS_MONTHS);
    counts.audit_addresses = count(
      await tx
        .update(auditLog)
        .set({ address: null })
        .where(and(lt(auditLog.at, addressCutoff), isNotNull(auditLog.address)))
        .returning({ id: auditLog.id }),
    );

    const unaccepted = await tx
      .select({ id: customers.userId })
      .from(customers)
      .where(
        and(
          isNotNull(customers.registrationType),
          eq(customers.status, CUSTOMER_STATUS.WAITING_TERMS),
          lt(customers.createdAt, new Date(now.getTime() - c.DEALER_CUSTOMER_UNACCEPTED_DAYS * DAY_MS)),
        ),
      )
      .orderBy(customers.createdAt)
      .limit(CUSTOMERS_PER_RUN);
    const deps = erasureDeps(app);
    let removed = 0;
    for (const { id } of unaccepted) {
      const done = await eraseAccount(tx, deps, id);
      if (!done) continue;
      removed++;
      erased.orphanFiles.push(...done.orphanFiles);
    }
    counts.unaccepted_customers = removed;

    const proofCutoff = new Date(now);
    proofCutoff.setUTCFullYear(proofCutoff.getUTCFullYear() - c.CONSENT_PROOF_YEARS);
    counts.consent_proofs = count(
      await tx
        .delete(consentProofs)
        .where(lt(consentProofs.removedAt, proofCutoff))
        .returning({ id: consentProofs.id }),
    );
    counts.sessions = count(
      await tx.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id }),
    );
    counts.tokens = count(
      await tx.delete(userTokens).where(lt(userTokens.expiresAt, now)).returning({ id: userTokens.id }),
    );
    counts.rate_limits = count(
      await tx.delete(rateLimits).where(lt(rateLimits.resetAt, now)).returning({ key: rateLimits.key }),
    );

    const [run] = await tx
      .insert(retentionRuns)
      .values({ startedAt, finishedAt: new Date(), counts })
      .returning({ id: retentionRuns.id });
    return { id: run!.id, counts };
  });
  // Removed customers' photos leave storage only once the run has committed.
  await removeErasedFiles(app.config, erased);
  return result;
}

/** The last run, for the console. */
export async function lastRetentionRun(db: Tx | Db) {
  const [run] = await db
    .select()
    .from(retentionRuns)
    .orderBy(desc(retentionRuns.finishedAt), desc(retentionRuns.id))
    .limit(1);
  return run ?? null;
}
