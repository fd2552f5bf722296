/** The galleries of past experiences (SPEC.md §7 galleries/*). */
import { idParam } from '../schemas/common';
import { ZGallery, ZGalleryDates, ZGalleryListQuery } from '../schemas/catalog';
import { defineEndpoint, ok, page } from './define';

export const galleryContract = {
  list: defineEndpoint({
    method: 'GET',
    path: '/galleries/items',
    summary: 'A page of galleries (12), latest first, by year and month (where[year], where[month])',
    access: 'user',
    query: ZGalleryListQuery,
    responses: { 200: page(ZGallery) },
  }),
  dates: defineEndpoint({
    method: 'GET',
    path: '/galleries/dates',
    summary: 'The years (latest first) and, in each, the months that have a gallery',
    access: 'user',
    responses: { 200: ok(ZGalleryDates) },
  }),
  item: defineEndpoint({
    method: 'GET',
    path: '/galleries/item/:id',
    summary: 'One gallery with its photos',
    access: 'user',
    params: idParam,
    responses: { 200: ok(ZGallery) },
  }),
};
