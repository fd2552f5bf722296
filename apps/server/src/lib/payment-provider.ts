import type { PaymentOutcomeStatus, RefundStatus } from '@club/shared';

/**
 * A payment operator behind one interface (DESIGN.md §3 PAYMENT_PROVIDER): the order module asks
 * for a redirect URL; the operator later tells us the outcome with a notification that we verify
 * (signature), then confirm with the operator itself (Przelewy24's verify call, PayU's order read)
 * before the order counts as paid. Refunds go back through the same operator.
 */
export type PaymentRequest = {
  orderId: number;
  /** This registration's id (`${paymentRef}.${attempt}`): the operator echoes it in notifications. */
  ref: string;
  amountGrosze: number;
  description: string;
  buyerEmail: string;
  language: 'pl' | 'en';
  /** Where the payer's browser comes back to. */
  returnUrl: string;
  /** Where the operator posts the outcome. */
  notifyUrl: string;
  /** How long the payer has, matching ORDER_PAYMENT_MINUTES. */
  timeLimitMinutes: number;
  customerIp: string;
  lines: { name: string; unitPriceGrosze: number; quantity: number }[];
};

export const CURRENCY = 'PLN';

export type PaymentOutcome = {
  /** The operator's id of this notification: a repeated notification carries the same id. */
  eventId: string;
  /** The registration's id as we sent it (`${paymentRef}.${attempt}`, or the bare paymentRef). */
  ref: string;
  /** PAYMENT_OUTCOME_STATUSES of shared; PAID only after confirm(). */
  status: PaymentOutcomeStatus;
  amountGrosze: number;
  currency: string;
  /** The operator's transaction id (Przelewy24 orderId, PayU orderId): refunds need it. */
  providerOrderId?: string;
  /** What the operator needs to confirm this outcome (Przelewy24's verify takes the notification's fields). */
  raw?: Record<string, unknown>;
};

export type RefundNotice = {
  eventId: string;
  providerOrderId: string;
  amountGrosze: number;
  status: RefundStatus;
};

export type VerifiedNotification =
  | { kind: 'payment'; outcome: PaymentOutcome }
  | { kind: 'refund'; refund: RefundNotice };

export type IncomingNotification = {
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  /** The body exactly as received: PayU signs the bytes. */
  rawBody: string;
};

export type RefundRequest = {
  orderId: number;
  ref: string;
  providerOrderId: string;
  amountGrosze: number;
  description: string;
  notifyUrl: string;
};

export interface PaymentProvider {
  readonly name: string;
  /** Registers the payment with the operator; returns where to send the payer. */
  createPayment(request: PaymentRequest): Promise<{ redirectUrl: string; providerOrderId?: string }>;
  /**
   * The payer's page for a registration id when it needs no call to the operator (the sandbox's own
   * page): placing an order then registers the payment in the order's own statement, with no round
   * trip after the commit. An operator that must be called (PayU, Przelewy24) leaves it out.
   */
  redirectUrlOf?(ref: string): string;
  /** An authentic notification, parsed; null when the signature or shape is wrong. */
  verifyNotification(notification: IncomingNotification): Promise<VerifiedNotification | null>;
  /**
   * Asks the operator itself before acting: the confirmed outcome (the operator's word, which may
   * differ from the notification), or null when the operator does not confirm it.
   */
  confirm(outcome: PaymentOutcome): Promise<PaymentOutcome | null>;
  /** PayU's WAITING_FOR_CONFIRMATION: take the held money (accept) or give it back (reject). */
  settleHeld?(outcome: PaymentOutcome, accept: boolean): Promise<void>;
  /**
   * Returns money of a paid transaction, in full or in part; resolves with the operator's refund id,
   * and `status` when the operator settles the refund at once (the sandbox) instead of notifying later.
   */
  refund(request: RefundRequest): Promise<{ refundId: string; status?: RefundStatus }>;
}

/** A failure talking to the operator; its message never carries credentials. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** fetch with a timeout; network failures and 5xx become ProviderError. */
export async function callOperator(
  url: string,
  init: RequestInit & { timeoutMs?: number; retries?: number },
): Promise<Response> {
  const { timeoutMs = 10_000, retries = 0, ...rest } = init;
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetch(url, { ...rest, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
      if (res.status >= 500 && attempt < retries) continue;
      if (res.status >= 500) throw new ProviderError(`operator answered ${res.status}`, res.status);
      return res;
    } catch (error) {
      if (error instanceof ProviderError) throw error;
      if (attempt < retries) continue;
      // The URL's path only: never the query (PayU's token) or credentials.
      throw new ProviderError(`operator unreachable (${new URL(url).pathname}): ${(error as Error).name}`);
    }
  }
}

/**
 * A JSON call to the operator (both REST operators speak JSON): the body sent as JSON, the answer
 * read as JSON, or null when it is none. What counts as a failure is the adapter's to say.
 */
export async function callOperatorJson(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: unknown; retries?: number },
): Promise<{ res: Response; json: Record<string, unknown> | null }> {
  const { body, headers, ...rest } = init;
  const res = await callOperator(url, {
    ...rest,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  return { res, json };
}

/** `${paymentRef}.${attempt}` → paymentRef (paymentRef is base64url: it has no dot). */
export const baseRef = (ref: string) => ref.split('.')[0]!;

/** The member's browser comes back to Home with the order (SPEC.md §1: the order-completed event). */
export const returnPathOf = (orderId: number) => `/panel/home?after_payment=1&order=${orderId}`;

/** Where the operator posts its notifications for this installation. */
export const notifyUrlOf = (config: { PUBLIC_URL: string }, provider: string) =>
  `${config.PUBLIC_URL}/panel/api/v1/payments/notify/${provider}`;

/**
 * The configured operator, injected into the app as `app.payments` (app.ts): orders ask it for a
 * payment without knowing which operator it is, and a new operator plugs in behind it.
 */
export type Payments = { provider(): Promise<PaymentProvider> };
