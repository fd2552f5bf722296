import { gateOfflineContract as contract } from '@club/shared/contract/gate-offline';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/contract';
import { requireAuth } from '../../plugins/session';
import { listConflicts, offlineList, reviewConflict, syncScans } from './offline';

/**
 * The offline gate (issue 29, docs/event-day.md): a list's copy for the device, its queued
 * admissions coming back (each in its own transaction) with the list's conflicts, and their review.
 */
export const gateOfflineRoutes: FastifyPluginAsyncZod = async (app) => {
  const data = <T>(value: T) => ({ success: true as const, data: value });

  app.route({
    ...routeOf(contract.offlineList),
    handler: async (request) => data(await offlineList(app.db, request.params.id, request.lang)),
  });

  app.route({
    ...routeOf(contract.sync),
    handler: async (request) => {
      const { user } = requireAuth(request);
      return data(await syncScans(app.db, request, request.params.id, request.body, user));
    },
  });

  app.route({
    ...routeOf(contract.conflicts),
    handler: async (request) => data(await listConflicts(app.db, request.params.id)),
  });

  app.route({
    ...routeOf(contract.reviewConflict),
    handler: async (request) => {
      const { user } = requireAuth(request);
      const { id, conflict } = request.params;
      return data(
        await app.db.transaction((tx) =>
          reviewConflict(tx, request, id, conflict, user, request.body.device),
        ),
      );
    },
  });
};
