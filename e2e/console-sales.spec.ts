import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { expect, newUser, signIn, test } from './fixtures';
import { screenProblems } from './support/person-checks';
import { csrfHeaders, fillCart, newExperienceOnSale } from './support/shop';
import { axeProblems } from './support/axe';

// Two members book, staff work the desk: several sign-ins through the splash per test.
test.describe.configure({ timeout: 240_000 });

/**
 * The sales desk (issue 17), in Polish and in English: a member books (cart → order → the payment
 * page, left unpaid); staff find the order by the member filter, open it, mark it paid by bank
 * transfer with a reference and read it in the timeline, then record its refund by transfer from the
 * club's bank with the outgoing reference; staff cancel another member's order and the
 * seat board shows the seat free again; the attendee CSV carries the attendees' Polish letters.
 */

const TEXT = {
  pl: {
    orders: 'Zamówienia',
    seats: 'Tablica miejsc',
    member: 'Członek',
    search: 'Numer zamówienia lub referencja',
    filter: 'Filtruj',
    markPaid: 'Oznacz jako opłacone przelewem',
    reference: 'Referencja przelewu',
    confirmPaid: 'Potwierdź płatność',
    paid: 'Opłacone',
    cancel: 'Anuluj zamówienie',
    cancelConfirm: 'Anuluj zamówienie',
    cancelled: 'Anulowane',
    experience: 'Wydarzenie',
    free: 'Wolne',
    sold: 'Sprzedane',
    held: 'Zarezerwowane (nieopłacone)',
    csv: 'Pobierz CSV',
    order: 'Zamawiam i płacę',
    confirm: 'Potwierdź',
    guest: 'osoba towarzysząca',
    required: 'To pole jest wymagane.',
    refund: 'Zwrot',
    refundReference: 'Referencja przelewu zwrotnego',
    refundFromBank: 'zwrot wysyła się przelewem z banku klubu',
    refundReferenceMissing: 'Podaj numer referencyjny przelewu zwrotnego wysłanego z banku klubu.',
    recordRefund: 'Zapisz zwrot',
    refunded: 'Zwrócono',
    open: (id: number) => `Otwórz zamówienie ${id}`,
  },
  en: {
    orders: 'Orders',
    seats: 'Seat board',
    member: 'Member',
    search: 'Order number or reference',
    filter: 'Filter',
    markPaid: 'Mark as paid by transfer',
    reference: 'Transfer reference',
    confirmPaid: 'Confirm payment',
    paid: 'Paid',
    cancel: 'Cancel order',
    cancelConfirm: 'Cancel the order',
    cancelled: 'Cancelled',
    experience: 'Experience',
    free: 'Free',
    sold: 'Sold',
    held: 'Held (unpaid)',
    csv: 'Download CSV',
    order: 'Order and pay',
    confirm: 'Confirm',
    guest: 'accompanying person',
    required: 'This field is required.',
    refund: 'Refund',
    refundReference: 'Refund transfer reference',
    refundFromBank: "the refund is sent by transfer from the club's bank",
    refundReferenceMissing: "Give the reference of the refund transfer sent from the club's bank.",
    recordRefund: 'Record the refund',
    refunded: 'Refunded',
    open: (id: number) => `Open order ${id}`,
  },
} as const;

const unique = () => Math.random().toString(36).slice(2, 8);

/** A member books through the cart page (order, confirm, on to the payment page, unpaid). */
async function memberBooks(browser: Browser, baseURL: string, productId: number, lang: 'pl' | 'en') {
  const context = await browser.newContext({ baseURL, locale: lang === 'en' ? 'en-GB' : 'pl-PL' });
  const page = await context.newPage();
  const user = await newUser(context.request, 'CUSTOMER', lang);
  await signIn(page, user, null);
  await fillCart(context.request, productId, {
    quantity: 2,
    persons: [{ name: 'Łucja', surname: 'Świętochowska' }],
    cart_label_answer: 'PZ 12345',
  });
  await page.goto('/panel/cart');
  await page.getByRole('button', { name: TEXT[lang].order }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: TEXT[lang].confirm }).click();
  await expect(page).toHaveURL(/\/panel\/payments\/sandbox\//);
  const orders = (await (await context.request.get('/panel/api/v1/sales/orders/items')).json()).data as {
    id: number;
  }[];
  await context.close();
  return { email: user.email, orderId: orders[0]!.id };
}

/** A second member's order placed through the API (the one staff cancel). */
async function memberOrdersByApi(browser: Browser, baseURL: string, productId: number) {
  const context = await browser.newContext({ baseURL });
  const user = await newUser(context.request, 'CUSTOMER', 'pl');
  const login = await context.request.post('/panel/api/v1/auth/login', {
    data: { email: user.email, password: user.password },
  });
  expect(login.status()).toBe(200);
  await fillCart(context.request, productId, {
    quantity: 2,
    persons: [{ name: 'Łucja', surname: 'Świętochowska' }],
    cart_label_answer: 'PZ 12345',
  });
  const placed = await context.request.post('/panel/api/v1/sales/cart/order', {
    headers: await csrfHeaders(context.request),
    data: { discount_code: '', is_invoice: 0 },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  const orderId = (await placed.json()).data.order_id as number;
  await context.close();
  return orderId;
}

async function openFromNav(page: Page, name: string) {
  await page.getByRole('navigation').getByRole('link', { name, exact: true }).first().click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

const closePopup = async (page: Page) => {
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('alertdialog')).toBeHidden();
};

for (const lang of ['pl', 'en'] as const) {
  const t = TEXT[lang];
  test(`sales desk (${lang}): find a member's order, mark it paid by transfer, cancel another; the seat board and the CSV follow`, async ({
    asStaff,
    browser,
    baseURL,
    expectFailure,
  }) => {
    const name = `Zażółć gęślą jaźń ${unique()}`;
    const productId = await newExperienceOnSale(browser, baseURL!, name, 5);
    const booked = await memberBooks(browser, baseURL!, productId, lang);
    const other = await memberOrdersByApi(browser, baseURL!, productId);

    const { page } = await asStaff('OPERATOR', { language: lang });
    await openFromNav(page, t.orders);
    // Find the order by the member's e-mail: the filter goes into the address.
    await page.getByLabel(t.member, { exact: true }).fill(booked.email);
    await page.getByRole('button', { name: t.filter, exact: true }).click();
    await expect(page).toHaveURL(
      new RegExp(`member=${encodeURIComponent(booked.email).replace(/\./g, '\\.')}`),
    );
    const link = page.getByRole('link', { name: t.open(booked.orderId), exact: true });
    await expect(link).toBeVisible();
    await expect(page.getByRole('link', { name: t.open(other), exact: true })).toBeHidden();
    await link.click();

    await expect(page.getByRole('heading', { level: 1 })).toContainText(String(booked.orderId));
    await expect(page.getByText('Łucja Świętochowska')).toBeVisible();
    await expect(page.getByText('PZ 12345')).toBeVisible();

    // Mark as paid: the dialog asks for the reference; an empty one is refused in place (the server's 422).
    expectFailure({ status: 422, method: 'POST', url: /\/admin\/sales\/orders\/\d+\/mark-paid$/ });
    await page.getByRole('button', { name: t.markPaid }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: t.confirmPaid }).click();
    await expect(dialog.getByText(t.required)).toBeVisible();
    const reference = `PRZELEW/${unique()}`;
    await dialog.getByLabel(t.reference).fill(reference);
    await dialog.getByLabel(t.reference).press('Enter');
    await closePopup(page);
    await expect(page.getByRole('heading', { level: 1 }).getByText(t.paid, { exact: true })).toBeVisible();
    const timeline = page.getByTestId('order-timeline');
    await expect(timeline.getByText(t.paid, { exact: true })).toBeVisible();
    await expect(timeline.getByText(reference)).toBeVisible();

    // Refund it: paid by transfer, so the dialog says the club's bank sends the money and asks for
    // the outgoing transfer's reference (refused in place without one); the refund is in the timeline.
    expectFailure({ status: 422, method: 'POST', url: /\/admin\/sales\/orders\/\d+\/refund$/ });
    await page.getByRole('button', { name: t.refund, exact: true }).click();
    const refund = page.getByRole('dialog');
    await expect(refund.getByText(t.refundFromBank)).toBeVisible();
    await refund.getByRole('button', { name: t.recordRefund }).click();
    await expect(refund.getByText(t.refundReferenceMissing)).toBeVisible();
    const outgoing = `ZWROT/${unique()}`;
    await refund.getByLabel(t.refundReference).fill(outgoing);
    await refund.getByRole('button', { name: t.recordRefund }).click();
    await closePopup(page);
    await expect(timeline.getByText(t.refunded, { exact: true })).toBeVisible();
    await expect(timeline.getByText(outgoing)).toBeVisible();

    // Cancel the other member's order, found by its number.
    await openFromNav(page, t.orders);
    await page.getByLabel(t.search).fill(`#${other}`);
    await page.getByLabel(t.search).press('Enter');
    await page.getByRole('link', { name: t.open(other), exact: true }).click();
    await page.getByRole('button', { name: t.cancel }).click();
    await page.getByRole('dialog').getByRole('button', { name: t.cancelConfirm }).click();
    await closePopup(page);
    await expect(
      page.getByRole('heading', { level: 1 }).getByText(t.cancelled, { exact: true }),
    ).toBeVisible();

    // The seat board: 2 sold (the paid order), none held, 3 of 5 free again.
    await openFromNav(page, t.seats);
    await page.getByLabel(t.experience, { exact: true }).fill(name);
    await page.getByRole('button', { name: t.filter, exact: true }).click();
    await page
      .getByRole('link', { name: lang === 'en' ? `Attendees of ${name} (EN)` : `Uczestnicy: ${name}` })
      .click();
    await expect(page.getByTestId('seat-free')).toContainText('3');
    await expect(page.getByTestId('seat-sold')).toContainText('2');
    await expect(page.getByTestId('seat-held')).toContainText('0');
    await expect(page.getByRole('cell', { name: 'Łucja Świętochowska' })).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: t.csv }).click(),
    ]);
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = bytes.toString('utf8');
    expect(csv).toContain(';Łucja;Świętochowska;');
    // Order, status, name, surname, role, e-mail, phone, answer and attendance (issue 29).
    expect(csv.split('\r\n')[0]!.split(';')).toHaveLength(9);
    expect(csv).toContain(';PZ 12345');
  });
}

test('sales desk on a phone (390 px): the orders list and its filters fit the screen', async ({
  asStaff,
}) => {
  const { page } = await asStaff('OPERATOR', { phone: true, path: '/panel/admin/orders?status=PAID' });
  await expect(page.getByRole('heading', { name: 'Zamówienia', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('PAID');
  await expect(page.getByRole('region', { name: 'Zamówienia' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

for (const phone of [false, true]) {
  test(`axe and the person checks on the desk's screens (pl, ${phone ? '390' : '1440'} px)`, async ({
    asStaff,
    browser,
    baseURL,
  }) => {
    const productId = await newExperienceOnSale(browser, baseURL!, `Łódź nocą ${unique()}`, 5);
    const orderId = await memberOrdersByApi(browser, baseURL!, productId);
    const { page } = await asStaff('OPERATOR', { phone });
    const problems: string[] = [];
    for (const route of [
      // Filtered to this test's order: the demo's addresses (customer@example.com) are data, not texts.
      `/panel/admin/orders?product_id=${productId}`,
      `/panel/admin/orders/${orderId}`,
      '/panel/admin/seats',
      `/panel/admin/seats/${productId}`,
    ]) {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('[aria-busy=true]')).toHaveCount(0);
      problems.push(...(await axeProblems(page, route)));
      problems.push(...(await screenProblems(page, 'pl', route)));
    }
    await page.goto(`/panel/admin/orders/${orderId}`);
    await page.getByRole('button', { name: 'Anuluj zamówienie' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    problems.push(...(await axeProblems(page, 'cancel dialog')));
    expect(problems).toEqual([]);
  });
}

/** `count` free orders of one seat each, by a new member through the API (the member limit is 20). */
async function memberOrdersFree(browser: Browser, baseURL: string, productId: number, count: number) {
  const context = await browser.newContext({ baseURL });
  const user = await newUser(context.request, 'CUSTOMER', 'pl');
  const login = await context.request.post('/panel/api/v1/auth/login', {
    data: { email: user.email, password: user.password },
  });
  expect(login.status()).toBe(200);
  for (let i = 0; i < count; i++) {
    await fillCart(context.request, productId);
    const placed = await context.request.post('/panel/api/v1/sales/cart/order', {
      headers: await csrfHeaders(context.request),
      data: { discount_code: '', is_invoice: 0 },
    });
    expect(placed.ok(), await placed.text()).toBe(true);
  }
  await context.close();
}

test('seat board: an experience with 102 bookings lists its attendees 100 orders a page; the page is in the address', async ({
  asStaff,
  browser,
  baseURL,
}) => {
  const name = `Stu dwóch gości ${unique()}`;
  const productId = await newExperienceOnSale(browser, baseURL!, name, 150, {
    price: 0,
    member_limit: 20,
    cart_label_pl: null,
    cart_label_en: null,
    terms: [],
  });
  await Promise.all([0, 1, 2, 3, 4, 5].map(() => memberOrdersFree(browser, baseURL!, productId, 17)));

  const { page } = await asStaff('OPERATOR', { path: `/panel/admin/seats/${productId}` });
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByTestId('seat-sold')).toContainText('102');
  const rows = page.getByRole('region', { name: 'Lista uczestników' }).locator('tbody tr');
  const pager = page.getByRole('navigation', { name: 'Lista uczestników' });
  await expect(rows).toHaveCount(100);
  await expect(pager).toContainText('Strona 1 z 2');
  await expect(pager.getByRole('button', { name: 'Poprzednia' })).toBeDisabled();

  await pager.getByRole('button', { name: 'Następna' }).click();
  await expect(pager).toContainText('Strona 2 z 2 (od zamówienia nr 101 na liście)');
  await expect(rows).toHaveCount(2);
  // The attendees are numbered through the whole list, not from 1 on each page.
  await expect(rows.first().getByRole('cell').first()).toHaveText('101');
  await expect(pager.getByRole('button', { name: 'Następna' })).toBeDisabled();

  // The page is kept in the address: a reload (or a link sent to a colleague) opens the same page.
  await expect(page).toHaveURL(/[?&]page=2/);
  await page.reload();
  await expect(rows).toHaveCount(2);
  await pager.getByRole('button', { name: 'Poprzednia' }).click();
  await expect(rows).toHaveCount(100);
  await expect(rows.first().getByRole('cell').first()).toHaveText('1');
});
