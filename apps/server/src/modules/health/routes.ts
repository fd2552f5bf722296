import { healthContract } from '@club/shared/contract/health';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/contract';

/**
 * The load balancer's and the operator's health check (docs/deploying.md): 200 when this process
 * can reach its database, else the error handler's 503 with Retry-After. Public, reveals nothing.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(healthContract.health),
    handler: async () => {
      await app.db.execute(sql`select 1`);
      return { success: true as const, data: { status: 'ok' as const } };
    },
  });
};
