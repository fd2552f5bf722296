import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBenchMembers, addScaleData, SCALE } from '../../../../../bench/scale-data.mjs';
import { createTestApp, DB_KIND, type TestApp } from '../../../test/helpers';
import { clubToday } from '../../lib/club-day';
import {
  attendanceQuery,
  experienceQuery,
  invoiceQuery,
  mondayOf,
  readDashboard,
  seatsQuery,
  waitingQuery,
  weekQuery,
} from './repository';

/**
 * The dashboard on a database of about 100,000 orders over two years (a third of the benchmark's
 * scale data set; one paid order in twenty asked for an invoice), on PostgreSQL, opt-in
 * (`DASHBOARD_SCALE=1`: it takes a minute to grow): the whole read is timed (best of five) and each
 * statement is EXPLAINed as the server runs it (prepared, generic plan), printed for
 * docs/query-plans.md.
 */
const run = DB_KIND === 'postgres' && process.env.DASHBOARD_SCALE === '1';
let t: TestApp;
const rows = async (text: string) =>
  ((await t.app.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows;

const literal = (v: unknown) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);

/** EXPLAIN (ANALYZE, BUFFERS) of a prepared statement's generic plan, after five warm-up runs. */
async function explain(query: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql: text, params } = query.toSQL();
  const args = params.length ? `(${params.map(literal).join(', ')})` : '';
  return t.app.db.transaction(async (tx) => {
    const q = async (s: string) =>
      ((await tx.execute(sql.raw(s))) as unknown as { rows: Record<string, unknown>[] }).rows;
    await q('set local plan_cache_mode = force_generic_plan');
    await q(`prepare dash as ${text}`);
    for (let i = 0; i < 5; i++) await q(`execute dash${args}`);
    const plan = await q(`explain (analyze, buffers, costs off) execute dash${args}`);
    await q('deallocate dash');
    return plan.map((r) => String(Object.values(r)[0])).join('\n');
  });
}

describe.skipIf(!run)('the dashboard at 100,000 orders', () => {
  beforeAll(async () => {
    t = await createTestApp();
    await addBenchMembers(rows);
    const third = Object.fromEntries(
      Object.entries(SCALE).map(([k, v]) => [
        k,
        k === 'dealerShare' || k === 'imagesPerGallery' ? v : Math.ceil(v / 3),
      ]),
    ) as typeof SCALE;
    await addScaleData(rows, { scale: third });
    await rows(`update orders set is_invoice = true where status = 'PAID' and id % 20 = 0`);
    await rows('vacuum analyze');
  }, 600_000);
  afterAll(() => t?.close());

  it('times the read and explains each statement', async () => {
    const [{ n }] = (await rows('select count(*)::int as n from orders')) as [{ n: number }];
    expect(Number(n)).toBeGreaterThanOrEqual(100_000);
    const lines: string[] = [`orders: ${n}`];
    for (const weeks of [12, 52]) {
      let best = Number.POSITIVE_INFINITY;
      let paid = 0;
      for (let i = 0; i < 5; i++) {
        const start = performance.now();
        const d = await readDashboard(t.app.db, weeks);
        best = Math.min(best, performance.now() - start);
        paid = d.totals.orders;
      }
      expect(paid).toBeGreaterThan(0);
      lines.push(`| dashboard, ${weeks} weeks (${paid} paid orders) | ${best.toFixed(1)} ms |`);
    }
    const today = clubToday();
    const until = new Date(Date.parse(`${mondayOf(today)}T00:00:00Z`) + 7 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const from = new Date(Date.parse(`${until}T00:00:00Z`) - 12 * 7 * 86_400_000).toISOString().slice(0, 10);
    const statements = {
      'sales per week (12 weeks)': weekQuery(t.app.db, from, until),
      'sales per experience (12 weeks)': experienceQuery(t.app.db, from, until),
      'seats of the upcoming experiences': seatsQuery(t.app.db, today),
      'orders waiting for payment': waitingQuery(t.app.db),
      'invoice requests waiting': invoiceQuery(t.app.db),
      'attendance of the latest experiences': attendanceQuery(t.app.db, today),
    };
    for (const [title, query] of Object.entries(statements)) {
      lines.push(
        `### ${title}\n\n\`\`\`sql\n${query.toSQL().sql}\n\`\`\`\n\n\`\`\`\n${await explain(query)}\n\`\`\``,
      );
    }
    console.log(lines.join('\n\n'));
  }, 300_000);
});
