import { formatMoney, groszeToPln, ORDER_EVENT_KIND, ORDER_STATUS, plnToGrosze } from '@club/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client';
import { orders } from '../../db/schema';
import { AppError, conflict, invalidField, notFound } from '../../lib/app-error';
import { requireAuth } from '../../plugins/session';
import { recordAudit } from '../../lib/audit';
import { cancelLockedOrder, markOrderPaid, type OrderRow } from '../orders/lifecycle';
import { recordOrderEvent } from '../orders/timeline';
import { mailInvoiceIssued, mailRefund } from '../orders/document-mails';
import { auditOfInvoice, correctRefundedInvoice, type InvoiceRow } from '../invoices/issue-invoice';
import { refundOrder } from '../payments/handle-notification';
import { voidTickets } from '../event-day/tickets';
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
  deps.mailer.flushInBackground(deps.db);
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
  deps.mailer.flushInBackground(deps.db);
}

/**
 * The correcting invoice a refund issued: its own row in the audit log (docs/invoices.md) and the
 * member's mail about it (issue 30), in its transaction.
 */
const auditCorrection =
  (deps: Deps, request: FastifyRequest, refundGrosze: number) => async (tx: Tx, invoice: InvoiceRow) => {
    await recordAudit(tx, request, {
      action: 'correct',
      entityType: 'invoice',
      entityId: invoice.id,
      before: null,
      after: { ...auditOfInvoice(invoice), automatic: true, refund_grosze: refundGrosze },
    });
    await mailInvoiceIssued(tx, deps, invoice);
  };

/**
 * A refund in full or in part. Paid online: through the payment operator; the amount is reserved
 * under the order's lock with its audit row (refundOrder), so refunds together never exceed what was
 * paid; when the operator refuses, the reservation is given back and audited as failed.
 * Paid by bank transfer at the desk: a recorded manual refund (`refundManually`), the money being
 * returned by the club's bank with the outgoing transfer's `reference`.
 * Either way an invoiced order gets its correcting invoice, audited as its own row.
 */
export async function refundByStaff(
  deps: Deps,
  request: FastifyRequest,
  id: number,
  body: { amount: number; reference: string | null },
  lang: 'pl' | 'en',
): Promise<void> {
  const [current] = await deps.db.select().from(orders).where(eq(orders.id, id));
  if (!current) throw notFound();
  if (current.paidAt === null) throw conflict('NOT_REFUNDABLE', 'desk.notPaid');
  const byTransfer = current.bankTransferRef !== null;
  if (!byTransfer && current.providerOrderId === null)
    throw conflict('NOT_REFUNDABLE', 'desk.paidByTransfer');
  if (byTransfer && !body.reference) throw invalidField('reference', 'desk.refundReferenceRequired');
  const grosze = plnToGrosze(body.amount);
  const tooMuch = () => {
    const params = { amount: formatMoney(groszeToPln(refundableGrosze(current)), lang) };
    return new AppError(422, 'REFUND_AMOUNT', 'desk.refundTooMuch', params, {
      amount: ['desk.refundTooMuch'],
    });
  };
  if (grosze > refundableGrosze(current)) throw tooMuch();
  const issuedBy = requireAuth(request).user.id;
  try {
    if (byTransfer) {
      await refundManually(deps, request, id, grosze, body.reference!);
      // The correction follows in its own transaction, as after a refund through the operator.
      await correctRefundedInvoice(
        deps,
        { orderId: id, refundGrosze: grosze, issuedBy },
        auditCorrection(deps, request, grosze),
      );
      deps.mailer.flushInBackground(deps.db);
      return;
    }
    const provider = await deps.payments.provider();
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
      issuedBy,
      onCorrected: auditCorrection(deps, request, grosze),
    });
    deps.mailer.flushInBackground(deps.db);
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

/**
 * The manual refund of an order paid by bank transfer: the club's bank sends the money back outside
 * the panel; the desk records it under the order's lock (what was paid minus earlier refunds is checked
 * again there, so two staff at once never record more than was paid), in the timeline (REFUNDED, with
 * the outgoing transfer's reference) and in the audit log, in one transaction.
 */
async function refundManually(
  deps: Deps,
  request: FastifyRequest,
  id: number,
  grosze: number,
  reference: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!Number.isInteger(grosze) || grosze <= 0 || grosze > refundableGrosze(order))
      throw new AppError(422, 'REFUND_AMOUNT', 'payments.refundAmount');
    await tx
      .update(orders)
      .set({ refundedGrosze: sql`${orders.refundedGrosze} + ${grosze}` })
      .where(eq(orders.id, id));
    // Refunded in full: the tickets are void at once (issue 29).
    if (order.refundedGrosze + grosze >= order.totalGrosze) await voidTickets(tx, id, 'REFUNDED');
    await recordOrderEvent(tx, id, ORDER_EVENT_KIND.REFUNDED, {
      provider: 'bank-transfer',
      amountGrosze: grosze,
      detail: { method: 'BANK_TRANSFER', manual: true, reference, staff: staffOf(request) },
    });
    await mailRefund(tx, deps, id, grosze);
    await recordAudit(tx, request, {
      action: 'refund-manual',
      entityType: 'order',
      entityId: id,
      before: snapshot(order),
      after: { ...snapshot(await reread(tx, id)), amount_grosze: grosze, reference },
    });
  });
}
