import { adminMembersContract as staffContract } from '@club/shared/contract/admin-members';
import { privacyContract as contract } from '@club/shared/contract/privacy';
import { USER_TYPE } from '@club/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { users } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { consentHistoryOf } from '../../lib/consent-history';
import { routeOf } from '../../lib/contract';
import { keyringOf } from '../../lib/pii-crypto';
import { requireAuth } from '../../plugins/session';
import { eraseAccount, erasureDeps, removeErasedFiles } from './erasure';
import { fillAccount, newIdentity } from './erasure-fill';
import { consoleMember, dealerPesel, findMembers } from './repository';
import { lastRetentionRun, runRetention } from './retention';

/**
 * Members' personal data (issue 31, docs/privacy.md): the member's own consent history; staff find
 * a member and see their consents with the history and a dealer's bonus data with the PESEL masked;
 * an administrator reveals the whole PESEL, and every reveal is an audit row.
 */
export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(contract.consentHistory),
    handler: async (request) => {
      const { user } = requireAuth(request);
      return { success: true as const, data: await consentHistoryOf(app.db, user.id) };
    },
  });

  app.route({
    ...routeOf(staffContract.members),
    handler: async (request) => ({
      success: true as const,
      data: await findMembers(app.db, request.query.search),
    }),
  });

  app.route({
    ...routeOf(staffContract.member),
    handler: async (request) => {
      const member = await app.db.transaction((tx) =>
        consoleMember(tx, keyringOf(app.config), request.params.id),
      );
      if (!member) throw notFound();
      return { success: true as const, data: member };
    },
  });

  app.route({
    ...routeOf(staffContract.revealPesel),
    handler: async (request) => {
      const { id } = request.params;
      const pesel = await app.db.transaction(async (tx) => {
        const whole = await dealerPesel(tx, keyringOf(app.config), id);
        if (whole === null) throw notFound();
        // Who saw whose number, when and from where; never the number itself.
        await recordAudit(tx, request, { action: 'reveal-pesel', entityType: 'dealer', entityId: id });
        return whole;
      });
      return { success: true as const, data: { pesel } };
    },
  });

  app.route({
    ...routeOf(staffContract.removeMember),
    handler: async (request) => {
      const { id } = request.params;
      const erased = await app.db.transaction(async (tx) => {
        const [member] = await tx
          .select({ type: users.type })
          .from(users)
          .where(and(eq(users.id, id), inArray(users.type, [USER_TYPE.CUSTOMER, USER_TYPE.DEALER])))
          .for('update');
        if (!member) throw notFound();
        const done = await eraseAccount(tx, erasureDeps(app), id);
        // The request's reference, never the person's name: the row outlives the account.
        await recordAudit(tx, request, {
          action: 'erase',
          entityType: 'member',
          entityId: id,
          before: { type: member.type },
          after: { request: request.body.request },
        });
        return done;
      });
      await removeErasedFiles(app.config, erased);
      return { success: true as const, data: { removed: true as const } };
    },
  });

  app.route({
    ...routeOf(staffContract.retention),
    handler: async () => {
      const c = app.config;
      const run = await lastRetentionRun(app.db);
      return {
        success: true as const,
        data: {
          interval_minutes: c.RETENTION_INTERVAL_MINUTES,
          periods: {
            outbox_body_days: c.OUTBOX_BODY_DAYS,
            audit_address_months: c.AUDIT_ADDRESS_MONTHS,
            dealer_customer_unaccepted_days: c.DEALER_CUSTOMER_UNACCEPTED_DAYS,
            consent_proof_years: c.CONSENT_PROOF_YEARS,
            invoice_retention_years: c.INVOICE_RETENTION_YEARS,
          },
          last_run: run && {
            started_at: run.startedAt.toISOString(),
            finished_at: run.finishedAt.toISOString(),
            counts: run.counts,
          },
        },
      };
    },
  });

  if (app.config.TEST_SUPPORT) {
    app.route({
      ...routeOf(staffContract.fillForErasure),
      handler: async (request) => {
        const [user] = await app.db.select().from(users).where(eq(users.id, request.params.id));
        if (!user) throw notFound();
        const who = newIdentity();
        const filled = await app.db.transaction((tx) => fillAccount(tx, keyringOf(app.config), user, who));
        return {
          success: true as const,
          data: {
            name: who.name,
            surname: who.surname,
            invoice_number: filled.invoiceNumber,
            buyer: filled.buyer,
          },
        };
      },
    });
    app.route({
      ...routeOf(staffContract.runRetention),
      handler: async () => ({ success: true as const, data: { ran: (await runRetention(app)) !== null } }),
    });
  }

  // The retention job: RETENTION_INTERVAL_MINUTES apart, the first five minutes after start; every
  // process runs it, the advisory lock lets one work at a time.
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const retention = () => {
    running = runRetention(app).catch((err) => app.log.error({ err }, 'retention job failed'));
  };
  app.addHook('onReady', async () => {
    const every = app.config.RETENTION_INTERVAL_MINUTES * 60_000;
    if (every === 0) return;
    timer = setTimeout(
      function tick() {
        retention();
        timer = setTimeout(tick, every);
        timer.unref();
      },
      Math.min(every, 5 * 60_000),
    );
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearTimeout(timer);
    await running;
  });
};
