import { accountContract as contract } from '@club/shared/contract/account';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invalidField } from '../../lib/app-error';
import { routeOf } from '../../lib/contract';
import { clearSessionCookie, requireAuth } from '../../plugins/session';
import {
  existingInterestIds,
  findUser,
  listInterests,
  loadCustomerUser,
  loadDealerUser,
  replaceCustomerInterests,
  updateCustomerProfile,
  updateInvoiceData,
} from './repository';
import { eraseAccount, erasureDeps, removeErasedFiles } from '../privacy/erasure';

/** The member's account of SPEC.md §7: profile, invoice data, interests and account removal. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(contract.customer),
    handler: async (request) => {
      const { user } = requireAuth(request);
      return { success: true as const, data: await loadCustomerUser(app.db, user) };
    },
  });

  app.route({
    ...routeOf(contract.dealer),
    handler: async (request) => {
      const { user } = requireAuth(request);
      return { success: true as const, data: await loadDealerUser(app.db, user) };
    },
  });

  app.route({
    ...routeOf(contract.updateProfile),
    handler: async (request) => {
      const { user } = requireAuth(request);
      const data = await app.db.transaction(async (tx) => {
        await updateCustomerProfile(tx, user.id, request.body);
        return loadCustomerUser(tx, (await findUser(tx, user.id)) ?? user);
      });
      return { success: true as const, data };
    },
  });

  app.route({
    ...routeOf(contract.updateInvoiceData),
    handler: async (request) => {
      const { user } = requireAuth(request);
      const data = await app.db.transaction(async (tx) => {
        await updateInvoiceData(tx, user.id, request.body);
        return loadCustomerUser(tx, user);
      });
      return { success: true as const, data };
    },
  });

  app.route({
    ...routeOf(contract.interests),
    handler: async (request) => ({
      success: true as const,
      data: await listInterests(app.db, request.lang),
    }),
  });

  app.route({
    ...routeOf(contract.updateInterests),
    handler: async (request) => {
      const { user } = requireAuth(request);
      const ids = request.body.interests;
      const data = await app.db.transaction(async (tx) => {
        const known = await existingInterestIds(tx, ids);
        if (ids.some((id) => !known.has(id))) throw invalidField('interests', 'account.unknownInterest');
        await replaceCustomerInterests(tx, user.id, ids);
        return loadCustomerUser(tx, user);
      });
      return { success: true as const, data };
    },
  });

  app.route({
    ...routeOf(contract.removeAccount),
    handler: async (request, reply) => {
      const { user } = requireAuth(request);
      const erased = await app.db.transaction((tx) => eraseAccount(tx, erasureDeps(app), user.id));
      await removeErasedFiles(app.config, erased);
      clearSessionCookie(app, reply);
      return { success: true as const };
    },
  });
};
