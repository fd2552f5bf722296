import { z } from 'zod';
import { blankOr, pageSizeOf, queryNumber } from './list-query';
import { DISCOUNT_KINDS, DISCOUNT_MEMBER_TYPES } from '../constants';
import { plnToGrosze } from '../money';
import { whenValid } from './common';

/**
 * Discount codes in the console (issue 17, docs/console-sales.md): the list's query and the body of
 * a create or an edit. Every message is a key of the shared validation catalogue.
 */

const MAX_ID = 2_147_483_647;
const blankIsNull = (v: unknown) => (v === '' || v === undefined ? null : v);

export const DISCOUNT_SORTS = ['created_at', 'code', 'used'] as const;
export const DISCOUNT_PAGE_SIZES = [10, 25, 50, 100] as const;

export const ZDiscountListQuery = z.object({
  page: queryNumber(z.coerce.number({ error: 'validation.wrongValue' }).int().min(1).max(10_000).default(1)),
  per_page: pageSizeOf(DISCOUNT_PAGE_SIZES, 25),
  sort: blankOr(z.enum(DISCOUNT_SORTS, { error: 'validation.wrongValue' }).default('created_at')),
  dir: blankOr(z.enum(['asc', 'desc'], { error: 'validation.wrongValue' }).default('desc')),
  /** Part of the code, any case. */
  q: blankOr(z.string().trim().max(40, { error: 'validation.tooLong' }).optional()),
  /** `true`: active codes only; `false`: deactivated ones only; absent: all. */
  active: blankOr(z.enum(['true', 'false'], { error: 'validation.wrongValue' }).optional()),
});
export type TDiscountListQuery = z.input<typeof ZDiscountListQuery>;

const day = z.preprocess(
  blankIsNull,
  z
    .string({ error: 'validation.date' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.date' })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: 'validation.date' })
    .nullable(),
);

/** A code as staff write it; the server stores the code upper-cased (codes are typed in any case). */
export const ZDiscountCodeBody = z
  .object({
    code: z
      .string({ error: 'validation.required' })
      .trim()
      .min(3)
      .max(40)
      .regex(/^[A-Za-z0-9_-]+$/, { error: 'validation.discountCodeChars' }),
    kind: z.enum(DISCOUNT_KINDS, { error: 'validation.wrongValue' }),
    /** PLN, for AMOUNT: more than 0, whole grosze. */
    amount: z.preprocess(
      blankIsNull,
      z
        .number()
        .min(0.01)
        .max(1_000_000)
        .refine((v) => Math.abs(plnToGrosze(v) / 100 - v) < 1e-9, { error: 'validation.wrongValue' })
        .nullable(),
    ),
    /** For PERCENT: 1–100. */
    percent: z.preprocess(blankIsNull, z.number().int().min(1).max(100).nullable()),
    valid_from: day,
    valid_to: day,
    /** Null: unlimited uses club-wide. */
    max_uses: z.preprocess(blankIsNull, z.number().int().min(1).max(1_000_000).nullable()),
    per_member_limit: z.number().int().min(1).max(100),
    /** Experiences the code applies to; empty = all. */
    product_ids: z.array(z.coerce.number().int().positive().max(MAX_ID)).max(100).default([]),
    /** Member types that may use it; empty = all. */
    member_types: z.array(z.enum(DISCOUNT_MEMBER_TYPES, { error: 'validation.wrongValue' })).default([]),
  })
  // Each rule across fields runs once its own fields are valid, whatever else failed (issue 28).
  .superRefine(
    (v, ctx) => {
      if (v.kind === 'AMOUNT' && v.amount === null)
        ctx.addIssue({ code: 'custom', path: ['amount'], message: 'validation.required' });
      if (v.kind === 'PERCENT' && v.percent === null)
        ctx.addIssue({ code: 'custom', path: ['percent'], message: 'validation.required' });
    },
    whenValid('kind', 'amount', 'percent'),
  )
  .superRefine(
    (v, ctx) => {
      if (v.valid_from && v.valid_to && v.valid_to < v.valid_from)
        ctx.addIssue({ code: 'custom', path: ['valid_to'], message: 'validation.endBeforeStart' });
    },
    whenValid('valid_from', 'valid_to'),
  );
export type TDiscountCodeBody = z.input<typeof ZDiscountCodeBody>;
export type TDiscountCodeValues = z.output<typeof ZDiscountCodeBody>;
