import { ORDER_STATUS } from '@club/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Tx } from '../../db/client';
import { invoices, orderItems, orders, products } from '../../db/schema';
import { conflict, invalidField, notFound } from '../../lib/app-error';
import { clubToday } from '../../lib/club-day';
import {
  correctionLines,
  type InvoiceDocument,
  type InvoiceParty,
  invoiceLines,
  marginLines,
} from './document';
import { queueForKsef } from '../ksef/outbox';
import { ksefXmlOf } from './ksef-document';
import { nextInvoiceNumber } from './numbering';

export type InvoiceRow = typeof invoices.$inferSelect;
type InvoiceConfig = Pick<
  Config,
  | 'INVOICE_NUMBERING'
  | 'INVOICE_SELLER_NAME'
  | 'INVOICE_SELLER_STREET'
  | 'INVOICE_SELLER_CITY'
  | 'INVOICE_SELLER_NIP'
  | 'INVOICE_PLACE'
>;

const PAYMENT_METHODS: Record<string, string> = {
  sandbox: 'płatność online (sandbox)',
  przelewy24: 'płatność online (Przelewy24)',
  payu: 'płatność online (PayU)',
};

const sellerOf = (config: InvoiceConfig): InvoiceParty => ({
  name: config.INVOICE_SELLER_NAME,
  address: [config.INVOICE_SELLER_STREET, config.INVOICE_SELLER_CITY],
  nip: config.INVOICE_SELLER_NIP,
});

/** The buyer of the invoice data the member gave with the order (snapshotted when it was placed). */
function buyerOf(data: Record<string, string | null>): InvoiceParty {
  const flat = data.invoiceLocaleNumber ? `/${data.invoiceLocaleNumber}` : '';
  const prefix = data.taxNumberPrefix && data.taxNumberPrefix !== 'PL' ? data.taxNumberPrefix : '';
  return {
    name: data.invoiceCompanyName ?? '',
    address: [
      `${data.invoiceStreet ?? ''} ${data.invoiceBuildingNumber ?? ''}${flat}`.trim(),
      `${data.invoicePostCode ?? ''} ${data.invoiceCity ?? ''}`.trim(),
    ],
    nip: `${prefix}${(data.taxNumber ?? '').replace(/[\s-]/g, '')}`,
  };
}

/** What the audit log keeps of an invoice: who, what, how much (the document stays in its row). */
export const auditOfInvoice = (row: InvoiceRow) => ({
  id: row.id,
  orderId: row.orderId,
  kind: row.kind,
  number: row.number,
  issueDate: row.issueDate,
  grossGrosze: row.grossGrosze,
  buyerTaxNumber: row.buyerTaxNumber,
  correctsId: row.correctsId,
});

/**
 * The invoice queued for KSeF in its issuing transaction (docs/ksef.md), with the FA(3) XML as it
 * will be sent (the PDF's KOD I is its hash). A document FA(3) cannot express is still issued and
 * queued without XML: the outbox marks it rejected with the reason, for staff to fix and resend.
 */
async function queueKsef(tx: Tx, row: InvoiceRow) {
  let xml: string | null = null;
  try {
    xml = await ksefXmlOf(tx, row);
  } catch {
    xml = null;
  }
  await queueForKsef(tx, row.id, xml);
}

/** The club day (Europe/Warsaw) of a moment. */
const dayOf = (at: Date | null) => clubToday(at ?? new Date());

/** The order locked for the issuing transaction: two staff on one order queue here. */
async function lockOrder(tx: Tx, orderId: number) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw notFound();
  return order;
}

/**
 * The kind of an order's invoice (docs/invoices.md). Travel-agency margin scheme (art. 119) when
 * every experience of the order is set to it (staff's setting, read when the invoice is issued); an
 * order mixing it with other experiences is refused, one invoice cannot be both. Otherwise an
 * advance invoice (art. 106b ust. 1 pkt 4) when the money came before the first experience's day:
 * the club takes the whole price up front, so the advance covers it and no final invoice follows
 * (art. 106f ust. 4). A free order, or one paid on or after the day, gets a plain VAT invoice.
 */
export function variantOf(
  items: { startDate: string | null; marginScheme: boolean | null }[],
  totalGrosze: number,
  paidOn: string | null,
): InvoiceDocument['variant'] {
  const margin = items.filter((i) => i.marginScheme === true).length;
  if (margin > 0 && margin < items.length) throw conflict('INVOICE_MIXED_MARGIN', 'invoices.mixedMargin');
  if (margin > 0) return 'MARGIN';
  const starts = items.map((i) => i.startDate).filter((d): d is string => d !== null);
  if (totalGrosze > 0 && paidOn && starts.length > 0 && paidOn < starts.sort()[0]!) return 'ADVANCE';
  return undefined;
}

/**
 * Issues the VAT invoice of a paid order whose member asked for one, in the caller's transaction
 * (with its audit row). The order is locked first, so a second issue of the same order waits and
 * then finds the first: 409, never two invoices; the number comes last (numbering.ts).
 */
export async function issueInvoice(
  tx: Tx,
  config: InvoiceConfig,
  input: { orderId: number; issuedBy: number | null },
): Promise<InvoiceRow> {
  const order = await lockOrder(tx, input.orderId);
  if (order.status !== ORDER_STATUS.PAID)
    throw conflict('ORDER_NOT_PAID', 'invoices.notPaid', { id: order.id });
  if (!order.isInvoice || !order.invoiceData)
    throw conflict('INVOICE_NOT_REQUESTED', 'invoices.notRequested');
  const [existing] = await tx
    .select({ number: invoices.number })
    .from(invoices)
    .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'INVOICE')));
  if (existing) throw conflict('INVOICE_EXISTS', 'invoices.exists', { number: existing.number });

  const items = await tx
    .select({
      productName: orderItems.productName,
      quantity: orderItems.quantity,
      priceGrosze: orderItems.priceGrosze,
      vatRate: orderItems.vatRate,
      startDate: orderItems.productStartDate,
      marginScheme: products.marginScheme,
    })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));
  const variant = variantOf(items, order.totalGrosze, order.paidAt ? dayOf(order.paidAt) : null);
  const issueDate = clubToday();
  const { number, period, sequence } = await nextInvoiceNumber(tx, 'FV', issueDate, config.INVOICE_NUMBERING);
  const buyer = buyerOf(order.invoiceData as Record<string, string | null>);
  const document: InvoiceDocument = {
    kind: 'INVOICE',
    number,
    issueDate,
    saleDate: dayOf(order.paidAt),
    place: config.INVOICE_PLACE,
    orderId: order.id,
    seller: sellerOf(config),
    buyer,
    ...(variant === 'MARGIN'
      ? marginLines(invoiceLines(items, order.totalGrosze).lines)
      : invoiceLines(items, order.totalGrosze)),
    ...(variant ? { variant } : {}),
    payment: {
      method:
        order.totalGrosze === 0
          ? 'bez płatności (0 zł)'
          : order.bankTransferRef !== null
            ? 'przelew bankowy'
            : (PAYMENT_METHODS[order.paymentProvider] ?? order.paymentProvider),
      paid: true,
      paidAt: order.paidAt ? dayOf(order.paidAt) : null,
    },
  };
  const [row] = await tx
    .insert(invoices)
    .values({
      orderId: order.id,
      kind: 'INVOICE',
      number,
      series: 'FV',
      period,
      sequence,
      issueDate,
      saleDate: document.saleDate,
      grossGrosze: document.total.gross,
      buyerName: buyer.name,
      buyerTaxNumber: buyer.nip,
      data: document,
      issuedBy: input.issuedBy,
    })
    .returning();
  await queueKsef(tx, row!);
  return row!;
}

/**
 * Issues a correcting invoice (series FK, its own numbering) taking back `refundGrosze` of an invoiced
 * order, in the caller's transaction: the refund action calls this in its own transaction after it
 * records the refund; the staff's "correcting invoice" call does the same on its own. The amount is
 * spread over the invoice's lines in proportion; together the corrections never exceed the invoice.
 */
export async function issueCorrectingInvoice(
  tx: Tx,
  config: InvoiceConfig,
  input: { orderId: number; refundGrosze: number; reason?: string; issuedBy: number | null },
): Promise<InvoiceRow> {
  const order = await lockOrder(tx, input.orderId);
  const [original] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'INVOICE')));
  if (!original) throw conflict('INVOICE_MISSING', 'invoices.missing');
  const [{ corrected }] = (await tx
    .select({ corrected: sql<number>`coalesce(sum(${invoices.grossGrosze}), 0)::int` })
    .from(invoices)
    .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'CORRECTION')))) as [{ corrected: number }];
  const left = original.grossGrosze - Number(corrected);
  if (!Number.isInteger(input.refundGrosze) || input.refundGrosze <= 0 || input.refundGrosze > left) {
    throw invalidField('amount', 'invoices.correctionAmount', { left: (left / 100).toFixed(2) });
  }
  const source = original.data as InvoiceDocument;
  const issueDate = clubToday();
  const { number, period, sequence } = await nextInvoiceNumber(tx, 'FK', issueDate, config.INVOICE_NUMBERING);
  const document: InvoiceDocument = {
    kind: 'CORRECTION',
    number,
    issueDate,
    saleDate: source.saleDate,
    place: config.INVOICE_PLACE,
    orderId: order.id,
    seller: source.seller,
    buyer: source.buyer,
    ...correctionLines(source.lines, input.refundGrosze),
    payment: { method: `zwrot: ${source.payment.method}`, paid: false, paidAt: null },
    corrects: { number: original.number, issueDate: original.issueDate },
    reason: input.reason || 'zwrot należności (zwrot zamówienia)',
    ...(source.variant ? { variant: source.variant } : {}),
  };
  const [row] = await tx
    .insert(invoices)
    .values({
      orderId: order.id,
      kind: 'CORRECTION',
      number,
      series: 'FK',
      period,
      sequence,
      correctsId: original.id,
      issueDate,
      saleDate: source.saleDate,
      grossGrosze: input.refundGrosze,
      buyerName: original.buyerName,
      buyerTaxNumber: original.buyerTaxNumber,
      data: document,
      issuedBy: input.issuedBy,
    })
    .returning();
  await queueKsef(tx, row!);
  return row!;
}

/**
 * After a refund of an order (payments' `refundOrder`): the correcting invoice for the refunded
 * amount when the order has an invoice; null when it has none. A correction that cannot be made
 * (more than the invoice has left) is logged, never undoes the refund: staff correct by hand.
 */
export async function correctRefundedInvoice(
  deps: { db: Tx; config: InvoiceConfig; log: { error: (o: object, m: string) => void } },
  input: { orderId: number; refundGrosze: number; issuedBy: number | null },
  /** In the correction's transaction, once it is issued: its audit row (the refund's caller knows who). */
  onIssued?: (tx: Tx, row: InvoiceRow) => Promise<void>,
): Promise<InvoiceRow | null> {
  try {
    return await deps.db.transaction(async (tx) => {
      const [invoice] = await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.orderId, input.orderId), eq(invoices.kind, 'INVOICE')));
      if (!invoice) return null;
      const row = await issueCorrectingInvoice(tx, deps.config, input);
      await onIssued?.(tx, row);
      return row;
    });
  } catch (error) {
    deps.log.error({ err: error, orderId: input.orderId }, 'correcting invoice after a refund failed');
    return null;
  }
}
