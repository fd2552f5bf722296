import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, newUser, signIn, type TestUser, test } from './fixtures';
import { demoExperienceOnSale, placePaidOrder } from './support/shop';
import { type Hit, type MatomoRecorder, startMatomoRecorder } from './support/matomo-recorder';
import { freePort, type PanelInstance, startPanel } from './support/panel-instance';

/**
 * Consent and analytics (issue 7) against a panel of its own whose MATOMO_URL points at a local
 * recorder standing in for Matomo. The main test server has no tracker configured (so no banner).
 */
test.describe.configure({ mode: 'serial' });

let recorder: MatomoRecorder;
let panel: PanelInstance;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  recorder = await startMatomoRecorder();
  panel = await startPanel(await freePort(), { MATOMO_URL: recorder.url, MATOMO_SITE_ID: '3' });
});
test.afterAll(async () => {
  await panel?.stop();
  await recorder?.close();
});
test.beforeEach(() => recorder.clear());
test.afterEach(async () => {
  const info = test.info();
  // A failure shows what the stand-in received (script, hits, tracker errors): the first thing to read.
  if (info.status !== info.expectedStatus) {
    const requests = recorder.requests.map((r) => ({ path: r.path, ...r.params }));
    await info.attach('matomo requests', {
      body: JSON.stringify(requests, null, 1),
      contentType: 'text/plain',
    });
  }
  expect(recorder.errors(), 'the tracker got an unknown call').toEqual([]);
});

/** Requests each page has sent and not yet seen answered (the tracker's script and hits among them). */
const inFlight = new WeakMap<Page, number>();

async function open(browser: Browser, init?: () => void): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: panel.url, locale: 'pl-PL' });
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  const count = (by: number) => () => inFlight.set(page, (inFlight.get(page) ?? 0) + by);
  page.on('request', count(1));
  page.on('requestfinished', count(-1));
  page.on('requestfailed', count(-1));
  return { context, page };
}

/**
 * The page has done what the last screen set off, with no fixed wait: React's effects have run (two
 * frames and a task), and every request they sent (a tracker hit too) has its answer. A hit that was
 * not sent by then is not sent at all.
 */
async function quiet(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))),
      ),
  );
  await expect.poll(() => inFlight.get(page) ?? 0).toBe(0);
}

const bannerOf = (page: Page) => page.getByRole('region', { name: /Twoja prywatność|Your privacy/ });
const pageViews = (path: string) =>
  recorder.hits().filter((h) => h.params.action_name !== undefined && h.params.url === `${panel.url}${path}`);
/** Waits for hits to arrive, then for the page to be quiet, to be sure no second copy follows. */
async function settled<T>(page: Page, read: () => T[], count: number): Promise<T[]> {
  await expect.poll(() => read().length, { timeout: 10_000 }).toBe(count);
  await quiet(page);
  expect(read()).toHaveLength(count);
  return read();
}
function expectNoPersonalData(hits: Hit[], user: TestUser) {
  for (const hit of hits) {
    const text = JSON.stringify(hit.params);
    expect(text).not.toContain(user.email);
    expect(text).not.toContain(encodeURIComponent(user.email));
    expect(text).not.toContain('Test Member');
    expect(hit.params).not.toHaveProperty('uid');
  }
}

test('nothing reaches the tracker before a choice or after a rejection; the choice stays', async ({
  browser,
}) => {
  const { context, page } = await open(browser);
  const user = await newUser(context.request);
  await page.goto('/panel/login');
  const banner = bannerOf(page);
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Akceptuję analitykę' })).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Polityka cookies' })).toHaveAttribute(
    'href',
    '/panel/cookies-policy?lang=pl',
  );

  await signIn(page, user);
  await expect(bannerOf(page)).toBeVisible();
  await page.getByRole('navigation', { name: 'Menu główne' }).getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/panel\/faq$/);
  await quiet(page);
  expect(recorder.requests, 'not even matomo.js is fetched before consent').toEqual([]);

  await bannerOf(page).getByRole('button', { name: 'Odrzucam' }).click();
  await expect(bannerOf(page)).toBeHidden();
  await page.getByRole('navigation', { name: 'Menu główne' }).getByRole('link', { name: 'Kontakt' }).click();
  await expect(page).toHaveURL(/\/panel\/contact$/);
  // The contact screen has what it asked for before the reload, as a person sees it: a request the
  // reload cuts off may end without a word to the counter (two clean-clone runs failed so).
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await quiet(page);
  await page.reload();
  await expect(page.getByTestId('splash')).toBeHidden({ timeout: 15_000 });
  await quiet(page);
  await expect(bannerOf(page)).toBeHidden();
  expect(recorder.requests).toEqual([]);
  await context.close();
});

test('the banner speaks English for an English visitor', async ({ browser }) => {
  // The init script runs in every document, about:blank too, where localStorage is refused.
  const { context, page } = await open(browser, () => {
    if (location.protocol.startsWith('http')) localStorage.setItem('club.language', 'en');
  });
  await page.goto('/panel/login');
  const banner = bannerOf(page);
  await expect(banner.getByRole('heading', { name: 'Your privacy' })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Accept analytics' })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Reject' })).toBeVisible();
  await context.close();
});

test('after acceptance page views arrive once each; withdrawing in the footer stops them', async ({
  browser,
}) => {
  const { context, page } = await open(browser);
  const user = await newUser(context.request);
  await signIn(page, user);
  await bannerOf(page).getByRole('button', { name: 'Akceptuję analitykę' }).click();
  await expect(bannerOf(page)).toBeHidden();

  const [home] = await settled(page, () => pageViews('/panel/home'), 1);
  expect(home!.params).toMatchObject({ idsite: '3', rec: '1', consent: '1', cookies: '1' });
  expect(recorder.requests.filter((r) => r.path === '/matomo.js')).toHaveLength(1);

  await page.getByRole('navigation', { name: 'Menu główne' }).getByRole('link', { name: 'FAQ' }).click();
  const [faq] = await settled(page, () => pageViews('/panel/faq'), 1);
  expect(faq!.params.urlref).toBe(`${panel.url}/panel/home`);

  // Change of mind, from the footer.
  await page.getByRole('button', { name: 'Ustawienia cookies' }).click();
  const banner = bannerOf(page);
  await expect(banner).toBeFocused();
  await expect(banner).toContainText('Obecnie: zgoda na analitykę udzielona.');
  await banner.getByRole('button', { name: 'Odrzucam' }).click();
  await expect(banner).toBeHidden();
  const before = recorder.hits().length;
  await page.getByRole('navigation', { name: 'Menu główne' }).getByRole('link', { name: 'Kontakt' }).click();
  await expect(page).toHaveURL(/\/panel\/contact$/);
  await quiet(page);
  expect(recorder.hits()).toHaveLength(before);
  expectNoPersonalData(recorder.hits(), user);
  await context.close();
});

test('the order completed on /home?after_payment arrives once, even across reloads', async ({ browser }) => {
  const { context, page } = await open(browser);
  const user = await newUser(context.request);
  await signIn(page, user);
  await bannerOf(page).getByRole('button', { name: 'Akceptuję analitykę' }).click();
  await settled(page, () => pageViews('/panel/home'), 1);

  const order = await placePaidOrder(context.request);
  const orders = () => recorder.hits().filter((h) => h.params.ec_id !== undefined);
  await page.goto('/panel/home?after_payment=1');
  const [hit] = await settled(page, orders, 1);
  expect(hit!.params).toMatchObject({
    idgoal: '0',
    ec_id: String(order.id),
    revenue: String(order.total),
    idsite: '3',
  });
  // The address reported has no query string.
  expect(pageViews('/panel/home').length).toBeGreaterThanOrEqual(2);

  await page.reload();
  await expect(page.getByTestId('splash')).toBeHidden({ timeout: 15_000 });
  await quiet(page);
  expect(orders()).toHaveLength(1);
  expectNoPersonalData(recorder.hits(), user);
  await context.close();
});

test('category visit, product view, cart add and cart visit arrive once each, with their fields', async ({
  browser,
}) => {
  const { context, page } = await open(browser);
  const user = await newUser(context.request);
  await signIn(page, user);
  await bannerOf(page).getByRole('button', { name: 'Akceptuję analitykę' }).click();
  await settled(page, () => pageViews('/panel/home'), 1);
  const product = await demoExperienceOnSale(context.request);
  const at = (path: string) => (h: Hit) => h.params.url === `${panel.url}${path}`;
  const current = () => new URL(page.url()).pathname;

  await page.goto(`/panel/experiences/${product.category.name.toLowerCase().replace(/ /g, '-')}`);
  await expect(page.getByTestId('splash')).toBeHidden({ timeout: 15_000 });
  await expect(page.getByRole('heading', { name: product.category.name, level: 1 })).toBeVisible();
  const categoryPath = current();
  const [category] = await settled(page, () => recorder.hits().filter(at(categoryPath)), 1);
  expect(category!.params).toMatchObject({ _pkc: product.category.name, action_name: product.category.name });
  expect(category!.params).not.toHaveProperty('_pks');

  await page.getByRole('link', { name: product.name }).first().click();
  // The product page is its own chunk: until it has loaded, the category page (whose cards carry the
  // product's name as a heading too) stays. Its address and its level-1 title say it is there.
  await expect(page).toHaveURL(new RegExp(`/panel/experiences/[^/]+/${product.id}-`));
  await expect(page.getByRole('heading', { name: product.name, level: 1 })).toBeVisible();
  const productPath = current();
  const [view] = await settled(page, () => recorder.hits().filter(at(productPath)), 1);
  expect(view!.params).toMatchObject({
    _pks: String(product.id),
    _pkn: product.name,
    _pkc: product.category.name,
    _pkp: String(product.price),
  });

  const carts = () => recorder.hits().filter((h) => h.params.idgoal === '0' && h.params.ec_id === undefined);
  await page.getByRole('button', { name: 'Dodaj do koszyka' }).first().click();
  const [cartUpdate] = await settled(page, carts, 1);
  expect(cartUpdate!.params.revenue).toBe(String(product.price));
  expect(JSON.parse(cartUpdate!.params.ec_items!)).toEqual([
    [String(product.id), product.name, product.category.name, product.price, 1],
  ]);

  await page.getByRole('link', { name: /^Koszyk/ }).click();
  await expect(page).toHaveURL(/\/panel\/cart$/);
  const [visit] = await settled(page, () => recorder.hits().filter((h) => h.params.e_c === 'Cart'), 1);
  expect(visit!.params).toMatchObject({ e_a: 'Visit', e_v: '1' });
  await settled(page, () => pageViews('/panel/cart'), 1);
  expectNoPersonalData(recorder.hits(), user);
  await context.close();
});
