import { createHash } from 'node:crypto';
import { PAYMENT_OUTCOME_STATUS, REFUND_STATUS } from '@club/shared';
import { z } from 'zod';
import { safeEqual } from '../../lib/tokens';
import { CURRENCY, callOperatorJson, type PaymentProvider, ProviderError } from '../../lib/payment-provider';

export type Przelewy24Options = {
  merchantId: number;
  posId: number;
  apiKey: string;
  crc: string;
  apiUrl: string;
};

/**
 * Przelewy24's sign: SHA-384 (hex) of the JSON of the documented fields, in the documented order,
 * with the CRC key last (PHP's json_encode with unescaped slashes and unicode, as JSON.stringify).
 */
export const p24Sign = (fields: Record<string, unknown>) =>
  createHash('sha384').update(JSON.stringify(fields)).digest('hex');

const ZTransactionNotification = z.object({
  merchantId: z.number().int(),
  posId: z.number().int(),
  sessionId: z.string().min(1).max(100),
  amount: z.number().int().min(0),
  originAmount: z.number().int().min(0),
  currency: z.string().length(3),
  orderId: z.number().int(),
  methodId: z.number().int(),
  statement: z.string().max(200),
  sign: z.string().min(1).max(200),
});

const ZRefundNotification = z.object({
  orderId: z.number().int(),
  sessionId: z.string().min(1).max(100),
  merchantId: z.number().int(),
  requestId: z.string().min(1).max(100),
  refundsUuid: z.string().min(1).max(100),
  amount: z.number().int().min(0),
  currency: z.string().length(3),
  timestamp: z.number().int(),
  status: z.number().int(),
  sign: z.string().min(1).max(200),
});

/** The fields each notification signs, in Przelewy24's documented order (the CRC key follows). */
const PAYMENT_SIGNED = [
  'merchantId',
  'posId',
  'sessionId',
  'amount',
  'originAmount',
  'currency',
  'orderId',
  'methodId',
  'statement',
] as const;
const REFUND_SIGNED = [
  'orderId',
  'sessionId',
  'refundsUuid',
  'merchantId',
  'amount',
  'currency',
  'status',
] as const;

/** Przelewy24 REST API v1 (docs/payments.md): register, notification + verify, refund. */
export function createPrzelewy24Provider(opts: Przelewy24Options): PaymentProvider {
  /** A notification signed with our CRC key, for our merchant. */
  const authentic = <T extends { sign: string; merchantId: number }>(n: T, fields: readonly (keyof T)[]) =>
    n.merchantId === opts.merchantId &&
    safeEqual(n.sign, p24Sign({ ...Object.fromEntries(fields.map((f) => [f, n[f]])), crc: opts.crc }));
  const auth = `Basic ${Buffer.from(`${opts.posId}:${opts.apiKey}`).toString('base64')}`;
  const call = async (method: string, path: string, body: unknown, retries = 0) => {
    const { res, json } = await callOperatorJson(`${opts.apiUrl}/api/v1${path}`, {
      method,
      headers: { authorization: auth },
      body,
      retries,
    });
    if (!res.ok || !json) throw new ProviderError(`Przelewy24 ${path} answered ${res.status}`, res.status);
    return json;
  };

  return {
    name: 'przelewy24',
    async createPayment(request) {
      const body = {
        merchantId: opts.merchantId,
        posId: opts.posId,
        sessionId: request.ref,
        amount: request.amountGrosze,
        currency: CURRENCY,
        description: request.description,
        email: request.buyerEmail,
        country: 'PL',
        language: request.language,
        urlReturn: request.returnUrl,
        urlStatus: request.notifyUrl,
        // Minutes, 0-99 (0 = no limit): the order's own limit, capped.
        timeLimit: Math.min(99, Math.max(1, request.timeLimitMinutes)),
        encoding: 'UTF-8',
        sign: p24Sign({
          sessionId: request.ref,
          merchantId: opts.merchantId,
          amount: request.amountGrosze,
          currency: CURRENCY,
          crc: opts.crc,
        }),
      };
      const json = (await call('POST', '/transaction/register', body)) as { data?: { token?: string } };
      const token = json.data?.token;
      if (!token || !/^[\w-]+$/.test(token)) throw new ProviderError('Przelewy24 returned no token');
      return { redirectUrl: `${opts.apiUrl}/trn/request/${token}` };
    },

    async verifyNotification({ body }) {
      const payment = ZTransactionNotification.safeParse(body);
      if (payment.success) {
        const n = payment.data;
        if (!authentic(n, PAYMENT_SIGNED)) return null;
        // Przelewy24 notifies only successful payments; verify (confirm) makes it final.
        return {
          kind: 'payment',
          outcome: {
            eventId: `trn-${n.orderId}`,
            ref: n.sessionId,
            status: PAYMENT_OUTCOME_STATUS.PAID,
            amountGrosze: n.amount,
            currency: n.currency,
            providerOrderId: String(n.orderId),
          },
        };
      }
      const refund = ZRefundNotification.safeParse(body);
      if (!refund.success) return null;
      const r = refund.data;
      if (!authentic(r, REFUND_SIGNED)) return null;
      return {
        kind: 'refund',
        refund: {
          eventId: `refund-${r.refundsUuid}-${r.status}`,
          providerOrderId: String(r.orderId),
          amountGrosze: r.amount,
          // 0: refund completed, 1: rejected (Przelewy24's refund notification).
          status: r.status === 0 ? REFUND_STATUS.REFUNDED : REFUND_STATUS.REFUND_FAILED,
        },
      };
    },

    async confirm(outcome) {
      if (outcome.status !== PAYMENT_OUTCOME_STATUS.PAID || !outcome.providerOrderId) return outcome;
      const orderId = Number(outcome.providerOrderId);
      const json = (await call(
        'PUT',
        '/transaction/verify',
        {
          merchantId: opts.merchantId,
          posId: opts.posId,
          sessionId: outcome.ref,
          amount: outcome.amountGrosze,
          currency: outcome.currency,
          orderId,
          sign: p24Sign({
            sessionId: outcome.ref,
            orderId,
            amount: outcome.amountGrosze,
            currency: outcome.currency,
            crc: opts.crc,
          }),
        },
        2,
      ).catch((error) => {
        // 400 from verify: Przelewy24 does not know this transaction with these data.
        if (error instanceof ProviderError && error.status !== undefined && error.status < 500) return null;
        throw error;
      })) as { data?: { status?: string } } | null;
      return json?.data?.status === 'success' ? outcome : null;
    },

    async refund(request) {
      const requestId = `${request.orderId}-${Date.now()}`;
      await call('POST', '/transaction/refund', {
        requestId,
        refunds: [
          {
            orderId: Number(request.providerOrderId),
            sessionId: request.ref,
            amount: request.amountGrosze,
            description: request.description.slice(0, 35),
          },
        ],
        refundsUuid: requestId,
        urlStatus: request.notifyUrl,
      });
      return { refundId: requestId };
    },
  };
}
