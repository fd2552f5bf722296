import type { APIRequestContext, Page } from '@playwright/test';
import { expect, newUser, readOutbox, signIn, type TestUser, test } from './fixtures';

/**
 * Issue 4 in the browser: product page → cart → sandbox payment → shopping history, with the
 * discount code, in Polish and English; the blocks that keep an order from being placed.
 * Every test uses a fresh member; experiences with many free seats, since tests run in parallel.
 */

// Demo experiences (ids are stable: the catalogue seed inserts them in order).
const GALA = {
  id: 11,
  category: 'lifestyle',
  pl: 'Gala Excellence Club',
  en: 'Excellence Club Gala Evening',
};
const TRACK = {
  id: 1,
  category: 'motorsport',
  pl: 'Dzień torowy na Torze Poznań',
  en: 'Track Day at Tor Poznań',
};
const GOLF = { id: 14, category: 'lifestyle', pl: 'Turniej golfowy Excellence Cup' };
const TRACK_ROUND_1 = { id: 22, pl: 'Excellence Track Series – runda 1: Tor Poznań' };

const API = '/panel/api/v1';

/** Calls the API as the signed-in page (its cookie, the session's CSRF token). */
async function apiPost(page: Page, path: string, data?: unknown) {
  const me = await (await page.request.get(`${API}/auth/me`)).json();
  const res = await page.request.post(`${API}${path}`, {
    data: data ?? {},
    headers: { 'X-Csrf-Token': me.data.csrf_token },
  });
  expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return (await res.json()).data;
}

/** Adds an experience and fills its data through the API, so that a test can start in the cart. */
async function addFilledItem(page: Page, productId: number, quantity = 1) {
  const { id } = await apiPost(page, '/sales/cart/add', { product_id: productId });
  const items = (await (await page.request.get(`${API}/sales/cart/items`)).json()).data as {
    id: number;
    product: { terms: { id: number }[] };
  }[];
  const item = items.find((i) => i.id === id)!;
  await apiPost(page, `/sales/cart/update/${id}`, {
    quantity,
    cart_label_answer: '',
    persons: Array.from({ length: quantity - 1 }, () => ({ name: 'Anna', surname: 'Nowak' })),
    terms: item.product.terms.map((t) => ({ term_id: t.id, value: 1 })),
  });
  return id;
}

/**
 * Places an order through the API, cancels its payment on the sandbox page and lets its time run
 * out (a cancelled payment keeps the seats until then): a fresh cancelled history entry.
 */
async function placeAndCancel(page: Page, productId: number) {
  await addFilledItem(page, productId);
  const order = await apiPost(page, '/sales/cart/order', { discount_code: '', is_invoice: 0 });
  const shown = await (await page.request.get(order.payment_url)).text();
  const token = /name="token" value="([^"]+)"/.exec(shown)![1]!;
  const res = await page.request.post(`${order.payment_url}/cancel`, { form: { token } });
  expect(res.status()).toBe(200);
  expect((await page.request.post(`${API}/test/orders/${order.order_id}/expire`)).ok()).toBe(true);
}

async function createCode(request: APIRequestContext, amount: number): Promise<string> {
  const code = `GIFT${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`.toUpperCase();
  const res = await request.post(`${API}/test/discount-codes`, { data: { code, amount } });
  expect(res.ok()).toBeTruthy();
  return code;
}

async function noHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const item = (page: Page, name: string) => page.getByRole('article', { name });

/**
 * To the shopping history as a member goes there, through the account menu (no full load: the app
 * has not shown the history yet in this load, so it asks the server for it).
 */
async function openHistory(page: Page, lang: 'pl' | 'en' = 'pl') {
  await page.getByRole('button', { name: lang === 'pl' ? 'Moje konto' : 'My account' }).click();
  await page.getByRole('menuitem', { name: lang === 'pl' ? 'Historia zakupów' : 'Shopping history' }).click();
  await expect(page).toHaveURL(/\/panel\/account\/shopping-history$/);
}

/** The orders of the shopping history (not the menus' list items). */
const historyRows = (page: Page, title = 'Historia zakupów') =>
  page.getByRole('region', { name: title }).getByRole('listitem');

test.describe('cart and payment (Polish)', () => {
  test('product page → cart with data, CLUB100 → sandbox payment → paid in the history', async ({
    page,
    request,
  }) => {
    const user = await newUser(request);
    await signIn(page, user, `/panel/experiences/${GALA.category}/${GALA.id}`);
    await expect(page.getByRole('heading', { name: GALA.pl, level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Koszyk: 0 pozycji' })).toBeVisible();

    // Add to cart: the button turns into 'in your cart' and the menu count refreshes.
    await page.getByRole('button', { name: 'Dodaj do koszyka' }).click();
    await expect(page.getByRole('link', { name: 'W koszyku' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Dodaj do koszyka' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Koszyk: 1 pozycja' }).click();
    await expect(page).toHaveURL(/\/panel\/cart$/);

    // A fresh item is unfilled: marked, opened for filling, and the order is blocked.
    const gala = item(page, GALA.pl);
    await expect(gala.getByText('Wymaga uzupełnienia danych')).toBeVisible();
    const order = page.getByRole('button', { name: 'Zamawiam i płacę' });
    await expect(order).toBeDisabled();
    await expect(page.getByText('Niektóre produkty wymagają uzupełnienia danych.')).toBeVisible();
    await expect(gala.getByText(/Limit zakupu: jedno takie doświadczenie dla klienta/)).toBeVisible();

    // Quantity 2 asks for one accompanying person; the term must be ticked.
    const quantity = gala.getByRole('spinbutton', { name: 'Liczba osób' });
    await expect(gala.getByRole('group', { name: 'Osoba towarzysząca 1' })).toHaveCount(0);
    await quantity.fill('3');
    await gala.getByRole('button', { name: 'Zapisz dane' }).click();
    await expect(quantity).toHaveAttribute('aria-invalid', 'true');
    await quantity.fill('2');
    const companion = gala.getByRole('group', { name: 'Osoba towarzysząca 1' });
    await expect(companion).toBeVisible();
    await expect(gala.getByRole('group', { name: 'Osoba towarzysząca 2' })).toHaveCount(0);
    await gala.getByRole('button', { name: 'Zapisz dane' }).click();
    await expect(companion.getByRole('textbox', { name: 'Imię' })).toHaveAttribute('aria-invalid', 'true');
    await expect(gala.getByRole('checkbox', { name: /Akceptuję regulamin/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await companion.getByRole('textbox', { name: 'Imię' }).fill('Anna');
    await companion.getByRole('textbox', { name: 'Nazwisko' }).fill('Nowak');
    await gala.getByRole('checkbox', { name: /Akceptuję regulamin/ }).click();
    await gala.getByRole('textbox', { name: 'Preferencje dietetyczne' }).fill('wegetariańskie');
    await gala.getByRole('button', { name: 'Zapisz dane' }).click();
    await expect(gala.getByText('Dane uzupełnione')).toBeVisible();
    await expect(gala.getByRole('button', { name: 'Edytuj dane' })).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText('Niektóre produkty wymagają uzupełnienia danych.')).toBeHidden();
    await expect(gala.getByText('2 400,00 zł')).toBeVisible();
    await expect(order).toBeEnabled();

    // A typed but unchecked code blocks the order; checking it applies 100,00 zł.
    const check = page.getByRole('button', { name: 'Sprawdź' });
    await expect(check).toBeDisabled();
    await page.getByRole('textbox', { name: 'Kod rabatowy' }).fill('CLUB100');
    await expect(order).toBeDisabled();
    await expect(page.getByText('Sprawdź kod rabatowy lub usuń go, aby złożyć zamówienie.')).toBeVisible();
    await check.click();
    await expect(page.getByText('Kod CLUB100 został zastosowany.')).toBeVisible();
    const summary = page.getByRole('complementary', { name: 'Podsumowanie' });
    await expect(summary.getByRole('definition').nth(0)).toHaveText('2 400,00 zł');
    await expect(summary.getByRole('definition').nth(1)).toHaveText('−100,00 zł');
    await expect(page.getByTestId('cart-total')).toHaveText('2 300,00 zł');
    await expect(order).toBeEnabled();

    // Confirmation, then the sandbox operator's page with the order and its amount.
    await order.click();
    const confirm = page.getByRole('alertdialog', { name: 'Potwierdzenie zamówienia' });
    await expect(confirm).toContainText('Kwota do zapłaty: 2 300,00 zł');
    await expect(confirm).toContainText('przekierowanie na stronę płatności');
    await confirm.getByRole('button', { name: 'Potwierdź' }).click();
    await expect(page).toHaveURL(/\/panel\/payments\/sandbox\//);
    await expect(page.getByRole('heading', { name: 'Płatność testowa' })).toBeVisible();
    await expect(page.getByText(GALA.pl)).toBeVisible();
    await expect(page.locator('.amount strong')).toHaveText('2 300,00 zł');
    const orderNo = (await page.getByText(/^Zamówienie nr \d+$/).textContent())!.replace(/\D/g, '');
    await page.getByRole('button', { name: 'Zapłać' }).click();

    // Back in the panel: home after payment, the cart is empty, the order is paid.
    await expect(page).toHaveURL(/\/panel\/home\?after_payment=1&order=\d+$/);
    await expect(page.getByRole('link', { name: 'Koszyk: 0 pozycji' })).toBeVisible();
    await openHistory(page);
    const row = page.getByRole('button', { name: new RegExp(`Zamówienie nr ${orderNo}`) });
    await expect(row).toContainText('Opłacone');
    await expect(row).toContainText('2 300,00 zł');
    await row.click();
    const details = page.getByRole('dialog', { name: `Zamówienie nr ${orderNo}` });
    await expect(details.getByRole('cell', { name: GALA.pl })).toBeVisible();
    await expect(details.getByRole('row', { name: new RegExp(GALA.pl) })).toContainText('1 200,00 zł');
    await expect(
      details
        .getByRole('row', { name: new RegExp(GALA.pl) })
        .getByRole('cell')
        .nth(2),
    ).toHaveText('2');
    await expect(details).toContainText('−100,00 zł');
    await expect(details).toContainText('Razem2 300,00 zł');
    await expect(details.getByRole('button', { name: 'Przejdź do płatności' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();
    await expect(row).toBeFocused();

    const mails = await readOutbox(request, user.email);
    expect(mails.map((m) => m.subject)).toContain(`Excellence Club: zamówienie nr ${orderNo} opłacone`);
  });

  test('an inactive code gives the message and clears code and amount; cancelling a code clears both', async ({
    page,
    request,
    expectFailure,
  }) => {
    expectFailure({ status: 422, method: 'POST', url: '/panel/api/v1/sales/cart/check-discount-code' });
    const user = await newUser(request);
    await signIn(page, user, null);
    await addFilledItem(page, GOLF.id);
    await page.goto('/panel/cart');
    await expect(page.getByTestId('cart-total')).toHaveText('1 500,00 zł');
    const field = page.getByRole('textbox', { name: 'Kod rabatowy' });
    const check = page.getByRole('button', { name: 'Sprawdź' });

    await field.fill('   ');
    await expect(check).toBeDisabled();
    await field.fill('EXPIRED');
    await check.click();
    await expect(
      page.getByText('Podany kod rabatowy jest nieaktywny. Rabat nie został naliczony.'),
    ).toBeVisible();
    await expect(field).toHaveValue('');
    await expect(page.getByText('Rabat', { exact: true })).toHaveCount(0);
    await expect(page.getByTestId('cart-total')).toHaveText('1 500,00 zł');
    await expect(page.getByRole('button', { name: 'Zamawiam i płacę' })).toBeEnabled();

    // A valid code, then 'cancel code': back to no code and no discount.
    await field.fill('club100');
    await check.click();
    await expect(page.getByTestId('cart-total')).toHaveText('1 400,00 zł');
    await expect(field).toBeDisabled();
    await page.getByRole('button', { name: 'Anuluj kod' }).click();
    await expect(field).toHaveValue('');
    await expect(field).toBeEnabled();
    await expect(page.getByText('Rabat', { exact: true })).toHaveCount(0);
    await expect(page.getByTestId('cart-total')).toHaveText('1 500,00 zł');
  });

  test('remove asks for confirmation; the empty cart links to the experiences', async ({ page, request }) => {
    const user = await newUser(request);
    await signIn(page, user, null);
    await addFilledItem(page, GOLF.id);
    await apiPost(page, '/sales/cart/add', { product_id: GALA.id });
    await page.goto('/panel/cart');
    await expect(page.getByTestId('cart-item')).toHaveCount(2);
    await expect(page.getByRole('link', { name: 'Koszyk: 2 pozycje' })).toBeVisible();

    // Cancel keeps the item.
    await item(page, GOLF.pl).getByRole('button', { name: 'Usuń' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(`Czy na pewno usunąć „${GOLF.pl}” z koszyka?`);
    await confirm.getByRole('button', { name: 'Anuluj' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByTestId('cart-item')).toHaveCount(2);

    // Removing the unfilled one lifts the block.
    await expect(page.getByRole('button', { name: 'Zamawiam i płacę' })).toBeDisabled();
    await item(page, GALA.pl).getByRole('button', { name: 'Usuń' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Potwierdź' }).click();
    await expect(page.getByTestId('cart-item')).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Koszyk: 1 pozycja' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Zamawiam i płacę' })).toBeEnabled();

    await item(page, GOLF.pl).getByRole('button', { name: 'Usuń' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Potwierdź' }).click();
    await expect(page.getByText('Twój koszyk jest pusty.')).toBeVisible();
    await page.getByRole('link', { name: 'Zobacz doświadczenia' }).click();
    await expect(page).toHaveURL(/\/panel\/experiences$/);
  });

  test('a VAT invoice without invoice data says so, links to the invoice data and blocks the order', async ({
    page,
    request,
  }) => {
    const user = await newUser(request);
    await signIn(page, user, null);
    await addFilledItem(page, GOLF.id);
    await page.goto('/panel/cart');
    const order = page.getByRole('button', { name: 'Zamawiam i płacę' });
    await expect(order).toBeEnabled();
    await page.getByRole('checkbox', { name: 'Chcę otrzymać fakturę VAT' }).click();
    await expect(page.getByText('Brakuje danych do faktury.')).toBeVisible();
    await expect(order).toBeDisabled();
    await expect(page.getByRole('link', { name: 'Uzupełnij dane do faktury' })).toHaveAttribute(
      'href',
      '/panel/account/invoice-info',
    );
    await page.getByRole('checkbox', { name: 'Chcę otrzymać fakturę VAT' }).click();
    await expect(page.getByText('Brakuje danych do faktury.')).toBeHidden();
    await expect(order).toBeEnabled();
  });

  test('a total of 0 zł says there is no redirect and the order is paid at once', async ({
    page,
    request,
  }) => {
    const code = await createCode(request, 100_000);
    const user = await newUser(request);
    await signIn(page, user, null);
    await addFilledItem(page, GOLF.id);
    await page.goto('/panel/cart');
    await page.getByRole('textbox', { name: 'Kod rabatowy' }).fill(code);
    await page.getByRole('button', { name: 'Sprawdź' }).click();
    await expect(page.getByTestId('cart-total')).toHaveText('0,00 zł');
    // The discount is never more than the cart's value.
    await expect(page.getByText('−1 500,00 zł')).toBeVisible();
    await page.getByRole('button', { name: 'Zamawiam', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Potwierdzenie zamówienia' });
    await expect(confirm).toContainText('nie nastąpi przekierowanie do płatności');
    await confirm.getByRole('button', { name: 'Potwierdź' }).click();
    await expect(page).toHaveURL(/\/panel\/home\?after_payment=1&order=\d+$/);

    await openHistory(page);
    await expect(historyRows(page)).toHaveCount(1);
    await expect(historyRows(page).first()).toContainText('Opłacone');
    await expect(historyRows(page).first()).toContainText('0,00 zł');
  });

  test('cancel on the sandbox page: the order waits, the result screen offers pay again, and it is paid', async ({
    page,
    request,
  }) => {
    const user = await newUser(request);
    await signIn(page, user, null);
    await addFilledItem(page, TRACK_ROUND_1.id);
    await page.goto('/panel/cart');
    await page.getByRole('button', { name: 'Zamawiam i płacę' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Potwierdź' }).click();
    await expect(page.getByRole('heading', { name: 'Płatność testowa' })).toBeVisible();
    await page.getByRole('button', { name: 'Anuluj płatność' }).click();
    await expect(page.getByRole('heading', { name: 'Płatność anulowana' })).toBeVisible();
    await expect(
      page.getByText(/Zamówienie nr \d+ nie zostało opłacone\. Miejsca są zarezerwowane do/),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Wróć do Excellence Club' }).click();
    await expect(page).toHaveURL(/\/panel\/home\?after_payment=1&order=\d+$/);
    const result = page.getByTestId('payment-result');
    await expect(result.getByRole('heading', { name: 'Zamówienie czeka na płatność' })).toBeVisible();

    await openHistory(page);
    await expect(historyRows(page).first()).toContainText('Oczekuje na płatność');
    await page.goBack();
    await result.getByRole('button', { name: 'Zapłać ponownie' }).click();
    await expect(page.getByRole('heading', { name: 'Płatność testowa' })).toBeVisible();
    await page.getByRole('button', { name: 'Zapłać' }).click();
    await expect(result.getByRole('heading', { name: 'Dziękujemy: zamówienie jest opłacone' })).toBeVisible();
    await openHistory(page);
    await expect(historyRows(page).first()).toContainText('Opłacone');
  });

  test('a waiting order offers the payment link again in its details', async ({ page, request }) => {
    const user = await newUser(request);
    await signIn(page, user, null);
    await addFilledItem(page, TRACK_ROUND_1.id, 2);
    await page.goto('/panel/cart');
    await page.getByRole('button', { name: 'Zamawiam i płacę' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Potwierdź' }).click();
    await expect(page.getByRole('heading', { name: 'Płatność testowa' })).toBeVisible();
    const paymentUrl = page.url();

    // The member leaves without paying and comes back through the shopping history.
    await page.goto('/panel/account/shopping-history');
    const row = historyRows(page).first();
    await expect(row).toContainText('Oczekuje na płatność');
    await row.getByRole('button').click();
    const details = page.getByRole('dialog');
    await expect(details).toContainText('Zamówienie czeka na płatność do');
    await details.getByRole('button', { name: 'Przejdź do płatności' }).click();
    await expect(page).toHaveURL(paymentUrl);
    await page.getByRole('button', { name: 'Zapłać' }).click();
    await expect(page).toHaveURL(/\/panel\/home\?after_payment=1&order=\d+$/);
    await openHistory(page);
    await expect(historyRows(page).first()).toContainText('Opłacone');
  });
});

test.describe('cart and payment (English)', () => {
  test('product page → cart → CLUB100 → sandbox payment → history, all in English', async ({
    page,
    request,
  }) => {
    const user = await newUser(request, 'CUSTOMER', 'en');
    await signIn(page, user, `/panel/experiences/${TRACK.category}/${TRACK.id}`);
    await expect(page.getByRole('heading', { name: TRACK.en, level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByRole('link', { name: 'In your cart' })).toBeVisible();
    await page.getByRole('link', { name: /^Cart: 1/ }).click();

    const track = item(page, TRACK.en);
    await expect(track.getByText('Data needs to be filled')).toBeVisible();
    await expect(page.getByText('Some products need data to be filled.')).toBeVisible();
    const order = page.getByRole('button', { name: 'Order and pay' });
    await expect(order).toBeDisabled();
    await track.getByRole('checkbox', { name: 'I accept the Excellence Club event rules' }).click();
    await track.getByRole('textbox', { name: 'Race suit size (S–XXL)' }).fill('L');
    await track.getByRole('button', { name: 'Save data' }).click();
    await expect(track.getByText('Data complete')).toBeVisible();

    await page.getByRole('textbox', { name: 'Discount code' }).fill('CLUB100');
    await expect(page.getByText('Check the discount code or remove it to place the order.')).toBeVisible();
    await expect(order).toBeDisabled();
    await page.getByRole('button', { name: 'Check' }).click();
    await expect(page.getByText('Code CLUB100 has been applied.')).toBeVisible();
    await expect(page.getByTestId('cart-total')).toHaveText('2,800.00 zł');

    await order.click();
    const confirm = page.getByRole('alertdialog', { name: 'Order confirmation' });
    await expect(confirm).toContainText('Amount due: 2,800.00 zł');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('heading', { name: 'Test payment' })).toBeVisible();
    await expect(page.getByText(TRACK.en)).toBeVisible();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page).toHaveURL(/\/panel\/home\?after_payment=1&order=\d+$/);

    await openHistory(page, 'en');
    await expect(page.getByRole('heading', { name: 'Shopping history' })).toBeVisible();
    const row = historyRows(page, 'Shopping history').first();
    await expect(row).toContainText('Paid');
    await expect(row).toContainText(TRACK.en);
    await row.getByRole('button').click();
    const details = page.getByRole('dialog');
    await expect(details.getByRole('columnheader', { name: 'Experience' })).toBeVisible();
    await expect(details).toContainText('Discount−100.00 zł');
    await expect(details).toContainText('Total2,800.00 zł');
  });

  test('an inactive code and the empty states in English', async ({ page, request, expectFailure }) => {
    expectFailure({ status: 422, method: 'POST', url: '/panel/api/v1/sales/cart/check-discount-code' });
    const user = await newUser(request, 'CUSTOMER', 'en');
    await signIn(page, user, '/panel/cart');
    await expect(page.getByText('Your cart is empty.')).toBeVisible();
    await openHistory(page, 'en');
    await expect(page.getByText('You have no orders yet.')).toBeVisible();
    await addFilledItem(page, GOLF.id);
    await page.goto('/panel/cart');
    await page.getByRole('textbox', { name: 'Discount code' }).fill('EXPIRED');
    await page.getByRole('button', { name: 'Check' }).click();
    await expect(
      page.getByText('The provided discount code is inactive. No discount has been applied.'),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Discount code' })).toHaveValue('');
  });
});

test.describe('shopping history', () => {
  test('empty for a fresh member, with a link to the experiences', async ({ page, request }) => {
    const user = await newUser(request);
    await signIn(page, user, '/panel/account/shopping-history');
    await expect(page.getByRole('heading', { name: 'Historia zakupów' })).toBeVisible();
    await expect(page.getByText('Nie masz jeszcze zamówień.')).toBeVisible();
    await page.getByRole('link', { name: 'Zobacz doświadczenia' }).click();
    await expect(page).toHaveURL(/\/panel\/experiences$/);
  });

  test('load more appends the next page until the last one', async ({ page, request }) => {
    test.setTimeout(90_000);
    const user: TestUser = await newUser(request);
    await signIn(page, user, null);
    for (let i = 0; i < 11; i++) await placeAndCancel(page, TRACK_ROUND_1.id);
    await page.goto('/panel/account/shopping-history');
    const rows = historyRows(page);
    await expect(rows).toHaveCount(10);
    await expect(rows.first()).toContainText('Anulowane');
    await page.getByRole('button', { name: 'Załaduj więcej' }).click();
    await expect(rows).toHaveCount(11);
    await expect(page.getByRole('button', { name: 'Załaduj więcej' })).toHaveCount(0);
  });

  test("an unknown status shows '-'; a failing detail shows the error text", async ({
    page,
    request,
    expectFailure,
  }) => {
    expectFailure({ status: 500, method: 'GET', url: '/panel/api/v1/sales/orders/item/' });
    const user = await newUser(request);
    await signIn(page, user, null);
    await placeAndCancel(page, TRACK_ROUND_1.id);
    await page.route('**/panel/api/v1/sales/orders/items*', async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      body.data[0].status = 'REFUNDED';
      await route.fulfill({ response: res, json: body });
    });
    await page.route('**/panel/api/v1/sales/orders/item/*', (route) =>
      route.fulfill({ status: 500, json: { success: false, message: 'boom' } }),
    );
    await page.goto('/panel/account/shopping-history');
    const row = historyRows(page).first();
    await expect(row.getByText('-', { exact: true })).toBeVisible();
    await expect(row).not.toContainText('Anulowane');
    await row.getByRole('button').click();
    await expect(page.getByRole('dialog').getByRole('alert')).toHaveText('Wystąpił błąd', {
      timeout: 20_000,
    });
  });

  test('cart and history fit a 390 px screen', async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const user = await newUser(request);
    await signIn(page, user, null);
    await placeAndCancel(page, GOLF.id);
    await addFilledItem(page, GALA.id, 2);
    await apiPost(page, '/sales/cart/add', { product_id: TRACK.id });
    await page.goto('/panel/cart');
    await expect(page.getByTestId('cart-item')).toHaveCount(2);
    await noHorizontalScroll(page);
    await openHistory(page);
    await expect(historyRows(page).first()).toBeVisible();
    await noHorizontalScroll(page);
    // The details popup stacks each line instead of squeezing a table.
    await historyRows(page).first().getByRole('button').click();
    const details = page.getByRole('dialog');
    await expect(details).toContainText(GOLF.pl);
    const overflow = await details.evaluate((el) => {
      const wrap = el.querySelector('table')!.parentElement!;
      return wrap.scrollWidth - wrap.clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
