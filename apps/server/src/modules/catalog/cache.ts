import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Tx } from '../../db/client';
import { CHANNELS } from '../../db/listener';

/** A safety net for catalogue rows changed by hand in SQL with the triggers disabled. */
const TTL_MS = 60_000;
/**
 * Keys include page numbers and aliases members type: bounded, so no request can grow it for ever.
 * Least recently used entries go first, one at a time (lru-cache): a catalogue browsed widely keeps
 * its hot pages instead of being emptied whole when full, as it was. Bounded by bytes too: a list
 * page of 12 products is about 13 KB, so 10,000 products (834 pages per language and filter) fit.
 */
const MAX_ENTRIES = 20_000;
const MAX_BYTES = 48 * 1024 * 1024;
/** Members' parts are small and many: fewer of them, least recently used first out. */
const MEMBER_PART_ENTRIES = 5_000;

/** The bytes a cached value holds, roughly: its serialised buffers, else a flat guess. */
function sizeOf(entry: { value: unknown }): number {
  const v = entry.value as { head?: Buffer; tail?: Buffer; items?: { head: Buffer; tail: Buffer }[] };
  // A page encoded whole (the galleries): its bytes.
  if (Buffer.isBuffer(v)) return v.length + 256;
  if (v && Array.isArray(v.items))
    return 64 + v.items.reduce((sum, p) => sum + p.head.length + p.tail.length + 256, 0);
  if (v?.head && v.tail) return v.head.length + v.tail.length + 256;
  return 1024;
}

/** A bounded map whose entries also expire after TTL_MS (O(1) per get and set). */
function boundedMap<V extends { value: unknown }>(max: number, bytes = false) {
  return new LRUCache<string, V>({
    max,
    ttl: TTL_MS,
    ...(bytes ? { maxSize: MAX_BYTES, sizeCalculation: (v: V) => Math.max(1, sizeOf(v)) } : {}),
  });
}

/**
 * A per-process cache of the shared part of catalogue reads (products, categories, images and
 * gallery counts per language). Never the member's flags or the seats (MemberPartCache).
 *
 * Only used while invalidation is guaranteed (`live`, db/listener.ts): on PostgreSQL while this
 * process LISTENs (a lost connection drops it and turns it off until the LISTEN is back); on PGlite
 * (one process) always. A load that was running while the cache was dropped is not stored (generation).
 */
export class CatalogCache {
  private entries = boundedMap<{ value: unknown }>(MAX_ENTRIES, true);
  private generation = 0;
  private readonly live: () => boolean;

  constructor(live: () => boolean) {
    this.live = live;
  }

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.live()) return load();
    const hit = this.entries.get(key);
    if (hit) return hit.value as T;
    const generation = this.generation;
    const value = await load();
    // Nothing found is not kept: a product published later must show at once.
    if (value !== null && value !== undefined && this.live() && generation === this.generation) {
      this.entries.set(key, { value });
    }
    return value;
  }

  /** The cached value if there is one (no load): for work that can only use it when it is at hand. */
  peek<T>(key: string): T | undefined {
    if (!this.live()) return undefined;
    return this.entries.get(key, { updateAgeOnGet: false })?.value as T | undefined;
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
  private entries = boundedMap<{ value: T }>(MEMBER_PART_ENTRIES);
  private generation = 0;
  private readonly live: () => boolean;

  constructor(live: () => boolean) {
    this.live = live;
  }

  get(key: string): T | undefined {
    if (!this.live()) return undefined;
    return this.entries.get(key)?.value;
  }

  mark(): number {
    return this.generation;
  }

  store(key: string, value: T, mark: number): void {
    if (mark !== this.generation || !this.live()) return;
    // The same safety net as the catalogue's (TTL), for a write made with the triggers disabled.
    this.entries.set(key, { value });
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
