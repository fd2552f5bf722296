/** Discount codes at the sales desk (issue 17, docs/console-sales.md): staff only. */
import { z } from 'zod';
import { DISCOUNT_KINDS, DISCOUNT_MEMBER_TYPES, ORDER_STATUSES } from '../constants';
import { ZDiscountCodeBody, ZDiscountListQuery } from '../schemas/admin-discounts';
import { idParam } from '../schemas/common';
import { defineEndpoint, object, ok, page } from './define';

const nullableString = z.string().nullable();

export const ZDiscountCode = object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  /** PLN off (AMOUNT), else null. */
  amount: z.number().nullable(),
  /** Percent off (PERCENT), else null. */
  percent: z.number().int().nullable(),
  valid_from: nullableString,
  valid_to: nullableString,
  max_uses: z.number().int().nullable(),
  /** Uses held by placed orders (an expired or cancelled order gives its use back). */
  used: z.number().int(),
  per_member_limit: z.number().int(),
  product_ids: z.array(z.number().int()),
  member_types: z.array(z.enum(DISCOUNT_MEMBER_TYPES)),
  is_active: z.boolean(),
  created_at: z.string(),
});
export type TDiscountCode = z.output<typeof ZDiscountCode>;

export const ZDiscountRedemption = object({
  order_id: z.number().int(),
  /** Null once the member removed the account (the order stays, anonymised). */
  member: object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  /** PLN taken off the order by the code. */
  discount: z.number(),
  total: z.number(),
  status: z.enum(ORDER_STATUSES),
  created_at: z.string(),
});
export type TDiscountRedemption = z.output<typeof ZDiscountRedemption>;

export const adminDiscountsContract = {
  list: defineEndpoint({
    method: 'GET',
    path: '/admin/sales/discounts',
    summary: 'Discount codes: by state (active or not) and text; paged and sorted',
    access: 'staff',
    query: ZDiscountListQuery,
    responses: { 200: page(ZDiscountCode) },
  }),
  item: defineEndpoint({
    method: 'GET',
    path: '/admin/sales/discounts/:id',
    summary: 'One discount code',
    access: 'staff',
    params: idParam,
    responses: { 200: ok(ZDiscountCode) },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/admin/sales/discounts',
    summary: 'Creates a discount code (unique whatever its case); audited',
    access: 'staff',
    body: ZDiscountCodeBody,
    responses: { 201: ok(ZDiscountCode) },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/admin/sales/discounts/:id',
    summary: "Edits a discount code's rules; uses already counted stay; audited",
    access: 'staff',
    params: idParam,
    body: ZDiscountCodeBody,
    responses: { 200: ok(ZDiscountCode) },
  }),
  deactivate: defineEndpoint({
    method: 'POST',
    path: '/admin/sales/discounts/:id/deactivate',
    summary: 'Deactivates a discount code: the cart refuses it from now on; orders placed keep it; audited',
    access: 'staff',
    params: idParam,
    responses: { 200: ok(ZDiscountCode) },
  }),
  redemptions: defineEndpoint({
    method: 'GET',
    path: '/admin/sales/discounts/:id/redemptions',
    summary:
      'The orders placed with a code, newest first (the latest 200): member, discount, total, status, date',
    access: 'staff',
    params: idParam,
    responses: { 200: ok(z.array(ZDiscountRedemption)) },
  }),
};
