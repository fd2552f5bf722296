import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orderEvents } from '../../db/schema';

/**
 * The kinds of an order's timeline (order_events), read by the sales desk. Details hold amounts,
 * the operator's ids and reasons; never credentials or the payer's card data.
 */
export type OrderEventKind =
  | 'CREATED'
  | 'PAID'
  | 'PAYMENT_REGISTERED'
  | 'PAYMENT_REGISTRATION_FAILED'
  | 'PAYMENT_PENDING'
  | 'PAYMENT_CANCELLED'
  | 'PAYMENT_REFUSED'
  | 'PAYMENT_NOT_CONFIRMED'
  | 'HELD_PAYMENT_ACCEPTED'
  | 'HELD_PAYMENT_RELEASED'
  | 'LATE_PAYMENT'
  | 'DUPLICATE_PAYMENT'
  | 'REFUND_REQUESTED'
  | 'REFUND_FAILED'
  | 'REFUNDED'
  | 'REFUND_REJECTED'
  | 'EXPIRED'
  | 'CANCELLED';

export async function recordOrderEvent(
  db: Tx,
  orderId: number,
  kind: OrderEventKind,
  values: { provider?: string | null; amountGrosze?: number | null; detail?: Record<string, unknown> } = {},
): Promise<void> {
  await db.insert(orderEvents).values({
    orderId,
    kind,
    provider: values.provider ?? null,
    amountGrosze: values.amountGrosze ?? null,
    detail: values.detail ?? null,
  });
}

export function orderTimeline(db: Tx, orderId: number) {
  return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id));
}
