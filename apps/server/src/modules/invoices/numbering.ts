import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';

export type InvoiceSeries = 'FV' | 'FK';
export type Numbering = 'yearly' | 'monthly';

/**
 * The next number of a series in the period of `issueDate` (a club day, YYYY-MM-DD): `FV/2026/000123`
 * (yearly) or `FV/2026/11/0001` (monthly). One upsert on the period's counter row, inside the issuing
 * transaction: the row stays locked until the commit, so concurrent issues queue on it and get
 * consecutive numbers, and an issue that rolls back gives its number back: no gap, no duplicate.
 */
export async function nextInvoiceNumber(
  tx: Tx,
  series: InvoiceSeries,
  issueDate: string,
  numbering: Numbering,
): Promise<{ number: string; period: string; sequence: number }> {
  const year = issueDate.slice(0, 4);
  const month = issueDate.slice(5, 7);
  const period = numbering === 'monthly' ? `${year}-${month}` : year;
  const result = (await tx.execute(sql`
    insert into invoice_counters (series, period, last_number) values (${series}, ${period}, 1)
    on conflict (series, period) do update set last_number = invoice_counters.last_number + 1
    returning last_number`)) as unknown as { rows: { last_number: number }[] };
  const sequence = Number(result.rows[0]!.last_number);
  const number =
    numbering === 'monthly'
      ? `${series}/${year}/${month}/${String(sequence).padStart(4, '0')}`
      : `${series}/${year}/${String(sequence).padStart(6, '0')}`;
  return { number, period, sequence };
}
