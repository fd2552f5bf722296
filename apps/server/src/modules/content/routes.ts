import { ZPageQuery } from '@club/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error';
import { findContact, findPage, listFaq } from './repository';

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/pages/page', { schema: { querystring: ZPageQuery } }, async (request) => {
    const page = await findPage(app.db, request.lang, request.query.type);
    if (!page) throw notFound();
    return { success: true as const, data: page };
  });

  app.get('/pages/contact', async (request) => {
    const data = await findContact(app.db, request.lang);
    if (!data) throw notFound();
    return { success: true as const, data };
  });

  app.get('/faq/categories/items', async (request) => ({
    success: true as const,
    data: await listFaq(app.db, request.lang),
  }));
};
