import { pdfText } from '../apps/server/test/support/pdf-text';
import { expect, newUser, signIn, test } from './fixtures';
import { csrfHeaders, fillCart, newExperienceOnSale, payWithInvoice } from './support/shop';

/**
 * The travel-agency margin scheme in the browser (issue 30, docs/invoices.md): staff tick it in the
 * experience form of a trip, a member orders the trip with an invoice and pays, staff issue the
 * invoice, and the member's PDF and KSeF XML show the scheme and no VAT (art. 119). Both languages.
 */
const TEXT = {
  pl: {
    margin: 'Procedura marży dla biur podróży (art. 119)',
    save: 'Zapisz',
    saved: 'Zapisano.',
    issueFor: 'Wystaw fakturę do zamówienia nr',
    issue: 'Wystaw fakturę',
    issued: 'Wystawiono fakturę',
    orderNo: (id: string) => `Zamówienie nr ${id}`,
  },
  en: {
    margin: 'Travel-agency margin scheme (art. 119)',
    save: 'Save',
    saved: 'Saved.',
    issueFor: 'Issue the invoice of order',
    issue: 'Issue invoice',
    issued: 'Invoice',
    orderNo: (id: string) => `Order no. ${id}`,
  },
} as const;

test('the margin scheme is refused on an event, with the reason by the box (pl)', async ({
  browser,
  baseURL,
  asStaff,
}) => {
  const eventId = await newExperienceOnSale(browser, baseURL!, `Wydarzenie bez marży ${Date.now()}`, 5);
  const { page } = await asStaff('OPERATOR', { path: `/panel/admin/experiences/${eventId}` });
  await page.getByRole('checkbox', { name: TEXT.pl.margin }).click();
  await page.getByRole('button', { name: TEXT.pl.save, exact: true }).click();
  await expect(
    page.getByText('Procedurę marży dla biur podróży można wybrać tylko dla wyjazdu.'),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: TEXT.pl.margin })).not.toBeChecked();
});

for (const lang of ['pl', 'en'] as const) {
  test(`staff set a trip to the margin scheme and its invoice shows no VAT (${lang})`, async ({
    browser,
    baseURL,
    asStaff,
  }) => {
    test.setTimeout(150_000);
    const t = TEXT[lang];
    const name = `Wyjazd marża ${lang} ${Date.now()}`;
    const productId = await newExperienceOnSale(browser, baseURL!, name, 5, { type: 'TRIP', price: 4200 });

    // Staff: the experience form, the margin scheme ticked and saved.
    const { page } = await asStaff('OPERATOR', {
      language: lang,
      path: `/panel/admin/experiences/${productId}`,
    });
    const box = page.getByRole('checkbox', { name: t.margin });
    await expect(box).not.toBeChecked();
    await box.click();
    await page.getByRole('button', { name: t.save, exact: true }).click();
    await expect(page.getByText(t.saved, { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('checkbox', { name: t.margin })).toBeChecked();

    // The member orders the trip with an invoice (a Polish company) and pays.
    const memberContext = await browser.newContext({ locale: lang === 'en' ? 'en-GB' : 'pl-PL' });
    const member = await memberContext.newPage();
    const user = await newUser(memberContext.request, 'CUSTOMER', lang);
    await signIn(member, user);
    const saved = await memberContext.request.post('/panel/api/v1/customers/update-invoice-data', {
      headers: await csrfHeaders(memberContext.request),
      data: {
        invoice_company_name: `Marża ${lang} Sp. z o.o.`,
        invoice_street: 'Żurawia',
        invoice_building_number: '6',
        invoice_locale_number: '',
        invoice_post_code: '00-503',
        invoice_city: 'Warszawa',
        tax_number_prefix: 'PL',
        tax_number: '5260250274',
      },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    await fillCart(memberContext.request, productId);
    const orderNo = await payWithInvoice(member, lang);

    // Staff issue the invoice from the console's queue.
    await page.goto(`/panel/admin/invoices?search=${orderNo}`);
    await page
      .getByRole('row', { name: new RegExp(`#${orderNo}\\b`) })
      .getByRole('button', { name: new RegExp(`${t.issueFor} ${orderNo}\\b`) })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: t.issue }).click();
    const done = page.getByRole('alertdialog').filter({ hasText: t.issued });
    const number = /(FV\/\d{4}\/\d+)/.exec((await done.textContent()) ?? '')![1]!;

    // The member's PDF names the scheme and shows no VAT; the XML carries FA(3)'s margin fields.
    await member.goto('/panel/account/shopping-history');
    await member.getByRole('button', { name: new RegExp(`${t.orderNo(orderNo)}\\b`) }).click();
    const details = member.getByRole('dialog', { name: t.orderNo(orderNo) });
    const escaped = number.replace(/\//g, '\\/');
    const pdfHref = await details
      .getByRole('link', { name: new RegExp(`${escaped}.*PDF`) })
      .getAttribute('href');
    const text = await pdfText(await (await memberContext.request.get(pdfHref!)).body());
    expect(text).toContain('procedura marży dla biur podróży');
    expect(text).toMatch(/4\s?200,00/);
    expect(text).not.toContain('23%');
    const xmlHref = await details.getByRole('link', { name: /XML/ }).getAttribute('href');
    const xml = await (await memberContext.request.get(xmlHref!)).text();
    expect(xml).toContain('<P_PMarzy_2>1</P_PMarzy_2>');
    expect(xml).toContain('<P_13_11>4200.00</P_13_11>');
    expect(xml).not.toContain('<P_14_1>');
    await memberContext.close();
  });
}
