import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteInfo } from '../../src/app';
import { validProductBody } from '../../src/modules/catalog/admin-test-fixtures';
import { type Client, skipIfNoDatabase } from '../helpers';
import {
  API,
  bonusBody,
  createWorld,
  existingCustomerBody,
  invoiceBody,
  isEnvelope,
  newCustomerBody,
  profileBody,
  type World,
  watchWrites,
} from './world';

/**
 * Every body a route reads, fuzzed with fast-check (DESIGN.md §4: bad input never yields a 500, never
 * changes stored data, and is answered with the error envelope). Each case is either a valid body with
 * one to three fields replaced, removed or added, or any JSON value at all. After each refusal no
 * table may have seen a row written (world.ts `watchWrites`); a success moves the baseline.
 *
 * A failing case ends the property at once, with its body (no shrinking: each case is a real request
 * and a real database, and shrinking a JSON value can take thousands of them).
 *
 * A route that declares a body schema (or reads its body) without an entry here fails the suite.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);

type Target = {
  who: 'anonymous' | 'customer' | 'dealer' | 'operator' | 'admin';
  url?: string;
  body: Record<string, unknown>;
};

const faqQuestion = () => ({
  category_id: 1,
  question_pl: 'Czy?',
  question_en: 'Is it?',
  answer_pl: '<p>Tak.</p>',
  answer_en: '<p>Yes.</p>',
});
const gallery = () => ({ name_pl: 'Tor', name_en: 'Track', date: '2026-05-01' });

const TARGETS: Record<string, (w: World) => Target> = {
  'POST /panel/api/v1/auth/login': (w) => ({
    who: 'anonymous',
    body: { email: w.accounts.otherCustomer.email, password: 'Wrong#Password1' },
  }),
  // A wrong current password: a fuzzed success would end the suite's own session.
  'POST /panel/api/v1/auth/change-password': () => ({
    who: 'customer',
    body: {
      current_password: 'Not#ThePassword1',
      password: 'New#Passw0rd',
      password_confirmation: 'New#Passw0rd',
    },
  }),
  'POST /panel/api/v1/auth/check-password': (w) => ({
    who: 'dealer',
    body: { password: w.accounts.dealer.password },
  }),
  'POST /panel/api/v1/auth/forgot-password': (w) => ({
    who: 'anonymous',
    body: { email: w.accounts.otherDealer.email },
  }),
  'POST /panel/api/v1/auth/second-factor': () => ({
    who: 'anonymous',
    body: { challenge: 'x'.repeat(40), code: '123456' },
  }),
  'POST /panel/api/v1/auth/second-factor/enrolment': () => ({
    who: 'anonymous',
    body: { challenge: 'x'.repeat(40) },
  }),
  'POST /panel/api/v1/auth/second-factor/enrol': () => ({
    who: 'anonymous',
    body: { challenge: 'x'.repeat(40), code: '123456' },
  }),
  'POST /panel/api/v1/staff/invite': () => ({
    who: 'admin',
    body: {
      email: 'fuzz-invite@example.com',
      name: 'Ewa',
      surname: 'Nowa',
      type: 'OPERATOR',
      language: 'pl',
    },
  }),
  'POST /panel/api/v1/staff/item/:id/role': (w) => ({
    who: 'admin',
    url: `/staff/item/${w.ids.staffColleague}/role`,
    body: { type: 'OPERATOR' },
  }),
  'POST /panel/api/v1/staff/invitation/accept': () => ({
    who: 'anonymous',
    body: { token: 'x'.repeat(40), password: 'New#Passw0rd', password_confirmation: 'New#Passw0rd' },
  }),
  'POST /panel/api/v1/auth/reset-password': () => ({
    who: 'anonymous',
    body: { token: 'x'.repeat(40), password: 'New#Passw0rd', password_confirmation: 'New#Passw0rd' },
  }),
  'POST /panel/api/v1/customers/update': () => ({ who: 'customer', body: profileBody }),
  'POST /panel/api/v1/customers/update-invoice-data': () => ({ who: 'customer', body: invoiceBody }),
  'POST /panel/api/v1/customers/update-interests': () => ({
    who: 'customer',
    body: { interests: [1, 3, 5, 7, 9, 11] },
  }),
  'POST /panel/api/v1/dealers/customers/register/new': (w) => ({
    who: 'dealer',
    body: newCustomerBody(w.ids.languagePl),
  }),
  'POST /panel/api/v1/dealers/customers/register/existing': (w) => ({
    who: 'dealer',
    body: existingCustomerBody(w.ids.languagePl),
  }),
  'POST /panel/api/v1/dealers/customers/update/:id': (w) => ({
    who: 'dealer',
    url: `/dealers/customers/update/${w.ids.dealerCustomer}`,
    body: { customer: { order_number: 'ZAM-77', vehicle_issue: '2025-06-01' } },
  }),
  'POST /panel/api/v1/registration/agreements': () => ({
    who: 'anonymous',
    body: {
      token: 'x'.repeat(40),
      email: 'a@example.com',
      name: 'Ala',
      surname: 'Nowak',
      term_1: true,
      term_2: true,
      term_3: true,
    },
  }),
  'POST /panel/api/v1/registration/activate': () => ({
    who: 'anonymous',
    body: { token: 'x'.repeat(40), password: 'New#Passw0rd', password_confirmation: 'New#Passw0rd' },
  }),
  'POST /panel/api/v1/bonus/store': () => ({ who: 'dealer', body: bonusBody }),
  'POST /panel/api/v1/sales/cart/add': (w) => ({ who: 'customer', body: { product_id: w.ids.product } }),
  'POST /panel/api/v1/sales/cart/update/:id': (w) => ({
    who: 'customer',
    url: `/sales/cart/update/${w.ids.cartItem}`,
    body: { quantity: 2, cart_label_answer: 'Ala', persons: [{ name: 'Jan', surname: 'Nowak' }], terms: [] },
  }),
  'POST /panel/api/v1/sales/cart/check-discount-code': () => ({
    who: 'customer',
    body: { discount_code: 'CLUB100' },
  }),
  'POST /panel/api/v1/sales/cart/order': () => ({
    who: 'customer',
    body: { discount_code: 'CLUB100', is_invoice: 1 },
  }),
  // The sales desk: actions on an order that does not exist, so a valid body is a 404 and a mutated
  // one a 422; nothing is paid, cancelled or refunded.
  // An id no account has: a fuzzed success is a 404, never an erasure.
  'POST /panel/api/v1/admin/members/item/:id/remove': () => ({
    who: 'admin',
    url: '/admin/members/item/2147483647/remove',
    body: { request: 'RODO/2026/001' },
  }),
  'POST /panel/api/v1/admin/members/item/:id/export': () => ({
    who: 'operator',
    url: '/admin/members/item/2147483647/export',
    body: { request: 'RODO/2026/001' },
  }),
  'POST /panel/api/v1/admin/sales/orders/:id/mark-paid': () => ({
    who: 'operator',
    url: '/admin/sales/orders/2147483647/mark-paid',
    body: { reference: 'PRZELEW 1' },
  }),
  'POST /panel/api/v1/admin/sales/orders/:id/cancel': () => ({
    who: 'admin',
    url: '/admin/sales/orders/2147483647/cancel',
    body: { reason: 'Prośba' },
  }),
  'POST /panel/api/v1/admin/sales/orders/:id/refund': () => ({
    who: 'operator',
    url: '/admin/sales/orders/2147483647/refund',
    body: { amount: 10.5 },
  }),
  // Mail to the people who come: an experience that does not exist, so a valid body is a 404.
  'POST /panel/api/v1/admin/event-mail/preview': () => ({
    who: 'operator',
    url: '/admin/event-mail/preview',
    body: {
      product_id: 2147483647,
      audience: 'ALL',
      subject_pl: 'Plan dnia',
      subject_en: 'The plan',
      body_pl: 'Zbiórka o 9:30.',
      body_en: 'We meet at 9:30.',
    },
  }),
  'POST /panel/api/v1/admin/event-mail/send': () => ({
    who: 'operator',
    url: '/admin/event-mail/send',
    body: {
      product_id: 2147483647,
      audience: 'NOT_CHECKED_IN',
      subject_pl: 'Plan dnia',
      subject_en: 'The plan',
      body_pl: 'Zbiórka o 9:30.',
      body_en: 'We meet at 9:30.',
      key: '6f1c1b3e-2f44-4a55-9d8e-0b7a2c3d4e5f',
    },
  }),
  // The gate (modules/event-day): a list that does not exist, so a valid body is a 404, a mutated
  // one a 422, and nobody is let in.
  'POST /panel/api/v1/admin/check-in/lists/:id/scan': () => ({
    who: 'operator',
    url: '/admin/check-in/lists/2147483647/scan',
    body: { code: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', gate: 'Brama 1' },
  }),
  'POST /panel/api/v1/admin/check-in/lists/:id/check-in': () => ({
    who: 'operator',
    url: '/admin/check-in/lists/2147483647/check-in',
    body: { ticket_id: 1, gate: 'Brama 1' },
  }),
  'POST /panel/api/v1/admin/check-in/lists/:id/override': () => ({
    who: 'admin',
    url: '/admin/check-in/lists/2147483647/override',
    body: { ticket_id: 1, gate: null, reason: 'Lista gości' },
  }),
  'POST /panel/api/v1/admin/check-in/lists/:id/check-out': () => ({
    who: 'operator',
    url: '/admin/check-in/lists/2147483647/check-out',
    body: { ticket_id: 1 },
  }),
  'POST /panel/api/v1/admin/check-in/experiences/:id/lists': () => ({
    who: 'operator',
    url: '/admin/check-in/experiences/2147483647/lists',
    body: { name: 'Padok', allows_check_out: true },
  }),
  'PATCH /panel/api/v1/admin/check-in/lists/:id': () => ({
    who: 'operator',
    url: '/admin/check-in/lists/2147483647',
    body: { name: 'Padok', allows_check_out: false },
  }),
  // The offline gate: a list that does not exist, so nobody is let in.
  'POST /panel/api/v1/admin/check-in/lists/:id/sync': () => ({
    who: 'operator',
    url: '/admin/check-in/lists/2147483647/sync',
    body: {
      device: 'fuzz-device-1',
      scans: [{ id: 'fuzz-scan-1', ticket_id: 1, at: '2026-11-28T18:42:00.000Z', gate: 'Brama 1' }],
    },
  }),
  'POST /panel/api/v1/admin/check-in/lists/:id/conflicts/:conflict/review': () => ({
    who: 'operator',
    url: '/admin/check-in/lists/2147483647/conflicts/1/review',
    body: { device: 'fuzz-device-1' },
  }),
  // Discount codes at the desk: a valid code (a success creates it; a second one with the same code is
  // refused as taken), and edits of a code that does not exist (404 after validation).
  'POST /panel/api/v1/admin/sales/discounts': () => ({
    who: 'operator',
    body: {
      code: `FUZZ${Date.now()}`,
      kind: 'PERCENT',
      amount: null,
      percent: 10,
      valid_from: '2027-01-01',
      valid_to: '2027-12-31',
      max_uses: 5,
      per_member_limit: 1,
      product_ids: [],
      member_types: ['CUSTOMER'],
    },
  }),
  'PUT /panel/api/v1/admin/sales/discounts/:id': () => ({
    who: 'operator',
    url: '/admin/sales/discounts/2147483647',
    body: {
      code: 'FUZZEDIT',
      kind: 'AMOUNT',
      amount: 25.5,
      percent: null,
      valid_from: null,
      valid_to: null,
      max_uses: null,
      per_member_limit: 2,
      product_ids: [1],
      member_types: [],
    },
  }),
  // The console's experiences: a valid form (a success creates a hidden draft), and saves on a version
  // that is never current, so a mutated body is refused by validation or as stale, never a 500.
  // A correction of an order without an invoice: refused (409) whatever the amount, never a 500.
  'POST /panel/api/v1/admin/invoices/orders/:id/correct': (w) => ({
    who: 'operator',
    url: `/admin/invoices/orders/${w.ids.order}/correct`,
    body: { amount: 10, reason: 'zwrot' },
  }),
  // A KSeF resend of an invoice that does not exist: a valid buyer is a 404, a mutated one a 422.
  'POST /panel/api/v1/admin/invoices/item/:id/ksef/resend': () => ({
    who: 'operator',
    url: '/admin/invoices/item/2147483647/ksef/resend',
    body: {
      buyer: {
        name: 'Nowak S.A.',
        tax_prefix: 'PL',
        tax_number: '5260250274',
        address_1: 'ul. Nowa 1',
        address_2: '00-001 Warszawa',
      },
    },
  }),
  'POST /panel/api/v1/admin/catalog/products': () => ({
    who: 'operator',
    body: validProductBody({ alias: null }),
  }),
  'PUT /panel/api/v1/admin/catalog/products/:id': (w) => ({
    who: 'operator',
    url: `/admin/catalog/products/${w.ids.product}`,
    body: { version: 999_999, product: validProductBody() },
  }),
  'POST /panel/api/v1/admin/catalog/products/:id/publish': (w) => ({
    who: 'operator',
    url: `/admin/catalog/products/${w.ids.product}/publish`,
    body: { version: 999_999, mode: 'on_sale' },
  }),
  'POST /panel/api/v1/admin/catalog/products/:id/unpublish': (w) => ({
    who: 'admin',
    url: `/admin/catalog/products/${w.ids.product}/unpublish`,
    body: { version: 999_999 },
  }),
  'POST /panel/api/v1/admin/catalog/products/:id/archive': (w) => ({
    who: 'operator',
    url: `/admin/catalog/products/${w.ids.product}/archive`,
    body: { version: 999_999 },
  }),
  'PUT /panel/api/v1/admin/catalog/products/:id/photos': (w) => ({
    who: 'operator',
    url: `/admin/catalog/products/${w.ids.product}/photos`,
    body: { ids: [999_999] },
  }),
  'PUT /panel/api/v1/admin/catalog/products/:id/photos/:photoId': (w) => ({
    who: 'operator',
    url: `/admin/catalog/products/${w.ids.product}/photos/999999`,
    body: { caption_pl: 'Start', caption_en: 'Start' },
  }),
  // The console's content and galleries: creations with a valid form (a success adds a row), and saves
  // on a version that is never current, so a mutated body is refused by validation or as stale.
  'PUT /panel/api/v1/admin/content/about': () => ({
    who: 'operator',
    body: { version: 999_999, page: { title_pl: 'O klubie', title_en: 'About the club' } },
  }),
  'PUT /panel/api/v1/admin/content/contact': () => ({
    who: 'operator',
    body: {
      version: 999_999,
      contact: {
        title_pl: 'Kontakt',
        title_en: 'Contact',
        email: 'club@example.com',
        phone: '+48 512 345 678',
        days_pl: 'pn–pt',
        days_en: 'Mon–Fri',
      },
    },
  }),
  'POST /panel/api/v1/admin/content/faq/categories': () => ({
    who: 'operator',
    body: { name_pl: 'Pytania', name_en: 'Questions' },
  }),
  'PUT /panel/api/v1/admin/content/faq/categories/order': () => ({
    who: 'operator',
    body: { ids: [999_999] },
  }),
  'PUT /panel/api/v1/admin/content/faq/categories/:id': () => ({
    who: 'operator',
    url: '/admin/content/faq/categories/1',
    body: { version: 999_999, category: { name_pl: 'Pytania', name_en: 'Questions' } },
  }),
  'PUT /panel/api/v1/admin/content/faq/categories/:id/order': () => ({
    who: 'operator',
    url: '/admin/content/faq/categories/1/order',
    body: { ids: [999_999] },
  }),
  'POST /panel/api/v1/admin/content/faq/questions': () => ({
    who: 'operator',
    body: faqQuestion(),
  }),
  'PUT /panel/api/v1/admin/content/faq/questions/:id': () => ({
    who: 'operator',
    url: '/admin/content/faq/questions/1',
    body: { version: 999_999, question: faqQuestion() },
  }),
  'POST /panel/api/v1/admin/content/partners': () => ({
    who: 'operator',
    body: { name: 'Partner', url: 'https://example.com' },
  }),
  'PUT /panel/api/v1/admin/content/partners/order': () => ({
    who: 'operator',
    body: { ids: [999_999] },
  }),
  'PUT /panel/api/v1/admin/content/partners/:id': () => ({
    who: 'operator',
    url: '/admin/content/partners/1',
    body: { version: 999_999, partner: { name: 'Partner', url: 'https://example.com' } },
  }),
  'POST /panel/api/v1/admin/galleries': () => ({
    who: 'operator',
    body: gallery(),
  }),
  'PUT /panel/api/v1/admin/galleries/:id': (w) => ({
    who: 'operator',
    url: `/admin/galleries/${w.ids.gallery}`,
    body: { version: 999_999, gallery: gallery() },
  }),
  'PUT /panel/api/v1/admin/galleries/:id/photos/:photoId': (w) => ({
    who: 'operator',
    url: `/admin/galleries/${w.ids.gallery}/photos/999999`,
    body: { caption_pl: 'Start', caption_en: 'Start' },
  }),
  'POST /panel/api/v1/admin/galleries/:id/photos/:photoId/people': (w) => ({
    who: 'operator',
    url: `/admin/galleries/${w.ids.gallery}/photos/999999/people`,
    body: { member: 'customer@example.com' },
  }),
  'PUT /panel/api/v1/admin/galleries/:id/photos': (w) => ({
    who: 'operator',
    url: `/admin/galleries/${w.ids.gallery}/photos`,
    body: { ids: [999_999] },
  }),
  // Reads its body without a schema: the provider checks the signature.
  'POST /panel/api/v1/payments/notify/:provider': () => ({
    who: 'anonymous',
    url: '/payments/notify/sandbox',
    body: { ref: 'x', status: 'PAID', signature: 'x' },
  }),
};

const HOSTILE = [
  '',
  ' ',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  "' OR '1'='1' --",
  '"; drop table users; --',
  '1; select pg_sleep(5)',
  '\u202e\u200b\ufeff',
  'ą'.repeat(300),
  'x'.repeat(5000),
  '\u0000',
  '\ud800',
  '__proto__',
  'constructor',
  ['{{7*7}}', '$', '{7*7}'].join(''),
  '../../etc/passwd',
  '9'.repeat(40),
  '-1',
  '1e309',
  '2020-02-30',
  'NaN',
  'true',
];

const hostileString = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.string({ unit: 'binary', maxLength: 8 }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  fc.integer(),
  fc.constantFrom(0, -1, 1.5, 2 ** 31, 2 ** 53, -(2 ** 63), 1e308, Number.MIN_VALUE),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(hostileString, fc.integer(), fc.constant(null)), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), hostileString, { maxKeys: 2 }),
);

/** Every path of an object: its keys, nested keys and array items. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => [[...prefix, i], ...pathsOf(v, [...prefix, i])]);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [[...prefix, k], ...pathsOf(v, [...prefix, k])]);
  }
  return [];
}

type Mutation = {
  path: (string | number)[];
  op: 'replace' | 'delete' | 'add';
  value: unknown;
  extraKey: string;
};

function mutate(body: unknown, mutations: Mutation[]): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  for (const m of mutations) {
    let parent: Record<string | number, unknown> = copy;
    for (const step of m.path.slice(0, -1)) {
      const next = parent[step];
      if (!next || typeof next !== 'object') break;
      parent = next as Record<string | number, unknown>;
    }
    const last = m.path[m.path.length - 1]!;
    if (m.op === 'replace') parent[last] = m.value;
    else if (m.op === 'delete') delete parent[last];
    else parent[m.extraKey] = m.value;
  }
  return copy;
}

function bodies(valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  const paths = pathsOf(valid);
  const mutation = fc.record({
    path: fc.constantFrom(...paths),
    op: fc.constantFrom('replace', 'replace', 'delete', 'add') as fc.Arbitrary<Mutation['op']>,
    value: hostileValue,
    extraKey: fc.constantFrom('__proto__', 'constructor', 'id', 'user_id', 'type', 'status', 'email', 'x'),
  });
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.array(mutation, { minLength: 1, maxLength: 3 }).map((ms) => mutate(valid, ms)),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
    { weight: 1, arbitrary: hostileValue },
  );
}

const key = (r: RouteInfo) => `${r.method} ${r.url}`;
const bodyRoutes = (w: World) =>
  w.routes.filter(
    (r) =>
      r.url.startsWith(`${API}/`) &&
      !r.url.startsWith(`${API}/test/`) &&
      (r.body || r.url === `${API}/payments/notify/:provider`),
  );

describe.skipIf(skipIfNoDatabase)('every body schema, fuzzed', () => {
  let w: World;
  let dealer: Client;
  let writes: () => Promise<Record<string, string>>;
  beforeAll(async () => {
    w = await createWorld();
    dealer = w.clients.dealer;
    writes = await watchWrites(w.t);
  }, 120_000);
  afterAll(() => w?.t.close());

  it('every route that reads a body has a fuzz target, and no target is stale', () => {
    const routes = bodyRoutes(w).map(key);
    expect(routes.filter((k) => !(k in TARGETS))).toEqual([]);
    expect(Object.keys(TARGETS).filter((k) => !routes.includes(k))).toEqual([]);
  });

  it('the write watch sees an accepted change and not a refused one', async () => {
    const customer = w.clients.customer;
    const before = await writes();
    expect((await customer.post('/customers/update', { ...profileBody, name: '' })).statusCode).toBe(422);
    expect(await writes()).toEqual(before);
    expect((await customer.post('/customers/update', { ...profileBody, name: 'Hanna' })).statusCode).toBe(
      200,
    );
    const after = await writes();
    expect(Number(after.users ?? 0)).toBeGreaterThan(Number(before.users ?? 0));
  });

  for (const routeKey of Object.keys(TARGETS)) {
    it(`${routeKey}: never a 500, always the envelope, nothing stored on refusal (${RUNS} cases)`, {
      timeout: 240_000,
    }, async () => {
      const target = TARGETS[routeKey]!(w);
      const client = target.who === 'dealer' ? dealer : w.clients[target.who];
      const url = target.url ?? routeKey.split(' ')[1]!.slice(API.length);
      let baseline = await writes();
      let refused = 0;
      await fc.assert(
        fc.asyncProperty(bodies(target.body), async (body) => {
          const res = await w.t.app.inject({
            method: routeKey.split(' ')[0] as 'POST' | 'PUT',
            url: `${API}${url}`,
            headers: {
              'content-type': 'application/json',
              ...(client.cookie ? { cookie: client.cookie, 'x-csrf-token': client.csrf } : {}),
            },
            payload: JSON.stringify(body) ?? 'null',
          });
          // Work an accepted call goes on with after its answer (forgot-password's mail) belongs to it.
          await w.t.app.inFlight.drain(10_000);
          const after = await writes();
          if (res.statusCode >= 500) throw new Error(`${res.statusCode} ${res.body.slice(0, 200)}`);
          if (res.statusCode >= 400) {
            refused++;
            if (!isEnvelope(res.json())) throw new Error(`not the envelope: ${res.body.slice(0, 200)}`);
            const changed = Object.keys(after).filter((table) => after[table] !== baseline[table]);
            if (changed.length)
              throw new Error(`refused with ${res.statusCode} but changed: ${changed.join(', ')}`);
          }
          baseline = after;
        }),
        {
          numRuns: RUNS,
          endOnFailure: true,
          timeout: 30_000,
          interruptAfterTimeLimit: 200_000,
          markInterruptAsFailure: true,
        },
      );
      // The generators must mostly produce input the route refuses, or the property proves little.
      expect(refused).toBeGreaterThan(RUNS / 2);
      // The session used survived (no fuzzed body may end it).
      if (target.who !== 'anonymous') expect((await client.get('/auth/me')).statusCode).toBe(200);
    });
  }
});
