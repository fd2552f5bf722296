import { z } from 'zod';
import { PAGE_TYPES, PRODUCT_TYPES } from '../constants';
import { pageQuery } from './common';

const MAX_ID = 2_147_483_647;

/**
 * Query strings use bracket notation (`where[category_id]=3`, DESIGN.md §4). The default parser
 * keeps such keys flat; a parser that nests them (`{ where: { category_id } }`) is accepted too.
 */
function flattenWhere(input: unknown): unknown {
  if (!input || typeof input !== 'object') return input;
  const { where, ...rest } = input as Record<string, unknown>;
  if (!where || typeof where !== 'object' || Array.isArray(where)) return input;
  const flat: Record<string, unknown> = { ...rest };
  for (const [key, value] of Object.entries(where)) flat[`where[${key}]`] = value;
  return flat;
}

const queryId = z.coerce.number().int().positive().max(MAX_ID);
const queryFlag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => v === 'true' || v === '1');

export const ZProductListQuery = z.preprocess(
  flattenWhere,
  z.object({
    page: pageQuery,
    'where[category_id]': queryId.optional(),
    'where[for_user]': queryFlag,
  }),
);
export type TProductListQuery = z.infer<typeof ZProductListQuery>;

/** `products/item/{id}` takes the numeric id or the product's alias (SPEC.md §2). */
export const ZProductItemParams = z.object({
  id: z
    .string()
    .trim()
    .regex(/^(\d{1,10}|[a-z0-9][a-z0-9-]{0,199})$/i, { error: 'validation.wrongValue' }),
});

export const ZGalleryListQuery = z.preprocess(
  flattenWhere,
  z.object({
    page: pageQuery,
    'where[year]': z.coerce.number().int().min(1900).max(2999).optional(),
    'where[month]': z.coerce.number().int().min(1).max(12).optional(),
  }),
);
export type TGalleryListQuery = z.infer<typeof ZGalleryListQuery>;

export const ZPageQuery = z.object({ type: z.enum(PAGE_TYPES, { error: 'validation.wrongValue' }) });

/* ---- Response shapes (SPEC.md §3), strict: the contract test refuses a field they do not declare ---- */

const int = () => z.number().int();

/**
 * The widths a picture is stored at, as the `srcset` of an <img> or <source>: "<url> <width>w"
 * joined by ", ", narrowest first, the largest being the `*_url` itself; null when only that file
 * exists. Each `*_url` of a picture has its `*_srcset` beside it (docs/decisions/media-variants.md).
 */
export const ZImageSrcset = z.string().nullable();
export type TImageSrcset = z.output<typeof ZImageSrcset>;

/** A photo of a product's slideshow or of a gallery. */
export const ZPhoto = z.strictObject({ file: z.string(), file_url: z.string(), srcset: ZImageSrcset });
export type TPhoto = z.output<typeof ZPhoto>;
/** A photo with its caption in the member's language ('' when none): its alt text on the member pages. */
export const ZCaptionedPhoto = ZPhoto.extend({ caption: z.string() });

export const ZCategory = z.strictObject({
  id: int(),
  name: z.string(),
  /** The category's address in every language (canonical first): a link made in one opens in the other. */
  slugs: z.array(z.string()),
  description: z.string(),
  image_url: z.string().nullable(),
  image_srcset: ZImageSrcset,
  banner_url: z.string().nullable(),
  banner_srcset: ZImageSrcset,
  banner_mobile_url: z.string().nullable(),
  banner_mobile_srcset: ZImageSrcset,
});
export type TCategory = z.output<typeof ZCategory>;

export const ZProductCategory = ZCategory.pick({
  id: true,
  name: true,
  banner_url: true,
  banner_srcset: true,
  banner_mobile_url: true,
  banner_mobile_srcset: true,
});
export type TProductCategory = z.output<typeof ZProductCategory>;

export const ZProductPartner = z.strictObject({
  name: z.string(),
  url: z.string().nullable(),
  image: z.string().nullable(),
  image_url: z.string().nullable(),
});
export type TProductPartner = z.output<typeof ZProductPartner>;

/** An experience as the lists send it, the member's flags included (in the catalogue's byte order). */
export const ZProduct = z.strictObject({
  id: int(),
  name: z.string(),
  alias: z.string(),
  category: ZProductCategory,
  type: z.enum(PRODUCT_TYPES),
  description: z.string(),
  ann_description: z.string().nullable(),
  start_date: z.string(),
  start_time: z.string().nullable(),
  end_date: z.string().nullable(),
  end_time: z.string().nullable(),
  place: z.string(),
  price: z.number(),
  published: int(),
  image: z.string().nullable(),
  image_url: z.string().nullable(),
  image_srcset: ZImageSrcset,
  image_mobile_url: z.string().nullable(),
  image_mobile_srcset: ZImageSrcset,
  video_id: z.string().nullable(),
  video_url: z.string().nullable(),
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  can_order: z.boolean(),
  can_set_notification: z.boolean(),
  is_set_notification: z.boolean(),
  /** Already in the member's cart (then `can_order` is false): "In your cart", not "cannot order". */
  in_cart: z.boolean(),
  /** The member holds `limit` seats already (orders waiting for payment or paid). */
  limit_reached: z.boolean(),
  is_past: z.boolean(),
  limit: int(),
  overall_limit: int().nullable(),
  status_limit: int(),
  /**
   * A seat of this sold-out experience is held for the member (the waiting list, docs/waiting-list.md)
   * until this instant (ISO); they may book it although others see it sold out. Null otherwise.
   */
  held_until: z.string().nullable(),
  event_images_count: int(),
  /** The gallery of a past experience, for the card's 'view gallery' button. */
  gallery_id: int().nullable(),
});
export type TProduct = z.output<typeof ZProduct>;

/** An experience's page: the list's object plus its photos, materials and partners. */
export const ZProductDetail = ZProduct.extend({
  images: z.array(ZCaptionedPhoto),
  files: z.array(z.strictObject({ name: z.string(), file: z.string(), file_url: z.string() })),
  partners: z.array(ZProductPartner),
});
export type TProductDetail = z.output<typeof ZProductDetail>;

export type TPaginationMeta = { current_page: number; last_page: number; per_page: number; total: number };

export const ZGallery = z.strictObject({
  id: int(),
  name: z.string(),
  category_name: z.string().nullable(),
  date: z.string(),
  image: z.string().nullable(),
  image_url: z.string().nullable(),
  image_srcset: ZImageSrcset,
  images_count: int(),
  images: z.array(ZCaptionedPhoto),
});
export type TGallery = z.output<typeof ZGallery>;

export const ZGalleryDates = z.array(z.strictObject({ year: int(), months: z.array(int()) }));
export type TGalleryDates = z.output<typeof ZGalleryDates>;

export const ZPartner = z.strictObject({
  id: int(),
  name: z.string(),
  url: z.string().nullable(),
  image: z.string().nullable(),
  image_url: z.string().nullable(),
});
export type TPartner = z.output<typeof ZPartner>;

export const ZFaqCategory = z.strictObject({
  id: int(),
  name: z.string(),
  questions: z.array(z.strictObject({ id: int(), question: z.string(), answer: z.string() })),
});
export type TFaqCategory = z.output<typeof ZFaqCategory>;

export const ZPage = z.strictObject({
  id: int(),
  type: z.string(),
  title: z.string(),
  subtitle: z.string(),
  sections_html: z.string(),
});
export type TPage = z.output<typeof ZPage>;

export const ZContact = z.strictObject({
  title: z.string(),
  description: z.string(),
  email: z.string(),
  email_title: z.string(),
  phone: z.string(),
  phone_title: z.string(),
  days: z.string(),
  days_title: z.string(),
});
export type TContact = z.output<typeof ZContact>;
