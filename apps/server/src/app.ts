import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkResponsesAgainstContract, contractSerializerCompiler } from './lib/contract';
import { Redis } from 'ioredis';
import type { Config } from './config';
import type { Database } from './db/client';
import type { RouteInfo } from './types';
import { pgliteListener, postgresListener } from './db/listener';
import { pickLanguage, translate } from './i18n';
import { InFlight } from './lib/in-flight';
import { installationSecret } from './lib/installation-secrets';
import { secretBox } from './lib/secret-box';
import { databaseRateLimiter, redisRateLimiter } from './lib/rate-limit';
import { createMailer } from './modules/mail/mailer';
import { ksefPlugin } from './modules/invoices/ksef-plugin';
import { apiModules } from './modules';
import { sandboxPaymentPages } from './modules/payments/sandbox-page';
import { paymentProvider } from './modules/payments/sandbox-provider';
import { mediaPlugin } from './modules/catalog/media';
import { testingRoutes } from './modules/testing/routes';
import { canonicalHostPlugin } from './plugins/canonical-host';
import { apiCompression } from './plugins/compression';
import { errorsPlugin } from './plugins/errors';
import { securityHeaders, securityHeadersPlugin } from './plugins/security-headers';
import { sessionPlugin } from './plugins/session';
import { staticPlugin } from './plugins/static';
import { checkPeselKeys, sealPlaintextPesels } from './lib/pesel-store';
import { keyringOf } from './lib/pii-crypto';

export type BuildOptions = {
  config: Config;
  database: Database;
  logger?: boolean;
  /** Where the log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
};

export type { RouteInfo } from './types';

/** How long closing the app waits for running requests; server.ts exits anyway after 10 s. */
const DRAIN_MS = 8_000;

/**
 * Every route handler runs under `inFlight` (so does the session lookup, plugins/session.ts): the
 * app's close waits for them, even for a request whose client already left (docs/deploying.md).
 */
function trackRunningRequests(app: FastifyInstance): () => Promise<void> {
  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    route.handler = function (this: FastifyInstance, request, reply) {
      const result = handler.call(this, request, reply);
      // Only a promise is tracked, and returned as one: a plain handler that answers later through a
      // callback (the static files) must stay plain, or Fastify would send its `undefined` at once.
      return result instanceof Promise ? app.inFlight.track(() => result) : result;
    };
  });
  return () => app.inFlight.drain(DRAIN_MS);
}

/** A single-use token in an address (the invitation, reset and registration pages) never reaches the log. */
export const redactUrl = (url: string) => url.replace(/([?&](?:token|challenge)=)[^&#]*/gi, '$1[redacted]');

/**
 * Identity numbers never reach the log (issue 31): a `pesel` field anywhere near the top of a log
 * object, and a failed query's parameters and PostgreSQL's "failing row" detail, which carry a row's
 * values.
 */
const logRedact = {
  paths: [
    'pesel',
    '*.pesel',
    '*.*.pesel',
    'err.params',
    'err.detail',
    'err.cause.params',
    'err.cause.detail',
  ],
  censor: '[redacted]',
};

const logSerializers = {
  req: (request: {
    method: string;
    url: string;
    host?: string;
    ip?: string;
    socket?: { remotePort?: number };
  }) => ({
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};

/** Builds the whole panel (API and web app) as one Fastify instance; server.ts only listens. */
export async function buildApp({ config, database, logger = true, logStream }: BuildOptions) {
  // The mails' single-use links are sealed with this key (docs/decisions/mail-secrets.md); read
  // before any request, outside every transaction.
  const mailSecrets = secretBox(
    config.MAIL_SECRET_KEY ?? (await installationSecret(database.db, 'mail-links')),
  );
  // Identity numbers at rest (docs/privacy.md): those stored before migration 0022 are sealed, and
  // every key a stored value names must open it, or the server does not start.
  const pii = keyringOf(config);
  await sealPlaintextPesels(database.db, pii);
  await checkPeselKeys(database.db, pii);
  const app = Fastify({
    logger: logStream
      ? { level: config.LOG_LEVEL, stream: logStream, serializers: logSerializers, redact: logRedact }
      : logger
        ? { level: config.LOG_LEVEL, serializers: logSerializers, redact: logRedact }
        : false,
    bodyLimit: 256 * 1024,
    trustProxy: config.TRUST_PROXY,
    routerOptions: { maxParamLength: 200 },
    // A malformed URL (bad percent-encoding) gets the error envelope too, not Fastify's own body.
    frameworkErrors: (_error, request, reply) => {
      const lang = pickLanguage(request.headers['accept-language']);
      // Hooks do not run for these early failures: the headers are set here.
      void (reply as unknown as FastifyReply)
        .status(400)
        .headers({ ...securityHeaders(config), 'cache-control': 'no-store, max-age=0' })
        .send({ success: false, code: 'BAD_REQUEST', message: translate(lang, 'common.badRequest') });
    },
  }).withTypeProvider<ZodTypeProvider>();

  if (pii.isDevelopmentKey && config.NODE_ENV === 'production')
    app.log.warn(
      'PII_KEY is not set: identity numbers are sealed with the development key, which is not secret',
    );
  app.decorate('inFlight', new InFlight());
  const drainRequests = trackRunningRequests(app as unknown as FastifyInstance);

  // JSON in and out (DESIGN.md §4): a text/plain body (what a cross-site form can send) is a 415.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  // Responses by their contract's schema (lib/contract.ts); outside production also read strictly against it.
  app.setSerializerCompiler(contractSerializerCompiler);
  if (config.NODE_ENV !== 'production') checkResponsesAgainstContract(app as unknown as FastifyInstance);

  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : null;
  app.decorate('db', database.db);
  // Before the plugins: its onClose runs after theirs (they unlisten first), before the database closes.
  const listener = database.listen
    ? pgliteListener(database.listen)
    : postgresListener(config.DATABASE_URL ?? '', app.log);
  app.decorate('dbListen', listener);
  app.addHook('onClose', () => listener.close());
  app.decorate('config', config);
  app.decorate('limiter', redis ? redisRateLimiter(redis) : databaseRateLimiter(database.db));
  app.decorate(
    'mailer',
    createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      log: app.log,
      track: (work) => app.inFlight.track(work),
      secrets: mailSecrets,
    }),
  );
  app.decorate('payments', { provider: () => paymentProvider(app) });
  if (redis) {
    // ioredis reconnects by itself; without a listener every failed attempt is an "Unhandled error event".
    redis.on('error', (error) => app.log.warn({ err: error }, 'redis unavailable'));
    app.addHook('onClose', async () => void redis.disconnect());
  }

  /** The route table, as registered: the CSRF walk and the authorisation matrix read it. */
  const routes: RouteInfo[] = [];
  app.decorate('routeTable', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routes.push({
        method,
        url: route.url,
        access: route.config?.access ?? 'user',
        passwordCheck: route.config?.passwordCheck ?? false,
        csrf: route.config?.csrf ?? false,
        body: Boolean(route.schema?.body),
        contract: route.config?.contract ?? null,
      });
    }
  });

  await app.register(cookie);
  await app.register(errorsPlugin);
  // Before the session: a request under another host never reaches anything that sets a cookie.
  await app.register(canonicalHostPlugin);
  await app.register(sessionPlugin);
  await app.register(securityHeadersPlugin);

  await app.register(
    async (api) => {
      await apiCompression(api);
      for (const module of apiModules) await api.register(module);
      if (config.TEST_SUPPORT) await api.register(testingRoutes);
    },
    { prefix: '/panel/api/v1' },
  );
  await app.register(mediaPlugin);
  await app.register(sandboxPaymentPages);
  await app.register(ksefPlugin);
  await app.register(staticPlugin);
  // Last registered, so it runs first of the app's onClose hooks (after the server stopped listening),
  // before Redis, the LISTEN connections and then the database (server.ts) go.
  app.addHook('onClose', drainRequests);
  return app as unknown as FastifyInstance & { routeTable: RouteInfo[] };
}
