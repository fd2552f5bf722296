import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { api } from '../api-client';
import { useSession } from '../session';
import { getConsent, subscribeConsent, useConsentState } from './consent';
import type { AnalyticsSettings } from './events';
import {
  type ProductLike,
  currentPageUrl,
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
    queryKey: ['settings', 'analytics'],
    queryFn: () => api.get<AnalyticsSettings>('/settings/analytics'),
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
  const previous = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (NO_PAGE_VIEW.some((p) => p.test(pathname))) return;
    const timer = window.setTimeout(() => {
      if (!OWN_PAGE_VIEW.some((p) => p.test(pathname))) trackPageView(document.title, previous.current);
      previous.current = currentPageUrl();
    }, 150);
    return () => window.clearTimeout(timer);
  }, [pathname]);

  // Accepting counts the page the member is on (nothing of it was sent before).
  const current = useRef(pathname);
  current.current = pathname;
  useEffect(() => {
    let choice = getConsent();
    return subscribeConsent(() => {
      const next = getConsent();
      if (next === 'granted' && choice !== 'granted' && !NO_PAGE_VIEW.some((p) => p.test(current.current))) {
        trackPageView(document.title);
      }
      choice = next;
    });
  }, []);
}

type LatestOrder = {
  id: number;
  status: string;
  created_at: string;
  total: number;
  subtotal?: number;
  discount?: number;
};
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
    api
      .get<LatestOrder[]>('/sales/orders/items', { page: 1 })
      .then((orders) => {
        const order = orders[0];
        if (cancelled || !order || order.status === 'CANCELLED') return;
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
  useEffect(() => {
    if (name) trackCategoryVisit({ name });
  }, [name]);
}

/** Product page: call with the product once it is loaded. */
export function useTrackProductView(product: ProductLike | null | undefined): void {
  const ref = useRef(product);
  ref.current = product;
  const id = product?.id;
  useEffect(() => {
    if (id !== undefined && ref.current) trackProductView(ref.current);
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
