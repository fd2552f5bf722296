/**
 * Every catalogue answer against its contract (issue 13): the lists and the product pages are bytes
 * encoded by hand (repository.ts), so the serializer by schema never sees them. Each answer is read
 * here in strict mode (an extra, missing or mistyped field fails), for a customer and a dealer in each
 * language (a member's answers are in their own language), one customer with something in the cart,
 * for every category, the member's selection (`where[for_user]`) and every product by id and by alias;
 * anonymous callers get the error envelope.
 */
import { catalogContract } from '@club/shared/contract/catalog';
import { contentContract } from '@club/shared/contract/content';
import { ZErrorEnvelope } from '@club/shared/contract/define';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, createTestUser, signedInAs, type TestApp } from '../../../test/helpers';

let t: TestApp;
const members: [string, Client][] = [];

beforeAll(async () => {
  t = await createTestApp();
  const cartHolder = await createTestUser(t.database.db, { type: 'CUSTOMER', language: 'en' });
  const englishDealer = await createTestUser(t.database.db, { type: 'DEALER', language: 'en' });
  members.push(
    ['customer', await signedInAs(t.app, 'customer@example.com')],
    ['dealer', await signedInAs(t.app, 'dealer@example.com')],
    ['customer with a cart', await signedInAs(t.app, cartHolder.email, cartHolder.password)],
    ['dealer', await signedInAs(t.app, englishDealer.email, englishDealer.password)],
  );
});
afterAll(() => t?.close());

const listSchema = catalogContract.list.responses[200];
const itemSchema = catalogContract.item.responses[200];

/** The answer, read strictly against its schema (the parse throws with the zod issues). */
async function read<T>(client: Client, path: string, schema: { parse: (v: unknown) => T }) {
  const res = await client.get(path);
  expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
  return schema.parse(res.json());
}

/** Every page of a list, each read against the contract. */
async function allPages(client: Client, query: string) {
  const products = [];
  for (let page = 1; ; page++) {
    const body = await read(client, `/products/items?page=${page}${query}`, listSchema);
    products.push(...body.data);
    if (page >= body.meta.last_page) return products;
  }
}

describe('the catalogue answers match the contract, bytes encoded by hand included', () => {
  it('for each member type, in both languages: categories, partners, each category, the selection, each product', async () => {
    // The member with a cart holds an experience, so some answers carry in_cart and the limits.
    const [, holder] = members[2]!;
    const open = (await allPages(holder, '')).find((p) => p.can_order);
    expect(open, 'an experience on sale in the demo data').toBeDefined();
    expect((await holder.post('/sales/cart/add', { product_id: open!.id })).statusCode).toBe(200);

    let checked = 0;
    for (const [who, client] of members) {
      const categories = await read(
        client,
        '/settings/categories/items',
        catalogContract.categories.responses[200],
      );
      expect(categories.data.length, who).toBeGreaterThan(0);
      await read(client, '/settings/partners/items', contentContract.partners.responses[200]);

      const all = await allPages(client, '');
      expect(all.length).toBeGreaterThan(12);
      for (const category of categories.data) {
        const inCategory = await allPages(client, `&where[category_id]=${category.id}`);
        for (const p of inCategory) expect(p.category.id).toBe(category.id);
      }
      await allPages(client, '&where[for_user]=true');
      await allPages(client, '&where[for_user]=0');

      for (const p of all) {
        const byId = await read(client, `/products/item/${p.id}`, itemSchema);
        const byAlias = await read(client, `/products/item/${p.alias}`, itemSchema);
        expect(byAlias.data).toEqual(byId.data);
        checked++;
      }
      if (who === 'customer with a cart')
        expect(all.find((p) => p.id === open!.id)).toMatchObject({ in_cart: true, can_order: false });
      if (who === 'dealer') expect(all.every((p) => !p.can_order && !p.can_set_notification)).toBe(true);
    }
    expect(checked).toBeGreaterThan(members.length * 12);
  });

  it('anonymous callers get the error envelope (401), also read against its schema', async () => {
    const anonymous = new Client(t.app);
    for (const path of [
      '/products/items',
      '/products/items?where[for_user]=true',
      '/products/item/1',
      '/settings/categories/items',
      '/settings/partners/items',
    ]) {
      const res = await anonymous.get(path);
      expect(res.statusCode, path).toBe(401);
      expect(ZErrorEnvelope.parse(res.json()).code).toBe('UNAUTHENTICATED');
    }
  });

  it('a strict reading refuses a product with a field the contract does not declare', () => {
    // The check above cannot pass vacuously: the schema is strict.
    const body = { success: true, data: [], meta: { current_page: 1, last_page: 1, per_page: 12, total: 0 } };
    expect(listSchema.safeParse(body).success).toBe(true);
    expect(listSchema.safeParse({ ...body, extra: 1 }).success).toBe(false);
  });
});
