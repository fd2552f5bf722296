import type { Browser, BrowserContext, Page } from '@playwright/test';
import { test as base, demo, expect, newUser } from './fixtures';
import { tapLikeAPerson } from './support/person-checks';

/**
 * The panel on a phone, used as a member uses it (issue 14): at 390 px with a finger, through the real
 * menus. Each role signs in once (storage state); every test opens its own context from it.
 */
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;

type Role = 'customer' | 'customerEn' | 'dealer';
const states = new Map<Role, Awaited<ReturnType<BrowserContext['storageState']>>>();

async function phone(browser: Browser, role: Role): Promise<{ context: BrowserContext; page: Page }> {
  const baseURL = test.info().project.use.baseURL;
  let state = states.get(role);
  if (!state) {
    const signing = await browser.newContext({ baseURL });
    const res = await signing.request.post('/panel/api/v1/auth/login', { data: demo[role] });
    expect(res.status()).toBe(200);
    state = await signing.storageState();
    states.set(role, state);
    await signing.close();
  }
  const context = await browser.newContext({
    ...PHONE,
    baseURL,
    storageState: state,
    locale: role === 'customerEn' ? 'en-GB' : 'pl-PL',
  });
  return { context, page: await context.newPage() };
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByTestId('splash')).toBeHidden({ timeout: 15_000 });
}

const test = base.extend<{ as: (role: Role, path?: string) => Promise<Page> }>({
  as: async ({ browser }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (role, path = '/panel/home') => {
      const { context, page } = await phone(browser, role);
      contexts.push(context);
      await open(page, path);
      return page;
    });
    for (const c of contexts) await c.close();
  },
});

const burger = (page: Page) => page.getByRole('button', { name: /^(Otwórz menu|Open menu)$/ });
const mainMenu = (page: Page) => page.getByRole('dialog', { name: /^(Menu główne|Main menu)$/ });
const accountTrigger = (page: Page) => page.getByRole('button', { name: /^(Moje konto|My account)$/ });

const MAIN = [
  { name: 'Excellence Club', url: /\/panel\/excellence-club$/ },
  { name: 'Wydarzenia', url: /\/panel\/experiences$/ },
  { name: 'Galeria', url: /\/panel\/gallery$/ },
  { name: 'Partnerzy', url: /\/panel\/partners$/ },
  { name: 'FAQ', url: /\/panel\/faq$/ },
  { name: 'Kontakt', url: /\/panel\/contact$/ },
  { name: 'Strona główna', url: /\/panel\/home$/ },
];

test('phone: every item of the main menu is tapped and takes the member there; the menu closes', async ({
  as,
}) => {
  const page = await as('customer', '/panel/contact');
  for (const item of MAIN) {
    await tapLikeAPerson(burger(page));
    const menu = mainMenu(page);
    await expect(menu).toBeVisible();
    await tapLikeAPerson(menu.getByRole('link', { name: item.name, exact: true }));
    await expect(page).toHaveURL(item.url);
    await expect(menu).toBeHidden();
    // The page itself is there, not only its address.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/\S/);
  }
});

test('phone: the main menu closes on Escape and on a tap outside, and keeps the focus inside while open', async ({
  as,
}) => {
  const page = await as('customer');
  const opener = burger(page);
  await tapLikeAPerson(opener);
  const menu = mainMenu(page);
  await expect(menu).toBeVisible();
  const inside = () => menu.evaluate((el) => el.contains(document.activeElement));
  await expect.poll(inside).toBe(true);
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press(key);
      expect(await inside(), `${key} ×${i + 1} left the menu`).toBe(true);
    }
  }
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(opener).toBeFocused();

  // A tap beside the sheet (on the dimmed page) closes it and leaves the member where they were.
  await tapLikeAPerson(opener);
  await expect(menu).toBeVisible();
  const box = await menu.boundingBox();
  expect(box?.x ?? 0, 'the sheet leaves part of the page to tap').toBeGreaterThan(20);
  await page.touchscreen.tap(10, 400);
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(/\/panel\/home$/);
});

const ACCOUNT = [
  { name: 'Karta klubowa', url: /\/panel\/account\/club-card$/ },
  { name: 'Dane użytkownika', url: /\/panel\/account\/user-info$/ },
  { name: 'Zmiana hasła', url: /\/panel\/account\/password-change$/ },
  { name: 'Twoje zainteresowania', url: /\/panel\/account\/your-interests$/ },
  { name: 'Dane do faktury', url: /\/panel\/account\/invoice-info$/ },
  { name: 'Historia zakupów', url: /\/panel\/account\/shopping-history$/ },
];

test('phone: every item of the account menu is tapped and takes the member there', async ({ as }) => {
  const page = await as('customer');
  for (const item of ACCOUNT) {
    await tapLikeAPerson(accountTrigger(page));
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await tapLikeAPerson(menu.getByRole('menuitem', { name: item.name }));
    await expect(page).toHaveURL(item.url);
    await expect(menu).toBeHidden();
  }
  // Escape and a tap outside close it too.
  await tapLikeAPerson(accountTrigger(page));
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await tapLikeAPerson(accountTrigger(page));
  await expect(page.getByRole('menu')).toBeVisible();
  await page.touchscreen.tap(20, 600);
  await expect(page.getByRole('menu')).toBeHidden();
});

test('phone: signing out from the account menu with a tap', async ({ browser, request }) => {
  const user = await newUser(request);
  const context = await browser.newContext({ ...PHONE, baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  expect((await page.request.post('/panel/api/v1/auth/login', { data: user })).status()).toBe(200);
  await open(page, '/panel/home');
  await tapLikeAPerson(accountTrigger(page));
  await tapLikeAPerson(page.getByRole('menuitem', { name: 'Wyloguj się' }));
  await expect(page).toHaveURL(/\/panel\/login/);
  await context.close();
});

test('a failed data call shows the error within a few seconds, not after the retries', async ({
  as,
  expectFailure,
}) => {
  expectFailure({ status: 503, method: 'GET', url: '/panel/api/v1/faq/' });
  const page = await as('customer');
  // From now on every FAQ call fails as a server in trouble would.
  await page.route('**/panel/api/v1/faq/**', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: '{"success":false,"message":"down"}',
    }),
  );
  await tapLikeAPerson(burger(page));
  const started = Date.now();
  await tapLikeAPerson(mainMenu(page).getByRole('link', { name: 'FAQ', exact: true }));
  // One retry after 400 ms (lib/query-client.ts); the library's default three retries with backoff
  // would take 7 s and more. 5 s leaves a loaded CI machine room for the navigation itself (3.6 s seen).
  await expect(page.getByText('Nie udało się załadować danych')).toBeVisible({ timeout: 5_000 });
  expect(Date.now() - started).toBeLessThan(5_000);
});

test('journey at 390 px, customer in English: home → experiences → a category → a product → cart → shopping history', async ({
  as,
}) => {
  const page = await as('customerEn');
  await tapLikeAPerson(burger(page));
  await tapLikeAPerson(mainMenu(page).getByRole('link', { name: 'Experiences', exact: true }));
  await expect(page).toHaveURL(/\/panel\/experiences$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Selected for you' })).toBeVisible();
  // The header's sub-menu on a phone: its toggle, then a category.
  const submenu = page.getByRole('navigation', { name: 'Sub-menu' });
  await tapLikeAPerson(submenu.getByRole('button', { name: 'Show sub-menu' }));
  const category = submenu.getByRole('link').nth(1);
  const categoryName = (await category.textContent())?.trim() ?? '';
  await tapLikeAPerson(category);
  await expect(page).toHaveURL(/\/panel\/experiences\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(categoryName);
  // The category's cards fit the phone: nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const details = page
    .getByRole('main')
    .getByRole('link', { name: /details/i })
    .first();
  await tapLikeAPerson(details);
  await expect(page).toHaveURL(/\/panel\/experiences\/[^/]+\/\d+/);
  await tapLikeAPerson(page.getByRole('link', { name: /^Cart/ }));
  await expect(page).toHaveURL(/\/panel\/cart$/);
  await tapLikeAPerson(accountTrigger(page));
  await tapLikeAPerson(page.getByRole('menuitem', { name: 'Shopping history' }));
  await expect(page).toHaveURL(/\/panel\/account\/shopping-history$/);
  await expect(page.getByRole('heading', { name: 'Shopping history' }).last()).toBeVisible();
});

test('journey at 390 px, dealer: account menu has no shopping history; gallery, partners and club card by tap', async ({
  as,
}) => {
  const page = await as('dealer');
  await tapLikeAPerson(accountTrigger(page));
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Historia zakupów' })).toHaveCount(0);
  await tapLikeAPerson(menu.getByRole('menuitem', { name: 'Karta klubowa' }));
  await expect(page).toHaveURL(/\/panel\/account\/club-card$/);
  await expect(page.getByRole('link', { name: /^Koszyk/ })).toHaveCount(0);
  await tapLikeAPerson(burger(page));
  await tapLikeAPerson(mainMenu(page).getByRole('link', { name: 'Galeria', exact: true }));
  await expect(page).toHaveURL(/\/panel\/gallery$/);
  await expect(page.getByTestId('gallery-tiles').getByRole('listitem').first()).toBeVisible();
  await tapLikeAPerson(burger(page));
  await tapLikeAPerson(mainMenu(page).getByRole('link', { name: 'Partnerzy', exact: true }));
  await expect(page).toHaveURL(/\/panel\/partners$/);
  // The footer's dealer links, tapped: the customers list behind the password gate.
  await tapLikeAPerson(page.getByRole('contentinfo').getByRole('link', { name: 'Lista klientów' }));
  await expect(page).toHaveURL(/\/panel\/customers$/);
  await expect(page.getByRole('dialog', { name: 'Potwierdź hasło' })).toBeVisible();
});
