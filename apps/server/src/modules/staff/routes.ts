import { staffContract as contract } from '@club/shared/contract/staff';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Tx } from '../../db/client';
import { recoveryCodes, sessions, users } from '../../db/schema';
import { AppError, conflict, invalidField, notFound } from '../../lib/app-error';
import { recordAudit, recordOwnAction } from '../../lib/audit';
import { routeOf } from '../../lib/contract';
import { hashPassword } from '../../lib/passwords';
import { findLiveToken, issueUserToken, useToken } from '../../lib/user-tokens';
import { requireAuth } from '../../plugins/session';
import { endChallenges, enrolmentStep } from '../auth/second-factor';
import type { UserRow } from '../../types';
import {
  auditEntityTypes,
  auditSnapshot,
  findStaffForUpdate,
  listAudit,
  listStaff,
  toStaffMember,
} from './repository';

/** An invitation link is good for a week. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const invitationInvalid = () => new AppError(404, 'TOKEN_INVALID', 'staff.invitationInvalid');

/**
 * Staff accounts and the audit log (docs/console.md). Administrators only, except the invitation
 * link's two public calls. Every change writes its audit row in the same transaction.
 */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  async function sendInvitation(tx: Tx, user: UserRow) {
    const token = await issueUserToken(tx, user.id, 'STAFF_INVITE', INVITATION_TTL_MS);
    const lang = user.languageCode === 'en' ? 'en' : 'pl';
    const link = `${app.config.PUBLIC_URL}/panel/admin/invitation?token=${encodeURIComponent(token)}`;
    await app.mailer.queue(tx, {
      template: 'staff-invitation',
      to: user.email,
      language: lang,
      data: {
        name: user.name,
        role: user.type === 'ADMIN' ? 'ADMIN' : 'OPERATOR',
        link,
        days: INVITATION_TTL_MS / 86_400_000,
      },
    });
  }

  /** One change of a colleague's account: locked, refused on oneself, audited with before and after. */
  async function changeColleague(
    request: Parameters<typeof requireAuth>[0],
    id: number,
    action: string,
    change: (tx: Tx, user: UserRow) => Promise<Partial<typeof users.$inferInsert> | null>,
  ) {
    const auth = requireAuth(request);
    const after = await app.db.transaction(async (tx) => {
      const before = await findStaffForUpdate(tx, id);
      if (!before) throw notFound();
      if (before.id === auth.user.id) throw conflict('STAFF_SELF', 'staff.notYourself');
      const values = await change(tx, before);
      const [updated] = values
        ? await tx
            .update(users)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(users.id, id))
            .returning()
        : [before];
      await recordAudit(tx, request, {
        action,
        entityType: 'staff',
        entityId: id,
        before: auditSnapshot(before),
        after: auditSnapshot(updated!),
      });
      return updated!;
    });
    await app.mailer.flush(app.db);
    return { success: true as const, data: toStaffMember(after, auth.user.id) };
  }

  app.route({
    ...routeOf(contract.list),
    handler: async (request) => {
      const auth = requireAuth(request);
      const { rows, meta } = await listStaff(app.db, request.query);
      return { success: true as const, data: rows.map((u) => toStaffMember(u, auth.user.id)), meta };
    },
  });

  app.route({
    ...routeOf(contract.invite),
    handler: async (request) => {
      const auth = requireAuth(request);
      const { email, name, surname, type, language } = request.body;
      const created = await app.db.transaction(async (tx) => {
        const [taken] = await tx
          .select({ id: users.id })
          .from(users)
          .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
          .limit(1);
        if (taken) throw invalidField('email', 'staff.emailTaken');
        const [user] = await tx
          .insert(users)
          .values({ email, name, surname, type, languageCode: language, passwordHash: null })
          .returning();
        await sendInvitation(tx, user!);
        await recordAudit(tx, request, {
          action: 'invite',
          entityType: 'staff',
          entityId: user!.id,
          before: null,
          after: auditSnapshot(user!),
        });
        return user!;
      });
      void app.mailer
        .flush(app.db)
        .catch((error) => request.log.warn({ err: error }, 'invitation mail failed'));
      return { success: true as const, data: toStaffMember(created, auth.user.id) };
    },
  });

  app.route({
    ...routeOf(contract.changeRole),
    handler: (request) =>
      changeColleague(request, request.params.id, 'change-role', async (_tx, user) =>
        user.type === request.body.type ? null : { type: request.body.type },
      ),
  });

  app.route({
    ...routeOf(contract.deactivate),
    handler: (request) =>
      changeColleague(request, request.params.id, 'deactivate', async (tx, user) => {
        await tx.delete(sessions).where(eq(sessions.userId, user.id));
        await endChallenges(tx, user.id);
        return user.deactivatedAt ? null : { deactivatedAt: new Date() };
      }),
  });

  app.route({
    ...routeOf(contract.activate),
    handler: (request) =>
      changeColleague(request, request.params.id, 'activate', async (_tx, user) =>
        user.deactivatedAt ? { deactivatedAt: null } : null,
      ),
  });

  app.route({
    ...routeOf(contract.resetSecondFactor),
    handler: (request) =>
      changeColleague(request, request.params.id, 'reset-second-factor', async (tx, user) => {
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
        await tx.delete(sessions).where(eq(sessions.userId, user.id));
        // A challenge started before the reset must not become an enrolment after it.
        await endChallenges(tx, user.id);
        return { totpSecret: null, totpEnabledAt: null, totpLastStep: null };
      }),
  });

  app.route({
    ...routeOf(contract.resendInvitation),
    handler: (request) =>
      changeColleague(request, request.params.id, 'resend-invitation', async (tx, user) => {
        if (user.passwordHash) throw conflict('INVITATION_ACCEPTED', 'staff.invitationAccepted');
        await sendInvitation(tx, user);
        return null;
      }),
  });

  app.route({
    ...routeOf(contract.invitation),
    handler: async (request) => {
      const token = await findLiveToken(app.db, request.query.token, 'STAFF_INVITE');
      const [user] = token ? await app.db.select().from(users).where(eq(users.id, token.userId)) : [];
      if (!user || user.deactivatedAt || user.passwordHash) throw invitationInvalid();
      request.lang = user.languageCode === 'en' ? 'en' : 'pl';
      return {
        success: true as const,
        data: { email: user.email, name: user.name, language_code: request.lang },
      };
    },
  });

  app.route({
    ...routeOf(contract.acceptInvitation),
    handler: async (request) => {
      const passwordHash = await hashPassword(request.body.password);
      const step = await app.db.transaction(async (tx) => {
        const token = await findLiveToken(tx, request.body.token, 'STAFF_INVITE');
        const user = token ? await findStaffForUpdate(tx, token.userId) : null;
        if (!token || !user || user.deactivatedAt || user.passwordHash) throw invitationInvalid();
        request.lang = user.languageCode === 'en' ? 'en' : 'pl';
        await useToken(tx, token.id);
        const [updated] = await tx
          .update(users)
          .set({ passwordHash, updatedAt: new Date() })
          .where(eq(users.id, user.id))
          .returning();
        await recordOwnAction(tx, request, user, {
          action: 'accept-invitation',
          before: auditSnapshot(user),
          after: auditSnapshot(updated!),
        });
        // The invitation link is what only the invitee holds: the first enrolment starts here.
        return enrolmentStep(tx, updated!);
      });
      return { success: true as const, data: step };
    },
  });

  app.route({
    ...routeOf(contract.audit),
    handler: async (request) => ({
      success: true as const,
      ...(await listAudit(app.db, request.query, request.lang)),
    }),
  });

  app.route({
    ...routeOf(contract.auditEntityTypes),
    handler: async () => ({ success: true as const, data: await auditEntityTypes(app.db) }),
  });
};
