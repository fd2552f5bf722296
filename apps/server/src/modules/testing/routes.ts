import { testingContract as contract } from '@club/shared/contract/testing';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { discountCodes, orders, outbox } from '../../db/schema';
import { routeOf } from '../../lib/contract';
import { expireUnpaidOrders } from '../orders/lifecycle';
import { createTestUser } from './create-test-user';

/**
 * Helpers for the browser tests only (TEST_SUPPORT=1, refused in production by the config):
 * a fresh account per test, the outbox to read links from, and a discount code of a given value
 * (the cart's 0 zł path needs one worth more than any demo experience).
 */
/** What the failed test mail says went wrong (a refusing SMTP server's answer). */
const FAILED_MAIL_ERROR = '550 5.1.1 Mailbox unavailable (test support)';

export const testingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(contract.createUser),
    handler: async (request) => ({
      success: true as const,
      data: await createTestUser(app.db, request.body),
    }),
  });

  app.route({
    ...routeOf(contract.outbox),
    handler: async (request) => {
      const mails = await app.db
        .select()
        .from(outbox)
        .where(eq(outbox.to, request.query.to))
        .orderBy(desc(outbox.id))
        .limit(20);
      // As a real inbox would have them: the single-use links put back (the console never shows them).
      const data = mails.map((mail) => ({
        id: mail.id,
        to: mail.to,
        subject: mail.subject,
        ...app.mailer.asSent(mail),
        template: mail.template,
        createdAt: mail.createdAt.toISOString(),
        sentAt: mail.sentAt?.toISOString() ?? null,
        error: mail.error,
      }));
      return { success: true as const, data };
    },
  });

  // A mail whose delivery failed for good (the console's outbox resends it): queued like any other,
  // then marked FAILED as a refusing SMTP server would leave it.
  app.route({
    ...routeOf(contract.failedMail),
    handler: async (request) => {
      const { to, language, name } = request.body;
      const id = await app.db.transaction(async (tx) => {
        const mailId = await app.mailer.queue(tx, {
          template: 'waiting-list',
          to,
          language,
          data: { name, url: `${app.config.PUBLIC_URL}/panel/experiences` },
        });
        await tx
          .update(outbox)
          .set({ status: 'FAILED', attempts: 1, lastAttemptAt: new Date(), error: FAILED_MAIL_ERROR })
          .where(eq(outbox.id, mailId));
        return mailId;
      });
      return { success: true as const, data: { id } };
    },
  });

  app.route({
    ...routeOf(contract.createDiscountCode),
    handler: async (request) => {
      const [row] = await app.db
        .insert(discountCodes)
        .values({ code: request.body.code, amountGrosze: request.body.amount * 100, perMemberLimit: 1 })
        .returning({ id: discountCodes.id });
      return { success: true as const, data: { id: row!.id } };
    },
  });

  // A waiting order's time runs out now (a cancelled payment keeps the seats until it expires).
  app.route({
    ...routeOf(contract.expireOrder),
    handler: async (request) => {
      await app.db
        .update(orders)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(orders.id, request.params.id));
      return { success: true as const, data: { expired: await expireUnpaidOrders(app) } };
    },
  });
};
