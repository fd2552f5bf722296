import { createHash } from 'node:crypto';
import { PAYMENT_OUTCOME_STATUS, type PaymentOutcomeStatus, REFUND_STATUS } from '@club/shared';
import { z } from 'zod';
import { safeEqual } from '../../lib/tokens';
import {
  CURRENCY,
  callOperator,
  callOperatorJson,
  type PaymentProvider,
  ProviderError,
} from '../../lib/payment-provider';

export type PayuOptions = {
  posId: string;
  clientId: string;
  clientSecret: string;
  secondKey: string;
  apiUrl: string;
};

/**
 * PayU's OpenPayu-Signature header: `sender=checkout;signature=…;algorithm=MD5;content=DOCUMENT`.
 * The signature is the hash of the body's bytes followed by the second key (MD5 or SHA-256).
 */
export function payuSignatureValid(header: string | undefined, rawBody: string, secondKey: string): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(
    header.split(';').map((p) => {
      const i = p.indexOf('=');
      return [p.slice(0, i).trim().toLowerCase(), p.slice(i + 1).trim()];
    }),
  );
  const algorithm = String(parts.algorithm ?? 'MD5').toUpperCase();
  const hash =
    algorithm === 'MD5' ? 'md5' : algorithm === 'SHA-256' || algorithm === 'SHA256' ? 'sha256' : null;
  if (!hash || typeof parts.signature !== 'string') return false;
  const expected = createHash(hash)
    .update(rawBody + secondKey)
    .digest('hex');
  return safeEqual(parts.signature.toLowerCase(), expected);
}

const ZOrder = z.object({
  orderId: z.string().min(1).max(100),
  extOrderId: z.string().min(1).max(100).optional(),
  status: z.string().max(40),
  totalAmount: z.string().regex(/^\d+$/),
  currencyCode: z.string().length(3),
});
const ZOrderNotification = z.object({ order: ZOrder });
const ZRefundNotification = z.object({
  orderId: z.string().min(1).max(100),
  refund: z.object({
    refundId: z.string().min(1).max(100),
    amount: z.string().regex(/^\d+$/),
    status: z.string().max(40),
  }),
});

/** PayU's order statuses (its own words) as ours; NEW and PENDING are both "nothing yet". */
const statusOf = (s: string): PaymentOutcomeStatus =>
  s === 'COMPLETED'
    ? PAYMENT_OUTCOME_STATUS.PAID
    : s === 'CANCELED'
      ? PAYMENT_OUTCOME_STATUS.CANCELLED
      : s === 'WAITING_FOR_CONFIRMATION'
        ? PAYMENT_OUTCOME_STATUS.WAITING_FOR_CONFIRMATION
        : PAYMENT_OUTCOME_STATUS.PENDING;

/** PayU REST API v2.1 (docs/payments.md): OAuth, orders, notifications, order read, refunds. */
export function createPayuProvider(opts: PayuOptions): PaymentProvider {
  let token: { value: string; until: number } | null = null;
  let pendingToken: Promise<string> | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    pendingToken ??= (async () => {
      const res = await callOperator(`${opts.apiUrl}/pl/standard/user/oauth/authorize`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: opts.clientId,
          client_secret: opts.clientSecret,
        }).toString(),
        retries: 2,
      });
      const json = (await res.json().catch(() => null)) as {
        access_token?: string;
        expires_in?: number;
      } | null;
      if (!res.ok || !json?.access_token)
        throw new ProviderError(`PayU OAuth answered ${res.status}`, res.status);
      // A minute early, so a token never expires on its way.
      token = {
        value: json.access_token,
        until: Date.now() + Math.max(0, (json.expires_in ?? 0) - 60) * 1000,
      };
      return token.value;
    })().finally(() => {
      pendingToken = null;
    });
    return pendingToken;
  }

  async function call(method: string, path: string, body?: unknown, retries = 0) {
    const send = async () =>
      callOperatorJson(`${opts.apiUrl}/api/v2_1${path}`, {
        method,
        headers: { authorization: `Bearer ${await accessToken()}` },
        body,
        retries,
      });
    let { res, json } = await send();
    if (res.status === 401) {
      token = null; // revoked or expired early: one fresh token
      ({ res, json } = await send());
    }
    // Creating an order answers 302 with the JSON body (redirects are not followed).
    if ((!res.ok && res.status !== 302) || !json)
      throw new ProviderError(`PayU ${method} ${path.split('/')[1]} answered ${res.status}`, res.status);
    return json;
  }

  return {
    name: 'payu',
    async createPayment(request) {
      const json = (await call('POST', '/orders', {
        notifyUrl: request.notifyUrl,
        continueUrl: request.returnUrl,
        customerIp: request.customerIp,
        merchantPosId: opts.posId,
        description: request.description,
        currencyCode: CURRENCY,
        totalAmount: String(request.amountGrosze),
        extOrderId: request.ref,
        validityTime: String(request.timeLimitMinutes * 60),
        buyer: { email: request.buyerEmail, language: request.language },
        products: request.lines.map((l) => ({
          name: l.name,
          unitPrice: String(l.unitPriceGrosze),
          quantity: String(l.quantity),
        })),
      })) as { redirectUri?: string; orderId?: string; status?: { statusCode?: string } };
      if (
        json.status?.statusCode !== 'SUCCESS' ||
        !json.redirectUri ||
        !/^https?:\/\//.test(json.redirectUri)
      )
        throw new ProviderError(`PayU refused the order: ${json.status?.statusCode ?? 'no status'}`);
      return { redirectUrl: json.redirectUri, providerOrderId: json.orderId };
    },

    async verifyNotification({ headers, rawBody, body }) {
      const header = headers['openpayu-signature'];
      if (!payuSignatureValid(Array.isArray(header) ? header[0] : header, rawBody, opts.secondKey))
        return null;
      const order = ZOrderNotification.safeParse(body);
      if (order.success) {
        const o = order.data.order;
        if (!o.extOrderId) return null;
        return {
          kind: 'payment',
          outcome: {
            eventId: `${o.orderId}-${o.status}`,
            ref: o.extOrderId,
            status: statusOf(o.status),
            amountGrosze: Number(o.totalAmount),
            currency: o.currencyCode,
            providerOrderId: o.orderId,
          },
        };
      }
      const refund = ZRefundNotification.safeParse(body);
      if (!refund.success) return null;
      const r = refund.data;
      if (r.refund.status !== 'FINALIZED' && r.refund.status !== 'CANCELED') return null;
      return {
        kind: 'refund',
        refund: {
          eventId: `refund-${r.refund.refundId}-${r.refund.status}`,
          providerOrderId: r.orderId,
          amountGrosze: Number(r.refund.amount),
          status: r.refund.status === 'FINALIZED' ? REFUND_STATUS.REFUNDED : REFUND_STATUS.REFUND_FAILED,
        },
      };
    },

    // PayU's advice: read the order again before acting on a notification.
    async confirm(outcome) {
      if (!outcome.providerOrderId) return null;
      const json = (await call(
        'GET',
        `/orders/${encodeURIComponent(outcome.providerOrderId)}`,
        undefined,
        2,
      ).catch((error) => {
        if (error instanceof ProviderError && error.status === 404) return null;
        throw error;
      })) as { orders?: unknown[] } | null;
      const read = ZOrder.safeParse(json?.orders?.[0]);
      if (!read.success || read.data.extOrderId !== outcome.ref) return null;
      return {
        ...outcome,
        status: statusOf(read.data.status),
        amountGrosze: Number(read.data.totalAmount),
        currency: read.data.currencyCode,
      };
    },

    async settleHeld(outcome, accept) {
      const id = encodeURIComponent(outcome.providerOrderId!);
      if (accept)
        await call('PUT', `/orders/${id}/status`, {
          orderId: outcome.providerOrderId,
          orderStatus: 'COMPLETED',
        });
      else await call('DELETE', `/orders/${id}`);
    },

    async refund(request) {
      const json = (await call('POST', `/orders/${encodeURIComponent(request.providerOrderId)}/refunds`, {
        refund: {
          description: request.description,
          amount: String(request.amountGrosze),
          extRefundId: `${request.ref}-r${Date.now()}`,
        },
      })) as { refund?: { refundId?: string }; status?: { statusCode?: string } };
      if (json.status?.statusCode !== 'SUCCESS' || !json.refund?.refundId)
        throw new ProviderError(`PayU refused the refund: ${json.status?.statusCode ?? 'no status'}`);
      return { refundId: json.refund.refundId };
    },
  };
}
