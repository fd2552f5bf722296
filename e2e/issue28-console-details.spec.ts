import type { APIRequestContext } from '@playwright/test';
import { validProductBody } from '../apps/server/src/modules/catalog/admin-test-fixtures';
import { expect, newStaff, newUser, PHONE, test } from './fixtures';
import { csrfHeaders, demoExperienceOnSale, fillCart } from './support/shop';

test.describe.configure({ timeout: 240_000 });

/**
 * Issue 28 item 18, where staff see it, in Polish and English (one of them at 390 px): publishing asks
 * first; the audit log speaks in words (actions, what, the experience's name, field names, money);
 * a text file renamed .jpg is told it is not a photo; the video field says what it takes; a discount
 * code without dates says "no limit"; the desk shows phones with their "+", order numbers are real
 * links, and the refund dialog of an invoiced order says a correcting invoice follows.
 */
const TEXT = {
  pl: {
    publish: 'Opublikuj (sprzedaż)',
    publishTitle: 'Opublikować w sprzedaży?',
    cancel: 'Anuluj',
    draft: 'Szkic',
    onSale: 'W sprzedaży',
    upload: 'wybierz pliki',
    notPhoto: 'Ten plik nie jest zdjęciem',
    videoHint: 'Filmów nie można tu przesłać',
    auditPublish: 'Publikacja (sprzedaż)',
    auditProduct: 'Wydarzenie',
    auditCreated: 'Utworzenie',
    price: 'Cena',
    noLimit: 'bez ograniczeń',
    refund: 'Zwrot',
    correction: 'faktura korygująca',
  },
  en: {
    publish: 'Publish (on sale)',
    publishTitle: 'Publish for sale?',
    cancel: 'Cancel',
    draft: 'Draft',
    onSale: 'On sale',
    upload: 'choose files',
    notPhoto: 'This file is not a photo',
    videoHint: 'Videos cannot be uploaded here',
    auditPublish: 'Published (on sale)',
    auditProduct: 'Experience',
    auditCreated: 'Created',
    price: 'Price',
    noLimit: 'no limit',
    refund: 'Refund',
    correction: 'correcting invoice',
  },
} as const;

async function api(request: APIRequestContext, method: 'post' | 'get', path: string, data?: unknown) {
  const res =
    method === 'get'
      ? await request.get(`/panel/api/v1${path}`)
      : await request.post(`/panel/api/v1${path}`, { headers: await csrfHeaders(request), data: data ?? {} });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
  return (await res.json()).data;
}

for (const lang of ['pl', 'en'] as const) {
  test(`experience editor and audit log: publish asks first, upload and video wording, the log in words (${lang})`, async ({
    asStaff,
    expectFailure,
  }) => {
    const t = TEXT[lang];
    const { page } = await asStaff('ADMIN', { language: lang, phone: lang === 'en' });
    const name = `Szczegóły ${lang} ${Date.now().toString(36)}`;
    const created = await api(
      page.request,
      'post',
      '/admin/catalog/products',
      validProductBody({ name_pl: name, name_en: name }),
    );
    const code = `NOLIMIT${Date.now().toString(36).toUpperCase()}`;
    await api(page.request, 'post', '/admin/sales/discounts', {
      code,
      kind: 'AMOUNT',
      amount: 25.5,
      percent: null,
      valid_from: null,
      valid_to: null,
      max_uses: null,
      per_member_limit: 1,
      product_ids: [],
      member_types: [],
    });

    await page.goto(`/panel/admin/experiences/${created.id}`);
    await expect(page.getByText(t.videoHint)).toBeVisible({ timeout: 30_000 });
    // A text file renamed .jpg: told it is not a photo (not that it is an SVG).
    expectFailure({ status: 415, method: 'POST', url: /\/admin\/catalog\/products\/\d+\/photos$/ });
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: t.upload }).click();
    await (await chooser).setFiles({
      name: 'notes.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('milk, bread\n'),
    });
    await expect(page.getByRole('alert').filter({ hasText: t.notPhoto })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'SVG' })).toHaveCount(0);

    // Publishing asks first: cancelled, nothing changes; confirmed, it is on sale.
    await page.getByRole('button', { name: t.publish }).click();
    const confirm = page.getByRole('alertdialog', { name: t.publishTitle });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: t.cancel }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText(t.draft, { exact: true }).first()).toBeVisible();
    await page.getByRole('button', { name: t.publish }).click();
    await page
      .getByRole('alertdialog', { name: t.publishTitle })
      .getByRole('button', { name: t.publish })
      .click();
    await expect(page.getByText(t.onSale, { exact: true }).first()).toBeVisible();

    // The audit log: the action and the experience in words, its name, field names and money.
    await page.goto(`/panel/admin/audit?entity_type=product&entity_id=${created.id}`);
    const actionRow = (action: string) =>
      page.getByRole('row').filter({ has: page.getByRole('cell', { name: action, exact: true }) });
    const publishRow = actionRow(t.auditPublish);
    // The audit log is a lazy chunk: on a loaded machine it can take a while.
    await expect(publishRow).toContainText(`${t.auditProduct} ${name}`, { timeout: 30_000 });
    const createRow = actionRow(t.auditCreated);
    await createRow.locator('summary').click();
    const priceRow = createRow.getByRole('row', { name: new RegExp(`^${t.price}\\b`) });
    await expect(priceRow).toContainText(/1\s?250,50\s?zł|PLN\s?1,250\.50|1,250\.50/);
    const main = page.getByRole('main');
    await expect(main).not.toContainText(/\bpublish\b|name_pl|_grosze|product #/);

    // Discount codes without dates: "no limit".
    await page.goto(`/panel/admin/discounts?q=${code}`);
    await expect(page.getByRole('row').filter({ hasText: code })).toContainText(t.noLimit, {
      timeout: 30_000,
    });
    await expect(page.getByRole('row').filter({ hasText: code })).not.toContainText('…');
  });
}

test('sales desk: phones with "+", order numbers as links, the refund of an invoiced order names the correction (pl, en at 390 px)', async ({
  asStaff,
  browser,
}) => {
  // Two staff sessions (one per language) and a member's paid order: more than one screen's worth.
  test.setTimeout(240_000);
  const baseURL = test.info().project.use.baseURL!;
  // A member's paid order with a VAT invoice, issued by staff.
  const memberContext = await browser.newContext({ baseURL });
  const member = await newUser(memberContext.request);
  await memberContext.request.post('/panel/api/v1/auth/login', {
    data: { email: member.email, password: member.password },
  });
  await api(memberContext.request, 'post', '/customers/update-invoice-data', {
    invoice_company_name: `Korekta ${Date.now()} Sp. z o.o.`,
    invoice_street: 'Żurawia',
    invoice_building_number: '6',
    invoice_locale_number: '12',
    invoice_post_code: '00-503',
    invoice_city: 'Warszawa',
    tax_number_prefix: 'PL',
    tax_number: '526-025-02-74',
  });
  await fillCart(memberContext.request, (await demoExperienceOnSale(memberContext.request)).id);
  const placed = await api(memberContext.request, 'post', '/sales/cart/order', {
    discount_code: '',
    is_invoice: 1,
  });
  const path = new URL(placed.payment_url).pathname;
  const token = /name="token" value="([^"]+)"/.exec(
    await (await memberContext.request.get(path)).text(),
  )![1]!;
  expect(
    (await memberContext.request.post(`${path}/pay`, { form: { token }, maxRedirects: 0 })).status(),
  ).toBe(303);
  await memberContext.close();

  for (const lang of ['pl', 'en'] as const) {
    const t = TEXT[lang];
    const { page } = await asStaff('OPERATOR', {
      language: lang,
      phone: lang === 'en',
      path: '/panel/admin/orders?member=customer%40example.com',
    });
    if (lang === 'pl') await api(page.request, 'post', `/admin/invoices/orders/${placed.order_id}/issue`);
    // Order numbers are real links: an address to open in a new tab.
    const link = page.getByRole('main').locator('a[href^="/panel/admin/orders/"]').first();
    await expect(link).toHaveText(/#\d+/, { timeout: 30_000 });
    await expect(link).toHaveAttribute('href', /^\/panel\/admin\/orders\/\d+$/);
    await link.click();
    // The demo customer's phone, as people write it.
    await expect(page.getByText('+48 601 234 567')).toBeVisible({ timeout: 30_000 });

    await page.goto(`/panel/admin/orders/${placed.order_id}`);
    await page.getByRole('button', { name: t.refund, exact: true }).click({ timeout: 30_000 });
    await expect(page.getByRole('dialog')).toContainText(t.correction);
  }
});

test('staff second step: the recovery-code button and the back link share one baseline (390 px)', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, ...PHONE });
  const page = await context.newPage();
  const staff = await newStaff(context.request, 'OPERATOR');
  await page.goto('/panel/login');
  await page.getByLabel(/^E-mail/).fill(staff.email);
  await page.getByLabel(/^Hasło/).fill(staff.password);
  await page.getByRole('button', { name: 'Zaloguj się' }).click();
  await expect(page.getByLabel(/^Kod z aplikacji/)).toBeVisible();
  const box = async (text: RegExp) => {
    const b = await page.getByText(text).boundingBox();
    expect(b).not.toBeNull();
    return b!;
  };
  const recovery = await box(/^Użyj kodu odzyskiwania$/);
  const back = await box(/^Wróć do logowania$/);
  // Same line and same text baseline: their boxes' bottoms (text boxes of one font size) agree.
  expect(Math.abs(recovery.y + recovery.height - (back.y + back.height))).toBeLessThanOrEqual(1);
  expect(Math.abs(recovery.y - back.y)).toBeLessThanOrEqual(1);
  await context.close();
});
