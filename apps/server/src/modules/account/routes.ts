import { ZCustomerProfileUpdate, ZInvoiceData, ZUpdateInterests } from '@club/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invalidField } from '../../lib/app-error';
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
import { removeAccount } from './remove-account';

/** The member's account of SPEC.md §7: profile, invoice data, interests and account removal. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/customers/item', { config: { access: 'customer' } }, async (request) => {
    const { user } = requireAuth(request);
    return { success: true as const, data: await loadCustomerUser(app.db, user) };
  });

  app.get('/dealers/item', { config: { access: 'dealer' } }, async (request) => {
    const { user } = requireAuth(request);
    return { success: true as const, data: await loadDealerUser(app.db, user) };
  });

  app.post(
    '/customers/update',
    { config: { access: 'customer' }, schema: { body: ZCustomerProfileUpdate } },
    async (request) => {
      const { user } = requireAuth(request);
      const data = await app.db.transaction(async (tx) => {
        await updateCustomerProfile(tx, user.id, request.body);
        return loadCustomerUser(tx, (await findUser(tx, user.id)) ?? user);
      });
      return { success: true as const, data };
    },
  );

  app.post(
    '/customers/update-invoice-data',
    { config: { access: 'customer' }, schema: { body: ZInvoiceData } },
    async (request) => {
      const { user } = requireAuth(request);
      const data = await app.db.transaction(async (tx) => {
        await updateInvoiceData(tx, user.id, request.body);
        return loadCustomerUser(tx, user);
      });
      return { success: true as const, data };
    },
  );

  app.get('/settings/interests/items', async (request) => ({
    success: true as const,
    data: await listInterests(app.db, request.lang),
  }));

  app.post(
    '/customers/update-interests',
    { config: { access: 'customer' }, schema: { body: ZUpdateInterests } },
    async (request) => {
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
  );

  app.post('/customers/remove-account', { config: { access: 'customer' } }, async (request, reply) => {
    const { user } = requireAuth(request);
    await app.db.transaction((tx) => removeAccount(tx, user.id));
    clearSessionCookie(app, reply);
    return { success: true as const };
  });
};
