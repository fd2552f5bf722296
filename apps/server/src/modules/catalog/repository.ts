import {
  categorySlug,
  DEFAULT_INTERESTS,
  groszeToPln,
  type LanguageCode,
  PAGE_SIZE_CATALOGUE,
  type TCategory,
  type TPartner,
  type TProduct,
  PUBLISHED_ANNOUNCED,
  PUBLISHED_ON_SALE,
} from '@club/shared';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import {
  categories,
  partners,
  productInterests,
  productNotifications,
  products,
  sessions,
} from '../../db/schema';
import { executeNamed, preparedOnce } from '../../lib/prepared';
import { pick } from '../../lib/pick';
import { CatalogCache, type MemberPartCache } from './cache';
import { mediaSrcset, mediaUrl } from '../../lib/media';
import { heldUntilSql } from './seat-offers';
import { type FlagInput, type MemberContext, type MemberFlags, memberFlags } from './member-flags';
import { outer } from '../../lib/outer-column';

export type CatalogContext = MemberContext & { lang: LanguageCode };

/** Experiences members may see: on sale (1) or announced (2); hidden ones (0) never leave the server. */
const visible = inArray(products.published, [PUBLISHED_ON_SALE, PUBLISHED_ANNOUNCED]);
/** The same states as SQL literals (constants, not input), for the page walks' raw SQL. */
const VISIBLE_SQL = sql.raw(`${PUBLISHED_ON_SALE}, ${PUBLISHED_ANNOUNCED}`);

const userId = sql.placeholder('userId');
const today = sql.placeholder('today');

/** What every member sees alike: cacheable per language (cache.ts). Seats are not in it. */
function sharedColumns(lang: LanguageCode) {
  const en = lang === 'en';
  return {
    id: products.id,
    alias: products.alias,
    type: products.type,
    name: en ? products.nameEn : products.namePl,
    description: en ? products.descriptionEn : products.descriptionPl,
    annDescription: en ? products.annDescriptionEn : products.annDescriptionPl,
    place: en ? products.placeEn : products.placePl,
    startDate: products.startDate,
    startTime: products.startTime,
    endDate: products.endDate,
    endTime: products.endTime,
    priceGrosze: products.priceGrosze,
    memberLimit: products.memberLimit,
    totalSeats: products.totalSeats,
    statusLimit: products.statusLimit,
    published: products.published,
    image: products.image,
    imageMobile: products.imageMobile,
    videoId: products.videoId,
    contactEmail: products.contactEmail,
    contactPhone: products.contactPhone,
    categoryId: categories.id,
    categoryName: en ? categories.nameEn : categories.namePl,
    categoryBanner: categories.banner,
    categoryBannerMobile: categories.bannerMobile,
    eventImagesCount: sql<number>`(select count(*) from gallery_images gi join galleries g on g.id = gi.gallery_id
      where g.product_id = ${outer(products.id)})::int`,
    galleryId: sql<
      number | null
    >`(select min(g.id) from galleries g where g.product_id = ${outer(products.id)})`,
  };
}

/** An offer's end as the API's ISO string (UTC, milliseconds), the same text in every statement. */
function heldUntilText(alias: string) {
  return sql.raw(`to_char(${alias}.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
}

/** What is read per request: the seats (exact after any order, in any process) and the member's own state. */
// products.id spelt out: drizzle leaves a column unqualified when a query reads one table.
const memberColumns = {
  seatsTaken: products.seatsTaken,
  seatsHeld: products.seatsHeld,
  // Looked up only while the experience has held seats at all: no cost for the rest.
  heldUntil: heldUntilSql(userId),
  inCart: sql<boolean>`exists (select 1 from cart_items ci where ci.product_id = products.id and ci.user_id = ${userId})`,
  heldQuantity: sql<number>`coalesce((select m.quantity from member_product_seats m
      where m.user_id = ${userId} and m.product_id = products.id), 0)::int`,
  notificationSet: sql<boolean>`exists (select 1 from product_notifications pn where pn.product_id = products.id and pn.user_id = ${userId})`,
};

function productColumns(lang: LanguageCode) {
  return { ...sharedColumns(lang), ...memberColumns };
}

type MemberPart = {
  seatsTaken: number;
  seatsHeld: number;
  inCart: boolean;
  heldQuantity: number;
  notificationSet: boolean;
  heldUntil: string | null;
};
type SharedRow = Awaited<ReturnType<ReturnType<typeof sharedPageQuery>['execute']>>[number];

/** A visible experience by its id or its alias (the prepared statement's `key`). */
const visibleBy = (by: 'id' | 'alias') =>
  and(visible, eq(by === 'id' ? products.id : products.alias, sql.placeholder('key')));

/**
 * The hot catalogue queries are prepared once per database handle (and on PostgreSQL planned once
 * per pooled connection, by name), the way plugins/session.ts prepares the session lookup: a list
 * is one bounded query (its total is counted once per catalogue state and kept), a product page is one query
 * (images, files and partners as json_agg sub-selects). Each variant has its own name, so one name
 * always means one SQL text.
 */
function productQuery(db: Tx, lang: LanguageCode, by: 'id' | 'alias') {
  return preparedOnce(db, `club_catalog_product_${by}_${lang}`, () =>
    db
      .select(productColumns(lang))
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(visibleBy(by))
      .limit(1)
      .prepare(`club_catalog_product_${by}_${lang}`),
  );
}

function sharedDetailQuery(db: Tx, lang: LanguageCode, by: 'id' | 'alias') {
  const en = lang === 'en';
  const name = `club_catalog_product_shared_${by}_${lang}`;
  return preparedOnce(db, name, () =>
    db
      .select({
        ...sharedColumns(lang),
        images: sql<
          { file: string; caption: string }[]
        >`coalesce((select json_agg(json_build_object('file', pi.file, 'caption', ${sql.raw(
          en ? 'pi.caption_en' : 'pi.caption_pl',
        )}) order by pi.position, pi.id)
          from product_images pi where pi.product_id = ${outer(products.id)}), '[]'::json)`,
        files: sql<
          { name: string; file: string }[]
        >`coalesce((select json_agg(json_build_object('name', ${sql.raw(
          en ? 'pf.name_en' : 'pf.name_pl',
        )}, 'file', pf.file) order by pf.id) from product_files pf where pf.product_id = ${outer(products.id)}), '[]'::json)`,
        partners: sql<{ name: string; url: string | null; image: string | null }[]>`coalesce((select
          json_agg(json_build_object('name', pa.name, 'url', pa.url, 'image', pa.image) order by pa.position, pa.id)
          from product_partners pp join partners pa on pa.id = pp.partner_id
          where pp.product_id = ${outer(products.id)}), '[]'::json)`,
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(visibleBy(by))
      .limit(1)
      .prepare(name),
  );
}

/**
 * The interests that choose 'Selected for you': the member's own, else the default selection (SPEC.md
 * §9), sorted, as text ('3,7'): the key of the member's selection in the caches.
 */
const MEMBER_INTERESTS_SQL = `select array_to_string(coalesce(nullif(array(select interest_id
  from customer_interests where user_id = $1 order by interest_id), '{}'),
  array[${[...DEFAULT_INTERESTS]
    .map(Number)
    .sort((x, y) => x - y)
    .join(',')}]::int[]), ',') as ids`;

/** The products chosen by a set of interests ('3,7', a placeholder). */
const byInterests = sql`exists (select 1 from ${productInterests} where ${outer(productInterests.productId)} = ${outer(products.id)}
  and ${outer(productInterests.interestId)} = any(string_to_array(${sql.placeholder('interests')}, ',')::int[]))`;

/**
 * "Selected for you" for a set of interests, without anything of the member's (kept in the catalogue
 * cache by the interests, like the shared pages): upcoming experiences only, soonest first, so one walk
 * of the start-date index from today, stopped after the page (no count, no sort of the catalogue).
 */
function forInterestsPageQuery(db: Tx, lang: LanguageCode, byCategory: boolean) {
  const name = `club_catalog_products_interests_${byCategory ? 'cat' : 'all'}_${lang}`;
  return preparedOnce(db, name, () => {
    const conditions: SQL[] = [visible];
    if (byCategory) conditions.push(eq(products.categoryId, sql.placeholder('categoryId')));
    conditions.push(sql`${products.startDate} >= ${today}::date`, byInterests);
    return db
      .select(sharedColumns(lang))
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(and(...conditions))
      .orderBy(asc(products.startDate), asc(products.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name);
  });
}

/**
 * The ids of one page in the catalogue's order (upcoming soonest first, then past latest first) from
 * two walks of a start-date index, each stopped after `reach` (offset + page size) rows: a page costs
 * the same whatever the size of the catalogue (deeper pages walk further, at most the catalogue).
 */
function pageIds(byCategory: boolean) {
  const category = byCategory ? sql`and p.category_id = ${sql.placeholder('categoryId')}` : sql``;
  const reach = sql.placeholder('reach');
  return sql`select u.id from (
    (select p.id, p.start_date from products p where p.published in (${VISIBLE_SQL}) ${category}
      and p.start_date >= ${today}::date order by p.start_date asc, p.id asc limit ${reach})
    union all
    (select p.id, p.start_date from products p where p.published in (${VISIBLE_SQL}) ${category}
      and p.start_date < ${today}::date order by p.start_date desc, p.id asc limit ${reach})
  ) u order by (u.start_date < ${today}::date), case when u.start_date >= ${today}::date then u.start_date end asc,
    u.start_date desc, u.id asc
  limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`;
}

/** A category's (or the whole catalogue's) page without anything of the member's: what cache.ts keeps. */
function sharedPageQuery(db: Tx, lang: LanguageCode, byCategory: boolean) {
  const name = `club_catalog_products_shared_${byCategory ? 'cat' : 'all'}_${lang}`;
  return preparedOnce(db, name, () =>
    db
      .select(sharedColumns(lang))
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(sql`${products.id} in (${pageIds(byCategory)})`)
      .orderBy(
        sql`(${products.startDate} < ${today}::date)`,
        sql`case when ${products.startDate} >= ${today}::date then ${products.startDate} end asc`,
        sql`${products.startDate} desc`,
        asc(products.id),
      )
      .prepare(name),
  );
}

/** The seats and the member's state for the products of a page: one small query by primary key. */
function memberPartQuery(db: Tx) {
  return preparedOnce(db, 'club_catalog_member_part', (name) =>
    db
      .select({ id: products.id, ...memberColumns })
      .from(products)
      .where(sql`${products.id} = any(string_to_array(${sql.placeholder('ids')}, ',')::int[])`)
      .prepare(name),
  );
}

/** The total alone, for a page past the end (the page query then returns no row to carry it). */
function productCountQuery(db: Tx, byCategory: boolean, forUser: boolean) {
  const name = `club_catalog_products_count_${byCategory ? 'cat' : 'all'}_${forUser ? 'user' : 'any'}`;
  return preparedOnce(db, name, () => {
    const conditions: SQL[] = [visible];
    if (byCategory) conditions.push(eq(products.categoryId, sql.placeholder('categoryId')));
    if (forUser) conditions.push(sql`${products.startDate} >= ${today}::date`, byInterests);
    return db
      .select({ total: sql<number>`count(*)::int` })
      .from(products)
      .where(and(...conditions))
      .prepare(name);
  });
}

/** What every member sees alike, in the order of the API's product object up to the member's flags. */
function sharedProduct(row: SharedRow) {
  return {
    id: row.id,
    name: row.name,
    alias: row.alias,
    category: {
      id: row.categoryId,
      name: row.categoryName,
      banner_url: mediaUrl(row.categoryBanner),
      banner_srcset: mediaSrcset(row.categoryBanner),
      banner_mobile_url: mediaUrl(row.categoryBannerMobile),
      banner_mobile_srcset: mediaSrcset(row.categoryBannerMobile),
    },
    type: row.type,
    description: row.description,
    ann_description: row.published === PUBLISHED_ANNOUNCED ? row.annDescription : null,
    start_date: row.startDate,
    start_time: row.startTime,
    end_date: row.endDate,
    end_time: row.endTime,
    place: row.place,
    price: groszeToPln(row.priceGrosze),
    published: row.published,
    image: row.image,
    image_url: mediaUrl(row.image),
    image_srcset: mediaSrcset(row.image),
    image_mobile_url: mediaUrl(row.imageMobile),
    image_mobile_srcset: mediaSrcset(row.imageMobile),
    video_id: row.videoId,
    video_url: mediaUrl(row.videoId),
    contact_email: row.contactEmail,
    contact_phone: row.contactPhone,
  };
}

/** What follows the member's flags in the product object. */
function productTail(row: SharedRow) {
  return {
    event_images_count: Number(row.eventImagesCount),
    gallery_id: row.galleryId === null ? null : Number(row.galleryId),
  };
}

/** The flags' inputs that are the product's own, the same for every member. */
const STATIC_FLAG_FIELDS = ['published', 'startDate', 'totalSeats', 'memberLimit', 'statusLimit'] as const;
type StaticFlagInput = Pick<FlagInput, (typeof STATIC_FLAG_FIELDS)[number]>;

const staticFlagInput = (row: SharedRow): StaticFlagInput => pick(row, STATIC_FLAG_FIELDS);

function flagsFor(p: StaticFlagInput, part: MemberPart, c: CatalogContext): MemberFlags {
  return memberFlags(
    {
      ...p,
      seatsTaken: part.seatsTaken,
      seatsHeld: Number(part.seatsHeld),
      heldUntil: part.heldUntil ?? null,
      inCart: Boolean(part.inCart),
      heldQuantity: Number(part.heldQuantity),
      notificationSet: Boolean(part.notificationSet),
    },
    c,
  );
}

function toProduct(row: SharedRow & MemberPart, c: CatalogContext): TProduct {
  return { ...sharedProduct(row), ...flagsFor(staticFlagInput(row), row, c), ...productTail(row) };
}

/**
 * A product's JSON without the member's part, serialised once and kept in the cache: the body of a
 * request is `head` + the member's flags + `tail` (docs/performance.md), the same bytes, in the same
 * key order, as JSON.stringify of the whole object.
 */
export type ProductJson = {
  id: number;
  head: Buffer;
  tail: Buffer;
  flags: StaticFlagInput;
  /**
   * The member's flags as bytes, by everything they depend on besides `flags` (flagsKey): members
   * mostly share a handful of combinations, and a cached product lives only as long as its catalogue
   * and day (the key holds the day). Computing and encoding them per product per request was 17% of
   * the list's CPU on PostgreSQL.
   */
  flagBytes: Map<string, Buffer>;
};

/** Bounds a product's `flagBytes`: past this many combinations, it starts again. */
const FLAG_BYTES_PER_PRODUCT = 64;

/**
 * Kept as UTF-8 bytes: a response is then a concatenation of buffers, not a long two-byte string
 * (Polish text) that the socket write would flatten and encode on every request.
 */
function toProductJson(row: SharedRow, extra?: Record<string, unknown>): ProductJson {
  const head = JSON.stringify(sharedProduct(row));
  const tail = JSON.stringify(extra ? { ...productTail(row), ...extra } : productTail(row));
  return {
    id: row.id,
    head: Buffer.from(head.slice(0, -1)),
    tail: Buffer.from(tail.slice(1)),
    flags: staticFlagInput(row),
    flagBytes: new Map(),
  };
}

/** The member's flags as JSON members (no braces), in MemberFlags' key order; every value is a number, a boolean or null. */
export function memberFlagsJson(f: MemberFlags): string {
  return `"can_order":${f.can_order},"can_set_notification":${f.can_set_notification},"is_set_notification":${f.is_set_notification},"in_cart":${f.in_cart},"limit_reached":${f.limit_reached},"is_past":${f.is_past},"limit":${f.limit},"overall_limit":${f.overall_limit},"status_limit":${f.status_limit},"held_until":${f.held_until === null ? 'null' : `"${f.held_until}"`}`;
}

/** Everything `flagsFor` reads besides the product's static part, as one string. */
function flagsKey(part: MemberPart, c: CatalogContext): string {
  return `${c.type}|${c.today}|${part.seatsTaken}|${Number(part.seatsHeld)}|${part.heldUntil ?? ''}|${Boolean(part.inCart)}|${Number(part.heldQuantity)}|${Boolean(part.notificationSet)}`;
}

/** Appends a product's JSON (`head` + the member's flags + `tail`) to `out`. */
function pushProductJson(out: Buffer[], p: ProductJson, part: MemberPart, c: CatalogContext): void {
  const key = flagsKey(part, c);
  let flags = p.flagBytes.get(key);
  if (!flags) {
    flags = Buffer.from(`,${memberFlagsJson(flagsFor(p.flags, part, c))},`, 'latin1');
    if (p.flagBytes.size >= FLAG_BYTES_PER_PRODUCT) p.flagBytes.clear();
    p.flagBytes.set(key, flags);
  }
  out.push(p.head, flags, p.tail);
}

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

/**
 * The member's part for the products of a page, as a sub-select of the session lookup (SessionExtra
 * of plugins/session.ts): a cached catalogue read is then one round trip. The same values as
 * `memberColumns`, read in the same statement as the session, so just as live.
 */
export const memberPartWithSession = sql<
  [number, number, boolean, number, boolean, number, string | null][] | null
>`(select
  json_agg(json_build_array(p.id, p.seats_taken,
    exists (select 1 from cart_items ci where ci.product_id = p.id and ci.user_id = ${outer(sessions.userId)}),
    coalesce((select m.quantity from member_product_seats m
      where m.user_id = ${outer(sessions.userId)} and m.product_id = p.id), 0)::int,
    exists (select 1 from product_notifications pn where pn.product_id = p.id and pn.user_id = ${outer(sessions.userId)}),
    p.seats_held,
    case when p.seats_held > 0 then (select ${heldUntilText('so')} from seat_offers so where so.product_id = p.id
      and so.user_id = ${outer(sessions.userId)} and so.status = 'OFFERED' and so.expires_at > now()) end))
  from products p where p.id = any(string_to_array(${sql.placeholder('memberPartIds')}, ',')::int[]))`;

/** Reads what `memberPartWithSession` returned (undefined when it was not read). */
export function memberPartsFrom(extra: unknown): Map<number, MemberPart> | undefined {
  if (!Array.isArray(extra)) return extra === null ? new Map() : undefined;
  const parts = new Map<number, MemberPart>();
  for (const [id, seatsTaken, inCart, heldQuantity, notificationSet, seatsHeld, heldUntil] of extra as [
    number,
    number,
    boolean,
    number,
    boolean,
    number,
    string | null,
  ][])
    parts.set(Number(id), { seatsTaken, inCart, heldQuantity, notificationSet, seatsHeld, heldUntil });
  return parts;
}

/** The ids of a cached list page, whichever language loaded it (the order does not depend on it). */
export function cachedListIds(
  cache: CatalogCache,
  query: { page: number; categoryId?: number },
  today: string,
): number[] | undefined {
  for (const lang of ['pl', 'en'] as const) {
    const hit = cache.peek<CachedList>(listKey(lang, query, today));
    if (hit) return hit.items.map((p) => p.id);
  }
  return undefined;
}

/** The id of a cached product page reached by its alias. */
export function cachedAliasId(cache: CatalogCache, alias: string): number | undefined {
  for (const lang of ['pl', 'en'] as const) {
    const hit = cache.peek<ProductJson>(`item:${lang}:alias:${alias}`);
    if (hit) return hit.id;
  }
  return undefined;
}

type CachedList = { items: ProductJson[]; total: number };

const listKey = (lang: LanguageCode, query: { page: number; categoryId?: number }, today: string) =>
  `list:${lang}:${query.categoryId ?? '*'}:${query.page}:${today}`;

/** The seats and the member's state by product id: read ahead with the session when it has them all. */
async function memberParts(
  db: Tx,
  c: CatalogContext,
  ids: number[],
  ahead?: Map<number, MemberPart>,
  cache?: MemberParts | null,
): Promise<Map<number, MemberPart>> {
  if (ids.length === 0) return new Map();
  if (ahead && ids.every((id) => ahead.has(id))) return ahead;
  const key = `${c.userId}:${ids.join(',')}`;
  const hit = cache?.get(key);
  if (hit) return hit;
  const mark = cache?.mark() ?? 0;
  const rows = await memberPartQuery(db).execute({ userId: c.userId, ids: ids.join(',') });
  const parts = new Map<number, MemberPart>(rows.map((p) => [p.id, p]));
  cache?.store(key, parts, mark);
  return parts;
}

/** The member-part cache (cache.ts). */
export type MemberParts = MemberPartCache<Map<number, MemberPart>>;
/** Each member's set of interests ('3,7') by user id, dropped by the member channel (cache.ts). */
export type MemberInterests = MemberPartCache<string>;

/** Where a catalogue read may find what it needs without a query. */
export type CatalogReadAhead = {
  ahead?: Map<number, MemberPart>;
  memberParts?: MemberParts | null;
  interests?: MemberInterests | null;
};

/** The member's set of interests as text ('3,7'), from the cache when it has it. */
async function memberInterestKey(db: Tx, userId: number, cache?: MemberInterests | null): Promise<string> {
  const key = String(userId);
  const hit = cache?.get(key);
  if (hit !== undefined) return hit;
  const mark = cache?.mark() ?? 0;
  const [row] = await executeNamed<{ ids: string }>(
    db,
    'club_catalog_member_interests',
    MEMBER_INTERESTS_SQL,
    [userId],
  );
  const ids = row?.ids ?? '';
  cache?.store(key, ids, mark);
  return ids;
}

/** Without a cache (tests, scripts): every read goes to the database. */
const noCache = new CatalogCache(() => false);

/**
 * A page of the catalogue as the JSON array of the API (`data`), with the total. The shared part of
 * each product comes serialised from the cache; the member's flags are computed per request from the
 * seats and the member's state read now (`ahead`: read with the session, see memberPartWithSession).
 */
export async function listProductsJson(
  db: Tx,
  c: CatalogContext,
  query: { page: number; categoryId?: number; forUser: boolean },
  cache: CatalogCache = noCache,
  read: CatalogReadAhead = {},
): Promise<{ json: Buffer; total: number }> {
  const byCategory = query.categoryId !== undefined;
  const offset = (query.page - 1) * PAGE_SIZE_CATALOGUE;
  const params = {
    userId: c.userId,
    today: c.today,
    limit: PAGE_SIZE_CATALOGUE,
    offset,
    reach: offset + PAGE_SIZE_CATALOGUE,
    ...(byCategory ? { categoryId: query.categoryId } : {}),
  };
  const scope = byCategory ? String(query.categoryId) : '*';
  // A page and its total as every member with the same choice sees it, kept in the catalogue cache:
  // the page per language, the total (one count per catalogue state and day) for every page and both.
  const page = (
    keys: { page: string; total: string },
    rowsOf: () => Promise<SharedRow[]>,
    forUser: boolean,
    values: typeof params,
  ) =>
    cache.get(keys.page, async (): Promise<CachedList> => {
      const rows = await rowsOf();
      const total = await cache.get(keys.total, async () =>
        Number((await productCountQuery(db, byCategory, forUser).execute(values))[0]?.total ?? 0),
      );
      return { items: rows.map((r) => toProductJson(r)), total };
    });
  let shared: CachedList;
  if (query.forUser) {
    // Chosen by the member's interests: members share a few sets, so the page and its total are kept
    // per set of interests (dropped by the catalogue channel, which the product_interests triggers
    // notify); the member's own set is kept per member (MemberInterests).
    const interests = await memberInterestKey(db, c.userId, read.interests);
    const values = { ...params, interests };
    shared = await page(
      {
        page: `user:${c.lang}:${scope}:${interests}:${query.page}:${c.today}`,
        total: `total:user:${scope}:${interests}:${c.today}`,
      },
      () => forInterestsPageQuery(db, c.lang, byCategory).execute(values),
      true,
      values,
    );
  } else {
    shared = await page(
      { page: listKey(c.lang, query, c.today), total: `total:${scope}:${c.today}` },
      () => sharedPageQuery(db, c.lang, byCategory).execute(params),
      false,
      params,
    );
  }
  const parts = await memberParts(
    db,
    c,
    shared.items.map((p) => p.id),
    read.ahead,
    read.memberParts,
  );
  const out = [OPEN];
  for (const p of shared.items) {
    const part = parts.get(p.id);
    // A product deleted since the shared part was read is left out, as a fresh read would.
    if (!part) continue;
    if (out.length > 1) out.push(COMMA);
    pushProductJson(out, p, part, c);
  }
  out.push(CLOSE);
  return { json: Buffer.concat(out), total: shared.total };
}

export async function findProduct(db: Tx, c: CatalogContext, key: { id: number } | { alias: string }) {
  const by = 'id' in key ? 'id' : 'alias';
  const [row] = await productQuery(db, c.lang, by).execute({
    userId: c.userId,
    key: 'id' in key ? key.id : key.alias,
  });
  return row ? toProduct(row, c) : null;
}

/** A product page as the JSON of the API (`data`), or null; built like listProductsJson. */
export async function productDetailJson(
  db: Tx,
  c: CatalogContext,
  key: { id: number } | { alias: string },
  cache: CatalogCache = noCache,
  read: CatalogReadAhead = {},
): Promise<Buffer | null> {
  const by = 'id' in key ? 'id' : 'alias';
  const value = 'id' in key ? key.id : key.alias;
  const shared = await cache.get(`item:${c.lang}:${by}:${value}`, async () => {
    const [row] = await sharedDetailQuery(db, c.lang, by).execute({ key: value });
    if (!row) return null;
    return toProductJson(row, {
      images: row.images.map((i) => ({
        file: i.file,
        file_url: mediaUrl(i.file)!,
        srcset: mediaSrcset(i.file),
        caption: i.caption,
      })),
      files: row.files.map((f) => ({ name: f.name, file: f.file, file_url: mediaUrl(f.file)! })),
      partners: row.partners.map((p) => ({
        name: p.name,
        url: p.url,
        image: p.image,
        image_url: mediaUrl(p.image),
      })),
    });
  });
  if (!shared) return null;
  const part = (await memberParts(db, c, [shared.id], read.ahead, read.memberParts)).get(shared.id);
  if (!part) return null;
  const out: Buffer[] = [];
  pushProductJson(out, shared, part, c);
  return Buffer.concat(out);
}

/** Records the member's wish once; a repeated call changes nothing. */
export async function addNotification(db: Tx, productId: number, userId: number): Promise<void> {
  await db.insert(productNotifications).values({ productId, userId }).onConflictDoNothing();
}

export async function listCategories(
  db: Tx,
  lang: LanguageCode,
  cache: CatalogCache = noCache,
): Promise<TCategory[]> {
  return cache.get(`categories:${lang}`, () => readCategories(db, lang));
}

async function readCategories(db: Tx, lang: LanguageCode): Promise<TCategory[]> {
  const en = lang === 'en';
  const rows = await preparedOnce(db, 'club_catalog_categories', () =>
    db
      .select()
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.id))
      .prepare('club_catalog_categories'),
  ).execute();
  return rows.map((r) => ({
    id: r.id,
    name: en ? r.nameEn : r.namePl,
    slugs: [...new Set(en ? [r.nameEn, r.namePl] : [r.namePl, r.nameEn])].map(categorySlug),
    description: en ? r.descriptionEn : r.descriptionPl,
    image_url: mediaUrl(r.image),
    image_srcset: mediaSrcset(r.image),
    banner_url: mediaUrl(r.banner),
    banner_srcset: mediaSrcset(r.banner),
    banner_mobile_url: mediaUrl(r.bannerMobile),
    banner_mobile_srcset: mediaSrcset(r.bannerMobile),
  }));
}

export async function listPartners(db: Tx): Promise<TPartner[]> {
  const rows = await db.select().from(partners).orderBy(asc(partners.position), asc(partners.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    url: r.url,
    image: r.image,
    image_url: mediaUrl(r.image),
  }));
}
