import { z } from 'zod';
import { pageNumber, pageSizeOf, queryNumber } from './list-query';
import { PUBLISHED_ANNOUNCED, PUBLISHED_HIDDEN, PUBLISHED_ON_SALE } from '../constants';
import { plnToGrosze } from '../money';
import { requiredText, whenValid } from './common';
import { REMINDER_DAYS_DEFAULT, REMINDER_DAYS_MAX } from './event-mail';

/**
 * The console's experiences (issue 16, docs/console.md): the form an operator fills and the list's
 * query. Every message is a key of the shared validation catalogue.
 */

const MAX_ID = 2_147_483_647;
const id = z.number({ error: 'validation.wrongValue' }).int().positive().max(MAX_ID);

const text = (max: number) => z.string({ error: 'validation.wrongValue' }).trim().max(max);
const required = (max: number) => text(max).min(1, { error: 'validation.required' });
/** Empty means none. */
const optional = (max: number) =>
  text(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** A real day of the calendar, YYYY-MM-DD (not 2025-02-30). */
export const isoDate = z
  .string({ error: 'validation.date' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.date' })
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    {
      error: 'validation.date',
    },
  );
const time = z
  .string({ error: 'validation.time' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'validation.time' });
const optionalTime = z
  .union([time, z.literal('')])
  .nullish()
  .transform((v) => (v ? v : null));
const optionalDate = z
  .union([isoDate, z.literal('')])
  .nullish()
  .transform((v) => (v ? v : null));

const whole = (min: number, max: number) =>
  z
    .number({ error: 'validation.wholeNumber' })
    .int({ error: 'validation.integer' })
    .min(min, { error: 'validation.min' })
    .max(max, { error: 'validation.max' });

/** Experience addresses: /experiences/{category}/{alias}; never digits first (that would read as an id). */
export const ALIAS_PATTERN = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

export const EXPERIENCE_STATUSES = ['draft', 'announced', 'on_sale', 'archived'] as const;
export type ExperienceStatus = (typeof EXPERIENCE_STATUSES)[number];

/** The status an operator sees, from the stored `published` and `archived_at`. */
export function experienceStatus(published: number, archived: boolean): ExperienceStatus {
  if (archived) return 'archived';
  if (published === PUBLISHED_ON_SALE) return 'on_sale';
  if (published === PUBLISHED_ANNOUNCED) return 'announced';
  return 'draft';
}
export const PUBLISHED_OF = {
  on_sale: PUBLISHED_ON_SALE,
  announced: PUBLISHED_ANNOUNCED,
  draft: PUBLISHED_HIDDEN,
};

export const PRICE_MAX_PLN = 1_000_000;
export const MEMBER_LIMIT_MAX = 20;
export const SEATS_MAX = 100_000;
/** The Polish VAT rates (percent) an experience's price may include; 23 unless told (docs/invoices.md). */
export const VAT_RATES = [23, 8, 5, 0] as const;
export const DEFAULT_VAT_RATE = 23;

export const ZAdminTermInput = z.object({
  /** An existing term keeps its id (carts refer to it); a new one has none. */
  id: id.optional(),
  name_pl: required(300),
  name_en: required(300),
});

/** Everything SPEC.md §3 gives an experience, in both languages (the form of the console). */
export const ZAdminProductInput = z
  .object({
    type: z.enum(['EVENT', 'TRIP'], { error: 'validation.wrongValue' }),
    category_id: id,
    alias: optional(120).refine((v) => v === null || ALIAS_PATTERN.test(v), { error: 'validation.alias' }),
    name_pl: required(200),
    name_en: required(200),
    description_pl: text(50_000).default(''),
    description_en: text(50_000).default(''),
    ann_description_pl: optional(50_000),
    ann_description_en: optional(50_000),
    place_pl: text(200).default(''),
    place_en: text(200).default(''),
    /** "What to bring": in the booking mail, the tickets' PDF and the reminder (issue 29). */
    bring_pl: text(1000).default(''),
    bring_en: text(1000).default(''),
    /** Days before the start the reminder goes (0: none). */
    reminder_days: whole(0, REMINDER_DAYS_MAX).default(REMINDER_DAYS_DEFAULT),
    start_date: isoDate,
    start_time: optionalTime,
    end_date: optionalDate,
    end_time: optionalTime,
    /** PLN with at most two decimals (stored as grosze). */
    price: z
      .number({ error: 'validation.wrongValue' })
      .min(0, { error: 'validation.min' })
      .max(PRICE_MAX_PLN, { error: 'validation.max' })
      .refine((v) => Math.abs(plnToGrosze(v) / 100 - v) < 1e-9, { error: 'validation.wrongValue' }),
    /** Seats one member may buy (the member and the accompanying persons). */
    member_limit: whole(1, MEMBER_LIMIT_MAX),
    /** The VAT rate the (gross) price includes: the invoice splits the price by it. */
    vat_rate: z
      .number({ error: 'validation.invalidChoice' })
      .refine((v) => (VAT_RATES as readonly number[]).includes(v), { error: 'validation.invalidChoice' })
      .default(DEFAULT_VAT_RATE),
    /** A trip sold as a travel service: invoiced in the margin scheme (art. 119), no VAT shown. */
    margin_scheme: z.boolean({ error: 'validation.wrongValue' }).default(false),
    /** The capacity; null: no cap. */
    total_seats: whole(0, SEATS_MAX).nullable(),
    /** Seats left at or below this show "low availability" (SPEC.md §4). */
    status_limit: whole(0, SEATS_MAX),
    video_id: optional(200),
    contact_email: z
      .union([z.literal(''), z.email({ error: 'validation.email' }).max(254)])
      .nullish()
      .transform((v) => (v ? v.toLowerCase() : null)),
    contact_phone: optional(40),
    /** The label question asked in the cart (e.g. "Car registration number"); empty: none. */
    cart_label_pl: optional(200),
    cart_label_en: optional(200),
    terms: z.array(ZAdminTermInput).max(20).default([]),
    interest_ids: z.array(id).max(100).default([]),
    partner_ids: z.array(id).max(100).default([]),
  })
  // Each rule across fields runs once its own fields are valid, whatever else failed (issue 28).
  .superRefine(
    (v, ctx) => {
      if (v.end_date && v.end_date < v.start_date)
        ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'validation.endBeforeStart' });
    },
    whenValid('start_date', 'end_date'),
  )
  .superRefine(
    (v, ctx) => {
      if (v.end_date === v.start_date && v.end_time && v.start_time && v.end_time < v.start_time)
        ctx.addIssue({ code: 'custom', path: ['end_time'], message: 'validation.endBeforeStart' });
    },
    whenValid('start_date', 'end_date', 'start_time', 'end_time'),
  )
  .superRefine(
    (v, ctx) => {
      if (v.margin_scheme && v.type !== 'TRIP')
        ctx.addIssue({ code: 'custom', path: ['margin_scheme'], message: 'validation.marginTripOnly' });
    },
    whenValid('type', 'margin_scheme'),
  )
  .superRefine(
    (v, ctx) => {
      if ((v.cart_label_pl === null) !== (v.cart_label_en === null))
        ctx.addIssue({
          code: 'custom',
          path: [v.cart_label_pl === null ? 'cart_label_pl' : 'cart_label_en'],
          message: 'validation.required',
        });
    },
    whenValid('cart_label_pl', 'cart_label_en'),
  );
export type TAdminProductInput = z.input<typeof ZAdminProductInput>;
export type TAdminProductValues = z.output<typeof ZAdminProductInput>;

const version = z.number({ error: 'validation.wrongValue' }).int().min(1).max(MAX_ID);

export const ZAdminProductUpdate = z.object({ version, product: ZAdminProductInput });
export const ZAdminVersion = z.object({ version });
export const ZAdminPublish = z.object({
  version,
  /** On sale, or announced (published 2: no price, members may ask to be told). */
  mode: z.enum(['on_sale', 'announced'], { error: 'validation.wrongValue' }),
});

export const ADMIN_PRODUCT_SORTS = ['start_date', 'name', 'price', 'status', 'updated_at', 'id'] as const;
export const ADMIN_PAGE_SIZES = [10, 25, 50, 100] as const;

const queryDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.date' })
  .refine((v) => !Number.isNaN(Date.parse(v)), { error: 'validation.date' });

/** The page, its size, the order and the searched words of a console list (experiences, galleries). */
export const adminListQuery = <const S extends readonly [string, ...string[]]>(
  sorts: S,
  sort: S[number],
) => ({
  page: pageNumber,
  per_page: pageSizeOf(ADMIN_PAGE_SIZES, 25),
  sort: z.enum(sorts, { error: 'validation.wrongValue' }).default(sort),
  dir: z.enum(['asc', 'desc'], { error: 'validation.wrongValue' }).default('desc'),
  q: z.string().trim().max(100).optional(),
});

export const ZAdminProductListQuery = z
  .object({
    ...adminListQuery(ADMIN_PRODUCT_SORTS, 'start_date'),
    category_id: queryNumber(z.coerce.number().int().positive().max(MAX_ID).optional()),
    status: z.enum(EXPERIENCE_STATUSES, { error: 'validation.wrongValue' }).optional(),
    from: queryDate.optional(),
    to: queryDate.optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { path: ['to'], error: 'validation.endBeforeStart' });
export type TAdminProductListQuery = z.input<typeof ZAdminProductListQuery>;

export const ZAdminPhotoCaption = z.object({ caption_pl: text(300), caption_en: text(300) });
export const ZAdminPhotoOrder = z.object({ ids: z.array(id).min(1).max(500) });
export const photoParams = z.object({
  id: z.coerce.number().int().positive().max(MAX_ID),
  photoId: z.coerce.number().int().positive().max(MAX_ID),
});

/** A person a gallery photo shows (issue 31): the photo's params and the member's account id. */
export const photoPersonParams = photoParams.extend({
  userId: z.coerce.number().int().positive().max(MAX_ID),
});

/** Tagging a photo with a member, found by their e-mail or club card number. */
export const ZPhotoPersonInput = z.strictObject({
  member: requiredText(254)
    // No control character (PostgreSQL's text cannot hold a NUL): refused here, never a 500 there.
    .refine((v) => [...v].every((ch) => ch.charCodeAt(0) >= 32), { error: 'validation.wrongValue' }),
});
