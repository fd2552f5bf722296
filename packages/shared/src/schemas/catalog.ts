import { z } from 'zod';
import { PAGE_TYPES } from '../constants';
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

/* ---- Response shapes (SPEC.md §3) ---- */

/**
 * The widths a picture is stored at, as the `srcset` of an <img> or <source>: "<url> <width>w"
 * joined by ", ", narrowest first, the largest being the `*_url` itself; null when only that file
 * exists. Each `*_url` of a picture has its `*_srcset` beside it (docs/decisions/media-variants.md).
 */
export type TImageSrcset = string | null;

/** A photo of a product's slideshow or of a gallery. */
export type TPhoto = { file: string; file_url: string; srcset: TImageSrcset };

export type TCategory = {
  id: number;
  name: string;
  /** The category's address in every language (canonical first): a link made in one opens in the other. */
  slugs: string[];
  description: string;
  image_url: string | null;
  image_srcset: TImageSrcset;
  banner_url: string | null;
  banner_srcset: TImageSrcset;
  banner_mobile_url: string | null;
  banner_mobile_srcset: TImageSrcset;
};

export type TProductCategory = Pick<
  TCategory,
  'id' | 'name' | 'banner_url' | 'banner_srcset' | 'banner_mobile_url' | 'banner_mobile_srcset'
>;

export type TProductPartner = {
  name: string;
  url: string | null;
  image: string | null;
  image_url: string | null;
};

export type TProduct = {
  id: number;
  name: string;
  alias: string;
  category: TProductCategory;
  type: 'EVENT' | 'TRIP';
  description: string;
  ann_description: string | null;
  start_date: string;
  start_time: string | null;
  end_date: string | null;
  end_time: string | null;
  place: string;
  price: number;
  published: number;
  image: string | null;
  image_url: string | null;
  image_srcset: TImageSrcset;
  image_mobile_url: string | null;
  image_mobile_srcset: TImageSrcset;
  video_id: string | null;
  video_url: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  can_order: boolean;
  can_set_notification: boolean;
  is_set_notification: boolean;
  /** Already in the member's cart (then `can_order` is false): "In your cart", not "cannot order". */
  in_cart: boolean;
  /** The member holds `limit` seats already (orders waiting for payment or paid). */
  limit_reached: boolean;
  is_past: boolean;
  limit: number;
  overall_limit: number | null;
  status_limit: number;
  event_images_count: number;
  /** The gallery of a past experience, for the card's 'view gallery' button. */
  gallery_id: number | null;
};

export type TProductDetail = TProduct & {
  files: { name: string; file: string; file_url: string }[];
  images: TPhoto[];
  partners: TProductPartner[];
};

export type TPaginationMeta = { current_page: number; last_page: number; per_page: number; total: number };

export type TGallery = {
  id: number;
  name: string;
  category_name: string | null;
  date: string;
  image: string | null;
  image_url: string | null;
  image_srcset: TImageSrcset;
  images_count: number;
  /** Each photo with its caption in the member's language ('' when none): the slideshow's alt text. */
  images: (TPhoto & { caption: string })[];
};

export type TGalleryDates = { year: number; months: number[] }[];

export type TPartner = {
  id: number;
  name: string;
  url: string | null;
  image: string | null;
  image_url: string | null;
};

export type TFaqCategory = {
  id: number;
  name: string;
  questions: { id: number; question: string; answer: string }[];
};

export type TPage = { id: number; title: string; subtitle: string; sections_html: string; type: string };

export type TContact = {
  title: string;
  description: string;
  email: string;
  email_title: string;
  phone: string;
  phone_title: string;
  days: string;
  days_title: string;
};
