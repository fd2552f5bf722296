import { formatPhone } from '@club/shared/validators/phone';
import { OUTBOX_STATUS } from '../mail/mailer';
import { groszeToPln, type LanguageCode, ORDER_EVENT_KIND, refundStateOf } from '@club/shared';
import type { TDeskOrder, TDeskTimelineEntry } from '@club/shared/contract/admin-orders';
import { and, asc, eq, gte, like, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import {
  discountCodes,
  invoices,
  ksefSubmissions,
  orderItems,
  orders,
  outbox,
  products,
  users,
} from '../../db/schema';
import { ksefStateOf } from '../ksef/outbox';
import type { OrderRow } from '../orders/lifecycle';
import { orderTimeline } from '../orders/timeline';
import { paidByOf } from './list-orders';

/**
 * What a refund may still return: money taken online (through the operator) or by bank transfer at
 * the desk (returned by the club's bank, recorded as a manual refund).
 */
export const refundableGrosze = (o: OrderRow) =>
  o.paidAt !== null && (o.providerOrderId !== null || o.bankTransferRef !== null)
    ? Math.max(0, o.totalGrosze - o.refundedGrosze)
    : 0;

/** The order's invoice and corrections, oldest first. */
const orderDocuments = (db: Tx, orderId: number) =>
  db
    .select({
      id: invoices.id,
      kind: invoices.kind,
      number: invoices.number,
      issueDate: invoices.issueDate,
      grossGrosze: invoices.grossGrosze,
      createdAt: invoices.createdAt,
      ksefStatus: ksefSubmissions.status,
      ksefOffline: ksefSubmissions.offline,
      ksefNumber: ksefSubmissions.ksefNumber,
    })
    .from(invoices)
    .leftJoin(ksefSubmissions, eq(ksefSubmissions.invoiceId, invoices.id))
    .where(eq(invoices.orderId, orderId))
    .orderBy(asc(invoices.id));

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** The note of a timeline event: the transfer's reference, who acted at the desk, the reason. */
function noteOf(detail: Record<string, unknown> | null): string | null {
  if (!detail) return null;
  const parts = [
    text(detail.reference),
    text(detail.staff),
    text(detail.reason),
    detail.automatic === true ? 'auto' : null,
  ].filter((p): p is string => p !== null);
  return parts.length ? parts.join(' · ') : null;
}

/**
 * One order as the desk shows it: lines with attendees and label answers, the member, the payment
 * and a timeline of its events and of the mails sent to the member about it (the outbox rows of
 * the order's templates whose subject names its number, since the order was placed).
 */
export async function loadDeskOrder(db: Tx, id: number, lang: LanguageCode): Promise<TDeskOrder | null> {
  const [row] = await db
    .select({ order: orders, member: users, code: discountCodes.code })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(discountCodes, eq(discountCodes.id, orders.discountCodeId))
    .where(eq(orders.id, id));
  if (!row) return null;
  const { order, member } = row;
  const lines = await db
    .select({ item: orderItems, product: products })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, id))
    .orderBy(asc(orderItems.id));
  const events = await orderTimeline(db, id);
  // The order's VAT invoice and its corrections, oldest first (issue 30): listed with their PDFs and in
  // the timeline. A refund of an invoiced order issues a correcting invoice (the refund dialog says so).
  const documents = await orderDocuments(db, id);
  const invoice = documents.find((d) => d.kind === 'INVOICE');
  const mails = member
    ? await db
        .select()
        .from(outbox)
        .where(
          and(
            eq(outbox.to, member.email),
            like(outbox.template, 'order-%'),
            gte(outbox.createdAt, order.createdAt),
            sql`${outbox.subject} ~ ${`(nr|no\\.) ${id}([^0-9]|$)`}`,
          ),
        )
        .orderBy(asc(outbox.id))
        .limit(50)
    : [];
  const timeline: TDeskTimelineEntry[] = [
    ...events.map((e) => ({
      at: e.createdAt.toISOString(),
      source: 'order' as const,
      kind: e.kind,
      amount: e.amountGrosze === null ? null : groszeToPln(e.amountGrosze),
      provider: e.provider,
      note: noteOf(e.detail ?? null),
      mail_state: null,
    })),
    ...mails.map((m) => ({
      at: m.createdAt.toISOString(),
      source: 'mail' as const,
      kind: 'MAIL' as const,
      amount: null,
      provider: null,
      note: m.subject,
      // The outbox's own state (docs/mail.md); a mail being sent or retried is still on its way.
      mail_state:
        m.status === OUTBOX_STATUS.SENT
          ? ('SENT' as const)
          : m.status === OUTBOX_STATUS.FAILED
            ? ('FAILED' as const)
            : ('QUEUED' as const),
    })),
    ...documents.map((d) => ({
      at: d.createdAt.toISOString(),
      source: 'invoice' as const,
      kind: d.kind,
      amount: groszeToPln(d.grossGrosze),
      provider: null,
      note: d.number,
      mail_state: null,
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  // Orders placed before issue 15 have no CREATED event: the placing is the order's own date.
  if (!events.some((e) => e.kind === ORDER_EVENT_KIND.CREATED))
    timeline.unshift({
      at: order.createdAt.toISOString(),
      source: 'order',
      kind: ORDER_EVENT_KIND.CREATED,
      amount: groszeToPln(order.totalGrosze),
      provider: null,
      note: null,
      mail_state: null,
    });
  return {
    id: order.id,
    status: order.status,
    created_at: order.createdAt.toISOString(),
    paid_at: order.paidAt?.toISOString() ?? null,
    cancelled_at: order.cancelledAt?.toISOString() ?? null,
    expires_at: order.expiresAt?.toISOString() ?? null,
    subtotal: groszeToPln(order.totalGrosze + order.discountGrosze),
    discount: groszeToPln(order.discountGrosze),
    total: groszeToPln(order.totalGrosze),
    refunded: groszeToPln(order.refundedGrosze),
    refund_state: refundStateOf(order.totalGrosze, order.refundedGrosze),
    refundable: groszeToPln(refundableGrosze(order)),
    discount_code: row.code,
    is_invoice: order.isInvoice,
    invoice_number: invoice?.number ?? null,
    invoices: documents.map((d) => ({
      id: d.id,
      kind: d.kind,
      number: d.number,
      issue_date: d.issueDate,
      gross: groszeToPln(d.grossGrosze),
      corrects: d.kind === 'CORRECTION' ? (invoice?.number ?? null) : null,
      ksef_state:
        d.ksefStatus === null ? null : ksefStateOf({ status: d.ksefStatus, offline: d.ksefOffline ?? false }),
      ksef_number: d.ksefNumber,
    })),
    payment: {
      provider: order.paymentProvider,
      reference: order.paymentRef,
      provider_order_id: order.providerOrderId,
      bank_transfer_reference: order.bankTransferRef,
      paid_by: paidByOf(order),
    },
    member: member
      ? {
          id: member.id,
          name: member.name,
          surname: member.surname,
          email: member.email,
          phone: formatPhone(member.phonePrefix, member.phone),
          type: member.type,
        }
      : null,
    lines: lines.map(({ item, product }) => ({
      id: item.id,
      product_id: item.productId,
      product_name: (lang === 'en' ? product?.nameEn : product?.namePl) ?? item.productName,
      product_type: product?.type ?? null,
      start_date: item.productStartDate,
      quantity: item.quantity,
      price: groszeToPln(item.priceGrosze),
      label: (lang === 'en' ? product?.cartLabelEn : product?.cartLabelPl) ?? null,
      label_answer: item.cartLabelAnswer,
      attendees: [
        ...(member ? [{ name: member.name, surname: member.surname, is_member: true }] : []),
        ...item.persons.map((p) => ({ name: p.name, surname: p.surname, is_member: false })),
      ],
    })),
    timeline,
  };
}
