import { readTogether } from '../../lib/read-together';
import { groszeToPln, ORDER_STATUS, PUBLISHED_ON_SALE } from '@club/shared';
import type {
  TDashboard,
  TDashboardAttendance,
  TDashboardExperience,
  TDashboardWeek,
} from '@club/shared/contract/admin-dashboard';
import { and, asc, desc, eq, gte, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orderItems, orders, products, productSales, tickets } from '../../db/schema';
import { clubToday } from '../../lib/club-day';
import { outer } from '../../lib/outer-column';

/** The experiences the dashboard lists: the best sellers of the window, the soonest upcoming. */
export const DASHBOARD_TOP_EXPERIENCES = 10;
export const DASHBOARD_UPCOMING = 8;
/** The experiences the attendance lists: those with tickets that began in the last half-year, latest first. */
export const DASHBOARD_ATTENDANCE = 8;

const DAY_MS = 86_400_000;
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** The Monday of a club day's ISO week. */
export const mondayOf = (day: string) => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));

/** A sum of integer grosze comes back as bigint (a string on the wire from PostgreSQL). */
const grosze = (v: unknown) => Number(v ?? 0);

/**
 * The window as instants: from the first Monday's midnight to the next week's Monday's, midnight in the club's zone (so a
 * payment at 00:30 on a Monday in Warsaw, 23:30 UTC on Sunday, belongs to that Monday's week).
 */
const paidBetween = (from: string, until: string): SQL =>
  and(
    // A literal, not a parameter: the partial index orders_paid_idx (status = 'PAID') then applies
    // to the server's generic plans too.
    sql`${orders.status} = 'PAID'`,
    gte(orders.paidAt, sql`(${from}::timestamp at time zone 'Europe/Warsaw')`),
    lt(orders.paidAt, sql`(${until}::timestamp at time zone 'Europe/Warsaw')`),
  )!;

const clubWeek = sql<string>`(date_trunc('week', ${orders.paidAt} at time zone 'Europe/Warsaw'))::date::text`;

/** The dashboard's statements, apart from their use so the scale test can EXPLAIN them. */
export const weekQuery = (db: Tx, from: string, until: string) =>
  db
    .select({
      week: clubWeek,
      orders: sql<number>`count(*)::int`,
      amount: sql<string>`sum(${orders.totalGrosze} - ${orders.refundedGrosze})`,
    })
    .from(orders)
    .where(paidBetween(from, until))
    .groupBy(clubWeek);

/** Orders paid per club week (Monday first), with the weeks that sold nothing. */
async function salesPerWeek(db: Tx, from: string, until: string, weeks: number): Promise<TDashboardWeek[]> {
  const rows = await weekQuery(db, from, until);
  const byWeek = new Map(rows.map((r) => [r.week, r]));
  return Array.from({ length: weeks }, (_, i) => {
    const start = addDays(from, i * 7);
    const row = byWeek.get(start);
    return { week_start: start, orders: Number(row?.orders ?? 0), amount: groszeToPln(grosze(row?.amount)) };
  });
}

/**
 * Each experience's part of the window's paid orders: seats, orders, and its share of what the
 * orders brought (a line's value × the order's total less refunds ÷ the order's value before the
 * discount), so that the experiences add up to the weeks' amount, discounts and refunds included.
 */
export const experienceQuery = (db: Tx, from: string, until: string) => {
  const amount = sql<string>`round(sum(${orderItems.priceGrosze}::numeric * ${orderItems.quantity}
    * (${orders.totalGrosze} - ${orders.refundedGrosze})
    / nullif(${orders.totalGrosze} + ${orders.discountGrosze}, 0)))`;
  const seats = sql<number>`sum(${orderItems.quantity})::int`;
  const removedName = sql`case when ${orderItems.productId} is null then ${orderItems.productName} end`;
  // The lines are summed per experience first; only the best ones are joined to their experience.
  const top = db
    .select({
      productId: orderItems.productId,
      lineName: sql<string>`max(${orderItems.productName})`.as('line_name'),
      lineDate: sql<string | null>`max(${orderItems.productStartDate})::text`.as('line_date'),
      orders: sql<number>`count(distinct ${orders.id})::int`.as('orders'),
      seats: seats.as('seats'),
      amount: sql<string>`coalesce(${amount}, 0)`.as('amount'),
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(paidBetween(from, until))
    .groupBy(orderItems.productId, removedName)
    .orderBy(desc(sql`coalesce(${amount}, 0)`), desc(seats), asc(orderItems.productId))
    .limit(DASHBOARD_TOP_EXPERIENCES)
    .as('top');
  return db
    .select({
      productId: top.productId,
      lineName: top.lineName,
      namePl: products.namePl,
      nameEn: products.nameEn,
      startDate: sql<string | null>`coalesce(${products.startDate}::text, ${top.lineDate})`,
      orders: top.orders,
      seats: top.seats,
      amount: top.amount,
    })
    .from(top)
    .leftJoin(products, eq(products.id, top.productId))
    .orderBy(desc(top.amount), desc(top.seats), asc(top.productId));
};

async function salesPerExperience(db: Tx, from: string, until: string): Promise<TDashboardExperience[]> {
  const rows = await experienceQuery(db, from, until);
  return rows.map((r) => ({
    product_id: r.productId,
    name_pl: r.namePl ?? r.lineName,
    name_en: r.nameEn ?? r.lineName,
    start_date: r.startDate,
    orders: Number(r.orders),
    seats: Number(r.seats),
    amount: groszeToPln(grosze(r.amount)),
  }));
}

/** The soonest experiences on sale from today: sold (paid), held (unpaid), free, from the kept counters. */
export const seatsQuery = (db: Tx, today: string) =>
  db
    .select({
      id: products.id,
      namePl: products.namePl,
      nameEn: products.nameEn,
      startDate: products.startDate,
      totalSeats: products.totalSeats,
      seatsTaken: products.seatsTaken,
      seatsPaid: sql<number>`coalesce(${productSales.seatsPaid}, 0)`,
    })
    .from(products)
    .leftJoin(productSales, eq(productSales.productId, products.id))
    .where(
      and(
        isNull(products.archivedAt),
        eq(products.published, PUBLISHED_ON_SALE),
        gte(products.startDate, today),
      ),
    )
    .orderBy(asc(products.startDate), asc(products.id))
    .limit(DASHBOARD_UPCOMING);

async function upcomingSeats(db: Tx, today: string) {
  const rows = await seatsQuery(db, today);
  return rows.map((r) => {
    const sold = Math.max(0, Number(r.seatsPaid));
    return {
      product_id: r.id,
      name_pl: r.namePl,
      name_en: r.nameEn,
      start_date: r.startDate,
      capacity: r.totalSeats,
      sold,
      held: Math.max(0, r.seatsTaken - sold),
      free: r.totalSeats === null ? null : Math.max(0, r.totalSeats - r.seatsTaken),
    };
  });
}

/** Orders waiting for payment (the orders list filtered by that status shows the same ones). */
export const waitingQuery = (db: Tx) =>
  db
    .select({
      orders: sql<number>`count(*)::int`,
      amount: sql<string>`coalesce(sum(${orders.totalGrosze}), 0)`,
    })
    .from(orders)
    .where(eq(orders.status, ORDER_STATUS.WAITING_PAYMENT));

async function waitingPayment(db: Tx) {
  const [row] = await waitingQuery(db);
  return { orders: Number(row?.orders ?? 0), amount: groszeToPln(grosze(row?.amount)) };
}

/** Paid orders that asked for a VAT invoice and have none yet: the invoices queue's length. */
export const invoiceQuery = (db: Tx) =>
  db
    .select({ orders: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        // Literals, so the partial index orders_invoice_requests_idx applies to the generic plan.
        sql`${orders.status} = 'PAID' and ${orders.isInvoice}`,
        sql`not exists (select 1 from invoices i where i.order_id = ${outer(orders.id)} and i.kind = 'INVOICE')`,
      ),
    );

async function invoiceRequests(db: Tx) {
  const [row] = await invoiceQuery(db);
  return { orders: Number(row?.orders ?? 0) };
}

/**
 * Came and no-show per experience that began by today (issue 29, docs/event-day.md), from the
 * check-ins: a ticket came when it was let in on any list of its experience. The experiences are
 * chosen first (by their start date, among those with tickets), then only theirs are counted.
 */
export const attendanceQuery = (db: Tx, today: string) => {
  const recent = db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        lte(products.startDate, today),
        gte(products.startDate, addDays(today, -183)),
        sql`exists (select 1 from tickets t where t.product_id = ${outer(products.id)})`,
      ),
    )
    .orderBy(desc(products.startDate), desc(products.id))
    .limit(DASHBOARD_ATTENDANCE)
    .as('recent');
  const came = sql`exists (select 1 from check_ins c where c.ticket_id = ${outer(tickets.id)})`;
  return db
    .select({
      id: products.id,
      namePl: products.namePl,
      nameEn: products.nameEn,
      startDate: products.startDate,
      expected: sql<number>`count(*) filter (where ${tickets.status} = 'VALID')::int`,
      came: sql<number>`count(*) filter (where ${came})::int`,
      noShow: sql<number>`count(*) filter (where ${tickets.status} = 'VALID' and not ${came})::int`,
    })
    .from(recent)
    .innerJoin(products, eq(products.id, recent.id))
    .innerJoin(tickets, eq(tickets.productId, products.id))
    .groupBy(products.id)
    .orderBy(desc(products.startDate), desc(products.id));
};

async function attendance(db: Tx, today: string): Promise<TDashboardAttendance[]> {
  const rows = await attendanceQuery(db, today);
  return rows.map((r) => ({
    product_id: r.id,
    name_pl: r.namePl,
    name_en: r.nameEn,
    start_date: r.startDate,
    expected: Number(r.expected),
    came: Number(r.came),
    no_show: Number(r.noShow),
  }));
}

/** Every figure of the dashboard, read for the club's today (Europe/Warsaw). */
export async function readDashboard(db: Tx, weeks: number, now = new Date()): Promise<TDashboard> {
  const today = clubToday(now);
  const from = addDays(mondayOf(today), -7 * (weeks - 1));
  const until = addDays(from, 7 * weeks);
  const [perWeek, experiences, seats, waiting, invoices, came] = await readTogether(db, [
    () => salesPerWeek(db, from, until, weeks),
    () => salesPerExperience(db, from, until),
    () => upcomingSeats(db, today),
    () => waitingPayment(db),
    () => invoiceRequests(db),
    () => attendance(db, today),
  ] as const);
  return {
    today,
    from,
    weeks: perWeek,
    totals: {
      orders: perWeek.reduce((s, w) => s + w.orders, 0),
      amount: groszeToPln(perWeek.reduce((s, w) => s + Math.round(w.amount * 100), 0)),
    },
    experiences,
    seats,
    waiting_payment: waiting,
    invoice_requests: invoices,
    attendance: came,
  };
}
