import { ORDER_STATUS } from '@club/shared';
import { and, eq, exists, gt, gte, inArray, lte, notExists, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { bookingReminders, orderItems, orders, products, tickets, users } from '../../db/schema';
import { clubToday } from '../../lib/club-day';
import { zonedTime } from '../account/calendar';
import { whenOf } from './booked-tickets';
import { ticketMailParts } from './ticket-mail';

type Deps = Pick<FastifyInstance, 'db' | 'mailer' | 'config' | 'log'>;

const BATCH = 25;
const DAY_MS = 24 * 60 * 60 * 1000;
const minusDays = (iso: string, days: number) =>
  new Date(new Date(`${iso}T00:00:00Z`).getTime() - days * DAY_MS).toISOString().slice(0, 10);

/**
 * The reminder before an experience (issue 29, docs/event-day.md): `reminder_days` before the start
 * (per experience, default 2; 0: none), each paid booking with a valid ticket gets its tickets once
 * more, in the member's language. Once per booking, across restarts and processes: the bookings due
 * are claimed with FOR UPDATE SKIP LOCKED (two processes take different ones), and the row in
 * `booking_reminders` (unique per order, experience and kind) is written in the transaction that
 * queues the mail, so a mail exists exactly when its row does. A booking paid after the reminder's
 * day began has just had the same tickets in its confirmation: its row is written with no mail.
 * Returns how many reminders were queued.
 */
export async function sendDueReminders(deps: Deps, today = clubToday()): Promise<number> {
  let queued = 0;
  for (;;) {
    const { claimed, mailed } = await deps.db.transaction((tx) => remindBatch(tx, deps, today));
    queued += mailed;
    if (claimed < BATCH) break;
  }
  if (queued > 0) deps.mailer.flushInBackground(deps.db);
  return queued;
}

async function remindBatch(tx: Tx, deps: Deps, today: string) {
  const due = await tx
    .select({
      orderId: orders.id,
      userId: orders.userId,
      paidAt: orders.paidAt,
      productId: products.id,
      startDate: products.startDate,
      reminderDays: products.reminderDays,
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(
      and(
        eq(orders.status, ORDER_STATUS.PAID),
        gt(products.reminderDays, 0),
        gte(products.startDate, today),
        lte(sql`${products.startDate} - ${products.reminderDays}`, sql`${today}::date`),
        exists(
          tx
            .select({ one: sql`1` })
            .from(tickets)
            .where(and(eq(tickets.orderItemId, orderItems.id), eq(tickets.status, 'VALID'))),
        ),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(bookingReminders)
            .where(
              and(
                eq(bookingReminders.orderId, orders.id),
                eq(bookingReminders.productId, products.id),
                eq(bookingReminders.kind, 'BEFORE_START'),
              ),
            ),
        ),
      ),
    )
    .orderBy(orders.id, products.id)
    .limit(BATCH)
    .for('update', { of: orders, skipLocked: true });
  const seen = new Set<string>();
  const pending = due.filter((d) => {
    const key = `${d.orderId}:${d.productId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const people = pending.length
    ? await tx
        .select({ id: users.id, email: users.email, language: users.languageCode })
        .from(users)
        .where(
          inArray(
            users.id,
            pending.map((p) => p.userId ?? 0),
          ),
        )
    : [];
  let mailed = 0;
  for (const booking of pending) {
    const [row] = await tx
      .insert(bookingReminders)
      .values({ orderId: booking.orderId, productId: booking.productId, kind: 'BEFORE_START' })
      .onConflictDoNothing()
      .returning({ id: bookingReminders.id });
    if (!row) continue; // another process reminded it meanwhile
    const person = people.find((p) => p.id === booking.userId);
    const windowOpened = zonedTime(minusDays(booking.startDate, booking.reminderDays), '00:00');
    if (!person || !booking.paidAt || booking.paidAt >= windowOpened) continue;
    const lang = person.language === 'en' ? 'en' : 'pl';
    const parts = await ticketMailParts(
      tx,
      { userId: person.id, orderId: booking.orderId, productId: booking.productId },
      lang,
    );
    const first = parts.bookings[0];
    if (!first) continue;
    const [product] = await tx.select().from(products).where(eq(products.id, booking.productId));
    const outboxId = await deps.mailer.queue(tx, {
      template: 'booking-reminder',
      to: person.email,
      language: lang,
      data: {
        orderId: booking.orderId,
        experience: first.experience,
        when: product ? whenOf(product, lang) : first.when,
        url: `${deps.config.PUBLIC_URL}/panel/account/club-card`,
        ...parts,
      },
    });
    await tx.update(bookingReminders).set({ outboxId }).where(eq(bookingReminders.id, row.id));
    mailed++;
  }
  return { claimed: due.length, mailed };
}
