import { paymentsContract } from '@club/shared/contract/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, notFound } from '../../lib/app-error';
import { routeOf } from '../../lib/contract';
import { handleNotification } from './handle-notification';
import { ProviderError } from '../../lib/payment-provider';
import { paymentProvider } from './sandbox-provider';

const rawBodies = new WeakMap<object, string>();

/** The operator's server-to-server notification (no session, authenticated by its signature). */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  // PayU signs the body's bytes: keep them beside the parsed JSON (this plugin's routes only).
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    try {
      const text = String(body);
      const parsed = text === '' ? {} : JSON.parse(text);
      rawBodies.set(request, text);
      done(null, parsed);
    } catch {
      done(new AppError(400, 'INVALID_NOTIFICATION', 'payments.invalidNotification'), undefined);
    }
  });

  app.route({
    ...routeOf(paymentsContract.notify),
    handler: async (request) => {
      const provider = await paymentProvider(app);
      if (request.params.provider !== provider.name) throw notFound();
      const verified = await provider.verifyNotification({
        headers: request.headers,
        body: request.body,
        rawBody: rawBodies.get(request) ?? JSON.stringify(request.body ?? null),
      });
      if (!verified) {
        app.log.warn(
          { provider: provider.name, ip: request.ip },
          'payment notification refused: bad signature or shape',
        );
        throw new AppError(400, 'INVALID_NOTIFICATION', 'payments.invalidNotification');
      }
      try {
        const result = await handleNotification(app, provider, verified);
        if (result === 'unknown-order') throw notFound();
        return { success: true as const, data: { result } };
      } catch (error) {
        // The operator could not be asked (verify, order read): it sends the notification again.
        if (error instanceof ProviderError) {
          app.log.error({ err: error }, 'payment notification: operator unreachable');
          throw new AppError(503, 'PAYMENT_UNAVAILABLE', 'payments.operatorDown');
        }
        throw error;
      }
    },
  });
};
