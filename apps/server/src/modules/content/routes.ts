import { contentContract as contract } from '@club/shared/contract/content';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { foundData, routeOf } from '../../lib/contract';
import { findContact, findPage, listFaq } from './repository';

/** The club's pages; the partners (contentContract.partners) are served by the catalogue's module. */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(contract.page),
    handler: async (request) => foundData(await findPage(app.db, request.lang, request.query.type)),
  });

  app.route({
    ...routeOf(contract.contact),
    handler: async (request) => foundData(await findContact(app.db, request.lang)),
  });

  app.route({
    ...routeOf(contract.faq),
    handler: async (request) => ({ success: true as const, data: await listFaq(app.db, request.lang) }),
  });
};
