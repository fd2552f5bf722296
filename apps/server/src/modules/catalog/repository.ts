import {
  DEFAULT_INTERESTS,
  groszeToPln,
  type LanguageCode,
  PAGE_SIZE_CATALOGUE,
  type TCategory,
  type TPartner,
  type TProduct,
  type TProductDetail,
} from '@club/shared';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import {
  categories,
  customerInterests,
  partners,
  productFiles,
  productImages,
  productInterests,
  productNotifications,
  productPartners,
  products,
} from '../../db/schema';
import { mediaUrl } from './media';
import { type MemberContext, memberFlags } from './member-flags';

export type CatalogContext = MemberContext & { lang: LanguageCode };

/** Experiences members may see: on sale (1) or announced (2); hidden ones (0) never leave the server. */
const visible = inArray(products.published, [1, 2]);

function productColumns(c: CatalogContext) {
  const en = c.lang === 'en';
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
    seatsTaken: products.seatsTaken,
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
    inCart: sql<boolean>`exists (select 1 from cart_items ci where ci.product_id = ${products.id} and ci.user_id = ${c.userId})`,
    heldQuantity: sql<number>`coalesce((select sum(oi.quantity) from order_items oi join orders o on o.id = oi.order_id
      where oi.product_id = ${products.id} and o.user_id = ${c.userId} and o.status in ('WAITING_PAYMENT', 'PAID')), 0)::int`,
    notificationSet: sql<boolean>`exists (select 1 from product_notifications pn where pn.product_id = ${products.id} and pn.user_id = ${c.userId})`,
    eventImagesCount: sql<number>`(select count(*) from gallery_images gi join galleries g on g.id = gi.gallery_id
      where g.product_id = ${products.id})::int`,
    galleryId: sql<number | null>`(select min(g.id) from galleries g where g.product_id = ${products.id})`,
  };
}

type ProductRow = Awaited<ReturnType<typeof selectProducts>>[number];

function selectProducts(db: Tx, c: CatalogContext) {
  return db
    .select(productColumns(c))
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId));
}

function toProduct(row: ProductRow, c: CatalogContext): TProduct {
  return {
    id: row.id,
    name: row.name,
    alias: row.alias,
    category: {
      id: row.categoryId,
      name: row.categoryName,
      banner_url: mediaUrl(row.categoryBanner),
      banner_mobile_url: mediaUrl(row.categoryBannerMobile),
    },
    type: row.type,
    description: row.description,
    ann_description: row.published === 2 ? row.annDescription : null,
    start_date: row.startDate,
    start_time: row.startTime,
    end_date: row.endDate,
    end_time: row.endTime,
    place: row.place,
    price: groszeToPln(row.priceGrosze),
    published: row.published,
    image: row.image,
    image_url: mediaUrl(row.image),
    image_mobile_url: mediaUrl(row.imageMobile),
    video_id: row.videoId,
    video_url: mediaUrl(row.videoId),
    contact_email: row.contactEmail,
    contact_phone: row.contactPhone,
    ...memberFlags(
      {
        published: row.published,
        startDate: row.startDate,
        totalSeats: row.totalSeats,
        seatsTaken: row.seatsTaken,
        memberLimit: row.memberLimit,
        statusLimit: row.statusLimit,
        inCart: Boolean(row.inCart),
        heldQuantity: Number(row.heldQuantity),
        notificationSet: Boolean(row.notificationSet),
      },
      c,
    ),
    event_images_count: Number(row.eventImagesCount),
    gallery_id: row.galleryId === null ? null : Number(row.galleryId),
  };
}

/** The interests that choose 'Selected for you': the member's own, else the default selection (SPEC.md §9). */
async function interestsOf(db: Tx, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: customerInterests.interestId })
    .from(customerInterests)
    .where(eq(customerInterests.userId, userId));
  return rows.length > 0 ? rows.map((r) => r.id) : [...DEFAULT_INTERESTS];
}

export async function listProducts(
  db: Tx,
  c: CatalogContext,
  query: { page: number; categoryId?: number; forUser: boolean },
): Promise<{ data: TProduct[]; total: number }> {
  const conditions: SQL[] = [visible];
  if (query.categoryId !== undefined) conditions.push(eq(products.categoryId, query.categoryId));
  if (query.forUser) {
    const interestIds = await interestsOf(db, c.userId);
    conditions.push(sql`${products.startDate} >= ${c.today}::date`);
    conditions.push(
      sql`exists (select 1 from ${productInterests} where ${productInterests.productId} = ${products.id}
        and ${inArray(productInterests.interestId, interestIds)})`,
    );
  }
  const where = and(...conditions);
  const [countRow] = await db.select({ total: sql<number>`count(*)::int` }).from(products).where(where);
  // Upcoming experiences first, soonest first; then past ones, latest first.
  const rows = await selectProducts(db, c)
    .where(where)
    .orderBy(
      sql`(${products.startDate} < ${c.today}::date)`,
      sql`case when ${products.startDate} >= ${c.today}::date then ${products.startDate} end asc`,
      sql`${products.startDate} desc`,
      asc(products.id),
    )
    .limit(PAGE_SIZE_CATALOGUE)
    .offset((query.page - 1) * PAGE_SIZE_CATALOGUE);
  return { data: rows.map((r) => toProduct(r, c)), total: Number(countRow?.total ?? 0) };
}

export async function findProduct(db: Tx, c: CatalogContext, key: { id: number } | { alias: string }) {
  const match = 'id' in key ? eq(products.id, key.id) : eq(products.alias, key.alias);
  const [row] = await selectProducts(db, c).where(and(visible, match)).limit(1);
  return row ? toProduct(row, c) : null;
}

export async function findProductDetail(
  db: Tx,
  c: CatalogContext,
  key: { id: number } | { alias: string },
): Promise<TProductDetail | null> {
  const product = await findProduct(db, c, key);
  if (!product) return null;
  const en = c.lang === 'en';
  const [images, files, linkedPartners] = await Promise.all([
    db
      .select({ file: productImages.file })
      .from(productImages)
      .where(eq(productImages.productId, product.id))
      .orderBy(asc(productImages.position), asc(productImages.id)),
    db
      .select({ name: en ? productFiles.nameEn : productFiles.namePl, file: productFiles.file })
      .from(productFiles)
      .where(eq(productFiles.productId, product.id))
      .orderBy(asc(productFiles.id)),
    db
      .select({ name: partners.name, url: partners.url, image: partners.image })
      .from(productPartners)
      .innerJoin(partners, eq(partners.id, productPartners.partnerId))
      .where(eq(productPartners.productId, product.id))
      .orderBy(asc(partners.position), asc(partners.id)),
  ]);
  return {
    ...product,
    images: images.map((i) => ({ file: i.file, file_url: mediaUrl(i.file)! })),
    files: files.map((f) => ({ name: f.name, file: f.file, file_url: mediaUrl(f.file)! })),
    partners: linkedPartners.map((p) => ({
      name: p.name,
      url: p.url,
      image: p.image,
      image_url: mediaUrl(p.image),
    })),
  };
}

/** Records the member's wish once; a repeated call changes nothing. */
export async function addNotification(db: Tx, productId: number, userId: number): Promise<void> {
  await db.insert(productNotifications).values({ productId, userId }).onConflictDoNothing();
}

export async function listCategories(db: Tx, lang: LanguageCode): Promise<TCategory[]> {
  const en = lang === 'en';
  const rows = await db.select().from(categories).orderBy(asc(categories.position), asc(categories.id));
  return rows.map((r) => ({
    id: r.id,
    name: en ? r.nameEn : r.namePl,
    description: en ? r.descriptionEn : r.descriptionPl,
    image_url: mediaUrl(r.image),
    banner_url: mediaUrl(r.banner),
    banner_mobile_url: mediaUrl(r.bannerMobile),
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
