import { formatMoney, groszeToPln } from '@club/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { invoices, orders } from '../../db/schema';
import { buyerOf, historyUrl } from './lifecycle';

type Deps = Pick<FastifyInstance, 'mailer' | 'config'>;

/**
 * The member hears of money going back (issue 30): queued in the transaction that records the refund
 * (the desk's manual refund, the operator's answer or its later notification), in the member's
 * language, with this refund, all refunds so far and the order's total. Nothing for an order whose
 * member removed the account.
 */
export async function mailRefund(tx: Tx, deps: Deps, orderId: number, amountGrosze: number): Promise<void> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return;
  const buyer = await buyerOf(tx, order);
  if (!buyer) return;
  const money = (grosze: number) => formatMoney(groszeToPln(grosze), buyer.lang);
  await deps.mailer.queue(tx, {
    template: 'order-refunded',
    to: buyer.email,
    language: buyer.lang,
    data: {
      orderId,
      amount: money(amountGrosze),
      refundedTotal: money(order.refundedGrosze),
      total: money(order.totalGrosze),
      full: order.refundedGrosze >= order.totalGrosze,
      url: historyUrl(deps),
    },
  });
}

/**
 * The member hears of an invoice or a correcting invoice issued for their order, in the issuing
 * transaction. The mail links to the shopping history, where the PDF is behind the member's own
 * sign-in: a copy of the PDF is not attached, as its KSeF number and QR code come after KSeF accepts
 * the invoice (docs/ksef.md), and the outbox should not keep one more copy of a buyer's data.
 */
export async function mailInvoiceIssued(
  tx: Tx,
  deps: Deps,
  invoice: {
    orderId: number;
    kind: 'INVOICE' | 'CORRECTION';
    number: string;
    issueDate: string;
    grossGrosze: number;
    /** A correction: the invoice it corrects. */
    correctsId: number | null;
  },
): Promise<void> {
  const [order] = await tx
    .select({ userId: orders.userId })
    .from(orders)
    .where(eq(orders.id, invoice.orderId));
  const buyer = order ? await buyerOf(tx, order) : null;
  if (!buyer) return;
  const [corrected] = invoice.correctsId
    ? await tx.select({ number: invoices.number }).from(invoices).where(eq(invoices.id, invoice.correctsId))
    : [];
  await deps.mailer.queue(tx, {
    template: 'order-invoice',
    to: buyer.email,
    language: buyer.lang,
    data: {
      orderId: invoice.orderId,
      kind: invoice.kind,
      number: invoice.number,
      corrects: corrected?.number ?? null,
      gross: formatMoney(groszeToPln(invoice.grossGrosze), buyer.lang),
      issueDate: invoice.issueDate,
      url: historyUrl(deps),
    },
  });
}
