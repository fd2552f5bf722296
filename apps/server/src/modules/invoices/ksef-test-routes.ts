import { ksefContract as contract } from '@club/shared/contract/ksef';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict } from '../../lib/app-error';
import { routeOf } from '../../lib/contract';

/**
 * Browser tests only (TEST_SUPPORT=1, refused in production): one run of the KSeF outbox now, and the
 * served stand-in's behaviour (refuse with KSeF's code, be unavailable, answer slowly).
 */
export const testingKsefRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(contract.testRun),
    handler: async () => ({ success: true as const, data: await app.ksef.run() }),
  });

  app.route({
    ...routeOf(contract.testStandIn),
    handler: async (request) => {
      const standIn = app.ksef.standIn;
      if (!standIn) throw conflict('UNAVAILABLE', 'invoices.ksefStandInOff');
      const { unavailable, delay_ms, refuse } = request.body;
      standIn.control({
        ...(unavailable === undefined ? {} : { unavailable }),
        ...(delay_ms === undefined ? {} : { delayMs: delay_ms }),
        ...(refuse === undefined
          ? {}
          : {
              refuse: refuse && {
                code: refuse.code,
                reason: refuse.reason,
                ...(refuse.invoice_number ? { invoiceNumber: refuse.invoice_number } : {}),
              },
            }),
      });
      return {
        success: true as const,
        data: { unavailable: standIn.behaviour.unavailable, delay_ms: standIn.behaviour.delayMs },
      };
    },
  });
};
