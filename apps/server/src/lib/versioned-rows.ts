import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client';
import { notFound, stale } from './app-error';

/** A table the console edits with optimistic concurrency (docs/console.md): an id and a version. */
type VersionedTable = PgTable & { id: PgColumn; version: PgColumn };

/**
 * The row `id` of `table` under a lock (404 when there is none); a save made on an older `version`
 * than the row's is refused (409 STALE). Without `version`, only the lock and the 404.
 */
export async function lockVersioned<T extends VersionedTable>(
  tx: Tx,
  table: T,
  id: number,
  version?: number,
): Promise<T['$inferSelect']> {
  const rows = await tx
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id))
    .for('update');
  const row = rows[0] as (T['$inferSelect'] & { version: number }) | undefined;
  if (!row) throw notFound();
  if (version !== undefined && row.version !== version) throw stale();
  return row;
}

/**
 * Writes `values` over the row `before` (read by `lockVersioned` in this transaction) and moves its
 * version on, so a form still open on the old version is refused its save.
 */
export async function saveVersioned<T extends VersionedTable>(
  tx: Tx,
  table: T,
  before: T['$inferSelect'] & { id: number; version: number },
  values: Partial<T['$inferInsert']>,
): Promise<{ before: T['$inferSelect']; after: T['$inferSelect'] }> {
  const rows = await tx
    .update(table as VersionedTable)
    .set({ ...values, version: before.version + 1 })
    .where(eq(table.id, before.id))
    .returning();
  return { before, after: rows[0] as T['$inferSelect'] };
}

/**
 * A console form's save: the row `id` under a lock and checked against `version` (`lockVersioned`),
 * then written with the columns `values` makes for it (`saveVersioned`).
 */
export async function updateVersioned<T extends VersionedTable>(
  tx: Tx,
  table: T,
  id: number,
  version: number,
  values: (before: T['$inferSelect']) => Partial<T['$inferInsert']> | Promise<Partial<T['$inferInsert']>>,
): Promise<{ before: T['$inferSelect']; after: T['$inferSelect'] }> {
  const before = await lockVersioned(tx, table, id, version);
  return saveVersioned(
    tx,
    table,
    before as T['$inferSelect'] & { id: number; version: number },
    await values(before),
  );
}
