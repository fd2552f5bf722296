import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, outbox, sessions, users } from '../../db/schema';
import {
  Client,
  createTestApp,
  createTestUser,
  DEMO_PASSWORD,
  signedInAs,
  type TestApp,
} from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const STRONG = 'Nowe#Haslo2026';

/** A signed-in dealer who has just re-entered the password. */
async function verifiedDealer(email = 'dealer@example.com', password = DEMO_PASSWORD): Promise<Client> {
  const c = await signedInAs(t.app, email, password);
  const res = await c.post('/auth/check-password', { password });
  expect(res.statusCode).toBe(200);
  return c;
}

async function freshDealer(language: 'pl' | 'en' = 'pl') {
  const u = await createTestUser(t.database.db, { type: 'DEALER', language });
  return { ...u, client: await verifiedDealer(u.email, u.password) };
}

async function lastMail(to: string) {
  const [mail] = await t.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.to, to))
    .orderBy(desc(outbox.id))
    .limit(1);
  // As the member's inbox has it (the stored body holds a placeholder for the single-use link).
  return mail && { ...mail, ...t.app.mailer.asSent(mail) };
}

const tokenFrom = (text: string, page: 'agreements' | 'activate') => {
  const match = new RegExp(`/panel/${page}\\?token=([A-Za-z0-9_%-]+)`).exec(text);
  if (!match) throw new Error(`no ${page} link in: ${text}`);
  return decodeURIComponent(match[1]!);
};

const uniqueEmail = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}@example.com`;
const uniqueVin = () => {
  const chars = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
  return `WBA${Array.from({ length: 14 }, () => chars[Math.floor(Math.random() * chars.length)]).join('')}`;
};

const newCustomerBody = (email = uniqueEmail('new')) => ({
  user: { name: 'Adam', surname: 'Nowicki', email, honorific: 'MR', language_id: 1 },
  customer: {
    model: 'X7',
    contract_number: 'UM/1',
    street: 'Długa',
    building_number: '5',
    flat_number: '',
    post_code: '00-001',
    city: 'Warszawa',
  },
});

const existingCustomerBody = (vin = uniqueVin()) => ({
  user: { honorific: '', name: '', surname: '', language_id: 2 },
  customer: { model: 'i7', vehicle_issue: '2025-05-20', vin_number: vin, order_number: 'ZAM-1' },
});

const allTerms = {
  term_1: true,
  term_2: true,
  term_2a: false,
  term_3: true,
  term_4_email: true,
  term_4_post: 0,
  term_4_phone: 1,
  term_4_car: false,
  term_4_group: false,
};

describe('dealers/customers/items', () => {
  it('needs a session, the dealer role and a recent password check', async () => {
    expect((await new Client(t.app).get('/dealers/customers/items')).statusCode).toBe(401);
    const customer = await signedInAs(t.app, 'customer@example.com');
    expect((await customer.get('/dealers/customers/items')).statusCode).toBe(403);
    const dealer = await signedInAs(t.app, 'dealer@example.com');
    const res = await dealer.get('/dealers/customers/items');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('PASSWORD_CHECK_REQUIRED');
    expect(res.json().message).toBe('Potwierdź hasło, aby kontynuować.');
    const wrong = await dealer.post('/auth/check-password', { password: 'nope' });
    expect(wrong.statusCode).toBe(422);
    expect((await dealer.get('/dealers/customers/items')).statusCode).toBe(403);
    await dealer.post('/auth/check-password', { password: DEMO_PASSWORD });
    expect((await dealer.get('/dealers/customers/items')).statusCode).toBe(200);
  });

  it('closes again when the check is older than 15 minutes', async () => {
    const dealer = await verifiedDealer();
    const me = (await dealer.get('/auth/me')).json().data;
    await t.database.db
      .update(sessions)
      .set({ passwordVerifiedAt: new Date(Date.now() - 16 * 60 * 1000) })
      .where(eq(sessions.userId, me.id));
    expect((await dealer.get('/dealers/customers/items')).json().code).toBe('PASSWORD_CHECK_REQUIRED');
    await t.database.db
      .update(sessions)
      .set({ passwordVerifiedAt: new Date(Date.now() - 14 * 60 * 1000) })
      .where(eq(sessions.userId, me.id));
    expect((await dealer.get('/dealers/customers/items')).statusCode).toBe(200);
  });

  it('pages the demo dealer customers, newest first, 10 a page', async () => {
    const dealer = await verifiedDealer();
    const first = (await dealer.get('/dealers/customers/items?page=1')).json();
    expect(first.success).toBe(true);
    expect(first.data).toHaveLength(10);
    expect(first.paginationMetaData).toMatchObject({ current_page: 1, per_page: 10 });
    expect(first.paginationMetaData.total).toBeGreaterThanOrEqual(14);
    const second = (await dealer.get('/dealers/customers/items?page=2')).json();
    expect(second.data.length).toBeGreaterThan(0);
    const ids = [...first.data, ...second.data].map((c: { id: number }) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    const dates = first.data.map((c: { created_at: string }) => c.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    const item = first.data[0];
    expect(Object.keys(item).sort()).toEqual(
      [
        'id',
        'type',
        'status',
        'model',
        'vin_number',
        'order_number',
        'contract_number',
        'vehicle_issue',
        'created_at',
        'user',
        'terms_url',
        'register_url',
        'term_1',
        'term_2',
        'term_2a',
        'term_3',
        'term_4_email',
        'term_4_post',
        'term_4_phone',
        'term_4_car',
        'term_4_group',
      ].sort(),
    );
  });

  it('has demo customers in every status, with the link of the current step', async () => {
    const dealer = await verifiedDealer();
    for (const status of ['WAITING_TERMS', 'WAITING_ORDER_NUMBER', 'WAITING_REGISTRATION', 'REGISTERED']) {
      const res = (await dealer.get(`/dealers/customers/items?where[status]=${status}`)).json();
      expect(res.data.length, status).toBeGreaterThan(0);
      for (const c of res.data) {
        expect(c.status).toBe(status);
        expect(Boolean(c.terms_url)).toBe(status === 'WAITING_TERMS');
        expect(Boolean(c.register_url)).toBe(status === 'WAITING_REGISTRATION');
      }
    }
  });

  it('searches by name, e-mail, order number and VIN, case-insensitively, every word', async () => {
    const dealer = await verifiedDealer();
    const search = async (q: string) =>
      (await dealer.get(`/dealers/customers/items?where[search]=${encodeURIComponent(q)}`)).json().data as {
        user: { surname: string };
      }[];
    expect((await search('lewandowska')).map((c) => c.user.surname)).toEqual(['Lewandowska']);
    expect((await search('Katarzyna LEWAN')).map((c) => c.user.surname)).toEqual(['Lewandowska']);
    expect((await search('zam-74410')).map((c) => c.user.surname)).toEqual(['Jankowska']);
    expect((await search('wbacw8c0')).map((c) => c.user.surname)).toEqual(['Mazur']);
    expect(await search('%')).toEqual([]);
    expect(await search('pending.invalid')).toEqual([]);
    expect(await search('Pawlak')).toEqual([]); // dealer2's customer
  });

  it('combines search and status, and accepts a nested where object', async () => {
    const dealer = await verifiedDealer();
    const res = (
      await dealer.get('/dealers/customers/items?where[search]=example.com&where[status]=REGISTERED')
    ).json();
    expect(res.data.every((c: { status: string }) => c.status === 'REGISTERED')).toBe(true);
    const empty = (await dealer.get('/dealers/customers/items?where[search]=nobody-like-this')).json();
    expect(empty.data).toEqual([]);
    expect(empty.paginationMetaData).toMatchObject({ current_page: 1, last_page: 1, total: 0 });
  });

  it('shows a dealer only his own customers', async () => {
    const dealer2 = await verifiedDealer('dealer2@example.com');
    const res = (await dealer2.get('/dealers/customers/items')).json();
    expect(res.data.map((c: { user: { surname: string } }) => c.user.surname).sort()).toEqual([
      'Michalska',
      'Nowicki',
      'Pawlak',
    ]);
  });

  it('refuses bad filters with 422', async () => {
    const dealer = await verifiedDealer();
    for (const q of ['page=0', 'page=abc', 'where[status]=DELETED', `where[search]=${'x'.repeat(101)}`]) {
      const res = await dealer.get(`/dealers/customers/items?${q}`);
      expect(res.statusCode, q).toBe(422);
      expect(res.json().success).toBe(false);
    }
  });
});

describe('dealers/customers/register/new', () => {
  it('registers a NEW customer, mails the terms link and returns customer_id', async () => {
    const { client } = await freshDealer();
    const body = newCustomerBody();
    const res = await client.post('/dealers/customers/register/new', body);
    expect(res.statusCode).toBe(200);
    const id = res.json().data.customer_id as number;
    expect(id).toBeGreaterThan(0);
    const item = (await client.get(`/dealers/customers/item/${id}`)).json().data;
    expect(item).toMatchObject({
      id,
      type: 'NEW',
      status: 'WAITING_TERMS',
      model: 'X7',
      contract_number: 'UM/1',
      order_number: null,
      register_url: null,
      term_1: false,
      user: { name: 'Adam', surname: 'Nowicki', email: body.user.email, honorific: 'MR' },
    });
    expect(item.terms_url).toMatch(/^http:\/\/localhost(:\d+)?\/panel\/agreements\?token=/);
    const mail = await lastMail(body.user.email);
    expect(mail?.template).toBe('dealer-invitation');
    expect(mail?.subject).toBe('Excellence Club: zaproszenie do klubu');
    expect(mail?.text).toContain(item.terms_url);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(user).toMatchObject({ passwordHash: null, street: 'Długa', flatNumber: null, languageCode: 'pl' });
  });

  it('refuses an e-mail already in the club, whatever its case', async () => {
    const { client } = await freshDealer();
    for (const email of ['customer@example.com', 'DEALER2@example.com']) {
      const res = await client.post('/dealers/customers/register/new', newCustomerBody(email));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors['user.email']).toEqual(['Ten adres e-mail jest już zarejestrowany w klubie.']);
    }
  });

  it('validates every field, in the dealer language', async () => {
    const { client } = await freshDealer('en');
    const res = await client.post('/dealers/customers/register/new', {
      user: { name: 'A', surname: '', email: 'not-an-email', honorific: 'SIR', language_id: '' },
      customer: { model: 'Z4', post_code: 'x'.repeat(13) },
    });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    expect(errors['user.name']).toEqual(['Must be at least 2 characters long.']);
    expect(errors['user.surname']).toEqual(['This field is required.']);
    expect(errors['user.email']).toEqual(['Enter a valid e-mail address, e.g. name@example.com.']);
    expect(errors['user.honorific']).toHaveLength(1);
    expect(errors['user.language_id']).toEqual(['This field is required.']);
    expect(errors['customer.model']).toHaveLength(1);
    expect(errors['customer.post_code']).toHaveLength(1);
  });

  it('refuses an unknown language', async () => {
    const { client } = await freshDealer();
    const body = newCustomerBody();
    const res = await client.post('/dealers/customers/register/new', {
      ...body,
      user: { ...body.user, language_id: 99 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['user.language_id']).toEqual(['Nieznany język.']);
  });

  it('needs the dealer role and the CSRF header; never a 500 on junk', async () => {
    expect(
      (await new Client(t.app).post('/dealers/customers/register/new', newCustomerBody())).statusCode,
    ).toBe(401);
    const customer = await signedInAs(t.app, 'customer@example.com');
    expect((await customer.post('/dealers/customers/register/new', newCustomerBody())).statusCode).toBe(403);
    const { client } = await freshDealer();
    const noCsrf = await client.post('/dealers/customers/register/new', newCustomerBody(), { csrf: false });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().code).toBe('CSRF');
    for (const junk of [[], 'text', { user: null, customer: 5 }, { user: { name: ['x'] } }]) {
      const res = await client.post('/dealers/customers/register/new', junk);
      expect([400, 415, 422]).toContain(res.statusCode);
    }
  });
});

describe('dealers/customers/register/existing', () => {
  it('registers an EXISTING customer without an e-mail; the dealer copies the terms link', async () => {
    const { client } = await freshDealer();
    const res = await client.post('/dealers/customers/register/existing', existingCustomerBody());
    expect(res.statusCode).toBe(200);
    const item = (await client.get(`/dealers/customers/item/${res.json().data.customer_id}`)).json().data;
    expect(item).toMatchObject({
      type: 'EXISTING',
      status: 'WAITING_TERMS',
      order_number: 'ZAM-1',
      vehicle_issue: '2025-05-20',
    });
    expect(item.user).toMatchObject({ email: null, name: '', honorific: null });
    expect(item.terms_url).toContain('/panel/agreements?token=');
  });

  it('checks the delivery date, VIN, order number and language', async () => {
    const { client } = await freshDealer();
    const bad = async (customer: Record<string, unknown>, user: Record<string, unknown> = {}) => {
      const body = existingCustomerBody();
      const res = await client.post('/dealers/customers/register/existing', {
        user: { ...body.user, ...user },
        customer: { ...body.customer, ...customer },
      });
      expect(res.statusCode).toBe(422);
      return res.json().errors as Record<string, string[]>;
    };
    expect((await bad({ vehicle_issue: '2019-12-31' }))['customer.vehicle_issue']).toEqual([
      'Najwcześniejsza dozwolona data to 01/01/2020.',
    ]);
    expect((await bad({ vehicle_issue: '2024-02-30' }))['customer.vehicle_issue']).toEqual([
      'Podaj prawidłową datę w formacie dd/mm/rrrr.',
    ]);
    expect((await bad({ vehicle_issue: '2099-01-01' }))['customer.vehicle_issue']?.[0]).toMatch(
      /^Najpóźniejsza/,
    );
    expect((await bad({ vehicle_issue: '' }))['customer.vehicle_issue']).toEqual(['To pole jest wymagane.']);
    expect((await bad({ vin_number: 'WBA21EH0X0CK0123' }))['customer.vin_number']?.[0]).toMatch(/^VIN/);
    expect((await bad({ vin_number: 'WBA21EH0X0CK0123O' }))['customer.vin_number']?.[0]).toMatch(/^VIN/);
    expect((await bad({ order_number: '  ' }))['customer.order_number']).toEqual(['To pole jest wymagane.']);
    expect((await bad({}, { language_id: null }))['user.language_id']).toEqual(['To pole jest wymagane.']);
    expect((await bad({}, { name: 'A' }))['user.name']?.[0]).toMatch(/co najmniej 2/);
  });

  it('accepts the earliest date and a lower-case VIN, and refuses the same VIN twice', async () => {
    const { client } = await freshDealer();
    const vin = uniqueVin();
    const body = existingCustomerBody(vin.toLowerCase());
    body.customer.vehicle_issue = '2020-01-01';
    expect((await client.post('/dealers/customers/register/existing', body)).statusCode).toBe(200);
    const again = await client.post('/dealers/customers/register/existing', existingCustomerBody(vin));
    expect(again.statusCode).toBe(422);
    expect(again.json().errors['customer.vin_number']).toEqual([
      'Samochód o tym numerze VIN jest już zarejestrowany w klubie.',
    ]);
  });

  it('needs the dealer role and the CSRF header', async () => {
    const customer = await signedInAs(t.app, 'customer@example.com');
    expect(
      (await customer.post('/dealers/customers/register/existing', existingCustomerBody())).statusCode,
    ).toBe(403);
    const { client } = await freshDealer();
    expect(
      (await client.post('/dealers/customers/register/existing', existingCustomerBody(), { csrf: false }))
        .statusCode,
    ).toBe(403);
  });
});

describe('dealers/customers/item and update', () => {
  it('hides another dealer customers behind 404', async () => {
    const a = await freshDealer();
    const b = await freshDealer();
    const id = (await a.client.post('/dealers/customers/register/new', newCustomerBody())).json().data
      .customer_id;
    expect((await b.client.get(`/dealers/customers/item/${id}`)).statusCode).toBe(404);
    const upd = await b.client.post(`/dealers/customers/update/${id}`, { customer: { order_number: 'X' } });
    expect(upd.statusCode).toBe(404);
    expect((await a.client.get('/dealers/customers/item/999999')).statusCode).toBe(404);
    expect((await a.client.get('/dealers/customers/item/abc')).statusCode).toBe(422);
    expect((await a.client.get('/dealers/customers/item/99999999999')).statusCode).toBe(422);
    const [row] = await t.database.db.select().from(customers).where(eq(customers.userId, id));
    expect(row?.orderNumber).toBeNull();
  });

  it('refuses customers and anonymous callers, and the update without CSRF', async () => {
    const { client } = await freshDealer();
    const id = (await client.post('/dealers/customers/register/new', newCustomerBody())).json().data
      .customer_id;
    const customer = await signedInAs(t.app, 'customer@example.com');
    expect((await customer.get(`/dealers/customers/item/${id}`)).statusCode).toBe(403);
    expect((await new Client(t.app).get(`/dealers/customers/item/${id}`)).statusCode).toBe(401);
    const noCsrf = await client.post(
      `/dealers/customers/update/${id}`,
      { customer: { order_number: 'Z' } },
      { csrf: false },
    );
    expect(noCsrf.statusCode).toBe(403);
  });

  it('validates the order number and delivery date of the update', async () => {
    const { client } = await freshDealer();
    const id = (await client.post('/dealers/customers/register/new', newCustomerBody())).json().data
      .customer_id;
    const res = await client.post(`/dealers/customers/update/${id}`, {
      customer: { order_number: '', vehicle_issue: '2010-01-01' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      'customer.order_number': ['To pole jest wymagane.'],
      'customer.vehicle_issue': ['Najwcześniejsza dozwolona data to 01/01/2020.'],
    });
  });

  it('replaces an expired link when the dealer opens the customer', async () => {
    const { client } = await freshDealer();
    const id = (await client.post('/dealers/customers/register/existing', existingCustomerBody())).json().data
      .customer_id;
    const first = (await client.get(`/dealers/customers/item/${id}`)).json().data.terms_url;
    const { userTokens } = await import('../../db/schema');
    await t.database.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.userId, id));
    const second = (await client.get(`/dealers/customers/item/${id}`)).json().data.terms_url;
    expect(second).toMatch(/agreements\?token=/);
    expect(second).not.toBe(first);
    const old = await new Client(t.app).get(
      `/registration/agreements?token=${encodeURIComponent(tokenFrom(first, 'agreements'))}`,
    );
    expect(old.statusCode).toBe(404);
  });
});

describe('registration lifecycle', () => {
  it('NEW: terms → order number → activation → signs in with a club card', async () => {
    const { client: dealer, id: dealerId } = await freshDealer();
    const email = uniqueEmail('life');
    const id = (await dealer.post('/dealers/customers/register/new', newCustomerBody(email))).json().data
      .customer_id;
    const anon = new Client(t.app);

    const token = tokenFrom((await lastMail(email))!.text, 'agreements');
    const info = await anon.get(`/registration/agreements?token=${encodeURIComponent(token)}`);
    expect(info.statusCode).toBe(200);
    expect(info.json().data).toMatchObject({
      name: 'Adam',
      surname: 'Nowicki',
      needs_email: false,
      needs_name: false,
      dealer_name: 'Test Dealer',
    });

    const missing = await anon.post('/registration/agreements', { token, term_1: true, term_2: false });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toMatchObject({
      term_2: ['Ta zgoda jest wymagana.'],
      term_3: ['Ta zgoda jest wymagana.'],
    });

    const accept = await anon.post('/registration/agreements', { token, ...allTerms });
    expect(accept.statusCode).toBe(200);
    expect(accept.json().data.status).toBe('WAITING_ORDER_NUMBER');
    expect((await lastMail(email))?.template).toBe('agreements-accepted');
    expect((await anon.post('/registration/agreements', { token, ...allTerms })).statusCode).toBe(404);

    let item = (await dealer.get(`/dealers/customers/item/${id}`)).json().data;
    expect(item).toMatchObject({
      status: 'WAITING_ORDER_NUMBER',
      terms_url: null,
      register_url: null,
      term_1: true,
      term_2a: false,
      term_4_phone: true,
      term_4_post: false,
    });

    const upd = await dealer.post(`/dealers/customers/update/${id}`, {
      customer: { order_number: 'ZAM-9001', vehicle_issue: '2026-02-10' },
    });
    expect(upd.statusCode).toBe(200);
    item = (await dealer.get(`/dealers/customers/item/${id}`)).json().data;
    expect(item).toMatchObject({
      status: 'WAITING_REGISTRATION',
      order_number: 'ZAM-9001',
      vehicle_issue: '2026-02-10',
    });
    expect(item.register_url).toContain('/panel/activate?token=');
    const activationMail = await lastMail(email);
    expect(activationMail?.template).toBe('activation-link');
    expect(activationMail?.text).toContain(item.register_url);

    // The customer cannot sign in before activation.
    expect((await new Client(t.app).login(email, STRONG)).statusCode).toBe(401);

    const activation = tokenFrom(activationMail!.text, 'activate');
    const who = await anon.get(`/registration/activate?token=${encodeURIComponent(activation)}`);
    expect(who.json().data).toMatchObject({ email, name: 'Adam' });
    const weak = await anon.post('/registration/activate', {
      token: activation,
      password: 'password',
      password_confirmation: 'password',
    });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors.password[0]).toMatch(/wielką i małą literę/);
    const mismatch = await anon.post('/registration/activate', {
      token: activation,
      password: STRONG,
      password_confirmation: 'x',
    });
    expect(mismatch.json().errors.password_confirmation).toEqual(['Hasła muszą być takie same.']);
    const ok = await anon.post('/registration/activate', {
      token: activation,
      password: STRONG,
      password_confirmation: STRONG,
    });
    expect(ok.statusCode).toBe(200);
    expect(
      (
        await anon.post('/registration/activate', {
          token: activation,
          password: STRONG,
          password_confirmation: STRONG,
        })
      ).statusCode,
    ).toBe(404);

    const [user] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(user?.cardValidTo).toBe('2028-02-10');
    expect(user?.cardNumber).toMatch(/^EC-\d{4}-\d{6}$/);
    expect(user?.calendarToken).toBeTruthy();
    const welcome = await lastMail(email);
    expect(welcome?.template).toBe('welcome');
    expect(welcome?.text).toContain(user!.cardNumber!);
    expect(welcome?.text).toContain('10/02/2028');

    const member = new Client(t.app);
    expect((await member.login(email, STRONG)).statusCode).toBe(200);
    const me = (await member.get('/auth/me')).json().data;
    expect(me).toMatchObject({ type: 'CUSTOMER', email });
    expect(me.calendar2024_token).toBeTruthy();
    item = (await dealer.get(`/dealers/customers/item/${id}`)).json().data;
    expect(item).toMatchObject({ status: 'REGISTERED', register_url: null });
    const [row] = await t.database.db
      .select()
      .from(customers)
      .where(and(eq(customers.userId, id), eq(customers.dealerId, dealerId)));
    expect(row?.status).toBe('REGISTERED');
  });

  it('NEW: an order number entered before the terms sends the customer straight to activation', async () => {
    const { client: dealer } = await freshDealer();
    const email = uniqueEmail('early');
    const id = (await dealer.post('/dealers/customers/register/new', newCustomerBody(email))).json().data
      .customer_id;
    await dealer.post(`/dealers/customers/update/${id}`, {
      customer: { order_number: 'ZAM-1', vehicle_issue: '' },
    });
    expect((await dealer.get(`/dealers/customers/item/${id}`)).json().data.status).toBe('WAITING_TERMS');
    const token = tokenFrom((await lastMail(email))!.text, 'agreements');
    const accept = await new Client(t.app).post('/registration/agreements', { token, ...allTerms });
    expect(accept.json().data.status).toBe('WAITING_REGISTRATION');
    expect((await lastMail(email))?.template).toBe('activation-link');
  });

  it('EXISTING: the customer gives e-mail and name with the consents, then activates (valid two years from delivery)', async () => {
    const { client: dealer } = await freshDealer();
    const id = (await dealer.post('/dealers/customers/register/existing', existingCustomerBody())).json().data
      .customer_id;
    const termsUrl = (await dealer.get(`/dealers/customers/item/${id}`)).json().data.terms_url as string;
    const token = tokenFrom(termsUrl, 'agreements');
    const anon = new Client(t.app);
    const info = (await anon.get(`/registration/agreements?token=${encodeURIComponent(token)}`)).json().data;
    expect(info).toMatchObject({ needs_email: true, needs_name: true, language_code: 'en' });

    const noEmail = await anon.post(
      '/registration/agreements',
      { token, ...allTerms },
      { headers: { 'accept-language': 'en' } },
    );
    expect(noEmail.statusCode).toBe(422);
    expect(noEmail.json().errors.email).toEqual(['This field is required.']);
    const taken = await anon.post('/registration/agreements', {
      token,
      ...allTerms,
      email: 'Customer@Example.com',
      name: 'Zofia',
      surname: 'Wrona',
    });
    expect(taken.json().errors.email).toEqual(['Ten adres e-mail jest już zarejestrowany w klubie.']);
    const noName = await anon.post('/registration/agreements', {
      token,
      ...allTerms,
      email: uniqueEmail('x'),
    });
    expect(noName.json().errors.name).toEqual(['To pole jest wymagane.']);

    const email = uniqueEmail('existing');
    const accept = await anon.post('/registration/agreements', {
      token,
      ...allTerms,
      email,
      name: 'Zofia',
      surname: 'Wrona',
    });
    expect(accept.statusCode).toBe(200);
    expect(accept.json().data.status).toBe('WAITING_REGISTRATION');
    const mail = await lastMail(email);
    expect(mail?.template).toBe('activation-link');
    expect(mail?.subject).toBe('Excellence Club: activate your account');

    const item = (await dealer.get(`/dealers/customers/item/${id}`)).json().data;
    expect(item.user).toMatchObject({ email, name: 'Zofia', surname: 'Wrona' });
    const activation = tokenFrom(mail!.text, 'activate');
    expect(item.register_url).toContain(encodeURIComponent(activation));
    const ok = await anon.post('/registration/activate', {
      token: activation,
      password: STRONG,
      password_confirmation: STRONG,
    });
    expect(ok.statusCode).toBe(200);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(user?.cardValidTo).toBe('2027-05-20');
    expect((await new Client(t.app).login(email, STRONG)).statusCode).toBe(200);
  });

  it('answers unknown, malformed or missing tokens clearly, never with a 500', async () => {
    const anon = new Client(t.app);
    for (const path of ['/registration/agreements?token=nope', '/registration/activate?token=nope']) {
      const res = await anon.get(path);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'LINK_INVALID',
        message: 'Ten link wygasł lub został już wykorzystany.',
      });
    }
    expect((await anon.get('/registration/agreements')).statusCode).toBe(422);
    expect((await anon.get(`/registration/activate?token=${'x'.repeat(300)}`)).statusCode).toBe(422);
    expect((await anon.post('/registration/agreements', { token: 'nope', ...allTerms })).statusCode).toBe(
      404,
    );
    expect(
      (
        await anon.post('/registration/activate', {
          token: 'nope',
          password: STRONG,
          password_confirmation: STRONG,
        })
      ).statusCode,
    ).toBe(404);
    expect((await anon.post('/registration/activate', [])).statusCode).toBe(422);
    // An activation token does not open the agreements step, and the other way round.
    const { client: dealer } = await freshDealer();
    const id = (await dealer.post('/dealers/customers/register/existing', existingCustomerBody())).json().data
      .customer_id;
    const token = tokenFrom(
      (await dealer.get(`/dealers/customers/item/${id}`)).json().data.terms_url,
      'agreements',
    );
    expect((await anon.get(`/registration/activate?token=${encodeURIComponent(token)}`)).statusCode).toBe(
      404,
    );
  });

  it('lets a browser with another session open the public steps (they never act on its authority)', async () => {
    const signedIn = await signedInAs(t.app, 'customer@example.com');
    const res = await signedIn.post(
      '/registration/agreements',
      { token: 'nope', ...allTerms },
      { csrf: false },
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('LINK_INVALID');
  });
});
