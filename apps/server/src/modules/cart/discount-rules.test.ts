import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KIND, type TestApp, LISTENING } from '../../../test/helpers';
import { discountCodes, orders } from '../../db/schema';
import { randomToken } from '../../lib/tokens';
import { expireUnpaidOrders } from '../orders/lifecycle';
import { discountGrosze } from './discount';
import { createMember, createTestProduct, type Member, memberApi } from '../orders/test-fixtures';

let t: TestApp;
let base = '';
beforeAll(async () => {
  t = await createTestApp({ seed: false, env: LISTENING });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `${address}/panel/api/v1`;
});
afterAll(() => t?.close());

type CodeValues = Partial<typeof discountCodes.$inferInsert>;
async function createCode(values: CodeValues = {}) {
  const [row] = await t.app.db
    .insert(discountCodes)
    .values({ code: `T${randomToken(8).replace(/[^A-Za-z0-9]/g, '')}`, amountGrosze: 10_000, ...values })
    .returning();
  return row!;
}

/** A member with the given experiences in the cart, one seat each (no terms: filled at once). */
async function memberWithCart(productIds: number[], language: 'pl' | 'en' = 'en') {
  const member = await createMember(t.app.db, { language });
  const api = memberApi(t.app, member);
  for (const id of productIds) {
    const res = await api.post('/sales/cart/add', { product_id: id });
    expect(res.statusCode, res.body).toBe(200);
  }
  return { member, api };
}

const usedCount = async (id: number) =>
  (await t.app.db.select().from(discountCodes).where(eq(discountCodes.id, id)))[0]!.usedCount;

const INACTIVE_EN = 'The provided discount code is inactive. No discount has been applied.';
const INACTIVE_PL = 'Podany kod rabatowy jest nieaktywny. Rabat nie został naliczony.';

describe('discount codes: kind, experiences, member types', () => {
  it('a percentage takes that share of the cart, rounded to the grosz', async () => {
    const { product } = await createTestProduct(t.app.db, { priceGrosze: 12_345 });
    const code = await createCode({ kind: 'PERCENT', amountGrosze: 0, percent: 15 });
    const { api } = await memberWithCart([product.id]);
    const res = await api.post('/sales/cart/check-discount-code', { discount_code: code.code.toLowerCase() });
    expect(res.statusCode).toBe(200);
    // 15% of 123.45 zł = 18.5175 zł → 18.52 zł
    expect(res.json().data).toEqual({ discount_amount: 18.52 });
    const placed = await api.post('/sales/cart/order', { discount_code: code.code, is_invoice: 0 });
    expect(placed.statusCode).toBe(200);
    const [order] = await t.app.db.select().from(orders).where(eq(orders.id, placed.json().data.order_id));
    expect(order).toMatchObject({
      discountGrosze: 1_852,
      totalGrosze: 12_345 - 1_852,
      discountCodeId: code.id,
    });
    expect(await usedCount(code.id)).toBe(1);
  });

  it('100% makes the order free; a fixed amount never exceeds what the lines cost', async () => {
    const { product } = await createTestProduct(t.app.db, { priceGrosze: 5_000 });
    const all = await createCode({ kind: 'PERCENT', amountGrosze: 0, percent: 100 });
    const big = await createCode({ amountGrosze: 999_999 });
    const { api } = await memberWithCart([product.id]);
    for (const code of [all, big])
      expect(
        (await api.post('/sales/cart/check-discount-code', { discount_code: code.code })).json().data,
      ).toEqual({
        discount_amount: 50,
      });
    const placed = (await api.post('/sales/cart/order', { discount_code: big.code, is_invoice: 0 })).json()
      .data;
    const [order] = await t.app.db.select().from(orders).where(eq(orders.id, placed.order_id));
    expect(order).toMatchObject({ discountGrosze: 5_000, totalGrosze: 0, status: 'PAID' });
  });

  it('a code for named experiences discounts only their lines and is refused without them', async () => {
    const { product: named } = await createTestProduct(t.app.db, { priceGrosze: 20_000 });
    const { product: other } = await createTestProduct(t.app.db, { priceGrosze: 30_000 });
    const code = await createCode({ kind: 'PERCENT', amountGrosze: 0, percent: 50, productIds: [named.id] });
    const mine = await memberWithCart([named.id]);
    expect(
      (await mine.api.post('/sales/cart/check-discount-code', { discount_code: code.code })).json().data,
    ).toEqual({ discount_amount: 100 });
    const placed = (
      await mine.api.post('/sales/cart/order', { discount_code: code.code, is_invoice: 0 })
    ).json().data;
    const [order] = await t.app.db.select().from(orders).where(eq(orders.id, placed.order_id));
    expect(order).toMatchObject({ discountGrosze: 10_000, totalGrosze: 10_000 });
    // In a cart with several experiences only the named ones' lines count.
    const lines = [
      { productId: named.id, priceGrosze: 20_000, quantity: 2 },
      { productId: other.id, priceGrosze: 30_000, quantity: 1 },
    ];
    expect(discountGrosze(code, lines)).toBe(20_000);
    expect(discountGrosze({ ...code, kind: 'AMOUNT', amountGrosze: 50_000, percent: null }, lines)).toBe(
      40_000,
    );
    expect(discountGrosze({ ...code, productIds: [] }, lines)).toBe(35_000);

    const otherOnly = await memberWithCart([other.id], 'pl');
    const check = await otherOnly.api.post('/sales/cart/check-discount-code', { discount_code: code.code });
    expect(check.statusCode).toBe(422);
    expect(check.json()).toMatchObject({ code: 'DISCOUNT_INACTIVE', message: INACTIVE_PL });
    const order2 = await otherOnly.api.post('/sales/cart/order', { discount_code: code.code, is_invoice: 0 });
    expect(order2.statusCode).toBe(422);
    expect(order2.json().code).toBe('DISCOUNT_INACTIVE');
    expect(await usedCount(code.id)).toBe(1);
  });

  it('a code for some member types refuses the others', async () => {
    const { product } = await createTestProduct(t.app.db);
    const dealersOnly = await createCode({ memberTypes: ['DEALER'] });
    const customers = await createCode({ memberTypes: ['CUSTOMER'] });
    const { api } = await memberWithCart([product.id]);
    const refused = await api.post('/sales/cart/check-discount-code', { discount_code: dealersOnly.code });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'DISCOUNT_INACTIVE', message: INACTIVE_EN });
    expect(
      (await api.post('/sales/cart/order', { discount_code: dealersOnly.code, is_invoice: 0 })).statusCode,
    ).toBe(422);
    expect(
      (await api.post('/sales/cart/check-discount-code', { discount_code: customers.code })).statusCode,
    ).toBe(200);
  });

  it('the database refuses a value that breaks the kind (no negative money, percent 1–100)', async () => {
    for (const bad of [
      { amountGrosze: 0 },
      { amountGrosze: -100 },
      { kind: 'PERCENT' as const, amountGrosze: 0, percent: 0 },
      { kind: 'PERCENT' as const, amountGrosze: 0, percent: 101 },
      { kind: 'PERCENT' as const, amountGrosze: 500, percent: 10 },
    ])
      await expect(createCode(bad)).rejects.toThrow();
    const code = await createCode({ code: `Case${randomToken(6).replace(/[^A-Za-z0-9]/g, '')}` });
    await expect(createCode({ code: code.code.toUpperCase() })).rejects.toThrow();
  });
});

describe('discount codes: a use counts when an order is placed and comes back when it lapses', () => {
  it('checking does not use the code; an expired order gives its use back', async () => {
    const { product } = await createTestProduct(t.app.db);
    const code = await createCode({ maxUses: 1 });
    const first = await memberWithCart([product.id]);
    for (let i = 0; i < 3; i++)
      expect(
        (await first.api.post('/sales/cart/check-discount-code', { discount_code: code.code })).statusCode,
      ).toBe(200);
    expect(await usedCount(code.id)).toBe(0);
    const placed = (
      await first.api.post('/sales/cart/order', { discount_code: code.code, is_invoice: 0 })
    ).json().data;
    expect(await usedCount(code.id)).toBe(1);

    const second = await memberWithCart([product.id]);
    const spent = await second.api.post('/sales/cart/check-discount-code', { discount_code: code.code });
    expect(spent.json()).toMatchObject({ code: 'DISCOUNT_INACTIVE', message: INACTIVE_EN });

    await t.app.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, placed.order_id));
    await expireUnpaidOrders(t.app);
    expect(await usedCount(code.id)).toBe(0);
    const again = await second.api.post('/sales/cart/order', { discount_code: code.code, is_invoice: 0 });
    expect(again.statusCode).toBe(200);
    expect(await usedCount(code.id)).toBe(1);
  });

  it(`two members racing for the last use: one order, one refusal (${DB_KIND})`, async () => {
    const { product } = await createTestProduct(t.app.db);
    const code = await createCode({ maxUses: 3, usedCount: 2 });
    const racers: Member[] = [];
    for (let i = 0; i < 2; i++) racers.push((await memberWithCart([product.id])).member);
    const place = (m: Member) =>
      fetch(`${base}/sales/cart/order`, {
        method: 'POST',
        headers: { cookie: m.cookie, 'x-csrf-token': m.csrf, 'content-type': 'application/json' },
        body: JSON.stringify({ discount_code: code.code, is_invoice: 0 }),
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as { code?: string } }));
    // PostgreSQL: both at once over real connections. PGlite has one connection: it serialises anyway.
    const results =
      DB_KIND === 'postgres'
        ? await Promise.all(racers.map(place))
        : [await place(racers[0]!), await place(racers[1]!)];
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(results.find((r) => r.status === 422)!.body.code).toBe('DISCOUNT_INACTIVE');
    expect(await usedCount(code.id)).toBe(3);
    const used = await t.app.db.select().from(orders).where(eq(orders.discountCodeId, code.id));
    expect(used).toHaveLength(1);
  });
});

describe('discount codes: a code the member has used up says so (issue 28)', () => {
  it('the member is told the code was used by them, in their language; others may still use it', async () => {
    for (const [language, message] of [
      ['en', 'You have already used this code. No discount has been applied.'],
      ['pl', 'Ten kod został już przez Ciebie wykorzystany. Rabat nie został naliczony.'],
    ] as const) {
      const { product } = await createTestProduct(t.app.db);
      const { product: next } = await createTestProduct(t.app.db);
      const code = await createCode({ perMemberLimit: 1 });
      const { api } = await memberWithCart([product.id], language);
      const placed = await api.post('/sales/cart/order', { discount_code: code.code, is_invoice: 0 });
      expect(placed.statusCode, placed.body).toBe(200);
      expect((await api.post('/sales/cart/add', { product_id: next.id })).statusCode).toBe(200);
      const check = await api.post('/sales/cart/check-discount-code', { discount_code: code.code });
      expect(check.statusCode).toBe(422);
      expect(check.json()).toMatchObject({
        code: 'DISCOUNT_USED',
        message,
        errors: { discount_code: [message] },
      });
      const order = await api.post('/sales/cart/order', { discount_code: code.code, is_invoice: 0 });
      expect(order.statusCode).toBe(422);
      expect(order.json()).toMatchObject({ code: 'DISCOUNT_USED', message });
      expect(await usedCount(code.id)).toBe(1);
      // Another member may still use it: the code itself is not inactive.
      const other = await memberWithCart([next.id], language);
      expect(
        (await other.api.post('/sales/cart/check-discount-code', { discount_code: code.code })).statusCode,
      ).toBe(200);
    }
  });
});

describe('discount codes: wrong codes are limited, right ones are not', () => {
  it('counts only wrong codes per member, in checks and in orders alike', async () => {
    const { product } = await createTestProduct(t.app.db);
    const code = await createCode({ perMemberLimit: 5 });
    const { api } = await memberWithCart([product.id]);
    for (let i = 0; i < 12; i++)
      expect(
        (await api.post('/sales/cart/check-discount-code', { discount_code: code.code })).statusCode,
      ).toBe(200);
    for (let i = 0; i < 9; i++)
      expect(
        (await api.post('/sales/cart/check-discount-code', { discount_code: `WRONG${i}` })).statusCode,
      ).toBe(422);
    expect(
      (await api.post('/sales/cart/order', { discount_code: 'WRONG-ORDER', is_invoice: 0 })).statusCode,
    ).toBe(422);
    const limited = await api.post('/sales/cart/check-discount-code', { discount_code: code.code });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('TOO_MANY_ATTEMPTS');
    expect(limited.headers['retry-after']).toBeDefined();
    expect(
      (await api.post('/sales/cart/order', { discount_code: code.code, is_invoice: 0 })).statusCode,
    ).toBe(429);
    // An order without a code is not held back by the limit.
    expect((await api.post('/sales/cart/order', { discount_code: '', is_invoice: 0 })).statusCode).toBe(200);
  });

  it('limits wrong codes per address across members', async () => {
    const { product } = await createTestProduct(t.app.db);
    const statuses: number[] = [];
    for (let m = 0; m < 4; m++) {
      const { api } = await memberWithCart([product.id]);
      for (let i = 0; i < 8; i++)
        statuses.push(
          (await api.post('/sales/cart/check-discount-code', { discount_code: `ADDR${m}-${i}` })).statusCode,
        );
    }
    // Other tests of this file spent some of 127.0.0.1's budget of 30 already: the address runs out
    // before any member reaches 10.
    expect(statuses).toContain(429);
    expect(statuses.slice(0, 8).every((s) => s === 422)).toBe(true);
  });
});
