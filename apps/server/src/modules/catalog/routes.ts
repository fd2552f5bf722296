import {
  PAGE_SIZE_CATALOGUE,
  parseProductParam,
  ZProductItemParams,
  ZProductListQuery,
  idParam,
} from '@club/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict, notFound } from '../../lib/app-error';
import { requireAuth } from '../../plugins/session';
import { catalogCache } from './cache';
import { clubToday } from './member-flags';
import {
  addNotification,
  type CatalogContext,
  findProduct,
  findProductDetail,
  listCategories,
  listPartners,
  listProducts,
} from './repository';

export function catalogContext(request: FastifyRequest): CatalogContext {
  const { user } = requireAuth(request);
  return { userId: user.id, type: user.type, lang: request.lang, today: clubToday() };
}

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = catalogCache(app);
  app.get('/products/items', { schema: { querystring: ZProductListQuery } }, async (request) => {
    const c = catalogContext(request);
    const query = request.query;
    const { data, total } = await listProducts(
      app.db,
      c,
      {
        page: query.page,
        categoryId: query['where[category_id]'],
        forUser: query['where[for_user]'],
      },
      cache,
    );
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

  app.get('/products/item/:id', { schema: { params: ZProductItemParams } }, async (request) => {
    const key = parseProductParam(request.params.id);
    if (!key) throw notFound();
    const product = await findProductDetail(app.db, catalogContext(request), key, cache);
    if (!product) throw notFound();
    return { success: true as const, data: product };
  });

  app.post(
    '/products/add-notification/:id',
    { config: { access: 'customer' }, schema: { params: idParam } },
    async (request) => {
      const c = catalogContext(request);
      const product = await findProduct(app.db, c, { id: request.params.id });
      if (!product) throw notFound();
      if (!product.is_set_notification) {
        if (!product.can_set_notification)
          throw conflict('NOTIFICATION_UNAVAILABLE', 'catalog.notificationUnavailable');
        await addNotification(app.db, product.id, c.userId);
      }
      return { success: true as const };
    },
  );

  app.get('/settings/categories/items', async (request) => {
    return { success: true as const, data: await listCategories(app.db, request.lang, cache) };
  });

  app.get('/settings/partners/items', async () => {
    return { success: true as const, data: await listPartners(app.db) };
  });
};
