import { PAGE_SIZE_CATALOGUE } from '@club/shared';
import { galleryContract as contract } from '@club/shared/contract/gallery';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { foundData, routeOf } from '../../lib/contract';
import { findGallery, galleryDates, listGalleries } from './repository';
import { pageMeta } from '../../lib/page-meta';

export const galleryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(contract.list),
    handler: async (request) => {
      const query = request.query;
      const { data, total } = await listGalleries(app.db, request.lang, {
        page: query.page,
        year: query['where[year]'],
        month: query['where[month]'],
      });
      return {
        success: true as const,
        data,
        meta: pageMeta(query.page, PAGE_SIZE_CATALOGUE, total),
      };
    },
  });

  app.route({
    ...routeOf(contract.dates),
    handler: async () => ({ success: true as const, data: await galleryDates(app.db) }),
  });

  app.route({
    ...routeOf(contract.item),
    handler: async (request) => foundData(await findGallery(app.db, request.lang, request.params.id)),
  });
};
