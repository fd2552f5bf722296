import type { APIRequestContext, Browser, BrowserContext } from '@playwright/test';
import { validProductBody } from '../apps/server/src/modules/catalog/admin-test-fixtures';
import { expect, newStaff, newUser, PHONE, signIn, signInStaffByApi, test } from './fixtures';
import { tapLikeAPerson } from './support/person-checks';
import { csrfHeaders } from './support/shop';

/**
 * Issue 28 item 16: a price change no longer reaches members' carts silently. Staff saving a new price
 * are told how many carts hold the experience and may keep the old one; the member's cart says what
 * changed until the member taps "Got it". Each test makes its own experience, so no other spec's
 * prices move.
 */

const API = '/panel/api/v1';
const unique = () => Math.random().toString(36).slice(2, 8);

type Experience = { id: number; setPrice: (price: number) => Promise<void>; close: () => Promise<void> };

/** A fresh experience on sale at 900 zł, made by a new administrator through the console's API. */
async function ownExperience(browser: Browser, baseURL: string, name: string): Promise<Experience> {
  const context = await browser.newContext({ baseURL });
  const staff = await newStaff(context.request, 'ADMIN');
  await signInStaffByApi(context.request, staff);
  const headers = await csrfHeaders(context.request);
  const options = (await (await context.request.get(`${API}/admin/catalog/options`)).json()).data;
  const body = (price: number) =>
    validProductBody({ category_id: options.categories[0].id, name_pl: name, name_en: name, price });
  const created = await context.request.post(`${API}/admin/catalog/products`, { headers, data: body(900) });
  expect(created.status(), await created.text()).toBe(201);
  const { id, version } = (await created.json()).data as { id: number; version: number };
  const published = await context.request.post(`${API}/admin/catalog/products/${id}/publish`, {
    headers,
    data: { version, mode: 'on_sale' },
  });
  expect(published.ok(), await published.text()).toBe(true);
  return {
    id,
    setPrice: async (price) => {
      const current = (await (await context.request.get(`${API}/admin/catalog/products/${id}`)).json()).data;
      const saved = await context.request.put(`${API}/admin/catalog/products/${id}`, {
        headers,
        data: { version: current.version, product: body(price) },
      });
      expect(saved.ok(), await saved.text()).toBe(true);
    },
    close: () => context.close(),
  };
}

/** A fresh member signed in (in `context`) with the experience in the cart, added through the API. */
async function memberWithCart(
  request: APIRequestContext,
  context: BrowserContext,
  productId: number,
  language: 'pl' | 'en',
) {
  const member = await newUser(request, 'CUSTOMER', language);
  const login = await context.request.post(`${API}/auth/login`, {
    data: { email: member.email, password: member.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const added = await context.request.post(`${API}/sales/cart/add`, {
    headers: await csrfHeaders(context.request),
    data: { product_id: productId },
  });
  expect(added.ok(), await added.text()).toBe(true);
  return member;
}

/** What the member's cart holds for the experience: its price and the price it changed from. */
async function lineIn(context: BrowserContext, productId: number) {
  const items = (await (await context.request.get(`${API}/sales/cart/items`)).json()).data as {
    price_changed_from: number | null;
    product: { id: number; price: number };
  }[];
  const line = items.find((l) => l.product.id === productId)!;
  return { price: line.product.price, changedFrom: line.price_changed_from };
}

test('staff saving a new price are told how many carts hold the experience; cancel keeps the old price (pl, en)', async ({
  asStaff,
  browser,
  request,
  baseURL,
}) => {
  // Two staff sign-ins and two console loads, one per language: about a minute on a shared machine.
  test.slow();
  const experience = await ownExperience(browser, baseURL!, `Zmiana ceny ${unique()}`);
  const members = [await browser.newContext({ baseURL }), await browser.newContext({ baseURL })];
  await memberWithCart(request, members[0]!, experience.id, 'pl');
  await memberWithCart(request, members[1]!, experience.id, 'en');

  const steps = [
    {
      language: 'pl' as const,
      from: 900,
      to: 1100,
      price: 'Cena (zł)',
      save: 'Zapisz',
      saved: 'Zapisano.',
      title: 'Nowa cena trafi do koszyków',
      count: /^2 członków klubu ma to doświadczenie w koszyku w starej cenie\./,
      cancel: 'Anuluj',
      confirm: 'Zapisz nową cenę',
    },
    {
      language: 'en' as const,
      from: 1100,
      to: 1250,
      price: 'Price (PLN)',
      save: 'Save',
      saved: 'Saved.',
      title: 'The new price reaches carts',
      count: /^2 members have this experience in their cart at the old price\./,
      cancel: 'Cancel',
      confirm: 'Save the new price',
    },
  ];
  for (const step of steps) {
    const { page } = await asStaff('OPERATOR', {
      language: step.language,
      path: `/panel/admin/experiences/${experience.id}`,
    });
    const price = page.getByLabel(step.price);
    await expect(price).toHaveValue(String(step.from));
    await price.fill(String(step.to));
    const save = page.getByRole('button', { name: step.save, exact: true });
    const dialog = page.getByRole('alertdialog', { name: step.title });

    // Cancelled: nothing is saved, the members' carts keep the old price without a notice.
    await save.click();
    await expect(dialog.getByText(step.count)).toBeVisible();
    await dialog.getByRole('button', { name: step.cancel }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(step.saved, { exact: true })).toBeHidden();
    for (const member of members) {
      expect(await lineIn(member, experience.id)).toEqual({
        price: step.from,
        changedFrom: step.language === 'pl' ? null : 900,
      });
    }

    // Confirmed: the new price is saved and reaches both carts, which say it changed.
    await save.click();
    await expect(dialog.getByText(step.count)).toBeVisible();
    await dialog.getByRole('button', { name: step.confirm }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(step.saved, { exact: true })).toBeVisible();
    await expect(price).toHaveValue(String(step.to));
    for (const member of members) {
      expect(await lineIn(member, experience.id)).toEqual({ price: step.to, changedFrom: 900 });
    }
  }
  for (const member of members) await member.close();
  await experience.close();
});

const MEMBER = {
  pl: {
    notice: 'Cena zmieniła się z 900,00 zł na 1 100,00 zł od chwili dodania do koszyka.',
    ok: 'Rozumiem',
    total: '1 100,00 zł',
  },
  en: {
    notice: 'The price changed from 900.00 zł to 1,100.00 zł since you added this to your cart.',
    ok: 'Got it',
    total: '1,100.00 zł',
  },
};

for (const language of ['pl', 'en'] as const) {
  test(`a member at 390 px sees the price change in the cart, taps "${MEMBER[language].ok}" and the notice stays gone (${language})`, async ({
    browser,
    request,
    baseURL,
  }) => {
    const name = `Cena w koszyku ${unique()}`;
    const experience = await ownExperience(browser, baseURL!, name);
    const context = await browser.newContext({
      baseURL,
      ...PHONE,
      locale: language === 'en' ? 'en-GB' : 'pl-PL',
    });
    const page = await context.newPage();
    const member = await memberWithCart(request, context, experience.id, language);
    await experience.setPrice(1100);
    await signIn(page, member, '/panel/cart');

    const line = page.getByRole('article', { name });
    const notice = line.getByText(MEMBER[language].notice, { exact: true });
    const ok = line.getByRole('button', { name: MEMBER[language].ok });
    await expect(notice).toBeVisible();
    await expect(page.getByTestId('cart-total')).toHaveText(MEMBER[language].total);

    await tapLikeAPerson(ok);
    await expect(notice).toBeHidden();
    await expect(ok).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('splash')).toBeHidden({ timeout: 15_000 });
    await expect(line).toBeVisible();
    await expect(notice).toHaveCount(0);
    await expect(ok).toHaveCount(0);
    await expect(page.getByTestId('cart-total')).toHaveText(MEMBER[language].total);
    await context.close();
    await experience.close();
  });
}
