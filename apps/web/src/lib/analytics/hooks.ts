import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useHref, useLocation } from 'react-router';
import { ORDER_STATUS } from '@club/shared/constants';
import { analyticsContract } from '@club/shared/contract/analytics';
import { ordersContract } from '@club/shared/contract/orders';
import { fetchData, queryKeyOf } from '../endpoint';
import { useSession } from '../session';
import { getConsent, subscribeConsent, useConsentState } from './consent';
import {
  type ProductLike,
  currentPageUrl,
  sendUnsentPageView,
  trackCartVisit,
  trackCategoryVisit,
  trackOrderCompleted,
  trackPageView,
  trackProductView,
} from './track';
import { configureAnalytics } from './tracker';

/** Reads the tracker's settings from the server once and hands them to the tracker. */
export function useAnalyticsSettings(): { enabled: boolean } {
  const { data, isError } = useQuery({
    queryKey: queryKeyOf(analyticsContract.settings),
    queryFn: () => fetchData(analyticsContract.settings),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
  useEffect(() => {
    if (data) configureAnalytics(data);
    else if (isError) configureAnalytics({ matomo_url: null, site_id: null });
  }, [data, isError]);
  return { enabled: Boolean(data?.matomo_url && data.site_id) };
}

/** Screens that are not a page of their own (the splash, the sign-out step). */
const NO_PAGE_VIEW = [/^\/loading$/, /^\/logout$/];
/**
 * Experience category and product pages report their own page view, carrying Matomo's e-commerce
 * category or product view (useTrackCategoryVisit, useTrackProductView); counting them here too
 * would double them.
 */
const OWN_PAGE_VIEW = [/^\/experiences\/[^/]+$/, /^\/experiences\/[^/]+\/[^/]+$/];

/**
 * Page views on route changes: the one place (mounted in the app shell). A short wait lets
 * redirects settle (only the final address counts) and the page set its title.
 */
export function usePageViewTracking(): void {
  const { pathname } = useLocation();
  const path = usePagePath();
  const previous = useRef<string | undefined>(undefined);
  // This page's plain page view: still in the short wait, sent, or dropped for want of consent.
  const view = useRef<'waiting' | 'sent' | 'unsent'>('waiting');
  useEffect(() => {
    view.current = 'waiting';
    if (NO_PAGE_VIEW.some((p) => p.test(pathname))) return;
    const timer = window.setTimeout(() => {
      if (!OWN_PAGE_VIEW.some((p) => p.test(pathname))) {
        view.current = trackPageView(document.title, previous.current) ? 'sent' : 'unsent';
      }
      previous.current = currentPageUrl();
    }, 150);
    return () => window.clearTimeout(timer);
  }, [pathname]);

  // Accepting counts the page the member is on, once: if its page view is still waiting (a quick click,
  // or a busy machine delaying the timer) that one counts, now with consent. A category or product page
  // counts with its own view (setEcommerceView before trackPageView), never as a plain page view.
  const current = useRef({ pathname, path });
  current.current = { pathname, path };
  useEffect(() => {
    let choice = getConsent();
    return subscribeConsent(() => {
      const next = getConsent();
      const page = current.current;
      if (next === 'granted' && choice !== 'granted' && !NO_PAGE_VIEW.some((p) => p.test(page.pathname))) {
        if (OWN_PAGE_VIEW.some((p) => p.test(page.pathname))) sendUnsentPageView(currentPageUrl(page.path));
        else if (view.current === 'unsent' && trackPageView(document.title)) view.current = 'sent';
      }
      choice = next;
    });
  }, []);
}

/**
 * The path of the page being rendered, with the router's basename. Not window.location: the router
 * changes the address before React has replaced the page, so an effect of the page being left (its
 * data arriving late on a busy machine) would otherwise report the next page's address.
 */
function usePagePath(): string {
  const { pathname } = useLocation();
  return useHref({ pathname });
}

/** An order older than this is not the one the member has just paid for. */
const AFTER_PAYMENT_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * SPEC.md §1: /home with `after_payment` is the order-completed event. The latest order (the one just
 * paid) is read from the order history; a cancelled payment is not a completed order.
 */
export function useOrderCompletedTracking(): void {
  const { pathname, search } = useLocation();
  const { user } = useSession();
  const isCustomer = user?.type.toLowerCase() === 'customer';
  const afterPayment = pathname === '/home' && new URLSearchParams(search).has('after_payment');
  const consented = useConsentState().choice === 'granted';
  useEffect(() => {
    if (!afterPayment || !isCustomer || !consented) return;
    let cancelled = false;
    fetchData(ordersContract.list, { query: { page: 1 } })
      .then((orders) => {
        const order = orders[0];
        if (cancelled || !order || order.status === ORDER_STATUS.CANCELLED) return;
        if (Date.now() - Date.parse(order.created_at) > AFTER_PAYMENT_WINDOW_MS) return;
        trackOrderCompleted({
          id: order.id,
          total: order.total,
          subtotal: order.subtotal,
          discount: order.discount,
        });
      })
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [afterPayment, isCustomer, consented]);
}

/** Category page: call with the category once it is known. */
export function useTrackCategoryVisit(category: { name: string } | null | undefined): void {
  const name = category?.name;
  const path = usePagePath();
  useEffect(() => {
    if (name) trackCategoryVisit({ name }, path);
  }, [name, path]);
}

/** Product page: call with the product once it is loaded. */
export function useTrackProductView(product: ProductLike | null | undefined): void {
  const page = { product, path: usePagePath() };
  const ref = useRef(page);
  ref.current = page;
  const id = product?.id;
  // Once per product, at the address it was rendered for: a new address with the previous product still
  // in hand (the next one loading) is not a view of that product.
  useEffect(() => {
    const { product, path } = ref.current;
    if (id !== undefined && product) trackProductView(product, path);
  }, [id]);
}

/** The /cart page: call with the loaded items. */
export function useTrackCartVisit(items: readonly unknown[] | null | undefined): void {
  const loaded = items !== undefined && items !== null;
  const count = items?.length ?? 0;
  const ref = useRef(count);
  ref.current = count;
  useEffect(() => {
    if (loaded) trackCartVisit(ref.current);
  }, [loaded]);
}
