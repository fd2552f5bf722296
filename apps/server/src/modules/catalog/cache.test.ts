import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KIND, skipIfNoDatabase, type TestApp } from '../../../test/helpers';
import { products } from '../../db/schema';
import { createMember, createTestProduct, memberApi } from '../orders/test-fixtures';
import { catalogChanged } from './cache';

type Api = ReturnType<typeof memberApi>;
const detail = async (api: Api, id: number) => (await api.get(`/products/item/${id}`)).json().data;
const listed = async (api: Api, categoryId: number, id: number) =>
  (
    (await api.get(`/products/items?page=1&where[category_id]=${categoryId}`)).json().data as { id: number }[]
  ).find((p) => p.id === id);

async function buy(api: Api, productId: number, termIds: number[], quantity: number) {
  const id = (await api.post('/sales/cart/add', { product_id: productId })).json().data.id;
  const update = await api.post(`/sales/cart/update/${id}`, {
    quantity,
    persons: Array.from({ length: quantity - 1 }, (_, i) => ({ name: `Gość${i}`, surname: 'Nowak' })),
    terms: termIds.map((term_id) => ({ term_id, value: 1 })),
  });
  expect(update.statusCode).toBe(200);
  const order = await api.post('/sales/cart/order', { discount_code: '', is_invoice: 0 });
  expect(order.statusCode, order.body).toBe(200);
}

describe('catalogue cache in one process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('keeps what members share until catalogChanged; seats and the member’s state are never stale', async () => {
    const { product } = await createTestProduct(t.app.db, { totalSeats: 5 });
    const api = memberApi(t.app, await createMember(t.app.db));
    const first = await detail(api, product.id);
    expect(first).toMatchObject({ overall_limit: 5, can_order: true });
    await listed(api, product.categoryId, product.id);

    await t.app.db
      .update(products)
      .set({ namePl: 'Nowa nazwa', nameEn: 'New name', seatsTaken: 5 })
      .where(eq(products.id, product.id));
    // Seats at once (read per request); the name is shared, cached until the change is announced.
    expect(await detail(api, product.id)).toMatchObject({
      name: first.name,
      overall_limit: null,
      can_order: false,
    });
    expect(await listed(api, product.categoryId, product.id)).toMatchObject({
      name: first.name,
      can_order: false,
    });

    await catalogChanged(t.app.db);
    expect(await detail(api, product.id)).toMatchObject({ name: 'Nowa nazwa', overall_limit: null });
    expect(await listed(api, product.categoryId, product.id)).toMatchObject({ name: 'Nowa nazwa' });
  });
});

describe.skipIf(DB_KIND !== 'postgres' || skipIfNoDatabase)('catalogue cache across two processes', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({ sameDatabaseAs: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('an order placed through one app shows its seats through the other at once', async () => {
    const { product, terms } = await createTestProduct(a.app.db, { totalSeats: 5, terms: 1 });
    const viewer = memberApi(b.app, await createMember(a.app.db));
    expect(await detail(viewer, product.id)).toMatchObject({ overall_limit: 5 });
    expect(await listed(viewer, product.categoryId, product.id)).toMatchObject({ overall_limit: 5 });

    await buy(
      memberApi(a.app, await createMember(a.app.db)),
      product.id,
      terms.map((x) => x.id),
      2,
    );
    expect(await detail(viewer, product.id)).toMatchObject({ overall_limit: 3, can_order: true });
    expect(await listed(viewer, product.categoryId, product.id)).toMatchObject({ overall_limit: 3 });

    await buy(
      memberApi(a.app, await createMember(a.app.db)),
      product.id,
      terms.map((x) => x.id),
      2,
    );
    await buy(
      memberApi(a.app, await createMember(a.app.db)),
      product.id,
      terms.map((x) => x.id),
      1,
    );
    expect(await detail(viewer, product.id)).toMatchObject({ overall_limit: null, can_order: false });
  });

  it('a catalogue change announced by one app drops the other app’s cache (LISTEN/NOTIFY)', async () => {
    const { product } = await createTestProduct(a.app.db);
    const viewer = memberApi(b.app, await createMember(a.app.db));
    const before = await detail(viewer, product.id);
    await listed(viewer, product.categoryId, product.id);
    await a.app.db
      .update(products)
      .set({ namePl: 'Zmieniona', nameEn: 'Changed' })
      .where(eq(products.id, product.id));
    // b has the shared part cached: the change alone is not seen...
    expect(await detail(viewer, product.id)).toMatchObject({ name: before.name });

    // ...until a announces it; the notification reaches b's LISTEN connection within milliseconds.
    await catalogChanged(a.app.db);
    const deadline = Date.now() + 3_000;
    while ((await detail(viewer, product.id)).name !== 'Zmieniona' && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await detail(viewer, product.id)).toMatchObject({ name: 'Zmieniona' });
    expect(await listed(viewer, product.categoryId, product.id)).toMatchObject({ name: 'Zmieniona' });
  });
});
