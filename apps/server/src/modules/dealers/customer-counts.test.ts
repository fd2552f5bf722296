import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, users } from '../../db/schema';
import { type Client, createTestApp, createTestUser, signedInAs, type TestApp } from '../../../test/helpers';

// The dealer's list reads its total from dealer_customer_counts (migration 0018), kept by triggers on
// customers. These check the kept counts against a recount after every kind of write.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Count = { dealer_id: number; status: string; total: number };
const rowsOf = <T>(r: unknown): T[] => ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];

async function kept(): Promise<Count[]> {
  const r = await t.database.db.execute(sql`select dealer_id, status, total from dealer_customer_counts
    where total <> 0 order by dealer_id, status`);
  return rowsOf<Count>(r).map((c) => ({ ...c, total: Number(c.total) }));
}

async function recount(): Promise<Count[]> {
  const r = await t.database.db.execute(sql`select dealer_id, status, count(*)::int as total from customers
    where dealer_id is not null group by dealer_id, status order by dealer_id, status`);
  return rowsOf<Count>(r).map((c) => ({ ...c, total: Number(c.total) }));
}

async function verifiedDealer(): Promise<{ id: number; client: Client }> {
  const u = await createTestUser(t.database.db, { type: 'DEALER', language: 'pl' });
  const client = await signedInAs(t.app, u.email, u.password);
  expect((await client.post('/auth/check-password', { password: u.password })).statusCode).toBe(200);
  return { id: u.id, client };
}

const register = async (dealer: Client, n: number) => {
  const res = await dealer.post('/dealers/customers/register/new', {
    user: {
      name: 'Adam',
      surname: `Liczony${n}`,
      email: `counted-${n}-${Math.random().toString(36).slice(2, 10)}@example.com`,
      honorific: 'MR',
      language_id: 1,
    },
    customer: {
      model: 'X7',
      contract_number: `UM/${n}`,
      street: 'Długa',
      building_number: '5',
      flat_number: '',
      post_code: '00-001',
      city: 'Warszawa',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return Number(res.json().data.customer_id);
};

const totalOf = async (dealer: Client, query = '') =>
  Number((await dealer.get(`/dealers/customers/items?page=1${query}`)).json().paginationMetaData.total);

describe('dealer customer counts', () => {
  it('stay equal to a recount after adds, status changes, moves and removals', async () => {
    expect(await kept()).toEqual(await recount());
    const a = await verifiedDealer();
    const b = await verifiedDealer();
    const ids: number[] = [];
    for (let n = 0; n < 5; n++) ids.push(await register(a.client, n));
    expect(await totalOf(a.client)).toBe(5);
    expect(await kept()).toEqual(await recount());

    // A status changed (as the registration steps do), a customer moved to another dealer, one
    // moved nowhere, one removed with the account, and a status written unchanged.
    await t.database.db.update(customers).set({ status: 'REGISTERED' }).where(eq(customers.userId, ids[0]!));
    await t.database.db.update(customers).set({ dealerId: b.id }).where(eq(customers.userId, ids[1]!));
    await t.database.db.update(customers).set({ dealerId: null }).where(eq(customers.userId, ids[2]!));
    await t.database.db.delete(users).where(eq(users.id, ids[3]!));
    await t.database.db.update(customers).set({ model: 'X5' }).where(eq(customers.userId, ids[4]!));
    expect(await kept()).toEqual(await recount());

    expect(await totalOf(a.client)).toBe(2);
    expect(await totalOf(a.client, '&where[status]=REGISTERED')).toBe(1);
    expect(await totalOf(a.client, '&where[status]=WAITING_TERMS')).toBe(1);
    expect(await totalOf(b.client)).toBe(1);
    // The kept total and a search's count agree (a search still counts the rows it matches).
    expect(await totalOf(a.client, '&search=Liczony')).toBe(2);
  });

  it('page as the full query did: newest first, each customer once, past the end empty', async () => {
    const a = await verifiedDealer();
    const ids: number[] = [];
    for (let n = 0; n < 12; n++) ids.push(await register(a.client, 100 + n));
    const first = (await a.client.get('/dealers/customers/items?page=1')).json();
    const second = (await a.client.get('/dealers/customers/items?page=2')).json();
    const seen = [...first.data, ...second.data].map((c: { id: number }) => c.id);
    expect(seen).toHaveLength(12);
    expect([...seen].sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    const order = [...first.data, ...second.data].map((c: { created_at: string; id: number }) => [
      c.created_at,
      c.id,
    ]);
    const sorted = [...order].sort((x, y) =>
      x[0] === y[0] ? Number(y[1]) - Number(x[1]) : String(y[0]).localeCompare(String(x[0])),
    );
    expect(order).toEqual(sorted);
    const past = (await a.client.get('/dealers/customers/items?page=5')).json();
    expect(past.data).toEqual([]);
    expect(past.paginationMetaData).toMatchObject({ total: 12, last_page: 2 });
  });
});
