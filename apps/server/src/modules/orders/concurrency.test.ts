import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KIND, type TestApp, LISTENING } from '../../../test/helpers';
import { cartItems, orderItems, orders, products } from '../../db/schema';
import { createMember, createTestProduct, type Member, memberApi } from './test-fixtures';

let t: TestApp;
let base = '';
beforeAll(async () => {
  t = await createTestApp({ seed: false, env: LISTENING });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `${address}/panel/api/v1`;
});
afterAll(() => t?.close());

const BUYERS = 40;
const SEATS_LEFT = 10;

describe('the last seats under concurrent buyers', () => {
  it(`sells exactly ${SEATS_LEFT} seats to ${BUYERS} members racing over HTTP; the rest get a clear 409`, async () => {
    const { product, terms } = await createTestProduct(t.app.db, {
      terms: 1,
      totalSeats: 50,
      seatsTaken: 50 - SEATS_LEFT,
    });
    const members: Member[] = [];
    for (let i = 0; i < BUYERS; i++) {
      const member = await createMember(t.app.db);
      const api = memberApi(t.app, member);
      const id = (await api.post('/sales/cart/add', { product_id: product.id })).json().data.id;
      expect(
        (
          await api.post(`/sales/cart/update/${id}`, {
            quantity: 1,
            terms: [{ term_id: terms[0]!.id, value: 1 }],
          })
        ).statusCode,
      ).toBe(200);
      members.push(member);
    }

    const place = (m: Member) =>
      fetch(`${base}/sales/cart/order`, {
        method: 'POST',
        headers: { cookie: m.cookie, 'x-csrf-token': m.csrf, 'content-type': 'application/json' },
        body: JSON.stringify({ discount_code: '', is_invoice: 0 }),
      }).then(async (res) => ({
        status: res.status,
        body: (await res.json()) as { code?: string; message?: string },
      }));
    // PostgreSQL: all at once over real connections. PGlite has one connection: it serialises anyway.
    const results =
      DB_KIND === 'postgres' ? await Promise.all(members.map(place)) : await serially(members, place);

    const won = results.filter((r) => r.status === 200);
    const lost = results.filter((r) => r.status !== 200);
    expect(won).toHaveLength(SEATS_LEFT);
    expect(lost).toHaveLength(BUYERS - SEATS_LEFT);
    for (const r of lost) {
      expect(r.status).toBe(409);
      expect(r.body.code).toBe('SOLD_OUT');
      expect(r.body.message).toContain('Brak wolnych miejsc');
    }
    const [row] = await t.app.db.select().from(products).where(eq(products.id, product.id));
    expect(row!.seatsTaken).toBe(50);
    const sold = await t.app.db.select().from(orderItems).where(eq(orderItems.productId, product.id));
    expect(sold.reduce((sum, i) => sum + i.quantity, 0)).toBe(SEATS_LEFT);
    expect(await t.app.db.select().from(orders)).toHaveLength(SEATS_LEFT);
    // Losers keep their cart; winners' carts are empty: nothing half-written.
    expect(await t.app.db.select().from(cartItems).where(eq(cartItems.productId, product.id))).toHaveLength(
      BUYERS - SEATS_LEFT,
    );
  }, 120_000);
});

async function serially<T, R>(items: T[], fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (const item of items) out.push(await fn(item));
  return out;
}
