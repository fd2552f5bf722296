import { ORDER_EVENT_KIND, ORDER_STATUS, PUBLISHED_ON_SALE } from '@club/shared';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { discountCodes, orderItems, orders, products, users } from '../../db/schema';
import { clubToday } from '../../lib/club-day';
import { notifyWaitingList } from '../catalog/notify-waiting-list';
import { issueTickets, voidTickets } from '../event-day/tickets';
import { offerFreeSeats } from '../catalog/seat-offers';
import { bookingMailData } from './booking-mail';
import { recordOrderEvent } from './timeline';

export type OrderRow = typeof orders.$inferSelect;
type Deps = Pick<FastifyInstance, 'db' | 'mailer' | 'config' | 'log'>;

export async function buyerOf(tx: Tx, order: Pick<OrderRow, 'userId'>) {
  if (!order.userId) return null;
  const [user] = await tx
    .select({ email: users.email, language: users.languageCode })
    .from(users)
    .where(eq(users.id, order.userId));
  return user
    ? { email: user.email, lang: user.language === 'en' ? ('en' as const) : ('pl' as const) }
    : null;
}

export const historyUrl = (deps: Pick<Deps, 'config'>) =>
  `${deps.config.PUBLIC_URL}/panel/account/shopping-history`;

/**
 * Marks an order that waited for payment as paid, issues its tickets (issue 29) and mails the member
 * the confirmation, all in the caller's transaction.
 */
export async function markOrderPaid(tx: Tx, deps: Deps, order: OrderRow): Promise<void> {
  await tx
    .update(orders)
    .set({ status: ORDER_STATUS.PAID, paidAt: new Date(), expiresAt: null })
    .where(eq(orders.id, order.id));
  await issueTickets(tx, order.id);
  await mailPaid(tx, deps, order);
}

export async function mailPaid(tx: Tx, deps: Deps, order: OrderRow): Promise<void> {
  const buyer = await buyerOf(tx, order);
  if (!buyer) return;
  const data = await bookingMailData(tx, order, buyer.lang, {
    publicUrl: deps.config.PUBLIC_URL,
    historyUrl: historyUrl(deps),
  });
  await deps.mailer.queue(tx, { template: 'order-paid', to: buyer.email, language: buyer.lang, data });
}

/**
 * Cancels an order the caller has locked (FOR UPDATE): gives its seats and its discount-code use
 * back, mails the member (`byClub`: the sales desk cancelled it), and tells the waiting list of every experience that has seats again. Rows are locked in the
 * order placing an order locks them (place-order.ts): the discount code, the member's seat counters
 * (the status change, by trigger), then the experiences in id order, so the two never deadlock.
 */
export async function cancelLockedOrder(
  tx: Tx,
  deps: Deps,
  order: OrderRow,
  opts: { byClub?: boolean } = {},
): Promise<void> {
  if (order.discountCodeId) {
    await tx
      .update(discountCodes)
      .set({ usedCount: sql`greatest(${discountCodes.usedCount} - 1, 0)` })
      .where(eq(discountCodes.id, order.discountCodeId));
  }
  await tx
    .update(orders)
    .set({ status: ORDER_STATUS.CANCELLED, cancelledAt: new Date(), expiresAt: null })
    .where(eq(orders.id, order.id));
  // A paid order's tickets stop letting anyone in, in this same transaction (issue 29).
  await voidTickets(tx, order.id, 'CANCELLED');
  const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  const byProduct = new Map<number, number>();
  for (const l of lines)
    if (l.productId) byProduct.set(l.productId, (byProduct.get(l.productId) ?? 0) + l.quantity);
  const ids = [...byProduct.keys()].sort((a, b) => a - b);
  const today = clubToday();
  for (const id of ids) {
    const [product] = await tx
      .update(products)
      .set({ seatsTaken: sql`greatest(${products.seatsTaken} - ${byProduct.get(id)!}, 0)` })
      .where(eq(products.id, id))
      .returning();
    if (!product || product.published !== PUBLISHED_ON_SALE || product.startDate <= today) continue;
    // The freed seats are held for the first members in line (docs/waiting-list.md), under the lock
    // the update above took; what nobody in line takes is told by the one "seats available" mail.
    const offered = await offerFreeSeats(tx, deps, id);
    if (
      product.totalSeats === null ||
      product.totalSeats > product.seatsTaken + product.seatsHeld + offered
    ) {
      await notifyWaitingList(tx, deps.mailer, id, deps.config.PUBLIC_URL);
    }
  }
  const buyer = await buyerOf(tx, order);
  if (buyer) {
    await deps.mailer.queue(tx, {
      // The sales desk's cancellation says so; the expiry says the order was not paid in time.
      template: opts.byClub ? 'order-cancelled-by-club' : 'order-cancelled',
      to: buyer.email,
      language: buyer.lang,
      data: { orderId: order.id, url: historyUrl(deps) },
    });
  }
}

/**
 * Cancels unpaid orders whose time is up. Each order is claimed with FOR UPDATE SKIP LOCKED in its
 * own short transaction, so several server processes can run this at once: an order is handled by
 * exactly one of them, and a payment notification holding the row is never overtaken.
 */
export async function expireUnpaidOrders(deps: Deps, opts: { max?: number } = {}): Promise<number> {
  const max = opts.max ?? 500;
  let expired = 0;
  while (expired < max) {
    const done = await deps.db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.status, ORDER_STATUS.WAITING_PAYMENT), lt(orders.expiresAt, new Date())))
        .orderBy(asc(orders.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!order) return false;
      await cancelLockedOrder(tx, deps, order);
      await recordOrderEvent(tx, order.id, ORDER_EVENT_KIND.EXPIRED, { provider: order.paymentProvider });
      return true;
    });
    if (!done) break;
    expired++;
  }
  if (expired > 0) {
    deps.log.info({ expired }, 'unpaid orders cancelled');
    deps.mailer.flushInBackground(deps.db);
  }
  return expired;
}

/**
 * Experiences published for sale (or given seats by the operator) since the last pass: their
 * waiting lists get the one mail. Each product is locked while its list is mailed.
 */
export async function mailOpenWaitingLists(deps: Deps): Promise<number> {
  const today = clubToday();
  const candidates = (await deps.db.execute(sql`
    select distinct p.id from products p
    join product_notifications n on n.product_id = p.id and n.notified_at is null
    where p.published = ${PUBLISHED_ON_SALE} and p.start_date > ${today}
      and (p.total_seats is null or p.total_seats > p.seats_taken + p.seats_held)
    order by p.id limit 100`)) as unknown as { rows: { id: number }[] };
  let mailed = 0;
  for (const { id } of candidates.rows) {
    mailed += await deps.db.transaction(async (tx) => {
      const [product] = await tx
        .select()
        .from(products)
        .where(eq(products.id, Number(id)))
        // NO KEY UPDATE: an add to cart's foreign-key check (KEY SHARE) does not wait on it.
        .for('no key update', { skipLocked: true });
      if (!product) return 0;
      return notifyWaitingList(tx, deps.mailer, product.id, deps.config.PUBLIC_URL);
    });
  }
  if (mailed > 0) deps.mailer.flushInBackground(deps.db);
  return mailed;
}
