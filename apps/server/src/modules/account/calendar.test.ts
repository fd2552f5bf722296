import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, createTestUser, signedInAs, type TestApp } from '../../../test/helpers';
import type { Tx } from '../../db/client';
import { categories, orderItems, orders, products, users } from '../../db/schema';
import { zonedTime } from './calendar';

let t: TestApp;
let categoryId: number;
beforeAll(async () => {
  t = await createTestApp();
  const [category] = await t.app.db
    .insert(categories)
    .values({ namePl: 'Wydarzenia kalendarza', nameEn: 'Calendar events' })
    .returning();
  categoryId = category!.id;
});
afterAll(() => t?.close());

let aliasCounter = 0;
async function product(db: Tx, values: Partial<typeof products.$inferInsert>) {
  aliasCounter += 1;
  const [row] = await db
    .insert(products)
    .values({
      categoryId,
      type: 'EVENT',
      alias: `calendar-test-${aliasCounter}-${Date.now()}`,
      namePl: `Wydarzenie ${aliasCounter}`,
      nameEn: `Experience ${aliasCounter}`,
      placePl: 'Tor Poznań',
      placeEn: 'Poznań Circuit',
      startDate: '2030-06-12',
      startTime: '10:00',
      endTime: '16:30',
      priceGrosze: 150000,
      ...values,
    })
    .returning();
  return row!;
}

async function order(
  db: Tx,
  userId: number,
  status: 'PAID' | 'WAITING_PAYMENT' | 'CANCELLED',
  items: { id: number; name: string; start: string }[],
) {
  const [row] = await db
    .insert(orders)
    .values({ userId, status, totalGrosze: 150000 * items.length })
    .returning();
  await db.insert(orderItems).values(
    items.map((p) => ({
      orderId: row!.id,
      productId: p.id,
      productName: p.name,
      productStartDate: p.start,
      quantity: 2,
      priceGrosze: 150000,
    })),
  );
  return row!;
}

const pick = (p: typeof products.$inferSelect) => ({ id: p.id, name: p.namePl, start: p.startDate });

async function feed(token: string) {
  const res = await new Client(t.app).get(`/calendar/${token}.ics`);
  return res;
}

function events(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return { calendar, events: calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v)) };
}

describe('GET calendar/{token}.ics', () => {
  it('lists only the experiences of paid orders, with place, start and end, parseable by ical.js', async () => {
    const member = await createTestUser(t.app.db, { type: 'CUSTOMER' });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, member.id));
    const paidEvent = await product(t.app.db, {
      namePl: 'Dzień na torze',
      startDate: '2030-06-12',
      startTime: '10:00',
      endTime: '16:30',
    });
    const paidTrip = await product(t.app.db, {
      type: 'TRIP',
      namePl: 'Podróż do Toskanii',
      placePl: 'Toskania, Włochy',
      startDate: '2030-09-01',
      startTime: null,
      endDate: '2030-09-05',
      endTime: null,
    });
    const pending = await product(t.app.db, { namePl: 'Nieopłacone' });
    const cancelled = await product(t.app.db, { namePl: 'Anulowane' });
    await order(t.app.db, member.id, 'PAID', [pick(paidEvent), pick(paidTrip)]);
    await order(t.app.db, member.id, 'PAID', [pick(paidEvent)]);
    await order(t.app.db, member.id, 'WAITING_PAYMENT', [pick(pending)]);
    await order(t.app.db, member.id, 'CANCELLED', [pick(cancelled)]);
    const other = await createTestUser(t.app.db, { type: 'CUSTOMER' });
    await order(t.app.db, other.id, 'PAID', [pick(pending)]);

    const res = await feed(row!.calendarToken!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    const { calendar, events: list } = events(res.body);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(list.map((e) => e.summary).sort()).toEqual(['Dzień na torze', 'Podróż do Toskanii']);

    const day = list.find((e) => e.summary === 'Dzień na torze')!;
    expect(day.location).toBe('Tor Poznań');
    // Warsaw is UTC+2 in June.
    expect(day.startDate.toJSDate().toISOString()).toBe('2030-06-12T08:00:00.000Z');
    expect(day.endDate.toJSDate().toISOString()).toBe('2030-06-12T14:30:00.000Z');
    expect(day.description).toContain('4');
    expect(day.uid).toBe(`product-${paidEvent.id}@localhost`);
    expect(String(day.component.getFirstPropertyValue('url'))).toContain(
      `/panel/experiences/wydarzenia-kalendarza/${paidEvent.id}-`,
    );

    const trip = list.find((e) => e.summary === 'Podróż do Toskanii')!;
    expect(trip.startDate.isDate).toBe(true);
    expect(trip.startDate.toString()).toBe('2030-09-01');
    expect(trip.endDate.toString()).toBe('2030-09-06');
    expect(trip.location).toBe('Toskania, Włochy');
  });

  it('speaks the member language', async () => {
    const member = await createTestUser(t.app.db, { type: 'CUSTOMER', language: 'en' });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, member.id));
    const p = await product(t.app.db, { nameEn: 'Golf at the lake' });
    await order(t.app.db, member.id, 'PAID', [pick(p)]);
    const { calendar, events: list } = events((await feed(row!.calendarToken!)).body);
    expect(list.map((e) => e.summary)).toEqual(['Golf at the lake']);
    expect(list[0]!.location).toBe('Poznań Circuit');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Excellence Club – my experiences');
  });

  it('is an empty, valid calendar for a member without paid orders', async () => {
    const member = await createTestUser(t.app.db, { type: 'CUSTOMER' });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, member.id));
    const res = await feed(row!.calendarToken!);
    expect(res.statusCode).toBe(200);
    expect(events(res.body).events).toEqual([]);
  });

  it('is reachable without a session; the token comes from auth/me', async () => {
    const c = await signedInAs(t.app, 'customer@example.com');
    const token = (await c.get('/auth/me')).json().data.calendar2024_token as string;
    expect(token).toMatch(/^[\w-]{20,}$/);
    expect((await feed(token)).statusCode).toBe(200);
  });

  it.each(['unknown-token-0123456789abcdef', 'x', '..%2F..%2Fetc', 'a'.repeat(300)])(
    'unknown token %s is 404',
    async (token) => {
      const res = await feed(token);
      expect(res.statusCode).toBe(404);
      expect(res.json().success).toBe(false);
    },
  );
});

describe('zonedTime', () => {
  it('turns Warsaw wall-clock time into the right instant in winter and summer', () => {
    expect(zonedTime('2030-01-15', '12:00').toISOString()).toBe('2030-01-15T11:00:00.000Z');
    expect(zonedTime('2030-07-15', '12:00').toISOString()).toBe('2030-07-15T10:00:00.000Z');
    expect(zonedTime('2030-03-31', '03:30').toISOString()).toBe('2030-03-31T01:30:00.000Z');
  });
});
