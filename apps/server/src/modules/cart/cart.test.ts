import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { cartItems } from '../../db/schema';
import { createMember, createTestProduct, daysFromNow, memberApi } from '../orders/test-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const newMember = async (language: 'pl' | 'en' = 'pl') => {
  const member = await createMember(t.app.db, { language });
  return { member, api: memberApi(t.app, member) };
};

describe('cart: access', () => {
  const calls: [string, string][] = [
    ['GET', '/sales/cart/items'],
    ['POST', '/sales/cart/add'],
    ['POST', '/sales/cart/update/1'],
    ['POST', '/sales/cart/remove/1'],
    ['DELETE', '/sales/cart/remove/1'],
    ['POST', '/sales/cart/check-discount-code'],
    ['POST', '/sales/cart/order'],
    ['GET', '/sales/orders/items'],
    ['GET', '/sales/orders/item/1'],
  ];

  it('answers 401 without a session', async () => {
    for (const [method, url] of calls) {
      const res = await t.app.inject({
        method: method as 'GET',
        url: `/panel/api/v1${url}`,
        payload: method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('answers 403 to a dealer on every cart and order call', async () => {
    const dealer = memberApi(t.app, await createMember(t.app.db, { type: 'DEALER' }));
    for (const [method, url] of calls) {
      const res =
        method === 'GET'
          ? await dealer.get(url)
          : method === 'DELETE'
            ? await dealer.delete(url)
            : await dealer.post(url, {});
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
  });

  it('answers 403 to a change without the CSRF header', async () => {
    const { api } = await newMember();
    const { product } = await createTestProduct(t.app.db);
    for (const url of [
      '/sales/cart/add',
      '/sales/cart/update/1',
      '/sales/cart/remove/1',
      '/sales/cart/check-discount-code',
      '/sales/cart/order',
    ]) {
      const res = await api.post(url, { product_id: product.id }, { csrf: false });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('CSRF');
    }
  });
});

describe('cart: add, list, remove', () => {
  it('holds several experiences at once, one line each', async () => {
    const { api } = await newMember();
    const first = await createTestProduct(t.app.db);
    const second = await createTestProduct(t.app.db);
    expect((await api.post('/sales/cart/add', { product_id: first.product.id })).statusCode).toBe(200);
    expect((await api.post('/sales/cart/add', { product_id: second.product.id })).statusCode).toBe(200);
    const items = (await api.get('/sales/cart/items')).json().data as { product: { id: number } }[];
    expect(items.map((i) => i.product.id).sort((a, b) => a - b)).toEqual(
      [first.product.id, second.product.id].sort((a, b) => a - b),
    );
  });

  it('adds an experience once and lists it with its rules', async () => {
    const { api } = await newMember();
    const { product, terms } = await createTestProduct(t.app.db, {
      terms: 1,
      cartLabelPl: 'Rozmiar kombinezonu',
    });
    expect((await api.get('/sales/cart/items')).json().data).toEqual([]);
    const add = await api.post('/sales/cart/add', { product_id: product.id });
    expect(add.statusCode).toBe(200);
    const again = await api.post('/sales/cart/add', { product_id: product.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_IN_CART');
    const items = (await api.get('/sales/cart/items')).json().data;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      quantity: 1,
      is_filled: false,
      persons: [],
      product: {
        id: product.id,
        price: 1500,
        limit: 2,
        overall_limit: 20,
        can_order: true,
        cart_label: 'Rozmiar kombinezonu',
        terms: [
          { id: terms[0]!.id, name: 'Regulamin 1', file_url: '/panel/media/terms-1.pdf', selected: false },
        ],
      },
    });
  });

  it('refuses unknown, hidden, past and sold-out experiences and bad input', async () => {
    const { api } = await newMember();
    expect((await api.post('/sales/cart/add', { product_id: 99_999_999 })).statusCode).toBe(404);
    const hidden = await createTestProduct(t.app.db, { published: 0 });
    expect((await api.post('/sales/cart/add', { product_id: hidden.product.id })).statusCode).toBe(404);
    const past = await createTestProduct(t.app.db, { startDate: daysFromNow(-3) });
    expect((await api.post('/sales/cart/add', { product_id: past.product.id })).json().code).toBe(
      'PRODUCT_UNAVAILABLE',
    );
    const soldOut = await createTestProduct(t.app.db, { totalSeats: 5, seatsTaken: 5 });
    const res = await api.post('/sales/cart/add', { product_id: soldOut.product.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Tego doświadczenia nie można teraz zamówić.');
    const bad = await api.post('/sales/cart/add', { product_id: 'abc' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.product_id).toBeDefined();
    expect((await api.post('/sales/cart/add', {})).statusCode).toBe(422);
  });

  it('removes an item (POST or DELETE), only the member’s own', async () => {
    const { api } = await newMember();
    const other = await newMember();
    const { product } = await createTestProduct(t.app.db);
    const id = (await api.post('/sales/cart/add', { product_id: product.id })).json().data.id;
    expect((await other.api.post(`/sales/cart/remove/${id}`)).statusCode).toBe(404);
    expect((await api.post(`/sales/cart/remove/${id}`)).statusCode).toBe(200);
    expect((await api.get('/sales/cart/items')).json().data).toEqual([]);
    expect((await api.delete(`/sales/cart/remove/${id}`)).statusCode).toBe(404);
    expect((await api.post('/sales/cart/remove/abc')).statusCode).toBe(422);
  });
});

describe('cart: item data (SPEC.md §5)', () => {
  const setup = async (language: 'pl' | 'en' = 'pl', values = {}) => {
    const m = await newMember(language);
    const { product, terms } = await createTestProduct(t.app.db, { terms: 2, ...values });
    const id = (await m.api.post('/sales/cart/add', { product_id: product.id })).json().data.id as number;
    return { ...m, product, terms, id };
  };

  it('checks the quantity: a number, an integer, 1 to min(limit, seats left)', async () => {
    const { api, id, terms } = await setup('en', { totalSeats: 10, seatsTaken: 9 });
    const allTerms = terms.map((x) => ({ term_id: x.id, value: 1 }));
    const notNumber = await api.post(`/sales/cart/update/${id}`, { quantity: 'abc', terms: allTerms });
    expect(notNumber.statusCode).toBe(422);
    expect(notNumber.json().errors.quantity).toEqual(['Enter a whole number, e.g. 2.']);
    const fraction = await api.post(`/sales/cart/update/${id}`, { quantity: 1.5, terms: allTerms });
    expect(fraction.json().errors.quantity).toEqual(['The value must be a whole number.']);
    const zero = await api.post(`/sales/cart/update/${id}`, { quantity: 0, terms: allTerms });
    expect(zero.json().errors.quantity).toEqual(['The smallest allowed value is 1.']);
    const tooMany = await api.post(`/sales/cart/update/${id}`, {
      quantity: 2,
      persons: [{ name: 'Anna', surname: 'Nowak' }],
      terms: allTerms,
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.quantity).toEqual(['The largest allowed value is 1.']);
    const missing = await api.post(`/sales/cart/update/${id}`, { terms: allTerms });
    expect(missing.json().errors.quantity).toEqual(['This field is required.']);
  });

  it('needs a name and surname per accompanying person and every term ticked', async () => {
    const { api, id, terms } = await setup();
    const res = await api.post(`/sales/cart/update/${id}`, {
      quantity: 2,
      persons: [{ name: 'Anna', surname: '' }],
      terms: [{ term_id: terms[0]!.id, value: true }],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'persons.0.surname': ['To pole jest wymagane.'],
      'terms.1.value': ['Ta zgoda jest wymagana.'],
    });
    const stored = (await api.get('/sales/cart/items')).json().data[0];
    expect(stored).toMatchObject({ quantity: 1, is_filled: false });
  });

  it('saves a complete item and reports it filled; quantity above the member limit is refused', async () => {
    const { api, id, terms } = await setup();
    const allTerms = terms.map((x) => ({ term_id: x.id, value: 1 }));
    const over = await api.post(`/sales/cart/update/${id}`, {
      quantity: 3,
      persons: [
        { name: 'A', surname: 'B' },
        { name: 'C', surname: 'D' },
      ],
      terms: allTerms,
    });
    expect(over.json().errors.quantity).toEqual(['Największa dozwolona wartość to 2.']);
    const ok = await api.post(`/sales/cart/update/${id}`, {
      quantity: 2,
      cart_label_answer: ' XL ',
      persons: [
        { name: 'Anna', surname: 'Kowalska' },
        { name: 'Extra', surname: 'Dropped' },
      ],
      terms: [...allTerms, { term_id: 999_999, value: 1 }],
    });
    expect(ok.statusCode).toBe(200);
    const item = (await api.get('/sales/cart/items')).json().data[0];
    expect(item).toMatchObject({
      quantity: 2,
      is_filled: true,
      cart_label_answer: 'XL',
      persons: [{ name: 'Anna', surname: 'Kowalska' }],
      terms: terms.map((x) => ({ term_id: x.id, value: true })),
    });
    expect(item.product.terms.every((x: { selected: boolean }) => x.selected)).toBe(true);
  });

  it('refuses another member’s item and malformed bodies without a 500', async () => {
    const { id } = await setup();
    const other = await newMember();
    expect((await other.api.post(`/sales/cart/update/${id}`, { quantity: 1 })).statusCode).toBe(404);
    for (const body of [
      { quantity: 1, persons: 'x' },
      { quantity: 1, terms: [{ term_id: 'x', value: 1 }] },
      { quantity: 1, terms: [{ term_id: 1, value: 'maybe' }] },
      { quantity: 1, cart_label_answer: 'x'.repeat(600) },
      { quantity: 1e12 },
    ]) {
      const res = await other.api.post(`/sales/cart/update/${id}`, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(422);
    }
  });

  it('marks a stored item unfilled when seats run short after it was saved', async () => {
    const { api, id, product, terms } = await setup('pl', { totalSeats: 10 });
    await api.post(`/sales/cart/update/${id}`, {
      quantity: 2,
      persons: [{ name: 'Anna', surname: 'Kowalska' }],
      terms: terms.map((x) => ({ term_id: x.id, value: true })),
    });
    const { products } = await import('../../db/schema');
    await t.app.db.update(products).set({ seatsTaken: 9 }).where(eq(products.id, product.id));
    const item = (await api.get('/sales/cart/items')).json().data[0];
    expect(item).toMatchObject({ is_filled: false, product: { overall_limit: 1 } });
    expect((await t.app.db.select().from(cartItems).where(eq(cartItems.id, id)))[0]!.quantity).toBe(2);
  });
});

describe('cart: discount code', () => {
  it('checks codes: CLUB100 gives 100 zł; inactive and unknown codes say so; empty is invalid', async () => {
    const { api } = await newMember('en');
    const { product } = await createTestProduct(t.app.db);
    await api.post('/sales/cart/add', { product_id: product.id });
    const ok = await api.post('/sales/cart/check-discount-code', { discount_code: 'club100' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toEqual({ discount_amount: 100 });
    for (const code of ['EXPIRED', 'NO-SUCH-CODE']) {
      const res = await api.post('/sales/cart/check-discount-code', { discount_code: code });
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('DISCOUNT_INACTIVE');
      expect(res.json().message).toBe(
        'The provided discount code is inactive. No discount has been applied.',
      );
      expect(res.json().errors.discount_code).toEqual([
        'The provided discount code is inactive. No discount has been applied.',
      ]);
    }
    const empty = await api.post('/sales/cart/check-discount-code', { discount_code: '  ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.discount_code).toEqual(['This field is required.']);
  });

  it('caps the discount at the cart value', async () => {
    const { api } = await newMember();
    const { product } = await createTestProduct(t.app.db, { priceGrosze: 4_000 });
    await api.post('/sales/cart/add', { product_id: product.id });
    expect(
      (await api.post('/sales/cart/check-discount-code', { discount_code: 'CLUB100' })).json().data,
    ).toEqual({ discount_amount: 40 });
  });

  it('is rate-limited against guessing', async () => {
    const { api } = await newMember();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await api.post('/sales/cart/check-discount-code', { discount_code: `GUESS${i}` })).statusCode,
      );
    expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
