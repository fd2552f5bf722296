import { expect, type Page } from '@playwright/test';

/**
 * Opens `route` inside the loaded app, as its own links do (the router follows the history), so the
 * splash of a full load (SPEC.md §2, one second) is paid once per test. Done once the router has shown
 * the new screen (its scroll manager asks for the top on every new location) with nothing loading any
 * more. Not "once the page is at the top": on a busy CI machine a phone-width product page stayed a few
 * pixels down after the smooth scroll and the walk waited out its minute; Playwright scrolls to what a
 * test touches, and no test here is about the scroll position. For a deep link that a person reaches from outside the app, keep `page.goto`.
 */
export async function openInApp(page: Page, route: string): Promise<void> {
  await page.evaluate((to) => {
    const w = window as Window & { walkShown?: boolean; walkScrollTo?: typeof window.scrollTo };
    if (!w.walkScrollTo) {
      const scrollTo = window.scrollTo.bind(window);
      w.walkScrollTo = scrollTo;
      window.scrollTo = ((...args: Parameters<typeof window.scrollTo>) => {
        w.walkShown = true;
        (scrollTo as (...a: unknown[]) => void)(...args);
      }) as typeof window.scrollTo;
    }
    w.walkShown = false;
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, route);
  await page.waitForFunction(() => (window as Window & { walkShown?: boolean }).walkShown === true);
  // The new screen has its data: no loading indicator or busy region left.
  await expect(page.locator('[role=status][aria-label], [aria-busy=true]')).toHaveCount(0, {
    timeout: 10_000,
  });
}
