import { type LanguageCode, PAGE_SIZE_CATALOGUE, type TGallery, type TGalleryDates } from '@club/shared';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { categories, galleries, galleryImages } from '../../db/schema';
import { mediaSrcset, mediaUrl } from '../../lib/media';
import { amongPageIds } from '../../lib/page-ids';

function galleryColumns(lang: LanguageCode) {
  const en = lang === 'en';
  return {
    id: galleries.id,
    name: en ? galleries.nameEn : galleries.namePl,
    categoryName: en ? categories.nameEn : categories.namePl,
    date: galleries.date,
    image: galleries.image,
  };
}

type GalleryRow = {
  id: number;
  name: string;
  categoryName: string | null;
  date: string;
  image: string | null;
};

type ImageRow = { file: string; caption: string };

function toGallery(row: GalleryRow, images: ImageRow[]): TGallery {
  const cover = row.image ?? images[0]?.file ?? null;
  return {
    id: row.id,
    name: row.name,
    category_name: row.categoryName,
    date: row.date,
    image: cover,
    image_url: mediaUrl(cover),
    image_srcset: mediaSrcset(cover),
    // Every photo of the gallery comes with it, so they are counted here rather than by a subquery
    // that PostgreSQL would run for each row an offset skips.
    images_count: images.length,
    images: images.map((i) => ({
      file: i.file,
      file_url: mediaUrl(i.file)!,
      srcset: mediaSrcset(i.file),
      caption: i.caption,
    })),
  };
}

async function imagesOf(db: Tx, lang: LanguageCode, ids: number[]): Promise<Map<number, ImageRow[]>> {
  const map = new Map<number, ImageRow[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return map;
  const rows = await db
    .select({
      galleryId: galleryImages.galleryId,
      file: galleryImages.file,
      caption: lang === 'en' ? galleryImages.captionEn : galleryImages.captionPl,
    })
    .from(galleryImages)
    .where(inArray(galleryImages.galleryId, ids))
    .orderBy(asc(galleryImages.position), asc(galleryImages.id));
  for (const row of rows) map.get(row.galleryId)?.push({ file: row.file, caption: row.caption });
  return map;
}

/** Galleries, latest first; filtered by year and month of their date. */
export async function listGalleries(
  db: Tx,
  lang: LanguageCode,
  query: { page: number; year?: number; month?: number },
): Promise<{ data: TGallery[]; total: number }> {
  const conditions: SQL[] = [];
  // Date ranges, not extract(): the date index serves them (a month with no year is any year's).
  if (query.year !== undefined && query.month !== undefined) {
    conditions.push(sql`${galleries.date} >= make_date(${query.year}::int, ${query.month}::int, 1)`);
    conditions.push(
      sql`${galleries.date} < make_date(${query.year}::int, ${query.month}::int, 1) + interval '1 month'`,
    );
  } else if (query.year !== undefined) {
    conditions.push(sql`${galleries.date} >= make_date(${query.year}::int, 1, 1)`);
    conditions.push(sql`${galleries.date} < make_date(${query.year}::int + 1, 1, 1)`);
  } else if (query.month !== undefined) {
    conditions.push(sql`extract(month from ${galleries.date}) = ${query.month}`);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [countRow] = await db.select({ total: sql<number>`count(*)::int` }).from(galleries).where(where);
  // The page's ids from the (date, id) index alone, then those twelve rows with their category:
  // before, every gallery the offset skipped was read and joined with its category (issue 18).
  const pageIds = db
    .select({ id: galleries.id })
    .from(galleries)
    .where(where)
    .orderBy(desc(galleries.date), desc(galleries.id))
    .limit(PAGE_SIZE_CATALOGUE)
    .offset((query.page - 1) * PAGE_SIZE_CATALOGUE);
  const rows = await db
    .select(galleryColumns(lang))
    .from(galleries)
    .leftJoin(categories, eq(categories.id, galleries.categoryId))
    .where(amongPageIds(galleries.id, pageIds))
    .orderBy(desc(galleries.date), desc(galleries.id));
  const images = await imagesOf(
    db,
    lang,
    rows.map((r) => r.id),
  );
  return { data: rows.map((r) => toGallery(r, images.get(r.id) ?? [])), total: Number(countRow?.total ?? 0) };
}

export async function findGallery(db: Tx, lang: LanguageCode, id: number): Promise<TGallery | null> {
  const [row] = await db
    .select(galleryColumns(lang))
    .from(galleries)
    .leftJoin(categories, eq(categories.id, galleries.categoryId))
    .where(eq(galleries.id, id));
  if (!row) return null;
  const images = await imagesOf(db, lang, [row.id]);
  return toGallery(row, images.get(row.id) ?? []);
}

/** The years (latest first) and, in each, the months (in calendar order) that have a gallery. */
export async function galleryDates(db: Tx): Promise<TGalleryDates> {
  const rows = await db
    .selectDistinct({
      year: sql<number>`extract(year from ${galleries.date})::int`,
      month: sql<number>`extract(month from ${galleries.date})::int`,
    })
    .from(galleries);
  const years = new Map<number, number[]>();
  for (const { year, month } of rows) {
    const months = years.get(Number(year)) ?? [];
    months.push(Number(month));
    years.set(Number(year), months);
  }
  return [...years.entries()]
    .sort(([a], [b]) => b - a)
    .map(([year, months]) => ({ year, months: months.sort((a, b) => a - b) }));
}
