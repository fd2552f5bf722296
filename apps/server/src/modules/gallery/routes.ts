import { PAGE_SIZE_CATALOGUE } from '@club/shared';
import { galleryContract as contract } from '@club/shared/contract/gallery';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractSerializerCompiler, foundData, routeOf, sendEncodedJson } from '../../lib/contract';
import { catalogCache } from '../catalog/cache';
import { findGallery, galleryDates, listGalleries } from './repository';
import { pageMeta } from '../../lib/page-meta';

export const galleryRoutes: FastifyPluginAsyncZod = async (app) => {
  // A page of galleries is the same for every member: kept encoded, by language, page and filter, in
  // a catalogue cache, which the galleries', photos' and categories' triggers drop on any change
  // (migration 0001, the catalogue channel). Encoded by the route's own serializer, so the bytes are
  // those the route would send. At a club's size a page carries 144 photos with their variants:
  // encoding it per request cost more than reading it (issue 18).
  const cache = await catalogCache(app);
  const encodePage = contractSerializerCompiler({ schema: contract.list.responses[200] });
  const list = routeOf(contract.list);
  app.route({
    ...list,
    // Nothing of the member's in the answer: the session may come from the session cache too.
    config: { ...list.config, cachedSession: true },
    handler: async (request, reply) => {
      const query = request.query;
      const year = query['where[year]'];
      const month = query['where[month]'];
      const key = `galleries:${request.lang}:${query.page}:${year ?? ''}:${month ?? ''}`;
      const body = await cache.get(key, async () => {
        const { data, total } = await listGalleries(app.db, request.lang, { page: query.page, year, month });
        const page = { success: true as const, data, meta: pageMeta(query.page, PAGE_SIZE_CATALOGUE, total) };
        return Buffer.from(encodePage(page));
      });
      return sendEncodedJson(reply, body);
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
