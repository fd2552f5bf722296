import { eq, sql } from 'drizzle-orm';
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

  it('a catalogue write shows without catalogChanged (trigger); seats and the member’s state are never stale', async () => {
    const { product } = await createTestProduct(t.app.db, { totalSeats: 5 });
    const api = memberApi(t.app, await createMember(t.app.db));
    const first = await detail(api, product.id);
    expect(first).toMatchObject({ overall_limit: 5, can_order: true });
    await listed(api, product.categoryId, product.id);

    // Seats only (what an order writes): no notification, the cached shared part stays, the seats are live.
    await t.app.db.update(products).set({ seatsTaken: 5 }).where(eq(products.id, product.id));
    expect(await detail(api, product.id)).toMatchObject({ overall_limit: null, can_order: false });
    expect(await listed(api, product.categoryId, product.id)).toMatchObject({ can_order: false });

    // Any other change, by any writer: the trigger's NOTIFY drops the cache (at once on PGlite; on
    // PostgreSQL when it reaches this process's LISTEN connection, milliseconds later).
    await t.app.db
      .update(products)
      .set({ namePl: 'Nowa nazwa', nameEn: 'New name' })
      .where(eq(products.id, product.id));
    if (DB_KIND === 'postgres')
      await until(async () => (await detail(api, product.id)).name === 'Nowa nazwa');
    expect(await detail(api, product.id)).toMatchObject({ name: 'Nowa nazwa', overall_limit: null });
    expect(await listed(api, product.categoryId, product.id)).toMatchObject({ name: 'Nowa nazwa' });
  });

  it('catalogChanged still drops the cache at once', async () => {
    const { product } = await createTestProduct(t.app.db);
    const api = memberApi(t.app, await createMember(t.app.db));
    await detail(api, product.id);
    await t.app.db.execute(sql`alter table products disable trigger club_products_catalog_update`);
    try {
      await t.app.db
        .update(products)
        .set({ namePl: 'Po cichu', nameEn: 'Quietly' })
        .where(eq(products.id, product.id));
      expect((await detail(api, product.id)).name).not.toBe('Po cichu');
      await catalogChanged(t.app.db);
      expect(await detail(api, product.id)).toMatchObject({ name: 'Po cichu' });
    } finally {
      await t.app.db.execute(sql`alter table products enable trigger club_products_catalog_update`);
    }
  });
});

async function until(check: () => Promise<boolean>, ms = 3_000) {
  const deadline = Date.now() + ms;
  while (!(await check()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
}

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

  it('a catalogue change written through one app drops the other app’s cache (trigger, LISTEN/NOTIFY)', async () => {
    const { product } = await createTestProduct(a.app.db);
    const viewer = memberApi(b.app, await createMember(a.app.db));
    await detail(viewer, product.id);
    await listed(viewer, product.categoryId, product.id);
    // No catalogChanged: the trigger announces the write on commit; b's LISTEN gets it within milliseconds.
    await a.app.db
      .update(products)
      .set({ namePl: 'Zmieniona', nameEn: 'Changed' })
      .where(eq(products.id, product.id));
    await until(async () => (await detail(viewer, product.id)).name === 'Zmieniona');
    expect(await detail(viewer, product.id)).toMatchObject({ name: 'Zmieniona' });
    expect(await listed(viewer, product.categoryId, product.id)).toMatchObject({ name: 'Zmieniona' });
  });
});
