import type { Page } from '@playwright/test';
import { demo, expect, newUser, PHONE, signIn, test } from './fixtures';
import { tapLikeAPerson } from './support/person-checks';
import { csrfHeaders, demoExperienceOnSale, fillCart } from './support/shop';

/** Issue 28, the rest of items 8, 9 and 12: what a member or a dealer sees. */

/** A fresh member's order waiting for payment (placed through the API, as the cart would). */
async function waitingOrder(page: Page): Promise<{ id: number; payment_url: string }> {
  await fillCart(page.request, (await demoExperienceOnSale(page.request)).id);
  const placed = await page.request.post('/panel/api/v1/sales/cart/order', {
    headers: await csrfHeaders(page.request),
    data: { discount_code: '', is_invoice: 0 },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  const order = (await placed.json()).data as { order_id: number; payment_url: string };
  return { id: order.order_id, payment_url: order.payment_url };
}

test.describe('item 12: at 390 px the open category sub-menu leaves the language toggle whole', () => {
  test.use({ ...PHONE });

  test('the member taps EN while the sub-menu of /experiences is open (pl, 390 px)', async ({ page }) => {
    const user = await newUser(page.request, 'CUSTOMER', 'pl');
    await signIn(page, user, '/panel/experiences');
    await page.getByRole('button', { name: 'Pokaż podmenu' }).click();
    const menu = page.getByRole('navigation', { name: /podmenu/i });
    await expect(page.getByRole('button', { name: 'Ukryj podmenu' })).toBeVisible();
    const en = page.getByRole('button', { name: 'English' });
    // The whole toggle is clear of the open menu, not only its centre.
    const [toggle, opened] = [await en.boundingBox(), await menu.boundingBox()];
    expect(toggle!.y + toggle!.height).toBeLessThanOrEqual(opened!.y);
    await tapLikeAPerson(en);
    await expect(page.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

test.describe('item 12: the dealer invoice-data screen speaks of no cart (pl, 390 px)', () => {
  test.use({ ...PHONE });

  test('pl at 390 px', async ({ page }) => {
    const dealer = await newUser(page.request, 'DEALER', 'pl');
    await signIn(page, dealer, '/panel/account/invoice-info');
    const main = page.getByRole('main');
    await expect(
      main.getByText('Dane firmy Twojego konta dealera, zapisane w klubie na potrzeby faktur VAT.'),
    ).toBeVisible();
    await expect(main).not.toContainText(/koszyk/i);
  });
});

test.describe('item 12: the dealer invoice-data screen speaks of no cart (en)', () => {
  test('en on a desktop', async ({ page }) => {
    const dealer = await newUser(page.request, 'DEALER', 'en');
    await signIn(page, dealer, '/panel/account/invoice-info');
    const main = page.getByRole('main');
    await expect(
      main.getByText('The company data of your dealer account, as the club holds it for VAT invoices.'),
    ).toBeVisible();
    await expect(main).not.toContainText(/cart/i);
  });
});

test('item 12: the sandbox payment page has the club icon, no missing favicon', async ({ page }) => {
  const user = await newUser(page.request, 'CUSTOMER', 'en');
  await signIn(page, user, null);
  const order = await waitingOrder(page);
  await page.goto(new URL(order.payment_url).pathname);
  const icon = page.locator('link[rel="icon"]');
  await expect(icon).toHaveAttribute('href', '/panel/favicon.svg');
  const served = await page.request.get((await icon.getAttribute('href'))!);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toMatch(/^image\/svg\+xml/);
});

test.describe('item 12: the legal note opens the page of the member language', () => {
  for (const [lang, member, address] of [
    ['en', demo.customerEn, 'https://legal.example/en/imprint'],
    ['pl', demo.customer, 'https://www.bmw.pl/pl/footer/metanavigation/legal-disclaimer-pool/imprint.html'],
  ] as const)
    test(`${lang} member footer`, async ({ page }) => {
      await signIn(page, member, '/panel/home');
      const link = page
        .getByRole('contentinfo')
        .getByRole('link', { name: lang === 'en' ? /Legal note/ : /Nota prawna/ });
      await expect(link).toHaveAttribute('href', address);
    });
});

const REGISTER = {
  pl: {
    mrs: 'Pani',
    name: 'Imię',
    surname: 'Nazwisko',
    contract: 'Numer umowy',
    submit: 'Zarejestruj klienta',
    dialog: 'Potwierdź hasło',
    confirm: 'Potwierdź',
  },
  en: {
    mrs: 'Mrs',
    name: 'First name',
    surname: 'Last name',
    contract: 'Contract number',
    submit: 'Register customer',
    dialog: 'Confirm your password',
    confirm: 'Confirm',
  },
} as const;

for (const lang of ['pl', 'en'] as const)
  test.describe(`item 8: the registration goes on by itself after the password re-entry (${lang})`, () => {
    if (lang === 'pl') test.use({ ...PHONE });

    test(`a dealer registers a new customer (${lang}${lang === 'pl' ? ', 390 px' : ''})`, async ({
      page,
      expectFailure,
    }) => {
      // Opened directly, the dealer's password check is not done yet: the server asks for it first.
      expectFailure({ status: 403, method: 'POST', url: '/panel/api/v1/dealers/customers/register/new' });
      const text = REGISTER[lang];
      const dealer = await newUser(page.request, 'DEALER', lang);
      await signIn(page, dealer, '/panel/customers/register');
      await page.getByRole('radio', { name: text.mrs }).click();
      await page.getByRole('textbox', { name: text.name }).fill('Zofia');
      await page.getByRole('textbox', { name: text.surname }).fill('Kwiatkowska');
      await page.getByRole('textbox', { name: 'E-mail' }).fill(`f12-${lang}-${Date.now()}@example.com`);
      await page.getByLabel('Model').selectOption('i7');
      await page.getByRole('textbox', { name: text.contract }).fill(`UM/F12/${lang}`);
      await page.getByRole('button', { name: text.submit }).click();
      const dialog = page.getByRole('dialog', { name: text.dialog });
      await expect(dialog).toBeVisible();
      await dialog.locator('input[type=password]').fill(dealer.password);
      await dialog.getByRole('button', { name: text.confirm }).click();
      await expect(dialog).toBeHidden();
      // No second press: the refused registration is sent again by itself.
      await expect(page).toHaveURL(/\/panel\/customers\/edit\/\d+$/);
      await expect(page.getByRole('heading', { name: 'Zofia Kwiatkowska' })).toBeVisible();
    });
  });

test.describe('item 9: one time, one zone, whatever the browser zone', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('the payment deadline reads the same Warsaw time on the payment page and in the order popup', async ({
    page,
  }) => {
    const user = await newUser(page.request, 'CUSTOMER', 'en');
    await signIn(page, user, null);
    const order = await waitingOrder(page);
    const read = await page.request.get(`/panel/api/v1/sales/orders/item/${order.id}`);
    expect(read.ok(), await read.text()).toBe(true);
    const expiresAt = (await read.json()).data.expires_at as string;
    const warsaw = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'Europe/Warsaw',
    }).format(new Date(expiresAt));
    const newYork = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'America/New_York',
    }).format(new Date(expiresAt));
    expect(warsaw).not.toBe(newYork);

    await page.goto(`/panel/home?after_payment=1&order=${order.id}`);
    await expect(page.getByTestId('splash')).toBeHidden({ timeout: 15_000 });
    const onPaymentPage = page.getByText(/The seats are held for you until/);
    await expect(onPaymentPage).toContainText(`${warsaw} (Polish time)`);
    const shown = (await onPaymentPage.textContent())!.replace('The seats are held for you until ', '');

    await page.getByRole('link', { name: 'Shopping history' }).click();
    await page.getByRole('button', { name: new RegExp(`Order no. ${order.id}\\b`) }).click();
    const popup = page.getByRole('dialog', { name: `Order no. ${order.id}` });
    await expect(popup).toContainText(`The order waits for payment until ${shown}`);
    await expect(popup).not.toContainText(newYork);
  });
});
