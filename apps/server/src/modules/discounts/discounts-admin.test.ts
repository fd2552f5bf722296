import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, Client, createTestApp, staffClient, type TestApp } from '../../../test/helpers';
import { discountCodes } from '../../db/schema';
import { randomToken } from '../../lib/tokens';
import { createMember, createTestProduct, memberApi } from '../orders/test-fixtures';

let t: TestApp;
let operator: Client;
let operatorEn: Client;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  operator = await staffClient(t.app, 'OPERATOR');
  operatorEn = await staffClient(t.app, 'OPERATOR', { language: 'en' });
});
afterAll(() => t?.close());

const D = '/admin/sales/discounts';
const uniqueCode = (prefix = 'Desk') => `${prefix}${randomToken(6).replace(/[^A-Za-z0-9]/g, '')}`;
const body = (values: Record<string, unknown> = {}) => ({
  code: uniqueCode(),
  kind: 'AMOUNT',
  amount: 50,
  percent: null,
  valid_from: null,
  valid_to: null,
  max_uses: 2,
  per_member_limit: 1,
  product_ids: [],
  member_types: [],
  ...values,
});

describe('discount codes at the desk: access', () => {
  it('refuses anonymous callers (401), members and dealers (403), writes without CSRF (403)', async () => {
    const anonymous = new Client(t.app);
    expect((await anonymous.get(D)).statusCode).toBe(401);
    expect((await anonymous.post(D, body())).statusCode).toBe(401);
    for (const type of ['CUSTOMER', 'DEALER'] as const) {
      const api = memberApi(t.app, await createMember(t.app.db, { type }));
      expect((await api.get(D)).statusCode).toBe(403);
      expect((await api.post(D, body())).statusCode).toBe(403);
      expect((await api.post(`${D}/1/deactivate`, {})).statusCode).toBe(403);
      expect((await api.get(`${D}/1/redemptions`)).statusCode).toBe(403);
    }
    for (const [method, path] of [
      ['POST', D],
      ['PUT', `${D}/1`],
      ['POST', `${D}/1/deactivate`],
    ] as const) {
      const res = await operator.request(method, path, body(), { csrf: false });
      expect(res.statusCode, path).toBe(403);
      expect(res.json().code).toBe('CSRF');
    }
  });
});

describe('discount codes at the desk: create, edit, deactivate', () => {
  it('creates a percentage code limited to experiences and member types, audited; the cart applies it', async () => {
    const { product } = await createTestProduct(t.app.db, { priceGrosze: 40_000 });
    const code = uniqueCode('pct');
    const res = await operator.post(
      D,
      body({
        code,
        kind: 'PERCENT',
        amount: null,
        percent: 25,
        product_ids: [product.id],
        member_types: ['CUSTOMER'],
        valid_from: '2020-01-01',
        valid_to: '2099-12-31',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({
      code: code.toUpperCase(),
      kind: 'PERCENT',
      amount: null,
      percent: 25,
      used: 0,
      is_active: true,
      product_ids: [product.id],
      member_types: ['CUSTOMER'],
    });
    const [audit] = await auditRows(t.app, 'discount_code', created.id);
    expect(audit).toMatchObject({ action: 'create' });

    const member = memberApi(t.app, await createMember(t.app.db));
    await member.post('/sales/cart/add', { product_id: product.id });
    const check = await member.post('/sales/cart/check-discount-code', { discount_code: code.toLowerCase() });
    expect(check.json().data).toEqual({ discount_amount: 100 });
    const placed = (await member.post('/sales/cart/order', { discount_code: code, is_invoice: 0 })).json()
      .data;

    const redemptions = await operator.get(`${D}/${created.id}/redemptions`);
    expect(redemptions.statusCode).toBe(200);
    expect(redemptions.json().data).toEqual([
      expect.objectContaining({
        order_id: placed.order_id,
        discount: 100,
        total: 300,
        status: 'WAITING_PAYMENT',
      }),
    ]);
    expect(redemptions.json().data[0].member.email).toContain('@');
    expect((await operator.get(`${D}/${created.id}`)).json().data.used).toBe(1);
  });

  it('edits a code (audited with before and after) and deactivates it: the cart refuses it then', async () => {
    const { product } = await createTestProduct(t.app.db);
    const created = (await operator.post(D, body())).json().data;
    const edited = await operator.request(
      'PUT',
      `${D}/${created.id}`,
      body({ code: created.code, amount: 75.5 }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ amount: 75.5, kind: 'AMOUNT' });
    const [audit] = await auditRows(t.app, 'discount_code', created.id);
    expect(audit).toMatchObject({ action: 'update' });
    expect((audit!.before as { amount: number }).amount).toBe(50);
    expect((audit!.after as { amount: number }).amount).toBe(75.5);

    const member = memberApi(t.app, await createMember(t.app.db));
    await member.post('/sales/cart/add', { product_id: product.id });
    expect(
      (await member.post('/sales/cart/check-discount-code', { discount_code: created.code })).statusCode,
    ).toBe(200);
    const off = await operator.post(`${D}/${created.id}/deactivate`, {});
    expect(off.statusCode).toBe(200);
    expect(off.json().data.is_active).toBe(false);
    expect((await auditRows(t.app, 'discount_code', created.id))[0]).toMatchObject({ action: 'deactivate' });
    expect(
      (await member.post('/sales/cart/check-discount-code', { discount_code: created.code })).json().code,
    ).toBe('DISCOUNT_INACTIVE');
    expect((await operator.post(`${D}/2147483647/deactivate`, {})).statusCode).toBe(404);
    expect((await operator.request('PUT', `${D}/2147483647`, body())).statusCode).toBe(404);
    expect((await operator.get(`${D}/2147483647/redemptions`)).statusCode).toBe(404);
  });

  it('answers each validation error on its field, in the staff member’s language, and writes nothing', async () => {
    const taken = (await operator.post(D, body())).json().data;
    const cases: [Record<string, unknown>, string, string, string][] = [
      [
        { kind: 'PERCENT', amount: null, percent: 0 },
        'percent',
        'Najmniejsza dozwolona wartość to 1.',
        'The smallest allowed value is 1.',
      ],
      [
        { kind: 'PERCENT', amount: null, percent: 101 },
        'percent',
        'Największa dozwolona wartość to 100.',
        'The largest allowed value is 100.',
      ],
      [
        { kind: 'PERCENT', amount: null, percent: null },
        'percent',
        'To pole jest wymagane.',
        'This field is required.',
      ],
      [
        { amount: 0 },
        'amount',
        'Najmniejsza dozwolona wartość to 0.01.',
        'The smallest allowed value is 0.01.',
      ],
      [
        { amount: -5 },
        'amount',
        'Najmniejsza dozwolona wartość to 0.01.',
        'The smallest allowed value is 0.01.',
      ],
      [
        { valid_from: '2027-05-10', valid_to: '2027-05-09' },
        'valid_to',
        'Koniec nie może być wcześniej niż początek.',
        'The end cannot be before the start.',
      ],
      [
        { code: taken.code.toLowerCase() },
        'code',
        'Taki kod już istnieje (wielkość liter nie ma znaczenia).',
        'This code already exists (case does not matter).',
      ],
      [
        { code: 'zła kod!' },
        'code',
        'Kod: litery bez polskich znaków, cyfry, myślniki i podkreślenia.',
        'Code: Latin letters, digits, hyphens and underscores.',
      ],
    ];
    const before = (await t.app.db.select().from(discountCodes)).length;
    for (const [values, field, pl, en] of cases) {
      const resPl = await operator.post(D, body(values));
      expect(resPl.statusCode, JSON.stringify(values)).toBe(422);
      expect(resPl.json().errors[field], JSON.stringify(values)).toEqual([pl]);
      const resEn = await operatorEn.post(D, body(values));
      expect(resEn.json().errors[field], JSON.stringify(values)).toEqual([en]);
    }
    // Editing another code onto a taken spelling is refused the same way.
    const other = (await operator.post(D, body())).json().data;
    const clash = await operator.request('PUT', `${D}/${other.id}`, body({ code: taken.code.toLowerCase() }));
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors.code).toEqual(['Taki kod już istnieje (wielkość liter nie ma znaczenia).']);
    expect((await t.app.db.select().from(discountCodes)).length).toBe(before + 1);
    for (const bad of [
      { kind: 'HALF' },
      { member_types: ['ADMIN'] },
      { max_uses: 0 },
      { per_member_limit: 1.5 },
    ])
      expect((await operator.post(D, body(bad))).statusCode, JSON.stringify(bad)).toBe(422);
  });
});

describe('discount codes at the desk: the list', () => {
  it('filters by state and text, sorts and pages', async () => {
    const tag = uniqueCode('List');
    const a = (await operator.post(D, body({ code: `${tag}A` }))).json().data;
    const b = (await operator.post(D, body({ code: `${tag}B` }))).json().data;
    const c = (await operator.post(D, body({ code: `${tag}C` }))).json().data;
    await operator.post(`${D}/${b.id}/deactivate`, {});
    const ids = (res: { json(): { data: { id: number }[] } }) => res.json().data.map((r) => r.id);

    const all = await operator.get(`${D}?q=${tag.toLowerCase()}&sort=code&dir=asc`);
    expect(all.statusCode).toBe(200);
    expect(ids(all)).toEqual([a.id, b.id, c.id]);
    expect(all.json().meta).toEqual({ current_page: 1, last_page: 1, per_page: 25, total: 3 });
    expect(ids(await operator.get(`${D}?q=${tag}&active=true&sort=code&dir=desc`))).toEqual([c.id, a.id]);
    expect(ids(await operator.get(`${D}?q=${tag}&active=false`))).toEqual([b.id]);
    const paged = await operator.get(`${D}?q=${tag}&sort=code&dir=asc&per_page=10&page=1`);
    expect(paged.json().meta.total).toBe(3);
    expect(ids(await operator.get(`${D}?q=${tag}&sort=created_at&dir=desc`))).toEqual([c.id, b.id, a.id]);
    for (const bad of ['sort=nope', 'per_page=7', 'active=maybe', 'page=0'])
      expect((await operator.get(`${D}?${bad}`)).statusCode, bad).toBe(422);
  });
});
