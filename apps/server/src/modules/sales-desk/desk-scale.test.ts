import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBenchMembers, addScaleData, SCALE } from '../../../../../bench/scale-data.mjs';
import { createTestApp, DB_KIND, type TestApp } from '../../../test/helpers';
import { ZDeskOrderListQuery, ZSeatBoardQuery } from '@club/shared/schemas/admin-orders';
import { listDeskOrders } from './list-orders';
import { listSeatBoard, loadSeatBoardItem } from './seat-board';

/**
 * The desk's reads on a database of about 100,000 orders (a third of the benchmark's scale data set),
 * on PostgreSQL, opt-in (`DESK_SCALE=1`: it takes a minute to grow): each filtered page is timed
 * (the best of five, printed for docs/console-sales.md).
 */
const run = DB_KIND === 'postgres' && process.env.DESK_SCALE === '1';
let t: TestApp;
const rows = async (text: string) =>
  ((await t.app.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows;

describe.skipIf(!run)('the sales desk at 100,000 orders', () => {
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
    await rows('vacuum analyze');
  }, 600_000);
  afterAll(() => t?.close());

  it('times every filtered page', async () => {
    const [{ n }] = (await rows('select count(*)::int as n from orders')) as [{ n: number }];
    expect(Number(n)).toBeGreaterThanOrEqual(100_000);
    const [busy] = await rows(
      'select product_id from order_items group by product_id order by count(*) desc limit 1',
    );
    const [someone] = await rows(
      "select u.email from users u join orders o on o.user_id = u.id where u.email like 'member%' limit 1",
    );
    const product = Number(busy!.product_id);
    const cases: Record<string, Record<string, unknown>> = {
      'newest first': {},
      'status PAID': { status: 'PAID' },
      'status WAITING_PAYMENT': { status: 'WAITING_PAYMENT' },
      'placed in a month': { from: '2025-03-01', to: '2025-03-31' },
      'experience (busiest)': { product_id: product },
      'experience + PAID': { product_id: product, status: 'PAID' },
      'member by e-mail': { member: String(someone!.email) },
      'member by part of the name': { member: 'member12' },
      'order number': { q: '#4242' },
      'discount code': { code: 'CLUB100' },
      'by total, page 40': { sort: 'total', dir: 'desc', page: 40 },
    };
    const lines: string[] = [];
    for (const [name, raw] of Object.entries(cases)) {
      const q = ZDeskOrderListQuery.parse(raw);
      let best = Number.POSITIVE_INFINITY;
      for (let i = 0; i < 5; i++) {
        const start = performance.now();
        await listDeskOrders(t.app.db, q, 'pl');
        best = Math.min(best, performance.now() - start);
      }
      lines.push(`| ${name} | ${best.toFixed(1)} ms |`);
    }
    const board = ZSeatBoardQuery.parse({ from: '2020-01-01' });
    let boardBest = Number.POSITIVE_INFINITY;
    let itemBest = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 5; i++) {
      let start = performance.now();
      await listSeatBoard(t.app.db, board);
      boardBest = Math.min(boardBest, performance.now() - start);
      start = performance.now();
      await loadSeatBoardItem(t.app.db, product, 'pl');
      itemBest = Math.min(itemBest, performance.now() - start);
    }
    lines.push(
      `| seat board page | ${boardBest.toFixed(1)} ms |`,
      `| attendees of the busiest experience | ${itemBest.toFixed(1)} ms |`,
    );
    console.log(`orders: ${n}\n${lines.join('\n')}`);
  }, 300_000);
});
