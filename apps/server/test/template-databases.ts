import { sql } from 'drizzle-orm';
import type { Database, Db } from '../src/db/client';
import { seedOnStart } from '../src/db/seed/on-start';

/** The two databases every API test app is copied from (docs/testing.md, "Template databases"). */
export type TemplateKind = 'demo' | 'bare';

/**
 * Each table's ids start in a range of their own: table k (by sequence name) at k × 10 000 + 1. Ten
 * thousand rows a table is more than any test makes, and ids stay below what a 6-digit club card number
 * takes (lib/club-card.ts adds 100 000 to the user id).
 */
export const ID_RANGE = 10_000;

declare module 'vitest' {
  export interface ProvidedContext {
    /** api-postgres: the template databases' names; api-pglite: the data-directory snapshots' files. */
    testTemplates: Record<TemplateKind, string>;
  }
}

/**
 * Migrates and seeds a template the way a starting server does (reference data always, the demo data
 * for 'demo'), then moves every id sequence to a range of its own. Fresh databases number every table
 * from 1, so a cart line and a product could both be 3 and a comparison with the wrong column would
 * pass (issue 28). The offsets come after the seed: tests refer to demo rows by their ids (interest 1,
 * the first products), so the demo keeps its small ids; every row a test makes lands in its table's range.
 */
export async function prepareTemplate(database: Database, kind: TemplateKind): Promise<void> {
  await database.migrate();
  await seedOnStart(database.db, { seed: kind === 'demo' ? 'demo' : 'none', dataDir: './data/test' });
  await offsetIdSequences(database.db);
}

async function offsetIdSequences(db: Db): Promise<void> {
  const { rows } = (await db.execute(
    sql`select sequencename as name, max_value::text as max from pg_sequences where schemaname = 'public' order by sequencename`,
  )) as unknown as { rows: { name: string; max: string }[] };
  let k = 0;
  for (const { name, max } of rows) {
    k += 1;
    const start = k * ID_RANGE + 1;
    if (Number(max) < start + ID_RANGE) throw new Error(`sequence ${name} is too narrow for the id offsets`);
    await db.execute(sql`select setval(${`public."${name}"`}::regclass, ${start}, false)`);
  }
}
