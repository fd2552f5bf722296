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
import { startPrzelewy24StandIn } from '../../../test/stand-ins/przelewy24';
import { orderEvents, orders } from '../../db/schema';
import { expireUnpaidOrders } from '../orders/lifecycle';
import { refundOrder } from './handle-notification';
import { paymentProvider } from './sandbox-provider';

const CREDENTIALS = { merchantId: 112233, apiKey: 'p24-api-key-very-secret', crc: 'p24-crc-very-secret' };
let p24: Awaited<ReturnType<typeof startPrzelewy24StandIn>>;
let t: TestApp;
const logs: string[] = [];

beforeAll(async () => {
  p24 = await startPrzelewy24StandIn(CREDENTIALS);
  t = await listeningApp(
    {
      PAYMENT_PROVIDER: 'przelewy24',
      P24_MERCHANT_ID: String(CREDENTIALS.merchantId),
      P24_API_KEY: CREDENTIALS.apiKey,
      P24_CRC: CREDENTIALS.crc,
      P24_API_URL: p24.url,
      ORDER_PAYMENT_MINUTES: '30',
      LOG_LEVEL: 'debug',
    },
    undefined,
    logs,
  );
});
afterAll(async () => {
  await t?.close();
  await p24?.close();
});

const notifyUrl = () => `${t.app.config.PUBLIC_URL}/panel/api/v1/payments/notify/przelewy24`;

async function placed(language: 'pl' | 'en' = 'pl') {
  const { api, member } = await memberWithCart(t, { language });
  const res = await api.post('/sales/cart/order', {});
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as { order_id: number; payment_url: string };
  const token = data.payment_url.split('/').pop()!;
  return { api, member, data, trn: p24.transactions.get(token)! };
}

describe('Przelewy24 against its stand-in', () => {
  it('registers the transaction as documented and pays: notification, verify, then PAID', async () => {
    const { api, data, trn } = await placed('en');
    expect(data.payment_url).toBe(`${p24.url}/trn/request/${trn.token}`);
    const row = await orderRow(t, data.order_id);
    expect(trn).toMatchObject({
      sessionId: `${row.paymentRef}.1`,
      amount: 150_000,
      currency: 'PLN',
      language: 'en',
      urlReturn: `${t.app.config.PUBLIC_URL}/panel/home?after_payment=1&order=${data.order_id}`,
      urlStatus: notifyUrl(),
    });
    // The minutes left of ORDER_PAYMENT_MINUTES (30) when it was registered.
    expect([29, 30]).toContain(trn.timeLimit);
    const page = await fetch(data.payment_url);
    expect(await page.text()).toContain('1500.00 PLN');
    const verifies = p24.state.verifyCalls;
    const back = await payerPosts(`${data.payment_url}/pay`);
    expect(back).toMatchObject({ status: 303, location: trn.urlReturn });
    expect(p24.state.verifyCalls).toBe(verifies + 1);
    expect(trn.verified).toBe(true);
    const order = (await api.get(`/sales/orders/item/${data.order_id}`)).json().data;
    expect(order).toMatchObject({ status: 'PAID', payment_url: null });
    expect((await orderRow(t, data.order_id)).providerOrderId).toBe(String(trn.orderId));
    expect(await timelineKinds(t, data.order_id)).toEqual(['CREATED', 'PAYMENT_REGISTERED', 'PAID']);
  });

  it('a notification after the payer returned; the same one twice; two at once', async () => {
    const { data, trn } = await placed();
    p24.state.notifyOnPay = false;
    try {
      await payerPosts(`${data.payment_url}/pay`);
    } finally {
      p24.state.notifyOnPay = true;
    }
    expect((await orderRow(t, data.order_id)).status).toBe('WAITING_PAYMENT');
    const body = p24.notificationOf(trn);
    const [a, b] = await Promise.all([p24.notify(notifyUrl(), body), p24.notify(notifyUrl(), body)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([JSON.parse(a.body).data.result, JSON.parse(b.body).data.result].sort()).toEqual([
      'duplicate',
      'paid',
    ]);
    const again = await p24.notify(notifyUrl(), body);
    expect(JSON.parse(again.body).data.result).toBe('duplicate');
    expect((await orderRow(t, data.order_id)).status).toBe('PAID');
    expect((await timelineKinds(t, data.order_id)).filter((k) => k === 'PAID')).toHaveLength(1);
  });

  it('refuses a wrong signature, a wrong amount or currency, an unpaid transaction and an unknown order', async () => {
    const { data, trn } = await placed();
    const good = p24.notificationOf(trn);
    const forged = await p24.notify(notifyUrl(), { ...good, sign: 'f'.repeat(96) });
    expect(forged.status).toBe(400);
    // Signed with the right key (as if by Przelewy24) but for less money, or in euro.
    const cheap = await p24.notify(notifyUrl(), p24.notificationOf(trn, { amount: 100 }));
    expect(JSON.parse(cheap.body).data.result).toBe('amount-mismatch');
    const euro = await p24.notify(notifyUrl(), p24.notificationOf(trn, { currency: 'EUR' }));
    expect(JSON.parse(euro.body).data.result).toBe('amount-mismatch');
    // The payer never paid: Przelewy24's verify says no, so nothing changes.
    const unpaid = await p24.notify(notifyUrl(), good);
    expect(JSON.parse(unpaid.body).data.result).toBe('not-confirmed');
    expect((await orderRow(t, data.order_id)).status).toBe('WAITING_PAYMENT');
    const unknown = await p24.notify(
      notifyUrl(),
      p24.notificationOf({ ...trn, sessionId: 'no-such-order.1' }),
    );
    expect(unknown.status).toBe(404);
    expect(await timelineKinds(t, data.order_id)).toEqual([
      'CREATED',
      'PAYMENT_REGISTERED',
      'PAYMENT_REFUSED',
      'PAYMENT_REFUSED',
      'PAYMENT_NOT_CONFIRMED',
    ]);
  });

  it('a cancelled payment keeps the order; paying again registers a new transaction and pays', async () => {
    const { api, data, trn } = await placed();
    const back = await payerPosts(`${data.payment_url}/cancel`);
    expect(back.location).toBe(trn.urlReturn);
    expect((await orderRow(t, data.order_id)).status).toBe('WAITING_PAYMENT');
    const again = await api.post(`/sales/orders/item/${data.order_id}/pay`);
    expect(again.statusCode).toBe(200);
    const url = again.json().data.payment_url as string;
    expect(url).not.toBe(data.payment_url);
    const second = p24.transactions.get(url.split('/').pop()!)!;
    expect(second.sessionId).toBe(trn.sessionId.replace(/\.1$/, '.2'));
    expect((await api.get(`/sales/orders/item/${data.order_id}`)).json().data.payment_url).toBe(url);
    await payerPosts(`${url}/pay`);
    expect((await orderRow(t, data.order_id)).status).toBe('PAID');
  });

  it('operator down while registering: a clear message, the order waits and is paid later', async () => {
    const { api } = await memberWithCart(t);
    p24.state.down = true;
    let res: Awaited<ReturnType<typeof api.post>>;
    try {
      res = await api.post('/sales/cart/order', {});
    } finally {
      p24.state.down = false;
    }
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('PAYMENT_UNAVAILABLE');
    expect(res.json().message).toMatch(
      /Operator płatności jest chwilowo niedostępny\. Zamówienie nr \d+ czeka/,
    );
    expect(res.body).not.toContain(CREDENTIALS.apiKey);
    const [order] = (await api.get('/sales/orders/items')).json().data;
    expect(order).toMatchObject({ status: 'WAITING_PAYMENT', payment_url: null });
    expect(await timelineKinds(t, order.id)).toEqual(['CREATED', 'PAYMENT_REGISTRATION_FAILED']);
    const again = await api.post(`/sales/orders/item/${order.id}/pay`);
    expect(again.statusCode).toBe(200);
    await payerPosts(`${again.json().data.payment_url}/pay`);
    expect((await orderRow(t, order.id)).status).toBe('PAID');
  });

  it('operator down while we verify: 503, so Przelewy24 sends again; the next one pays', async () => {
    const { data, trn } = await placed();
    p24.markPaid(trn);
    const body = p24.notificationOf(trn);
    p24.state.down = true;
    let first: { status: number; body: string };
    try {
      first = await p24.notify(notifyUrl(), body);
    } finally {
      p24.state.down = false;
    }
    expect(first.status).toBe(503);
    expect(first.body).not.toContain(CREDENTIALS.apiKey);
    expect((await orderRow(t, data.order_id)).status).toBe('WAITING_PAYMENT');
    const again = await p24.notify(notifyUrl(), body);
    expect(JSON.parse(again.body).data.result).toBe('paid');
  });

  it('money after the order expired is refunded automatically and the refund notification recorded', async () => {
    const { data, trn } = await placed();
    await t.app.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, data.order_id));
    await expireUnpaidOrders(t.app);
    const back = await payerPosts(`${data.payment_url}/pay`);
    expect(back.status).toBe(303);
    expect((await orderRow(t, data.order_id)).status).toBe('CANCELLED');
    expect(trn.refunded).toBe(150_000);
    await waitFor(async () => (await timelineKinds(t, data.order_id)).includes('REFUNDED'));
    expect(await timelineKinds(t, data.order_id)).toEqual([
      'CREATED',
      'PAYMENT_REGISTERED',
      'EXPIRED',
      'LATE_PAYMENT',
      'REFUND_REQUESTED',
      'REFUNDED',
    ]);
  });

  it('refunds in part and in full, never more than was paid; credentials appear nowhere', async () => {
    const { data, trn } = await placed();
    await payerPosts(`${data.payment_url}/pay`);
    const provider = await paymentProvider(t.app);
    await refundOrder(t.app, provider, data.order_id, 50_000);
    await refundOrder(t.app, provider, data.order_id, 100_000);
    await expect(refundOrder(t.app, provider, data.order_id, 1)).rejects.toMatchObject({
      code: 'REFUND_AMOUNT',
    });
    expect(trn.refunded).toBe(150_000);
    expect((await orderRow(t, data.order_id)).refundedGrosze).toBe(150_000);
    await waitFor(
      async () => (await timelineKinds(t, data.order_id)).filter((k) => k === 'REFUNDED').length === 2,
    );
    const events = JSON.stringify(await t.app.db.select().from(orderEvents));
    for (const secret of [CREDENTIALS.apiKey, CREDENTIALS.crc]) {
      expect(events).not.toContain(secret);
      expect(p24.deliveries.map((d) => d.body).join()).not.toContain(secret);
    }
  });

  it('credentials never reach the log, not even when the operator fails (run last)', () => {
    const log = logs.join('\n');
    // The operator-down cases above were logged, so the log is really read.
    expect(logs.length).toBeGreaterThan(0);
    expect(log).toMatch(/"level":(40|50)/);
    for (const secret of [CREDENTIALS.apiKey, CREDENTIALS.crc]) expect(log).not.toContain(secret);
  });
});

describe.skipIf(DB_KIND !== 'postgres')('Przelewy24 with two server processes over one PostgreSQL', () => {
  it('an order placed through one process is paid by a notification to the other; one pays once', async () => {
    const second = await listeningApp(
      {
        PAYMENT_PROVIDER: 'przelewy24',
        P24_MERCHANT_ID: String(CREDENTIALS.merchantId),
        P24_API_KEY: CREDENTIALS.apiKey,
        P24_CRC: CREDENTIALS.crc,
        P24_API_URL: p24.url,
      },
      t,
    );
    try {
      const { api } = await memberWithCart(second);
      const res = await api.post('/sales/cart/order', {});
      const data = res.json().data as { order_id: number; payment_url: string };
      const trn = p24.transactions.get(data.payment_url.split('/').pop()!)!;
      expect(trn.urlStatus).toBe(`${second.app.config.PUBLIC_URL}/panel/api/v1/payments/notify/przelewy24`);
      p24.markPaid(trn);
      const body = p24.notificationOf(trn);
      const [a, b] = await Promise.all([p24.notify(notifyUrl(), body), p24.notify(trn.urlStatus, body)]);
      expect([JSON.parse(a.body).data.result, JSON.parse(b.body).data.result].sort()).toEqual([
        'duplicate',
        'paid',
      ]);
      expect((await orderRow(t, data.order_id)).status).toBe('PAID');
      expect((await api.get(`/sales/orders/item/${data.order_id}`)).json().data.status).toBe('PAID');
    } finally {
      await second.close();
    }
  });
});
