import {
  idParam,
  PAGE_SIZE_DEALER_CUSTOMERS,
  ZAcceptAgreements,
  ZActivateAccount,
  ZDealerCustomersQuery,
  ZRegisterExistingCustomer,
  ZRegisterNewCustomer,
  ZRegistrationToken,
  ZUpdateDealerCustomer,
} from '@club/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error';
import { hashPassword } from '../../lib/passwords';
import { requireAuth } from '../../plugins/session';
import { findDealerCustomer, listDealerCustomers } from './repository';
import {
  acceptAgreements,
  activateAccount,
  type DealersContext,
  ensureStepLink,
  readActivationInvitation,
  readAgreementsInvitation,
  registerExistingCustomer,
  registerNewCustomer,
  toDealerCustomer,
  updateDealerCustomer,
} from './service';

/**
 * The dealer's customers (SPEC.md §7) and the two public steps of their registration
 * (DESIGN.md §5, §6). A dealer reaches only the customers he registered, and everything he reads or
 * changes about them sits behind the password re-entry SPEC.md puts on the list (passwordCheck).
 */
export const dealersRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: DealersContext = { mailer: app.mailer, publicUrl: app.config.PUBLIC_URL };
  const flushMail = () => void app.mailer.flush(app.db);

  app.get(
    '/dealers/customers/items',
    { config: { access: 'dealer', passwordCheck: true }, schema: { querystring: ZDealerCustomersQuery } },
    async (request) => {
      const auth = requireAuth(request);
      const { page, search, status } = request.query;
      const perPage = PAGE_SIZE_DEALER_CUSTOMERS;
      const { rows, total } = await listDealerCustomers(app.db, auth.user.id, {
        page,
        perPage,
        search,
        status,
      });
      return {
        success: true as const,
        data: rows.map((row) => toDealerCustomer(row, ctx.publicUrl)),
        paginationMetaData: {
          current_page: page,
          last_page: Math.max(1, Math.ceil(total / perPage)),
          per_page: perPage,
          total,
        },
      };
    },
  );

  app.post(
    '/dealers/customers/register/new',
    { config: { access: 'dealer', passwordCheck: true }, schema: { body: ZRegisterNewCustomer } },
    async (request) => {
      const auth = requireAuth(request);
      const customerId = await app.db.transaction((tx) =>
        registerNewCustomer(tx, ctx, auth.user, request.body),
      );
      flushMail();
      return { success: true as const, data: { customer_id: customerId } };
    },
  );

  app.post(
    '/dealers/customers/register/existing',
    { config: { access: 'dealer', passwordCheck: true }, schema: { body: ZRegisterExistingCustomer } },
    async (request) => {
      const auth = requireAuth(request);
      const customerId = await app.db.transaction((tx) =>
        registerExistingCustomer(tx, auth.user, request.body),
      );
      return { success: true as const, data: { customer_id: customerId } };
    },
  );

  app.get(
    '/dealers/customers/item/:id',
    { config: { access: 'dealer', passwordCheck: true }, schema: { params: idParam } },
    async (request) => {
      const auth = requireAuth(request);
      const row = await app.db.transaction(async (tx) => {
        const found = await findDealerCustomer(tx, auth.user.id, request.params.id);
        return found ? ensureStepLink(tx, found) : null;
      });
      if (!row) throw notFound();
      return { success: true as const, data: toDealerCustomer(row, ctx.publicUrl) };
    },
  );

  app.post(
    '/dealers/customers/update/:id',
    {
      config: { access: 'dealer', passwordCheck: true },
      schema: { params: idParam, body: ZUpdateDealerCustomer },
    },
    async (request) => {
      const auth = requireAuth(request);
      await app.db.transaction((tx) =>
        updateDealerCustomer(tx, ctx, auth.user, request.params.id, request.body),
      );
      flushMail();
      return { success: true as const };
    },
  );

  app.get(
    '/registration/agreements',
    { config: { access: 'public' }, schema: { querystring: ZRegistrationToken } },
    async (request) => ({
      success: true as const,
      data: await app.db.transaction((tx) => readAgreementsInvitation(tx, request.query.token)),
    }),
  );

  app.post(
    '/registration/agreements',
    { config: { access: 'public' }, schema: { body: ZAcceptAgreements } },
    async (request) => {
      const data = await app.db.transaction((tx) => acceptAgreements(tx, ctx, request.body));
      flushMail();
      return { success: true as const, data };
    },
  );

  app.get(
    '/registration/activate',
    { config: { access: 'public' }, schema: { querystring: ZRegistrationToken } },
    async (request) => ({
      success: true as const,
      data: await app.db.transaction((tx) => readActivationInvitation(tx, request.query.token)),
    }),
  );

  app.post(
    '/registration/activate',
    { config: { access: 'public' }, schema: { body: ZActivateAccount } },
    async (request) => {
      const passwordHash = await hashPassword(request.body.password);
      const data = await app.db.transaction((tx) =>
        activateAccount(tx, ctx, request.body.token, passwordHash),
      );
      flushMail();
      return { success: true as const, data };
    },
  );
};
