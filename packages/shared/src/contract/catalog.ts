/** The experiences catalogue (SPEC.md §7 products/*, settings/categories): lists, a product's page, waiting lists. */
import { idParam } from '../schemas/common';
import {
  ZCategory,
  ZProduct,
  ZProductDetail,
  ZProductItemParams,
  ZProductListQuery,
} from '../schemas/catalog';
import { z } from 'zod';
import { defineEndpoint, ok, page, ZOk } from './define';

export const catalogContract = {
  list: defineEndpoint({
    method: 'GET',
    path: '/products/items',
    summary:
      "A page of experiences (12), by category or selected for the member (where[for_user]), with the member's flags",
    access: 'user',
    query: ZProductListQuery,
    responses: { 200: page(ZProduct) },
  }),
  item: defineEndpoint({
    method: 'GET',
    path: '/products/item/:id',
    summary:
      "One experience by its numeric id or its alias, with photos, materials, partners and the member's flags",
    access: 'user',
    params: ZProductItemParams,
    responses: { 200: ok(ZProductDetail) },
  }),
  addNotification: defineEndpoint({
    method: 'POST',
    path: '/products/add-notification/:id',
    summary: 'Puts the member on the waiting list of an announced or sold-out experience (once)',
    access: 'customer',
    params: idParam,
    responses: { 200: ZOk },
  }),
  categories: defineEndpoint({
    method: 'GET',
    path: '/settings/categories/items',
    summary: 'The categories of experiences in their order, with their pictures',
    access: 'user',
    responses: { 200: ok(z.array(ZCategory)) },
  }),
};
