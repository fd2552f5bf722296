import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND, type TestApp } from '../../../test/helpers';
import {
  listeningApp,
  memberWithCart,
  orderRow,
  payerPosts,
  timelineKinds,
  waitFor,
} from '../../../test/payment-test-kit';
import { startPayuStandIn } from '../../../test/stand-ins/payu';
import { orderEvents, orders } from '../../db/schema';
import { expireUnpaidOrders } from '../orders/lifecycle';
import { refundOrder } from './handle-notification';
import { paymentProvider } from './sandbox-provider';

const CREDENTIALS = {
  posId: '300746',
  clientId: '300746',
  clientSecret: 'payu-client-secret-very-secret',
  secondKey: 'payu-second-key-very-secret',
};
let payu: Awaited<ReturnType<typeof startPayuStandIn>>;
let t: TestApp;
const logs: string[] = [];
const env = () => ({
  PAYMENT_PROVIDER: 'payu',
  PAYU_POS_ID: CREDENTIALS.posId,
  PAYU_CLIENT_ID: CREDENTIALS.clientId,
  PAYU_CLIENT_SECRET: CREDENTIALS.clientSecret,
  PAYU_SECOND_KEY: CREDENTIALS.secondKey,
  PAYU_API_URL: payu.url,
});

beforeAll(async () => {
  payu = await startPayuStandIn(CREDENTIALS);
  t = await listeningApp({ ...env(), LOG_LEVEL: 'debug' }, undefined, logs);
});
afterAll(async () => {
  await t?.close();
  await payu?.close();
});

const notifyUrl = () => `${t.app.config.PUBLIC_URL}/panel/api/v1/payments/notify/payu`;
const resultOf = (r: { body: string }) => JSON.parse(r.body).data?.result;

async function placed(language: 'pl' | 'en' = 'pl') {
  const { api } = await memberWithCart(t, { language });
  const res = await api.post('/sales/cart/order', {});
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as { order_id: number; payment_url: string };
  const order = payu.orders.get(new URL(data.payment_url).searchParams.get('orderId')!)!;
  return { api, data, order };
}

describe('PayU against its stand-in', () => {
  it('OAuth once, creates the order as documented, pays: PENDING then COMPLETED, re-read before acting', async () => {
    const before = payu.state.tokensIssued;
    const { api, data, order } = await placed('en');
    const row = await orderRow(t, data.order_id);
    expect(order).toMatchObject({
      extOrderId: `${row.paymentRef}.1`,
      totalAmount: '150000',
      currencyCode: 'PLN',
      language: 'en',
      notifyUrl: notifyUrl(),
      continueUrl: `${t.app.config.PUBLIC_URL}/panel/home?after_payment=1&order=${data.order_id}`,
    });
    const back = await payerPosts(`${payu.url}/pay/ok?orderId=${order.orderId}`);
    expect(back.location).toBe(order.continueUrl);
    expect((await api.get(`/sales/orders/item/${data.order_id}`)).json().data.status).toBe('PAID');
    expect(payu.deliveries.slice(-2).map((d) => d.status)).toEqual([200, 200]);
    await placed();
    expect(payu.state.tokensIssued).toBe(before === 0 ? 1 : before);
    expect(await timelineKinds(t, data.order_id)).toEqual([
      'CREATED',
      'PAYMENT_REGISTERED',
      'PAYMENT_PENDING',
      'PAID',
    ]);
  });

  it('accepts both signature algorithms, refuses a wrong one, an unknown order and a status PayU does not confirm', async () => {
    const { data, order } = await placed();
    order.status = 'COMPLETED';
    const body = JSON.stringify({ order: payu.orderJson(order) });
    const forged = await payu.send(
      notifyUrl(),
      JSON.parse(body),
      'sender=checkout;signature=abc;algorithm=MD5',
    );
    expect(forged.status).toBe(400);
    const noHeader = await fetch(notifyUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(noHeader.status).toBe(400);
    // PayU's record says PENDING although the notification says COMPLETED: nothing is paid.
    order.status = 'PENDING';
    const lying = await payu.send(notifyUrl(), { order: { ...payu.orderJson(order), status: 'COMPLETED' } });
    expect(resultOf(lying)).toBe('pending');
    expect((await orderRow(t, data.order_id)).status).toBe('WAITING_PAYMENT');
    const unknown = await payu.send(notifyUrl(), {
      order: { ...payu.orderJson(order), extOrderId: 'no-such-order.1' },
    });
    expect(unknown.status).toBe(404);
    const wrongAmount = await payu.send(notifyUrl(), {
      order: { ...payu.orderJson(order), status: 'COMPLETED', totalAmount: '100' },
    });
    expect(resultOf(wrongAmount)).toBe('amount-mismatch');
    order.status = 'COMPLETED';
    payu.state.algorithm = 'SHA-256';
    try {
      const sha = await payu.notifyOrder(order);
      expect(resultOf(sha)).toBe('paid');
    } finally {
      payu.state.algorithm = 'MD5';
    }
    const twice = await payu.notifyOrder(order);
    expect(resultOf(twice)).toBe('duplicate');
    expect(await timelineKinds(t, data.order_id)).toEqual([
      'CREATED',
      'PAYMENT_REGISTERED',
      'PAYMENT_REFUSED',
      'PAID',
    ]);
  });

  it('two notifications at once pay once', async () => {
    const { data, order } = await placed();
    order.status = 'COMPLETED';
    const [a, b] = await Promise.all([payu.notifyOrder(order), payu.notifyOrder(order)]);
    expect([resultOf(a), resultOf(b)].sort()).toEqual(['duplicate', 'paid']);
    expect((await timelineKinds(t, data.order_id)).filter((k) => k === 'PAID')).toHaveLength(1);
  });

  it('WAITING_FOR_CONFIRMATION is accepted for a waiting order, released for an expired one', async () => {
    payu.state.autoReceive = false;
    try {
      const { data, order } = await placed();
      await payerPosts(`${payu.url}/pay/ok?orderId=${order.orderId}`);
      await waitFor(async () => (await orderRow(t, data.order_id)).status === 'PAID');
      expect(await timelineKinds(t, data.order_id)).toEqual([
        'CREATED',
        'PAYMENT_REGISTERED',
        'PAYMENT_PENDING',
        'HELD_PAYMENT_ACCEPTED',
        'PAID',
      ]);
      const late = await placed();
      await t.app.db
        .update(orders)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(orders.id, late.data.order_id));
      await expireUnpaidOrders(t.app);
      await payerPosts(`${payu.url}/pay/ok?orderId=${late.order.orderId}`);
      await waitFor(async () => late.order.status === 'CANCELED');
      expect((await orderRow(t, late.data.order_id)).status).toBe('CANCELLED');
      expect(await timelineKinds(t, late.data.order_id)).toContain('HELD_PAYMENT_RELEASED');
    } finally {
      payu.state.autoReceive = true;
    }
  });

  it('a cancelled payment keeps the order; paying again creates a new PayU order', async () => {
    const { api, data, order } = await placed();
    const back = await payerPosts(`${payu.url}/pay/cancel?orderId=${order.orderId}`);
    expect(back.location).toBe(`${order.continueUrl}&error=501`);
    expect((await orderRow(t, data.order_id)).status).toBe('WAITING_PAYMENT');
    expect(await timelineKinds(t, data.order_id)).toContain('PAYMENT_CANCELLED');
    const again = await api.post(`/sales/orders/item/${data.order_id}/pay`);
    const second = payu.orders.get(new URL(again.json().data.payment_url).searchParams.get('orderId')!)!;
    expect(second.extOrderId).toMatch(/\.2$/);
    await payerPosts(`${payu.url}/pay/ok?orderId=${second.orderId}`);
    expect((await orderRow(t, data.order_id)).status).toBe('PAID');
  });

  it('PayU down while creating the order: a clear message in English, the order can be paid later', async () => {
    const { api } = await memberWithCart(t, { language: 'en' });
    payu.state.down = true;
    let res: Awaited<ReturnType<typeof api.post>>;
    try {
      res = await api.post('/sales/cart/order', {});
    } finally {
      payu.state.down = false;
    }
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(
      /The payment operator is unavailable right now\. Order no\. \d+ waits/,
    );
    const [order] = (await api.get('/sales/orders/items')).json().data;
    expect(order.status).toBe('WAITING_PAYMENT');
    expect((await api.post(`/sales/orders/item/${order.id}/pay`)).statusCode).toBe(200);
  });

  it('an expired token is replaced; late money is refunded; refunds in part and in full', async () => {
    payu.expireTokens();
    const { data, order } = await placed();
    await t.app.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, data.order_id));
    await expireUnpaidOrders(t.app);
    await payerPosts(`${payu.url}/pay/ok?orderId=${order.orderId}`);
    expect(order.refunded).toBe(150_000);
    await waitFor(async () => (await timelineKinds(t, data.order_id)).includes('REFUNDED'));
    expect((await timelineKinds(t, data.order_id)).slice(-3)).toEqual([
      'LATE_PAYMENT',
      'REFUND_REQUESTED',
      'REFUNDED',
    ]);

    const paid = await placed();
    await payerPosts(`${payu.url}/pay/ok?orderId=${paid.order.orderId}`);
    const provider = await paymentProvider(t.app);
    await refundOrder(t.app, provider, paid.data.order_id, 20_000);
    await refundOrder(t.app, provider, paid.data.order_id, 130_000);
    await expect(refundOrder(t.app, provider, paid.data.order_id, 1)).rejects.toMatchObject({
      code: 'REFUND_AMOUNT',
    });
    expect(paid.order.refunded).toBe(150_000);
    await waitFor(
      async () => (await timelineKinds(t, paid.data.order_id)).filter((k) => k === 'REFUNDED').length === 2,
    );
    const events = JSON.stringify(await t.app.db.select().from(orderEvents));
    for (const secret of [CREDENTIALS.clientSecret, CREDENTIALS.secondKey])
      expect(events).not.toContain(secret);
  });

  it('credentials never reach the log, not even when the operator fails (run last)', () => {
    const log = logs.join('\n');
    // The operator-down cases above were logged, so the log is really read.
    expect(logs.length).toBeGreaterThan(0);
    expect(log).toMatch(/"level":(40|50)/);
    for (const secret of [CREDENTIALS.clientSecret, CREDENTIALS.secondKey]) expect(log).not.toContain(secret);
  });
});

describe.skipIf(DB_KIND !== 'postgres')('PayU with two server processes over one PostgreSQL', () => {
  it('the same notification to both processes at once pays once', async () => {
    const second = await listeningApp(env(), t);
    try {
      const { data, order } = await placed();
      order.status = 'COMPLETED';
      const body = { order: payu.orderJson(order) };
      const [a, b] = await Promise.all([
        payu.send(notifyUrl(), body),
        payu.send(`${second.app.config.PUBLIC_URL}/panel/api/v1/payments/notify/payu`, body),
      ]);
      expect([resultOf(a), resultOf(b)].sort()).toEqual(['duplicate', 'paid']);
      expect((await orderRow(second, data.order_id)).status).toBe('PAID');
    } finally {
      await second.close();
    }
  });
});
