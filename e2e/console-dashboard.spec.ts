import type { Browser, Page } from '@playwright/test';
import { expect, newUser, signIn, test } from './fixtures';
import { screenProblems } from './support/person-checks';
import { csrfHeaders, fillCart, newExperienceOnSale } from './support/shop';
import { axeProblems } from './support/axe';

test.describe.configure({ timeout: 120_000 });

/**
 * The sales dashboard (issue 17), in Polish and in English: a member books a fresh experience and
 * pays on the sandbox page; staff open the dashboard from the side navigation and find the sale in
 * the per-experience figures (its exact amount, one order, one seat), then follow the "waiting for
 * payment" tile to the filtered orders list. axe and the person checks run on the screen at 1440 and
 * 390 px. The experience is fresh and priced high, so its row is its own and among the best sellers
 * whatever the other specs sell at the same time.
 */
const TEXT = {
  pl: {
    nav: 'Pulpit sprzedaży',
    caption: 'Sprzedaż według wydarzeń: zamówienia, sprzedane miejsca i kwota brutto',
    weeks: 'Sprzedaż w tygodniach: liczba opłaconych zamówień i kwota brutto',
    amount: '98 765,43 zł',
    waitingLink: 'Zobacz zamówienia czekające na płatność',
    orders: 'Zamówienia',
    pay: 'Zapłać',
    chart: /^Wykres poziomy: kwota brutto sprzedaży/,
  },
  en: {
    nav: 'Sales dashboard',
    caption: 'Sales per experience: orders, seats sold and gross amount',
    weeks: 'Sales per week: paid orders and gross amount',
    amount: '98,765.43 zł',
    waitingLink: 'See the orders waiting for payment',
    orders: 'Orders',
    pay: 'Pay',
    chart: /^Horizontal chart: the gross sales/,
  },
} as const;
const PRICE = 98_765.43;

/** A member puts one seat in the cart and orders through the API, then pays on the sandbox page. */
async function memberBuysAndPays(browser: Browser, baseURL: string, productId: number, lang: 'pl' | 'en') {
  const context = await browser.newContext({ baseURL, locale: lang === 'en' ? 'en-GB' : 'pl-PL' });
  const page = await context.newPage();
  const user = await newUser(context.request, 'CUSTOMER', lang);
  await signIn(page, user, '/panel/home');
  await fillCart(context.request, productId, { quantity: 1, persons: [], cart_label_answer: 'PO 4242' });
  const placed = await context.request.post('/panel/api/v1/sales/cart/order', {
    headers: await csrfHeaders(context.request),
    data: { discount_code: '', is_invoice: 0 },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  await page.goto((await placed.json()).data.payment_url as string);
  await page.getByRole('button', { name: TEXT[lang].pay, exact: true }).click();
  await expect(page).toHaveURL(/\/panel\/home\?after_payment=1/);
  await context.close();
}

async function settled(page: Page) {
  await expect(page.locator('[role=status][aria-label], [aria-busy=true]')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

for (const lang of ['pl', 'en'] as const) {
  const t = TEXT[lang];
  test(`the dashboard shows a new sale (${lang}), accessible at 1440 and 390 px`, async ({
    asStaff,
    browser,
    baseURL,
  }) => {
    const name = `Dashboard ${lang} ${Math.random().toString(36).slice(2, 8)}`;
    const productId = await newExperienceOnSale(browser, baseURL!, name, 4, { price: PRICE });
    await memberBuysAndPays(browser, baseURL!, productId, lang);

    const { page } = await asStaff('OPERATOR', { language: lang });
    await page.getByRole('navigation').getByRole('link', { name: t.nav, exact: true }).first().click();
    await expect(page.getByRole('heading', { name: t.nav, level: 1 })).toBeVisible();
    const row = page
      .getByRole('table', { name: t.caption })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: lang === 'en' ? `${name} (EN)` : name }) });
    await expect(row.getByRole('cell')).toHaveText(['1', '1', t.amount]);
    // This week's row of the weekly figures counts at least this sale.
    const week = page.getByRole('table', { name: t.weeks }).getByRole('row').nth(1);
    await expect(week.getByRole('cell').first()).not.toHaveText('0');
    await expect(page.getByRole('img', { name: t.chart })).toBeVisible();

    await settled(page);
    const problems = [
      ...(await axeProblems(page, '1440')),
      ...(await screenProblems(page, lang, 'dashboard 1440')),
    ];

    await page.getByRole('link', { name: t.waitingLink }).click();
    await expect(page).toHaveURL(/\/panel\/admin\/orders\?status=WAITING_PAYMENT/);
    await expect(page.getByRole('heading', { name: t.orders, level: 1 })).toBeVisible();

    const phone = await asStaff('OPERATOR', { language: lang, phone: true, path: '/panel/admin/dashboard' });
    await expect(phone.page.getByRole('heading', { name: t.nav, level: 1 })).toBeVisible();
    await expect(phone.page.getByRole('table', { name: t.caption })).toBeVisible();
    await settled(phone.page);
    problems.push(
      ...(await axeProblems(phone.page, '390')),
      ...(await screenProblems(phone.page, lang, 'dashboard 390')),
    );
    expect(problems).toEqual([]);
  });
}
