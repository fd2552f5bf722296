import type { Page } from '@playwright/test';
import { consentTexts } from '../packages/shared/src/consents';
import { expect, newUser, signIn, test } from './fixtures';
import { openInApp } from './support/in-app';

/**
 * Issue 14, as a member reads the panel: every message filled in, one wording per consent (with
 * when it was given), addresses that open in either language, and product states that say why and
 * what to do next. Each test uses a fresh member; Polish and English.
 */

const API = '/panel/api/v1';
const GALA = { id: 11, pl: 'Gala Excellence Club', en: 'Excellence Club Gala Evening' };

async function apiPost(page: Page, path: string, data?: unknown) {
  const me = await (await page.request.get(`${API}/auth/me`)).json();
  const res = await page.request.post(`${API}${path}`, {
    data: data ?? {},
    headers: { 'X-Csrf-Token': me.data.csrf_token },
  });
  expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return (await res.json()).data;
}

/** No message of the page shows an unfilled placeholder. */
async function expectNoPlaceholder(page: Page) {
  expect(await page.locator('body').innerText()).not.toMatch(/\{\{|\}\}/);
}

const today = () =>
  new Intl.DateTimeFormat('pl-PL', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'Europe/Warsaw',
  }).format(new Date());

for (const lang of ['pl', 'en'] as const) {
  const words = {
    pl: {
      quantity: 'Liczba osób',
      save: 'Zapisz dane',
      max: /^Największa dozwolona wartość to \d+\.$/,
      inCart: 'W koszyku',
      goToCart: 'Przejdź do koszyka',
      given: `udzielona ${today()}`,
      soldOutJoin: /Wszystkie miejsca są zajęte\. Zapisz się na listę oczekujących/,
      soldOutClosed: /Wszystkie miejsca są zajęte, a lista oczekujących zamyka się/,
      join: 'Zapisz się na listę oczekujących',
      journeys: 'wyprawy',
      otherJourneys: 'journeys',
      journeysTitle: 'Wyprawy',
    },
    en: {
      quantity: 'Number of persons',
      save: 'Save data',
      max: /^The largest allowed value is \d+\.$/,
      inCart: 'In your cart',
      goToCart: 'Go to your cart',
      given: `given on ${today().replace(/\./g, '/')}`,
      soldOutJoin: /Every place is taken\. Join the waiting list/,
      soldOutClosed: /Every place is taken, and the waiting list closes/,
      join: 'Join the waiting list',
      journeys: 'journeys',
      otherJourneys: 'wyprawy',
      journeysTitle: 'Journeys',
    },
  }[lang];

  test.describe(`member wording (${lang})`, () => {
    test('the cart names the quantity limit and the expected number, never a raw placeholder', async ({
      page,
      request,
    }) => {
      await signIn(page, await newUser(request, 'CUSTOMER', lang), null);
      await apiPost(page, '/sales/cart/add', { product_id: GALA.id });
      await page.goto('/panel/cart');
      const gala = page.getByRole('article', { name: GALA[lang] });
      const quantity = gala.getByRole('spinbutton', { name: words.quantity });
      await quantity.fill('40');
      await gala.getByRole('button', { name: words.save }).click();
      await expect(quantity).toHaveAttribute('aria-invalid', 'true');
      await expect(gala.getByText(words.max)).toBeVisible();
      await expectNoPlaceholder(page);
    });

    test('a product in the cart says so on its card and its page, with the way to the cart', async ({
      page,
      request,
    }) => {
      await signIn(page, await newUser(request, 'CUSTOMER', lang), null);
      await apiPost(page, '/sales/cart/add', { product_id: GALA.id });
      await page.goto('/panel/experiences/lifestyle');
      const card = page.getByTestId('product-card').filter({ hasText: GALA[lang] }).first();
      await expect(card.getByRole('link', { name: words.inCart })).toBeVisible();
      await card.getByRole('link', { name: words.inCart }).click();
      await expect(page).toHaveURL(/\/panel\/cart$/);

      await openInApp(page, `/panel/experiences/lifestyle/${GALA.id}`);
      await expect(page.getByRole('heading', { level: 1, name: GALA[lang] })).toBeVisible();
      await expect(page.getByRole('link', { name: words.inCart })).toBeVisible();
      const reason = page.getByTestId('order-reason');
      await expect(reason).toHaveAttribute('data-reason', 'in-cart');
      await reason.getByRole('link', { name: words.goToCart }).click();
      await expect(page).toHaveURL(/\/panel\/cart$/);
    });

    test('a sold-out page says why and offers the waiting list where it is open', async ({
      page,
      request,
    }) => {
      await signIn(
        page,
        await newUser(request, 'CUSTOMER', lang),
        '/panel/experiences/motorsport/m-masterclass',
      );
      const reason = page.getByTestId('order-reason');
      await expect(reason).toHaveAttribute('data-reason', 'sold-out');
      await expect(reason).toHaveText(words.soldOutJoin);
      await expect(page.getByRole('button', { name: words.join })).toBeVisible();

      await openInApp(page, '/panel/experiences/motorsport/drift-school');
      await expect(page.getByTestId('order-reason')).toHaveText(words.soldOutClosed);
      await expectNoPlaceholder(page);
    });

    test('an address in the other language opens and becomes the member’s own', async ({ page, request }) => {
      await signIn(
        page,
        await newUser(request, 'CUSTOMER', lang),
        `/panel/experiences/${words.otherJourneys}`,
      );
      await expect(page).toHaveURL(new RegExp(`/panel/experiences/${words.journeys}$`));
      await expect(page.getByRole('heading', { level: 1, name: words.journeysTitle })).toBeVisible();
      // A product address with the other language's category, by alias: the canonical one replaces it.
      await page.goto(`/panel/experiences/${words.otherJourneys}/alpine-passes`);
      await expect(page).toHaveURL(new RegExp(`/panel/experiences/${words.journeys}/\\d+-[a-z0-9-]+$`));
      await page.goBack();
      await expect(page).not.toHaveURL(/alpine-passes/);
    });

    test('the profile shows each consent in the one wording, with the day it was given', async ({
      page,
      request,
    }) => {
      await signIn(page, await newUser(request, 'CUSTOMER', lang), '/panel/account/user-info');
      const texts = consentTexts[lang];
      await expect(page.getByText(texts.marketing, { exact: true })).toBeVisible({ timeout: 15_000 });
      const me = (await (await page.request.get(`${API}/customers/item`)).json()).data.customer;
      for (const flag of ['term_1', 'term_2', 'term_2a', 'term_3', 'term_4_email', 'term_4_post'] as const) {
        const box = page.getByRole('checkbox', { name: texts[flag] });
        await expect(box).toHaveCount(1);
        if (me[flag]) {
          expect(me.consents_given_at[flag], flag).toBeTruthy();
          await expect(page.getByTestId(`consent-given-${flag}`)).toHaveText(`(${words.given})`);
        } else {
          await expect(page.getByTestId(`consent-given-${flag}`)).toHaveCount(0);
        }
      }
      await expectNoPlaceholder(page);
    });
  });
}

test('the agreements link and the profile say each consent in the same words', async ({
  page,
  browser,
  request,
}) => {
  const dealer = await newUser(request, 'DEALER');
  await signIn(page, dealer, '/panel/home');
  await apiPost(page, '/auth/check-password', { password: dealer.password });
  const email = `wording-${Date.now()}@example.com`;
  const { customer_id: id } = await apiPost(page, '/dealers/customers/register/new', {
    user: { name: 'Ewa', surname: 'Lis', email, honorific: 'MRS', language_id: 1 },
    customer: {
      model: 'X7',
      contract_number: 'UM/W/1',
      street: '',
      building_number: '',
      flat_number: '',
      post_code: '',
      city: '',
    },
  });
  const item = (await (await page.request.get(`${API}/dealers/customers/item/${id}`)).json()).data;
  const termsPath = String(item.terms_url).replace(/^https?:\/\/[^/]+/, '');

  const context = await browser.newContext();
  const customer = await context.newPage();
  await customer.goto(termsPath);
  await expect(customer.getByRole('heading', { name: 'Dzień dobry, Ewa Lis' })).toBeVisible({
    timeout: 15_000,
  });
  for (const flag of [
    'term_1',
    'term_2',
    'term_2a',
    'term_3',
    'term_4_email',
    'term_4_post',
    'term_4_phone',
    'term_4_car',
    'term_4_group',
  ] as const) {
    await expect(customer.getByRole('checkbox', { name: consentTexts.pl[flag] }), flag).toHaveCount(1);
  }
  await expect(customer.getByText(consentTexts.pl.marketing, { exact: true })).toBeVisible();
  await context.close();

  // The dealer's view of the same customer uses the same words.
  await page.goto(`/panel/customers/edit/${id}`);
  await expect(page.getByRole('checkbox', { name: consentTexts.pl.term_2a })).toBeVisible({
    timeout: 15_000,
  });
});
