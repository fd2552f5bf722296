import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { orders, paymentEvents } from '../../db/schema';
import { cancelLockedOrder, markOrderPaid } from '../orders/lifecycle';
import type { PaymentOutcome } from './provider';

export type NotificationResult =
  | 'paid'
  | 'cancelled'
  | 'duplicate'
  | 'ignored'
  | 'unknown-order'
  | 'amount-mismatch';

/**
 * Applies a verified payment outcome once. The event id is recorded in payment_events in the same
 * transaction that changes the order, so a repeated notification (operators retry) changes nothing.
 * The order row is locked, so a notification and the expiry job never both act on one order.
 */
export async function handlePaymentOutcome(
  app: Pick<FastifyInstance, 'db' | 'mailer' | 'config' | 'log'>,
  provider: string,
  outcome: PaymentOutcome,
): Promise<NotificationResult> {
  const result = await app.db.transaction(async (tx): Promise<NotificationResult> => {
    const [order] = await tx.select().from(orders).where(eq(orders.paymentRef, outcome.ref)).for('update');
    if (!order || order.paymentProvider !== provider) return 'unknown-order';
    const [event] = await tx
      .insert(paymentEvents)
      .values({
        orderId: order.id,
        provider,
        eventId: `${provider}:${outcome.eventId}`,
        status: outcome.status,
      })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!event) return 'duplicate';
    if (order.status !== 'WAITING_PAYMENT') {
      // e.g. money arriving after the order expired: kept in payment_events for the club to refund.
      app.log.warn(
        { orderId: order.id, status: order.status, outcome: outcome.status },
        'payment outcome for a settled order',
      );
      return 'ignored';
    }
    if (outcome.status === 'PAID') {
      if (outcome.amountGrosze !== order.totalGrosze) {
        app.log.warn(
          { orderId: order.id, expected: order.totalGrosze, got: outcome.amountGrosze },
          'payment amount mismatch',
        );
        return 'amount-mismatch';
      }
      await markOrderPaid(tx, app, order);
      return 'paid';
    }
    await cancelLockedOrder(tx, app, order);
    return 'cancelled';
  });
  if (result === 'paid' || result === 'cancelled') void app.mailer.flush(app.db);
  return result;
}
