import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { productNotifications, products, users } from '../../db/schema';
import { sandboxProvider } from '../payments/sandbox-provider';
import { createMember, createTestProduct, type Member, memberApi } from '../orders/test-fixtures';

/**
 * The desk's tests' own orders: a member (Polish letters in the name) places an order of a fresh
 * experience with a label question, optionally with accompanying persons; `pay` pays it online
 * through the sandbox's signed notification.
 */
export async function placeDeskOrder(
  app: FastifyInstance,
  opts: {
    quantity?: number;
    language?: 'pl' | 'en';
    productId?: number;
    product?: Parameters<typeof createTestProduct>[1];
    member?: Member;
    answer?: string;
  } = {},
) {
  const member = opts.member ?? (await createMember(app.db, { language: opts.language }));
  await app.db.update(users).set({ name: 'Zażółć', surname: 'Gęślą-Jaźń' }).where(eq(users.id, member.id));
  const api = memberApi(app, member);
  const productId =
    opts.productId ??
    (
      await createTestProduct(app.db, {
        cartLabelPl: 'Numer rejestracyjny',
        cartLabelEn: 'Registration number',
        ...opts.product,
      })
    ).product.id;
  const quantity = opts.quantity ?? 1;
  const line = (await api.post('/sales/cart/add', { product_id: productId })).json().data.id as number;
  const fill = await api.post(`/sales/cart/update/${line}`, {
    quantity,
    persons: Array.from({ length: quantity - 1 }, (_, i) => ({
      name: `Łucja${i}`,
      surname: 'Świętochowska',
    })),
    terms: [],
    cart_label_answer: opts.answer ?? 'WE 12345',
  });
  expect(fill.statusCode, fill.body).toBe(200);
  const placed = await api.post('/sales/cart/order', { discount_code: '', is_invoice: 0 });
  expect(placed.statusCode, placed.body).toBe(200);
  const data = placed.json().data as { order_id: number; payment_url: string };
  return { member, api, productId, orderId: data.order_id, paymentUrl: data.payment_url };
}

export async function payOnline(app: FastifyInstance, paymentUrl: string, amountGrosze: number) {
  const provider = await sandboxProvider(app);
  const ref = decodeURIComponent(paymentUrl.split('/').pop()!);
  const res = await app.inject({
    method: 'POST',
    url: '/panel/api/v1/payments/notify/sandbox',
    payload: provider.signNotification({ eventId: `evt-${ref}`, ref, status: 'PAID', amountGrosze }),
  });
  expect(res.json().data.result).toBe('paid');
}

export async function seatsOf(app: FastifyInstance, productId: number) {
  const [p] = await app.db.select().from(products).where(eq(products.id, productId));
  return p!.seatsTaken;
}

export async function wishFor(app: FastifyInstance, productId: number) {
  const m = await createMember(app.db);
  await app.db.insert(productNotifications).values({ productId, userId: m.id });
}
