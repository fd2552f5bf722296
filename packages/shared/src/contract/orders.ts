/** The member's orders (SPEC.md §7 sales/orders/*); placing one is `cartContract.placeOrder`. */
import { idParam } from '../schemas/common';
import { ZOrder, ZOrdersQuery, ZPayAgainResult } from '../schemas/sales';
import { z } from 'zod';
import { defineEndpoint, object, ok, ZPaginationMeta } from './define';

export const ordersContract = {
  list: defineEndpoint({
    method: 'GET',
    path: '/sales/orders/items',
    summary: "A page of the member's orders, newest first (SPEC.md §7: the page is under paginationMetaData)",
    access: 'customer',
    query: ZOrdersQuery,
    responses: {
      200: object({ success: z.literal(true), data: z.array(ZOrder), paginationMetaData: ZPaginationMeta }),
    },
  }),
  item: defineEndpoint({
    method: 'GET',
    path: '/sales/orders/item/:id',
    summary: "One of the member's orders with its lines; payment_url while it waits for payment",
    access: 'customer',
    params: idParam,
    responses: { 200: ok(ZOrder) },
  }),
  payAgain: defineEndpoint({
    method: 'POST',
    path: '/sales/orders/item/:id/pay',
    summary: "Registers a waiting order with the payment operator again and gives the operator's page",
    access: 'customer',
    params: idParam,
    responses: { 200: ok(ZPayAgainResult) },
  }),
};
