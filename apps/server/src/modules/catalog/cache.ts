import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { CHANNELS } from '../../db/listener';

/** A safety net for catalogue rows changed by hand in SQL with the triggers disabled. */
const TTL_MS = 60_000;
/** Keys include page numbers and aliases members type: bounded, so no request can grow it for ever. */
const MAX_ENTRIES = 2_000;

/**
 * A per-process cache of the shared part of catalogue reads (products, categories, images and
 * gallery counts per language). Never the member's flags or the seats (MemberPartCache).
 *
 * Only used while invalidation is guaranteed (`live`, db/listener.ts): on PostgreSQL while this
 * process LISTENs (a lost connection drops it and turns it off until the LISTEN is back); on PGlite
 * (one process) always. A load that was running while the cache was dropped is not stored (generation).
 */
export class CatalogCache {
  private entries = new Map<string, { value: unknown; expires: number }>();
  private generation = 0;
  private readonly live: () => boolean;

  constructor(live: () => boolean) {
    this.live = live;
  }

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.live()) return load();
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.value as T;
    const generation = this.generation;
    const value = await load();
    // Nothing found is not kept: a product published later must show at once.
    if (value !== null && value !== undefined && this.live() && generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(key, { value, expires: Date.now() + TTL_MS });
    }
    return value;
  }

  /** The cached value if there is one (no load): for work that can only use it when it is at hand. */
  peek<T>(key: string): T | undefined {
    if (!this.live()) return undefined;
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

/**
 * Each member's part of catalogue reads (seats taken, in the cart, seats held, wish set) by member and
 * product ids. Every write to those rows, by any code path, fires a trigger (migrations 0001, 0002)
 * whose NOTIFY drops the whole map: on PGlite before the writing statement (or its COMMIT) returns;
 * on PostgreSQL when it reaches this process's LISTEN, milliseconds after the commit, and before the
 * response for this process's own writes (`echo`). A read that raced with a drop is not stored. Seats
 * shown a few milliseconds late cannot oversell: placing an order checks them in its transaction.
 * The flags themselves are still computed per request (the day changes them).
 */
export class MemberPartCache<T> {
  private entries = new Map<string, { value: T; expires: number }>();
  private generation = 0;
  private readonly live: () => boolean;

  constructor(live: () => boolean) {
    this.live = live;
  }

  get(key: string): T | undefined {
    if (!this.live()) return undefined;
    const hit = this.entries.get(key);
    return hit && hit.expires > Date.now() ? hit.value : undefined;
  }

  mark(): number {
    return this.generation;
  }

  store(key: string, value: T, mark: number): void {
    if (mark !== this.generation || !this.live()) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    // The same safety net as the catalogue's, for a write made with the triggers disabled.
    this.entries.set(key, { value, expires: Date.now() + TTL_MS });
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}

/** The app's member-part cache, dropped by the member channel. */
export async function memberPartCache<T>(app: FastifyInstance): Promise<MemberPartCache<T>> {
  const cache = new MemberPartCache<T>(app.dbListen.live);
  const unlisten = await app.dbListen.listen(CHANNELS.member, () => cache.clear());
  app.addHook('onClose', async () => {
    cache.clear();
    unlisten();
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
  await db.execute(sql`select pg_notify(${CHANNELS.catalog}, '')`);
}

/** Creates the app's catalogue cache, dropped by the catalogue channel and closed with the app. */
export async function catalogCache(app: FastifyInstance): Promise<CatalogCache> {
  const cache = new CatalogCache(app.dbListen.live);
  processCaches.add(cache);
  const unlisten = await app.dbListen.listen(CHANNELS.catalog, () => cache.clear());
  app.addHook('onClose', async () => {
    processCaches.delete(cache);
    cache.clear();
    unlisten();
  });
  return cache;
}
