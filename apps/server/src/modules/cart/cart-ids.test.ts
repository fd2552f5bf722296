import fc from 'fast-check';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { cartItems } from '../../db/schema';
import { createMember, createTestProduct, type Member, memberApi } from '../orders/test-fixtures';

/**
 * Issue 28, item 3: the add-to-cart check compared the product with the cart line's own id, so a
 * member whose cart line had the id of the product being added (cart line 1 holding product 1 on a
 * fresh demo) could add nothing more. These tests make the ids coincide on purpose: a fresh database
 * without the demo, whose cart lines are numbered from the experiences' first id.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
}, 120_000);
afterAll(() => t?.close());

/** The next cart line gets `id` (the sequence of cart_items.id). */
const nextCartLineId = (id: number) =>
  t.app.db.execute(sql`select setval(pg_get_serial_sequence('cart_items', 'id'), ${id}, false)`);

type Line = { id: number; product: { id: number } };
const cartOf = async (api: ReturnType<typeof memberApi>) =>
  ((await api.get('/sales/cart/items')).json().data as Line[]).map((l) => l.product.id).sort((a, b) => a - b);

describe('cart: ids of lines and experiences that coincide', () => {
  it('adds a second experience while a cart line has the id of the first one', async () => {
    const member = await createMember(t.app.db);
    const api = memberApi(t.app, member);
    const first = (await createTestProduct(t.app.db)).product;
    const second = (await createTestProduct(t.app.db)).product;
    await nextCartLineId(first.id);
    const added = await api.post('/sales/cart/add', { product_id: first.id });
    expect(added.statusCode).toBe(200);
    // The situation of the report: cart line N holds experience N.
    expect(added.json().data.id).toBe(first.id);
    const again = await api.post('/sales/cart/add', { product_id: second.id });
    expect(again.statusCode, JSON.stringify(again.json())).toBe(200);
    expect(await cartOf(api)).toEqual([first.id, second.id].sort((a, b) => a - b));
    // And the experience really in the cart is still refused once.
    expect((await api.post('/sales/cart/add', { product_id: first.id })).json().code).toBe('ALREADY_IN_CART');
  });

  it('answers as a model of the carts does, for random adds and removes of random members', async () => {
    const members: Member[] = [];
    for (let i = 0; i < 3; i++) members.push(await createMember(t.app.db));
    const apis = members.map((m) => memberApi(t.app, m));
    const onSale = [];
    for (let i = 0; i < 5; i++) onSale.push((await createTestProduct(t.app.db)).product.id);
    const soldOut = (await createTestProduct(t.app.db, { totalSeats: 4, seatsTaken: 4 })).product.id;
    const hidden = (await createTestProduct(t.app.db, { published: 0 })).product.id;
    const experiences = [...onSale, soldOut, hidden];
    const lowestId = Math.min(...experiences);

    const action = fc.record({
      add: fc.boolean(),
      member: fc.nat({ max: members.length - 1 }),
      experience: fc.constantFrom(...experiences),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 12 }), async (actions) => {
        // Every run starts with empty carts whose lines are numbered like the experiences.
        await t.app.db.delete(cartItems).where(
          inArray(
            cartItems.userId,
            members.map((m) => m.id),
          ),
        );
        await nextCartLineId(lowestId);
        const model = members.map(() => new Map<number, number>()); // experience → cart line id
        for (const { add, member, experience } of actions) {
          const api = apis[member]!;
          const cart = model[member]!;
          if (add) {
            const res = await api.post('/sales/cart/add', { product_id: experience });
            const expected =
              experience === hidden
                ? [404, 'NOT_FOUND']
                : cart.has(experience)
                  ? [409, 'ALREADY_IN_CART']
                  : experience === soldOut
                    ? [409, 'PRODUCT_UNAVAILABLE']
                    : [200, undefined];
            expect([res.statusCode, res.json().code], `add ${experience} for member ${member}`).toEqual(
              expected,
            );
            if (res.statusCode === 200) cart.set(experience, res.json().data.id as number);
          } else if (cart.has(experience)) {
            const res = await api.post(`/sales/cart/remove/${cart.get(experience)}`);
            expect(res.statusCode, `remove ${experience} for member ${member}`).toBe(200);
            cart.delete(experience);
          }
        }
        for (const [i, api] of apis.entries()) {
          expect(await cartOf(api), `cart of member ${i}`).toEqual(
            [...model[i]!.keys()].sort((a, b) => a - b),
          );
        }
      }),
      { numRuns: 20 },
    );
    // About 150 calls on each database: minutes on a loaded machine, not the default 30 s.
  }, 240_000);
});
