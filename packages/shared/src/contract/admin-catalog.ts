/** The console's experiences and their photos (issue 16, docs/console.md): staff only. */
import { z } from 'zod';
import { idParam } from '../schemas/common';
import {
  EXPERIENCE_STATUSES,
  photoParams,
  ZAdminPhotoCaption,
  ZAdminPhotoOrder,
  ZAdminProductInput,
  ZAdminProductListQuery,
  ZAdminProductUpdate,
  ZAdminPublish,
  ZAdminVersion,
} from '../schemas/admin-catalog';
import { defineEndpoint, object, ok, page } from './define';

const nullableString = z.string().nullable();

export const ZAdminPhoto = object({
  id: z.number().int(),
  file: z.string(),
  file_url: z.string(),
  srcset: nullableString,
  caption_pl: z.string(),
  caption_en: z.string(),
  position: z.number().int(),
  is_cover: z.boolean(),
});
export type TAdminPhoto = z.output<typeof ZAdminPhoto>;

export const ZAdminProductRow = object({
  id: z.number().int(),
  alias: z.string(),
  type: z.enum(['EVENT', 'TRIP']),
  name_pl: z.string(),
  name_en: z.string(),
  category: object({ id: z.number().int(), name_pl: z.string(), name_en: z.string() }),
  start_date: z.string(),
  end_date: nullableString,
  price: z.number(),
  status: z.enum(EXPERIENCE_STATUSES),
  total_seats: z.number().int().nullable(),
  seats_taken: z.number().int(),
  image_url: nullableString,
  image_srcset: nullableString,
  version: z.number().int(),
  updated_at: z.string(),
});
export type TAdminProductRow = z.output<typeof ZAdminProductRow>;

export const ZAdminProduct = object({
  id: z.number().int(),
  alias: z.string(),
  type: z.enum(['EVENT', 'TRIP']),
  category_id: z.number().int(),
  name_pl: z.string(),
  name_en: z.string(),
  description_pl: z.string(),
  description_en: z.string(),
  ann_description_pl: nullableString,
  ann_description_en: nullableString,
  place_pl: z.string(),
  place_en: z.string(),
  bring_pl: z.string(),
  bring_en: z.string(),
  reminder_days: z.number().int(),
  start_date: z.string(),
  start_time: nullableString,
  end_date: nullableString,
  end_time: nullableString,
  price: z.number(),
  member_limit: z.number().int(),
  vat_rate: z.number().int(),
  margin_scheme: z.boolean(),
  total_seats: z.number().int().nullable(),
  status_limit: z.number().int(),
  video_id: nullableString,
  contact_email: nullableString,
  contact_phone: nullableString,
  cart_label_pl: nullableString,
  cart_label_en: nullableString,
  terms: z.array(object({ id: z.number().int(), name_pl: z.string(), name_en: z.string() })),
  interest_ids: z.array(z.number().int()),
  partner_ids: z.array(z.number().int()),
  status: z.enum(EXPERIENCE_STATUSES),
  published: z.number().int(),
  seats_taken: z.number().int(),
  image_url: nullableString,
  image_srcset: nullableString,
  photos: z.array(ZAdminPhoto),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TAdminProduct = z.output<typeof ZAdminProduct>;

const named = object({ id: z.number().int(), name_pl: z.string(), name_en: z.string() });
export const ZAdminCatalogOptions = object({
  categories: z.array(
    object({
      id: z.number().int(),
      name_pl: z.string(),
      name_en: z.string(),
      banner_url: nullableString,
      banner_srcset: nullableString,
      banner_mobile_url: nullableString,
      banner_mobile_srcset: nullableString,
    }),
  ),
  interests: z.array(named),
  partners: z.array(object({ id: z.number().int(), name: z.string(), image_url: nullableString })),
});
export type TAdminCatalogOptions = z.output<typeof ZAdminCatalogOptions>;

/**
 * The photo endpoints of an album under `base` (an experience's photos, a gallery's): upload, caption,
 * cover, order and remove, alike but for what the caption, cover and order mean to their owner.
 */
export function photoAlbumEndpoints<const B extends string>(
  base: B,
  summaries: { caption: string; cover: string; order: string },
) {
  return {
    uploadPhoto: defineEndpoint({
      method: 'POST',
      path: `${base}/:id/photos`,
      summary:
        'Uploads one photo (multipart field `file`: JPEG, PNG, WebP or AVIF by its bytes, at most 15 MB and 40 megapixels), stored without metadata at several widths',
      access: 'staff',
      params: idParam,
      responses: { 201: ok(ZAdminPhoto) },
    }),
    captionPhoto: defineEndpoint({
      method: 'PUT',
      path: `${base}/:id/photos/:photoId`,
      summary: summaries.caption,
      access: 'staff',
      params: photoParams,
      body: ZAdminPhotoCaption,
      responses: { 200: ok(ZAdminPhoto) },
    }),
    coverPhoto: defineEndpoint({
      method: 'POST',
      path: `${base}/:id/photos/:photoId/cover`,
      summary: summaries.cover,
      access: 'staff',
      params: photoParams,
      responses: { 200: ok(z.array(ZAdminPhoto)) },
    }),
    orderPhotos: defineEndpoint({
      method: 'PUT',
      path: `${base}/:id/photos`,
      summary: summaries.order,
      access: 'staff',
      params: idParam,
      body: ZAdminPhotoOrder,
      responses: { 200: ok(z.array(ZAdminPhoto)) },
    }),
    removePhoto: defineEndpoint({
      method: 'DELETE',
      path: `${base}/:id/photos/:photoId`,
      summary: 'Removes a photo (and its stored files when nothing else shows them)',
      access: 'staff',
      params: photoParams,
      responses: { 200: ok(z.array(ZAdminPhoto)) },
    }),
  };
}

export const adminCatalogContract = {
  list: defineEndpoint({
    method: 'GET',
    path: '/admin/catalog/products',
    summary: 'Experiences for the console: filtered by text, category, status and dates; paged and sorted',
    access: 'staff',
    query: ZAdminProductListQuery,
    responses: { 200: page(ZAdminProductRow) },
  }),
  options: defineEndpoint({
    method: 'GET',
    path: '/admin/catalog/options',
    summary: "What an experience's form chooses from: categories, interests, partners (both languages)",
    access: 'staff',
    responses: { 200: ok(ZAdminCatalogOptions) },
  }),
  item: defineEndpoint({
    method: 'GET',
    path: '/admin/catalog/products/:id',
    summary: 'One experience with every field in both languages, its photos and its version',
    access: 'staff',
    params: idParam,
    responses: { 200: ok(ZAdminProduct) },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/admin/catalog/products',
    summary: 'Creates an experience as a draft (hidden from members until published)',
    access: 'staff',
    body: ZAdminProductInput,
    responses: { 201: ok(ZAdminProduct) },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/admin/catalog/products/:id',
    summary: 'Saves an experience; refused with 409 STALE when it changed since `version` was read',
    access: 'staff',
    params: idParam,
    body: ZAdminProductUpdate,
    responses: { 200: ok(ZAdminProduct) },
  }),
  carts: defineEndpoint({
    method: 'GET',
    path: '/admin/catalog/products/:id/carts',
    summary: 'How many members hold the experience in their cart: the editor warns before a price change',
    access: 'staff',
    params: idParam,
    responses: { 200: ok(object({ carts: z.number().int() })) },
  }),
  duplicate: defineEndpoint({
    method: 'POST',
    path: '/admin/catalog/products/:id/duplicate',
    summary: 'Copies an experience (fields, terms, interests, partners, photos) into a new draft',
    access: 'staff',
    params: idParam,
    responses: { 201: ok(ZAdminProduct) },
  }),
  publish: defineEndpoint({
    method: 'POST',
    path: '/admin/catalog/products/:id/publish',
    summary: 'Puts an experience on sale or announces it (members see it at once)',
    access: 'staff',
    params: idParam,
    body: ZAdminPublish,
    responses: { 200: ok(ZAdminProduct) },
  }),
  unpublish: defineEndpoint({
    method: 'POST',
    path: '/admin/catalog/products/:id/unpublish',
    summary: 'Hides an experience from members (back to a draft; also brings an archived one back)',
    access: 'staff',
    params: idParam,
    body: ZAdminVersion,
    responses: { 200: ok(ZAdminProduct) },
  }),
  archive: defineEndpoint({
    method: 'POST',
    path: '/admin/catalog/products/:id/archive',
    summary: 'Archives an experience: hidden from members and from the default list',
    access: 'staff',
    params: idParam,
    body: ZAdminVersion,
    responses: { 200: ok(ZAdminProduct) },
  }),
  ...photoAlbumEndpoints('/admin/catalog/products', {
    caption: "Saves a photo's captions (its alt text on the member pages) in both languages",
    cover: "Makes a photo the experience's cover (its card and page picture)",
    order: "Sets the order of an experience's photos (every photo id, in the new order)",
  }),
};
