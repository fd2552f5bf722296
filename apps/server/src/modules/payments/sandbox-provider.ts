import { createHash, createHmac } from 'node:crypto';
import { z } from 'zod';
import { safeEqual } from '../../lib/tokens';
import type { IncomingNotification, PaymentOutcome, PaymentProvider } from './provider';

export const SANDBOX_PAGE_PREFIX = '/panel/payments/sandbox/';

const ZSandboxNotification = z.object({
  event_id: z.string().min(1).max(100),
  ref: z.string().min(1).max(100),
  status: z.enum(['PAID', 'CANCELLED']),
  amount_grosze: z.number().int().min(0),
  signature: z.string().min(1).max(200),
});

export type SandboxProvider = PaymentProvider & {
  /** Signs an outcome as the sandbox operator does; the sandbox page and tests use it. */
  signNotification(outcome: PaymentOutcome): Record<string, unknown>;
};

/**
 * The built-in operator: a page of this server where the payer chooses "pay" or "cancel". Its
 * notifications are signed with HMAC-SHA256 with SANDBOX_PAYMENT_SECRET. When it is unset the key is
 * derived from the database location, which every process of one deployment shares, so that a page
 * signed by one process verifies in another behind the load balancer (the sandbox is not a real bank).
 */
export function createSandboxProvider(opts: { publicUrl: string; secret: string }): SandboxProvider {
  const secret = opts.secret;
  const sign = (o: PaymentOutcome) =>
    createHmac('sha256', secret).update(`${o.eventId}|${o.ref}|${o.status}|${o.amountGrosze}`).digest('hex');
  const paymentUrl = (ref: string) => `${opts.publicUrl}${SANDBOX_PAGE_PREFIX}${encodeURIComponent(ref)}`;
  return {
    name: 'sandbox',
    async createPayment(request) {
      return { redirectUrl: paymentUrl(request.ref) };
    },
    paymentUrl,
    verifyNotification({ body }: IncomingNotification) {
      const parsed = ZSandboxNotification.safeParse(body);
      if (!parsed.success) return null;
      const n = parsed.data;
      const outcome: PaymentOutcome = {
        eventId: n.event_id,
        ref: n.ref,
        status: n.status,
        amountGrosze: n.amount_grosze,
      };
      return safeEqual(n.signature, sign(outcome)) ? outcome : null;
    },
    signNotification(o) {
      return {
        event_id: o.eventId,
        ref: o.ref,
        status: o.status,
        amount_grosze: o.amountGrosze,
        signature: sign(o),
      };
    },
  };
}

const providers = new Map<string, SandboxProvider>();

/** One provider per configured name and origin, shared by the order, notification and page routes. */
export function paymentProviderFor(config: {
  PAYMENT_PROVIDER: string;
  PUBLIC_URL: string;
  SANDBOX_PAYMENT_SECRET?: string;
  DATABASE_URL?: string;
  DATA_DIR: string;
}): SandboxProvider {
  const key = `${config.PAYMENT_PROVIDER}|${config.PUBLIC_URL}|${config.SANDBOX_PAYMENT_SECRET ?? config.DATABASE_URL ?? config.DATA_DIR}`;
  let provider = providers.get(key);
  if (!provider) {
    provider = createSandboxProvider({
      publicUrl: config.PUBLIC_URL,
      secret:
        config.SANDBOX_PAYMENT_SECRET ??
        createHash('sha256')
          .update(`sandbox-payments|${config.DATABASE_URL ?? config.DATA_DIR}`)
          .digest('hex'),
    });
    providers.set(key, provider);
  }
  return provider;
}
