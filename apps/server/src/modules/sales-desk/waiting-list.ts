import type { TWaitingList } from '@club/shared/contract/admin-orders';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client';
import { products } from '../../db/schema';
import { AppError, conflict, notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { readWaitingList, withdrawFromLine } from '../catalog/seat-offers';

/**
 * The seat board's waiting list (issue 28, docs/waiting-list.md): who holds a seat and who is in
 * line, and the desk's two actions on it, each in one transaction with its audit row. Both go through
 * the waiting list's own hold logic (catalog/seat-offers.ts: withdrawFromLine → offerFreeSeats), so a
 * seat passed on is held and mailed exactly as a lapsed one is.
 */
type Deps = Pick<FastifyInstance, 'db' | 'mailer' | 'config'>;

async function existing(tx: Tx, productId: number) {
  const [row] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!row) throw notFound();
}

export async function loadWaitingList(db: Tx, productId: number): Promise<TWaitingList> {
  await existing(db, productId);
  const view = await readWaitingList(db, productId);
  return {
    held: view.held.map((h) => ({
      offer_id: h.offerId,
      user_id: h.userId,
      name: h.name,
      surname: h.surname,
      email: h.email,
      offered_at: h.offeredAt.toISOString(),
      expires_at: h.expiresAt.toISOString(),
    })),
    line: view.line.map((m, i) => ({
      position: i + 1,
      user_id: m.userId,
      name: m.name,
      surname: m.surname,
      email: m.email,
      since: m.since.toISOString(),
    })),
  };
}

/** Passes the seat held by offer `offerId` on to the next member in line (409 when no longer held). */
export async function passOfferOn(deps: Deps, request: FastifyRequest, productId: number, offerId: number) {
  await deps.db.transaction(async (tx) => {
    await existing(tx, productId);
    const done = await withdrawFromLine(tx, deps, productId, { offerId });
    if (!done) throw conflict('SEAT_OFFER_CLOSED', 'desk.offerClosed');
    await recordAudit(tx, request, {
      action: 'pass-offer',
      entityType: 'seat_offer',
      entityId: offerId,
      before: {
        product_id: productId,
        user_id: done.userId,
        status: 'OFFERED',
        expires_at: done.offer?.expiresAt,
      },
      after: {
        product_id: productId,
        user_id: done.userId,
        status: 'WITHDRAWN',
        offered_next: done.offeredNext,
      },
    });
  });
  deps.mailer.flushInBackground(deps.db);
}

/** Takes member `userId` off the waiting list (404 when not in it); a seat held for them is passed on. */
export async function removeFromLine(deps: Deps, request: FastifyRequest, productId: number, userId: number) {
  await deps.db.transaction(async (tx) => {
    await existing(tx, productId);
    const done = await withdrawFromLine(tx, deps, productId, { userId });
    if (!done) throw new AppError(404, 'NOT_FOUND', 'desk.notInLine');
    await recordAudit(tx, request, {
      action: 'remove-from-waiting-list',
      entityType: 'waiting_list',
      entityId: productId,
      before: { product_id: productId, user_id: userId, held_offer_id: done.offer?.id ?? null },
      after: { product_id: productId, user_id: userId, removed: true, offered_next: done.offeredNext },
    });
  });
  deps.mailer.flushInBackground(deps.db);
}
