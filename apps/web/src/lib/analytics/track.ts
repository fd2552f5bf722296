import { orderTotal } from '@club/shared/money';
import { cartContract } from '@club/shared/contract/cart';
import { fetchData } from '../endpoint';
import {
  cartAddCommands,
  cartVisitCommands,
  categoryVisitCommands,
  orderCompletedCommands,
  pageViewCommands,
  productViewCommands,
  type MatomoCommand,
  type TrackedCartLine,
  type TrackedOrder,
  type TrackedProduct,
} from './events';
import { analyticsEnabled, send, willSend } from './tracker';

/**
 * The typed API for features. Every function is a no-op without consent or without a configured
 * tracker, so features call them unconditionally.
 */

/**
 * A page's address as reported: origin and path, no query or hash (see events.ts). Pages pass the path
 * they were rendered for (with the router's basename): by the time an effect runs, the window may
 * already show the next page's address.
 */
export const currentPageUrl = (path: string = window.location.pathname): string =>
  `${window.location.origin}${path}`;

/** A plain page view of the current page; false when it was not sent (no consent or no tracker). */
export function trackPageView(title = document.title, referrer?: string): boolean {
  return send(pageViewCommands(currentPageUrl(), title, referrer));
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

/**
 * The page view of a category or product page, which carries Matomo's e-commerce view. Made before the
 * member's choice it is dropped like any event, but kept (the last one only) so that accepting on that
 * very page counts it with its category or product: a plain page view would lose them.
 */
let unsentView: { url: string; commands: MatomoCommand[] } | null = null;
function sendOwnPageView(url: string, commands: MatomoCommand[]): void {
  const sent = send(commands);
  // Dropped for want of consent (not because no tracker is configured): accepting here may count it.
  unsentView = sent || analyticsEnabled() === false ? null : { url, commands };
}

/**
 * Accepting on a category or product page: its own page view (category or product view) if the page
 * made one that was not sent. False when there was none for this address: the page sends it itself
 * once its data has loaded (consent is given by then).
 */
export function sendUnsentPageView(url: string): boolean {
  const view = unsentView;
  unsentView = null;
  return view !== null && view.url === url && send(view.commands);
}

/** A category page (its page view carries the category); `path`: the page's own path. */
export function trackCategoryVisit(
  category: { name: string },
  path: string = window.location.pathname,
): void {
  if (!firstView(`category:${category.name}:${path}`)) return;
  const url = currentPageUrl(path);
  sendOwnPageView(url, categoryVisitCommands(category, { url, title: category.name }));
}

/** A product page: Matomo's e-commerce product view (name, category, price); `path`: the page's own path. */
export function trackProductView(input: ProductLike, path: string = window.location.pathname): void {
  const product = toTrackedProduct(input);
  if (!firstView(`product:${product.id}:${path}`)) return;
  const url = currentPageUrl(path);
  sendOwnPageView(url, productViewCommands(product, { url, title: product.name }));
}

/** For tests: forget the views of earlier pages (a fresh page load). */
export function resetPageViewsForTests(): void {
  lastView = { key: '', at: 0 };
  unsentView = null;
}

/**
 * An experience added to the cart. The cart as it is now (read after the add) is reported whole;
 * if it cannot be read, the added experience alone.
 */
export async function trackCartAdd(input: ProductLike): Promise<void> {
  if (!willSend()) return;
  let lines: TrackedCartLine[] = [{ ...toTrackedProduct(input), quantity: 1 }];
  try {
    const items = await fetchData(cartContract.items);
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
