import { readTogether } from '../../lib/read-together';
import type { TAdminProduct, TAdminProductRow } from '@club/shared/contract/admin-catalog';
import { groszeToPln, plnToGrosze, productSlug } from '@club/shared';
import {
  experienceStatus,
  type TAdminProductValues,
  type ZAdminProductListQuery,
} from '@club/shared/schemas/admin-catalog';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { loadPhotos, type PhotoAlbum } from '../../lib/photo-album';
import {
  cartItems,
  categories,
  interests,
  partners,
  productImages,
  productInterests,
  productPartners,
  products,
  productTerms,
} from '../../db/schema';
import { invalidField, notFound } from '../../lib/app-error';
import { storableHtml } from '../../lib/sanitize-html';
import { mediaSrcset, mediaUrl } from '../../lib/media';
import { anyContains } from '../../lib/text-search';
import { lockVersioned } from '../../lib/versioned-rows';

/**
 * The console's reads and writes of experiences (issue 16). Every write takes the transaction the
 * route opened, in which it also records the audit row; members' caches drop through the triggers
 * of migrations 0001 and 0007 on commit.
 */

type ProductRow = typeof products.$inferSelect;
type ListQuery = z.output<typeof ZAdminProductListQuery>;

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

const statusSql = sql<string>`case when ${products.archivedAt} is not null then 'archived'
  when ${products.published} = 1 then 'on_sale' when ${products.published} = 2 then 'announced' else 'draft' end`;

function statusCondition(status: ListQuery['status']): SQL | undefined {
  switch (status) {
    case 'archived':
      return isNotNull(products.archivedAt);
    case 'on_sale':
      return and(isNull(products.archivedAt), eq(products.published, 1));
    case 'announced':
      return and(isNull(products.archivedAt), eq(products.published, 2));
    case 'draft':
      return and(isNull(products.archivedAt), eq(products.published, 0));
    default:
      return undefined;
  }
}

/** `%`, `_` and `\` typed by a person are letters, not patterns. */

export async function listAdminProducts(
  db: Tx,
  query: ListQuery,
): Promise<{ rows: TAdminProductRow[]; total: number }> {
  const conditions: (SQL | undefined)[] = [];
  if (query.q) conditions.push(anyContains(query.q, [products.namePl, products.nameEn, products.alias]));
  if (query.category_id) conditions.push(eq(products.categoryId, query.category_id));
  if (query.status) conditions.push(statusCondition(query.status));
  // Archived experiences only when asked for: the default list is the live catalogue.
  else conditions.push(isNull(products.archivedAt));
  if (query.from) conditions.push(gte(sql`coalesce(${products.endDate}, ${products.startDate})`, query.from));
  if (query.to) conditions.push(lte(products.startDate, query.to));
  const where = and(...conditions);
  const order = query.dir === 'asc' ? asc : desc;
  const sortColumn = {
    start_date: products.startDate,
    name: products.namePl,
    price: products.priceGrosze,
    status: statusSql,
    updated_at: products.updatedAt,
    id: products.id,
  }[query.sort];
  const rows = await db
    .select({
      product: products,
      categoryNamePl: categories.namePl,
      categoryNameEn: categories.nameEn,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .orderBy(order(sortColumn), order(products.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  let total = rows[0]?.total;
  if (total === undefined) {
    const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(products).where(where);
    total = count?.n ?? 0;
  }
  return {
    total: Number(total),
    rows: rows.map(({ product: p, categoryNamePl, categoryNameEn }) => ({
      id: p.id,
      alias: p.alias,
      type: p.type,
      name_pl: p.namePl,
      name_en: p.nameEn,
      category: { id: p.categoryId, name_pl: categoryNamePl, name_en: categoryNameEn },
      start_date: p.startDate,
      end_date: p.endDate,
      price: groszeToPln(p.priceGrosze),
      status: experienceStatus(p.published, p.archivedAt !== null),
      total_seats: p.totalSeats,
      seats_taken: p.seatsTaken,
      image_url: mediaUrl(p.image),
      image_srcset: mediaSrcset(p.image),
      version: p.version,
      updated_at: iso(p.updatedAt),
    })),
  };
}

export async function catalogOptions(db: Tx) {
  const [cats, ints, parts] = await readTogether(db, [
    () => db.select().from(categories).orderBy(asc(categories.position), asc(categories.id)),
    () => db.select().from(interests).orderBy(asc(interests.position), asc(interests.id)),
    () => db.select().from(partners).orderBy(asc(partners.position), asc(partners.id)),
  ] as const);
  return {
    categories: cats.map((c) => ({
      id: c.id,
      name_pl: c.namePl,
      name_en: c.nameEn,
      banner_url: mediaUrl(c.banner),
      banner_srcset: mediaSrcset(c.banner),
      banner_mobile_url: mediaUrl(c.bannerMobile),
      banner_mobile_srcset: mediaSrcset(c.bannerMobile),
    })),
    interests: ints.map((i) => ({ id: i.id, name_pl: i.namePl, name_en: i.nameEn })),
    partners: parts.map((p) => ({ id: p.id, name: p.name, image_url: mediaUrl(p.image) })),
  };
}

/** The experience as the console edits it, or null. */
export async function loadAdminProduct(db: Tx, id: number): Promise<TAdminProduct | null> {
  const [p] = await db.select().from(products).where(eq(products.id, id));
  if (!p) return null;
  const [terms, ints, parts, photos] = await readTogether(db, [
    () => db.select().from(productTerms).where(eq(productTerms.productId, id)).orderBy(asc(productTerms.id)),
    () =>
      db
        .select({ id: productInterests.interestId })
        .from(productInterests)
        .where(eq(productInterests.productId, id))
        .orderBy(asc(productInterests.interestId)),
    () =>
      db
        .select({ id: productPartners.partnerId })
        .from(productPartners)
        .where(eq(productPartners.productId, id))
        .orderBy(asc(productPartners.partnerId)),
    () => loadPhotos(db, experiencePhotos, id, null),
  ] as const);
  return {
    id: p.id,
    alias: p.alias,
    type: p.type,
    category_id: p.categoryId,
    name_pl: p.namePl,
    name_en: p.nameEn,
    description_pl: p.descriptionPl,
    description_en: p.descriptionEn,
    ann_description_pl: p.annDescriptionPl,
    ann_description_en: p.annDescriptionEn,
    place_pl: p.placePl,
    place_en: p.placeEn,
    bring_pl: p.bringPl,
    bring_en: p.bringEn,
    reminder_days: p.reminderDays,
    start_date: p.startDate,
    start_time: p.startTime,
    end_date: p.endDate,
    end_time: p.endTime,
    price: groszeToPln(p.priceGrosze),
    member_limit: p.memberLimit,
    vat_rate: p.vatRate,
    margin_scheme: p.marginScheme,
    total_seats: p.totalSeats,
    status_limit: p.statusLimit,
    video_id: p.videoId,
    contact_email: p.contactEmail,
    contact_phone: p.contactPhone,
    cart_label_pl: p.cartLabelPl,
    cart_label_en: p.cartLabelEn,
    terms: terms.map((t) => ({ id: t.id, name_pl: t.namePl, name_en: t.nameEn })),
    interest_ids: ints.map((i) => i.id),
    partner_ids: parts.map((i) => i.id),
    status: experienceStatus(p.published, p.archivedAt !== null),
    published: p.published,
    seats_taken: p.seatsTaken,
    image_url: mediaUrl(p.image),
    image_srcset: mediaSrcset(p.image),
    photos: photos.map((photo) => ({ ...photo, is_cover: photo.file === p.image })),
    version: p.version,
    created_at: iso(p.createdAt),
    updated_at: iso(p.updatedAt),
  };
}

/** Reads the row under a lock and refuses a save made on an older version (409 STALE). */
export const lockProduct = (tx: Tx, id: number, version?: number) => lockVersioned(tx, products, id, version);

/** The columns of the form's values; the rich text sanitised before it is stored. */
function columnsOf(v: TAdminProductValues) {
  return {
    type: v.type,
    categoryId: v.category_id,
    namePl: v.name_pl,
    nameEn: v.name_en,
    descriptionPl: storableHtml(v.description_pl),
    descriptionEn: storableHtml(v.description_en),
    annDescriptionPl: v.ann_description_pl === null ? null : storableHtml(v.ann_description_pl) || null,
    annDescriptionEn: v.ann_description_en === null ? null : storableHtml(v.ann_description_en) || null,
    placePl: v.place_pl,
    placeEn: v.place_en,
    bringPl: v.bring_pl,
    bringEn: v.bring_en,
    reminderDays: v.reminder_days,
    startDate: v.start_date,
    startTime: v.start_time,
    endDate: v.end_date,
    endTime: v.end_time,
    priceGrosze: plnToGrosze(v.price),
    memberLimit: v.member_limit,
    vatRate: v.vat_rate,
    marginScheme: v.margin_scheme,
    totalSeats: v.total_seats,
    statusLimit: v.status_limit,
    videoId: v.video_id,
    contactEmail: v.contact_email,
    contactPhone: v.contact_phone,
    cartLabelPl: v.cart_label_pl,
    cartLabelEn: v.cart_label_en,
  };
}

/** Checks what the schema cannot: the ids exist, the alias is free, the capacity covers sold seats. */
async function checkReferences(tx: Tx, v: TAdminProductValues, alias: string, self?: ProductRow) {
  const [category] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, v.category_id));
  if (!category) throw invalidField('category_id', 'validation.wrongValue');
  const [taken] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.alias, alias), self ? sql`${products.id} <> ${self.id}` : undefined));
  if (taken) throw invalidField('alias', 'validation.aliasTaken');
  if (v.interest_ids.length) {
    const found = await tx
      .select({ id: interests.id })
      .from(interests)
      .where(inArray(interests.id, v.interest_ids));
    if (found.length !== new Set(v.interest_ids).size)
      throw invalidField('interest_ids', 'validation.wrongValue');
  }
  if (v.partner_ids.length) {
    const found = await tx
      .select({ id: partners.id })
      .from(partners)
      .where(inArray(partners.id, v.partner_ids));
    if (found.length !== new Set(v.partner_ids).size)
      throw invalidField('partner_ids', 'validation.wrongValue');
  }
  // Seats taken by orders and held for the waiting list stay theirs: the capacity cannot go below them.
  if (self && v.total_seats !== null && v.total_seats < self.seatsTaken + self.seatsHeld)
    throw invalidField('total_seats', 'validation.min', { amount: self.seatsTaken + self.seatsHeld });
}

/** A free address: the base, else the base with -2, -3, … */
async function freeAlias(tx: Tx, base: string): Promise<string> {
  for (let n = 1; ; n++) {
    const alias = n === 1 ? base : `${base}-${n}`;
    const [taken] = await tx.select({ id: products.id }).from(products).where(eq(products.alias, alias));
    if (!taken) return alias;
  }
}

/** The alias asked for, else a free one made from the Polish name. */
async function aliasOf(tx: Tx, v: TAdminProductValues): Promise<string> {
  if (v.alias) return v.alias;
  const made = productSlug(v.name_pl).slice(0, 100).replace(/-+$/, '');
  return freeAlias(tx, /^[a-z]/.test(made) ? made : `e-${made || 'experience'}`);
}

async function writeRelations(tx: Tx, id: number, v: TAdminProductValues) {
  await tx.delete(productInterests).where(eq(productInterests.productId, id));
  if (v.interest_ids.length)
    await tx
      .insert(productInterests)
      .values([...new Set(v.interest_ids)].map((interestId) => ({ productId: id, interestId })));
  await tx.delete(productPartners).where(eq(productPartners.productId, id));
  if (v.partner_ids.length)
    await tx
      .insert(productPartners)
      .values([...new Set(v.partner_ids)].map((partnerId) => ({ productId: id, partnerId })));
  // Terms keep their ids (carts refer to them); a term of another experience is not this one's.
  const existing = await tx.select().from(productTerms).where(eq(productTerms.productId, id));
  const own = new Set(existing.map((t) => t.id));
  for (const term of v.terms) {
    if (term.id !== undefined && !own.has(term.id)) throw invalidField('terms', 'validation.wrongValue');
  }
  const kept = new Set(v.terms.map((t) => t.id).filter((x): x is number => x !== undefined));
  const gone = existing.filter((t) => !kept.has(t.id)).map((t) => t.id);
  if (gone.length) await tx.delete(productTerms).where(inArray(productTerms.id, gone));
  for (const term of v.terms) {
    if (term.id === undefined)
      await tx.insert(productTerms).values({ productId: id, namePl: term.name_pl, nameEn: term.name_en });
    else
      await tx
        .update(productTerms)
        .set({ namePl: term.name_pl, nameEn: term.name_en })
        .where(eq(productTerms.id, term.id));
  }
}

export async function createProduct(tx: Tx, v: TAdminProductValues): Promise<number> {
  const alias = await aliasOf(tx, v);
  await checkReferences(tx, v, alias);
  const [row] = await tx
    .insert(products)
    .values({ ...columnsOf(v), alias, published: 0 })
    .returning({ id: products.id });
  await writeRelations(tx, row!.id, v);
  return row!.id;
}

export async function updateProduct(tx: Tx, id: number, version: number, v: TAdminProductValues) {
  const before = await lockProduct(tx, id, version);
  const alias = v.alias ?? before.alias;
  await checkReferences(tx, { ...v, alias }, alias, before);
  await tx
    .update(products)
    .set({ ...columnsOf(v), alias, version: before.version + 1, updatedAt: new Date() })
    .where(eq(products.id, id));
  await writeRelations(tx, id, v);
}

/** Publishing, unpublishing and archiving: the state members see, with the version check. */
export async function setState(
  tx: Tx,
  id: number,
  version: number,
  state: { published: number; archived: boolean },
) {
  const before = await lockProduct(tx, id, version);
  await tx
    .update(products)
    .set({
      published: state.published,
      archivedAt: state.archived ? (before.archivedAt ?? new Date()) : null,
      version: before.version + 1,
      updatedAt: new Date(),
    })
    .where(eq(products.id, id));
  return before;
}

/** A copy as a new draft: fields, terms, interests, partners and photos (the files are shared). */
export async function duplicateProduct(
  tx: Tx,
  id: number,
  suffix: { pl: string; en: string },
): Promise<number> {
  const source = await loadAdminProduct(tx, id);
  if (!source) throw notFound();
  const [row] = await tx.select().from(products).where(eq(products.id, id));
  const alias = await freeAlias(tx, `${source.alias.slice(0, 100)}-copy`);
  const {
    id: _id,
    seatsTaken: _s,
    version: _v,
    createdAt: _c,
    updatedAt: _u,
    archivedAt: _a,
    ...copy
  } = row!;
  const [created] = await tx
    .insert(products)
    .values({
      ...copy,
      alias,
      namePl: `${source.name_pl} ${suffix.pl}`.slice(0, 200),
      nameEn: `${source.name_en} ${suffix.en}`.slice(0, 200),
      published: 0,
    })
    .returning({ id: products.id });
  const newId = created!.id;
  if (source.interest_ids.length)
    await tx
      .insert(productInterests)
      .values(source.interest_ids.map((interestId) => ({ productId: newId, interestId })));
  if (source.partner_ids.length)
    await tx
      .insert(productPartners)
      .values(source.partner_ids.map((partnerId) => ({ productId: newId, partnerId })));
  const terms = await tx.select().from(productTerms).where(eq(productTerms.productId, id));
  if (terms.length)
    await tx
      .insert(productTerms)
      .values(terms.map((t) => ({ productId: newId, namePl: t.namePl, nameEn: t.nameEn, file: t.file })));
  const photos = await tx.select().from(productImages).where(eq(productImages.productId, id));
  if (photos.length)
    await tx.insert(productImages).values(
      photos.map((p) => ({
        productId: newId,
        file: p.file,
        position: p.position,
        captionPl: p.captionPl,
        captionEn: p.captionEn,
      })),
    );
  return newId;
}

/**
 * Marks the experience changed (its update time, and its cover when given). Photos are saved one by
 * one as the operator acts on them, so they do not bump the form's `version`: a photo uploaded while
 * the form is open never makes its next save stale.
 */
export async function touchProduct(
  tx: Tx,
  id: number,
  set: Partial<{ image: string | null; imageMobile: string | null }> = {},
) {
  await tx
    .update(products)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(products.id, id));
}

/** An experience's photos: its first photo becomes its cover; photo changes mark it updated. */
export const experiencePhotos: PhotoAlbum = {
  photos: productImages,
  ownerColumn: productImages.productId,
  audit: { owner: 'product', photo: 'photo', ownerKey: 'product_id' },
  coverMode: 'explicit',
  exists: async (db, id) => (await loadAdminProduct(db, id)) !== null,
  lock: async (tx, id) => {
    const product = await lockProduct(tx, id);
    return {
      cover: product.image,
      coverAudit: { image: product.image, image_mobile: product.imageMobile },
    };
  },
  insert: async (tx, productId, values) => {
    const [row] = await tx
      .insert(productImages)
      .values({ productId, ...values })
      .returning({ id: productImages.id });
    return row!.id;
  },
  setCover: async (tx, id, file) => {
    await touchProduct(tx, id, { image: file, imageMobile: null });
    return { image: file, image_mobile: null };
  },
  touch: (tx, id) => touchProduct(tx, id),
};

/**
 * How many members hold the experience in their cart (one line per member and experience): what a
 * price change reaches before they order. Null for an unknown experience.
 */
export async function cartsHolding(db: Tx, productId: number): Promise<number | null> {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) return null;
  const [row] = await db.select({ carts: count() }).from(cartItems).where(eq(cartItems.productId, productId));
  return Number(row?.carts ?? 0);
}
