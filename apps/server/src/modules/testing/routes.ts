import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outbox } from '../../db/schema';
import { createTestUser } from './create-test-user';

/**
 * Helpers for the browser tests only (TEST_SUPPORT=1, refused in production by the config):
 * a fresh account per test, and the outbox to read links from.
 */
export const testingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/test/users',
    {
      config: { access: 'public' },
      schema: {
        body: z.object({
          type: z.enum(['CUSTOMER', 'DEALER']).default('CUSTOMER'),
          language: z.enum(['pl', 'en']).default('pl'),
          password: z.string().default('Excellence#2026'),
        }),
      },
    },
    async (request) => ({ success: true as const, data: await createTestUser(app.db, request.body) }),
  );

  app.get(
    '/test/outbox',
    { config: { access: 'public' }, schema: { querystring: z.object({ to: z.string() }) } },
    async (request) => {
      const mails = await app.db
        .select()
        .from(outbox)
        .where(eq(outbox.to, request.query.to))
        .orderBy(desc(outbox.id))
        .limit(20);
      return { success: true as const, data: mails };
    },
  );
};
