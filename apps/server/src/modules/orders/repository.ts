import {
  groszeToPln,
  type LanguageCode,
  ORDER_STATUS,
  PAGE_SIZE_ORDERS,
  refundStateOf,
  type TOrder,
} from '@club/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orderItems, orders, products } from '../../db/schema';
import type { OrderRow } from './lifecycle';
import { pageMeta } from '../../lib/page-meta';
import { executeNamed } from '../../lib/prepared';
import { nameIn } from '../../lib/localized';

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
    const name = nameIn(lang, { namePl, nameEn }) ?? item.productName;
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

/** What the member's order object is made of (a row of `orders`, or of the history's page statement). */
type OrderFields = Pick<
  OrderRow,
  | 'id'
  | 'createdAt'
  | 'status'
  | 'paymentUrl'
  | 'productType'
  | 'totalGrosze'
  | 'discountGrosze'
  | 'isInvoice'
  | 'expiresAt'
  | 'refundedGrosze'
>;

function toOrder(order: OrderFields, items: TOrder['items']): TOrder {
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
    refunded: groszeToPln(order.refundedGrosze),
    refund_state: refundStateOf(order.totalGrosze, order.refundedGrosze),
  };
}

/**
 * The member's history page in one statement: the total, the page's orders (newest first, through
 * `orders_user_created_idx`) and each order's lines as JSON, named in the member's language as
 * `linesOf` names them. A member with no order on that page still gets one row, with the total and no
 * order. Sent as a named prepared statement (lib/prepared.ts): one round trip after the session's,
 * where the count, the page and the lines were three (docs/performance.md, "At a real club's size").
 */
const ORDER_PAGE_SQL = `select t.total, p.id, p.created_at, p.status, p.payment_url, p.product_type,
    p.total_grosze, p.discount_grosze, p.is_invoice, p.expires_at, p.refunded_grosze,
    coalesce((select json_agg(json_build_object(
        'product_name', coalesce(case when $4 = 'en' then pr.name_en else pr.name_pl end, oi.product_name),
        'product_start_date', oi.product_start_date,
        'quantity', oi.quantity,
        'price_grosze', oi.price_grosze) order by oi.id)
      from order_items oi left join products pr on pr.id = oi.product_id
      where oi.order_id = p.id), '[]'::json) as items
  from (select count(*)::int as total from orders where user_id = $1) t
  left join lateral (select * from orders where user_id = $1
    order by created_at desc, id desc limit $2 offset $3) p on true
  order by p.created_at desc, p.id desc`;

type OrderPageRow = {
  total: number;
  id: number | null;
  created_at: Date | string;
  status: OrderRow['status'];
  payment_url: string | null;
  product_type: OrderRow['productType'];
  total_grosze: number;
  discount_grosze: number;
  is_invoice: boolean;
  expires_at: Date | string | null;
  refunded_grosze: number;
  items: {
    product_name: string;
    product_start_date: string | null;
    quantity: number;
    price_grosze: number;
  }[];
};

export async function listOrders(db: Tx, userId: number, page: number, lang: LanguageCode) {
  const rows = await executeNamed<OrderPageRow>(db, 'club_order_history_page', ORDER_PAGE_SQL, [
    userId,
    PAGE_SIZE_ORDERS,
    (page - 1) * PAGE_SIZE_ORDERS,
    lang,
  ]);
  const data: TOrder[] = [];
  for (const r of rows) {
    if (r.id === null) continue;
    const order: OrderFields = {
      id: r.id,
      createdAt: new Date(r.created_at),
      status: r.status,
      paymentUrl: r.payment_url,
      productType: r.product_type,
      totalGrosze: r.total_grosze,
      discountGrosze: r.discount_grosze,
      isInvoice: r.is_invoice,
      expiresAt: r.expires_at === null ? null : new Date(r.expires_at),
      refundedGrosze: r.refunded_grosze,
    };
    const items = r.items.map((i) => ({
      product_name: i.product_name,
      product_start_date: i.product_start_date,
      quantity: i.quantity,
      price: groszeToPln(i.price_grosze),
    }));
    data.push(toOrder(order, items));
  }
  return { data, paginationMetaData: pageMeta(page, PAGE_SIZE_ORDERS, rows[0]?.total ?? 0) };
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
