import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_STORAGE_KEY, resetConsentForTests, setConsent } from './consent';
import type { MatomoCommand } from './events';
import {
  SENT_ORDERS_KEY,
  trackCartAdd,
  trackCategoryVisit,
  trackOrderCompleted,
  trackPageView,
  trackProductView,
} from './track';
import { configureAnalytics, resetTrackerForTests } from './tracker';

const on = { matomo_url: 'https://stats.example/', site_id: 5 };
const queue = () => (window._paq ?? []) as MatomoCommand[];
const names = () => queue().map((c) => c[0]);
const script = () => document.querySelector<HTMLScriptElement>('script[data-analytics]');

beforeEach(() => {
  localStorage.clear();
  resetConsentForTests();
  resetTrackerForTests();
});
afterEach(() => {
  localStorage.clear();
});

describe('the tracker gate', () => {
  it('loads nothing and queues nothing before a choice', () => {
    configureAnalytics(on);
    trackPageView('Home');
    trackProductView({ id: 1, name: 'A', price: 10, category: { name: 'C' } });
    expect(window._paq).toBeUndefined();
    expect(script()).toBeNull();
  });

  it('loads nothing at all when the server has no tracker, even with consent', () => {
    setConsent('granted');
    configureAnalytics({ matomo_url: null, site_id: null });
    trackPageView('Home');
    expect(window._paq).toBeUndefined();
    expect(script()).toBeNull();
  });

  it('sends nothing after a rejection', () => {
    configureAnalytics(on);
    setConsent('denied');
    trackPageView('Home');
    expect(window._paq).toBeUndefined();
    expect(script()).toBeNull();
    expect(JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY)!).analytics).toBe('denied');
  });

  it('on acceptance loads matomo.js, sets it up, gives consent, then tracks', () => {
    configureAnalytics(on);
    setConsent('granted');
    expect(script()?.src).toBe('https://stats.example/matomo.js');
    trackPageView('Home');
    expect(names()).toEqual([
      'requireConsent',
      'requireCookieConsent',
      'setTrackerUrl',
      'setSiteId',
      'enableLinkTracking',
      'disableHeartBeatTimer',
      'setConsentGiven',
      'setCookieConsentGiven',
      'setCustomUrl',
      'setDocumentTitle',
      'trackPageView',
    ]);
  });

  it('events made before the settings arrive wait for them (with consent)', () => {
    setConsent('granted');
    trackCategoryVisit({ name: 'Golf' });
    expect(window._paq).toBeUndefined();
    configureAnalytics(on);
    expect(names().slice(-5)).toEqual([
      'setCookieConsentGiven',
      'setEcommerceView',
      'setCustomUrl',
      'setDocumentTitle',
      'trackPageView',
    ]);
  });

  it('withdrawal forgets the consents and stops events', async () => {
    configureAnalytics(on);
    setConsent('granted');
    setConsent('denied');
    expect(names().slice(-2)).toEqual(['forgetCookieConsentGiven', 'forgetConsentGiven']);
    const before = queue().length;
    await trackCartAdd({ id: 1, name: 'A', price: 10, category: 'C' });
    expect(queue().length).toBe(before);
    setConsent('granted');
    expect(names().slice(-2)).toEqual(['setConsentGiven', 'setCookieConsentGiven']);
    expect(document.querySelectorAll('script[data-analytics]')).toHaveLength(1);
  });

  it('an order is sent once, remembered across page loads', () => {
    configureAnalytics(on);
    setConsent('granted');
    expect(trackOrderCompleted({ id: 7, total: 100 })).toBe(true);
    expect(trackOrderCompleted({ id: 7, total: 100 })).toBe(false);
    // A reload: a fresh tracker, the same storage.
    resetTrackerForTests();
    resetConsentForTests();
    configureAnalytics(on);
    expect(trackOrderCompleted({ id: 7, total: 100 })).toBe(false);
    expect(trackOrderCompleted({ id: 8, total: 50 })).toBe(true);
    expect(JSON.parse(localStorage.getItem(SENT_ORDERS_KEY)!)).toEqual([7, 8]);
    expect(queue().filter((c) => c[0] === 'trackEcommerceOrder')).toEqual([
      ['trackEcommerceOrder', '8', 50, 50, 0, 0, 0],
    ]);
  });

  it('an order that could not be sent (no consent) is not marked as sent', () => {
    configureAnalytics(on);
    expect(trackOrderCompleted({ id: 9, total: 10 })).toBe(false);
    expect(localStorage.getItem(SENT_ORDERS_KEY)).toBeNull();
  });

  it('a product view counts once even when the page renders twice', () => {
    configureAnalytics(on);
    setConsent('granted');
    const p = { id: 3, name: 'Rally', price: 99, category: { name: 'Sport' } };
    trackProductView(p);
    trackProductView(p);
    expect(queue().filter((c) => c[0] === 'setEcommerceView')).toEqual([
      ['setEcommerceView', '3', 'Rally', 'Sport', 99],
    ]);
  });

  it('a cart add reports the whole cart as the server has it now', async () => {
    configureAnalytics(on);
    setConsent('granted');
    const cart = [
      { quantity: 2, product: { id: 4, name: 'Rally', price: 100, category_name: 'Sport' } },
      { quantity: 1, product: { id: 9, name: 'Golf', price: 50.5, category_name: 'Leisure' } },
    ];
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify({ success: true, data: cart })));
    await trackCartAdd({ id: 9, name: 'Golf', price: 50.5, category: { name: 'Leisure' } });
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/sales/cart/items');
    fetchMock.mockRestore();
    expect(queue().slice(-4)).toEqual([
      ['clearEcommerceCart'],
      ['addEcommerceItem', '4', 'Rally', 'Sport', 100, 2],
      ['addEcommerceItem', '9', 'Golf', 'Leisure', 50.5, 1],
      ['trackEcommerceCartUpdate', 250.5],
    ]);
  });

  it('a cart add without consent does not even read the cart', async () => {
    configureAnalytics(on);
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    await trackCartAdd({ id: 9, name: 'Golf', price: 50.5, category: 'Leisure' });
    expect(fetchMock).not.toHaveBeenCalled();
    fetchMock.mockRestore();
  });
});
