import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBenchMembers, addScaleData, benchSession, SCALE } from '../../../bench/scale-data.mjs';
import { createTestProduct } from '../src/modules/orders/test-fixtures';
import { createTestApp, DB_KIND, type TestApp, LISTENING } from './helpers';

/**
 * The race of concurrency.test.ts on a database grown by the benchmark's scale data set (a twentieth
 * of it here, so the suite stays quick; `npm run bench -- --scale` uses the whole): no oversell, and
 * the kept seat counters still equal a recount of the whole order history.
 */
let t: TestApp;
let base = '';
const rows = async (text: string) =>
  ((await t.app.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows;

beforeAll(async () => {
  t = await createTestApp({ env: LISTENING });
  await addBenchMembers(rows);
  const small = Object.fromEntries(
    Object.entries(SCALE).map(([k, v]) => [
      k,
      k === 'dealerShare' || k === 'imagesPerGallery' ? v : Math.ceil(v / 20),
    ]),
  ) as typeof SCALE;
  await addScaleData(rows, { scale: { ...small, members: Math.max(small.members, 1000) } });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `${address}/panel/api/v1`;
}, 240_000);
afterAll(() => t?.close());

describe('the scale data set', () => {
  it('keeps the counters equal to a recount, and 40 members racing for 10 seats buy exactly 10', async () => {
    const recount = async () => ({
      kept: await rows(`select user_id, product_id, quantity from member_product_seats where quantity <> 0
        order by user_id, product_id`),
      counted: await rows(`select o.user_id, oi.product_id, sum(oi.quantity)::int as quantity
        from order_items oi join orders o on o.id = oi.order_id
        where o.user_id is not null and oi.product_id is not null and o.status in ('WAITING_PAYMENT', 'PAID')
        group by o.user_id, oi.product_id order by o.user_id, oi.product_id`),
    });
    const before = await recount();
    // The waiting lists of experiences on sale with a free seat have had their mail, as the server's
    // sweep leaves them: its first passes must find nothing to send during a measurement.
    const [unmailed] = await rows(`select count(*)::int as n from product_notifications n
      join products p on p.id = n.product_id where n.notified_at is null and p.published = 1
        and p.start_date > current_date and (p.total_seats is null or p.total_seats > p.seats_taken + p.seats_held)`);
    expect(Number(unmailed!.n)).toBe(0);
    expect(before.kept.length).toBeGreaterThan(10_000);
    expect(before.kept).toEqual(before.counted);
    const [orders] = await rows('select count(*)::int as n from orders');
    expect(Number(orders!.n)).toBeGreaterThanOrEqual(15_000);

    const { product } = await createTestProduct(t.app.db, { totalSeats: 10, memberLimit: 1 });
    const buyers = Array.from({ length: 40 }, (_, i) => benchSession(200 + i));
    const call = (s: (typeof buyers)[number], path: string, body: unknown) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { cookie: s.cookie, 'x-csrf-token': s.csrf, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then(async (res) => ({
        status: res.status,
        body: (await res.json()) as { data?: { id: number }; code?: string },
      }));
    for (const s of buyers) {
      const added = await call(s, '/sales/cart/add', { product_id: product.id });
      expect(added.status).toBe(200);
      expect(
        (await call(s, `/sales/cart/update/${added.body.data!.id}`, { quantity: 1, persons: [], terms: [] }))
          .status,
      ).toBe(200);
    }
    const place = (s: (typeof buyers)[number]) =>
      call(s, '/sales/cart/order', { discount_code: '', is_invoice: 0 });
    const results =
      DB_KIND === 'postgres'
        ? await Promise.all(buyers.map(place))
        : await buyers.reduce(
            async (acc, s) => [...(await acc), await place(s)],
            Promise.resolve([] as Awaited<ReturnType<typeof place>>[]),
          );
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    for (const r of results.filter((x) => x.status !== 200)) expect(r.body.code).toBe('SOLD_OUT');
    const [seats] = await rows(`select seats_taken from products where id = ${product.id}`);
    expect(Number(seats!.seats_taken)).toBe(10);
    const after = await recount();
    expect(after.kept).toEqual(after.counted);
  }, 240_000);
});
