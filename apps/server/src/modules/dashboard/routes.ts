import { adminDashboardContract as contract } from '@club/shared/contract/admin-dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/contract';
import { readDashboard } from './repository';

/**
 * The console's sales dashboard (issue 17, docs/console-sales.md "Dashboard"): read only, for staff
 * (operators and administrators); every figure is read when asked, from indexes and kept counters.
 */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(contract.read),
    handler: async (request) => ({
      success: true as const,
      data: await readDashboard(app.db, request.query.weeks),
    }),
  });
};
