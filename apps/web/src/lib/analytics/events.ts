/**
 * The mapping from the club's events to Matomo's `_paq` commands, kept pure so that unit tests can
 * pin it down. Nothing here reads the user: no id, name, e-mail or phone ever reaches a command.
 */
export type MatomoCommand = [string, ...unknown[]];

/** The server's answer (contract/analytics.ts). */
export type { TAnalyticsSettings as AnalyticsSettings } from '@club/shared/contract/analytics';

/** The experience as the catalogue shows it; only these fields are sent. */
export type TrackedProduct = { id: number; name: string; category: string; price: number };

/** Sent once per order; subtotal and discount when the order carries them. */
export type TrackedOrder = { id: number; total: number; subtotal?: number; discount?: number };

/** Tracker set-up of SPEC.md §9: consent and cookie consent required, link tracking on, heartbeat off. */
export function setupCommands(matomoUrl: string, siteId: number): MatomoCommand[] {
  return [
    ['requireConsent'],
    ['requireCookieConsent'],
    ['setTrackerUrl', `${matomoUrl}/matomo.php`],
    ['setSiteId', String(siteId)],
    ['enableLinkTracking'],
    ['disableHeartBeatTimer'],
  ];
}

export const giveConsentCommands = (): MatomoCommand[] => [['setConsentGiven'], ['setCookieConsentGiven']];

/** Withdrawal: Matomo deletes its cookies and sends nothing more until consent is given again. */
export const withdrawConsentCommands = (): MatomoCommand[] => [
  ['forgetCookieConsentGiven'],
  ['forgetConsentGiven'],
];

export function pageViewCommands(url: string, title: string, referrer?: string): MatomoCommand[] {
  return [
    ...(referrer ? [['setReferrerUrl', referrer] as MatomoCommand] : []),
    ['setCustomUrl', url],
    ['setDocumentTitle', title],
    ['trackPageView'],
  ];
}

const money = (pln: number) => Math.round(pln * 100) / 100;

/** A category page is Matomo's e-commerce category view: the page view carries the category. */
export function categoryVisitCommands(
  category: { name: string },
  page: { url: string; title: string },
): MatomoCommand[] {
  return [['setEcommerceView', false, false, category.name], ...pageViewCommands(page.url, page.title)];
}

/** A product page is Matomo's e-commerce product view: SKU (the id), name, category, price. */
export function productViewCommands(
  product: TrackedProduct,
  page: { url: string; title: string },
): MatomoCommand[] {
  return [
    ['setEcommerceView', String(product.id), product.name, product.category, money(product.price)],
    ...pageViewCommands(page.url, page.title),
  ];
}

/** A line of the cart as Matomo's e-commerce item. */
export type TrackedCartLine = TrackedProduct & { quantity: number };

/**
 * An added experience: Matomo wants the whole cart before a cart update, so the tracker's cart is
 * cleared and refilled with every line, then updated with the cart's total.
 */
export function cartAddCommands(lines: TrackedCartLine[], cartTotal: number): MatomoCommand[] {
  return [
    ['clearEcommerceCart'],
    ...lines.map(
      (l): MatomoCommand => [
        'addEcommerceItem',
        String(l.id),
        l.name,
        l.category,
        money(l.price),
        l.quantity,
      ],
    ),
    ['trackEcommerceCartUpdate', money(cartTotal)],
  ];
}

/** Opening the cart: an event with the number of items as its value. */
export function cartVisitCommands(itemCount: number): MatomoCommand[] {
  return [['trackEvent', 'Cart', 'Visit', 'Items in cart', itemCount]];
}

/** Matomo's e-commerce order: id, grand total, subtotal, tax, shipping, discount. */
export function orderCompletedCommands(order: TrackedOrder): MatomoCommand[] {
  return [
    [
      'trackEcommerceOrder',
      String(order.id),
      money(order.total),
      money(order.subtotal ?? order.total),
      0,
      0,
      money(order.discount ?? 0),
    ],
  ];
}
