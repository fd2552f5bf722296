import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { validProductBody } from '../../apps/server/src/modules/catalog/admin-test-fixtures';
import { newStaff, signInStaffByApi } from '../fixtures';

/**
 * The set-up of the browser tests that need an order: an experience on sale and a filled cart,
 * made through the API as the panel and the console would (what the test is about is then done
 * by clicking, like a person).
 */

/** The signed-in session's CSRF header, for the API calls of a test's set-up. */
export async function csrfHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const me = await (await request.get('/panel/api/v1/auth/me')).json();
  return { 'X-Csrf-Token': me.data.csrf_token as string };
}

export type OnSale = { id: number; name: string; price: number; category: { id: number; name: string } };

/** A demo experience the signed-in member can order now, from the first page of its category. */
export async function demoExperienceOnSale(request: APIRequestContext): Promise<OnSale> {
  const categories = (await (await request.get('/panel/api/v1/settings/categories/items')).json()).data as {
    id: number;
  }[];
  for (const category of categories) {
    const list = await request.get(`/panel/api/v1/products/items?where[category_id]=${category.id}`);
    const products = (await list.json()).data as (OnSale & { can_order: boolean; is_past: boolean })[];
    const found = products.find((p) => p.can_order && !p.is_past && p.price > 0);
    if (found) return found;
  }
  throw new Error('no experience on sale in the demo data');
}

/**
 * A fresh experience on sale (900 zł a seat unless `fields` say otherwise: any field of the console's
 * experience form), made by a new administrator through the console's API. Its English name is
 * `${name} (EN)`.
 */
export async function newExperienceOnSale(
  browser: Browser,
  baseURL: string,
  name: string,
  seats: number,
  fields: Record<string, unknown> = {},
): Promise<number> {
  const context = await browser.newContext({ baseURL });
  const staff = await newStaff(context.request, 'ADMIN');
  await signInStaffByApi(context.request, staff);
  const headers = await csrfHeaders(context.request);
  const options = (await (await context.request.get('/panel/api/v1/admin/catalog/options')).json()).data;
  const created = await context.request.post('/panel/api/v1/admin/catalog/products', {
    headers,
    data: validProductBody({
      category_id: options.categories[0].id,
      name_pl: name,
      name_en: `${name} (EN)`,
      total_seats: seats,
      price: 900,
      ...fields,
    }),
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id, version } = (await created.json()).data as { id: number; version: number };
  const published = await context.request.post(`/panel/api/v1/admin/catalog/products/${id}/publish`, {
    headers,
    data: { version, mode: 'on_sale' },
  });
  expect(published.ok(), await published.text()).toBe(true);
  await context.close();
  return id;
}

type CartLine = {
  quantity: number;
  persons: { name: string; surname: string }[];
  cart_label_answer?: string;
};

/** The experience in the signed-in member's cart (one seat unless `line` says more), its terms ticked. */
export async function fillCart(
  request: APIRequestContext,
  productId: number,
  line: CartLine = { quantity: 1, persons: [] },
): Promise<void> {
  const headers = await csrfHeaders(request);
  const added = await request.post('/panel/api/v1/sales/cart/add', {
    headers,
    data: { product_id: productId },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const [item] = (await (await request.get('/panel/api/v1/sales/cart/items')).json()).data as {
    id: number;
    product: { terms: { id: number }[] };
  }[];
  const update = await request.post(`/panel/api/v1/sales/cart/update/${item!.id}`, {
    headers,
    data: { ...line, terms: item!.product.terms.map((t) => ({ term_id: t.id, value: 1 })) },
  });
  expect(update.ok(), await update.text()).toBe(true);
}

/**
 * A paid order of the signed-in member, made through the API as the cart and the sandbox payment
 * page would: one seat of `productId` (a demo experience on sale when absent), or the cart `line`.
 */
export async function placePaidOrder(
  request: APIRequestContext,
  productId?: number,
  line?: CartLine,
): Promise<{ id: number; total: number }> {
  await fillCart(request, productId ?? (await demoExperienceOnSale(request)).id, line);
  const placed = await request.post('/panel/api/v1/sales/cart/order', {
    headers: await csrfHeaders(request),
    data: { discount_code: '', is_invoice: 0 },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  const order = (await placed.json()).data as { order_id: number; payment_url: string | null; total: number };
  if (order.payment_url) {
    // The sandbox page's form carries a token signed when the page was shown.
    const path = new URL(order.payment_url).pathname;
    const token = /name="token" value="([^"]+)"/.exec(await (await request.get(path)).text())![1]!;
    const pay = await request.post(`${path}/pay`, { form: { token }, maxRedirects: 0 });
    expect(pay.status()).toBe(303);
  }
  return { id: order.order_id, total: order.total };
}

/**
 * The member's checkout with an invoice, as a person does it: the cart's "I want a VAT invoice", the
 * order, the sandbox's payment page; the order's number.
 */
export async function payWithInvoice(page: Page, lang: 'pl' | 'en'): Promise<string> {
  const pl = lang === 'pl';
  await page.goto('/panel/cart');
  await page
    .getByRole('checkbox', { name: pl ? 'Chcę otrzymać fakturę VAT' : 'I want a VAT invoice' })
    .check();
  await page.getByRole('button', { name: pl ? 'Zamawiam i płacę' : 'Order and pay' }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: pl ? 'Potwierdź' : 'Confirm' })
    .click();
  await expect(page).toHaveURL(/\/panel\/payments\/sandbox\//);
  const orderNo = (await page
    .getByText(pl ? /^Zamówienie nr \d+$/ : /^Order (no\. )?\d+$/)
    .textContent())!.replace(/\D/g, '');
  await page.getByRole('button', { name: pl ? 'Zapłać' : 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/panel\/home\?after_payment=1&order=\d+$/);
  return orderNo;
}
