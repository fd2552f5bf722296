import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, staffClient, type TestApp } from '../../../test/helpers';
import { discountCodes, orders } from '../../db/schema';
import { randomToken } from '../../lib/tokens';
import { paidInvoiceOrder } from '../invoices/test-fixtures';
import { createMember, createTestProduct, memberApi } from '../orders/test-fixtures';
import { payOnline, placeDeskOrder } from '../sales-desk/test-fixtures';
import { mondayOf, readDashboard } from './repository';

/**
 * The sales dashboard (GET /admin/dashboard) on a database without the demo's orders: every figure is
 * read before and after orders the test places, pays, cancels and invoices, so each number below is
 * one the test itself caused.
 */
let t: TestApp;
let operator: Client;
let admin: Client;
let operatorEn: Client;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  operator = await staffClient(t.app, 'OPERATOR');
  admin = await staffClient(t.app, 'ADMIN');
  operatorEn = await staffClient(t.app, 'OPERATOR', { language: 'en' });
});
afterAll(() => t?.close());

type Dashboard = {
  today: string;
  from: string;
  weeks: { week_start: string; orders: number; amount: number }[];
  totals: { orders: number; amount: number };
  experiences: {
    product_id: number | null;
    name_pl: string;
    orders: number;
    seats: number;
    amount: number;
  }[];
  seats: { product_id: number; capacity: number | null; sold: number; held: number; free: number | null }[];
  waiting_payment: { orders: number; amount: number };
  invoice_requests: { orders: number };
};
const read = async (client: Client = operator, query = ''): Promise<Dashboard> => {
  const res = await client.get(`/admin/dashboard${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const thisWeek = (d: Dashboard) => d.weeks.at(-1)!;

describe('access', () => {
  it('answers operators and administrators; refuses anonymous callers (401), members and dealers (403)', async () => {
    expect((await admin.get('/admin/dashboard')).statusCode).toBe(200);
    expect((await new Client(t.app).get('/admin/dashboard')).statusCode).toBe(401);
    const member = memberApi(t.app, await createMember(t.app.db));
    expect((await member.get('/admin/dashboard')).statusCode).toBe(403);
    const dealer = memberApi(t.app, await createMember(t.app.db, { type: 'DEALER' }));
    expect((await dealer.get('/admin/dashboard')).statusCode).toBe(403);
    // A read: no CSRF token needed, and a write to the same path is no route at all.
    expect((await operator.get('/admin/dashboard', { csrf: false })).statusCode).toBe(200);
  });
});

describe('validation of weeks', () => {
  it('takes 4 to 52 whole weeks (default 12) and names the limit in the language', async () => {
    expect((await read()).weeks).toHaveLength(12);
    expect((await read(operator, '?weeks=4')).weeks).toHaveLength(4);
    expect((await read(operator, '?weeks=52')).weeks).toHaveLength(52);
    expect((await read(operator, '?weeks=')).weeks).toHaveLength(12);
    const low = await operator.get('/admin/dashboard?weeks=3');
    expect(low.statusCode).toBe(422);
    expect(low.json().errors.weeks).toEqual(['Najmniejsza dozwolona wartość to 4.']);
    const high = await operatorEn.get('/admin/dashboard?weeks=53');
    expect(high.statusCode).toBe(422);
    expect(high.json().errors.weeks).toEqual(['The largest allowed value is 52.']);
    for (const bad of ['abc', '4.5', '-1', '1e400', '99999999999999999999', '%00']) {
      const res = await operator.get(`/admin/dashboard?weeks=${bad}`);
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().errors.weeks, bad).toBeDefined();
    }
    expect((await operator.get('/admin/dashboard?weeks=4&weeks=5')).statusCode).toBe(422);
  });

  it('answers whatever else a staff member sends without a 500 (the no-500 walk signs in no staff)', async () => {
    for (const query of [
      '?page=abc',
      '?weeks[]=4',
      '?weeks[a]=4',
      '?weeks=%2012%20',
      `?weeks=${'9'.repeat(2000)}`,
      '?weeks=0x10',
      '?where[search]=%00&language_id=abc',
    ]) {
      const res = await operator.get(`/admin/dashboard${query}`);
      expect(res.statusCode, query).toBeLessThan(500);
    }
  });
});

describe('the figures', () => {
  it('follow an order from placed to paid to cancelled', async () => {
    const before = await read();
    expect(before.from).toBe(before.weeks[0]!.week_start);
    expect(new Date(`${before.from}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(thisWeek(before).week_start).toBe(mondayOf(before.today));

    const { product } = await createTestProduct(t.app.db, { priceGrosze: 12_345, totalSeats: 9 });
    const placed = await placeDeskOrder(t.app, { productId: product.id, quantity: 2 });
    const waiting = await read();
    expect(waiting.waiting_payment.orders).toBe(before.waiting_payment.orders + 1);
    expect(waiting.waiting_payment.amount).toBeCloseTo(before.waiting_payment.amount + 246.9, 2);
    expect(waiting.seats.find((s) => s.product_id === product.id)).toMatchObject({
      capacity: 9,
      sold: 0,
      held: 2,
      free: 7,
    });
    expect(thisWeek(waiting).orders).toBe(thisWeek(before).orders);
    expect(waiting.experiences.find((e) => e.product_id === product.id)).toBeUndefined();

    await payOnline(t.app, placed.paymentUrl, 24_690);
    const paid = await read();
    expect(thisWeek(paid).orders).toBe(thisWeek(before).orders + 1);
    expect(thisWeek(paid).amount).toBeCloseTo(thisWeek(before).amount + 246.9, 2);
    expect(paid.totals.orders).toBe(before.totals.orders + 1);
    expect(paid.totals.amount).toBeCloseTo(before.totals.amount + 246.9, 2);
    expect(paid.waiting_payment.orders).toBe(before.waiting_payment.orders);
    expect(paid.experiences.find((e) => e.product_id === product.id)).toMatchObject({
      name_pl: product.namePl,
      orders: 1,
      seats: 2,
      amount: 246.9,
    });
    expect(paid.seats.find((s) => s.product_id === product.id)).toMatchObject({ sold: 2, held: 0, free: 7 });
    // Weeks without a sale are there, with zeros.
    expect(paid.weeks.slice(0, -1).every((w) => w.orders === 0 && w.amount === 0)).toBe(true);

    const cancelled = await operator.post(`/admin/sales/orders/${placed.orderId}/cancel`, { reason: 'test' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = await read();
    expect(thisWeek(after).orders).toBe(thisWeek(before).orders);
    expect(after.experiences.find((e) => e.product_id === product.id)).toBeUndefined();
    expect(after.seats.find((s) => s.product_id === product.id)).toMatchObject({ sold: 0, held: 0, free: 9 });
  });

  it('take refunds off the experiences too, so they add up to the week; best sellers first', async () => {
    const { product: big } = await createTestProduct(t.app.db, { priceGrosze: 90_000 });
    const { product: small } = await createTestProduct(t.app.db, { priceGrosze: 10_000 });
    const a = await placeDeskOrder(t.app, { productId: big.id });
    await payOnline(t.app, a.paymentUrl, 90_000);
    const b = await placeDeskOrder(t.app, { productId: small.id });
    await payOnline(t.app, b.paymentUrl, 10_000);
    // 30.00 zł of the 100.00 zł order came back (a refund through the operator).
    const refund = await operator.post(`/admin/sales/orders/${b.orderId}/refund`, { amount: 30 });
    expect(refund.statusCode, refund.body).toBe(200);
    const d = await read();
    const ids = d.experiences.map((e) => e.product_id);
    expect(ids.indexOf(big.id)).toBeLessThan(ids.indexOf(small.id));
    expect(d.experiences.find((e) => e.product_id === small.id)!.amount).toBe(70);
    const week = thisWeek(d);
    expect(week.amount).toBeCloseTo(
      d.experiences.reduce((s, e) => s + e.amount, 0),
      2,
    );
  });

  it("take an order's discount off its experience: the money paid, not the price", async () => {
    const before = await read();
    const { product } = await createTestProduct(t.app.db, { priceGrosze: 40_000 });
    const [code] = await t.app.db
      .insert(discountCodes)
      .values({ code: `DASH${randomToken(6).replace(/[^A-Za-z0-9]/g, '')}`, amountGrosze: 10_000 })
      .returning();
    const member = memberApi(t.app, await createMember(t.app.db));
    const added = await member.post('/sales/cart/add', { product_id: product.id });
    expect(added.statusCode, added.body).toBe(200);
    const placed = await member.post('/sales/cart/order', { discount_code: code!.code, is_invoice: 0 });
    expect(placed.statusCode, placed.body).toBe(200);
    await payOnline(t.app, placed.json().data.payment_url, 30_000);
    const d = await read();
    // A 400.00 zł line, 100.00 zł off: the experience and the week both count the 300.00 zł paid.
    expect(d.experiences.find((e) => e.product_id === product.id)).toMatchObject({
      orders: 1,
      seats: 1,
      amount: 300,
    });
    expect(thisWeek(d).amount).toBeCloseTo(thisWeek(before).amount + 300, 2);
  });

  it('counts the invoice requests waiting until the invoice is issued', async () => {
    const before = (await read()).invoice_requests.orders;
    const { orderId } = await paidInvoiceOrder(t.app);
    await paidInvoiceOrder(t.app, { paid: false });
    expect((await read()).invoice_requests.orders).toBe(before + 1);
    const issued = await operator.post(`/admin/invoices/orders/${orderId}/issue`, {});
    expect(issued.statusCode, issued.body).toBe(200);
    expect((await read()).invoice_requests.orders).toBe(before);
  });

  it("puts a payment in its club week: Monday 00:30 in Warsaw is Sunday's evening in UTC", async () => {
    const { product } = await createTestProduct(t.app.db, { priceGrosze: 5_000 });
    const placed = await placeDeskOrder(t.app, { productId: product.id });
    await payOnline(t.app, placed.paymentUrl, 5_000);
    // Wednesday 2026-01-14 (winter: UTC+1); the payment on Monday 2026-01-05 at 00:30 Warsaw time.
    await t.app.db
      .update(orders)
      .set({ paidAt: new Date('2026-01-04T23:30:00Z') })
      .where(eq(orders.id, placed.orderId));
    const d = await readDashboard(t.app.db, 4, new Date('2026-01-14T10:00:00Z'));
    expect(d.today).toBe('2026-01-14');
    expect(d.weeks.map((w) => w.week_start)).toEqual([
      '2025-12-22',
      '2025-12-29',
      '2026-01-05',
      '2026-01-12',
    ]);
    expect(d.weeks.find((w) => w.week_start === '2026-01-05')).toEqual({
      week_start: '2026-01-05',
      orders: 1,
      amount: 50,
    });
    expect(d.weeks.find((w) => w.week_start === '2025-12-29')!.orders).toBe(0);
    // A minute earlier is still the week before.
    await t.app.db
      .update(orders)
      .set({ paidAt: new Date('2026-01-04T22:59:00Z') })
      .where(eq(orders.id, placed.orderId));
    const earlier = await readDashboard(t.app.db, 4, new Date('2026-01-14T10:00:00Z'));
    expect(earlier.weeks.find((w) => w.week_start === '2025-12-29')!.orders).toBe(1);
    expect(earlier.weeks.find((w) => w.week_start === '2026-01-05')!.orders).toBe(0);
  });
});
