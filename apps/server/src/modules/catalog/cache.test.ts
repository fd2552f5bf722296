import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterNotify, createTestApp, DB_KIND, skipIfNoDatabase, type TestApp } from '../../../test/helpers';
import { customerInterests, productInterests, products, sessions } from '../../db/schema';
import { DEFAULT_INTERESTS } from '@club/shared';
import { createMember, createTestProduct, memberApi } from '../orders/test-fixtures';
import { CatalogCache, catalogChanged } from './cache';

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

describe('catalogue cache bounds', () => {
  it('when full it lets the least recently read entries go, one at a time, and keeps the hot ones', async () => {
    const cache = new CatalogCache(() => true);
    let loads = 0;
    const read = (key: string) =>
      cache.get(key, async () => {
        loads++;
        return { key };
      });
    await read('hot');
    // A member browsing far more pages than the cache holds, while another keeps reading one page.
    for (let i = 0; i < 25_000; i++) {
      await read(`page:${i}`);
      if (i % 1000 === 0) await read('hot');
    }
    expect(cache.size).toBeLessThanOrEqual(20_000);
    expect(cache.size).toBeGreaterThan(19_000);
    const before = loads;
    await read('hot');
    await read('page:24999');
    expect(loads).toBe(before);
    await read('page:0');
    expect(loads).toBe(before + 1);
  });
});

describe('catalogue cache in one process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('a catalogue write shows without catalogChanged (trigger); so do seats written by hand', async () => {
    const { product } = await createTestProduct(t.app.db, { totalSeats: 5 });
    const api = memberApi(t.app, await createMember(t.app.db));
    const first = await detail(api, product.id);
    expect(first).toMatchObject({ overall_limit: 5, can_order: true });
    await listed(api, product.categoryId, product.id);

    // Seats only (what an order writes): the shared part stays cached, the member-part cache is dropped
    // by the seats trigger (at once on PGlite, when the NOTIFY arrives on PostgreSQL).
    await t.app.db.update(products).set({ seatsTaken: 5 }).where(eq(products.id, product.id));
    await afterNotify(async () => (await detail(api, product.id)).can_order === false);
    expect(await detail(api, product.id)).toMatchObject({ overall_limit: null, can_order: false });
    expect(await listed(api, product.categoryId, product.id)).toMatchObject({ can_order: false });

    // Any other change, by any writer: the trigger's NOTIFY drops the cache (at once on PGlite; on
    // PostgreSQL when it reaches this process's LISTEN connection, milliseconds later).
    await t.app.db
      .update(products)
      .set({ namePl: 'Nowa nazwa', nameEn: 'New name' })
      .where(eq(products.id, product.id));
    await afterNotify(async () => (await detail(api, product.id)).name === 'Nowa nazwa');
    expect(await detail(api, product.id)).toMatchObject({ name: 'Nowa nazwa', overall_limit: null });
    expect(await listed(api, product.categoryId, product.id)).toMatchObject({ name: 'Nowa nazwa' });
  });

  it('"Selected for you" follows the member’s interests: saved through the API at once, written by hand through the trigger', async () => {
    // An interest outside the default selection, on an experience alone in its category.
    const other = [2, 4, 6, 8, 10, 12].find((i) => !(DEFAULT_INTERESTS as readonly number[]).includes(i))!;
    const { product } = await createTestProduct(t.app.db);
    await t.app.db.insert(productInterests).values({ productId: product.id, interestId: other });
    const member = await createMember(t.app.db);
    const api = memberApi(t.app, member);
    const forMe = async () => {
      const body = (
        await api.get(`/products/items?page=1&where[category_id]=${product.categoryId}&where[for_user]=1`)
      ).json();
      return { ids: (body.data as { id: number }[]).map((p) => p.id), total: body.meta.total as number };
    };
    // Without interests of their own the member gets the default selection: not this experience.
    expect(await forMe()).toEqual({ ids: [], total: 0 });
    const saved = await api.post('/customers/update-interests', { interests: [other, 1, 3, 5, 7, 9] });
    expect(saved.statusCode).toBe(200);
    expect(await forMe()).toEqual({ ids: [product.id], total: 1 });
    // Changed by another process or by hand: the customer_interests trigger's NOTIFY drops the kept set.
    await t.app.db.delete(customerInterests).where(eq(customerInterests.userId, member.id));
    await afterNotify(async () => (await forMe()).total === 0);
    expect(await forMe()).toEqual({ ids: [], total: 0 });
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

  it('an order placed through one app shows its seats through the other once its NOTIFY arrives', async () => {
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
    await afterNotify(async () => (await detail(viewer, product.id)).overall_limit === 3);
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
    await afterNotify(async () => (await detail(viewer, product.id)).overall_limit === null);
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
    await afterNotify(async () => (await detail(viewer, product.id)).name === 'Zmieniona');
    expect(await detail(viewer, product.id)).toMatchObject({ name: 'Zmieniona' });
    expect(await listed(viewer, product.categoryId, product.id)).toMatchObject({ name: 'Zmieniona' });
  });

  it('a sign-out through one app ends the session at once for every call but the other’s catalogue reads, and for those when its NOTIFY arrives', async () => {
    const member = await createMember(a.app.db);
    const onA = memberApi(a.app, member);
    const onB = memberApi(b.app, member);
    const { product } = await createTestProduct(a.app.db);
    // b caches the session and the member's part with its first catalogue read.
    expect((await onB.get(`/products/item/${product.id}`)).statusCode).toBe(200);
    expect((await onB.get('/auth/me')).statusCode).toBe(200);

    expect((await onA.post('/auth/logout')).statusCode).toBe(200);
    // Everything personal reads the session from the database per request: refused at once.
    expect((await onB.get('/auth/me')).statusCode).toBe(401);
    expect((await onB.get('/sales/cart/items')).statusCode).toBe(401);
    await afterNotify(async () => (await onB.get(`/products/item/${product.id}`)).statusCode === 401, 1_000);
  });

  it('a session ended with the triggers off (no NOTIFY): personal calls refuse it at once, the catalogue only after the cache’s lifetime', async () => {
    const member = await createMember(a.app.db);
    const api = memberApi(a.app, member);
    const { product } = await createTestProduct(a.app.db);
    expect((await api.get(`/products/item/${product.id}`)).statusCode).toBe(200);
    await a.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.delete(sessions).where(eq(sessions.userId, member.id));
    });
    expect((await api.get('/auth/me')).statusCode).toBe(401);
    expect((await api.get(`/products/item/${product.id}`)).statusCode).toBe(200);
  });

  it('while its LISTEN connection is down a process serves nothing from its caches, and drops them when it is back', async () => {
    const member = await createMember(a.app.db);
    const api = memberApi(b.app, member);
    const { product } = await createTestProduct(a.app.db);
    expect((await api.get(`/products/item/${product.id}`)).statusCode).toBe(200);
    expect(b.app.dbListen.live()).toBe(true);
    // Every LISTEN connection on the database goes (a's and b's): as when PostgreSQL drops them.
    await a.app.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query like 'listen %' and pid <> pg_backend_pid()`,
    );
    await afterNotify(async () => !b.app.dbListen.live(), 1_000);
    // Ended without a NOTIFY: with the cache off, the catalogue read goes to the database and is refused.
    await a.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.delete(sessions).where(eq(sessions.userId, member.id));
    });
    expect((await api.get(`/products/item/${product.id}`)).statusCode).toBe(401);
    await afterNotify(async () => b.app.dbListen.live() && a.app.dbListen.live(), 5_000);
    expect((await api.get(`/products/item/${product.id}`)).statusCode).toBe(401);
  });
});
