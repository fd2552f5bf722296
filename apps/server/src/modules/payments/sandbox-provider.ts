import { createHmac } from 'node:crypto';
import { PAYMENT_OUTCOME_STATUS, REFUND_STATUS } from '@club/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { installationSecret } from '../../lib/installation-secrets';
import { randomToken, safeEqual } from '../../lib/tokens';
import { createPayuProvider } from './payu-provider';
import {
  baseRef,
  type PaymentOutcome,
  type PaymentProvider,
  ProviderError,
} from '../../lib/payment-provider';
import { createPrzelewy24Provider } from './przelewy24-provider';

export const SANDBOX_PAGE_PREFIX = '/panel/payments/sandbox/';
/** How long the sandbox page's signed form may be sent after the page was shown. */
const PAGE_TOKEN_MS = 30 * 60_000;

const ZSandboxNotification = z.object({
  event_id: z.string().min(1).max(100),
  ref: z.string().min(1).max(100),
  status: z.enum([PAYMENT_OUTCOME_STATUS.PAID, PAYMENT_OUTCOME_STATUS.CANCELLED]),
  amount_grosze: z.number().int().min(0),
  currency: z.string().length(3).default('PLN'),
  signature: z.string().min(1).max(200),
});

export type SandboxProvider = PaymentProvider & {
  /** Signs an outcome as the sandbox operator does; the sandbox page and tests use it. */
  signNotification(
    outcome: Omit<PaymentOutcome, 'currency'> & { currency?: string },
  ): Record<string, unknown>;
  /** The sandbox page's form token: only a page this installation showed can be sent. */
  pageToken(ref: string, issuedAt?: number): string;
  pageTokenValid(ref: string, token: string): boolean;
};

/**
 * The built-in operator, for demos and development only (refused in production unless opted in):
 * a page of this server where the payer chooses "pay" or "cancel". Its notifications and its page's
 * forms are signed with HMAC-SHA256 with SANDBOX_PAYMENT_SECRET or, when unset, a random key made
 * once per installation and kept in the database (every process shares it; nothing guessable).
 */
export function createSandboxProvider(opts: { publicUrl: string; secret: string }): SandboxProvider {
  const hmac = (s: string) => createHmac('sha256', opts.secret).update(s).digest('hex');
  const sign = (o: {
    eventId: string;
    ref: string;
    status: string;
    amountGrosze: number;
    currency: string;
  }) => hmac(`${o.eventId}|${o.ref}|${o.status}|${o.amountGrosze}|${o.currency}`);
  const pageUrl = (ref: string) => `${opts.publicUrl}${SANDBOX_PAGE_PREFIX}${encodeURIComponent(ref)}`;
  // The page is named by the order's paymentRef, whichever registration it is.
  const redirectUrlOf = (ref: string) => pageUrl(baseRef(ref));
  return {
    name: 'sandbox',
    async createPayment(request) {
      return { redirectUrl: redirectUrlOf(request.ref) };
    },
    redirectUrlOf,
    async verifyNotification({ body }) {
      const parsed = ZSandboxNotification.safeParse(body);
      if (!parsed.success) return null;
      const n = parsed.data;
      const outcome: PaymentOutcome = {
        eventId: n.event_id,
        ref: n.ref,
        status: n.status,
        amountGrosze: n.amount_grosze,
        currency: n.currency,
        providerOrderId: `sandbox-${n.event_id}`,
      };
      return safeEqual(n.signature, sign(outcome)) ? { kind: 'payment', outcome } : null;
    },
    async confirm(outcome) {
      return outcome;
    },
    async refund(request) {
      // The sandbox settles a refund at once (no money moves): the timeline says REFUNDED straight away.
      if (!Number.isInteger(request.amountGrosze) || request.amountGrosze <= 0 || !request.providerOrderId)
        throw new ProviderError('sandbox: a refund needs a paid transaction and a positive amount');
      return { refundId: `sandbox-refund-${randomToken(8)}`, status: REFUND_STATUS.REFUNDED };
    },
    signNotification(o) {
      const currency = o.currency ?? 'PLN';
      return {
        event_id: o.eventId,
        ref: o.ref,
        status: o.status,
        amount_grosze: o.amountGrosze,
        currency,
        signature: sign({ ...o, currency }),
      };
    },
    pageToken(ref, issuedAt = Date.now()) {
      return `${issuedAt}.${hmac(`page|${ref}|${issuedAt}`)}`;
    },
    pageTokenValid(ref, token) {
      const [at, mac] = token.split('.');
      const issuedAt = Number(at);
      if (!Number.isSafeInteger(issuedAt) || !mac) return false;
      if (Date.now() - issuedAt > PAGE_TOKEN_MS || issuedAt > Date.now() + 60_000) return false;
      return safeEqual(mac, hmac(`page|${ref}|${issuedAt}`));
    },
  };
}

type Deps = Pick<FastifyInstance, 'config' | 'db'>;
const providers = new WeakMap<object, Promise<PaymentProvider>>();

/** The configured operator (one per app), shared by the order, notification and page routes. */
export function paymentProvider(app: Deps): Promise<PaymentProvider> {
  let provider = providers.get(app.config);
  if (!provider) {
    const c = app.config;
    provider = (async (): Promise<PaymentProvider> => {
      if (c.PAYMENT_PROVIDER === 'przelewy24')
        return createPrzelewy24Provider({
          merchantId: c.P24_MERCHANT_ID!,
          posId: c.P24_POS_ID!,
          apiKey: c.P24_API_KEY!,
          crc: c.P24_CRC!,
          apiUrl: c.P24_API_URL,
        });
      if (c.PAYMENT_PROVIDER === 'payu')
        return createPayuProvider({
          posId: c.PAYU_POS_ID!,
          clientId: c.PAYU_CLIENT_ID!,
          clientSecret: c.PAYU_CLIENT_SECRET!,
          secondKey: c.PAYU_SECOND_KEY!,
          apiUrl: c.PAYU_API_URL,
        });
      const secret = c.SANDBOX_PAYMENT_SECRET ?? (await installationSecret(app.db, 'sandbox-payments'));
      return createSandboxProvider({ publicUrl: c.PUBLIC_URL, secret });
    })();
    provider.catch(() => providers.delete(app.config));
    providers.set(app.config, provider);
  }
  return provider;
}

/** The sandbox provider of this app (tests and the sandbox page). */
export async function sandboxProvider(app: Deps): Promise<SandboxProvider> {
  const provider = await paymentProvider(app);
  if (provider.name !== 'sandbox') throw new Error('the sandbox is not the configured provider');
  return provider as SandboxProvider;
}
