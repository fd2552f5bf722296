import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createTestApp, DB_KIND, staffClient, type TestApp } from '../../../test/helpers';
import { outbox, productNotifications, products, seatOffers } from '../../db/schema';
import { validProductBody } from '../catalog/admin-test-fixtures';
import { lapseSeatOffers, offerFreeSeats } from '../catalog/seat-offers';
import { expireUnpaidOrders } from './lifecycle';
import { createMember, createTestProduct, type Member, memberApi } from './test-fixtures';

/**
 * The waiting list that holds a seat (docs/waiting-list.md), on PGlite and PostgreSQL: a seat freed
 * by the desk's cancel, an expiry or a capacity raise is held for the first member in line, who
 * alone may book it; a lapsed hold goes to the next; racing buyers never get a held seat, and the
 * kept counters always equal a recount.
 */

let t: TestApp;
let operator: Client;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  operator = await staffClient(t.app, 'OPERATOR');
});
afterAll(() => t?.close());

const productRow = async (id: number) =>
  (await t.app.db.select().from(products).where(eq(products.id, id)))[0]!;
const offersOf = (productId: number) =>
  t.app.db.select().from(seatOffers).where(eq(seatOffers.productId, productId)).orderBy(asc(seatOffers.id));
const mailsTo = (email: string) => t.app.db.select().from(outbox).where(eq(outbox.to, email));

/** A member with the experience in the cart (one seat, its terms accepted); the add's answer when refused. */
async function addToCart(member: Member, productId: number) {
  const api = memberApi(t.app, member);
  const added = await api.post('/sales/cart/add', { product_id: productId });
  if (added.statusCode !== 200) return added;
  return api.post(`/sales/cart/update/${added.json().data.id}`, { quantity: 1, terms: [] });
}

const order = (member: Member) =>
  memberApi(t.app, member).post('/sales/cart/order', { discount_code: '', is_invoice: 0 });

async function placeOrder(member: Member, productId: number): Promise<number> {
  const filled = await addToCart(member, productId);
  expect(filled.statusCode, filled.body).toBe(200);
  const placed = await order(member);
  expect(placed.statusCode, placed.body).toBe(200);
  return placed.json().data.order_id as number;
}

const productFor = async (member: Member, productId: number) =>
  (await memberApi(t.app, member).get(`/products/item/${productId}`)).json().data as {
    can_order: boolean;
    can_set_notification: boolean;
    overall_limit: number | null;
    held_until: string | null;
  };

/** The kept counters against a recount of the orders and the offers. */
async function expectCountersMatch(productId: number) {
  const { rows } = (await t.app.db.execute(sql`select
      (select coalesce(sum(oi.quantity), 0)::int from order_items oi join orders o on o.id = oi.order_id
        where oi.product_id = ${productId} and o.status in ('WAITING_PAYMENT', 'PAID')) as taken,
      (select count(*)::int from seat_offers where product_id = ${productId} and status = 'OFFERED') as held`)) as unknown as {
    rows: { taken: number; held: number }[];
  };
  const p = await productRow(productId);
  expect({ taken: p.seatsTaken, held: p.seatsHeld }).toEqual({
    taken: Number(rows[0]!.taken),
    held: Number(rows[0]!.held),
  });
  if (p.totalSeats !== null) expect(p.seatsTaken + p.seatsHeld).toBeLessThanOrEqual(p.totalSeats);
}

/** A sold-out experience: `seats` members each hold one seat in an unpaid order. */
async function soldOut(seats: number) {
  const { product } = await createTestProduct(t.app.db, { totalSeats: seats, memberLimit: 1 });
  const holders: { member: Member; orderId: number }[] = [];
  for (let i = 0; i < seats; i++) {
    const member = await createMember(t.app.db);
    holders.push({ member, orderId: await placeOrder(member, product.id) });
  }
  return { product, holders };
}

/** Members joining the waiting list through the API, in this order. */
async function line(productId: number, count: number, language: 'pl' | 'en' = 'pl') {
  const members: Member[] = [];
  for (let i = 0; i < count; i++) {
    const member = await createMember(t.app.db, { language });
    const res = await memberApi(t.app, member).post(`/products/add-notification/${productId}`);
    expect(res.statusCode, res.body).toBe(200);
    members.push(member);
  }
  return members;
}

describe('a freed seat is held for the first member in line', () => {
  it('desk cancel: the first member gets the offer and its mail, others see sold out and cannot buy it', async () => {
    const { product, holders } = await soldOut(2);
    // A member who put it in the cart while seats were free (before the second holder ordered) is
    // simulated by a cart row added now: the order is what must refuse the held seat.
    const racer = await createMember(t.app.db);
    const [first, second] = await line(product.id, 2, 'en');
    const cancelled = await operator.post(`/admin/sales/orders/${holders[0]!.orderId}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const offers = await offersOf(product.id);
    expect(offers.map((o) => [o.userId, o.status])).toEqual([[first!.id, 'OFFERED']]);
    const hours = (offers[0]!.expiresAt.getTime() - offers[0]!.offeredAt.getTime()) / 3_600_000;
    expect(Math.round(hours)).toBe(24);
    expect((await productRow(product.id)).seatsHeld).toBe(1);
    await expectCountersMatch(product.id);

    const mail = (await mailsTo(first!.email)).find((m) => m.template === 'seat-offer');
    expect(mail?.subject).toContain('a seat is held for you');
    expect(mail?.text).toContain(`/panel/experiences/`);
    expect(mail?.text).toContain(`/${product.id}-`);
    // The hold's end in the member's language, on the club's clock (Warsaw).
    const until = new Intl.DateTimeFormat('en-GB', {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'Europe/Warsaw',
    }).format(offers[0]!.expiresAt);
    expect(mail?.text).toContain(until);
    expect((await mailsTo(second!.email)).map((m) => m.template)).not.toContain('seat-offer');

    // The others: sold out (the waiting list still open to them); the first: held until, may order.
    expect(await productFor(second!, product.id)).toMatchObject({
      can_order: false,
      overall_limit: null,
      held_until: null,
    });
    expect(await productFor(racer, product.id)).toMatchObject({
      can_order: false,
      can_set_notification: true,
    });
    expect(await productFor(first!, product.id)).toMatchObject({
      can_order: true,
      overall_limit: 1,
      held_until: offers[0]!.expiresAt.toISOString(),
    });
    expect((await addToCart(racer, product.id)).json().code).toBe('PRODUCT_UNAVAILABLE');
    // Even with the line in the cart (written behind the rules' back), the order refuses the held seat.
    await t.app.db.execute(
      sql`insert into cart_items (user_id, product_id, quantity) values (${racer.id}, ${product.id}, 1)`,
    );
    const refused = await order(racer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('SOLD_OUT');

    const booked = await placeOrder(first!, product.id);
    const [taken] = await offersOf(product.id);
    expect(taken).toMatchObject({ status: 'TAKEN', takenOrderId: booked });
    expect(await productRow(product.id)).toMatchObject({ seatsTaken: 2, seatsHeld: 0 });
    const stillWaiting = await t.app.db
      .select()
      .from(productNotifications)
      .where(eq(productNotifications.productId, product.id));
    expect(stillWaiting.map((n) => n.userId)).toEqual([second!.id]);
    await expectCountersMatch(product.id);
  });

  it('expiry: the seats of an unpaid order go to the line; a lapsed hold goes to the next member', async () => {
    const { product, holders } = await soldOut(1);
    const [first, second, third] = await line(product.id, 3);
    await t.app.db.execute(
      sql`update orders set expires_at = now() - interval '1 second' where id = ${holders[0]!.orderId}`,
    );
    expect(await expireUnpaidOrders(t.app)).toBe(1);
    expect((await offersOf(product.id)).map((o) => [o.userId, o.status])).toEqual([[first!.id, 'OFFERED']]);

    // Not yet due: nothing lapses.
    expect(await lapseSeatOffers(t.app)).toBe(0);
    await t.app.db.execute(
      sql`update seat_offers set expires_at = now() - interval '1 second' where product_id = ${product.id}`,
    );
    expect(await productFor(first!, product.id)).toMatchObject({ held_until: null, can_order: false });
    // Two processes sweeping at once: the hold lapses once and the next member gets it once.
    const lapsed = await Promise.all([lapseSeatOffers(t.app), lapseSeatOffers(t.app)]);
    expect(lapsed[0] + lapsed[1]).toBe(1);
    expect((await offersOf(product.id)).map((o) => [o.userId, o.status])).toEqual([
      [first!.id, 'LAPSED'],
      [second!.id, 'OFFERED'],
    ]);
    expect((await mailsTo(second!.email)).map((m) => m.template)).toContain('seat-offer');
    expect((await productFor(second!, product.id)).can_order).toBe(true);
    // The first member left the line and may join it again, at its end.
    expect((await productFor(first!, product.id)).can_set_notification).toBe(true);
    expect((await productFor(third!, product.id)).can_order).toBe(false);
    await expectCountersMatch(product.id);
  });

  it('capacity raised in the console: a seat held for each member in line, the rest on sale', async () => {
    const { product } = await soldOut(1);
    const members = await line(product.id, 2);
    const raised = await operator.request('PUT', `/admin/catalog/products/${product.id}`, {
      version: product.version,
      product: validProductBody({
        category_id: product.categoryId,
        alias: product.alias,
        interest_ids: [],
        terms: [],
        start_date: product.startDate,
        member_limit: 1,
        total_seats: 4,
      }),
    });
    expect(raised.statusCode, raised.body).toBe(200);
    expect((await offersOf(product.id)).map((o) => o.userId)).toEqual(members.map((m) => m.id));
    expect(await productRow(product.id)).toMatchObject({ seatsTaken: 1, seatsHeld: 2 });
    // One seat is free for anyone.
    const anyone = await createMember(t.app.db);
    expect(await productFor(anyone, product.id)).toMatchObject({ can_order: true, overall_limit: 1 });
    // The capacity cannot go below the seats taken and held.
    const lowered = await operator.request('PUT', `/admin/catalog/products/${product.id}`, {
      version: product.version + 1,
      product: validProductBody({
        category_id: product.categoryId,
        alias: product.alias,
        interest_ids: [],
        terms: [],
        start_date: product.startDate,
        total_seats: 2,
      }),
    });
    expect(lowered.statusCode).toBe(422);
    expect(lowered.json().errors.total_seats).toBeDefined();
    await expectCountersMatch(product.id);
  });

  it('a member who removes the account gives the held seat back', async () => {
    const { product, holders } = await soldOut(1);
    const [first] = await line(product.id, 1);
    expect((await operator.post(`/admin/sales/orders/${holders[0]!.orderId}/cancel`, {})).statusCode).toBe(
      200,
    );
    expect((await productRow(product.id)).seatsHeld).toBe(1);
    await t.app.db.execute(sql`delete from users where id = ${first!.id}`);
    expect((await productRow(product.id)).seatsHeld).toBe(0);
    await expectCountersMatch(product.id);
  });
});

describe('races', () => {
  // PGlite runs one transaction at a time: there is no "between" to stop a buyer in.
  for (const buyerInLine of [false, true])
    it.skipIf(DB_KIND !== 'postgres')(
      `a seat held while a buyer is between the checks and taking the seats ${buyerInLine ? 'is theirs when held for them' : 'is not sold to them'}`,
      async () => {
        const { product } = await createTestProduct(t.app.db, { totalSeats: 2, memberLimit: 1 });
        await placeOrder(await createMember(t.app.db), product.id);
        const buyer = await createMember(t.app.db);
        expect((await addToCart(buyer, product.id)).statusCode).toBe(200);
        // Joined while a seat was free (written directly: the rules offer the list only when sold out).
        const waiting = buyerInLine ? buyer : await createMember(t.app.db);
        await t.app.db.insert(productNotifications).values({ productId: product.id, userId: waiting.id });
        let answer: ReturnType<typeof order> | undefined;
        await t.app.db.transaction(async (tx) => {
          // The experience's row held here: the buyer's order passes its checks (one seat free) and
          // waits at taking the seat; meanwhile the free seat is held for the member in line.
          await tx.execute(sql`select id from products where id = ${product.id} for no key update`);
          answer = order(buyer);
          for (let i = 0; i < 200; i++) {
            const { rows } = (await t.app.db.execute(sql`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`)) as unknown as {
              rows: { n: number }[];
            };
            if (Number(rows[0]!.n) > 0) break;
            await new Promise((r) => setTimeout(r, 25));
          }
          expect(await offerFreeSeats(tx, t.app, product.id)).toBe(1);
        });
        const res = await answer!;
        if (buyerInLine) {
          // The plain update refuses (the seat is held), the offer's path finds it held for them.
          expect(res.statusCode, res.body).toBe(200);
          expect((await offersOf(product.id))[0]).toMatchObject({ status: 'TAKEN', userId: buyer.id });
          expect(await productRow(product.id)).toMatchObject({ seatsTaken: 2, seatsHeld: 0 });
        } else {
          expect(res.statusCode, res.body).toBe(409);
          expect(res.json().code).toBe('SOLD_OUT');
          expect(await productRow(product.id)).toMatchObject({ seatsTaken: 1, seatsHeld: 1 });
        }
        await expectCountersMatch(product.id);
      },
    );
  it('seats freed while members race for them: no held seat is sold to anyone else, counters match', async () => {
    const SEATS = 4;
    const { product, holders } = await soldOut(SEATS);
    const inLine = await line(product.id, 6);
    // Members racing for the experience without being first in line (cart rows written directly:
    // the rules would refuse a sold-out experience's add).
    const racers: Member[] = [];
    for (let i = 0; i < 8; i++) {
      const m = await createMember(t.app.db);
      await t.app.db.execute(
        sql`insert into cart_items (user_id, product_id, quantity) values (${m.id}, ${product.id}, 1)`,
      );
      racers.push(m);
    }
    /** A member in line tries to book now (refused while no seat is held for them). */
    const tryBook = async (m: Member) => {
      const filled = await addToCart(m, product.id);
      if (filled.statusCode !== 200) return 0;
      const placed = await order(m);
      return placed.statusCode === 200 ? 1 : 0;
    };
    const results = await Promise.all([
      ...holders.map((h) => operator.post(`/admin/sales/orders/${h.orderId}/cancel`, {})),
      ...racers.map((m) => order(m)),
      ...inLine.map((m) => tryBook(m)),
      lapseSeatOffers(t.app),
    ]);
    const cancels = results.slice(0, SEATS) as { statusCode: number }[];
    expect(cancels.every((c) => c.statusCode === 200)).toBe(true);
    const racerAnswers = results.slice(SEATS, SEATS + racers.length) as {
      statusCode: number;
      json: () => { code: string };
    }[];
    // Every freed seat was held in the cancel's own transaction: no racer ever saw a free one.
    expect(racerAnswers.map((r) => r.statusCode)).toEqual(racers.map(() => 409));
    expect(racerAnswers.map((r) => r.json().code)).toEqual(racers.map(() => 'SOLD_OUT'));
    await expectCountersMatch(product.id);

    // The seats are held for (or taken by) exactly the first SEATS members in line, one each.
    const offers = await offersOf(product.id);
    expect(offers.map((o) => o.userId).sort()).toEqual(
      inLine
        .slice(0, SEATS)
        .map((m) => m.id)
        .sort(),
    );
    for (const o of offers.filter((x) => x.status === 'TAKEN')) {
      const { rows } = (await t.app.db.execute(
        sql`select user_id from orders where id = ${o.takenOrderId}`,
      )) as unknown as { rows: { user_id: number }[] };
      expect(Number(rows[0]!.user_id)).toBe(o.userId);
    }
    // Now every offered member books at once, while the racers try again: each offer is taken by
    // its member, the racers are refused, and the experience is sold out to the seat.
    const open = offers
      .filter((o) => o.status === 'OFFERED')
      .map((o) => inLine.find((m) => m.id === o.userId)!);
    const again = await Promise.all([...open.map((m) => tryBook(m)), ...racers.map((m) => order(m))]);
    expect(again.slice(0, open.length)).toEqual(open.map(() => 1));
    expect(again.slice(open.length).map((r) => (r as { statusCode: number }).statusCode)).toEqual(
      racers.map(() => 409),
    );
    expect(await productRow(product.id)).toMatchObject({ seatsTaken: SEATS, seatsHeld: 0 });
    expect(
      (await offersOf(product.id)).every((o) => o.status === 'TAKEN'),
      'every offer taken by its member',
    ).toBe(true);
    await expectCountersMatch(product.id);
    const left = await t.app.db
      .select()
      .from(productNotifications)
      .where(and(eq(productNotifications.productId, product.id)));
    expect(left.map((n) => n.userId).sort()).toEqual(
      inLine
        .slice(SEATS)
        .map((m) => m.id)
        .sort(),
    );
  });
});
