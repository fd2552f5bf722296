import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { expect, newUser, PHONE, signIn, test } from './fixtures';
import { demoExperienceOnSale, fillCart, payWithInvoice } from './support/shop';
import { axeProblems } from './support/axe';

/**
 * VAT invoices in the browser (issue 17), in Polish and English: a member asks for an invoice with
 * the order and pays on the sandbox page; staff find the request in the console's queue and issue it
 * (a confirmation first); the member downloads the PDF from the shopping history.
 */
const TEXT = {
  pl: {
    wantInvoice: 'Chcę otrzymać fakturę VAT',
    order: 'Zamawiam i płacę',
    confirm: 'Potwierdź',
    pay: 'Zapłać',
    nav: 'Faktury',
    search: 'Szukaj',
    issue: 'Wystaw fakturę',
    issueFor: 'Wystaw fakturę do zamówienia nr',
    confirmTitle: 'Wystawić fakturę?',
    issued: 'Wystawiono fakturę',
    issuedTab: 'Wystawione',
    numberColumn: 'Numer',
    empty: 'Nie ma próśb o fakturę do wystawienia.',
    history: 'Historia zakupów',
    orderNo: (id: string) => `Zamówienie nr ${id}`,
    download: (n: string) => `Pobierz fakturę ${n} (PDF)`,
  },
  en: {
    wantInvoice: 'I want a VAT invoice',
    order: 'Order and pay',
    confirm: 'Confirm',
    pay: 'Pay',
    nav: 'Invoices',
    search: 'Search',
    issue: 'Issue invoice',
    issueFor: 'Issue the invoice of order',
    confirmTitle: 'Issue the invoice?',
    issued: 'Invoice',
    issuedTab: 'Issued',
    numberColumn: 'Number',
    empty: 'No invoice requests are waiting.',
    history: 'Shopping history',
    orderNo: (id: string) => `Order no. ${id}`,
    download: (n: string) => `Download invoice ${n} (PDF)`,
  },
} as const;

/** A unique company (so the queue's search finds this test's request only) and the member's data. */
async function memberWithInvoiceData(request: APIRequestContext, company: string) {
  const csrf = (await (await request.get('/panel/api/v1/auth/me')).json()).data.csrf_token as string;
  const headers = { 'X-Csrf-Token': csrf };
  const res = await request.post('/panel/api/v1/customers/update-invoice-data', {
    headers,
    data: {
      invoice_company_name: company,
      invoice_street: 'Żurawia',
      invoice_building_number: '6',
      invoice_locale_number: '12',
      invoice_post_code: '00-503',
      invoice_city: 'Warszawa',
      tax_number_prefix: 'PL',
      tax_number: '526-025-02-74',
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return headers;
}

/** The member orders with an invoice request and pays on the sandbox page; returns the order's number. */
const orderWithInvoice = payWithInvoice;

for (const lang of ['pl', 'en'] as const) {
  test(`a member asks for an invoice, staff issue it, the member downloads the PDF (${lang})`, async ({
    browser,
    asStaff,
  }) => {
    test.setTimeout(120_000);
    const t = TEXT[lang];
    const company = `Faktura ${lang.toUpperCase()} ${Date.now()} Sp. z o.o.`;

    // The member: invoice data, a cart, the order with "I want a VAT invoice", paid.
    const memberContext = await browser.newContext({ locale: lang === 'en' ? 'en-GB' : 'pl-PL' });
    const member = await memberContext.newPage();
    const user = await newUser(memberContext.request, 'CUSTOMER', lang);
    await signIn(member, user);
    const _headers = await memberWithInvoiceData(memberContext.request, company);
    await fillCart(memberContext.request, (await demoExperienceOnSale(memberContext.request)).id);
    const orderNo = await orderWithInvoice(member, lang);

    // Staff: the console's navigation, the queue, the search, issue with a confirmation.
    const { page } = await asStaff('OPERATOR', { language: lang, phone: lang === 'en' });
    if (lang === 'en') {
      // 390 px: the navigation sits behind the menu button.
      await page.getByRole('button', { name: /menu/i }).click();
    }
    await page.getByRole('navigation').getByRole('link', { name: t.nav, exact: true }).click();
    await expect(
      page.getByRole('heading', { name: lang === 'pl' ? 'Faktury VAT' : 'VAT invoices', level: 1 }),
    ).toBeVisible();
    await page.getByRole('searchbox', { name: t.search }).fill(company.split(' ').slice(0, 3).join(' '));
    await expect(page).toHaveURL(/search=/);
    const row = page.getByRole('row', { name: new RegExp(`#${orderNo}\\b`) });
    await expect(row).toContainText(company);
    await expect(row).toContainText('PL5260250274');
    await row.getByRole('button', { name: new RegExp(`${t.issueFor} ${orderNo}\\b`) }).click();
    const confirm = page.getByRole('alertdialog', { name: t.confirmTitle });
    await expect(confirm).toContainText(company);
    await confirm.getByRole('button', { name: t.issue }).click();
    const done = page.getByRole('alertdialog').filter({ hasText: t.issued });
    await expect(done).toBeVisible();
    const number = /((?:FV)\/\d{4}\/\d+)/.exec((await done.textContent()) ?? '')![1]!;
    await done.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText(t.empty)).toBeVisible();
    // The issued list has it, with its PDF.
    await page.getByRole('link', { name: t.issuedTab }).click();
    // The issued list is its own screen (a lazy chunk): wait for its table before typing.
    await expect(page.getByRole('columnheader', { name: t.numberColumn })).toBeVisible();
    await page.getByRole('searchbox', { name: t.search }).fill(number);
    await expect(page).toHaveURL(/search=FV/);
    await expect(page.getByRole('row', { name: new RegExp(number.replace(/\//g, '\\/')) })).toContainText(
      company,
    );

    // The member: shopping history → the order's details → the invoice's PDF.
    await member.goto('/panel/account/shopping-history');
    await expect(member.getByRole('heading', { name: t.history })).toBeVisible();
    await member.getByRole('button', { name: new RegExp(`${t.orderNo(orderNo)}\\b`) }).click();
    const details = member.getByRole('dialog', { name: t.orderNo(orderNo) });
    const link = details.getByRole('link', { name: t.download(number) });
    await expect(link).toBeVisible();
    const [download] = await Promise.all([member.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(`${number.replace(/\//g, '-')}.pdf`);
    const file = await readFile((await download.path())!);
    expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const response = await memberContext.request.get((await link.getAttribute('href'))!);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect((await response.body()).subarray(0, 4).toString('latin1')).toBe('%PDF');
    await memberContext.close();
  });
}

test('the shopping history at 390 px offers the invoice as a link a thumb can reach', async ({
  browser,
  asStaff,
}) => {
  test.setTimeout(120_000);
  const company = `Telefon ${Date.now()} S.A.`;
  const context = await browser.newContext({ ...PHONE, locale: 'pl-PL' });
  const member = await context.newPage();
  const user = await newUser(context.request, 'CUSTOMER', 'pl');
  await signIn(member, user);
  const _headers = await memberWithInvoiceData(context.request, company);
  await fillCart(context.request, (await demoExperienceOnSale(context.request)).id);
  const orderNo = await orderWithInvoice(member, 'pl');
  // Staff issue it through the console (the screen itself is covered above).
  const { page } = await asStaff('OPERATOR', { path: `/panel/admin/invoices?search=${orderNo}` });
  await page
    .getByRole('row', { name: new RegExp(`#${orderNo}\\b`) })
    .getByRole('button')
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Wystaw fakturę' }).click();
  await expect(page.getByRole('alertdialog').filter({ hasText: 'Wystawiono fakturę' })).toBeVisible();

  await member.goto('/panel/account/shopping-history');
  await member.getByRole('button', { name: new RegExp(`Zamówienie nr ${orderNo}\\b`) }).click();
  const link = member.getByRole('dialog').getByRole('link', { name: /^Pobierz fakturę FV\/.* \(PDF\)$/ });
  await expect(link).toBeVisible();
  const box = (await link.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await context.close();
});

for (const phone of [false, true]) {
  test(`axe finds nothing on the invoice screens at ${phone ? '390' : '1440'} px`, async ({ asStaff }) => {
    const lang = phone ? 'en' : 'pl';
    const { page } = await asStaff('OPERATOR', { phone, language: lang, path: '/panel/admin/invoices' });
    if (!phone) await page.setViewportSize({ width: 1440, height: 900 });
    const problems: string[] = [];
    const scan = async (where: string) => {
      problems.push(...(await axeProblems(page, where)));
    };
    await expect(
      page.getByRole('heading', { name: phone ? 'VAT invoices' : 'Faktury VAT', level: 1 }),
    ).toBeVisible();
    await expect(page.locator('[aria-busy=true]')).toHaveCount(0);
    await scan('requests');
    await page.getByRole('link', { name: phone ? 'Issued' : 'Wystawione' }).click();
    await expect(page).toHaveURL(/\/panel\/admin\/invoices\/issued/);
    await expect(page.locator('[aria-busy=true]')).toHaveCount(0);
    await scan('issued');
    expect(problems).toEqual([]);
  });
}
