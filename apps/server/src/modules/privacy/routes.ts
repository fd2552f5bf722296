import { adminMembersContract as staffContract } from '@club/shared/contract/admin-members';
import { privacyContract as contract } from '@club/shared/contract/privacy';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { consentHistoryOf } from '../../lib/consent-history';
import { routeOf } from '../../lib/contract';
import { keyringOf } from '../../lib/pii-crypto';
import { requireAuth } from '../../plugins/session';
import { consoleMember, dealerPesel, findMembers } from './repository';

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
};
