import { PRODUCT_TYPES } from '@club/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, editVersion, instant, listPosition, ownedBy, serialId } from './columns';
import { users } from './auth';
import { interests } from './account';

export const categories = pgTable('categories', {
  id: serialId(),
  namePl: text('name_pl').notNull(),
  nameEn: text('name_en').notNull(),
  descriptionPl: text('description_pl').notNull().default(''),
  descriptionEn: text('description_en').notNull().default(''),
  image: text('image'),
  banner: text('banner'),
  bannerMobile: text('banner_mobile'),
  position: listPosition(),
});

export const partners = pgTable('partners', {
  id: serialId(),
  name: text('name').notNull(),
  image: text('image'),
  url: text('url'),
  position: listPosition(),
  version: editVersion(),
});

/**
 * An experience. Seats: total_seats is the capacity (null = no cap), seats_taken is maintained by
 * order placement and cancellation under a row lock, so seats left = total_seats − seats_taken.
 */
export const products = pgTable(
  'products',
  {
    id: serialId(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    type: text('type', { enum: PRODUCT_TYPES }).notNull(),
    alias: text('alias').notNull(),
    namePl: text('name_pl').notNull(),
    nameEn: text('name_en').notNull(),
    descriptionPl: text('description_pl').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    annDescriptionPl: text('ann_description_pl'),
    annDescriptionEn: text('ann_description_en'),
    placePl: text('place_pl').notNull().default(''),
    placeEn: text('place_en').notNull().default(''),
    /** "What to bring" of the booking mail, the ticket and the reminder (issue 29), in both languages. */
    bringPl: text('bring_pl').notNull().default(''),
    bringEn: text('bring_en').notNull().default(''),
    /** The reminder goes this many days before the start (0: none); docs/event-day.md. */
    reminderDays: integer('reminder_days').notNull().default(2),
    startDate: date('start_date').notNull(),
    startTime: text('start_time'),
    endDate: date('end_date'),
    endTime: text('end_time'),
    priceGrosze: integer('price_grosze').notNull().default(0),
    /** VAT rate in percent that the price (gross) includes; an invoice splits the price by it. */
    vatRate: integer('vat_rate').notNull().default(23),
    /**
     * A trip sold as a travel service, invoiced in the travel-agency margin scheme (art. 119 of the
     * VAT act): no VAT shown on its invoice; set by staff (docs/invoices.md).
     */
    marginScheme: boolean('margin_scheme').notNull().default(false),
    /** Per-member limit (the member plus accompanying persons) of SPEC.md §9. */
    memberLimit: integer('member_limit').notNull().default(2),
    totalSeats: integer('total_seats'),
    seatsTaken: integer('seats_taken').notNull().default(0),
    /**
     * Seats held for members of the waiting list (open `seat_offers`, docs/waiting-list.md): changed
     * under this row's lock with the offers, so seats anyone may buy = total − taken − held.
     */
    seatsHeld: integer('seats_held').notNull().default(0),
    /** Seats left at or below this count show "low availability". */
    statusLimit: integer('status_limit').notNull().default(0),
    published: smallint('published').notNull().default(1),
    image: text('image'),
    imageMobile: text('image_mobile'),
    videoId: text('video_id'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    cartLabelPl: text('cart_label_pl'),
    cartLabelEn: text('cart_label_en'),
    version: editVersion(),
    /** Set when the operator archives the experience: hidden from members and from the default list. */
    archivedAt: instant('archived_at'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_alias_idx').on(t.alias),
    index('products_category_start_idx').on(t.categoryId, t.startDate),
    index('products_start_idx').on(t.startDate),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serialId(),
    productId: ownedBy('product_id', () => products.id),
    file: text('file').notNull(),
    position: listPosition(),
    /** The photo's caption (its alt text on the member pages), in both languages. */
    captionPl: text('caption_pl').notNull().default(''),
    captionEn: text('caption_en').notNull().default(''),
  },
  (t) => [index('product_images_product_idx').on(t.productId)],
);

export const productFiles = pgTable(
  'product_files',
  {
    id: serialId(),
    productId: ownedBy('product_id', () => products.id),
    namePl: text('name_pl').notNull(),
    nameEn: text('name_en').notNull(),
    file: text('file').notNull(),
  },
  (t) => [index('product_files_product_idx').on(t.productId)],
);

export const productPartners = pgTable(
  'product_partners',
  {
    productId: ownedBy('product_id', () => products.id),
    partnerId: ownedBy('partner_id', () => partners.id),
  },
  (t) => [primaryKey({ columns: [t.productId, t.partnerId] })],
);

/** Which interests an experience speaks to: feeds 'Selected for you'. */
export const productInterests = pgTable(
  'product_interests',
  {
    productId: ownedBy('product_id', () => products.id),
    interestId: ownedBy('interest_id', () => interests.id),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.interestId] }),
    index('product_interests_interest_idx').on(t.interestId),
  ],
);

/** Consents a buyer must tick in the cart for this experience. */
export const productTerms = pgTable(
  'product_terms',
  {
    id: serialId(),
    productId: ownedBy('product_id', () => products.id),
    namePl: text('name_pl').notNull(),
    nameEn: text('name_en').notNull(),
    file: text('file'),
  },
  (t) => [index('product_terms_product_idx').on(t.productId)],
);

/** Waiting-list wishes; notified_at is set when the one mail has gone. */
export const productNotifications = pgTable(
  'product_notifications',
  {
    productId: ownedBy('product_id', () => products.id),
    userId: ownedBy('user_id', () => users.id),
    createdAt: createdAt(),
    notifiedAt: instant('notified_at'),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.userId] }),
    index('product_notifications_user_idx').on(t.userId),
  ],
);

export const galleries = pgTable(
  'galleries',
  {
    id: serialId(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    categoryId: integer('category_id').references(() => categories.id),
    namePl: text('name_pl').notNull(),
    nameEn: text('name_en').notNull(),
    date: date('date').notNull(),
    image: text('image'),
    version: editVersion(),
  },
  // (date, id) walked backwards is the list's order (date desc, id desc): a page's ids come from the
  // index alone, and a date range (year, month) uses it too.
  (t) => [index('galleries_date_idx').on(t.date, t.id), index('galleries_product_idx').on(t.productId)],
);

export const galleryImages = pgTable(
  'gallery_images',
  {
    id: serialId(),
    galleryId: ownedBy('gallery_id', () => galleries.id),
    file: text('file').notNull(),
    position: listPosition(),
    /** The photo's caption (its alt text in the members' slideshow), in both languages. */
    captionPl: text('caption_pl').notNull().default(''),
    captionEn: text('caption_en').notNull().default(''),
  },
  (t) => [index('gallery_images_gallery_idx').on(t.galleryId)],
);

/**
 * Who a gallery photo shows (issue 31, docs/privacy.md "Erasure"): staff tag a photo with a member in
 * the gallery editor; removing the member's account deletes the photos tagged with them. Goes with
 * the photo and with the account (cascade); the staff member who tagged it is kept while they exist.
 */
export const galleryImagePeople = pgTable(
  'gallery_image_people',
  {
    photoId: ownedBy('photo_id', () => galleryImages.id),
    userId: ownedBy('user_id', () => users.id),
    taggedAt: instant('tagged_at').notNull().defaultNow(),
    taggedBy: integer('tagged_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.photoId, t.userId] }),
    index('gallery_image_people_user_idx').on(t.userId),
  ],
);

export const SEAT_OFFER_STATUSES = ['OFFERED', 'TAKEN', 'LAPSED', 'WITHDRAWN'] as const;

/**
 * A seat held for the member first in the waiting list (docs/waiting-list.md): one seat per offer,
 * at most one open (OFFERED) offer per member and experience. Created, taken, lapsed and withdrawn
 * under the experience row's lock, together with `products.seats_held`.
 */
export const seatOffers = pgTable(
  'seat_offers',
  {
    id: serialId(),
    productId: ownedBy('product_id', () => products.id),
    userId: ownedBy('user_id', () => users.id),
    status: text('status', { enum: SEAT_OFFER_STATUSES }).notNull().default('OFFERED'),
    offeredAt: instant('offered_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
    closedAt: instant('closed_at'),
    /** The order that took the held seat (status TAKEN); kept when the order is removed later. */
    takenOrderId: integer('taken_order_id'),
  },
  (t) => [
    uniqueIndex('seat_offers_open_idx').on(t.productId, t.userId).where(sql`${t.status} = 'OFFERED'`),
    index('seat_offers_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'OFFERED'`),
    index('seat_offers_user_idx').on(t.userId),
  ],
);
