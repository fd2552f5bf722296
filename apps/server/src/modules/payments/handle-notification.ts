import {
  ORDER_EVENT_KIND,
  ORDER_STATUS,
  PAYMENT_OUTCOME_STATUS,
  type PaymentEventStatus,
  REFUND_STATUS,
} from '@club/shared';
import type { NotificationResult } from '@club/shared/contract/payments';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { FastifyInstance } from 'fastify';
import { orders, paymentEvents } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { correctRefundedInvoice, type InvoiceRow } from '../invoices/issue-invoice';
import { markOrderPaid, type OrderRow } from '../orders/lifecycle';
import { restoreRefundedTickets, voidTickets } from '../event-day/tickets';
import { recordOrderEvent } from '../orders/timeline';
import { mailRefund } from '../orders/document-mails';
import {
  baseRef,
  CURRENCY,
  notifyUrlOf,
  type PaymentOutcome,
  type PaymentProvider,
  type RefundNotice,
  type VerifiedNotification,
} from '../../lib/payment-provider';

type Deps = Pick<FastifyInstance, 'db' | 'mailer' | 'config' | 'log'>;

/**
 * Applies an authentic notification (issue 15's money rules): the order is paid once, by the amount
 * and currency it asked for, after the operator itself confirmed it; anything else is refused and
 * recorded in the order's timeline. Money that arrives for an order that can no longer take it
 * (expired, or already paid by another attempt) is refunded at once; when the refund call fails
 * the timeline says REFUND_FAILED and the sales desk refunds by hand (docs/payments.md).
 */
export async function handleNotification(
  app: Deps,
  provider: PaymentProvider,
  notification: VerifiedNotification,
): Promise<NotificationResult> {
  if (notification.kind === 'refund') {
    const recorded = await handleRefundNotice(app, provider, notification.refund);
    if (recorded === 'refund-recorded') app.mailer.flushInBackground(app.db);
    return recorded;
  }
  const outcome = notification.outcome;
  const [order] = await app.db
    .select()
    .from(orders)
    .where(and(eq(orders.paymentRef, baseRef(outcome.ref)), eq(orders.paymentProvider, provider.name)));
  if (!order) {
    app.log.warn(
      { provider: provider.name, event: outcome.eventId },
      'payment notification for an unknown order',
    );
    return 'unknown-order';
  }
  if (!rightMoney(order, outcome)) return refuse(app, order, provider, outcome, 'notification');
  const [seen] = await app.db
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(eq(paymentEvents.eventId, `${provider.name}:${outcome.eventId}`));
  if (seen) return 'duplicate';

  // The operator's own word before anything changes (Przelewy24 verify, PayU order read).
  const confirmed =
    outcome.status === PAYMENT_OUTCOME_STATUS.CANCELLED ? outcome : await provider.confirm(outcome);
  if (!confirmed) {
    app.log.warn({ orderId: order.id, event: outcome.eventId }, 'payment not confirmed by the operator');
    await recordOrderEvent(app.db, order.id, ORDER_EVENT_KIND.PAYMENT_NOT_CONFIRMED, {
      provider: provider.name,
      amountGrosze: outcome.amountGrosze,
      detail: { event: outcome.eventId },
    });
    return 'not-confirmed';
  }
  if (!rightMoney(order, confirmed)) return refuse(app, order, provider, confirmed, 'operator');

  if (confirmed.status === PAYMENT_OUTCOME_STATUS.PENDING) {
    // Only a notification that itself says PENDING is recorded (its id names that status).
    if (outcome.status === PAYMENT_OUTCOME_STATUS.PENDING) {
      if (await firstTimeSeen(app.db, order.id, provider, outcome.eventId, PAYMENT_OUTCOME_STATUS.PENDING))
        await recordOrderEvent(app.db, order.id, ORDER_EVENT_KIND.PAYMENT_PENDING, {
          provider: provider.name,
          amountGrosze: confirmed.amountGrosze,
          detail: { providerOrderId: confirmed.providerOrderId },
        });
    }
    return 'pending';
  }
  if (confirmed.status === PAYMENT_OUTCOME_STATUS.WAITING_FOR_CONFIRMATION) {
    const [current] = await app.db.select().from(orders).where(eq(orders.id, order.id));
    const accept = current?.status === ORDER_STATUS.WAITING_PAYMENT;
    await provider.settleHeld?.(confirmed, accept);
    await recordOrderEvent(
      app.db,
      order.id,
      accept ? ORDER_EVENT_KIND.HELD_PAYMENT_ACCEPTED : ORDER_EVENT_KIND.HELD_PAYMENT_RELEASED,
      {
        provider: provider.name,
        amountGrosze: confirmed.amountGrosze,
        detail: { providerOrderId: confirmed.providerOrderId },
      },
    );
    return accept ? 'held-accepted' : 'held-released';
  }

  const result = await app.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
    const first = await firstTimeSeen(tx, order.id, provider, confirmed.eventId, confirmed.status);
    if (!first || !locked) return 'duplicate' as const;
    const at = { provider: provider.name, amountGrosze: confirmed.amountGrosze };
    const detail = { providerOrderId: confirmed.providerOrderId, ref: confirmed.ref };
    if (confirmed.status === PAYMENT_OUTCOME_STATUS.CANCELLED) {
      if (locked.status !== ORDER_STATUS.WAITING_PAYMENT) return 'ignored' as const;
      // The attempt failed; the order keeps its seats until it expires and can be paid again.
      await recordOrderEvent(tx, order.id, ORDER_EVENT_KIND.PAYMENT_CANCELLED, { ...at, detail });
      return 'cancelled' as const;
    }
    if (locked.status === ORDER_STATUS.WAITING_PAYMENT) {
      await markOrderPaid(tx, app, locked);
      await tx
        .update(orders)
        .set({ providerOrderId: confirmed.providerOrderId ?? null, paidRef: confirmed.ref })
        .where(eq(orders.id, order.id));
      await recordOrderEvent(tx, order.id, ORDER_EVENT_KIND.PAID, { ...at, detail });
      return 'paid' as const;
    }
    if (locked.status === ORDER_STATUS.PAID && locked.providerOrderId === (confirmed.providerOrderId ?? null))
      return 'duplicate' as const;
    // Expired (or cancelled) before the money came, or paid twice through two attempts.
    await recordOrderEvent(
      tx,
      order.id,
      locked.status === ORDER_STATUS.PAID
        ? ORDER_EVENT_KIND.DUPLICATE_PAYMENT
        : ORDER_EVENT_KIND.LATE_PAYMENT,
      {
        ...at,
        detail,
      },
    );
    return 'refund' as const;
  });
  if (result === 'paid') app.mailer.flushInBackground(app.db);
  if (result !== 'refund') return result;
  app.log.warn(
    { orderId: order.id, event: confirmed.eventId },
    'money for an order that cannot take it: refunding',
  );
  try {
    const { refundId } = await provider.refund({
      orderId: order.id,
      ref: confirmed.ref,
      providerOrderId: confirmed.providerOrderId ?? '',
      amountGrosze: confirmed.amountGrosze,
      description: `Excellence Club #${order.id}`,
      notifyUrl: notifyUrlOf(app.config, provider.name),
    });
    await recordOrderEvent(app.db, order.id, ORDER_EVENT_KIND.REFUND_REQUESTED, {
      provider: provider.name,
      amountGrosze: confirmed.amountGrosze,
      detail: { refundId, providerOrderId: confirmed.providerOrderId, automatic: true },
    });
    return 'late-refunded';
  } catch (error) {
    app.log.error({ orderId: order.id, err: error }, 'automatic refund failed: queued for the sales desk');
    await recordOrderEvent(app.db, order.id, ORDER_EVENT_KIND.REFUND_FAILED, {
      provider: provider.name,
      amountGrosze: confirmed.amountGrosze,
      detail: { providerOrderId: confirmed.providerOrderId, automatic: true, needsStaff: true },
    });
    return 'refund-queued';
  }
}

/**
 * Records an operator's notification once (payment_events, unique by the operator's event id):
 * true the first time, false for a repeat, however many arrive at once.
 */
async function firstTimeSeen(
  db: Tx,
  orderId: number,
  provider: PaymentProvider,
  eventId: string,
  status: PaymentEventStatus,
): Promise<boolean> {
  const [event] = await db
    .insert(paymentEvents)
    .values({ orderId, provider: provider.name, eventId: `${provider.name}:${eventId}`, status })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return event !== undefined;
}

function rightMoney(order: OrderRow, outcome: PaymentOutcome): boolean {
  return outcome.currency === CURRENCY && outcome.amountGrosze === order.totalGrosze;
}

async function refuse(
  app: Deps,
  order: OrderRow,
  provider: PaymentProvider,
  outcome: PaymentOutcome,
  source: 'notification' | 'operator',
): Promise<NotificationResult> {
  app.log.warn(
    {
      orderId: order.id,
      expected: order.totalGrosze,
      got: outcome.amountGrosze,
      currency: outcome.currency,
      source,
    },
    'payment for another amount or currency refused',
  );
  await recordOrderEvent(app.db, order.id, ORDER_EVENT_KIND.PAYMENT_REFUSED, {
    provider: provider.name,
    amountGrosze: outcome.amountGrosze,
    detail: { currency: outcome.currency, expected: order.totalGrosze, event: outcome.eventId, source },
  });
  return 'amount-mismatch';
}

async function handleRefundNotice(
  app: Deps,
  provider: PaymentProvider,
  refund: RefundNotice,
): Promise<NotificationResult> {
  return app.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(
        and(eq(orders.providerOrderId, refund.providerOrderId), eq(orders.paymentProvider, provider.name)),
      );
    // A late payment's refund names a transaction the order never kept: find it in the timeline.
    const orderId =
      order?.id ??
      (
        (await tx.execute(sql`select order_id from order_events
          where detail->>'providerOrderId' = ${refund.providerOrderId} and provider = ${provider.name}
          order by id limit 1`)) as unknown as { rows: { order_id: number }[] }
      ).rows[0]?.order_id;
    if (!orderId) return 'unknown-order' as const;
    if (!(await firstTimeSeen(tx, orderId, provider, refund.eventId, refund.status)))
      return 'duplicate' as const;
    await recordOrderEvent(
      tx,
      orderId,
      refund.status === REFUND_STATUS.REFUNDED ? ORDER_EVENT_KIND.REFUNDED : ORDER_EVENT_KIND.REFUND_REJECTED,
      {
        provider: provider.name,
        amountGrosze: refund.amountGrosze,
        detail: { providerOrderId: refund.providerOrderId },
      },
    );
    if (refund.status === REFUND_STATUS.REFUNDED) await mailRefund(tx, app, orderId, refund.amountGrosze);
    return 'refund-recorded' as const;
  });
}

/**
 * A refund of a paid order, in full or in part (the sales desk's action). The amount is reserved
 * under the order's lock first, so two refunds can never return more than was paid.
 */
export async function refundOrder(
  app: Deps,
  provider: PaymentProvider,
  orderId: number,
  amountGrosze: number,
  opts: {
    /** In the reserving transaction, after the checks (the sales desk's audit row). */
    onReserved?: (tx: Tx, locked: OrderRow) => Promise<void>;
    /** In the transaction that gives the reservation back when the operator refused. */
    onFailed?: (tx: Tx) => Promise<void>;
    /** The staff member who refunds: the correcting invoice names them. */
    issuedBy?: number | null;
    /** In the correcting invoice's transaction, when one was issued (its audit row). */
    onCorrected?: (tx: Tx, invoice: InvoiceRow) => Promise<void>;
  } = {},
): Promise<{ refundId: string }> {
  const order = await app.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    // Paid online once: still paid, or cancelled at the desk after it was paid.
    if (!locked?.paidAt || !locked.providerOrderId)
      throw new AppError(409, 'NOT_REFUNDABLE', 'payments.notRefundable');
    if (
      !Number.isInteger(amountGrosze) ||
      amountGrosze <= 0 ||
      locked.refundedGrosze + amountGrosze > locked.totalGrosze
    )
      throw new AppError(422, 'REFUND_AMOUNT', 'payments.refundAmount');
    await tx
      .update(orders)
      .set({ refundedGrosze: sql`${orders.refundedGrosze} + ${amountGrosze}` })
      .where(eq(orders.id, orderId));
    // Refunded in full: the tickets stop letting anyone in at once (issue 29); given back below if
    // the operator refuses.
    if (locked.refundedGrosze + amountGrosze >= locked.totalGrosze)
      await voidTickets(tx, orderId, 'REFUNDED');
    await opts.onReserved?.(tx, locked);
    return locked;
  });
  // Only the operator's call may give the reservation back: once it has said yes the money has gone,
  // so what follows (the timeline, the correcting invoice) never undoes the reserved amount.
  let result: Awaited<ReturnType<PaymentProvider['refund']>>;
  try {
    result = await provider.refund({
      orderId,
      ref: order.paidRef ?? order.paymentRef ?? '',
      providerOrderId: order.providerOrderId!,
      amountGrosze,
      description: `Excellence Club #${orderId}`,
      notifyUrl: notifyUrlOf(app.config, provider.name),
    });
  } catch (error) {
    await app.db.transaction(async (tx) => {
      await tx
        .update(orders)
        .set({ refundedGrosze: sql`greatest(${orders.refundedGrosze} - ${amountGrosze}, 0)` })
        .where(eq(orders.id, orderId));
      await restoreRefundedTickets(tx, orderId);
      await recordOrderEvent(tx, orderId, ORDER_EVENT_KIND.REFUND_FAILED, {
        provider: provider.name,
        amountGrosze,
        detail: { providerOrderId: order.providerOrderId },
      });
      await opts.onFailed?.(tx);
    });
    app.log.error({ orderId, err: error }, 'refund failed');
    throw new AppError(502, 'PAYMENT_UNAVAILABLE', 'payments.refundUnavailable');
  }
  await recordOrderEvent(app.db, orderId, ORDER_EVENT_KIND.REFUND_REQUESTED, {
    provider: provider.name,
    amountGrosze,
    detail: { refundId: result.refundId, providerOrderId: order.providerOrderId },
  });
  if (result.status === REFUND_STATUS.REFUNDED)
    await app.db.transaction(async (tx) => {
      await recordOrderEvent(tx, orderId, ORDER_EVENT_KIND.REFUNDED, {
        provider: provider.name,
        amountGrosze,
        detail: { refundId: result.refundId, providerOrderId: order.providerOrderId },
      });
      // The member hears of it (issue 30); an operator that settles later tells us by notification.
      await mailRefund(tx, app, orderId, amountGrosze);
    });
  // An invoiced order gets its correcting invoice for the refunded amount (docs/invoices.md).
  await correctRefundedInvoice(
    app,
    { orderId, refundGrosze: amountGrosze, issuedBy: opts.issuedBy ?? null },
    opts.onCorrected,
  );
  return result;
}
