import { formatPhone } from '@club/shared/validators/phone';
import type { LanguageCode } from '@club/shared';
import { HOLDING_ORDER_STATUSES } from '@club/shared';
import type { TSeatAttendee, TSeatBoardItem, TSeatBoardRow } from '@club/shared/contract/admin-orders';
import {
  PAGE_SIZE_ATTENDEES,
  PAGE_SIZE_SEAT_BOARD,
  type ZSeatBoardQuery,
} from '@club/shared/schemas/admin-orders';
import { and, asc, eq, gte, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { orderItems, orders, products, productSales, users } from '../../db/schema';
import { clubToday } from '../../lib/club-day';
import { pageMeta } from '../../lib/page-meta';
import { translate } from '../../i18n';
import { excelCsv } from './excel-csv';
import { outer } from '../../lib/outer-column';

type BoardQuery = z.output<typeof ZSeatBoardQuery>;
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The seat board's figures from the kept counters, never a rescan of the orders: products.seats_taken
 * (seats in waiting and paid orders), product_sales.seats_paid (paid, migration 0010) and the
 * waiting list's unmailed wishes, counted on its (product_id, user_id) key.
 */
const boardColumns = {
  id: products.id,
  namePl: products.namePl,
  nameEn: products.nameEn,
  startDate: products.startDate,
  startTime: products.startTime,
  totalSeats: products.totalSeats,
  seatsTaken: products.seatsTaken,
  seatsHeld: products.seatsHeld,
  seatsPaid: sql<number>`coalesce(${productSales.seatsPaid}, 0)`,
  // In line without a held seat (the open offers are few: read by their partial unique index).
  waiting: sql<number>`(select count(*)::int from product_notifications n
    where n.product_id = ${outer(products.id)} and not exists (select 1 from seat_offers o
      where o.product_id = n.product_id and o.user_id = n.user_id and o.status = 'OFFERED'))`,
};

type BoardRow = {
  id: number;
  namePl: string;
  nameEn: string;
  startDate: string;
  startTime: string | null;
  totalSeats: number | null;
  seatsTaken: number;
  seatsHeld: number;
  seatsPaid: number;
  waiting: number;
};

function toBoardRow(r: BoardRow): TSeatBoardRow {
  const sold = Math.max(0, Number(r.seatsPaid));
  const held = Math.max(0, r.seatsTaken - sold);
  return {
    product_id: r.id,
    name_pl: r.namePl,
    name_en: r.nameEn,
    start_date: r.startDate,
    start_time: r.startTime,
    capacity: r.totalSeats,
    sold,
    held,
    held_for_list: r.seatsHeld,
    free: r.totalSeats === null ? null : Math.max(0, r.totalSeats - r.seatsTaken - r.seatsHeld),
    waiting: Number(r.waiting),
  };
}

/** The board: experiences (not archived) from a day on (default today), soonest first, a page at a time. */
export async function listSeatBoard(db: Tx, q: BoardQuery) {
  const filters: SQL[] = [isNull(products.archivedAt), gte(products.startDate, q.from ?? clubToday())];
  if (q.to) filters.push(lte(products.startDate, q.to));
  if (q.q) {
    const like = `%${escapeLike(q.q)}%`;
    filters.push(or(ilike(products.namePl, like), ilike(products.nameEn, like))!);
  }
  const where = and(...filters);
  const [{ total }] = (await db
    .select({ total: sql<number>`count(*)::int` })
    .from(products)
    .where(where)) as [{ total: number }];
  const rows = await db
    .select(boardColumns)
    .from(products)
    .leftJoin(productSales, eq(productSales.productId, products.id))
    .where(where)
    .orderBy(asc(products.startDate), asc(products.id))
    .limit(PAGE_SIZE_SEAT_BOARD)
    .offset((q.page - 1) * PAGE_SIZE_SEAT_BOARD);
  return { data: rows.map(toBoardRow), meta: pageMeta(q.page, PAGE_SIZE_SEAT_BOARD, Number(total)) };
}

/**
 * The attendees of one experience: every seat of its waiting and paid orders, by order; `page` is a
 * page of `PAGE_SIZE_ATTENDEES` order lines (read through order_items' (product_id, order_id) index,
 * so a page costs the same at 50 or 5,000 attendees), `'all'` the whole list (the CSV). One query:
 * the lines with two windows over the experience's lines (how many there are, and how many people
 * come before each, so the list is numbered through its pages), then the page's members only.
 */
/** Whether an attendee came (let in at the gate), did not (a valid ticket never let in), or has no ticket. */
type Attendance = 'CAME' | 'NO_SHOW' | null;
type DeskAttendee = TSeatAttendee & { attendance: Attendance };

async function attendeesOf(
  db: Tx,
  productId: number,
  page: number | 'all',
): Promise<{ attendees: DeskAttendee[]; lines: number; before: number }> {
  const peopleOnLine = sql`jsonb_array_length(${orderItems.persons}) + (${orders.userId} is not null)::int`;
  const lines = db
    .select({
      itemId: orderItems.id,
      orderId: sql<number>`${orders.id}`.as('order_id'),
      userId: orders.userId,
      status: orders.status,
      persons: orderItems.persons,
      answer: orderItems.cartLabelAnswer,
      lines: sql<number>`count(*) over ()`.as('lines'),
      before:
        sql<number>`coalesce(sum(${peopleOnLine}) over (order by ${orderItems.orderId}, ${orderItems.id} rows between unbounded preceding and 1 preceding), 0)`.as(
          'before',
        ),
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.productId, productId), inArray(orders.status, [...HOLDING_ORDER_STATUSES])))
    .orderBy(asc(orderItems.orderId), asc(orderItems.id));
  const chosen = (
    page === 'all' ? lines : lines.limit(PAGE_SIZE_ATTENDEES).offset((page - 1) * PAGE_SIZE_ATTENDEES)
  ).as('line');
  const rows = await db
    .select({
      orderId: chosen.orderId,
      status: chosen.status,
      persons: chosen.persons,
      answer: chosen.answer,
      // The event day (issue 29), for the CSV only: the line's seats let in on any list, and those
      // with a valid ticket (a page of the board does not show attendance, so it does not read it).
      cameSeats:
        page === 'all'
          ? sql<number[]>`(select coalesce(array_agg(t.seat), '{}') from tickets t
              where t.order_item_id = ${chosen.itemId} and exists (select 1 from check_ins c where c.ticket_id = t.id))`
          : sql<number[]>`'{}'::int[]`,
      ticketSeats:
        page === 'all'
          ? sql<number[]>`(select coalesce(array_agg(t.seat), '{}') from tickets t
              where t.order_item_id = ${chosen.itemId} and t.status = 'VALID')`
          : sql<number[]>`'{}'::int[]`,
      lines: chosen.lines,
      before: chosen.before,
      name: users.name,
      surname: users.surname,
      email: users.email,
      phone: users.phone,
      phonePrefix: users.phonePrefix,
    })
    .from(chosen)
    .leftJoin(users, eq(users.id, chosen.userId))
    .orderBy(asc(chosen.orderId), asc(chosen.itemId));
  const attendees = rows.flatMap((r) => {
    const email = r.email ?? null;
    const phone = formatPhone(r.phonePrefix, r.phone);
    const base = { order_id: r.orderId, status: r.status, email, phone, label_answer: r.answer };
    // Seat 0 is the member who booked, seats 1.. the persons in the line's order (event-day/tickets.ts).
    const seat = (n: number): Attendance =>
      r.cameSeats.map(Number).includes(n) ? 'CAME' : r.ticketSeats.map(Number).includes(n) ? 'NO_SHOW' : null;
    return [
      ...(r.email !== null
        ? [{ ...base, name: r.name ?? '', surname: r.surname ?? '', is_member: true, attendance: seat(0) }]
        : []),
      ...r.persons.map((p, i) => ({
        ...base,
        name: p.name,
        surname: p.surname,
        is_member: false,
        attendance: seat(i + 1),
      })),
    ];
  });
  // A page past the end has no row to carry the count: ask again for the first page's figures.
  if (rows.length === 0 && page !== 'all' && page > 1) {
    const { lines: total } = await attendeesOf(db, productId, 1);
    return { attendees, lines: total, before: 0 };
  }
  return { attendees, lines: Number(rows[0]?.lines ?? 0), before: Number(rows[0]?.before ?? 0) };
}

type CsvItem = TSeatBoardItem & { attendance: Attendance[] };

export async function loadSeatBoardItem(
  db: Tx,
  productId: number,
  lang: LanguageCode,
  page: number | 'all' = 1,
): Promise<TSeatBoardItem | null> {
  const item = await loadItem(db, productId, lang, page);
  if (!item) return null;
  const { attendance: _, ...rest } = item;
  return rest;
}

/** The whole attendee list for the CSV, with each attendee's attendance (issue 29). */
export const loadAttendeesCsvItem = (db: Tx, productId: number, lang: LanguageCode) =>
  loadItem(db, productId, lang, 'all');

async function loadItem(
  db: Tx,
  productId: number,
  lang: LanguageCode,
  page: number | 'all',
): Promise<CsvItem | null> {
  const [row] = await db
    .select({
      ...boardColumns,
      labelPl: products.cartLabelPl,
      labelEn: products.cartLabelEn,
      placePl: products.placePl,
      placeEn: products.placeEn,
    })
    .from(products)
    .leftJoin(productSales, eq(productSales.productId, products.id))
    .where(eq(products.id, productId));
  if (!row) return null;
  const { attendees, lines, before } = await attendeesOf(db, productId, page);
  return {
    board: toBoardRow(row),
    label: (lang === 'en' ? row.labelEn : row.labelPl) ?? null,
    place: lang === 'en' ? row.placeEn : row.placePl,
    attendees: attendees.map(({ attendance: _, ...a }) => a),
    /** Per attendee, in the same order: the CSV's attendance column. */
    attendance: attendees.map((a) => a.attendance),
    attendees_from: before + 1,
    attendees_meta: pageMeta(page === 'all' ? 1 : page, PAGE_SIZE_ATTENDEES, lines),
  };
}

/** The attendee list as Excel CSV, headed in the staff member's language. */
export function attendeesCsv(item: CsvItem, lang: LanguageCode): string {
  const h = (key: string) => translate(lang, `desk.csv.${key}`);
  const status = (s: string) => translate(lang, `orders.status.${s}`);
  // "No-show" once the experience has begun; before, only who already came is marked.
  const begun = item.board.start_date <= clubToday();
  const attendance = (a: Attendance) =>
    a === 'CAME' ? h('came') : a === 'NO_SHOW' && begun ? h('noShow') : '';
  return excelCsv([
    [
      h('order'),
      h('status'),
      h('name'),
      h('surname'),
      h('role'),
      h('email'),
      h('phone'),
      h('answer'),
      h('attendance'),
    ],
    ...item.attendees.map((a, i) => [
      a.order_id,
      status(a.status),
      a.name,
      a.surname,
      a.is_member ? h('member') : h('guest'),
      a.email,
      a.phone,
      a.label_answer,
      attendance(item.attendance[i] ?? null),
    ]),
  ]);
}

/** A file name of plain letters: the experience's name without Polish letters, and its date. */
export function attendeesFileName(item: TSeatBoardItem): string {
  const slug = item.board.name_pl
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60)
    .toLowerCase();
  return `attendees-${item.board.start_date}-${slug || item.board.product_id}.csv`;
}
