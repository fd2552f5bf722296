/** The console's sales dashboard (issue 17, docs/console-sales.md "Dashboard"); staff only. */
import { z } from 'zod';
import { ZDashboardQuery } from '../schemas/admin-dashboard';
import { defineEndpoint, object, ok } from './define';

/** PLN with at most two decimals (the wire's money), like every other amount of the API. */
const money = z.number();
const count = z.number().int();

/** One club week (Monday to Sunday, Europe/Warsaw): the orders paid in it and what they brought. */
export const ZDashboardWeek = object({
  /** The week's Monday, YYYY-MM-DD. */
  week_start: z.string(),
  orders: count,
  /** Gross (VAT included), less what was refunded. */
  amount: money,
});
export type TDashboardWeek = z.output<typeof ZDashboardWeek>;

/** An experience's sales in the chart's weeks: seats sold and its share of the orders' money. */
export const ZDashboardExperience = object({
  /** Null when the experience was removed since (the order keeps its name). */
  product_id: count.nullable(),
  name_pl: z.string(),
  name_en: z.string(),
  start_date: z.string().nullable(),
  orders: count,
  seats: count,
  amount: money,
});
export type TDashboardExperience = z.output<typeof ZDashboardExperience>;

/** An upcoming experience on sale: its seats sold, held by unpaid orders, free (null: no cap). */
export const ZDashboardSeats = object({
  product_id: count,
  name_pl: z.string(),
  name_en: z.string(),
  start_date: z.string(),
  capacity: count.nullable(),
  sold: count,
  held: count,
  free: count.nullable(),
});
export type TDashboardSeats = z.output<typeof ZDashboardSeats>;

/**
 * Attendance after an experience (issue 29): of its valid tickets, how many came (let in on any of
 * its check-in lists, even if they left later) and how many did not; `came` also counts tickets let
 * in by an override.
 */
export const ZDashboardAttendance = object({
  product_id: count,
  name_pl: z.string(),
  name_en: z.string(),
  start_date: z.string(),
  expected: count,
  came: count,
  no_show: count,
});
export type TDashboardAttendance = z.output<typeof ZDashboardAttendance>;

export const ZDashboard = object({
  /** The club's day the figures were read on, and the first day (a Monday) of the chart's weeks. */
  today: z.string(),
  from: z.string(),
  weeks: z.array(ZDashboardWeek),
  /** The window's totals (the sum of `weeks`). */
  totals: object({ orders: count, amount: money }),
  /** Up to DASHBOARD_TOP_EXPERIENCES experiences, most money first. */
  experiences: z.array(ZDashboardExperience),
  /** Up to DASHBOARD_UPCOMING experiences on sale, soonest first. */
  seats: z.array(ZDashboardSeats),
  waiting_payment: object({ orders: count, amount: money }),
  invoice_requests: object({ orders: count }),
  /** Up to DASHBOARD_ATTENDANCE experiences with tickets that began by today, latest first. */
  attendance: z.array(ZDashboardAttendance),
});
export type TDashboard = z.output<typeof ZDashboard>;

export const adminDashboardContract = {
  read: defineEndpoint({
    method: 'GET',
    path: '/admin/dashboard',
    summary:
      'The sales dashboard: orders paid per club week (Monday first, Europe/Warsaw), sales per experience, seats of the upcoming experiences, orders waiting for payment and invoice requests waiting',
    access: 'staff',
    query: ZDashboardQuery,
    responses: { 200: ok(ZDashboard) },
  }),
};
