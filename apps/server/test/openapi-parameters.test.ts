import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validProductBody } from '../src/modules/catalog/admin-test-fixtures';
import { paidInvoiceOrder } from '../src/modules/invoices/test-fixtures';
import { type Client, createTestApp, signedInAs, staffClient, type TestApp } from './helpers';

/**
 * Issue 28 item 15: the OpenAPI document named list filters the server ignored (`search` where it
 * reads `where[search]`), and a client following it got the unfiltered list. This walk sends every
 * query parameter of every operation exactly as /panel/api/v1/openapi.json declares it and checks
 * that it takes effect: the answer differs from the one without it, on data made to differ. A
 * parameter the document declares without a probe here, or whose probe changes nothing, fails it.
 */
type Who = 'customer' | 'dealer' | 'operator' | 'admin' | 'anonymous';
type Rows = Record<string, unknown>[];
/** A value of the parameter (or one computed from the answer without it) and the query both calls share. */
type Probe = { value: string | ((rows: Rows) => string); base?: string };
type Case = { as: Who; params: Record<string, Probe> };

const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const past = { value: '2000-01-01' };
const future = () => ({ value: '2999-01-01' });
const beyond = { value: '300' };
const nobody = { value: 'zz-nobody-matches' };
const first = (key: string) => (rows: Rows) => String(rows[0]?.[key] ?? '');
const small = { value: '10' };
/** The category of the list's last row (the list is not all of one category in the demo). */
const categoryOfLast = (rows: Rows) => {
  const row = rows.at(-1) ?? {};
  return String(row.category_id ?? (row.category as { id: number } | undefined)?.id);
};
const flip = { value: 'asc' };
/** The accountant's exports take a range whose ends are both required: each is probed with the other. */
const accountingRange = {
  from: { value: '2000-01-01', base: 'to=2000-01-31' },
  to: { value: '2000-01-31', base: 'from=2000-01-01' },
};

let t: TestApp;
const clients = {} as Record<Exclude<Who, 'anonymous'>, Client>;
let staffEntityId = '';

beforeAll(async () => {
  // The test-support routes (mails, codes) make the data; the walk covers their parameters too.
  t = await createTestApp({ env: { TEST_SUPPORT: '1' } });
  clients.customer = await signedInAs(t.app, 'customer@example.com');
  clients.dealer = await signedInAs(t.app, 'dealer@example.com');
  clients.operator = await staffClient(t.app, 'OPERATOR');
  clients.admin = await staffClient(t.app, 'ADMIN');
  await clients.dealer.post('/auth/check-password', { password: 'Excellence#2026' });
  // Data made to differ: audited writes by two people, invoices asked for and issued.
  expect((await clients.operator.post('/admin/catalog/products', validProductBody())).statusCode).toBe(201);
  const invited = await clients.admin.post('/staff/invite', {
    email: 'walk.invited@example.com',
    name: 'Ewa',
    surname: 'Walk',
    type: 'OPERATOR',
    language: 'pl',
  });
  expect(invited.statusCode, invited.body).toBeLessThan(300);
  staffEntityId = String(invited.json().data.id);
  // Paid in an order that is not the order of their totals, so sorting by total shows.
  for (const priceGrosze of [100_000, 300_000, 200_000]) await paidInvoiceOrder(t.app, { priceGrosze });
  for (const priceGrosze of [90_000, 70_000]) {
    const { orderId } = await paidInvoiceOrder(t.app, { priceGrosze });
    expect((await clients.operator.post(`/admin/invoices/orders/${orderId}/issue`)).statusCode).toBe(200);
  }
  // More mails and discount codes than a page holds, their addresses and codes not in creation order.
  for (let i = 0; i < 26; i++) {
    const to = `walk-${(i * 7) % 26}@example.com`;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/panel/api/v1/test/mail/failed',
          payload: { to, name: 'Walk' },
        })
      ).statusCode,
    ).toBe(200);
  }
  for (let i = 0; i < 11; i++) {
    const code = `WALK${(i * 7) % 11}X`;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/panel/api/v1/test/discount-codes',
          payload: { code, amount: 10 },
        })
      ).statusCode,
    ).toBe(200);
  }
}, 120_000);
afterAll(() => t?.close());

const CASES: Record<string, Case> = {
  'GET /products/items': {
    as: 'customer',
    params: {
      page: beyond,
      'where[category_id]': { value: categoryOfLast },
      'where[for_user]': { value: 'true' },
    },
  },
  'GET /galleries/items': {
    as: 'customer',
    params: { page: beyond, 'where[year]': { value: '2000' }, 'where[month]': { value: '1', base: '' } },
  },
  'GET /pages/page': { as: 'customer', params: { type: { value: 'ABOUT' } } },
  'GET /users/update-language': { as: 'customer', params: { language_id: { value: '1' } } },
  'GET /registration/agreements': { as: 'anonymous', params: { token: { value: 'x'.repeat(40) } } },
  'GET /registration/activate': { as: 'anonymous', params: { token: { value: 'x'.repeat(40) } } },
  'GET /staff/invitation': { as: 'anonymous', params: { token: { value: 'x'.repeat(40) } } },
  'GET /admin/members/items': { as: 'operator', params: { search: { value: 'dealer@example.com' } } },
  'GET /sales/orders/items': { as: 'customer', params: { page: beyond } },
  'GET /dealers/customers/items': {
    as: 'dealer',
    params: {
      page: beyond,
      'where[search]': nobody,
      'where[status]': { value: 'REGISTERED' },
    },
  },
  'GET /admin/catalog/products': {
    as: 'operator',
    params: {
      page: beyond,
      per_page: small,
      sort: { value: 'name' },
      dir: flip,
      q: { value: first('name_pl') },
      category_id: { value: categoryOfLast },
      status: { value: 'draft' },
      from: future(),
      to: past,
    },
  },
  'GET /admin/galleries': {
    as: 'operator',
    params: {
      page: beyond,
      per_page: small,
      sort: { value: 'name' },
      dir: flip,
      q: { value: first('name_pl') },
      year: { value: '2000' },
      month: { value: '1' },
      product_id: {
        value: (rows) => String((rows.find((r) => r.product)?.product as { id: number } | undefined)?.id),
      },
    },
  },
  'GET /staff/items': {
    as: 'admin',
    params: {
      page: beyond,
      sort: { value: 'created_at' },
      dir: { value: 'desc' },
      'where[search]': { value: 'walk.invited' },
      'where[type]': { value: 'ADMIN' },
      'where[status]': { value: 'INVITED' },
    },
  },
  'GET /audit/items': {
    as: 'admin',
    params: {
      page: beyond,
      'where[actor]': { value: () => clients.admin.account!.email },
      'where[entity_type]': { value: 'staff' },
      'where[entity_id]': { value: () => staffEntityId },
      'where[from]': future(),
      'where[to]': { value: yesterday() },
    },
  },
  'GET /admin/sales/orders': {
    as: 'operator',
    params: {
      page: beyond,
      per_page: small,
      sort: { value: 'total' },
      dir: flip,
      q: { value: (rows) => String(rows[0]?.id) },
      status: { value: 'CANCELLED' },
      from: future(),
      to: past,
      product_id: { value: '2147483646' },
      member: { value: 'customer@example.com' },
      code: { value: 'CLUB100' },
      refund: { value: 'FULL' },
    },
  },
  'GET /admin/sales/seats': {
    as: 'operator',
    params: { page: beyond, q: { value: first('name_pl') }, from: future(), to: past },
  },
  'GET /admin/sales/seats/{id}': { as: 'operator', params: { page: beyond } },
  'GET /admin/invoices/requests': {
    as: 'operator',
    params: {
      page: beyond,
      sort: { value: 'total' },
      dir: flip,
      'where[search]': { value: first('order_id') },
    },
  },
  'GET /admin/invoices/items': {
    as: 'operator',
    params: {
      page: beyond,
      sort: { value: 'gross' },
      dir: flip,
      'where[search]': { value: first('number') },
      'where[kind]': { value: 'CORRECTION' },
      'where[from]': future(),
      'where[to]': past,
    },
  },
  'GET /admin/mail/items': {
    as: 'admin',
    params: {
      page: beyond,
      per_page: { value: '50' },
      sort: { value: 'to' },
      dir: flip,
      q: { value: 'walk-3@' },
      state: { value: 'sent' },
      template: { value: 'seat-offer' },
      from: future(),
      to: past,
    },
  },
  'GET /admin/sales/discounts': {
    as: 'operator',
    params: {
      page: beyond,
      per_page: small,
      sort: { value: 'code' },
      dir: flip,
      q: { value: 'CLUB' },
      active: { value: 'false' },
    },
  },
  'GET /test/outbox': { as: 'anonymous', params: { to: { value: 'walk-3@example.com' } } },
  'GET /admin/dashboard': { as: 'operator', params: { weeks: { value: '4' } } },
  // The accountant's exports: both ends are required (refused without either); a past range is empty.
  'GET /admin/accounting/summary': { as: 'operator', params: accountingRange },
  'GET /admin/accounting/csv/{dataset}': { as: 'operator', params: accountingRange },
  'GET /admin/accounting/xlsx': { as: 'operator', params: accountingRange },
  'GET /admin/accounting/invoices-zip': { as: 'operator', params: accountingRange },
  // The demo customer's paid orders have their tickets (db/seed/event-day.ts): one order's are fewer.
  'GET /tickets': { as: 'customer', params: { order_id: { value: first('order_id') } } },
  // q is required: refused without it (the {id} here is no list's, so with it the list is not found).
  'GET /admin/check-in/lists/{id}/search': { as: 'operator', params: { q: { value: 'Kowalski' } } },
};

type Parameter = { name: string; in: string; required?: boolean };

describe('every query parameter the OpenAPI document declares', () => {
  it('takes effect as declared: the answer differs from the one without it', async () => {
    const document = (await t.app.inject('/panel/api/v1/openapi.json')).json() as {
      paths: Record<string, Record<string, { parameters: Parameter[] }>>;
    };
    const problems: string[] = [];
    let probed = 0;
    const seatId = String(
      ((await clients.operator.get('/admin/sales/seats')).json().data as Rows)[0]?.id ?? 1,
    );
    for (const [fullPath, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const declared = operation.parameters.filter((p) => p.in === 'query');
        if (declared.length === 0) continue;
        const path = fullPath.replace('/panel/api/v1', '');
        const key = `${method.toUpperCase()} ${path}`;
        const testCase = CASES[key];
        if (!testCase) {
          problems.push(`${key}: declares ${declared.map((p) => p.name).join(', ')}; no probe here`);
          continue;
        }
        const url = path.replace('{id}', seatId).replace('{dataset}', 'orders');
        const call = async (query: URLSearchParams) => {
          const target = `${url}${query.size ? `?${query}` : ''}`;
          if (testCase.as === 'anonymous') return t.app.inject(`/panel/api/v1${target}`);
          return clients[testCase.as].get(target);
        };
        for (const parameter of declared) {
          const probe = testCase.params[parameter.name];
          if (!probe) {
            problems.push(`${key}: declares ${parameter.name}; no probe here`);
            continue;
          }
          const query = new URLSearchParams(probe.base ?? '');
          const without = await call(query);
          const rows = (without.statusCode === 200 ? (without.json().data ?? []) : []) as Rows;
          query.set(parameter.name, typeof probe.value === 'string' ? probe.value : probe.value(rows));
          const withIt = await call(query);
          probed++;
          const seen = (res: typeof without) =>
            !String(res.headers['content-type']).includes('json') // a file (CSV, XLSX, ZIP): its bytes
              ? `${res.statusCode} ${res.body}`
              : `${res.statusCode} ${JSON.stringify((res.json() as { data?: unknown }).data ?? res.json().code)}`;
          if (withIt.statusCode === 422)
            problems.push(`${key}: ${query} refused: ${withIt.body.slice(0, 200)}`);
          else if (seen(withIt) === seen(without))
            problems.push(`${key}: ${parameter.name}=${query.get(parameter.name)} changes nothing`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(probed).toBeGreaterThan(80);
  }, 120_000);
});
