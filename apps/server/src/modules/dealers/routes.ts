import { PAGE_SIZE_DEALER_CUSTOMERS } from '@club/shared';
import { dealersContract as contract } from '@club/shared/contract/dealers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error';
import { routeOf } from '../../lib/contract';
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
import { pageMeta } from '../../lib/page-meta';

/**
 * The dealer's customers (SPEC.md §7) and the two public steps of their registration
 * (DESIGN.md §5, §6). A dealer reaches only the customers he registered, and everything he reads or
 * changes about them sits behind the password re-entry SPEC.md puts on the list (passwordCheck).
 */
export const dealersRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: DealersContext = { mailer: app.mailer, publicUrl: app.config.PUBLIC_URL };
  const flushMail = () => app.mailer.flushInBackground(app.db);

  app.route({
    ...routeOf(contract.customers),
    handler: async (request) => {
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
        paginationMetaData: pageMeta(page, perPage, total),
      };
    },
  });

  app.route({
    ...routeOf(contract.registerNew),
    handler: async (request) => {
      const auth = requireAuth(request);
      const customerId = await app.db.transaction((tx) =>
        registerNewCustomer(tx, ctx, auth.user, request.body),
      );
      flushMail();
      return { success: true as const, data: { customer_id: customerId } };
    },
  });

  app.route({
    ...routeOf(contract.registerExisting),
    handler: async (request) => {
      const auth = requireAuth(request);
      const customerId = await app.db.transaction((tx) =>
        registerExistingCustomer(tx, auth.user, request.body),
      );
      return { success: true as const, data: { customer_id: customerId } };
    },
  });

  app.route({
    ...routeOf(contract.customer),
    handler: async (request) => {
      const auth = requireAuth(request);
      const row = await app.db.transaction(async (tx) => {
        const found = await findDealerCustomer(tx, auth.user.id, request.params.id);
        return found ? ensureStepLink(tx, found) : null;
      });
      if (!row) throw notFound();
      return { success: true as const, data: toDealerCustomer(row, ctx.publicUrl) };
    },
  });

  app.route({
    ...routeOf(contract.updateCustomer),
    handler: async (request) => {
      const auth = requireAuth(request);
      await app.db.transaction((tx) =>
        updateDealerCustomer(tx, ctx, auth.user, request.params.id, request.body),
      );
      flushMail();
      return { success: true as const };
    },
  });

  app.route({
    ...routeOf(contract.agreementsInvitation),
    handler: async (request) => ({
      success: true as const,
      data: await app.db.transaction((tx) => readAgreementsInvitation(tx, request.query.token)),
    }),
  });

  app.route({
    ...routeOf(contract.acceptAgreements),
    handler: async (request) => {
      const data = await app.db.transaction((tx) => acceptAgreements(tx, ctx, request.body));
      flushMail();
      return { success: true as const, data };
    },
  });

  app.route({
    ...routeOf(contract.activationInvitation),
    handler: async (request) => ({
      success: true as const,
      data: await app.db.transaction((tx) => readActivationInvitation(tx, request.query.token)),
    }),
  });

  app.route({
    ...routeOf(contract.activate),
    handler: async (request) => {
      const passwordHash = await hashPassword(request.body.password);
      const data = await app.db.transaction((tx) =>
        activateAccount(tx, ctx, request.body.token, passwordHash),
      );
      flushMail();
      return { success: true as const, data };
    },
  });
};
