/** The console's galleries and their photos (issue 16, docs/console.md): staff only. */
import { z } from 'zod';
import { photoParams, photoPersonParams, ZPhotoPersonInput } from '../schemas/admin-catalog';
import { ZAdminGalleryInput, ZAdminGalleryListQuery, ZAdminGalleryUpdate } from '../schemas/admin-content';
import { idParam } from '../schemas/common';
import { photoAlbumEndpoints, ZAdminPhoto } from './admin-catalog';
import { defineEndpoint, object, ok, page } from './define';

const int = z.number().int();
const nullableString = z.string().nullable();

/** What the list's row and the form both show of a gallery. */
const galleryFields = { id: int, version: int, name_pl: z.string(), name_en: z.string(), date: z.string() };

export const ZAdminGalleryRow = object({
  ...galleryFields,
  product: object({ id: int, name_pl: z.string(), name_en: z.string() }).nullable(),
  category: object({ id: int, name_pl: z.string(), name_en: z.string() }).nullable(),
  photos_count: int,
  cover_url: nullableString,
  cover_srcset: nullableString,
});
export type TAdminGalleryRow = z.output<typeof ZAdminGalleryRow>;

export const ZAdminGallery = object({
  ...galleryFields,
  product_id: int.nullable(),
  category_id: int.nullable(),
  photos: z.array(ZAdminPhoto),
});
export type TAdminGallery = z.output<typeof ZAdminGallery>;

export const ZAdminGalleryOptions = object({
  products: z.array(object({ id: int, name_pl: z.string(), name_en: z.string(), start_date: z.string() })),
  categories: z.array(object({ id: int, name_pl: z.string(), name_en: z.string() })),
  /** The years (latest first) with their months that have a gallery: the list's filters. */
  dates: z.array(object({ year: int, months: z.array(int) })),
});
export type TAdminGalleryOptions = z.output<typeof ZAdminGalleryOptions>;

/** A member a photo shows (issue 31): tagged by staff; removing the member's account deletes the photo. */
export const ZPhotoPerson = object({
  user_id: int,
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  tagged_at: z.string(),
});
export type TPhotoPerson = z.output<typeof ZPhotoPerson>;

export const adminGalleriesContract = {
  list: defineEndpoint({
    method: 'GET',
    path: '/admin/galleries',
    summary: 'Galleries, a page at a time: sorted, filtered by year, month, experience and text',
    access: 'staff',
    query: ZAdminGalleryListQuery,
    responses: { 200: page(ZAdminGalleryRow) },
  }),
  options: defineEndpoint({
    method: 'GET',
    path: '/admin/galleries/options',
    summary: "What the gallery form and filters choose from: experiences, categories, galleries' dates",
    access: 'staff',
    responses: { 200: ok(ZAdminGalleryOptions) },
  }),
  item: defineEndpoint({
    method: 'GET',
    path: '/admin/galleries/:id',
    summary: 'A gallery with its photos in order',
    access: 'staff',
    params: idParam,
    responses: { 200: ok(ZAdminGallery) },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/admin/galleries',
    summary: 'Creates a gallery (its photos are uploaded next)',
    access: 'staff',
    body: ZAdminGalleryInput,
    responses: { 201: ok(ZAdminGallery) },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/admin/galleries/:id',
    summary: "Saves a gallery's names, date and experience; 409 STALE on an older version",
    access: 'staff',
    params: idParam,
    body: ZAdminGalleryUpdate,
    responses: { 200: ok(ZAdminGallery) },
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/admin/galleries/:id',
    summary: 'Removes a gallery with its photos',
    access: 'staff',
    params: idParam,
    responses: { 200: object({ success: z.literal(true) }) },
  }),
  photoPeople: defineEndpoint({
    method: 'GET',
    path: '/admin/galleries/:id/photos/:photoId/people',
    summary:
      'The members a gallery photo shows (tagged by staff; erased with the photo when one removes the account)',
    access: 'staff',
    params: photoParams,
    responses: { 200: ok(z.array(ZPhotoPerson)) },
  }),
  tagPhotoPerson: defineEndpoint({
    method: 'POST',
    path: '/admin/galleries/:id/photos/:photoId/people',
    summary:
      "Tags a gallery photo as showing a member, found by e-mail or club card number (idempotent); audited. Answers the photo's people",
    access: 'staff',
    params: photoParams,
    body: ZPhotoPersonInput,
    responses: { 200: ok(z.array(ZPhotoPerson)) },
  }),
  untagPhotoPerson: defineEndpoint({
    method: 'DELETE',
    path: '/admin/galleries/:id/photos/:photoId/people/:userId',
    summary:
      "Takes a member off a gallery photo's people; audited. Not tagged: 404. Answers the photo's people",
    access: 'staff',
    params: photoPersonParams,
    responses: { 200: ok(z.array(ZPhotoPerson)) },
  }),
  ...photoAlbumEndpoints('/admin/galleries', {
    caption: "Saves a photo's captions (its alt text in the members' slideshow) in both languages",
    cover: "Makes a photo the gallery's tile picture",
    order: "Sets the order of a gallery's photos (every photo id, in the new order)",
  }),
};
