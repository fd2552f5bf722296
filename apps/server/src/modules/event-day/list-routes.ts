import { checkInListsContract as contract } from '@club/shared/contract/check-in-lists';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/contract';
import { doorList } from './door-list';
import { createList, removeList, updateList } from './list-admin';

/**
 * The check-in lists as staff manage them (issue 29, docs/event-day.md): the door list, and the
 * lists of an experience added, renamed (with their check-out setting) and removed, each change
 * audited in its transaction.
 */
export const checkInListRoutes: FastifyPluginAsyncZod = async (app) => {
  const data = <T>(value: T) => ({ success: true as const, data: value });

  app.route({
    ...routeOf(contract.doorList),
    handler: async (request) => data(await doorList(app.db, request.params.id, request.lang)),
  });

  app.route({
    ...routeOf(contract.createList),
    handler: async (request) =>
      data(await app.db.transaction((tx) => createList(tx, request, request.params.id, request.body))),
  });

  app.route({
    ...routeOf(contract.updateList),
    handler: async (request) =>
      data(await app.db.transaction((tx) => updateList(tx, request, request.params.id, request.body))),
  });

  app.route({
    ...routeOf(contract.removeList),
    handler: async (request) =>
      data(await app.db.transaction((tx) => removeList(tx, request, request.params.id))),
  });
};
