import { describe, expect, it } from 'vitest';
import {
  cartAddCommands,
  cartVisitCommands,
  categoryVisitCommands,
  orderCompletedCommands,
  pageViewCommands,
  productViewCommands,
  setupCommands,
  withdrawConsentCommands,
} from './events';

const product = { id: 12, name: 'Track day Poznań', category: 'Motorsport', price: 1499.5 };
const page = { url: 'https://club.example/panel/experiences/motorsport/12-track-day', title: 'Track day' };

describe('the Matomo command mapping', () => {
  it('sets the tracker up with consent and cookie consent required, links on, heartbeat off', () => {
    expect(setupCommands('https://stats.example', 3)).toEqual([
      ['requireConsent'],
      ['requireCookieConsent'],
      ['setTrackerUrl', 'https://stats.example/matomo.php'],
      ['setSiteId', '3'],
      ['enableLinkTracking'],
      ['disableHeartBeatTimer'],
    ]);
  });

  it('withdraws with forgetCookieConsentGiven and forgetConsentGiven', () => {
    expect(withdrawConsentCommands()).toEqual([['forgetCookieConsentGiven'], ['forgetConsentGiven']]);
  });

  it('a page view sets the url and title, and the referrer when there is one', () => {
    expect(pageViewCommands('https://x/panel/home', 'Home')).toEqual([
      ['setCustomUrl', 'https://x/panel/home'],
      ['setDocumentTitle', 'Home'],
      ['trackPageView'],
    ]);
    expect(pageViewCommands('https://x/panel/faq', 'FAQ', 'https://x/panel/home')[0]).toEqual([
      'setReferrerUrl',
      'https://x/panel/home',
    ]);
  });

  it('a category visit is an e-commerce category view on its page view', () => {
    expect(categoryVisitCommands({ name: 'Motorsport' }, page)).toEqual([
      ['setEcommerceView', false, false, 'Motorsport'],
      ['setCustomUrl', page.url],
      ['setDocumentTitle', page.title],
      ['trackPageView'],
    ]);
  });

  it('a product view carries SKU (the id, as text), name, category and price', () => {
    const commands = productViewCommands(product, page);
    expect(commands[0]).toEqual(['setEcommerceView', '12', 'Track day Poznań', 'Motorsport', 1499.5]);
    expect(commands.at(-1)).toEqual(['trackPageView']);
  });

  it('a cart add refills the tracker cart with every line, then updates it with the total', () => {
    const other = { id: 5, name: 'Golf', category: 'Sport', price: 200, quantity: 1 };
    expect(cartAddCommands([{ ...product, quantity: 2 }, other], 3199)).toEqual([
      ['clearEcommerceCart'],
      ['addEcommerceItem', '12', 'Track day Poznań', 'Motorsport', 1499.5, 2],
      ['addEcommerceItem', '5', 'Golf', 'Sport', 200, 1],
      ['trackEcommerceCartUpdate', 3199],
    ]);
  });

  it('a cart visit is an event with the number of items', () => {
    expect(cartVisitCommands(3)).toEqual([['trackEvent', 'Cart', 'Visit', 'Items in cart', 3]]);
  });

  it('an order is an e-commerce order with its id and totals, rounded to grosze', () => {
    expect(orderCompletedCommands({ id: 41, total: 2899.999, subtotal: 2999.999, discount: 100 })).toEqual([
      ['trackEcommerceOrder', '41', 2900, 3000, 0, 0, 100],
    ]);
    expect(orderCompletedCommands({ id: 42, total: 0 })).toEqual([
      ['trackEcommerceOrder', '42', 0, 0, 0, 0, 0],
    ]);
  });

  it('no command ever carries personal data', () => {
    const all = JSON.stringify([
      setupCommands('https://stats.example', 1),
      productViewCommands(product, page),
      cartAddCommands([{ ...product, quantity: 1 }], 1),
      orderCompletedCommands({ id: 1, total: 1 }),
    ]);
    expect(all).not.toMatch(/setUserId|@|uid/);
  });
});
