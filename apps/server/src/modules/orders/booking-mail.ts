import { type LanguageCode, formatMoney, groszeToPln } from '@club/shared';
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orderItems, type orders, products } from '../../db/schema';
import { zonedTime } from '../account/calendar';
import { ticketMailParts } from '../event-day/ticket-mail';
import type { MailData } from '../mail/templates';
import { nameIn } from '../../lib/localized';

/** A timed experience without an end time lasts this long in the calendar file (as in the feed). */
const DEFAULT_DURATION_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const isTime = (v: string | null | undefined): v is string => !!v && /^\d{2}:\d{2}/.test(v);

/**
 * The booking confirmation's data (template `order-paid`): the order's lines and one calendar event
 * per booked experience date, its times turned from Warsaw wall-clock time into UTC instants, and
 * the tickets the payment issued (QR codes inline, the PDF attached; issue 29).
 */
export async function bookingMailData(
  tx: Tx,
  order: typeof orders.$inferSelect,
  lang: LanguageCode,
  opts: { publicUrl: string; historyUrl: string },
): Promise<MailData['order-paid']> {
  const rows = await tx
    .select({ line: orderItems, product: products })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));
  const host = new URL(opts.publicUrl).hostname;
  const events: MailData['order-paid']['events'] = [];
  for (const { line, product: p } of rows) {
    const startDate = p?.startDate ?? line.productStartDate;
    if (!startDate) continue;
    const name = p ? nameIn(lang, p) : line.productName;
    let start: Date;
    let end: Date;
    const timed = isTime(p?.startTime);
    if (timed) {
      start = zonedTime(startDate, p!.startTime!);
      const endAt = isTime(p?.endTime) ? zonedTime(p!.endDate ?? startDate, p!.endTime!) : null;
      end = endAt && endAt > start ? endAt : new Date(start.getTime() + DEFAULT_DURATION_MS);
    } else {
      start = new Date(`${startDate}T00:00:00Z`);
      const last = p?.endDate && p.endDate >= startDate ? p.endDate : startDate;
      end = new Date(new Date(`${last}T00:00:00Z`).getTime() + DAY_MS);
    }
    events.push({
      uid: `order-${order.id}-line-${line.id}@${host}`,
      summary: name,
      location: p ? (lang === 'en' ? p.placeEn : p.placePl) || null : null,
      seats: line.quantity,
      url: opts.historyUrl,
      start,
      end,
      allDay: !timed,
    });
  }
  return {
    orderId: order.id,
    total: formatMoney(groszeToPln(order.totalGrosze), lang),
    lines: rows.map(({ line, product: p }) => ({
      name: p ? nameIn(lang, p) : line.productName,
      date: p?.startDate ?? line.productStartDate,
      quantity: line.quantity,
    })),
    url: opts.historyUrl,
    events,
    ...(order.userId
      ? await ticketMailParts(tx, { userId: order.userId, orderId: order.id }, lang)
      : { bookings: [], ticketsPdf: null }),
  };
}
