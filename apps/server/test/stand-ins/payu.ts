import { createHash, randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { deliver, html, json, listen, paymentPage, redirect } from './common';

/**
 * A stand-in of PayU's REST API v2.1, written to its documentation (developers.payu.com):
 * OAuth client_credentials, POST /api/v2_1/orders (302 with a JSON body and redirectUri),
 * notifications signed in the OpenPayu-Signature header (hash of the body + the second key,
 * MD5 or SHA-256), GET of an order, accepting or cancelling a WAITING_FOR_CONFIRMATION order,
 * refunds with their notification.
 */
export type PayuOrder = {
  orderId: string;
  extOrderId: string;
  status: 'NEW' | 'PENDING' | 'WAITING_FOR_CONFIRMATION' | 'COMPLETED' | 'CANCELED';
  totalAmount: string;
  currencyCode: string;
  description: string;
  notifyUrl: string;
  continueUrl: string;
  language: string;
  refunded: number;
};

export async function startPayuStandIn(opts: {
  posId: string;
  clientId: string;
  clientSecret: string;
  secondKey: string;
  algorithm?: 'MD5' | 'SHA-256';
  port?: number;
}) {
  const orders = new Map<string, PayuOrder>();
  const tokens = new Map<string, number>();
  const deliveries: { url: string; body: string; status: number }[] = [];
  const state = {
    down: false,
    tokensIssued: 0,
    /** false: a paid order waits for the shop's confirmation (automatic receipt off). */
    autoReceive: true,
    algorithm: opts.algorithm ?? ('MD5' as 'MD5' | 'SHA-256'),
  };

  const signatureOf = (body: string, algorithm = state.algorithm) =>
    `sender=checkout;signature=${createHash(algorithm === 'MD5' ? 'md5' : 'sha256')
      .update(body + opts.secondKey)
      .digest('hex')};algorithm=${algorithm};content=DOCUMENT`;

  const orderJson = (o: PayuOrder) => ({
    orderId: o.orderId,
    extOrderId: o.extOrderId,
    orderCreateDate: new Date().toISOString(),
    notifyUrl: o.notifyUrl,
    customerIp: '127.0.0.1',
    merchantPosId: opts.posId,
    description: o.description,
    currencyCode: o.currencyCode,
    totalAmount: o.totalAmount,
    status: o.status,
  });

  const send = async (url: string, payload: unknown, signature?: string) => {
    const body = JSON.stringify(payload);
    const result = await deliver(url, body, { 'OpenPayu-Signature': signature ?? signatureOf(body) });
    deliveries.push({ url, body, status: result.status });
    return result;
  };
  const notifyOrder = (o: PayuOrder) =>
    send(o.notifyUrl, {
      order: orderJson(o),
      localReceiptDateTime: new Date().toISOString(),
      properties: [{ name: 'PAYMENT_ID', value: '5000' }],
    });

  const bearer = (header: string | undefined) => {
    const token = header?.startsWith('Bearer ') ? header.slice(7) : '';
    const until = tokens.get(token);
    return until !== undefined && until > Date.now();
  };

  const { server, url } = await listen(async (req, body, res, u) => {
    const path = u.pathname;
    if (state.down && path.startsWith('/api/'))
      return json(res, 503, { status: { statusCode: 'SERVICE_NOT_AVAILABLE' } });
    if (req.method === 'POST' && path === '/pl/standard/user/oauth/authorize') {
      const form = new URLSearchParams(body);
      if (
        form.get('grant_type') !== 'client_credentials' ||
        form.get('client_id') !== opts.clientId ||
        form.get('client_secret') !== opts.clientSecret
      )
        return json(res, 401, { error: 'invalid_client', error_description: 'Bad client credentials' });
      const token = randomBytes(16).toString('hex');
      tokens.set(token, Date.now() + 43_199_000);
      state.tokensIssued++;
      return json(res, 200, {
        access_token: token,
        token_type: 'bearer',
        expires_in: 43199,
        grant_type: 'client_credentials',
      });
    }
    if (path.startsWith('/api/v2_1/')) {
      if (!bearer(req.headers.authorization))
        return json(res, 401, { error: 'invalid_token', error_description: 'Access token expired' });
      const b = body ? (JSON.parse(body) as Record<string, any>) : {};
      if (req.method === 'POST' && path === '/api/v2_1/orders') {
        for (const f of [
          'notifyUrl',
          'customerIp',
          'merchantPosId',
          'description',
          'currencyCode',
          'totalAmount',
          'products',
        ])
          if (b[f] === undefined || b[f] === '')
            return json(res, 400, { status: { statusCode: 'ERROR_VALUE_MISSING', codeLiteral: f } });
        if (b.merchantPosId !== opts.posId)
          return json(res, 400, {
            status: { statusCode: 'ERROR_VALUE_INVALID', codeLiteral: 'merchantPosId' },
          });
        if ([...orders.values()].some((o) => o.extOrderId === b.extOrderId))
          return json(res, 400, { status: { statusCode: 'ERROR_ORDER_NOT_UNIQUE' } });
        const orderId = randomBytes(10).toString('hex').toUpperCase();
        orders.set(orderId, {
          orderId,
          extOrderId: b.extOrderId,
          status: 'NEW',
          totalAmount: b.totalAmount,
          currencyCode: b.currencyCode,
          description: b.description,
          notifyUrl: b.notifyUrl,
          continueUrl: b.continueUrl,
          language: b.buyer?.language ?? 'pl',
          refunded: 0,
        });
        return json(
          res,
          302,
          {
            status: { statusCode: 'SUCCESS' },
            redirectUri: `${url}/pay/?orderId=${orderId}`,
            orderId,
            extOrderId: b.extOrderId,
          },
          { location: `${url}/pay/?orderId=${orderId}` },
        );
      }
      const one = /^\/api\/v2_1\/orders\/([A-Z0-9]+)(\/(status|refunds))?$/.exec(path);
      const o = one ? orders.get(one[1]!) : undefined;
      if (!one || !o) return json(res, 404, { status: { statusCode: 'DATA_NOT_FOUND' } });
      if (req.method === 'GET' && !one[2])
        return json(res, 200, {
          orders: [orderJson(o)],
          status: { statusCode: 'SUCCESS', statusDesc: 'Request processing successful' },
        });
      if (req.method === 'PUT' && one[3] === 'status') {
        if (o.status !== 'WAITING_FOR_CONFIRMATION' || b.orderStatus !== 'COMPLETED')
          return json(res, 400, { status: { statusCode: 'ERROR_ORDER_NOT_UPDATED' } });
        o.status = 'COMPLETED';
        setTimeout(() => void notifyOrder(o), 10);
        return json(res, 200, { status: { statusCode: 'SUCCESS', statusDesc: 'Status was updated' } });
      }
      if (req.method === 'DELETE' && !one[2]) {
        if (o.status === 'COMPLETED')
          return json(res, 400, { status: { statusCode: 'ERROR_ORDER_NOT_UPDATED' } });
        o.status = 'CANCELED';
        setTimeout(() => void notifyOrder(o), 10);
        return json(res, 200, {
          orderId: o.orderId,
          extOrderId: o.extOrderId,
          status: { statusCode: 'SUCCESS' },
        });
      }
      if (req.method === 'POST' && one[3] === 'refunds') {
        const amount =
          b.refund?.amount === undefined ? Number(o.totalAmount) - o.refunded : Number(b.refund.amount);
        if (o.status !== 'COMPLETED' || !(amount > 0) || o.refunded + amount > Number(o.totalAmount))
          return json(res, 400, { status: { statusCode: 'ERROR_VALUE_INVALID', codeLiteral: 'NO_BALANCE' } });
        o.refunded += amount;
        const refundId = String(5_000_000 + Math.floor(Math.random() * 1_000_000));
        const refund = {
          refundId,
          extRefundId: b.refund?.extRefundId,
          amount: String(amount),
          currencyCode: o.currencyCode,
          description: b.refund?.description,
          creationDateTime: new Date().toISOString(),
          status: 'PENDING',
          statusDateTime: new Date().toISOString(),
        };
        setTimeout(
          () =>
            void send(o.notifyUrl, {
              orderId: o.orderId,
              extOrderId: o.extOrderId,
              refund: { ...refund, status: 'FINALIZED', reasonDescription: refund.description },
            }),
          10,
        );
        return json(res, 200, {
          orderId: o.orderId,
          refund,
          status: { statusCode: 'SUCCESS', statusDesc: 'Refund queued for processing' },
        });
      }
      return json(res, 404, { status: { statusCode: 'DATA_NOT_FOUND' } });
    }
    const o = orders.get(u.searchParams.get('orderId') ?? '');
    if (!path.startsWith('/pay') || !o) return html(res, 404, '<h1>Order not found</h1>');
    if (req.method === 'GET')
      return html(
        res,
        200,
        paymentPage({
          operator: 'PayU (stand-in)',
          lang: o.language,
          description: o.description,
          amountGrosze: Number(o.totalAmount),
          payAction: `/pay/ok?orderId=${o.orderId}`,
          cancelAction: `/pay/cancel?orderId=${o.orderId}`,
        }),
      );
    if (path === '/pay/ok') {
      o.status = 'PENDING';
      await notifyOrder(o);
      o.status = state.autoReceive ? 'COMPLETED' : 'WAITING_FOR_CONFIRMATION';
      await notifyOrder(o);
      return redirect(res, o.continueUrl);
    }
    o.status = 'CANCELED';
    await notifyOrder(o);
    // PayU adds error=501 to continueUrl when the payment failed.
    return redirect(res, `${o.continueUrl}${o.continueUrl.includes('?') ? '&' : '?'}error=501`);
  }, opts.port);

  return {
    url,
    server: server as Server,
    state,
    orders,
    deliveries,
    byExt: (ext: string) => [...orders.values()].find((o) => o.extOrderId === ext),
    orderJson,
    signatureOf,
    send,
    notifyOrder,
    expireTokens: () => {
      for (const k of tokens.keys()) tokens.set(k, 0);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
