import type { Tx } from '../db/client';

const prepared = new WeakMap<object, Map<string, unknown>>();

/**
 * A prepared query built once per database connection and name: drizzle does not rebuild its SQL per
 * call, and on PostgreSQL node-postgres parses and plans a named statement once per pooled
 * connection (docs/performance.md). One name must always mean one SQL text: give each variant
 * (language, filter) its own name.
 *
 * Kept by the driver's client under the handle: a drizzle transaction is a new object each time,
 * but on PostgreSQL its client is the pooled connection, which the next transaction on it reuses,
 * so a query prepared in a transaction (the order's) is built once per connection, not per order.
 * The query runs on that client, which is the transaction's. (PGlite's transactions have a client
 * each: built per transaction there, as before.)
 */
export function preparedOnce<T>(db: Tx, name: string, build: (name: string) => T): T {
  const key = (db._.session as unknown as { client?: object }).client ?? db;
  let byName = prepared.get(key);
  if (!byName) {
    byName = new Map();
    prepared.set(key, byName);
  }
  let query = byName.get(name) as T | undefined;
  if (!query) {
    query = build(name);
    byName.set(name, query);
  }
  return query;
}

/**
 * A statement written in SQL, for what drizzle cannot build (a data-modifying CTE: several writes in
 * one round trip), sent as a named prepared statement on PostgreSQL like `preparedOnce`: parsed and
 * planned once per pooled connection, and no query building per call. `text` must be a constant per
 * name; values are positional ($1, $2, …), JSON values go as JSON text (`$n::jsonb`). Rows come back
 * with the database's column names.
 */
export async function executeNamed<Row>(
  db: Tx,
  name: string,
  text: string,
  values: unknown[],
): Promise<Row[]> {
  const query = db._.session.prepareQuery({ sql: text, params: values }, undefined, name, false);
  const result = (await query.execute()) as { rows: Row[] };
  return result.rows;
}
