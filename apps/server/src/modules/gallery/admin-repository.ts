import type {
  TAdminGallery,
  TAdminGalleryOptions,
  TAdminGalleryRow,
} from '@club/shared/contract/admin-galleries';
import type { ZAdminGalleryInput, ZAdminGalleryListQuery } from '@club/shared/schemas/admin-content';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { loadPhotos, type PhotoAlbum } from '../../lib/photo-album';
import { categories, galleries, galleryImages, products } from '../../db/schema';
import { invalidField } from '../../lib/app-error';
import { mediaSrcset, mediaUrl } from '../../lib/media';
import { anyContains } from '../../lib/text-search';
import { galleryDates } from './repository';
import { lockVersioned, updateVersioned } from '../../lib/versioned-rows';
import { outer } from '../../lib/outer-column';

/**
 * The console's reads and writes of galleries (issue 16). Every write takes the transaction the route
 * opened, in which it also records the audit row; members' caches (the experiences' gallery counts)
 * drop through the triggers of migration 0001 on commit.
 */

const photosCount = sql<number>`(select count(*) from gallery_images gi where gi.gallery_id = ${outer(galleries.id)})::int`;
const firstPhoto = sql<
  string | null
>`(select gi.file from gallery_images gi where gi.gallery_id = ${outer(galleries.id)} order by gi.position, gi.id limit 1)`;

/** Galleries a page at a time, with the list's filters and sort (docs/console.md "lists"). */
export async function listAdminGalleries(
  db: Tx,
  query: z.output<typeof ZAdminGalleryListQuery>,
): Promise<{ rows: TAdminGalleryRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.year !== undefined) conditions.push(sql`extract(year from ${galleries.date}) = ${query.year}`);
  if (query.month !== undefined) conditions.push(sql`extract(month from ${galleries.date}) = ${query.month}`);
  if (query.product_id !== undefined) conditions.push(eq(galleries.productId, query.product_id));
  if (query.q) conditions.push(anyContains(query.q, [galleries.namePl, galleries.nameEn]));
  const where = conditions.length ? and(...conditions) : undefined;
  const direction = query.dir === 'asc' ? asc : desc;
  const sortColumn = { date: galleries.date, name: galleries.namePl, photos: photosCount }[query.sort];
  const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(galleries).where(where);
  const rows = await db
    .select({
      gallery: galleries,
      // Null when the join finds no row: a gallery of no experience, or of no category.
      product: { namePl: products.namePl, nameEn: products.nameEn },
      category: { namePl: categories.namePl, nameEn: categories.nameEn },
      photos: photosCount,
      first: firstPhoto,
    })
    .from(galleries)
    .leftJoin(products, eq(products.id, galleries.productId))
    .leftJoin(categories, eq(categories.id, galleries.categoryId))
    .where(where)
    .orderBy(direction(sortColumn), direction(galleries.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  return {
    total: Number(count?.total ?? 0),
    rows: rows.map((r) => {
      const cover = r.gallery.image ?? r.first;
      return {
        id: r.gallery.id,
        version: r.gallery.version,
        name_pl: r.gallery.namePl,
        name_en: r.gallery.nameEn,
        date: r.gallery.date,
        product:
          r.gallery.productId !== null && r.product
            ? { id: r.gallery.productId, name_pl: r.product.namePl, name_en: r.product.nameEn }
            : null,
        category:
          r.gallery.categoryId !== null && r.category
            ? { id: r.gallery.categoryId, name_pl: r.category.namePl, name_en: r.category.nameEn }
            : null,
        photos_count: Number(r.photos),
        cover_url: mediaUrl(cover),
        cover_srcset: mediaSrcset(cover),
      };
    }),
  };
}

export async function galleryOptions(db: Tx): Promise<TAdminGalleryOptions> {
  const productRows = await db
    .select({
      id: products.id,
      name_pl: products.namePl,
      name_en: products.nameEn,
      start_date: products.startDate,
    })
    .from(products)
    .orderBy(desc(products.startDate), desc(products.id));
  const categoryRows = await db
    .select({ id: categories.id, name_pl: categories.namePl, name_en: categories.nameEn })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.id));
  return { products: productRows, categories: categoryRows, dates: await galleryDates(db) };
}

export async function loadAdminGallery(db: Tx, id: number): Promise<TAdminGallery | null> {
  const [row] = await db.select().from(galleries).where(eq(galleries.id, id));
  if (!row) return null;
  return {
    id: row.id,
    version: row.version,
    name_pl: row.namePl,
    name_en: row.nameEn,
    date: row.date,
    product_id: row.productId,
    category_id: row.categoryId,
    photos: await loadPhotos(db, galleryPhotos, row.id, row.image),
  };
}

/** The gallery's row under a lock; a save made on an older version is refused (409 STALE). */
export const lockGallery = (tx: Tx, id: number, version?: number) =>
  lockVersioned(tx, galleries, id, version);

async function columnsOf(tx: Tx, v: z.output<typeof ZAdminGalleryInput>, field: string) {
  let categoryId = v.category_id;
  if (v.product_id !== null) {
    const [product] = await tx
      .select({ categoryId: products.categoryId })
      .from(products)
      .where(eq(products.id, v.product_id));
    if (!product) throw invalidField(`${field}product_id`, 'validation.wrongValue');
    // A gallery of an experience shows that experience's category unless another is chosen.
    categoryId ??= product.categoryId;
  }
  if (categoryId !== null) {
    const [category] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.id, categoryId));
    if (!category) throw invalidField(`${field}category_id`, 'validation.wrongValue');
  }
  return { namePl: v.name_pl, nameEn: v.name_en, date: v.date, productId: v.product_id, categoryId };
}

export async function createGallery(tx: Tx, v: z.output<typeof ZAdminGalleryInput>): Promise<number> {
  const [row] = await tx
    .insert(galleries)
    .values(await columnsOf(tx, v, ''))
    .returning({ id: galleries.id });
  return row!.id;
}

export async function updateGallery(
  tx: Tx,
  id: number,
  version: number,
  v: z.output<typeof ZAdminGalleryInput>,
) {
  await updateVersioned(tx, galleries, id, version, () => columnsOf(tx, v, 'gallery.'));
}

/** Marks the gallery changed (its cover when given): photos do not bump the form's version. */
export async function touchGallery(tx: Tx, id: number, set: { image?: string | null } = {}) {
  if ('image' in set)
    await tx
      .update(galleries)
      .set({ image: set.image ?? null })
      .where(eq(galleries.id, id));
}

/** A gallery's photos: without a chosen tile picture its first photo shows; they never bump its version. */
export const galleryPhotos: PhotoAlbum = {
  photos: galleryImages,
  ownerColumn: galleryImages.galleryId,
  audit: { owner: 'gallery', photo: 'gallery_photo', ownerKey: 'gallery_id' },
  coverMode: 'first-photo',
  exists: async (db, id) => (await loadAdminGallery(db, id)) !== null,
  lock: async (tx, id) => {
    const gallery = await lockGallery(tx, id);
    return { cover: gallery.image, coverAudit: { image: gallery.image } };
  },
  insert: async (tx, galleryId, values) => {
    const [row] = await tx
      .insert(galleryImages)
      .values({ galleryId, ...values })
      .returning({ id: galleryImages.id });
    return row!.id;
  },
  setCover: async (tx, id, file) => {
    await touchGallery(tx, id, { image: file });
    return { image: file };
  },
  touch: async () => {},
};
