import { idParam, PAGE_SIZE_CATALOGUE, ZGalleryListQuery } from '@club/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error';
import { findGallery, galleryDates, listGalleries } from './repository';

export const galleryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/galleries/items', { schema: { querystring: ZGalleryListQuery } }, async (request) => {
    const query = request.query;
    const { data, total } = await listGalleries(app.db, request.lang, {
      page: query.page,
      year: query['where[year]'],
      month: query['where[month]'],
    });
    return {
      success: true as const,
      data,
      meta: {
        current_page: query.page,
        last_page: Math.max(1, Math.ceil(total / PAGE_SIZE_CATALOGUE)),
        per_page: PAGE_SIZE_CATALOGUE,
        total,
      },
    };
  });

  app.get('/galleries/dates', async () => ({ success: true as const, data: await galleryDates(app.db) }));

  app.get('/galleries/item/:id', { schema: { params: idParam } }, async (request) => {
    const gallery = await findGallery(app.db, request.lang, request.params.id);
    if (!gallery) throw notFound();
    return { success: true as const, data: gallery };
  });
};
