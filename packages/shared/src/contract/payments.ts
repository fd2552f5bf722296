/**
 * The payment operators' notifications (issue 15). Called by the operator's servers, not by the
 * panel: no session, authenticated by the operator's signature over the body's bytes.
 */
import { z } from 'zod';
import { defineEndpoint, object, ok } from './define';

/** What a notification did to its order (the operator only needs the 200). */
export const NOTIFICATION_RESULTS = [
  'paid',
  'cancelled',
  'pending',
  'held-accepted',
  'held-released',
  'duplicate',
  'ignored',
  'unknown-order',
  'amount-mismatch',
  'not-confirmed',
  'late-refunded',
  'refund-queued',
  'refund-recorded',
] as const;
export type NotificationResult = (typeof NOTIFICATION_RESULTS)[number];

export const paymentsContract = {
  notify: defineEndpoint({
    method: 'POST',
    path: '/payments/notify/:provider',
    summary:
      "The configured operator's server-to-server notification (PayU, Przelewy24, sandbox), checked by its signature",
    access: 'public',
    params: z.object({ provider: z.string().max(40) }),
    responses: { 200: ok(object({ result: z.enum(NOTIFICATION_RESULTS) })) },
  }),
};
