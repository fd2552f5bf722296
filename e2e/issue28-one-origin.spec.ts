import { BASE_URL } from '../playwright.config';
import { expect, newUser, PHONE, test } from './fixtures';
import { tapLikeAPerson } from './support/person-checks';
import { csrfHeaders, demoExperienceOnSale, fillCart } from './support/shop';

/**
 * Issue 28, item 4: a member who opened the panel under another name than PUBLIC_URL's (here
 * localhost for 127.0.0.1) was signed out after paying: the payment's return went to PUBLIC_URL, where
 * the browser had no session cookie. The panel now sends every other host to PUBLIC_URL before
 * anything sets a cookie (docs/deploying.md, "One address").
 */
const OTHER_ORIGIN = BASE_URL.replace('127.0.0.1', 'localhost');

const TEXT = {
  pl: { order: 'Zamawiam i płacę', confirm: 'Potwierdź', sandbox: 'Płatność testowa', pay: 'Zapłać' },
  en: { order: 'Order and pay', confirm: 'Confirm', sandbox: 'Test payment', pay: 'Pay' },
} as const;

for (const [lang, phone] of [
  ['pl', false],
  ['en', false],
] as const) {
  test(`opened under another address, a member pays and comes back signed in (${lang}${phone ? ', 390 px' : ''})`, async ({
    browser,
  }) => {
    const t = TEXT[lang];
    const context = await browser.newContext({
      baseURL: BASE_URL,
      locale: lang === 'en' ? 'en-GB' : 'pl-PL',
      ...(phone ? PHONE : {}),
    });
    // The member signed in at the club's address; the cart is filled as the panel would fill it.
    const user = await newUser(context.request, 'CUSTOMER', lang);
    const login = await context.request.post('/panel/api/v1/auth/login', { data: user });
    expect(login.status()).toBe(200);
    await fillCart(context.request, (await demoExperienceOnSale(context.request)).id);

    // A call of the panel's API under the other address is refused, never half-served.
    const misdirected = await context.request.get(`${OTHER_ORIGIN}/panel/api/v1/auth/me`, {
      headers: await csrfHeaders(context.request),
    });
    expect(misdirected.status()).toBe(421);

    // The member opens the panel under the other address: the cart, at the club's one, signed in.
    const page = await context.newPage();
    await page.goto(`${OTHER_ORIGIN}/panel/cart`);
    await expect(page).toHaveURL(`${BASE_URL}/panel/cart`);
    const order = page.getByRole('button', { name: t.order });
    await (phone ? tapLikeAPerson(order) : order.click());
    await page.getByRole('alertdialog').getByRole('button', { name: t.confirm }).click();
    await expect(page.getByRole('heading', { name: t.sandbox })).toBeVisible();
    expect(new URL(page.url()).origin).toBe(BASE_URL);
    await page.getByRole('button', { name: t.pay, exact: true }).click();

    // Back at PUBLIC_URL, still signed in: the result screen, not the sign-in page.
    await expect(page).toHaveURL(new RegExp(`^${BASE_URL}/panel/home\\?after_payment=1&order=\\d+$`));
    await expect(page.getByTestId('payment-result')).toBeVisible();
    expect((await context.request.get('/panel/api/v1/auth/me')).status()).toBe(200);
    await context.close();
  });
}
