import type { Browser, Page } from '@playwright/test';
import { csrfHeaders, newExperienceOnSale } from './support/shop';
import { expect, linkIn, newUser, readOutbox, signIn, test } from './fixtures';

// A member, staff and a second member sign in per test.
test.describe.configure({ timeout: 120_000 });

/**
 * The waiting list that holds a seat (issue 17, docs/waiting-list.md), in Polish and in English: a
 * member joins the waiting list of a sold-out experience, staff cancel the order that held its seat
 * (the confirmation included), the member — first in line — gets the mail, sees "a seat is held for
 * you until …" and books it through the cart; the member second in line still sees it sold out.
 */

const TEXT = {
  pl: {
    join: 'Zapisz się na listę oczekujących',
    listed: 'Powiadomienie ustawione',
    cancel: 'Anuluj zamówienie',
    cancelConfirm: 'Anuluj zamówienie',
    cancelled: 'Anulowane',
    held: 'Miejsce czeka na Ciebie do',
    addToCart: 'Dodaj do koszyka',
    inCart: 'W koszyku',
    order: 'Zamawiam i płacę',
    confirm: 'Potwierdź',
  },
  en: {
    join: 'Join the waiting list',
    listed: 'Notification is set',
    cancel: 'Cancel order',
    cancelConfirm: 'Cancel the order',
    cancelled: 'Cancelled',
    held: 'A seat is held for you until',
    addToCart: 'Add to cart',
    inCart: 'In your cart',
    order: 'Order and pay',
    confirm: 'Confirm',
  },
} as const;

const unique = () => Math.random().toString(36).slice(2, 8);

/** A member signed in through the API in a context of their own (cookies kept by `request`). */
async function memberByApi(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  const user = await newUser(context.request, 'CUSTOMER', 'pl');
  const login = await context.request.post('/panel/api/v1/auth/login', {
    data: { email: user.email, password: user.password },
  });
  expect(login.status()).toBe(200);
  return { context, headers: await csrfHeaders(context.request) };
}

/** The order that takes the one seat (placed through the API, left unpaid). */
async function takeTheSeat(browser: Browser, baseURL: string, productId: number): Promise<number> {
  const { context, headers } = await memberByApi(browser, baseURL);
  const added = await context.request.post('/panel/api/v1/sales/cart/add', {
    headers,
    data: { product_id: productId },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const placed = await context.request.post('/panel/api/v1/sales/cart/order', {
    headers,
    data: { discount_code: '', is_invoice: 0 },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  const orderId = (await placed.json()).data.order_id as number;
  await context.close();
  return orderId;
}

const closePopup = async (page: Page) => {
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('alertdialog')).toBeHidden();
};

for (const lang of ['pl', 'en'] as const) {
  const t = TEXT[lang];
  test(`waiting list (${lang}): staff cancel an order, the first member in line gets the held seat and books it`, async ({
    asStaff,
    browser,
    baseURL,
  }) => {
    // One seat, nothing to fill in the cart.
    const productId = await newExperienceOnSale(browser, baseURL!, `Lista oczekujących ${unique()}`, 1, {
      member_limit: 1,
      price: 400,
      cart_label_pl: null,
      cart_label_en: null,
      terms: [],
    });
    const orderId = await takeTheSeat(browser, baseURL!, productId);

    // The member joins the waiting list of the sold-out experience on its page.
    const context = await browser.newContext({ baseURL, locale: lang === 'en' ? 'en-GB' : 'pl-PL' });
    const page = await context.newPage();
    const member = await newUser(context.request, 'CUSTOMER', lang);
    await signIn(page, member, `/panel/experiences/x/${productId}`);
    await page.getByRole('button', { name: t.join }).click();
    await expect(page.getByRole('button', { name: t.listed })).toBeDisabled();
    // A second member joins after them.
    const second = await memberByApi(browser, baseURL!);
    const joined = await second.context.request.post(`/panel/api/v1/products/add-notification/${productId}`, {
      headers: second.headers,
    });
    expect(joined.ok(), await joined.text()).toBe(true);

    // Staff cancel the order that holds the seat, confirming it.
    const { page: desk } = await asStaff('OPERATOR', {
      language: lang,
      path: `/panel/admin/orders/${orderId}`,
    });
    await desk.getByRole('button', { name: t.cancel }).click();
    await desk.getByRole('dialog').getByRole('button', { name: t.cancelConfirm }).click();
    await closePopup(desk);
    await expect(
      desk.getByRole('heading', { level: 1 }).getByText(t.cancelled, { exact: true }),
    ).toBeVisible();

    // The mail's link opens the experience, held for the member until the time the mail gives.
    const mail = (await readOutbox(context.request, member.email)).find((m) => m.template === 'seat-offer');
    expect(mail, 'the seat-offer mail').toBeDefined();
    await page.goto(new URL(linkIn(mail!.text)).pathname);
    await expect(page.getByTestId('held-seat')).toContainText(t.held);
    await page.getByRole('button', { name: t.addToCart }).click();
    await page.getByRole('link', { name: t.inCart }).first().click();
    await expect(page).toHaveURL(/\/panel\/cart/);
    await page.getByRole('button', { name: t.order }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: t.confirm }).click();
    await expect(page).toHaveURL(/\/panel\/payments\/sandbox\//);

    // Booked: the second member in line still sees it sold out.
    const seen = (await (
      await second.context.request.get(`/panel/api/v1/products/item/${productId}`)
    ).json()) as { data: { can_order: boolean; held_until: string | null } };
    expect(seen.data).toMatchObject({ can_order: false, held_until: null });
    await second.context.close();
    await context.close();
  });
}
