/**
 * A payment operator behind one interface (DESIGN.md §3 PAYMENT_PROVIDER): the order module asks
 * for a redirect URL, the operator later tells us the outcome with a notification that we verify.
 */
export type PaymentRequest = {
  orderId: number;
  /** Our unguessable reference of the order; the operator echoes it back in notifications. */
  ref: string;
  amountGrosze: number;
  description: string;
  buyerEmail: string;
  language: 'pl' | 'en';
  /** Where the payer's browser comes back to. */
  returnUrl: string;
  /** Where the operator posts the outcome. */
  notifyUrl: string;
};

export type PaymentOutcome = {
  /** The operator's id of this notification: a repeated notification carries the same id. */
  eventId: string;
  ref: string;
  status: 'PAID' | 'CANCELLED';
  amountGrosze: number;
};

export type IncomingNotification = { headers: Record<string, string | string[] | undefined>; body: unknown };

export interface PaymentProvider {
  readonly name: string;
  /** Registers the payment with the operator; returns where to send the payer. */
  createPayment(request: PaymentRequest): Promise<{ redirectUrl: string }>;
  /** The payer's link again, for an order that still waits for payment. */
  paymentUrl(ref: string): string;
  /** A verified outcome, or null when the notification is not authentic or malformed. */
  verifyNotification(notification: IncomingNotification): PaymentOutcome | null;
}
