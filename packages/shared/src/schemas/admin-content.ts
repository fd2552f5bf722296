import { z } from 'zod';
import { adminListQuery, isoDate } from './admin-catalog';
import { queryNumber } from './list-query';

/**
 * The console's content pages and galleries (issue 16, docs/console.md): the forms an operator fills.
 * Rich text (the about page's sections, FAQ answers) is sanitised by the server before it is stored
 * (packages/shared/src/html/sanitize.ts); every message is a key of the shared validation catalogue.
 */

const MAX_ID = 2_147_483_647;
const id = z.number({ error: 'validation.wrongValue' }).int().positive().max(MAX_ID);
const text = (max: number) =>
  z.string({ error: 'validation.wrongValue' }).trim().max(max, { error: 'validation.tooLong' });
const required = (max: number) => text(max).min(1, { error: 'validation.required' });
/** Rich text as the editor gives it; '' is "nothing". */
const html = (max: number) =>
  z.string({ error: 'validation.wrongValue' }).max(max, { error: 'validation.tooLong' });
export const version = z.number({ error: 'validation.wrongValue' }).int().min(1).max(MAX_ID);

/** A web address a member may open: http(s) only (never javascript:, data:, …). */
export const webAddress = z
  .string({ error: 'validation.wrongValue' })
  .trim()
  .max(500, { error: 'validation.tooLong' })
  .refine((v) => /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), { error: 'validation.url' });

/* ---- the about page ---- */

export const ZAdminAboutInput = z.object({
  title_pl: required(200),
  title_en: required(200),
  subtitle_pl: text(500).default(''),
  subtitle_en: text(500).default(''),
  sections_html_pl: html(100_000).default(''),
  sections_html_en: html(100_000).default(''),
});
export type TAdminAboutInput = z.input<typeof ZAdminAboutInput>;
export const ZAdminAboutUpdate = z.object({ version, page: ZAdminAboutInput });

/* ---- contact ---- */

export const ZAdminContactInput = z.object({
  title_pl: required(200),
  title_en: required(200),
  description_pl: text(2000).default(''),
  description_en: text(2000).default(''),
  email: required(200).pipe(z.email({ error: 'validation.email' })),
  phone: required(40).refine((v) => /^\+?[\d\s()-]{9,20}$/.test(v) && (v.match(/\d/g)?.length ?? 0) >= 9, {
    error: 'validation.contactPhone',
  }),
  days_pl: required(300),
  days_en: required(300),
});
export type TAdminContactInput = z.input<typeof ZAdminContactInput>;
export const ZAdminContactUpdate = z.object({ version, contact: ZAdminContactInput });

/* ---- FAQ ---- */

export const ZAdminFaqCategoryInput = z.object({ name_pl: required(200), name_en: required(200) });
export type TAdminFaqCategoryInput = z.input<typeof ZAdminFaqCategoryInput>;
export const ZAdminFaqCategoryUpdate = z.object({ version, category: ZAdminFaqCategoryInput });

export const ZAdminFaqQuestionInput = z.object({
  category_id: id,
  question_pl: required(500),
  question_en: required(500),
  /** Rich text; required (checked again after sanitising: an answer of only a script is empty). */
  answer_pl: html(50_000),
  answer_en: html(50_000),
});
export type TAdminFaqQuestionInput = z.input<typeof ZAdminFaqQuestionInput>;
export const ZAdminFaqQuestionUpdate = z.object({ version, question: ZAdminFaqQuestionInput });

/** A new order: every id of the list, in the new order. */
export const ZAdminOrder = z.object({ ids: z.array(id).min(1).max(500) });
export const ZAdminVersioned = z.object({ version });

export const questionParams = z.object({
  id: z.coerce.number().int().positive().max(MAX_ID),
});

/* ---- partners ---- */

export const ZAdminPartnerInput = z.object({
  name: required(200),
  /** Empty: the logo links nowhere. */
  url: z
    .union([webAddress, z.literal('')])
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type TAdminPartnerInput = z.input<typeof ZAdminPartnerInput>;
export const ZAdminPartnerUpdate = z.object({ version, partner: ZAdminPartnerInput });

/* ---- galleries ---- */

export const ZAdminGalleryInput = z.object({
  name_pl: required(200),
  name_en: required(200),
  /** The day of the event (the members' year and month filters read it). */
  date: isoDate,
  /** The experience the gallery shows (its card offers "view gallery"); none for a gallery of its own. */
  product_id: id.nullish().transform((v) => v ?? null),
  category_id: id.nullish().transform((v) => v ?? null),
});
export type TAdminGalleryInput = z.input<typeof ZAdminGalleryInput>;
export const ZAdminGalleryUpdate = z.object({ version, gallery: ZAdminGalleryInput });

export const ADMIN_GALLERY_SORTS = ['date', 'name', 'photos'] as const;

export const ZAdminGalleryListQuery = z.object({
  ...adminListQuery(ADMIN_GALLERY_SORTS, 'date'),
  year: queryNumber(z.coerce.number().int().min(1900).max(2999).optional()),
  month: queryNumber(z.coerce.number().int().min(1).max(12).optional()),
  product_id: queryNumber(z.coerce.number().int().positive().max(MAX_ID).optional()),
});
export type TAdminGalleryListQuery = z.input<typeof ZAdminGalleryListQuery>;
