import { orderTotal } from '@club/shared/money';
import { api } from '../api-client';
import {
  cartAddCommands,
  cartVisitCommands,
  categoryVisitCommands,
  orderCompletedCommands,
  pageViewCommands,
  productViewCommands,
  type TrackedCartLine,
  type TrackedOrder,
  type TrackedProduct,
} from './events';
import { send, willSend } from './tracker';

/**
 * The typed API for features. Every function is a no-op without consent or without a configured
 * tracker, so features call them unconditionally.
 */

/** The current page's address as reported: origin and path, no query or hash (see events.ts). */
export const currentPageUrl = (): string => `${window.location.origin}${window.location.pathname}`;

export function trackPageView(title = document.title, referrer?: string): void {
  send(pageViewCommands(currentPageUrl(), title, referrer));
}

/** A product as features hold it (TProduct, a cart item's product): the category by name or object. */
export type ProductLike = {
  id: number;
  name: string;
  price: number;
  category?: string | { name: string } | null;
  category_name?: string | null;
};

export const toTrackedProduct = (p: ProductLike): TrackedProduct => ({
  id: p.id,
  name: p.name,
  price: p.price,
  category: (typeof p.category === 'string' ? p.category : p.category?.name) ?? p.category_name ?? '',
});

// React's development double effects (and refetches) must not count a view twice.
let lastView = { key: '', at: 0 };
function firstView(key: string): boolean {
  const now = Date.now();
  if (lastView.key === key && now - lastView.at < 1500) return false;
  lastView = { key, at: now };
  return true;
}

/** A category page (its page view carries the category). */
export function trackCategoryVisit(category: { name: string }): void {
  if (!firstView(`category:${category.name}:${window.location.pathname}`)) return;
  send(categoryVisitCommands(category, { url: currentPageUrl(), title: category.name }));
}

/** A product page: Matomo's e-commerce product view (name, category, price). */
export function trackProductView(input: ProductLike): void {
  const product = toTrackedProduct(input);
  if (!firstView(`product:${product.id}:${window.location.pathname}`)) return;
  send(productViewCommands(product, { url: currentPageUrl(), title: product.name }));
}

type CartItemLike = { quantity: number; product: ProductLike };

/**
 * An experience added to the cart. The cart as it is now (read after the add) is reported whole;
 * if it cannot be read, the added experience alone.
 */
export async function trackCartAdd(input: ProductLike): Promise<void> {
  if (!willSend()) return;
  let lines: TrackedCartLine[] = [{ ...toTrackedProduct(input), quantity: 1 }];
  try {
    const items = await api.get<CartItemLike[]>('/sales/cart/items');
    if (items.length) lines = items.map((i) => ({ ...toTrackedProduct(i.product), quantity: i.quantity }));
  } catch {
    // Keep the one line we know.
  }
  send(cartAddCommands(lines, orderTotal(lines)));
}

/** The /cart page, with the number of items in it. */
export function trackCartVisit(itemCount: number): void {
  if (!firstView(`cart:${window.location.pathname}`)) return;
  send(cartVisitCommands(itemCount));
}

export const SENT_ORDERS_KEY = 'club.analytics.sent-orders';
const SENT_ORDERS_KEPT = 50;

function sentOrders(): number[] {
  try {
    const ids = JSON.parse(localStorage.getItem(SENT_ORDERS_KEY) ?? '[]') as unknown;
    return Array.isArray(ids) ? ids.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
}

/** A completed order, sent once per order id in this browser, even across reloads. */
export function trackOrderCompleted(order: TrackedOrder): boolean {
  const sent = sentOrders();
  if (sent.includes(order.id)) return false;
  if (!send(orderCompletedCommands(order))) return false;
  try {
    localStorage.setItem(SENT_ORDERS_KEY, JSON.stringify([...sent, order.id].slice(-SENT_ORDERS_KEPT)));
  } catch {
    // Without storage the order may be reported again after a reload; nothing better is possible.
  }
  return true;
}
