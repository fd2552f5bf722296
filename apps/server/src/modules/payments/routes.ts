import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error';
import { handlePaymentOutcome } from './handle-notification';
import { paymentProviderFor } from './sandbox-provider';

/** The operator's server-to-server notification (no session, authenticated by its signature). */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/payments/notify/:provider',
    { config: { access: 'public' }, schema: { params: z.object({ provider: z.string().max(40) }) } },
    async (request) => {
      const provider = paymentProviderFor(app.config);
      if (request.params.provider !== provider.name) throw notFound();
      const outcome = provider.verifyNotification({ headers: request.headers, body: request.body });
      if (!outcome) throw new AppError(400, 'INVALID_NOTIFICATION', 'payments.invalidNotification');
      const result = await handlePaymentOutcome(app, provider.name, outcome);
      if (result === 'unknown-order') throw notFound();
      return { success: true as const, data: { result } };
    },
  );
};
