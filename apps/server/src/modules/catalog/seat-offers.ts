import { experiencePagePath, PUBLISHED_ON_SALE, USER_TYPE } from '@club/shared';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { categories, productNotifications, products, seatOffers, users } from '../../db/schema';
import { clubToday } from '../../lib/club-day';
import { outer } from '../../lib/outer-column';
import { nameIn } from '../../lib/localized';

/**
 * The waiting list that holds a seat (docs/waiting-list.md). A seat that comes free (an unpaid order
 * expires, the desk cancels an order, the capacity is raised, a hold lapses) is held for the member
 * first in line: an OFFERED `seat_offers` row and `products.seats_held + 1`, written while the
 * experience's row is locked, the lock placing an order takes to count its seats. Everyone else sees
 * total − taken − held; the member sees one seat more until the offer's `expires_at`.
 *
 * Lock order (as in place-order.ts): the experience's row first, then its offers. Every function here
 * that changes an offer runs with the experience's row locked by its caller or by itself.
 */

type Deps = Pick<FastifyInstance, 'db' | 'mailer' | 'config' | 'log'>;

/**
 * The end of the seat held for `userId` on the row `products` of the statement (ISO text, UTC), or
 * null. Read only while the experience has held seats at all, so it costs nothing otherwise.
 */
export function heldUntilSql(userId: unknown) {
  return sql<string | null>`case when products.seats_held > 0 then (select
      to_char(so.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
      from seat_offers so where so.product_id = products.id and so.user_id = ${userId}
      and so.status = 'OFFERED' and so.expires_at > now()) end`;
}

/**
 * Holds each seat anyone could buy now for the next member in line, and mails them. The caller has
 * locked the experience's row (FOR UPDATE / NO KEY UPDATE, or an UPDATE of it) in this transaction;
 * flush the mailer after commit. In line: the members who asked to be told (product_notifications,
 * in the order they asked), customers, without an open offer for it, below the per-member limit.
 * Only experiences on sale with a seat cap, before sales close (the day before the start).
 */
export async function offerFreeSeats(tx: Tx, deps: Pick<Deps, 'mailer' | 'config'>, productId: number) {
  const [row] = await tx
    .select({ product: products, categoryPl: categories.namePl, categoryEn: categories.nameEn })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, productId));
  if (!row) return 0;
  const { product } = row;
  if (product.totalSeats === null || product.published !== PUBLISHED_ON_SALE) return 0;
  if (product.archivedAt !== null || product.startDate <= clubToday()) return 0;
  const free = product.totalSeats - product.seatsTaken - product.seatsHeld;
  if (free <= 0) return 0;
  const line = await tx
    .select({ userId: users.id, email: users.email, language: users.languageCode })
    .from(productNotifications)
    .innerJoin(users, eq(users.id, productNotifications.userId))
    .where(
      and(
        eq(productNotifications.productId, productId),
        eq(users.type, USER_TYPE.CUSTOMER),
        sql`not exists (select 1 from seat_offers o where o.product_id = ${productId}
          and o.user_id = ${outer(users.id)} and o.status = 'OFFERED')`,
        sql`coalesce((select m.quantity from member_product_seats m where m.user_id = ${outer(users.id)}
          and m.product_id = ${productId}), 0) < ${product.memberLimit}`,
      ),
    )
    .orderBy(asc(productNotifications.createdAt), asc(productNotifications.userId))
    .limit(free);
  if (line.length === 0) return 0;
  const expiresAt = new Date(Date.now() + deps.config.WAITING_LIST_HOLD_HOURS * 3_600_000);
  await tx.insert(seatOffers).values(line.map((m) => ({ productId, userId: m.userId, expiresAt })));
  await tx
    .update(products)
    .set({ seatsHeld: sql`${products.seatsHeld} + ${line.length}` })
    .where(eq(products.id, productId));
  // Offered: not also told by the general "seats are available" mail (mailOpenWaitingLists).
  await tx
    .update(productNotifications)
    .set({ notifiedAt: new Date() })
    .where(
      and(
        eq(productNotifications.productId, productId),
        inArray(
          productNotifications.userId,
          line.map((m) => m.userId),
        ),
      ),
    );
  for (const member of line) {
    const lang = member.language === 'en' ? 'en' : 'pl';
    const name = nameIn(lang, product);
    const category = lang === 'en' ? row.categoryEn : row.categoryPl;
    await deps.mailer.queue(tx, {
      template: 'seat-offer',
      to: member.email,
      language: lang,
      data: {
        name,
        url: `${deps.config.PUBLIC_URL}${experiencePagePath(category, product.id, name)}`,
        until: expiresAt.toISOString(),
      },
    });
  }
  return line.length;
}

/**
 * Takes `quantity` seats for the member's order, the seat held for them included (their open offer
 * turns TAKEN, held − 1, taken + quantity), when that many are there for them: free seats plus the one
 * held for them. Locks the experience's row first, then the offer (the house's lock order). False when
 * the seats are not there; the caller then throws and the transaction leaves nothing written.
 */
export async function takeSeatsWithOffer(
  tx: Tx,
  productId: number,
  userId: number,
  quantity: number,
  orderId: number,
): Promise<boolean> {
  const [product] = await tx
    .select({ total: products.totalSeats, taken: products.seatsTaken, held: products.seatsHeld })
    .from(products)
    .where(eq(products.id, productId))
    .for('no key update');
  if (!product) return false;
  const taken = await tx
    .update(seatOffers)
    .set({ status: 'TAKEN', closedAt: new Date(), takenOrderId: orderId })
    .where(
      and(
        eq(seatOffers.productId, productId),
        eq(seatOffers.userId, userId),
        eq(seatOffers.status, 'OFFERED'),
        sql`${seatOffers.expiresAt} > now()`,
      ),
    )
    .returning({ id: seatOffers.id });
  const mine = taken.length;
  const left =
    product.total === null ? Number.POSITIVE_INFINITY : product.total - product.taken - product.held + mine;
  if (left < quantity) return false;
  await tx
    .update(products)
    .set({
      seatsTaken: sql`${products.seatsTaken} + ${quantity}`,
      seatsHeld: sql`${products.seatsHeld} - ${mine}`,
    })
    .where(eq(products.id, productId));
  if (mine > 0) {
    // Booked: no longer waiting.
    await tx
      .delete(productNotifications)
      .where(and(eq(productNotifications.productId, productId), eq(productNotifications.userId, userId)));
  }
  return true;
}

/**
 * Ends the holds whose time is up and offers each seat to the next member in line. Each offer is
 * handled in its own short transaction: the experience's row is claimed with NO KEY UPDATE SKIP
 * LOCKED (an order taking its seats, or another process handling it, is never waited for: the next
 * pass gets it), then the offer with FOR UPDATE SKIP LOCKED and its state checked again, so two
 * processes running this at once end each offer once. The member whose hold lapsed leaves the line
 * (they may join it again, at its end).
 */
export async function lapseSeatOffers(deps: Deps, opts: { max?: number } = {}): Promise<number> {
  const due = await deps.db
    .select({ id: seatOffers.id, productId: seatOffers.productId })
    .from(seatOffers)
    .where(and(eq(seatOffers.status, 'OFFERED'), lt(seatOffers.expiresAt, new Date())))
    .orderBy(asc(seatOffers.expiresAt), asc(seatOffers.id))
    .limit(opts.max ?? 200);
  let lapsed = 0;
  for (const offer of due) {
    lapsed += await deps.db.transaction(async (tx) => {
      const [product] = await tx
        .select({ id: products.id })
        .from(products)
        .where(eq(products.id, offer.productId))
        .for('no key update', { skipLocked: true });
      if (!product) return 0;
      const [open] = await tx
        .select()
        .from(seatOffers)
        .where(
          and(
            eq(seatOffers.id, offer.id),
            eq(seatOffers.status, 'OFFERED'),
            sql`${seatOffers.expiresAt} <= now()`,
          ),
        )
        .for('update', { skipLocked: true });
      if (!open) return 0;
      await tx
        .update(seatOffers)
        .set({ status: 'LAPSED', closedAt: new Date() })
        .where(eq(seatOffers.id, open.id));
      await tx
        .update(products)
        .set({ seatsHeld: sql`${products.seatsHeld} - 1` })
        .where(eq(products.id, open.productId));
      await tx
        .delete(productNotifications)
        .where(
          and(
            eq(productNotifications.productId, open.productId),
            eq(productNotifications.userId, open.userId),
          ),
        );
      await offerFreeSeats(tx, deps, open.productId);
      return 1;
    });
  }
  if (lapsed > 0) {
    deps.log.info({ lapsed }, 'held seats lapsed');
    deps.mailer.flushInBackground(deps.db);
  }
  return lapsed;
}

/** Who is in line for an experience, as the console's seat board shows it (docs/waiting-list.md). */
type WaitingListView = {
  held: {
    offerId: number;
    userId: number;
    name: string;
    surname: string;
    email: string;
    offeredAt: Date;
    expiresAt: Date;
  }[];
  line: { userId: number; name: string; surname: string; email: string; since: Date }[];
};

/**
 * The members holding a seat (open offers, soonest end first) and the members in line without one,
 * in the order the line is served (the wish's time, then the member's id), as offerFreeSeats reads it.
 */
export async function readWaitingList(tx: Tx, productId: number): Promise<WaitingListView> {
  const held = await tx
    .select({
      offerId: seatOffers.id,
      userId: users.id,
      name: users.name,
      surname: users.surname,
      email: users.email,
      offeredAt: seatOffers.offeredAt,
      expiresAt: seatOffers.expiresAt,
    })
    .from(seatOffers)
    .innerJoin(users, eq(users.id, seatOffers.userId))
    .where(and(eq(seatOffers.productId, productId), eq(seatOffers.status, 'OFFERED')))
    .orderBy(asc(seatOffers.expiresAt), asc(seatOffers.id));
  const line = await tx
    .select({
      userId: users.id,
      name: users.name,
      surname: users.surname,
      email: users.email,
      since: productNotifications.createdAt,
    })
    .from(productNotifications)
    .innerJoin(users, eq(users.id, productNotifications.userId))
    .where(
      and(
        eq(productNotifications.productId, productId),
        sql`not exists (select 1 from seat_offers o where o.product_id = ${productId}
          and o.user_id = ${outer(users.id)} and o.status = 'OFFERED')`,
      ),
    )
    .orderBy(asc(productNotifications.createdAt), asc(productNotifications.userId));
  return { held, line };
}

/**
 * Takes a member off an experience's waiting list at the desk: their wish is removed and, when a
 * seat is held for them (`offerId` names it, or any open offer of theirs when it is null), the hold is
 * withdrawn (WITHDRAWN, held − 1) and the seat offered to the next member in line, the same way a
 * lapsed hold is passed on. The experience's row is locked first, then the offer (the house's lock
 * order), so two staff members acting at once end it once: the second finds nothing to do and gets
 * null. `offerId` given: only that open offer is acted on (passing the offer on).
 */
export async function withdrawFromLine(
  tx: Tx,
  deps: Pick<Deps, 'mailer' | 'config'>,
  productId: number,
  who: { userId: number } | { offerId: number },
): Promise<{ userId: number; offer: { id: number; expiresAt: Date } | null; offeredNext: number } | null> {
  const [product] = await tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, productId))
    .for('no key update');
  if (!product) return null;
  const [offer] = await tx
    .select({ id: seatOffers.id, userId: seatOffers.userId, expiresAt: seatOffers.expiresAt })
    .from(seatOffers)
    .where(
      and(
        eq(seatOffers.productId, productId),
        eq(seatOffers.status, 'OFFERED'),
        'offerId' in who ? eq(seatOffers.id, who.offerId) : eq(seatOffers.userId, who.userId),
      ),
    )
    .for('update');
  if ('offerId' in who && !offer) return null;
  const userId = offer ? offer.userId : (who as { userId: number }).userId;
  if (offer) {
    await tx
      .update(seatOffers)
      .set({ status: 'WITHDRAWN', closedAt: new Date() })
      .where(eq(seatOffers.id, offer.id));
    await tx
      .update(products)
      .set({ seatsHeld: sql`${products.seatsHeld} - 1` })
      .where(eq(products.id, productId));
  }
  const wishes = await tx
    .delete(productNotifications)
    .where(and(eq(productNotifications.productId, productId), eq(productNotifications.userId, userId)))
    .returning({ userId: productNotifications.userId });
  if (!offer && wishes.length === 0) return null;
  const offeredNext = offer ? await offerFreeSeats(tx, deps, productId) : 0;
  return { userId, offer: offer ? { id: offer.id, expiresAt: offer.expiresAt } : null, offeredNext };
}
