import type { z } from 'zod';
import type { ZCheckInList } from '@club/shared/contract/event-day';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client';
import { checkIns, checkInLists, products } from '../../db/schema';
import { conflict, invalidField, notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { listColumns, listOut, loadList } from './lists';
import { ensureDefaultLists } from './tickets';

/**
 * Staff make the lists of an experience in the console (issue 29, docs/event-day.md): "Paddock",
 * "Dinner"… beside its default list, each saying whether the gate offers check-out on it. Every
 * change writes its audit row in the same transaction. A list somebody was let in on stays (it
 * carries the attendance); the default list stays too (tickets are issued against it).
 */

type ListOut = z.output<typeof ZCheckInList>;
const nameTaken = () => invalidField('name', 'validation.listNameTaken');

/** A write that may meet the (product, lower(name)) unique index of a concurrent one: a 422, not a 500. */
async function namedWrite<T>(tx: Tx, write: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await tx.transaction(write);
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } };
    if ((e.cause?.code ?? e.code) === '23505') throw nameTaken();
    throw error;
  }
}

export async function createList(
  tx: Tx,
  request: FastifyRequest,
  productId: number,
  body: { name: string; allows_check_out: boolean },
): Promise<ListOut> {
  const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) throw notFound();
  // The experience's main entrance exists first, so a new list is never its only one.
  await ensureDefaultLists(tx, [productId]);
  const [created] = await tx
    .insert(checkInLists)
    .values({ productId, name: body.name, allowsCheckOut: body.allows_check_out })
    .onConflictDoNothing()
    .returning(listColumns);
  if (!created) throw nameTaken();
  await recordAudit(tx, request, {
    action: 'create',
    entityType: 'check-in-list',
    entityId: created.id,
    after: { product_id: productId, name: created.name, allows_check_out: created.allowsCheckOut },
  });
  return listOut(created);
}

export async function updateList(
  tx: Tx,
  request: FastifyRequest,
  id: number,
  body: { name?: string; allows_check_out?: boolean },
): Promise<ListOut> {
  const before = await loadList(tx, id);
  const [after] = await namedWrite(tx, (sp) =>
    sp
      .update(checkInLists)
      .set({
        ...(body.name === undefined ? {} : { name: body.name }),
        ...(body.allows_check_out === undefined ? {} : { allowsCheckOut: body.allows_check_out }),
      })
      .where(eq(checkInLists.id, id))
      .returning(listColumns),
  );
  await recordAudit(tx, request, {
    action: 'update',
    entityType: 'check-in-list',
    entityId: id,
    before: { name: before.name, allows_check_out: before.allowsCheckOut },
    after: { name: after!.name, allows_check_out: after!.allowsCheckOut },
  });
  return listOut(after!);
}

export async function removeList(tx: Tx, request: FastifyRequest, id: number): Promise<{ id: number }> {
  const list = await loadList(tx, id);
  if (list.isDefault) throw conflict('LIST_IS_DEFAULT', 'eventDay.listIsDefault');
  // Locked first, so a scan on the list at this instant either lands before (and keeps it) or fails.
  await tx.execute(sql`select id from check_in_lists where id = ${id} for update`);
  const [used] = await tx.select({ id: checkIns.id }).from(checkIns).where(eq(checkIns.listId, id)).limit(1);
  if (used) throw conflict('LIST_IN_USE', 'eventDay.listInUse');
  await tx.delete(checkInLists).where(eq(checkInLists.id, id));
  await recordAudit(tx, request, {
    action: 'delete',
    entityType: 'check-in-list',
    entityId: id,
    before: { product_id: list.productId, name: list.name, allows_check_out: list.allowsCheckOut },
  });
  return { id };
}
