import { groszeToPln, type LanguageCode, PAGE_SIZE_ORDERS, type TOrder, ORDER_STATUS } from '@club/shared';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orderItems, orders, products } from '../../db/schema';
import type { OrderRow } from './lifecycle';
import { pageMeta } from '../../lib/page-meta';

type Lines = Map<number, TOrder['items']>;

async function linesOf(db: Tx, orderIds: number[], lang: LanguageCode): Promise<Lines> {
  const map: Lines = new Map();
  if (orderIds.length === 0) return map;
  const rows = await db
    .select({ item: orderItems, namePl: products.namePl, nameEn: products.nameEn })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.id));
  for (const { item, namePl, nameEn } of rows) {
    const name = (lang === 'en' ? nameEn : namePl) ?? item.productName;
    const list = map.get(item.orderId) ?? [];
    list.push({
      product_name: name,
      product_start_date: item.productStartDate,
      quantity: item.quantity,
      price: groszeToPln(item.priceGrosze),
    });
    map.set(item.orderId, list);
  }
  return map;
}

function toOrder(order: OrderRow, items: TOrder['items']): TOrder {
  const waiting =
    order.status === ORDER_STATUS.WAITING_PAYMENT && order.expiresAt !== null && order.expiresAt > new Date();
  return {
    id: order.id,
    created_at: order.createdAt.toISOString(),
    status: order.status,
    items,
    payment_url: waiting ? order.paymentUrl : null,
    product_type: order.productType,
    subtotal: groszeToPln(order.totalGrosze + order.discountGrosze),
    discount: groszeToPln(order.discountGrosze),
    total: groszeToPln(order.totalGrosze),
    is_invoice: order.isInvoice,
    expires_at: waiting ? order.expiresAt!.toISOString() : null,
  };
}

export async function listOrders(db: Tx, userId: number, page: number, lang: LanguageCode) {
  const [{ total }] = (await db
    .select({ total: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.userId, userId))) as [{ total: number }];
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(PAGE_SIZE_ORDERS)
    .offset((page - 1) * PAGE_SIZE_ORDERS);
  const lines = await linesOf(
    db,
    rows.map((r) => r.id),
    lang,
  );
  return {
    data: rows.map((r) => toOrder(r, lines.get(r.id) ?? [])),
    paginationMetaData: pageMeta(page, PAGE_SIZE_ORDERS, Number(total)),
  };
}

export async function findOrder(db: Tx, userId: number, id: number, lang: LanguageCode) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, userId)));
  if (!order) return null;
  const lines = await linesOf(db, [order.id], lang);
  return toOrder(order, lines.get(order.id) ?? []);
}
