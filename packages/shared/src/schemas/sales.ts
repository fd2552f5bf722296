import { z } from 'zod';
import { encodeMessage } from '../i18n/translate';
import { ORDER_STATUSES, PRODUCT_TYPES, QUANTITY_MIN } from '../constants';
import { REFUND_STATES } from '../refunds';
import { afterEarlier, boolish, pageQuery, whenValid } from './common';

const id = () => z.coerce.number().int().positive().max(2_147_483_647);

export const ZCartAdd = z.object({ product_id: id() });
export type TCartAdd = z.infer<typeof ZCartAdd>;

export const ZCartPerson = z.object({
  name: z.string().trim().max(100).default(''),
  surname: z.string().trim().max(100).default(''),
});
export type TCartPerson = z.infer<typeof ZCartPerson>;

export const ZCartTermAnswer = z.object({ term_id: id(), value: boolish() });

/**
 * The shape of `cart/update/{id}`. The rules that depend on the product (the highest quantity,
 * which terms exist) are checked by `cartItemIssues`, in the form and again on the server.
 */
export const ZCartItemUpdate = z.object({
  quantity: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
    z
      .number({
        error: (iss) =>
          iss.code !== 'invalid_type'
            ? undefined
            : iss.input === undefined
              ? 'validation.required'
              : 'validation.wholeNumber',
      })
      .int({ error: 'validation.integer' })
      .min(QUANTITY_MIN)
      .max(1000),
  ),
  cart_label_answer: z
    .string()
    .trim()
    .max(500)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
  persons: z.array(ZCartPerson).max(50).default([]),
  terms: z.array(ZCartTermAnswer).max(50).default([]),
});
export type TCartItemUpdate = z.infer<typeof ZCartItemUpdate>;
export type TCartItemUpdateInput = z.input<typeof ZCartItemUpdate>;

/** What the cart item rules need to know of the product. */
export type CartItemRules = { maxQuantity: number; termIds: number[] };

export type CartItemIssue = { path: (string | number)[]; message: string; params?: Record<string, unknown> };

/**
 * SPEC.md §5 cart item: quantity 1..min(limit, overall limit), a name and surname for each of the
 * (quantity − 1) accompanying persons, every term ticked. The answer is optional.
 */
export function cartItemIssues(item: TCartItemUpdate, rules: CartItemRules): CartItemIssue[] {
  const issues: CartItemIssue[] = [];
  if (item.quantity > rules.maxQuantity) {
    issues.push({
      path: ['quantity'],
      message: 'validation.max',
      params: { amount: Math.max(rules.maxQuantity, 0) },
    });
  }
  const companions = Math.max(0, item.quantity - 1);
  for (let i = 0; i < companions; i++) {
    const person = item.persons[i];
    if (!person?.name.trim()) issues.push({ path: ['persons', i, 'name'], message: 'validation.required' });
    if (!person?.surname.trim())
      issues.push({ path: ['persons', i, 'surname'], message: 'validation.required' });
  }
  return [...issues, ...termIssues(item.terms, rules)];
}

/** The product's terms not accepted; paths follow the product's term order, as the form lists them. */
function termIssues(terms: TCartItemUpdate['terms'], rules: CartItemRules): CartItemIssue[] {
  return rules.termIds.flatMap((termId, index) =>
    terms.some((t) => t.term_id === termId && t.value)
      ? []
      : [{ path: ['terms', index, 'value'], message: 'validation.termRequired' }],
  );
}

/** The form's schema for one cart item: the shape plus the product's rules. */
export function cartItemSchema(rules: CartItemRules) {
  const report = (ctx: z.core.$RefinementCtx, issues: CartItemIssue[]) => {
    for (const issue of issues) {
      ctx.addIssue({
        code: 'custom',
        path: issue.path,
        message: encodeMessage(issue.message, issue.params),
        params: issue.params,
      });
    }
  };
  // Unaccepted terms are marked even when the quantity is wrong: the form shows every problem at once.
  return ZCartItemUpdate.superRefine(
    (item, ctx) => report(ctx, cartItemIssues({ ...item, terms: [] }, { ...rules, termIds: [] })),
    whenValid('quantity', 'persons'),
  ).superRefine((item, ctx) => report(ctx, termIssues(item.terms, rules)), whenValid('terms'));
}

export const ZCheckDiscountCode = z.object({
  discount_code: z.string().trim().min(1, { error: 'validation.required' }).max(64, afterEarlier),
});
export type TCheckDiscountCode = z.infer<typeof ZCheckDiscountCode>;

export const ZPlaceOrder = z.object({
  discount_code: z.string().trim().max(64).default(''),
  is_invoice: boolish().default(false),
});
export type TPlaceOrder = z.infer<typeof ZPlaceOrder>;

export const ZOrdersQuery = z.object({ page: pageQuery });

/** Entities of SPEC.md §3, as the API sends them (strict: the contract test refuses extra fields). */
export const ZCartItem = z.strictObject({
  id: z.number().int(),
  quantity: z.number().int(),
  is_filled: z.boolean(),
  cart_label_answer: z.string().nullable(),
  persons: z.array(z.strictObject({ name: z.string(), surname: z.string() })),
  terms: z.array(z.strictObject({ term_id: z.number().int(), value: z.boolean() })),
  /**
   * PLN: the price the member saw when adding the line, while the experience's price has since
   * changed (`product.price` is the new one) and the member has not acknowledged it; else null.
   */
  price_changed_from: z.number().nullable(),
  product: z.strictObject({
    id: z.number().int(),
    name: z.string(),
    alias: z.string(),
    category_name: z.string(),
    type: z.enum(PRODUCT_TYPES),
    start_date: z.string(),
    end_date: z.string().nullable(),
    start_time: z.string().nullable(),
    price: z.number(),
    /** What this member may still book of this experience (per-member limit minus held seats). */
    limit: z.number().int(),
    /** Seats left for everyone (999 when the experience has no cap); null when sold out. */
    overall_limit: z.number().int().nullable(),
    can_order: z.boolean(),
    terms: z.array(
      z.strictObject({
        id: z.number().int(),
        name: z.string(),
        file: z.string().nullable(),
        file_url: z.string().nullable(),
        selected: z.boolean(),
      }),
    ),
    cart_label: z.string().nullable(),
  }),
});
export type TCartItem = z.output<typeof ZCartItem>;

export const ZOrderLine = z.strictObject({
  product_name: z.string(),
  product_start_date: z.string().nullable(),
  quantity: z.number().int(),
  price: z.number(),
});
export type TOrderLine = z.output<typeof ZOrderLine>;

export const ZOrder = z.strictObject({
  id: z.number().int(),
  created_at: z.string(),
  status: z.enum(ORDER_STATUSES),
  items: z.array(ZOrderLine),
  /** Offered again while the order waits for payment; null otherwise. */
  payment_url: z.string().nullable(),
  product_type: z.enum(PRODUCT_TYPES),
  subtotal: z.number(),
  discount: z.number(),
  total: z.number(),
  is_invoice: z.boolean(),
  expires_at: z.string().nullable(),
  /** What went back to the member (PLN) and whether it was part or all of the total (issue 30). */
  refunded: z.number(),
  refund_state: z.enum(REFUND_STATES),
});
export type TOrder = z.output<typeof ZOrder>;

/** Pay again: the operator's page for a new payment of a waiting order. */
export const ZPayAgainResult = z.strictObject({ order_id: z.number().int(), payment_url: z.string() });
export type TPayAgainResult = z.output<typeof ZPayAgainResult>;

export const ZPlaceOrderResult = z.strictObject({
  order_id: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  payment_url: z.string().nullable(),
  total: z.number(),
});
export type TPlaceOrderResult = z.output<typeof ZPlaceOrderResult>;

export const ZDiscountCheck = z.strictObject({ discount_amount: z.number() });
export type TDiscountCheck = z.output<typeof ZDiscountCheck>;

/** Highest quantity of a cart line: SPEC.md §9 min(product limit, overall limit). */
export function maxCartQuantity(product: { limit: number; overall_limit: number | null }): number {
  return Math.max(0, Math.min(product.limit, product.overall_limit ?? 0));
}
