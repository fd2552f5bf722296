import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import v8 from 'node:v8';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate: () => Promise<void>;
  close: () => Promise<void>;
  /**
   * PGlite only (one process): LISTEN on the embedded database. Its notifications are delivered before
   * the writing statement's (or COMMIT's) promise resolves, so an in-process cache dropped by them is
   * never stale to the writer. On PostgreSQL each cache LISTENs on a connection of its own (cache.ts).
   */
  listen: ((channel: string, onMessage: (payload: string) => void) => Promise<() => Promise<void>>) | null;
  /** PGlite only: the data directory as a tar, which `openDatabase({ loadDataDir })` starts from (tests). */
  dumpDataDir: (() => Promise<Blob>) | null;
};

const here = path.dirname(fileURLToPath(import.meta.url));
/** drizzle/ sits beside src/ in development and beside dist/ in the build. */
export const MIGRATIONS_DIR = path.resolve(
  here,
  '..',
  here.endsWith(`${path.sep}db`) ? '../drizzle' : 'drizzle',
);

/**
 * PGlite's shared buffers (its page cache). PGlite 0.3 starts its backend with fixed arguments, among
 * them `-c shared_buffers=128MB`, and has no option to change them (`postgresql.conf` loses to the
 * command line); PostgreSQL in WebAssembly zeroes its shared memory at start, so all 128 MB were
 * resident from the first query: 158 of the 174 MB of WebAssembly memory in a bare process. The demo
 * club's whole database is ~25 MB and one connection reads it, so 16 MB holds its hot pages
 * (docs/performance.md, "Memory on PGlite").
 */
export const PGLITE_SHARED_BUFFERS = '16MB';
const PGLITE_DEFAULT_ARG = '\0shared_buffers=128MB\0';

let pgliteModule: Promise<WebAssembly.Module | undefined> | undefined;
/**
 * PGlite's WebAssembly module with its `shared_buffers=128MB` argument rewritten in place (the string
 * sits in the module's data, the same length padded with NUL). Compiled once per process and shared
 * by every PGlite it opens. If a PGlite upgrade moves or removes the string, PGlite's own module runs
 * unchanged (undefined).
 */
function pgliteWasmModule(): Promise<WebAssembly.Module | undefined> {
  pgliteModule ??= (async () => {
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    const bytes = readFileSync(path.join(path.dirname(entry), 'pglite.wasm'));
    const at = bytes.indexOf(PGLITE_DEFAULT_ARG);
    if (at < 0 || bytes.indexOf(PGLITE_DEFAULT_ARG, at + 1) >= 0) return undefined;
    const arg = Buffer.alloc(PGLITE_DEFAULT_ARG.length - 2);
    arg.write(`shared_buffers=${PGLITE_SHARED_BUFFERS}`);
    arg.copy(bytes, at + 1);
    return WebAssembly.compile(bytes);
  })();
  return pgliteModule;
}

export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  inMemory?: boolean;
  /** PGlite in memory: start from this data directory (a `dumpDataDir()` tar) instead of an empty one. */
  loadDataDir?: Blob;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      idleTimeoutMillis: 30_000,
      // Our prepared statements are short key lookups whose best plan does not depend on the values:
      // PostgreSQL's default re-plans them per call for a while (custom plans), which cost more than
      // the queries themselves (docs/performance.md). One generic plan per connection and statement.
      options: '-c plan_cache_mode=force_generic_plan',
    });
    // A dropped connection (e.g. PostgreSQL restarting) must not crash the process: the pool reconnects.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    // An advisory lock on one connection lets several processes start (and migrate) at once.
    const migrate = async () => {
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock(727001)');
        await migratePg(drizzlePg(conn), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await conn.query('select pg_advisory_unlock(727001)').catch(() => {});
        conn.release();
      }
    };
    return { db, kind: 'postgres', migrate, close: () => pool.end(), listen: null, dumpDataDir: null };
  }
  // PGlite's PostgreSQL is one large WebAssembly module: V8's optimising tier compiles its hot code a
  // second time, which held ~110 MB more for the life of the process (docs/performance.md, "Memory on
  // PGlite"). The baseline compiler alone serves the cached catalogue reads as fast; writes are slower.
  // Set before the module is compiled; it only concerns WebAssembly, and PostgreSQL runs none.
  v8.setFlagsFromString('--liftoff-only');
  // pg_trgm: the members' trigram index (migration 0016); PostgreSQL has it in its contrib.
  const extensions = { pg_trgm };
  const wasmModule = await pgliteWasmModule();
  const options = { extensions, ...(wasmModule ? { wasmModule } : {}) };
  let client: PGlite;
  if (opts.inMemory) {
    client = new PGlite({ ...options, ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}) });
  } else {
    const dir = path.resolve(opts.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, options);
  }
  const pgliteDb = drizzlePglite(client, { schema });
  const migrate = () => migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_DIR });
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    migrate,
    close: () => client.close(),
    listen: (channel, onMessage) => client.listen(channel, onMessage),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}
