import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Tx } from '../../db/client';

/** The channel every process LISTENs on; a payload is not needed (the whole cache is dropped). */
export const CATALOG_CHANNEL = 'club_catalog_changed';
/** A safety net for catalogue rows changed by hand in SQL without a notification. */
const TTL_MS = 60_000;
/** Keys include page numbers and aliases members type: bounded, so no request can grow it for ever. */
const MAX_ENTRIES = 2_000;

/**
 * A per-process cache of the shared part of catalogue reads (products, categories, images and
 * gallery counts per language). Never the member's flags, and never the seats: those are read per
 * request (repository.ts), so an order in any process shows at once everywhere.
 *
 * Only used while invalidation is guaranteed: on PostgreSQL while this process LISTENs on its own
 * connection (a lost connection disables and drops it until the LISTEN is back); on PGlite (one
 * process) always. A load that was running while the cache was dropped is not stored (generation).
 */
export class CatalogCache {
  private entries = new Map<string, { value: unknown; expires: number }>();
  private generation = 0;
  enabled: boolean;

  constructor(enabled: boolean) {
    this.enabled = enabled;
  }

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.value as T;
    const generation = this.generation;
    const value = await load();
    // Nothing found is not kept: a product published later must show at once.
    if (value !== null && value !== undefined && this.enabled && generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(key, { value, expires: Date.now() + TTL_MS });
    }
    return value;
  }

  /** The cached value if there is one (no load): for work that can only use it when it is at hand. */
  peek<T>(key: string): T | undefined {
    if (!this.enabled) return undefined;
    const hit = this.entries.get(key);
    return hit && hit.expires > Date.now() ? (hit.value as T) : undefined;
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The channel of migration 0001's triggers on seats, carts, orders and wishes (PGlite only). */
export const MEMBER_CHANNEL = 'club_member_changed';

/**
 * PGlite only (one process): each member's part of catalogue reads (seats taken, in the cart, seats
 * held, wish set) by member and product ids. Exact, not a time window: every write to those rows, by
 * any code path, fires a trigger whose NOTIFY drops the whole map before the writing statement (or
 * its COMMIT) returns, and a read that raced with a drop is not stored. The flags themselves are
 * still computed per request (the day changes them). On PostgreSQL another process's order would
 * reach this one's LISTEN only after its commit, so there the part is read per request.
 */
export class MemberPartCache<T> {
  private entries = new Map<string, { value: T; expires: number }>();
  private generation = 0;

  get(key: string): T | undefined {
    const hit = this.entries.get(key);
    return hit && hit.expires > Date.now() ? hit.value : undefined;
  }

  mark(): number {
    return this.generation;
  }

  store(key: string, value: T, mark: number): void {
    if (mark !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    // The same safety net as the catalogue's, for a write made with the triggers disabled.
    this.entries.set(key, { value, expires: Date.now() + TTL_MS });
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}

/** The member-part cache of a PGlite app (null on PostgreSQL), dropped by MEMBER_CHANNEL. */
export async function memberPartCache<T>(app: FastifyInstance): Promise<MemberPartCache<T> | null> {
  if (app.config.DATABASE_URL || !app.dbListen) return null;
  const cache = new MemberPartCache<T>();
  const unlisten = await app.dbListen(MEMBER_CHANNEL, () => cache.clear());
  app.addHook('onClose', async () => {
    cache.clear();
    await unlisten().catch(() => {});
  });
  return cache;
}

const processCaches = new Set<CatalogCache>();

/**
 * Drops this process's caches at once and, through NOTIFY (delivered on commit), every other process's.
 * Writes to catalogue tables need not call it: the triggers of migration 0001_notify_changes send the
 * same notification on commit for any change but the seats. Kept for a change the triggers cannot see.
 */
export async function catalogChanged(db: Tx): Promise<void> {
  for (const cache of processCaches) cache.clear();
  await db.execute(sql`select pg_notify(${CATALOG_CHANNEL}, '')`);
}

/** Creates the app's catalogue cache; on PostgreSQL with its LISTEN connection, closed with the app. */
export function catalogCache(app: FastifyInstance): CatalogCache {
  const url = app.config.DATABASE_URL;
  const cache = new CatalogCache(!url);
  processCaches.add(cache);
  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;

  const lost = () => {
    cache.enabled = false;
    cache.clear();
    client?.removeAllListeners();
    client?.end().catch(() => {});
    client = null;
    if (!closed && !retry) retry = setTimeout(connect, 1_000);
  };
  const connect = async () => {
    retry = null;
    if (closed || !url) return;
    const c = new pg.Client({ connectionString: url });
    client = c;
    c.on('error', lost);
    c.on('end', () => client === c && lost());
    c.on('notification', (message) => {
      if (message.channel === CATALOG_CHANNEL) cache.clear();
    });
    try {
      await c.connect();
      await c.query(`listen ${CATALOG_CHANNEL}`);
      if (closed || client !== c) return;
      cache.clear();
      cache.enabled = true;
    } catch (error) {
      app.log.warn({ err: error }, 'catalogue cache: LISTEN failed, reading without the cache');
      if (client === c) lost();
    }
  };

  if (!url && app.dbListen) {
    // PGlite: the triggers of migration 0001 announce any catalogue write; delivered before the write returns.
    const listening = app.dbListen(CATALOG_CHANNEL, () => cache.clear());
    app.addHook('onClose', async () => {
      const unlisten = await listening.catch(() => null);
      await unlisten?.().catch(() => {});
    });
  }
  if (url) {
    // The app waits for LISTEN at most 2 s when it starts; until then it reads without the cache.
    const first = connect();
    app.addHook('onReady', async () => {
      await Promise.race([first, new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
    });
  }
  app.addHook('onClose', async () => {
    closed = true;
    processCaches.delete(cache);
    if (retry) clearTimeout(retry);
    const c = client;
    client = null;
    cache.enabled = false;
    if (c) {
      c.removeAllListeners();
      c.on('error', () => {});
      await c.end().catch(() => {});
    }
  });
  return cache;
}
