import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createTestApp, staffClient, type TestApp } from '../../../test/helpers';
import { validProductBody } from '../catalog/admin-test-fixtures';
import { createMember, memberApi } from '../orders/test-fixtures';

/**
 * Issue 28: a price change reached members' carts silently. Staff learn how many carts hold the
 * experience before they save (the editor's warning), and the member's cart line says the price
 * changed from what was seen when adding until the member acknowledges it (or orders).
 */
let t: TestApp;
let operator: Client;
beforeAll(async () => {
  t = await createTestApp();
  operator = await staffClient(t.app, 'OPERATOR');
}, 60_000);
afterAll(() => t?.close());

const API = '/admin/catalog/products';

/** An experience on sale, made in the console, at `price` PLN; returns its id and version. */
async function onSale(price: number) {
  const created = await operator.post(API, validProductBody({ price }));
  expect(created.statusCode, created.body).toBe(201);
  const { id, version } = created.json().data as { id: number; version: number };
  const published = await operator.post(`${API}/${id}/publish`, { version, mode: 'on_sale' });
  expect(published.statusCode, published.body).toBe(200);
  return { id, version: published.json().data.version as number };
}

async function memberWith(productId: number, language: 'pl' | 'en' = 'pl') {
  const api = memberApi(t.app, await createMember(t.app.db, { language }));
  const added = await api.post('/sales/cart/add', { product_id: productId });
  expect(added.statusCode, added.body).toBe(200);
  return { api, lineId: added.json().data.id as number };
}

const lineOf = async (api: ReturnType<typeof memberApi>, lineId: number) => {
  const cart = await api.get('/sales/cart/items');
  expect(cart.statusCode).toBe(200);
  return (
    cart.json().data as { id: number; price_changed_from: number | null; product: { price: number } }[]
  ).find((l) => l.id === lineId)!;
};

describe('a price change and the carts that hold the experience', () => {
  it('tells staff how many members hold the experience in their cart; 404 for an unknown one', async () => {
    const { id } = await onSale(300);
    expect((await operator.get(`${API}/${id}/carts`)).json().data).toEqual({ carts: 0 });
    await memberWith(id);
    await memberWith(id, 'en');
    const other = await onSale(100);
    await memberWith(other.id);
    expect((await operator.get(`${API}/${id}/carts`)).json().data).toEqual({ carts: 2 });
    expect((await operator.get(`${API}/${other.id}/carts`)).json().data).toEqual({ carts: 1 });
    const unknown = await operator.get(`${API}/2147483647/carts`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
    expect((await operator.get(`${API}/abc/carts`)).statusCode).toBe(422);
  });

  it("the member's line says the price changed from the one seen, until the member acknowledges it", async () => {
    const { id, version } = await onSale(300);
    const first = await memberWith(id);
    const unchanged = await lineOf(first.api, first.lineId);
    expect(unchanged.price_changed_from).toBeNull();

    const saved = await operator.request('PUT', `${API}/${id}`, {
      version,
      product: validProductBody({ price: 345.5 }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const changed = await lineOf(first.api, first.lineId);
    expect(changed.price_changed_from).toBe(300);
    expect(changed.product.price).toBe(345.5);

    // A member who adds the experience after the change sees no notice: the price seen is the new one.
    const later = await memberWith(id);
    expect((await lineOf(later.api, later.lineId)).price_changed_from).toBeNull();

    // Another member cannot acknowledge the first member's line (404, nothing changed).
    const refused = await later.api.post(`/sales/cart/acknowledge-price/${first.lineId}`);
    expect(refused.statusCode).toBe(404);
    expect((await lineOf(first.api, first.lineId)).price_changed_from).toBe(300);

    const ack = await first.api.post(`/sales/cart/acknowledge-price/${first.lineId}`);
    expect(ack.statusCode, ack.body).toBe(200);
    expect((await lineOf(first.api, first.lineId)).price_changed_from).toBeNull();
  });

  it('a price changed back to the one the member saw shows no notice', async () => {
    const { id, version } = await onSale(200);
    const { api, lineId } = await memberWith(id);
    const up = await operator.request('PUT', `${API}/${id}`, {
      version,
      product: validProductBody({ price: 250 }),
    });
    expect((await lineOf(api, lineId)).price_changed_from).toBe(200);
    await operator.request('PUT', `${API}/${id}`, {
      version: up.json().data.version,
      product: validProductBody({ price: 200 }),
    });
    expect((await lineOf(api, lineId)).price_changed_from).toBeNull();
  });

  it('acknowledging needs the CSRF header and a member; a bad id is 422', async () => {
    const { id } = await onSale(150);
    const { api, lineId } = await memberWith(id);
    expect((await api.post(`/sales/cart/acknowledge-price/${lineId}`, {}, { csrf: false })).statusCode).toBe(
      403,
    );
    expect((await api.post('/sales/cart/acknowledge-price/abc')).statusCode).toBe(422);
    expect((await operator.post(`/sales/cart/acknowledge-price/${lineId}`)).statusCode).toBe(403);
  });
});
