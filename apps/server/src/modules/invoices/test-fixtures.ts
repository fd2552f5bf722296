import { ORDER_STATUS } from '@club/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { orderItems, orders, products } from '../../db/schema';
import { createMember, createTestProduct, memberApi, setInvoiceData } from '../orders/test-fixtures';

/**
 * A member's order placed through the API with an invoice request (is_invoice 1), then marked paid
 * the way the payment notification does (the payment flow itself is tested in modules/payments and
 * the browser test).
 */
export async function paidInvoiceOrder(
  app: FastifyInstance,
  opts: {
    priceGrosze?: number;
    vatRate?: number;
    quantity?: number;
    paid?: boolean;
    invoice?: boolean;
    /**
     * The experience took place before the payment (its day moved back on the order's line): the
     * invoice is a plain VAT invoice; otherwise the payment came first and it is an advance invoice.
     */
    paidAfterExperience?: boolean;
    /** The experience is a trip in the travel-agency margin scheme (art. 119). */
    marginScheme?: boolean;
  } = {},
) {
  const member = await createMember(app.db);
  await setInvoiceData(app.db, member.id);
  const api = memberApi(app, member);
  const quantity = opts.quantity ?? 1;
  const { product, terms } = await createTestProduct(app.db, {
    terms: 1,
    memberLimit: Math.max(2, quantity),
    ...(opts.priceGrosze !== undefined ? { priceGrosze: opts.priceGrosze } : {}),
    ...(opts.vatRate !== undefined ? { vatRate: opts.vatRate } : {}),
  });
  const line = (await api.post('/sales/cart/add', { product_id: product.id })).json().data.id;
  const updated = await api.post(`/sales/cart/update/${line}`, {
    quantity,
    persons: Array.from({ length: quantity - 1 }, (_, i) => ({ name: 'Anna', surname: `Gość${i}` })),
    terms: terms.map((x) => ({ term_id: x.id, value: 1 })),
  });
  expect(updated.statusCode, updated.body).toBe(200);
  const placed = await api.post('/sales/cart/order', {
    discount_code: '',
    is_invoice: opts.invoice === false ? 0 : 1,
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const orderId = placed.json().data.order_id as number;
  if (opts.paidAfterExperience) {
    await app.db
      .update(orderItems)
      .set({ productStartDate: '2020-01-01' })
      .where(eq(orderItems.orderId, orderId));
  }
  if (opts.marginScheme) {
    await app.db
      .update(products)
      .set({ type: 'TRIP', marginScheme: true })
      .where(eq(products.id, product.id));
  }
  if (opts.paid !== false) {
    await app.db
      .update(orders)
      .set({ status: ORDER_STATUS.PAID, paidAt: new Date(), expiresAt: null })
      .where(eq(orders.id, orderId));
  }
  return { member, api, orderId, product };
}
