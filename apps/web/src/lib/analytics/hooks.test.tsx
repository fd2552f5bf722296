import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetConsentForTests, setConsent } from './consent';
import type { MatomoCommand } from './events';
import { usePageViewTracking, useTrackCategoryVisit, useTrackProductView } from './hooks';
import { type ProductLike, resetPageViewsForTests } from './track';
import { configureAnalytics, resetTrackerForTests } from './tracker';

declare global {
  // React's flag for tests that drive rendering with act().
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const on = { matomo_url: 'https://stats.example', site_id: 5 };
const queue = () => (window._paq ?? []) as MatomoCommand[];
/** The commands after the tracker's set-up and consent: what the pages sent. */
const sent = () => {
  const q = queue();
  const i = q.findLastIndex((c) => c[0] === 'setCookieConsentGiven');
  return q.slice(i + 1);
};
const rally: ProductLike = { id: 3, name: 'Rally', price: 99, category: { name: 'Sport' } };
const rallyPath = '/panel/experiences/sport/3-rally';

let setProduct: (p: ProductLike | undefined) => void = () => {};
/** A product page whose data arrives when the test says so. */
function ProductPage() {
  const [product, set] = useState<ProductLike | undefined>(undefined);
  setProduct = set;
  useTrackProductView(product);
  return null;
}
function CategoryPage() {
  useTrackCategoryVisit({ name: 'Sport' });
  return null;
}
function Shell() {
  usePageViewTracking();
  return <Outlet />;
}

let root: Root | null = null;
async function openAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <Shell />,
        children: [
          { path: '/experiences/:category', element: <CategoryPage /> },
          { path: '/experiences/:category/:product', element: <ProductPage /> },
          { path: '/faq', element: null },
        ],
      },
    ],
    { initialEntries: [path], basename: '/panel' },
  );
  const container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  await act(async () => root?.render(<RouterProvider router={router} />));
  return router;
}
const wait = (ms: number) => act(() => new Promise<void>((r) => setTimeout(r, ms)));

beforeEach(() => {
  localStorage.clear();
  resetConsentForTests();
  resetTrackerForTests();
  resetPageViewsForTests();
  configureAnalytics(on);
});
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  localStorage.clear();
});

describe('page views of category and product pages', () => {
  it("report the page's own address (the router's), not whatever the window shows when the effect runs", async () => {
    setConsent('granted');
    // The memory router leaves the window's address alone, as the browser router does between changing
    // the address and React replacing the page.
    expect(window.location.pathname).not.toBe(rallyPath);
    await openAt(rallyPath);
    await act(async () => setProduct(rally));
    expect(sent()).toEqual([
      ['setEcommerceView', '3', 'Rally', 'Sport', 99],
      ['setCustomUrl', `${window.location.origin}${rallyPath}`],
      ['setDocumentTitle', 'Rally'],
      ['trackPageView'],
    ]);
  });

  it('accepting on a product page sends its product view, once, and no plain page view', async () => {
    await openAt(rallyPath);
    await act(async () => setProduct(rally));
    await wait(200);
    expect(window._paq).toBeUndefined();
    await act(async () => setConsent('granted'));
    await wait(200);
    expect(sent().map((c) => c[0])).toEqual([
      'setEcommerceView',
      'setCustomUrl',
      'setDocumentTitle',
      'trackPageView',
    ]);
    expect(sent()[0]).toEqual(['setEcommerceView', '3', 'Rally', 'Sport', 99]);
  });

  it('accepting on a product page still loading: the product view follows with the data, the only page view', async () => {
    await openAt(rallyPath);
    await act(async () => setConsent('granted'));
    await wait(200);
    expect(sent()).toEqual([]);
    await act(async () => setProduct(rally));
    expect(sent().filter((c) => c[0] === 'trackPageView')).toHaveLength(1);
    expect(sent()[0]).toEqual(['setEcommerceView', '3', 'Rally', 'Sport', 99]);
  });

  it('accepting on a category page sends its category view', async () => {
    await openAt('/panel/experiences/sport');
    await act(async () => setConsent('granted'));
    await wait(200);
    expect(sent()).toEqual([
      ['setEcommerceView', false, false, 'Sport'],
      ['setCustomUrl', `${window.location.origin}/panel/experiences/sport`],
      ['setDocumentTitle', 'Sport'],
      ['trackPageView'],
    ]);
  });

  it('a product view left unsent on one page is not sent when accepting on another', async () => {
    const router = await openAt(rallyPath);
    await act(async () => setProduct(rally));
    await act(async () => router.navigate('/experiences/sport/4-golf'));
    await act(async () => setConsent('granted'));
    await wait(200);
    expect(sent()).toEqual([]);
  });

  it('the next product page, the previous product still in hand, reports nothing until its own arrives', async () => {
    setConsent('granted');
    const router = await openAt(rallyPath);
    await act(async () => setProduct(rally));
    await act(async () => router.navigate('/experiences/sport/4-golf'));
    await act(async () => setProduct({ id: 4, name: 'Golf', price: 50, category: { name: 'Sport' } }));
    expect(sent().filter((c) => c[0] === 'setCustomUrl')).toEqual([
      ['setCustomUrl', `${window.location.origin}${rallyPath}`],
      ['setCustomUrl', `${window.location.origin}/panel/experiences/sport/4-golf`],
    ]);
    expect(
      sent()
        .filter((c) => c[0] === 'setEcommerceView')
        .map((c) => c[1]),
    ).toEqual(['3', '4']);
  });

  it('accepting on a plain page before its page view has left the short wait counts it once', async () => {
    await openAt('/panel/faq');
    await act(async () => setConsent('granted'));
    await wait(200);
    expect(sent().filter((c) => c[0] === 'trackPageView')).toHaveLength(1);
  });

  it('withdrawing and accepting again on the same page does not count it again', async () => {
    setConsent('granted');
    await openAt('/panel/faq');
    await wait(200);
    await act(async () => setConsent('denied'));
    await act(async () => setConsent('granted'));
    expect(queue().filter((c) => c[0] === 'trackPageView')).toHaveLength(1);
  });

  it('accepting on a plain page sends a plain page view', async () => {
    await openAt('/panel/faq');
    await wait(200);
    await act(async () => setConsent('granted'));
    expect(sent().map((c) => c[0])).toEqual(['setCustomUrl', 'setDocumentTitle', 'trackPageView']);
  });
});
