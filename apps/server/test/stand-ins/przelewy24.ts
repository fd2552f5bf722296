import { createHash, randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { deliver, html, json, listen, paymentPage, redirect } from './common';

/**
 * A stand-in of Przelewy24's REST API v1, written to its documentation (docs.przelewy24.pl):
 * HTTP Basic auth (posId : API key), SHA-384 signs over JSON of the documented fields with the
 * CRC key, transaction/register → token → /trn/request/{token}, the status notification (urlStatus)
 * only for a successful payment, transaction/verify, transaction/refund with its own notification.
 */
export type P24Transaction = {
  token: string;
  sessionId: string;
  amount: number;
  currency: string;
  description: string;
  email: string;
  language: string;
  urlReturn: string;
  urlStatus: string;
  timeLimit: number;
  orderId: number;
  paid: boolean;
  verified: boolean;
  refunded: number;
};

const sign = (fields: Record<string, unknown>) =>
  createHash('sha384').update(JSON.stringify(fields)).digest('hex');

export async function startPrzelewy24StandIn(opts: {
  merchantId: number;
  posId?: number;
  apiKey: string;
  crc: string;
  port?: number;
}) {
  const posId = opts.posId ?? opts.merchantId;
  const transactions = new Map<string, P24Transaction>();
  const byOrderId = new Map<number, P24Transaction>();
  const deliveries: { url: string; body: string; status: number }[] = [];
  let nextOrderId = 300_000_000 + Math.floor(Math.random() * 1000) * 1000;
  const state = { down: false, notifyOnPay: true, verifyCalls: 0 };

  const authorised = (header: string | undefined) =>
    header === `Basic ${Buffer.from(`${posId}:${opts.apiKey}`).toString('base64')}`;

  /** The signed status notification of a paid transaction (the body Przelewy24 posts). */
  const notificationOf = (
    t: P24Transaction,
    override: Partial<{ amount: number; currency: string }> = {},
  ) => {
    const amount = override.amount ?? t.amount;
    const currency = override.currency ?? t.currency;
    const fields = {
      merchantId: opts.merchantId,
      posId,
      sessionId: t.sessionId,
      amount,
      originAmount: amount,
      currency,
      orderId: t.orderId,
      methodId: 154,
      statement: `p24-${t.orderId}`,
    };
    return { ...fields, sign: sign({ ...fields, crc: opts.crc }) };
  };

  const notify = async (url: string, body: unknown) => {
    const text = JSON.stringify(body);
    const result = await deliver(url, text);
    deliveries.push({ url, body: text, status: result.status });
    return result;
  };

  const { server, url } = await listen(async (req, body, res, u) => {
    const path = u.pathname;
    if (path.startsWith('/api/v1/')) {
      if (!authorised(req.headers.authorization))
        return json(res, 401, { error: 'Incorrect authentication', code: 401 });
      if (state.down) return json(res, 503, { error: 'Service unavailable', code: 503 });
      const b = JSON.parse(body || '{}') as Record<string, any>;
      if (req.method === 'POST' && path === '/api/v1/transaction/register') {
        const expected = sign({
          sessionId: b.sessionId,
          merchantId: b.merchantId,
          amount: b.amount,
          currency: b.currency,
          crc: opts.crc,
        });
        if (b.sign !== expected || b.merchantId !== opts.merchantId || b.posId !== posId)
          return json(res, 400, { error: 'Incorrect sign', code: 400 });
        for (const f of [
          'sessionId',
          'amount',
          'currency',
          'description',
          'email',
          'country',
          'language',
          'urlReturn',
        ])
          if (b[f] === undefined || b[f] === '') return json(res, 400, { error: `Invalid ${f}`, code: 400 });
        if ([...transactions.values()].some((t) => t.sessionId === b.sessionId))
          return json(res, 400, { error: 'Transaction with this sessionId already exists', code: 400 });
        const token = randomBytes(16).toString('hex').toUpperCase();
        const t: P24Transaction = {
          token,
          sessionId: b.sessionId,
          amount: b.amount,
          currency: b.currency,
          description: b.description,
          email: b.email,
          language: b.language,
          urlReturn: b.urlReturn,
          urlStatus: b.urlStatus,
          timeLimit: b.timeLimit,
          orderId: ++nextOrderId,
          paid: false,
          verified: false,
          refunded: 0,
        };
        transactions.set(token, t);
        byOrderId.set(t.orderId, t);
        return json(res, 200, { data: { token }, responseCode: 0 });
      }
      if (req.method === 'PUT' && path === '/api/v1/transaction/verify') {
        state.verifyCalls++;
        const t = byOrderId.get(b.orderId);
        const expected = sign({
          sessionId: b.sessionId,
          orderId: b.orderId,
          amount: b.amount,
          currency: b.currency,
          crc: opts.crc,
        });
        if (
          !t?.paid ||
          b.sign !== expected ||
          t.sessionId !== b.sessionId ||
          t.amount !== b.amount ||
          t.currency !== b.currency
        )
          return json(res, 400, { error: 'Transaction verification failed', code: 400 });
        t.verified = true;
        return json(res, 200, { data: { status: 'success' }, responseCode: 0 });
      }
      if (req.method === 'POST' && path === '/api/v1/transaction/refund') {
        const refunds = (b.refunds ?? []) as {
          orderId: number;
          sessionId: string;
          amount: number;
          description: string;
        }[];
        const results = refunds.map((r) => {
          const t = byOrderId.get(r.orderId);
          const ok =
            !!t &&
            t.verified &&
            t.sessionId === r.sessionId &&
            r.amount > 0 &&
            t.refunded + r.amount <= t.amount;
          if (ok) t!.refunded += r.amount;
          return { ...r, status: ok, message: ok ? 'success' : 'Refund not allowed' };
        });
        if (results.some((r) => !r.status)) return json(res, 400, { error: results, code: 400 });
        setTimeout(() => {
          for (const r of refunds) {
            const fields = {
              orderId: r.orderId,
              sessionId: r.sessionId,
              merchantId: opts.merchantId,
              requestId: b.requestId,
              refundsUuid: b.refundsUuid,
              amount: r.amount,
              currency: 'PLN',
              timestamp: Math.floor(Date.now() / 1000),
              status: 0,
            };
            const signed = sign({
              orderId: fields.orderId,
              sessionId: fields.sessionId,
              refundsUuid: fields.refundsUuid,
              merchantId: fields.merchantId,
              amount: fields.amount,
              currency: fields.currency,
              status: fields.status,
              crc: opts.crc,
            });
            if (b.urlStatus) void notify(b.urlStatus, { ...fields, sign: signed });
          }
        }, 10);
        return json(res, 201, { data: results, responseCode: 0 });
      }
      return json(res, 404, { error: 'Not found', code: 404 });
    }
    const page = /^\/trn\/request\/([A-F0-9]+)(\/(pay|cancel))?$/.exec(path);
    const t = page ? transactions.get(page[1]!) : undefined;
    if (!page || !t) return html(res, 404, '<h1>Transaction not found</h1>');
    if (req.method === 'GET')
      return html(
        res,
        200,
        paymentPage({
          operator: 'Przelewy24 (stand-in)',
          lang: t.language,
          description: t.description,
          amountGrosze: t.amount,
          payAction: `/trn/request/${t.token}/pay`,
          cancelAction: `/trn/request/${t.token}/cancel`,
        }),
      );
    if (page[3] === 'pay') {
      t.paid = true;
      // The status notification comes before the payer is sent back (it may arrive either way).
      if (state.notifyOnPay) await notify(t.urlStatus, notificationOf(t));
    }
    return redirect(res, t.urlReturn);
  }, opts.port);

  return {
    url,
    server: server as Server,
    state,
    transactions,
    deliveries,
    bySession: (sessionId: string) => [...transactions.values()].find((t) => t.sessionId === sessionId),
    /** Marks the transaction paid as the payer would, without sending the notification. */
    markPaid: (t: P24Transaction) => {
      t.paid = true;
    },
    notificationOf,
    notify,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
