import { categorySlug, type LanguageCode, ORDER_STATUS } from '@club/shared';
import { and, asc, eq } from 'drizzle-orm';
import ical from 'ical-generator';
import type { Tx } from '../../db/client';
import { categories, orderItems, orders, products } from '../../db/schema';
import { translate } from '../../i18n';
import { nameIn } from '../../lib/localized';

/** Experiences take place in Poland: dates and times of products are Warsaw wall-clock time. */
export const CLUB_TIME_ZONE = 'Europe/Warsaw';
/** A timed experience without an end time shows this long in calendars. */
const DEFAULT_DURATION_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export type CalendarEntry = {
  key: string;
  name: string;
  place: string | null;
  startDate: string;
  startTime: string | null;
  endDate: string | null;
  endTime: string | null;
  seats: number;
  url: string | null;
};

/** Offset of a time zone from UTC at a given instant, in milliseconds. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - instant;
}

/** The instant of a wall-clock date and time in the given zone (DST-aware). */
export function zonedTime(date: string, time: string, timeZone = CLUB_TIME_ZONE): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  let instant = wall - zoneOffsetMs(wall, timeZone);
  instant = wall - zoneOffsetMs(instant, timeZone);
  return new Date(instant);
}

const isTime = (v: string | null): v is string => !!v && /^\d{2}:\d{2}/.test(v);

/** The member's paid experiences, one entry per experience however many orders bought it. */
export async function listPaidExperiences(
  db: Tx,
  userId: number,
  lang: LanguageCode,
  publicUrl: string,
): Promise<CalendarEntry[]> {
  const rows = await db
    .select({
      itemId: orderItems.id,
      productId: orderItems.productId,
      productName: orderItems.productName,
      productStartDate: orderItems.productStartDate,
      quantity: orderItems.quantity,
      product: products,
      category: categories,
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .leftJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(orders.userId, userId), eq(orders.status, ORDER_STATUS.PAID)))
    .orderBy(asc(orderItems.productStartDate), asc(orderItems.id));

  const entries = new Map<string, CalendarEntry>();
  for (const row of rows) {
    const key = row.productId ? `product-${row.productId}` : `item-${row.itemId}`;
    const existing = entries.get(key);
    if (existing) {
      existing.seats += row.quantity;
      continue;
    }
    const p = row.product;
    const startDate = p?.startDate ?? row.productStartDate;
    if (!startDate) continue;
    const categoryName = row.category ? nameIn(lang, row.category) : null;
    entries.set(key, {
      key,
      name: p ? nameIn(lang, p) : row.productName,
      place: p ? (lang === 'en' ? p.placeEn : p.placePl) || null : null,
      startDate,
      startTime: p?.startTime ?? null,
      endDate: p?.endDate ?? null,
      endTime: p?.endTime ?? null,
      seats: row.quantity,
      url:
        p && categoryName
          ? `${publicUrl}/panel/experiences/${encodeURIComponent(categorySlug(categoryName))}/${p.id}-${p.alias}`
          : null,
    });
  }
  return [...entries.values()];
}

/** An iCalendar (RFC 5545) document of the entries; times are written in UTC, dates as all-day events. */
export function buildCalendar(entries: CalendarEntry[], lang: LanguageCode, host: string): string {
  const calendar = ical({
    name: translate(lang, 'account.calendar.name'),
    description: translate(lang, 'account.calendar.description'),
    prodId: { company: 'Excellence Club', product: 'Members Panel', language: lang.toUpperCase() },
    ttl: 60 * 60,
  });
  for (const e of entries) {
    const timed = isTime(e.startTime);
    let start: Date;
    let end: Date;
    if (timed) {
      start = zonedTime(e.startDate, e.startTime!);
      const endAt = isTime(e.endTime) ? zonedTime(e.endDate ?? e.startDate, e.endTime) : null;
      end = endAt && endAt > start ? endAt : new Date(start.getTime() + DEFAULT_DURATION_MS);
    } else {
      start = new Date(`${e.startDate}T00:00:00Z`);
      const last = e.endDate && e.endDate >= e.startDate ? e.endDate : e.startDate;
      end = new Date(new Date(`${last}T00:00:00Z`).getTime() + DAY_MS);
    }
    const lines = [translate(lang, 'account.calendar.seats', { count: e.seats })];
    if (e.url) lines.push(e.url);
    calendar.createEvent({
      id: `${e.key}@${host}`,
      start,
      end,
      allDay: !timed,
      summary: e.name,
      location: e.place,
      description: lines.join('\n'),
      url: e.url,
    });
  }
  return calendar.toString();
}
