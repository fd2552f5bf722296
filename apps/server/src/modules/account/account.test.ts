import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, createTestUser, signedInAs, type TestApp } from '../../../test/helpers';
import { customerInterests, customers, users } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const freshCustomer = async (language: 'pl' | 'en' = 'pl') => {
  const u = await createTestUser(t.app.db, { type: 'CUSTOMER', language });
  return { ...u, client: await signedInAs(t.app, u.email) };
};
const freshDealer = async () => {
  const u = await createTestUser(t.app.db, { type: 'DEALER' });
  return { ...u, client: await signedInAs(t.app, u.email) };
};

const profile = {
  honorific: 'MRS',
  name: 'Anna',
  surname: 'Zielińska',
  email: 'hacker@example.com',
  phone_prefix: '+48',
  phone: '512345678',
  customer: {
    street: 'Mokotowska',
    building_number: '5',
    flat_number: '',
    post_code: '00-640',
    city: 'Warszawa',
    term_1: 1,
    term_2: 1,
    term_2a: 0,
    term_3: 1,
    term_4_car: 1,
    term_4_email: 0,
    term_4_group: 1,
    term_4_phone: 0,
    term_4_post: 0,
  },
};

const invoice = {
  invoice_company_name: 'Zielińska Design',
  invoice_street: 'Mokotowska',
  invoice_building_number: '5',
  invoice_locale_number: '',
  invoice_post_code: '00-640',
  invoice_city: 'Warszawa',
  tax_number_prefix: 'PL',
  tax_number: '526-025-02-74',
};

describe('GET customers/item and dealers/item', () => {
  it('returns the demo member with club card, consents, interests and invoice data under customer', async () => {
    const c = await signedInAs(t.app, 'customer@example.com');
    const res = await c.get('/customers/item');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      email: 'customer@example.com',
      name: 'Jan',
      surname: 'Kowalski',
      phone: '601234567',
      phone_prefix: '48',
      honorific: 'MR',
      language_id: 1,
      type: 'CUSTOMER',
    });
    expect(data.customer).toMatchObject({
      card_number: 'EC-2025-000142',
      valid_to: '2027-05-14',
      street: 'Aleje Ujazdowskie',
      city: 'Warszawa',
      term_1: true,
      term_4_email: true,
      term_4_car: false,
      interests: [1, 2, 3, 7, 9, 11, 12],
      tax_number_prefix: 'PL',
      tax_number: '5260250274',
    });
    expect(data.customer.created_at).toMatch(/^2025-05-14T/);
    expect(data).not.toHaveProperty('password_hash');
    expect(JSON.stringify(data)).not.toMatch(/passwordHash|calendar/);
  });

  it('returns the dealer with the same fields flat', async () => {
    const c = await signedInAs(t.app, 'dealer@example.com');
    const res = await c.get('/dealers/item');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      email: 'dealer@example.com',
      type: 'DEALER',
      card_number: 'EC-D-000012',
      valid_to: '2027-12-31',
      street: 'Puławska',
      interests: [],
      term_1: false,
      qr_code: 'EC-D-000012',
    });
    expect(data).not.toHaveProperty('customer');
  });

  it('refuses the other role (403) and anonymous callers (401)', async () => {
    const customer = await signedInAs(t.app, 'customer@example.com');
    const dealer = await signedInAs(t.app, 'dealer@example.com');
    expect((await dealer.get('/customers/item')).statusCode).toBe(403);
    expect((await customer.get('/dealers/item')).statusCode).toBe(403);
    const anonymous = new Client(t.app);
    expect((await anonymous.get('/customers/item')).statusCode).toBe(401);
    expect((await anonymous.get('/dealers/item')).statusCode).toBe(401);
  });
});

describe('POST customers/update', () => {
  it('saves the profile: prefix without plus, consents from 0/1, e-mail ignored', async () => {
    const { id, email, client } = await freshCustomer();
    const res = await client.post('/customers/update', profile);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      name: 'Anna',
      surname: 'Zielińska',
      honorific: 'MRS',
      phone: '512345678',
      phone_prefix: '48',
      email,
    });
    expect(data.customer).toMatchObject({
      street: 'Mokotowska',
      flat_number: null,
      term_4_car: true,
      term_4_group: true,
      term_2a: false,
    });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, id));
    expect(row!.email).toBe(email);
    expect(row!.phonePrefix).toBe('48');
  });

  it('never withdraws term_1, term_2, term_2a or term_3 but lets marketing consents go', async () => {
    const { id, client } = await freshCustomer();
    await client.post('/customers/update', { ...profile, customer: { ...profile.customer, term_2a: 1 } });
    const res = await client.post('/customers/update', {
      ...profile,
      customer: {
        ...profile.customer,
        term_1: 0,
        term_2: false,
        term_2a: 0,
        term_3: 0,
        term_4_car: 0,
        term_4_group: false,
      },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.app.db.select().from(customers).where(eq(customers.userId, id));
    expect(row).toMatchObject({
      term1: true,
      term2: true,
      term2a: true,
      term3: true,
      term4Car: false,
      term4Group: false,
    });
  });

  it('records when each consent was given, keeps that time and forgets it when a consent is withdrawn', async () => {
    const { id, client } = await freshCustomer();
    const before = Date.now();
    await client.post('/customers/update', {
      ...profile,
      customer: { ...profile.customer, term_4_email: 1, term_4_car: 1 },
    });
    const first = (await client.get('/customers/item')).json().data.customer.consents_given_at;
    for (const flag of ['term_1', 'term_2', 'term_3', 'term_4_car', 'term_4_email', 'term_4_group']) {
      expect(Date.parse(first[flag]), flag).toBeGreaterThanOrEqual(before - 1000);
    }
    expect(first.term_2a).toBeUndefined();
    expect(first.term_4_phone).toBeUndefined();

    // Saved again later: the consents still given keep their first time; a withdrawn one has none.
    await t.app.db
      .update(customers)
      .set({ consentsGivenAt: { ...first, term_4_email: '2026-03-12T09:00:00.000Z' } })
      .where(eq(customers.userId, id));
    await client.post('/customers/update', {
      ...profile,
      customer: { ...profile.customer, term_4_email: 1, term_4_car: 0 },
    });
    const second = (await client.get('/customers/item')).json().data.customer.consents_given_at;
    expect(second.term_4_email).toBe('2026-03-12T09:00:00.000Z');
    expect(second.term_1).toBe(first.term_1);
    expect(second.term_4_car).toBeUndefined();

    // Any writer is covered (the trigger of migration consent-given-at-trigger), SQL by hand too.
    await t.app.db.update(customers).set({ term4Phone: true }).where(eq(customers.userId, id));
    const [row] = await t.app.db.select().from(customers).where(eq(customers.userId, id));
    expect(Date.parse(row!.consentsGivenAt.term_4_phone ?? '')).toBeGreaterThanOrEqual(before - 1000);
  });

  it.each([
    [{ name: '' }, 'name', 'To pole jest wymagane.'],
    [{ name: 'A' }, 'name', 'Pole musi mieć co najmniej 2 znaki.'],
    [{ surname: undefined }, 'surname', 'To pole jest wymagane.'],
    [{ honorific: 'SIR' }, 'honorific', 'To pole jest wymagane.'],
    [{ phone: '51234567' }, 'phone', 'Wymaganych jest dokładnie 9 cyfr.'],
    [{ phone: '51234567x' }, 'phone', 'Dozwolone są tylko cyfry (0–9).'],
    [{ phone: '' }, 'phone', 'To pole jest wymagane.'],
    [{ phone_prefix: '+4' }, 'phone_prefix', 'Prefiks to znak + i od 2 do 3 cyfr.'],
    [
      { phone_prefix: '44', phone: '12345' },
      'phone',
      'Numer telefonu nie pasuje do wybranego kraju: sprawdź kraj i liczbę cyfr.',
    ],
    [
      { customer: { ...profile.customer, city: 'x'.repeat(81) } },
      'customer.city',
      'Pole może mieć najwyżej 80 znaków.',
    ],
    [
      { customer: { ...profile.customer, term_4_car: 'yes' } },
      'customer.term_4_car',
      'Nieprawidłowa wartość',
    ],
  ])('%o -> 422 on %s', async (patch, field, message) => {
    const { id, client } = await freshCustomer();
    const before = await t.app.db.select().from(users).where(eq(users.id, id));
    const res = await client.post('/customers/update', { ...profile, ...patch });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toContain(message);
    expect(await t.app.db.select().from(users).where(eq(users.id, id))).toEqual(before);
  });

  it('never stores a NUL byte (PostgreSQL text cannot hold one): 422, not 500', async () => {
    const { client } = await freshCustomer();
    const res = await client.post('/customers/update', {
      ...profile,
      name: 'Jan\u0000',
      customer: { ...profile.customer, city: 'W\u0000' },
    });
    expect(res.statusCode).toBe(422);
    const invoiceRes = await client.post('/customers/update-invoice-data', {
      ...invoice,
      tax_number_prefix: 'DE',
      tax_number: '1\u00002',
    });
    expect(invoiceRes.statusCode).toBe(422);
  });

  it('speaks English to an English member', async () => {
    const { client } = await freshCustomer('en');
    const res = await client.post('/customers/update', { ...profile, phone: '51234567' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.phone).toEqual(['Exactly 9 digits are required.']);
  });

  it('rejects a body that is not an object', async () => {
    const { client } = await freshCustomer();
    const res = await client.request('POST', '/customers/update', 'null', {
      headers: { 'content-type': 'application/json' },
    });
    expect([400, 422]).toContain(res.statusCode);
  });

  it('gives 403 to a dealer, 401 without a session, 403 without the CSRF header', async () => {
    const { client: dealer } = await freshDealer();
    expect((await dealer.post('/customers/update', profile)).statusCode).toBe(403);
    expect((await new Client(t.app).post('/customers/update', profile)).statusCode).toBe(401);
    const { id, client } = await freshCustomer();
    const res = await client.post('/customers/update', profile, { csrf: false });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CSRF');
    const [row] = await t.app.db.select().from(users).where(eq(users.id, id));
    expect(row!.name).toBe('Test');
  });
});

describe('POST customers/update-invoice-data', () => {
  it('saves invoice data with a normalised NIP', async () => {
    const { client } = await freshCustomer();
    const res = await client.post('/customers/update-invoice-data', invoice);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.customer).toMatchObject({
      invoice_company_name: 'Zielińska Design',
      invoice_locale_number: null,
      tax_number: '5260250274',
      tax_number_prefix: 'PL',
    });
  });

  it('takes any tax number for another country', async () => {
    const { client } = await freshCustomer();
    const res = await client.post('/customers/update-invoice-data', {
      ...invoice,
      tax_number_prefix: 'DE',
      tax_number: '123456789',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.customer.tax_number).toBe('123456789');
  });

  it.each([
    [
      { tax_number: '5260250275' },
      'tax_number',
      'Nieprawidłowy numer NIP: 10 cyfr z poprawną cyfrą kontrolną, np. 526-025-02-74.',
    ],
    [
      { tax_number: '52602502' },
      'tax_number',
      'Nieprawidłowy numer NIP: 10 cyfr z poprawną cyfrą kontrolną, np. 526-025-02-74.',
    ],
    [{ tax_number: '' }, 'tax_number', 'To pole jest wymagane.'],
    [{ tax_number_prefix: 'ZZ' }, 'tax_number_prefix', 'Nieprawidłowa wartość'],
    [{ invoice_company_name: '' }, 'invoice_company_name', 'To pole jest wymagane.'],
    [{ invoice_street: '' }, 'invoice_street', 'To pole jest wymagane.'],
    [{ invoice_building_number: '' }, 'invoice_building_number', 'To pole jest wymagane.'],
    [{ invoice_post_code: '' }, 'invoice_post_code', 'To pole jest wymagane.'],
    [{ invoice_city: undefined }, 'invoice_city', 'To pole jest wymagane.'],
  ])('%o -> 422 on %s', async (patch, field, message) => {
    const { id, client } = await freshCustomer();
    const res = await client.post('/customers/update-invoice-data', { ...invoice, ...patch });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toContain(message);
    const [row] = await t.app.db.select().from(customers).where(eq(customers.userId, id));
    expect(row!.taxNumber).toBeNull();
  });

  it('is for customers only, with a session and the CSRF header', async () => {
    const { client: dealer } = await freshDealer();
    expect((await dealer.post('/customers/update-invoice-data', invoice)).statusCode).toBe(403);
    expect((await new Client(t.app).post('/customers/update-invoice-data', invoice)).statusCode).toBe(401);
    const { client } = await freshCustomer();
    expect((await client.post('/customers/update-invoice-data', invoice, { csrf: false })).statusCode).toBe(
      403,
    );
  });
});

describe('interests', () => {
  it('lists the twelve interests in the member language', async () => {
    const pl = await signedInAs(t.app, 'customer@example.com');
    const en = await signedInAs(t.app, 'customer.en@example.com');
    const plList = (await pl.get('/settings/interests/items')).json().data;
    const enList = (await en.get('/settings/interests/items')).json().data;
    expect(plList).toHaveLength(12);
    expect(plList.map((i: { id: number }) => i.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(plList[0]).toEqual({ id: 1, name: 'Dni torowe' });
    expect(enList[0]).toEqual({ id: 1, name: 'Track days' });
    const dealer = await signedInAs(t.app, 'dealer@example.com');
    expect((await dealer.get('/settings/interests/items')).statusCode).toBe(200);
    expect((await new Client(t.app).get('/settings/interests/items')).statusCode).toBe(401);
  });

  it('replaces the member interests with at least six distinct ones', async () => {
    const { id, client } = await freshCustomer();
    const res = await client.post('/customers/update-interests', { interests: [2, 4, 6, 8, 10, 12, 12] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.customer.interests).toEqual([2, 4, 6, 8, 10, 12]);
    await client.post('/customers/update-interests', { interests: [1, 2, 3, 4, 5, 6, 7] });
    const rows = await t.app.db.select().from(customerInterests).where(eq(customerInterests.userId, id));
    expect(rows.map((r) => r.interestId).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it.each([
    [{ interests: [1, 2, 3, 4, 5] }, 'Wybierz co najmniej 6 zainteresowań.'],
    [{ interests: [1, 1, 2, 2, 3, 3] }, 'Wybierz co najmniej 6 zainteresowań.'],
    [{ interests: [] }, 'Wybierz co najmniej 6 zainteresowań.'],
    [{ interests: 'all' }, 'Nieprawidłowa wartość'],
    [{}, 'To pole jest wymagane.'],
    [{ interests: [1, 2, 3, 4, 5, 999] }, 'Wybrano nieznane zainteresowanie.'],
    [{ interests: [1, 2, 3, 4, 5, -1] }, null],
  ])('%o -> 422', async (body, message) => {
    const { id, client } = await freshCustomer();
    const res = await client.post('/customers/update-interests', body);
    expect(res.statusCode).toBe(422);
    const errors = Object.values(res.json().errors).flat();
    if (message) expect(errors).toContain(message);
    expect(await t.app.db.select().from(customerInterests).where(eq(customerInterests.userId, id))).toEqual(
      [],
    );
  });

  it('says the minimum in English too', async () => {
    const { client } = await freshCustomer('en');
    const res = await client.post('/customers/update-interests', { interests: [1] });
    expect(res.json().errors.interests).toEqual(['Select at least 6 interests.']);
  });

  it('is for customers only, with a session and the CSRF header', async () => {
    const body = { interests: [1, 2, 3, 4, 5, 6] };
    const { client: dealer } = await freshDealer();
    expect((await dealer.post('/customers/update-interests', body)).statusCode).toBe(403);
    expect((await new Client(t.app).post('/customers/update-interests', body)).statusCode).toBe(401);
    const { client } = await freshCustomer();
    expect((await client.post('/customers/update-interests', body, { csrf: false })).statusCode).toBe(403);
  });
});
