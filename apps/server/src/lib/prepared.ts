import type { Tx } from '../db/client';

const prepared = new WeakMap<object, Map<string, unknown>>();

/**
 * A prepared query built once per database handle and name: drizzle does not rebuild its SQL per
 * call, and on PostgreSQL node-postgres parses and plans a named statement once per pooled
 * connection (docs/performance.md). One name must always mean one SQL text: give each variant
 * (language, filter) its own name.
 */
export function preparedOnce<T>(db: Tx, name: string, build: (name: string) => T): T {
  let byName = prepared.get(db);
  if (!byName) {
    byName = new Map();
    prepared.set(db, byName);
  }
  let query = byName.get(name) as T | undefined;
  if (!query) {
    query = build(name);
    byName.set(name, query);
  }
  return query;
}
