import { formatMoney, groszeToPln, ORDER_EVENT_KIND, ORDER_STATUS, plnToGrosze } from '@club/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client';
import { orders } from '../../db/schema';
import { AppError, conflict, notFound } from '../../lib/app-error';
import { requireAuth } from '../../plugins/session';
import { recordAudit } from '../../lib/audit';
import { cancelLockedOrder, markOrderPaid, type OrderRow } from '../orders/lifecycle';
import { recordOrderEvent } from '../orders/timeline';
import { refundOrder } from '../payments/handle-notification';
import { refundableGrosze } from './load-order';

type Deps = Pick<FastifyInstance, 'db' | 'mailer' | 'config' | 'log' | 'payments'>;

/** What the audit log keeps of an order before and after a desk action. */
const snapshot = (o: OrderRow) => ({
  id: o.id,
  status: o.status,
  total_grosze: o.totalGrosze,
  refunded_grosze: o.refundedGrosze,
  paid_at: o.paidAt,
  cancelled_at: o.cancelledAt,
  bank_transfer_ref: o.bankTransferRef,
});

const staffOf = (request: FastifyRequest) => request.auth?.user?.email ?? null;

async function lockOrder(tx: Tx, id: number): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  if (!order) throw notFound();
  return order;
}

async function reread(tx: Tx, id: number): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, id));
  return order!;
}

/**
 * Marks a waiting order as paid by bank transfer, under the order's lock: a cancelled order, or one
 * whose payment time ran out (the expiry sweep may not have reached it yet), is refused with 409,
 * as is one already paid (two staff members at once: the second one reads PAID).
 */
export async function markPaidByTransfer(
  deps: Deps,
  request: FastifyRequest,
  id: number,
  reference: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (order.status === ORDER_STATUS.PAID) throw conflict('ORDER_ALREADY_PAID', 'desk.alreadyPaid');
    const expired = order.expiresAt !== null && order.expiresAt <= new Date();
    if (order.status === ORDER_STATUS.CANCELLED || expired)
      throw conflict('ORDER_CANCELLED', 'desk.cannotPayCancelled');
    await markOrderPaid(tx, deps, order);
    await tx.update(orders).set({ bankTransferRef: reference }).where(eq(orders.id, id));
    await recordOrderEvent(tx, id, ORDER_EVENT_KIND.PAID, {
      provider: 'bank-transfer',
      amountGrosze: order.totalGrosze,
      detail: { method: 'BANK_TRANSFER', reference, staff: staffOf(request) },
    });
    await recordAudit(tx, request, {
      action: 'mark-paid',
      entityType: 'order',
      entityId: id,
      before: snapshot(order),
      after: snapshot(await reread(tx, id)),
    });
  });
  void deps.mailer.flush(deps.db);
}

/**
 * Cancels a waiting or paid order at the desk: its seats go back (the experience's count, the
 * member's and the paid seats' kept counters follow in the same transaction), the code's use is
 * given back, the waiting list hears of free seats, and the member is mailed in their language.
 * Money already paid is returned with a refund, a separate action.
 */
export async function cancelByStaff(
  deps: Deps,
  request: FastifyRequest,
  id: number,
  reason: string | null,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (order.status === ORDER_STATUS.CANCELLED) throw conflict('ORDER_CANCELLED', 'desk.alreadyCancelled');
    await cancelLockedOrder(tx, deps, order, { byClub: true });
    await recordOrderEvent(tx, id, ORDER_EVENT_KIND.CANCELLED, {
      provider: null,
      detail: { staff: staffOf(request), reason, wasPaid: order.status === ORDER_STATUS.PAID },
    });
    await recordAudit(tx, request, {
      action: 'cancel',
      entityType: 'order',
      entityId: id,
      before: snapshot(order),
      after: { ...snapshot(await reread(tx, id)), reason },
    });
  });
  void deps.mailer.flush(deps.db);
}

/**
 * A refund in full or in part through the payment operator. The amount is reserved under the
 * order's lock with its audit row (refundOrder), so refunds together never exceed what was paid;
 * when the operator refuses, the reservation is given back and audited as failed.
 */
export async function refundByStaff(
  deps: Deps,
  request: FastifyRequest,
  id: number,
  amount: number,
  lang: 'pl' | 'en',
): Promise<void> {
  const [current] = await deps.db.select().from(orders).where(eq(orders.id, id));
  if (!current) throw notFound();
  if (current.paidAt === null) throw conflict('NOT_REFUNDABLE', 'desk.notPaid');
  if (current.providerOrderId === null) throw conflict('NOT_REFUNDABLE', 'desk.paidByTransfer');
  const grosze = plnToGrosze(amount);
  const tooMuch = () => {
    const params = { amount: formatMoney(groszeToPln(refundableGrosze(current)), lang) };
    return new AppError(422, 'REFUND_AMOUNT', 'desk.refundTooMuch', params, {
      amount: ['desk.refundTooMuch'],
    });
  };
  if (grosze > refundableGrosze(current)) throw tooMuch();
  const provider = await deps.payments.provider();
  try {
    await refundOrder(deps, provider, id, grosze, {
      onReserved: (tx, locked) =>
        recordAudit(tx, request, {
          action: 'refund',
          entityType: 'order',
          entityId: id,
          before: snapshot(locked),
          after: {
            ...snapshot(locked),
            refunded_grosze: locked.refundedGrosze + grosze,
            amount_grosze: grosze,
          },
        }),
      onFailed: (tx) =>
        recordAudit(tx, request, {
          action: 'refund-failed',
          entityType: 'order',
          entityId: id,
          after: { amount_grosze: grosze, provider: provider.name },
        }),
      // The correcting invoice of an invoiced order names who refunded (docs/invoices.md).
      issuedBy: requireAuth(request).user.id,
    });
  } catch (error) {
    // Another refund reserved the rest meanwhile: the same clear message, with what is left now.
    if (error instanceof AppError && error.code === 'REFUND_AMOUNT') {
      const [now] = await deps.db.select().from(orders).where(eq(orders.id, id));
      current.refundedGrosze = now?.refundedGrosze ?? current.refundedGrosze;
      throw tooMuch();
    }
    throw error;
  }
}
