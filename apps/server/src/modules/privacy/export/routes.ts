import { USER_TYPE } from '@club/shared';
import { adminMembersContract as staffContract } from '@club/shared/contract/admin-members';
import { privacyExportContract as contract } from '@club/shared/contract/privacy-export';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { users } from '../../../db/schema';
import { notFound } from '../../../lib/app-error';
import { recordAudit } from '../../../lib/audit';
import { routeOf } from '../../../lib/contract';
import { requireAuth } from '../../../plugins/session';
import { createLink, exportState, queueExport, requestExport, takeFile } from './service';
import { buildWaitingExports, expireExports } from './worker';

/** How often each process looks for exports to build (one asked for is started at once) and to expire. */
const EXPORT_SWEEP_INTERVAL_MS = 30_000;

const MEDIA_TYPES = { json: 'application/json; charset=utf-8', html: 'text/html; charset=utf-8' } as const;

/**
 * The member's copy of their own data (issue 31, RODO art. 15 and 20; docs/privacy.md): ask, follow,
 * get a single-use link per file, download. Members and dealers; staff have no export of their own.
 */
export const privacyExportRoutes: FastifyPluginAsyncZod = async (app) => {
  // The build runs in every process, at start, on an interval and right after a request; runs of one
  // process follow each other, and processes share the work through the rows' claims.
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = running
      .then(() => app.inFlight.track(() => buildWaitingExports(app)))
      .then(() => expireExports(app))
      .catch((error) => app.log.error({ err: error }, 'privacy export sweep failed'));
    return running;
  };

  app.route({
    ...routeOf(contract.state),
    handler: async (request) => {
      const { user } = requireAuth(request);
      return {
        success: true as const,
        data: await exportState(app.db, user.id, app.config.PRIVACY_EXPORT_HOURS),
      };
    },
  });

  app.route({
    ...routeOf(contract.request),
    handler: async (request, reply) => {
      const { user } = requireAuth(request);
      const data = await requestExport(app, user.id, request.lang);
      void sweep();
      return reply.code(202).send({ success: true as const, data });
    },
  });

  // Staff on a member's written request (docs/privacy.md "Started by staff"): the copy is queued in
  // the member's language and reaches only the member (the ready mail, then the member's own
  // single-use link); staff get its state, never a link or a file. No rate limit: a letter is rare
  // and the audit row accounts for each one.
  app.route({
    ...routeOf(staffContract.startExport),
    handler: async (request, reply) => {
      const { id } = request.params;
      const row = await app.db.transaction(async (tx) => {
        const [member] = await tx
          .select({ type: users.type, language: users.languageCode })
          .from(users)
          .where(and(eq(users.id, id), inArray(users.type, [USER_TYPE.CUSTOMER, USER_TYPE.DEALER])));
        if (!member) throw notFound();
        const language: 'pl' | 'en' = member.language === 'en' ? 'en' : 'pl';
        const queued = await queueExport(tx, id, language);
        await recordAudit(tx, request, {
          action: 'export',
          entityType: 'member',
          entityId: id,
          after: { request: request.body.request, export: queued.id },
        });
        return { ...queued, language };
      });
      void sweep();
      return reply.code(202).send({
        success: true as const,
        data: {
          id: row.id,
          status: row.status,
          requested_at: row.createdAt.toISOString(),
          language: row.language,
        },
      });
    },
  });

  app.route({
    ...routeOf(contract.link),
    handler: async (request) => {
      const { user, sessionId } = requireAuth(request);
      const { id, format } = request.params;
      return { success: true as const, data: await createLink(app.db, user.id, sessionId, id, format) };
    },
  });

  app.route({
    ...routeOf(contract.download),
    handler: async (request, reply) => {
      const { user, sessionId } = requireAuth(request);
      const file = await takeFile(app, user.id, sessionId, request.params.token);
      const day = file.requestedAt.toISOString().slice(0, 10);
      return reply
        .header('content-type', MEDIA_TYPES[file.format])
        .header('content-disposition', `attachment; filename="excellence-club-my-data-${day}.${file.format}"`)
        .header('cache-control', 'private, no-store')
        .header('x-robots-tag', 'noindex')
        .send(file.body);
    },
  });

  app.addHook('onReady', async () => {
    void sweep();
    timer = setInterval(() => void sweep(), EXPORT_SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
};
