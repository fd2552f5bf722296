import { formatPhone } from '@club/shared/validators/phone';
import { OUTBOX_STATUS } from '../mail/mailer';
import { groszeToPln, type LanguageCode, ORDER_EVENT_KIND } from '@club/shared';
import type { TDeskOrder, TDeskTimelineEntry } from '@club/shared/contract/admin-orders';
import { and, asc, eq, gte, like, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { discountCodes, invoices, orderItems, orders, outbox, products, users } from '../../db/schema';
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
  // The order's VAT invoice, if issued: a refund of it issues a correcting invoice (the refund dialog says so).
  const [invoice] = await db
    .select({ number: invoices.number })
    .from(invoices)
    .where(and(eq(invoices.orderId, id), eq(invoices.kind, 'INVOICE')))
    .limit(1);
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
    refundable: groszeToPln(refundableGrosze(order)),
    discount_code: row.code,
    is_invoice: order.isInvoice,
    invoice_number: invoice?.number ?? null,
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
