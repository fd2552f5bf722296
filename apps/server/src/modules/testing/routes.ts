import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customers, outbox, users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { randomToken } from '../../lib/tokens';

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
    async (request) => {
      const { type, language, password } = request.body;
      const email = `e2e-${randomToken(8).toLowerCase().replace(/[^a-z0-9]/g, '')}@example.com`;
      const [user] = await app.db
        .insert(users)
        .values({
          email,
          type,
          languageCode: language,
          passwordHash: await hashPassword(password),
          honorific: 'MR',
          name: 'Test',
          surname: type === 'DEALER' ? 'Dealer' : 'Member',
          phone: '601000000',
          phonePrefix: '48',
          cardNumber: `EC-T-${randomToken(6)}`,
          cardValidTo: '2028-01-01',
          calendarToken: type === 'CUSTOMER' ? randomToken(24) : null,
        })
        .returning();
      if (type === 'CUSTOMER') {
        await app.db.insert(customers).values({ userId: user!.id, status: 'REGISTERED', term1: true, term2: true, term3: true });
      }
      return { success: true as const, data: { id: user!.id, email, password } };
    },
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
