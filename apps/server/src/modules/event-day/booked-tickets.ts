import type { LanguageCode } from '@club/shared';
import { TICKET_STATUS } from '@club/shared/schemas/event-day';
import { and, asc, eq, gte, inArray, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { contact, orderItems, orders, products, tickets } from '../../db/schema';

/**
 * The valid tickets of a member's bookings with everything a printed or mailed ticket says (issue
 * 29): the experience, when and where, what to bring, whom to ask. Grouped per order and experience
 * (a booking); the tickets in seat order (the member first). Void tickets are never here: they let
 * nobody in, so they are neither mailed nor printed.
 */
export type BookedTickets = {
  orderId: number;
  productId: number | null;
  experience: string;
  trip: boolean;
  startDate: string | null;
  startTime: string | null;
  endDate: string | null;
  endTime: string | null;
  place: string | null;
  bring: string | null;
  /** The experience's contact, or the club's (the contact page) when it names none. */
  email: string | null;
  phone: string | null;
  tickets: { code: string; name: string; surname: string; member: boolean }[];
};

/** Which bookings: one order's, or the member's experiences from a club day on. */
export type BookedTicketsFilter = { userId: number; orderId?: number; from?: string; productId?: number };

export async function bookedTickets(
  tx: Tx,
  filter: BookedTicketsFilter,
  lang: LanguageCode,
): Promise<BookedTickets[]> {
  const where: SQL[] = [eq(orders.userId, filter.userId), eq(tickets.status, TICKET_STATUS.VALID)];
  if (filter.orderId !== undefined) where.push(eq(tickets.orderId, filter.orderId));
  if (filter.productId !== undefined) where.push(eq(tickets.productId, filter.productId));
  if (filter.from !== undefined) where.push(gte(products.startDate, filter.from));
  const rows = await tx
    .select({ ticket: tickets, product: products })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .leftJoin(products, eq(products.id, tickets.productId))
    .where(and(...where))
    .orderBy(asc(products.startDate), asc(tickets.orderId), asc(tickets.orderItemId), asc(tickets.seat))
    .limit(200);
  if (rows.length === 0) return [];
  const [club] = await tx.select({ email: contact.email, phone: contact.phone }).from(contact).limit(1);
  const lineNames = await lineNamesOf(
    tx,
    rows.filter((r) => !r.product).map((r) => r.ticket.orderItemId),
  );
  const bookings = new Map<string, BookedTickets>();
  for (const { ticket: t, product: p } of rows) {
    const key = `${t.orderId}:${t.productId ?? `line-${t.orderItemId}`}`;
    let booking = bookings.get(key);
    if (!booking) {
      const en = lang === 'en';
      booking = {
        orderId: t.orderId,
        productId: t.productId,
        experience: p ? (en ? p.nameEn : p.namePl) : (lineNames.get(t.orderItemId) ?? ''),
        trip: p?.type === 'TRIP',
        startDate: p?.startDate ?? null,
        startTime: p?.startTime ?? null,
        endDate: p?.endDate ?? null,
        endTime: p?.endTime ?? null,
        place: (p && (en ? p.placeEn : p.placePl)) || null,
        bring: (p && (en ? p.bringEn : p.bringPl).trim()) || null,
        email: p?.contactEmail || club?.email || null,
        phone: p?.contactPhone || club?.phone || null,
        tickets: [],
      };
      bookings.set(key, booking);
    }
    booking.tickets.push({ code: t.code, name: t.name, surname: t.surname, member: t.seat === 0 });
  }
  return [...bookings.values()];
}

/** The names the order recorded, for tickets whose experience was removed since. */
async function lineNamesOf(tx: Tx, itemIds: number[]): Promise<Map<number, string>> {
  if (itemIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: orderItems.id, name: orderItems.productName })
    .from(orderItems)
    .where(inArray(orderItems.id, itemIds));
  return new Map(rows.map((r) => [r.id, r.name]));
}

const locale = (lang: LanguageCode) => (lang === 'en' ? 'en-GB' : 'pl-PL');
const longDay = (iso: string, lang: LanguageCode) =>
  new Intl.DateTimeFormat(locale(lang), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T00:00:00Z`));
const hhmm = (t: string | null) => (t && /^\d{2}:\d{2}/.test(t) ? t.slice(0, 5) : null);

/**
 * When, in the member's language and the club's wall-clock time: "sobota, 1 maja 2026, 10:00–18:00";
 * a trip runs to its end day ("… 10:00 – niedziela, 3 maja 2026, 16:00").
 */
export function whenOf(
  b: Pick<BookedTickets, 'startDate' | 'startTime' | 'endDate' | 'endTime'>,
  lang: LanguageCode,
) {
  if (!b.startDate) return null;
  const start = [longDay(b.startDate, lang), hhmm(b.startTime)].filter(Boolean).join(', ');
  const endTime = hhmm(b.endTime);
  if (b.endDate && b.endDate > b.startDate)
    return `${start} – ${[longDay(b.endDate, lang), endTime].filter(Boolean).join(', ')}`;
  return endTime && hhmm(b.startTime) ? `${start}–${endTime}` : start;
}

/** A search of the place in the member's maps application (any device opens it). */
export const mapUrlOf = (place: string | null) =>
  place ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place)}` : null;

/** The code in groups of four, as the member's ticket card shows it (the gate ignores the spaces). */
export const codeInGroups = (code: string) => code.match(/.{1,4}/g)?.join(' ') ?? code;
