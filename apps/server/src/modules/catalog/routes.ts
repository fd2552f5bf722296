import { PAGE_SIZE_CATALOGUE, parseProductParam, USER_TYPE } from '@club/shared';
import { catalogContract as contract } from '@club/shared/contract/catalog';
import { contentContract } from '@club/shared/contract/content';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict, forbidden, notFound } from '../../lib/app-error';
import { routeOf, sendEncodedJson } from '../../lib/contract';
import { requireAuth, type SessionExtra } from '../../plugins/session';
import { catalogCache, memberPartCache } from './cache';
import { clubToday } from '../../lib/club-day';
import {
  addNotification,
  type CatalogContext,
  cachedAliasId,
  cachedListIds,
  findProduct,
  listCategories,
  listPartners,
  listProductsJson,
  type MemberInterests,
  type MemberParts,
  memberPartsFrom,
  memberPartWithSession,
  productDetailJson,
} from './repository';
import { pageMeta } from '../../lib/page-meta';

export function catalogContext(request: FastifyRequest): CatalogContext {
  const { user } = requireAuth(request);
  // Members' routes (access 'user'): the session plugin has already refused staff.
  if (user.type !== USER_TYPE.CUSTOMER && user.type !== USER_TYPE.DEALER) throw forbidden();
  return { userId: user.id, type: user.type, lang: request.lang, today: clubToday() };
}

/** The envelope around a body made of pre-encoded bytes (repository.ts, ProductJson); sent with
 * lib/contract.ts `sendEncodedJson`, read back against the contract in the tests. */
const DATA_OPEN = Buffer.from('{"success":true,"data":');
const DATA_CLOSE = Buffer.from('}');

/** A page number or id as the query string gives it, as the route's schema would read it; else undefined. */
function positiveInt(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^[1-9]\d{0,8}$/.test(value)) return undefined;
  return Number(value);
}

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = await catalogCache(app);
  const memberParts: MemberParts = await memberPartCache(app);
  const interests: MemberInterests = await memberPartCache(app);

  /**
   * The member's part read with the session (one round trip on a cached read): the ids of the page the
   * handler will serve, known before validation only when the page is cached. A guess that turns out
   * wrong costs nothing but the usual second query (the handler checks it has every id it needs).
   */
  const listIdsAhead: SessionExtra = {
    name: 'catalog_list',
    column: memberPartWithSession,
    params: (request) => {
      const q = request.query as Record<string, unknown>;
      for (const name of Object.keys(q))
        if (name !== 'page' && name !== 'where[category_id]' && name !== 'where[for_user]') return null;
      if (q['where[for_user]'] !== undefined && q['where[for_user]'] !== '0') return null;
      const page = q.page === undefined ? 1 : positiveInt(q.page);
      const categoryId =
        q['where[category_id]'] === undefined ? undefined : positiveInt(q['where[category_id]']);
      if (page === undefined || (q['where[category_id]'] !== undefined && categoryId === undefined))
        return null;
      const ids = cachedListIds(cache, { page, categoryId }, clubToday());
      return ids?.length ? { memberPartIds: ids.join(',') } : null;
    },
  };
  const itemIdAhead: SessionExtra = {
    name: 'catalog_item',
    column: memberPartWithSession,
    params: (request) => {
      const key = parseProductParam(String((request.params as { id?: unknown }).id ?? ''));
      const id = key && ('id' in key ? key.id : cachedAliasId(cache, key.alias));
      return id ? { memberPartIds: String(id) } : null;
    },
  };

  const list = routeOf(contract.list);
  app.route({
    ...list,
    config: { ...list.config, sessionExtra: listIdsAhead, cachedSession: true },
    handler: async (request, reply) => {
      const c = catalogContext(request);
      const query = request.query;
      const { json, total } = await listProductsJson(
        app.db,
        c,
        {
          page: query.page,
          categoryId: query['where[category_id]'],
          forUser: query['where[for_user]'],
        },
        cache,
        { ahead: memberPartsFrom(request.sessionExtra), memberParts, interests },
      );
      const meta = pageMeta(query.page, PAGE_SIZE_CATALOGUE, total);
      return sendEncodedJson(reply, [DATA_OPEN, json, Buffer.from(`,"meta":${JSON.stringify(meta)}}`)]);
    },
  });

  const item = routeOf(contract.item);
  app.route({
    ...item,
    config: { ...item.config, sessionExtra: itemIdAhead, cachedSession: true },
    handler: async (request, reply) => {
      const key = parseProductParam(request.params.id);
      if (!key) throw notFound();
      const json = await productDetailJson(app.db, catalogContext(request), key, cache, {
        ahead: memberPartsFrom(request.sessionExtra),
        memberParts,
      });
      if (json === null) throw notFound();
      return sendEncodedJson(reply, [DATA_OPEN, json, DATA_CLOSE]);
    },
  });

  app.route({
    ...routeOf(contract.addNotification),
    handler: async (request) => {
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
  });

  const categories = routeOf(contract.categories);
  app.route({
    ...categories,
    config: { ...categories.config, cachedSession: true },
    handler: async (request) => ({
      success: true as const,
      data: await listCategories(app.db, request.lang, cache),
    }),
  });

  // The partners are the content's (contentContract), read from the catalogue's tables.
  const partners = routeOf(contentContract.partners);
  app.route({
    ...partners,
    config: { ...partners.config, cachedSession: true },
    handler: async () => ({ success: true as const, data: await listPartners(app.db) }),
  });
};
