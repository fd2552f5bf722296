import { ORDER_STATUS } from '@club/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, staffClient, type TestApp } from '../../../test/helpers';
import { loadSeatBoardItem } from './seat-board';
import { products } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Row = Record<string, unknown>;
const rowsOf = async (query: ReturnType<typeof sql>) =>
  ((await t.app.db.execute(query)) as unknown as { rows: Row[] }).rows;

/**
 * The demo's seats as a newcomer to the sales desk reads them: every seat an experience counts is a
 * person on its attendee list, and what it counts as sold are the people of paid orders.
 */
describe('demo seat orders', () => {
  it('every experience lists as many attendees as it counts seats, and its paid ones as sold', async () => {
    const all = await t.app.db.select({ id: products.id, seatsTaken: products.seatsTaken }).from(products);
    expect(all.length).toBeGreaterThan(20);
    let withSeats = 0;
    for (const p of all) {
      const item = (await loadSeatBoardItem(t.app.db, p.id, 'pl', 'all'))!;
      const paid = item.attendees.filter((a) => a.status === ORDER_STATUS.PAID);
      const where = `experience ${p.id}`;
      expect(item.board.sold, where).toBe(paid.length);
      expect(item.board.sold + item.board.held, where).toBe(item.attendees.length);
      expect(item.attendees.length, where).toBe(p.seatsTaken);
      // Everybody named: the members by their accounts, their guests on the order line.
      for (const a of item.attendees) expect(`${a.name} ${a.surname}`.trim(), where).not.toBe('');
      if (p.seatsTaken > 0) withSeats++;
    }
    expect(withSeats).toBeGreaterThan(15);
  });

  it('the seat board page says the same through the API', async () => {
    const operator = await staffClient(t.app, 'OPERATOR');
    const board = await operator.get('/admin/sales/seats?from=2000-01-01');
    expect(board.statusCode).toBe(200);
    const rows = board.json().data as { product_id: number; sold: number; held: number }[];
    const busiest = rows.reduce((a, b) => (b.sold > a.sold ? b : a));
    expect(busiest.sold).toBeGreaterThan(0);
    const item = await operator.get(`/admin/sales/seats/${busiest.product_id}`);
    expect(item.statusCode).toBe(200);
    const body = item.json().data as {
      board: { sold: number; held: number };
      attendees: { status: string }[];
      attendees_meta: { last_page: number };
    };
    expect(body.attendees_meta.last_page).toBe(1);
    expect(body.attendees.filter((a) => a.status === ORDER_STATUS.PAID)).toHaveLength(body.board.sold);
    expect(body.attendees).toHaveLength(body.board.sold + body.board.held);
  });

  it('leaves the kept counters equal to a recount, within the member limit, paid before the day', async () => {
    const counters = await rowsOf(sql`select p.id, p.seats_taken,
        coalesce((select s.seats_paid from product_sales s where s.product_id = p.id), 0) as kept_paid,
        coalesce((select sum(oi.quantity) from order_items oi join orders o on o.id = oi.order_id
          where oi.product_id = p.id and o.status = 'PAID'), 0) as paid,
        coalesce((select sum(oi.quantity) from order_items oi join orders o on o.id = oi.order_id
          where oi.product_id = p.id and o.status in ('WAITING_PAYMENT', 'PAID')), 0) as holding
      from products p order by p.id`);
    for (const c of counters) {
      expect(Number(c.kept_paid), `paid seats of ${c.id}`).toBe(Number(c.paid));
      expect(Number(c.seats_taken), `seats taken of ${c.id}`).toBe(Number(c.holding));
    }
    const members = await rowsOf(sql`select m.user_id, m.product_id, m.quantity, coalesce((
        select sum(oi.quantity) from order_items oi join orders o on o.id = oi.order_id
        where o.user_id = m.user_id and oi.product_id = m.product_id
          and o.status in ('WAITING_PAYMENT', 'PAID')), 0) as recount, p.member_limit
      from member_product_seats m join products p on p.id = m.product_id`);
    expect(members.length).toBeGreaterThan(50);
    for (const m of members) {
      expect(Number(m.quantity)).toBe(Number(m.recount));
      expect(Number(m.quantity)).toBeLessThanOrEqual(Number(m.member_limit));
    }
    // The demo customer's own history (seed/sales.ts) keeps its dates; the other members' orders:
    const [late] = await rowsOf(sql`select count(*)::int as n from orders o
      join order_items oi on oi.order_id = o.id join users u on u.id = o.user_id
      where o.status = 'PAID' and u.email <> 'customer@example.com' and (o.paid_at is null or o.paid_at < o.created_at or o.paid_at > now()
        or o.paid_at >= (oi.product_start_date::timestamp at time zone 'Europe/Warsaw'))`);
    expect(Number(late!.n)).toBe(0);
    // Their timelines say how they were paid, as the order page shows it.
    const [untold] = await rowsOf(sql`select count(*)::int as n from orders o join users u on u.id = o.user_id
      where o.status = 'PAID' and u.email <> 'customer@example.com' and not exists (
        select 1 from order_events e where e.order_id = o.id and e.kind = 'PAID' and e.created_at = o.paid_at)`);
    expect(Number(untold!.n)).toBe(0);
  });
});
