import type { OrderEventKind } from '@club/shared';
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orderEvents } from '../../db/schema';

/**
 * Writes one event of an order's timeline (order_events; the kinds are ORDER_EVENT_KINDS of
 * shared), read by the sales desk. Details hold amounts, the operator's ids and reasons; never
 * credentials or the payer's card data.
 */
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
