import { desc, eq } from 'drizzle-orm';
import { idParam } from '@club/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { discountCodes, orders, outbox } from '../../db/schema';
import { expireUnpaidOrders } from '../orders/lifecycle';
import { createTestUser } from './create-test-user';

/**
 * Helpers for the browser tests only (TEST_SUPPORT=1, refused in production by the config):
 * a fresh account per test, the outbox to read links from, and a discount code of a given value
 * (the cart's 0 zł path needs one worth more than any demo experience).
 */
export const testingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/test/users',
    {
      config: { access: 'public' },
      schema: {
        body: z.object({
          type: z.enum(['CUSTOMER', 'DEALER', 'OPERATOR', 'ADMIN']).default('CUSTOMER'),
          language: z.enum(['pl', 'en']).default('pl'),
          password: z.string().default('Excellence#2026'),
          enrolled: z.boolean().default(true),
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

  app.post(
    '/test/discount-codes',
    {
      config: { access: 'public' },
      schema: {
        body: z.object({ code: z.string().min(3).max(40), amount: z.number().int().min(1).max(1_000_000) }),
      },
    },
    async (request) => {
      const [row] = await app.db
        .insert(discountCodes)
        .values({ code: request.body.code, amountGrosze: request.body.amount * 100, perMemberLimit: 1 })
        .returning({ id: discountCodes.id });
      return { success: true as const, data: { id: row!.id } };
    },
  );

  // A waiting order's time runs out now (a cancelled payment keeps the seats until it expires).
  app.post(
    '/test/orders/:id/expire',
    { config: { access: 'public' }, schema: { params: idParam } },
    async (request) => {
      await app.db
        .update(orders)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(orders.id, request.params.id));
      return { success: true as const, data: { expired: await expireUnpaidOrders(app) } };
    },
  );
};
