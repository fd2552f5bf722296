import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DB_KIND } from '../../test/helpers';
import { openDatabase, PGLITE_SHARED_BUFFERS } from './client';

// The embedded database's page cache is what made `npm start` hold ~130 MB more than the same server
// on PostgreSQL (docs/performance.md, "Memory on PGlite"): PGlite's own start arguments ask for 128 MB.
describe.runIf(DB_KIND === 'pglite')('PGlite', () => {
  it(`starts with ${PGLITE_SHARED_BUFFERS} of shared buffers instead of its built-in 128 MB, and answers`, async () => {
    const database = await openDatabase({ dataDir: '', inMemory: true });
    try {
      const rows = (await database.db.execute(sql`show shared_buffers`)) as unknown as {
        rows: { shared_buffers: string }[];
      };
      expect(rows.rows[0]?.shared_buffers).toBe('16MB');
      const answer = (await database.db.execute(
        sql`select count(*)::int as n from generate_series(1, 100000)`,
      )) as unknown as {
        rows: { n: number }[];
      };
      expect(answer.rows[0]?.n).toBe(100000);
    } finally {
      await database.close();
    }
  });
});
