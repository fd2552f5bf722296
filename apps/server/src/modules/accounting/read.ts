import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { weekQuery } from '../dashboard/repository';
import type { InvoiceDocument } from '../invoices/document';

/**
 * What the accountant's files carry for a range of club days (Europe/Warsaw, both ends included):
 * read in the staff member's request, money in integer grosze (issue 30, docs/invoices.md).
 */

const DAY_MS = 86_400_000;
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

export type Range = { from: string; to: string };
/** Midnight of a club day as an instant. */
const midnight = (day: string) => sql`(${day}::timestamp at time zone 'Europe/Warsaw')`;
const within = (column: SQL, r: Range) =>
  sql`${column} >= ${midnight(r.from)} and ${column} < ${midnight(nextDay(r.to))}`;
/** An instant as the club's local date and time, as the files print it. */
const local = (column: SQL) => sql`to_char(${column} at time zone 'Europe/Warsaw', 'YYYY-MM-DD HH24:MI')`;

async function rowsOf<T>(db: Tx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export type OrderRow = {
  id: number;
  placed_at: string;
  status: string;
  member: string | null;
  email: string | null;
  experiences: string | null;
  subtotal: number;
  discount: number;
  total: number;
  refunded: number;
  paid_at: string | null;
  provider: string;
  bank_transfer_ref: string | null;
  invoice_number: string | null;
};

/** Orders placed in the range, whatever became of them. */
export const ordersIn = (db: Tx, r: Range) =>
  rowsOf<OrderRow>(
    db,
    sql`select o.id, ${local(sql`o.created_at`)} as placed_at, o.status,
      nullif(trim(coalesce(u.name, '') || ' ' || coalesce(u.surname, '')), '') as member, u.email,
      (select string_agg(oi.product_name, ', ' order by oi.id) from order_items oi where oi.order_id = o.id) as experiences,
      o.total_grosze + o.discount_grosze as subtotal, o.discount_grosze as discount, o.total_grosze as total,
      o.refunded_grosze as refunded, ${local(sql`o.paid_at`)} as paid_at, o.payment_provider as provider,
      o.bank_transfer_ref,
      (select i.number from invoices i where i.order_id = o.id and i.kind = 'INVOICE') as invoice_number
    from orders o left join users u on u.id = o.user_id
    where ${within(sql`o.created_at`, r)}
    order by o.created_at, o.id`,
  );

export type PaymentRow = {
  order_id: number;
  paid_at: string;
  amount: number;
  provider: string;
  transaction_id: string | null;
  payment_ref: string | null;
  bank_transfer_ref: string | null;
  status: string;
  refunded: number;
};

/**
 * Money received in the range: each order paid in it (by the operator, with its transaction id, or by
 * bank transfer at the desk, with the transfer's reference), also when it was cancelled later; a free
 * order (0 zł, a full discount) is listed too, as the dashboard counts it.
 */
export const paymentsIn = (db: Tx, r: Range) =>
  rowsOf<PaymentRow>(
    db,
    sql`select o.id as order_id, ${local(sql`o.paid_at`)} as paid_at, o.total_grosze as amount,
      case when o.bank_transfer_ref is not null then 'bank-transfer' else o.payment_provider end as provider,
      o.provider_order_id as transaction_id, coalesce(o.paid_ref, o.payment_ref) as payment_ref,
      o.bank_transfer_ref, o.status, o.refunded_grosze as refunded
    from orders o
    where o.paid_at is not null and ${within(sql`o.paid_at`, r)}
    order by o.paid_at, o.id`,
  );

export type RefundRow = {
  order_id: number;
  refunded_at: string;
  amount: number;
  provider: string | null;
  reference: string | null;
  transaction_id: string | null;
};

/** Refunds completed in the range (the operator confirmed them, or the desk recorded a bank transfer). */
export const refundsIn = (db: Tx, r: Range) =>
  rowsOf<RefundRow>(
    db,
    sql`select e.order_id, ${local(sql`e.created_at`)} as refunded_at, coalesce(e.amount_grosze, 0) as amount,
      e.provider, coalesce(e.detail->>'reference', e.detail->>'refundId') as reference,
      e.detail->>'providerOrderId' as transaction_id
    from order_events e
    where e.kind = 'REFUNDED' and ${within(sql`e.created_at`, r)}
    order by e.created_at, e.id`,
  );

export type InvoiceExportRow = {
  id: number;
  number: string;
  kind: 'INVOICE' | 'CORRECTION';
  corrects: string | null;
  issue_date: string;
  sale_date: string;
  order_id: number;
  buyer_name: string;
  buyer_tax_number: string;
  data: InvoiceDocument;
  ksef_number: string | null;
  ksef_status: string | null;
  xml: string | null;
  upo: string | null;
};

/** Invoices and corrections issued in the range, with their KSeF number, XML and UPO when there are. */
export const invoicesIn = (db: Tx, r: Range) =>
  rowsOf<InvoiceExportRow>(
    db,
    sql`select i.id, i.number, i.kind, c.number as corrects, i.issue_date::text as issue_date,
      i.sale_date::text as sale_date, i.order_id, i.buyer_name, i.buyer_tax_number, i.data,
      k.ksef_number, k.status as ksef_status, k.xml, k.upo
    from invoices i
    left join invoices c on c.id = i.corrects_id
    left join ksef_submissions k on k.invoice_id = i.id
    where i.issue_date >= ${r.from}::date and i.issue_date <= ${r.to}::date
    order by i.issue_date, i.series, i.sequence`,
  );

/**
 * Sales as the dashboard counts them, with the dashboard's own statement (dashboard/repository.ts):
 * orders paid in the range and still paid, for their total less refunds. The export's figure is the
 * dashboard's by construction; a test holds them equal for the same range.
 */
export async function salesIn(db: Tx, r: Range): Promise<{ count: number; amount: number }> {
  const weeks = await weekQuery(db, r.from, nextDay(r.to));
  return weeks.reduce(
    (sum, w) => ({ count: sum.count + Number(w.orders), amount: sum.amount + Number(w.amount ?? 0) }),
    { count: 0, amount: 0 },
  );
}

/** Net, VAT and gross of the invoices per rate (corrections below zero), highest rate first. */
export function invoiceTotals(rows: InvoiceExportRow[]) {
  const byRate = new Map<number, { rate: number; net: number; vat: number; gross: number }>();
  const total = { net: 0, vat: 0, gross: 0 };
  for (const row of rows)
    for (const t of row.data.totals) {
      const sum = byRate.get(t.vatRate) ?? { rate: t.vatRate, net: 0, vat: 0, gross: 0 };
      sum.net += t.net;
      sum.vat += t.vat;
      sum.gross += t.gross;
      byRate.set(t.vatRate, sum);
      total.net += t.net;
      total.vat += t.vat;
      total.gross += t.gross;
    }
  return { total, rates: [...byRate.values()].sort((a, b) => b.rate - a.rate) };
}

/** The rates an invoice of the club can carry (FA(3)'s P_13_1 … P_13_6_1), the files' columns. */
export const VAT_RATES = [23, 8, 5, 0] as const;
