import {
  groszeToPln,
  ORDER_STATUS,
  PAGE_SIZE_INVOICES,
  type TInvoiceRequest,
  type TInvoiceRequestsQuery,
  type TInvoicesQuery,
  type TInvoiceSummary,
  type TKsefStatus,
  type TMemberInvoice,
} from '@club/shared';
import { and, asc, count, desc, eq, gte, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { invoices, ksefSubmissions, orders, users } from '../../db/schema';
import { pageMeta } from '../../lib/page-meta';
import { type KsefSubmission, ksefStateOf, submissionsOf } from '../ksef/outbox';
import { offlineDeadline } from '../ksef/offline-deadline';
import type { InvoiceDocument } from './document';
import type { InvoiceRow } from './issue-invoice';
import { containsPattern } from '../../lib/text-search';
import { outer } from '../../lib/outer-column';

const words = (search: string | undefined) => (search ?? '').split(/\s+/).filter(Boolean);

const invoiceField = (key: string) => sql<string>`coalesce(${orders.invoiceData}->>${key}, '')`;

/** Paid orders that asked for an invoice and have none: the staff's queue. */
export async function listInvoiceRequests(db: Tx, q: TInvoiceRequestsQuery) {
  const filters: SQL[] = [
    eq(orders.isInvoice, true),
    eq(orders.status, ORDER_STATUS.PAID),
    sql`not exists (select 1 from invoices i where i.order_id = ${outer(orders.id)} and i.kind = 'INVOICE')`,
  ];
  for (const word of words(q.search)) {
    const like = containsPattern(word);
    const digits = word.replace(/\D/g, '');
    filters.push(
      or(
        sql`${invoiceField('invoiceCompanyName')} ilike ${like}`,
        sql`${users.email} ilike ${like}`,
        ...(digits ? [sql`${invoiceField('taxNumber')} like ${`%${digits}%`}`] : []),
        ...(/^\d{1,9}$/.test(word) ? [eq(orders.id, Number(word))] : []),
      )!,
    );
  }
  const where = and(...filters);
  const dir = q.dir === 'asc' ? asc : desc;
  const order = { paid_at: dir(orders.paidAt), order_id: dir(orders.id), total: dir(orders.totalGrosze) }[
    q.sort
  ];
  const [{ total }] = (await db
    .select({ total: count() })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(where)) as [{ total: number }];
  const rows = await db
    .select({ order: orders, email: users.email, name: users.name, surname: users.surname })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(order, asc(orders.id))
    .limit(PAGE_SIZE_INVOICES)
    .offset((q.page - 1) * PAGE_SIZE_INVOICES);
  const data: TInvoiceRequest[] = rows.map((r) => {
    const inv = (r.order.invoiceData ?? {}) as Record<string, string | null>;
    const buyer = (r.order.buyer ?? {}) as Record<string, string | null>;
    return {
      order_id: r.order.id,
      paid_at: (r.order.paidAt ?? r.order.createdAt).toISOString(),
      total: groszeToPln(r.order.totalGrosze),
      member_name: r.name ? `${r.name} ${r.surname}` : `${buyer.name ?? ''} ${buyer.surname ?? ''}`.trim(),
      member_email: r.email ?? null,
      company_name: inv.invoiceCompanyName ?? '',
      tax_number: `${inv.taxNumberPrefix ?? ''}${inv.taxNumber ?? ''}`,
    };
  });
  return { data, meta: pageMeta(q.page, PAGE_SIZE_INVOICES, Number(total)) };
}

const corrected = alias(invoices, 'corrected');

/** An invoice's way to KSeF as the console shows it; null before KSeF was wired. */
export const toKsefStatus = (
  row: KsefSubmission | null | undefined,
  issueDate: string,
): TKsefStatus | null =>
  row
    ? {
        state: ksefStateOf(row),
        number: row.ksefNumber,
        error_code: row.errorCode,
        error_reason: row.errorReason,
        attempts: row.attempts,
        accepted_at: row.acceptedAt?.toISOString() ?? null,
        xml: row.xml !== null,
        offline_deadline: ksefStateOf(row) === 'OFFLINE' ? offlineDeadline(issueDate) : null,
      }
    : null;

export function toInvoiceSummary(
  row: InvoiceRow,
  correctsNumber: string | null,
  submission: KsefSubmission | null,
): TInvoiceSummary {
  return {
    id: row.id,
    order_id: row.orderId,
    kind: row.kind,
    number: row.number,
    corrects_number: correctsNumber,
    issue_date: row.issueDate,
    sale_date: row.saleDate,
    gross: groszeToPln(row.grossGrosze),
    buyer_name: row.buyerName,
    buyer_tax_number: row.buyerTaxNumber,
    buyer_address: (row.data as InvoiceDocument).buyer.address,
    ksef: toKsefStatus(submission, row.issueDate),
  };
}

/** The console's summary of one invoice, read afresh (after an issue or a resend). */
export async function invoiceSummaryOf(db: Tx, row: InvoiceRow): Promise<TInvoiceSummary> {
  const submission = (await submissionsOf(db, [row.id])).get(row.id) ?? null;
  return toInvoiceSummary(row, await correctsNumberOf(db, row), submission);
}

/** Issued invoices and corrections, a page at a time. */
export async function listInvoices(db: Tx, q: TInvoicesQuery) {
  const filters: SQL[] = [];
  if (q.kind) filters.push(eq(invoices.kind, q.kind));
  if (q.from) filters.push(gte(invoices.issueDate, q.from));
  if (q.to) filters.push(lte(invoices.issueDate, q.to));
  for (const word of words(q.search)) {
    const like = containsPattern(word);
    filters.push(
      or(
        sql`${invoices.number} ilike ${like}`,
        sql`${invoices.buyerName} ilike ${like}`,
        sql`${invoices.buyerTaxNumber} ilike ${like}`,
        ...(/^\d{1,9}$/.test(word) ? [eq(invoices.orderId, Number(word))] : []),
      )!,
    );
  }
  const where = filters.length ? and(...filters) : undefined;
  const dir = q.dir === 'asc' ? asc : desc;
  const order = {
    issue_date: [dir(invoices.issueDate), dir(invoices.id)],
    number: [dir(invoices.series), dir(invoices.period), dir(invoices.sequence)],
    gross: [dir(invoices.grossGrosze)],
  }[q.sort];
  const [{ total }] = (await db.select({ total: count() }).from(invoices).where(where)) as [
    { total: number },
  ];
  const rows = await db
    .select({ invoice: invoices, correctsNumber: corrected.number, ksef: ksefSubmissions })
    .from(invoices)
    .leftJoin(corrected, eq(corrected.id, invoices.correctsId))
    .leftJoin(ksefSubmissions, eq(ksefSubmissions.invoiceId, invoices.id))
    .where(where)
    .orderBy(...order, asc(invoices.id))
    .limit(PAGE_SIZE_INVOICES)
    .offset((q.page - 1) * PAGE_SIZE_INVOICES);
  return {
    data: rows.map((r) => toInvoiceSummary(r.invoice, r.correctsNumber, r.ksef)),
    meta: pageMeta(q.page, PAGE_SIZE_INVOICES, Number(total)),
  };
}

/** The invoices of a member's own order; null when the order is not theirs. */
export async function listMemberInvoices(
  db: Tx,
  userId: number,
  orderId: number,
): Promise<TMemberInvoice[] | null> {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) return null;
  const rows = await db
    .select({ invoice: invoices, ksefNumber: ksefSubmissions.ksefNumber, xml: ksefSubmissions.xml })
    .from(invoices)
    .leftJoin(ksefSubmissions, eq(ksefSubmissions.invoiceId, invoices.id))
    .where(eq(invoices.orderId, orderId))
    .orderBy(asc(invoices.id));
  return rows.map(({ invoice: r, ksefNumber, xml }) => ({
    id: r.id,
    kind: r.kind,
    number: r.number,
    issue_date: r.issueDate,
    gross: groszeToPln(r.grossGrosze),
    ksef_number: ksefNumber,
    has_xml: xml !== null,
  }));
}

/** An invoice by id; with `userId`, only one of that member's orders. */
export async function findInvoice(db: Tx, id: number, userId?: number) {
  const [row] = await db
    .select({ invoice: invoices })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(and(eq(invoices.id, id), userId === undefined ? undefined : eq(orders.userId, userId)));
  return row?.invoice ?? null;
}

/** The number of the invoice a correction corrects. */
export async function correctsNumberOf(db: Tx, row: InvoiceRow): Promise<string | null> {
  if (!row.correctsId) return null;
  const [c] = await db
    .select({ number: invoices.number })
    .from(invoices)
    .where(eq(invoices.id, row.correctsId));
  return c?.number ?? null;
}
