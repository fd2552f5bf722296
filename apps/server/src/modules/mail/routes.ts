import { adminMailContract as contract } from '@club/shared/contract/admin-mail';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outbox } from '../../db/schema';
import { conflict, notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { routeOf } from '../../lib/contract';
import { OUTBOX_STATUS } from './mailer';
import { hasSecretPlaceholder } from './render';
import { findMail, listMail, stateOf, toMailDetail } from './repository';

/** Queued mails (retries after a transient failure) are tried again on this interval. */
const MAIL_SWEEP_INTERVAL_MS = 60_000;

/** The outbox in the console (docs/mail.md): every staff member reads it and resends failed mails. */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(contract.list),
    handler: async (request) => ({ success: true as const, ...(await listMail(app.db, request.query)) }),
  });

  app.route({
    ...routeOf(contract.item),
    handler: async (request) => {
      const row = await findMail(app.db, request.params.id);
      if (!row) throw notFound();
      return { success: true as const, data: toMailDetail(row, request.lang) };
    },
  });

  app.route({
    ...routeOf(contract.resend),
    handler: async (request) => {
      const id = request.params.id;
      await app.db.transaction(async (tx) => {
        const before = await findMail(tx, id, { forUpdate: true });
        if (!before) throw notFound();
        if (before.status !== OUTBOX_STATUS.FAILED) throw conflict('MAIL_NOT_FAILED', 'mail.notFailed');
        // A link stored before links were sealed was stripped by migration 0020: sent again, the mail
        // would carry the placeholder instead of a link.
        if (!before.secrets && hasSecretPlaceholder(before.text))
          throw conflict('MAIL_LINK_GONE', 'mail.linkGone');
        const [after] = await tx
          .update(outbox)
          .set({ status: OUTBOX_STATUS.QUEUED, attempts: 0, lastAttemptAt: null })
          .where(eq(outbox.id, id))
          .returning();
        const snapshot = (row: typeof before) => ({
          to: row.to,
          template: row.template,
          state: stateOf(row.status),
          attempts: row.attempts,
          error: row.error,
        });
        await recordAudit(tx, request, {
          action: 'resend',
          entityType: 'mail',
          entityId: id,
          before: snapshot(before),
          after: snapshot(after!),
        });
      });
      // The answer tells at once whether the SMTP server took it this time.
      await app.mailer.flush(app.db, { ids: [id] });
      return { success: true as const, data: toMailDetail((await findMail(app.db, id))!, request.lang) };
    },
  });

  // Mails left queued (a transient failure, a restart) are tried again in every process; a row is
  // claimed before it is sent, so overlapping sweeps never send a mail twice.
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = running
      .then(() => app.mailer.flush(app.db))
      .catch((error) => app.log.error({ err: error }, 'mail sweep failed'));
    return running;
  };
  app.addHook('onReady', async () => {
    timer = setInterval(() => void sweep(), MAIL_SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
};
