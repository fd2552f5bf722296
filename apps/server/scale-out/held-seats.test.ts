import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';
import { products, seatOffers } from '../src/db/schema';
import { totpCode } from '../src/lib/totp';
import { createMember, createTestProduct, type Member } from '../src/modules/orders/test-fixtures';
import { createTestUser } from '../src/modules/testing/create-test-user';
import {
  assertBuilt,
  call,
  freePort,
  REDIS_URL,
  type ServerProcess,
  serverProcess,
  throwawayDatabase,
} from './cluster';

/**
 * The waiting list that holds a seat (docs/waiting-list.md) across two server processes over one
 * PostgreSQL database: staff cancel orders through both while members race through both; every freed
 * seat is held for the next member in line in the cancel's own transaction, so no racer ever buys
 * one, each held seat is booked by its member only, and the counters equal a recount.
 */
let dbHandle: Awaited<ReturnType<typeof throwawayDatabase>>;
let database: Database;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  assertBuilt();
  dbHandle = await throwawayDatabase('club_held');
  const env = {
    DATABASE_URL: dbHandle.url,
    REDIS_URL,
    PUBLIC_URL: `http://127.0.0.1:${await freePort()}`,
    // Both processes are called at their own ports, neither of them PUBLIC_URL's (docs/deploying.md).
    CANONICAL_HOST: 'off',
    SANDBOX_PAYMENT_SECRET: 'held-seats-test-secret-0123456789',
  };
  a = await serverProcess(env, 'held-a');
  b = await serverProcess(env, 'held-b');
  await Promise.all([a.start(), b.start()]);
  database = await openDatabase({ databaseUrl: dbHandle.url, dataDir: '/nonexistent' });
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.close();
  await dbHandle?.drop();
});

const via = (i: number) => (i % 2 === 0 ? a : b);

/** A staff member signed in through process `p` (password, then the authenticator's code). */
async function staffOn(p: ServerProcess) {
  const account = await createTestUser(database.db, { type: 'OPERATOR' });
  const first = await call(`${p.api}/auth/login`, null, { email: account.email, password: account.password });
  expect(first.status, JSON.stringify(first.body)).toBe(202);
  const res = await fetch(`${p.api}/auth/second-factor`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      challenge: first.body.data.challenge,
      code: await totpCode(account.totpSecret!, new Date()),
    }),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers.getSetCookie()[0]!.split(';')[0]!;
  const csrf = ((await res.json()) as { data: { csrf_token: string } }).data.csrf_token;
  return { cookie, csrf };
}

async function book(p: ServerProcess, m: Member, productId: number): Promise<number> {
  const added = await call(`${p.api}/sales/cart/add`, m, { product_id: productId });
  if (added.status !== 200) return added.status;
  const filled = await call(`${p.api}/sales/cart/update/${added.body.data.id}`, m, {
    quantity: 1,
    terms: [],
  });
  if (filled.status !== 200) return filled.status;
  return (await call(`${p.api}/sales/cart/order`, m, { discount_code: '', is_invoice: 0 })).status;
}

const order = (p: ServerProcess, m: Member) =>
  call(`${p.api}/sales/cart/order`, m, { discount_code: '', is_invoice: 0 });

async function expectCountersMatch(productId: number) {
  const { rows } = (await database.db.execute(sql`select
      (select coalesce(sum(oi.quantity), 0)::int from order_items oi join orders o on o.id = oi.order_id
        where oi.product_id = ${productId} and o.status in ('WAITING_PAYMENT', 'PAID')) as taken,
      (select count(*)::int from seat_offers where product_id = ${productId} and status = 'OFFERED') as held,
      (select seats_taken from products where id = ${productId}) as kept_taken,
      (select seats_held from products where id = ${productId}) as kept_held,
      (select total_seats from products where id = ${productId}) as total`)) as unknown as {
    rows: { taken: number; held: number; kept_taken: number; kept_held: number; total: number }[];
  };
  const r = rows[0]!;
  expect({ taken: Number(r.kept_taken), held: Number(r.kept_held) }).toEqual({
    taken: Number(r.taken),
    held: Number(r.held),
  });
  expect(Number(r.kept_taken) + Number(r.kept_held)).toBeLessThanOrEqual(Number(r.total));
}

describe('held seats through two processes', () => {
  it('cancels through both processes while members race through both: held seats go only to the line', async () => {
    const SEATS = 4;
    const { product } = await createTestProduct(database.db, { totalSeats: SEATS, memberLimit: 1 });
    const holders: number[] = [];
    for (let i = 0; i < SEATS; i++) {
      const m = await createMember(database.db);
      expect(await book(via(i), m, product.id)).toBe(200);
      const { rows } = (await database.db.execute(
        sql`select id from orders where user_id = ${m.id}`,
      )) as unknown as { rows: { id: number }[] };
      holders.push(Number(rows[0]!.id));
    }
    const inLine: Member[] = [];
    for (let i = 0; i < 6; i++) {
      const m = await createMember(database.db);
      expect((await call(`${via(i).api}/products/add-notification/${product.id}`, m, {})).status).toBe(200);
      inLine.push(m);
    }
    const racers: Member[] = [];
    for (let i = 0; i < 8; i++) {
      const m = await createMember(database.db);
      await database.db.execute(
        sql`insert into cart_items (user_id, product_id, quantity) values (${m.id}, ${product.id}, 1)`,
      );
      racers.push(m);
    }
    const staff = [await staffOn(a), await staffOn(b)];

    const results = await Promise.all([
      ...holders.map((id, i) => call(`${via(i).api}/admin/sales/orders/${id}/cancel`, staff[i % 2]!, {})),
      ...racers.map((m, i) => order(via(i + 1), m)),
      ...inLine.map((m, i) => book(via(i), m, product.id)),
    ]);
    const cancels = results.slice(0, SEATS) as { status: number }[];
    expect(cancels.map((c) => c.status)).toEqual(holders.map(() => 200));
    const racerAnswers = results.slice(SEATS, SEATS + racers.length) as unknown as {
      status: number;
      body: { code: string };
    }[];
    expect(racerAnswers.map((r) => r.status)).toEqual(racers.map(() => 409));
    expect(racerAnswers.map((r) => r.body.code)).toEqual(racers.map(() => 'SOLD_OUT'));
    await expectCountersMatch(product.id);

    const offers = await database.db
      .select()
      .from(seatOffers)
      .where(eq(seatOffers.productId, product.id))
      .orderBy(asc(seatOffers.id));
    expect(offers.map((o) => o.userId).sort()).toEqual(
      inLine
        .slice(0, SEATS)
        .map((m) => m.id)
        .sort(),
    );
    // Each offered member books through the process that did not serve them before; racers retry.
    const open = offers
      .filter((o) => o.status === 'OFFERED')
      .map((o) => inLine.find((m) => m.id === o.userId)!);
    const again = await Promise.all([
      ...open.map((m, i) => book(via(i + 1), m, product.id)),
      ...racers.map((m, i) => order(via(i), m)),
    ]);
    expect(again.slice(0, open.length)).toEqual(open.map(() => 200));
    expect(again.slice(open.length).map((r) => (r as { status: number }).status)).toEqual(
      racers.map(() => 409),
    );
    const [row] = await database.db.select().from(products).where(eq(products.id, product.id));
    expect({ taken: row!.seatsTaken, held: row!.seatsHeld }).toEqual({ taken: SEATS, held: 0 });
    await expectCountersMatch(product.id);
  });
});
