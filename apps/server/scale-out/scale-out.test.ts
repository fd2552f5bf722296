import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, MIGRATIONS_DIR, openDatabase } from '../src/db/client';
import { cartItems, orderItems, orders, outbox, products } from '../src/db/schema';
import { createMember, createTestProduct, type Member } from '../src/modules/orders/test-fixtures';
import { createTestUser } from '../src/modules/testing/create-test-user';
import {
  assertBuilt,
  call,
  freePort,
  REDIS_URL,
  ROOT,
  type ServerProcess,
  serverProcess,
  startNginx,
  throwawayDatabase,
} from './cluster';

/**
 * Two server processes over one PostgreSQL database, behind Debian's nginx configured from the
 * template that docs/deploying.md shows, with the rate limits in Redis.
 */
let dbHandle: Awaited<ReturnType<typeof throwawayDatabase>>;
let database: Database;
let a: ServerProcess;
let b: ServerProcess;
let nginx: Awaited<ReturnType<typeof startNginx>>;

beforeAll(async () => {
  assertBuilt();
  dbHandle = await throwawayDatabase('club_scale');
  // Every process of a deployment shares the public origin (the proxy's) and the payment key.
  const proxyPort = await freePort();
  const env = {
    DATABASE_URL: dbHandle.url,
    REDIS_URL,
    PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
    // Both processes are also called at their own ports, neither of them PUBLIC_URL's (docs/deploying.md).
    CANONICAL_HOST: 'off',
    SANDBOX_PAYMENT_SECRET: 'scale-out-test-secret-0123456789',
    ORDER_PAYMENT_MINUTES: '30',
  };
  a = await serverProcess(env, 'a');
  b = await serverProcess(env, 'b');
  // Both start (and migrate) at the same moment: the advisory lock lets one migrate, the other wait.
  await Promise.all([a.start(), b.start()]);
  nginx = await startNginx([`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`], proxyPort);
  database = await openDatabase({ databaseUrl: dbHandle.url, dataDir: '/nonexistent' });
}, 120_000);

afterAll(async () => {
  await nginx?.stop();
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.close();
  await dbHandle?.drop();
});

describe('two processes behind nginx', () => {
  it('the documented nginx configuration is the one this test runs', () => {
    const template = readFileSync(path.join(ROOT, 'deploy/nginx.conf.template'), 'utf8');
    const docs = readFileSync(path.join(ROOT, 'docs/deploying.md'), 'utf8');
    expect(docs).toContain(template.trim());
  });

  it('migrated once although both processes started together', async () => {
    const files = readdirSync(path.join(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql'));
    const rows = (await database.db.execute(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0]!.n).toBe(files.length);
  });

  it('a session made through one process works through the other, and its end too', async () => {
    const user = await createTestUser(database.db);
    const login = await fetch(`${a.api}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
    const csrf = ((await login.json()) as { data: { csrf_token: string } }).data.csrf_token;
    const member = { cookie, csrf };

    const onB = await call(`${b.api}/auth/me`, member);
    expect(onB.status).toBe(200);
    expect(onB.body.data.email).toBe(user.email);
    // Through the balancer, whichever process answers.
    for (let i = 0; i < 4; i++) expect((await call(`${nginx.api}/auth/me`, member)).status).toBe(200);

    expect((await call(`${b.api}/auth/logout`, member, {})).status).toBe(200);
    expect((await call(`${a.api}/auth/me`, member)).status).toBe(401);
  });

  it('members racing through both processes for the last seats never oversell', async () => {
    const BUYERS = 30;
    const SEATS_LEFT = 8;
    const { product, terms } = await createTestProduct(database.db, {
      terms: 1,
      totalSeats: 40,
      seatsTaken: 40 - SEATS_LEFT,
      memberLimit: 2,
    });
    const members: Member[] = [];
    for (let i = 0; i < BUYERS; i++) {
      const m = await createMember(database.db);
      // Half of the carts are filled through each process.
      const via = i % 2 === 0 ? a : b;
      const added = await call(`${via.api}/sales/cart/add`, m, { product_id: product.id });
      expect(added.status).toBe(200);
      const updated = await call(`${via.api}/sales/cart/update/${added.body.data.id}`, m, {
        quantity: 1,
        terms: [{ term_id: terms[0]!.id, value: 1 }],
      });
      expect(updated.status).toBe(200);
      members.push(m);
    }
    const before = nginx.upstreamsUsed().length;
    const results = await Promise.all(
      members.map((m) => call(`${nginx.api}/sales/cart/order`, m, { discount_code: '', is_invoice: 0 })),
    );
    const won = results.filter((r) => r.status === 200);
    const lost = results.filter((r) => r.status !== 200);
    expect(won).toHaveLength(SEATS_LEFT);
    for (const r of lost) expect([r.status, r.body.code]).toEqual([409, 'SOLD_OUT']);
    // Payment links point at the public origin (the proxy), whichever process made them.
    for (const r of won) expect(r.body.data.payment_url).toMatch(new RegExp(`^${nginx.base}/panel/`));
    // Both processes took orders.
    const used = new Set(nginx.upstreamsUsed().slice(before));
    expect(used).toEqual(new Set([`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`]));

    const [row] = await database.db.select().from(products).where(eq(products.id, product.id));
    expect(row!.seatsTaken).toBe(40);
    const sold = await database.db.select().from(orderItems).where(eq(orderItems.productId, product.id));
    expect(sold.reduce((s, i) => s + i.quantity, 0)).toBe(SEATS_LEFT);
    expect(
      await database.db.select().from(cartItems).where(eq(cartItems.productId, product.id)),
    ).toHaveLength(BUYERS - SEATS_LEFT);

    // The payment-expiry job: these orders' time is up, and both processes start their sweep at once.
    const ids = won.map((r) => r.body.data.order_id as number);
    const winners = members.filter((_, i) => results[i]!.status === 200).map((m) => m.email);
    await database.db
      .update(orders)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(inArray(orders.id, ids));
    await Promise.all([a.stop(), b.stop()]);
    await Promise.all([a.start(), b.start()]);
    const deadline = Date.now() + 20_000;
    let cancelled = 0;
    while (Date.now() < deadline) {
      const rows = await database.db.select().from(orders).where(inArray(orders.id, ids));
      cancelled = rows.filter((o) => o.status === 'CANCELLED').length;
      if (cancelled === ids.length) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(cancelled).toBe(ids.length);
    // Once per order: one cancellation mail each, and the seats given back exactly once.
    const mails = await database.db
      .select({ to: outbox.to, subject: outbox.subject })
      .from(outbox)
      .where(eq(outbox.template, 'order-cancelled'));
    for (const email of winners) expect(mails.filter((m) => m.to === email)).toHaveLength(1);
    const [after] = await database.db.select().from(products).where(eq(products.id, product.id));
    expect(after!.seatsTaken).toBe(40 - SEATS_LEFT);
  }, 90_000);

  it('rate limits hold across processes (Redis): the sixth wrong password is refused by either', async () => {
    const user = await createTestUser(database.db);
    const attempt = (via: { api: string }) =>
      call(`${via.api}/auth/login`, null, { email: user.email, password: 'Wrong#password1' });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await attempt(i % 2 === 0 ? a : b)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    for (const via of [a, b, nginx]) {
      const refused = await attempt(via);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Even the right password waits out the window.
    const right = await call(`${b.api}/auth/login`, null, { email: user.email, password: user.password });
    expect(right.status).toBe(429);
    const redis = new Redis(REDIS_URL);
    try {
      expect(Number(await redis.get(`rl:login:account:${user.email}`))).toBeGreaterThanOrEqual(8);
      await redis.del(`rl:login:account:${user.email}`);
    } finally {
      redis.disconnect();
    }
  });
});
