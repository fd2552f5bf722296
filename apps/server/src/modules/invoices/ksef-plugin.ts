import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { KSEF_STAND_IN_PATH } from '../../config';
import { createKsefWorker, type RunResult } from '../ksef/outbox';
import { type KsefStandIn, ksefStandIn } from '../ksef/stand-in';
import { ksefXmlOfInvoice } from './ksef-document';

/** The token the served stand-in expects (KSEF_ENV=stand-in without KSEF_TOKEN): not a secret. */
const STAND_IN_TOKEN = '20260101-EC-STANDIN000-STANDIN000-00|nip-stand-in|not-a-secret';

export type KsefService = {
  /** One run of the outbox now (the test-support route, tests); runs of one process queue up. */
  run(): Promise<RunResult>;
  /** A run after an invoice was issued, in the background (off where the interval is 0). */
  kick(): void;
  /** The stand-in the app serves (KSEF_ENV=stand-in), for the test-support switches; null otherwise. */
  standIn: KsefStandIn | null;
};

/**
 * KSeF for the whole app (docs/ksef.md): the outbox's worker, run every KSEF_SEND_INTERVAL_SECONDS in
 * every process (a row is claimed by one of them) and after each issue, and with KSEF_ENV=stand-in
 * the stand-in served at /panel/ksef-stand-in/v2 (like the payment sandbox's pages), so the
 * development, demo and browser-test servers talk to a KSeF without the ministry.
 */
export const ksefPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app;
  const standIn =
    config.KSEF_ENV === 'stand-in'
      ? ksefStandIn({ nip: config.INVOICE_SELLER_NIP, ksefToken: config.KSEF_TOKEN ?? STAND_IN_TOKEN })
      : null;
  const worker = createKsefWorker({
    db: app.db,
    log: app.log,
    baseUrl: config.KSEF_API_URL,
    nip: config.INVOICE_SELLER_NIP,
    ksefToken: config.KSEF_TOKEN ?? STAND_IN_TOKEN,
    prepare: ksefXmlOfInvoice,
    // The stand-in answers at once: poll it quickly; KSeF's guide asks for about a second.
    pollEveryMs: standIn ? 50 : 1000,
  });

  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    const next = running.then(() => app.inFlight.track(() => worker.run()));
    running = next.catch((error) => app.log.error({ err: error }, 'KSeF run failed'));
    return next;
  };
  const service: KsefService = {
    run,
    kick: () => {
      if (config.KSEF_SEND_INTERVAL_SECONDS > 0) void run().catch(() => {});
    },
    standIn,
  };
  app.decorate('ksef', service);

  if (standIn) {
    app.route({
      method: ['GET', 'POST'],
      url: `${KSEF_STAND_IN_PATH}/*`,
      config: { access: 'public' },
      handler: async (request, reply) => {
        const answer = await standIn.handle({
          method: request.method,
          path: request.url.slice(KSEF_STAND_IN_PATH.length).split('?')[0]!,
          authorization: request.headers.authorization,
          body: request.body === undefined ? '' : JSON.stringify(request.body),
        });
        reply.status(answer.status).header('cache-control', 'no-store');
        if (answer.xml !== undefined) return reply.type('application/xml').send(answer.xml);
        if (answer.body === undefined) return reply.send();
        return reply.type('application/json').send(JSON.stringify(answer.body));
      },
    });
  }

  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    if (config.KSEF_SEND_INTERVAL_SECONDS === 0) return;
    timer = setInterval(() => void run().catch(() => {}), config.KSEF_SEND_INTERVAL_SECONDS * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
});
