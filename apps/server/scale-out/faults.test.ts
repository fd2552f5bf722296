import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';
import { cartItems, orderItems, orders, products } from '../src/db/schema';
import { createMember, createTestProduct, type Member } from '../src/modules/orders/test-fixtures';
import {
  assertBuilt,
  call,
  privatePostgres,
  type ServerProcess,
  serverProcess,
  sleep,
  throwawayDatabase,
} from './cluster';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const clean of cleanups.reverse()) await clean().catch(() => {});
});

type Outcome = { member: Member; status: number | 'network'; orderId?: number };

describe('faults', () => {
  it('kill -9 in the middle of a stream of orders: every acknowledged order exists once, seats add up, no cart half-written', async () => {
    assertBuilt();
    const dbHandle = await throwawayDatabase('club_fault');
    cleanups.push(() => dbHandle.drop());
    const database: Database = await openDatabase({ databaseUrl: dbHandle.url, dataDir: '/nonexistent' });
    cleanups.push(() => database.close());
    const server = await serverProcess({ DATABASE_URL: dbHandle.url }, 'kill9');
    cleanups.push(() => server.stop());
    await server.start();

    const MEMBERS = 48;
    const SEATS = 200;
    const { product, terms } = await createTestProduct(database.db, {
      terms: 2,
      totalSeats: SEATS,
      memberLimit: 3,
    });
    const members: Member[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const m = await createMember(database.db);
      const added = await call(`${server.api}/sales/cart/add`, m, { product_id: product.id });
      // Two seats for every third member: one companion's name makes the cart item longer to write.
      const quantity = i % 3 === 0 ? 2 : 1;
      const updated = await call(`${server.api}/sales/cart/update/${added.body.data.id}`, m, {
        quantity,
        persons: quantity === 2 ? [{ name: 'Anna', surname: 'Nowak' }] : [],
        terms: terms.map((t) => ({ term_id: t.id, value: 1 })),
      });
      expect(updated.status).toBe(200);
      members.push(m);
    }
    const cartBefore = new Map(
      (await database.db.select().from(cartItems).where(eq(cartItems.productId, product.id))).map((c) => [
        c.userId,
        c,
      ]),
    );

    // A stream: 6 members at a time place their orders; the process is killed once 12 are acknowledged.
    const outcomes: Outcome[] = [];
    const queue = [...members];
    let killed = false;
    const worker = async () => {
      for (let m = queue.shift(); m; m = queue.shift()) {
        try {
          const r = await call(`${server.api}/sales/cart/order`, m, { discount_code: '', is_invoice: 0 });
          outcomes.push({ member: m, status: r.status, orderId: r.body.data?.order_id });
        } catch {
          outcomes.push({ member: m, status: 'network' });
        }
        if (!killed && outcomes.filter((o) => o.status === 200).length >= 12) {
          killed = true;
          await server.kill9();
        }
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
    expect(killed).toBe(true);
    const acknowledged = outcomes.filter((o) => o.status === 200);
    console.info(
      `kill -9: ${acknowledged.length} acknowledged, ${outcomes.filter((o) => o.status === 'network').length} without an answer`,
    );
    expect(outcomes.filter((o) => o.status !== 200 && o.status !== 'network')).toEqual([]);

    await server.start();
    // Whoever got no answer tries again, as a member would after the page came back.
    for (const o of outcomes.filter((x) => x.status === 'network')) {
      const r = await call(`${server.api}/sales/cart/order`, o.member, { discount_code: '', is_invoice: 0 });
      // Either the first attempt was committed (the cart is empty now) or this one places the order.
      expect([200, 409]).toContain(r.status);
      if (r.status === 409) expect(r.body.code).toBe('CART_EMPTY');
    }

    const userIds = members.map((m) => m.id);
    const placed = await database.db.select().from(orders).where(inArray(orders.userId, userIds));
    // Every acknowledged order exists, exactly once; every member ends with exactly one order.
    for (const o of acknowledged) expect(placed.filter((p) => p.id === o.orderId)).toHaveLength(1);
    expect(placed).toHaveLength(MEMBERS);
    expect(new Set(placed.map((p) => p.userId)).size).toBe(MEMBERS);
    // Seats add up: what the product counts is what the order lines hold, and what the carts asked for.
    const lines = await database.db.select().from(orderItems).where(eq(orderItems.productId, product.id));
    expect(lines).toHaveLength(MEMBERS);
    const seatsSold = lines.reduce((s, l) => s + l.quantity, 0);
    const seatsAsked = [...cartBefore.values()].reduce((s, c) => s + c.quantity, 0);
    expect(seatsSold).toBe(seatsAsked);
    const [row] = await database.db.select().from(products).where(eq(products.id, product.id));
    expect(row!.seatsTaken).toBe(seatsSold);
    // Each line is whole: the quantity, the companion and the terms of the cart it came from.
    const orderOwner = new Map(placed.map((p) => [p.id, p.userId!]));
    for (const line of lines) {
      const cart = cartBefore.get(orderOwner.get(line.orderId)!)!;
      expect(line.quantity).toBe(cart.quantity);
      expect(line.persons).toHaveLength(cart.quantity - 1);
      expect(line.terms).toEqual(cart.terms);
    }
    // No cart is left half-written: every member's cart was emptied by the one order.
    expect(await database.db.select().from(cartItems).where(inArray(cartItems.userId, userIds))).toEqual([]);
  }, 120_000);

  it('PostgreSQL restarts under load: 503 with Retry-After while it is down, then the same process serves again', async () => {
    assertBuilt();
    const postgres = await privatePostgres();
    cleanups.push(() => postgres.destroy());
    const server: ServerProcess = await serverProcess({ DATABASE_URL: postgres.url }, 'pgrestart');
    cleanups.push(() => server.stop());
    await server.start();
    const pid = server.child.pid;
    const database = await openDatabase({ databaseUrl: postgres.url, dataDir: '/nonexistent' });
    const member = await createMember(database.db);
    const { product } = await createTestProduct(database.db);
    await database.close();

    const statuses = new Map<number | string, number>();
    let retryAfterMissing = 0;
    let stop = false;
    const load = async () => {
      while (!stop) {
        for (const path of ['/auth/me', `/products/item/${product.id}`, '/sales/cart/items']) {
          try {
            const r = await call(`${server.api}${path}`, member);
            statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
            if (r.status === 503 && !r.headers.get('retry-after')) retryAfterMissing++;
          } catch {
            statuses.set('network', (statuses.get('network') ?? 0) + 1);
          }
        }
      }
    };
    const loaders = Array.from({ length: 4 }, load);
    await sleep(1000);
    // Down for a while (every call in between must get the 503 envelope), then up again.
    postgres.stopServer();
    await sleep(1500);
    postgres.startServer();
    // Every pooled connection died with the old server: the pool must replace them by itself.
    const recovered = Date.now();
    let ok = false;
    while (Date.now() - recovered < 15_000) {
      const r = await call(`${server.api}/auth/me`, member).catch(() => null);
      if (r?.status === 200) {
        ok = true;
        break;
      }
      await sleep(100);
    }
    await sleep(1000);
    stop = true;
    await Promise.all(loaders);

    expect(ok).toBe(true);
    expect(server.child.pid).toBe(pid);
    expect(server.child.exitCode).toBeNull();
    const seen = Object.fromEntries(statuses);
    console.info(`PostgreSQL restart: answers ${JSON.stringify(seen)}`);
    // Only answers from the process itself: 200 before and after, 503 while the database is away.
    expect(Object.keys(seen).sort()).toEqual(['200', '503']);
    expect(seen['503']).toBeGreaterThan(0);
    expect(retryAfterMissing).toBe(0);
    // And after the restart every endpoint of the load works again.
    for (const path of ['/auth/me', `/products/item/${product.id}`, '/sales/cart/items'])
      expect((await call(`${server.api}${path}`, member)).status).toBe(200);
    // A write too: the cart takes the experience.
    expect((await call(`${server.api}/sales/cart/add`, member, { product_id: product.id })).status).toBe(200);
  }, 90_000);
});
