import { adminDiscountsContract as contract } from '@club/shared/contract/admin-discounts';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { discountCodes } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { auditedCreate, auditedWrite, pagedList } from '../../lib/console-writes';
import { routeOf } from '../../lib/contract';
import {
  createDiscountCode,
  listDiscountCodes,
  listRedemptions,
  loadDiscountCode,
  toDiscountCode,
  updateDiscountCode,
} from './repository';

/**
 * Discount codes at the sales desk (issue 17, docs/console-sales.md): staff only; every change is
 * audited in its own transaction under the code's row lock (the lock placing an order takes too).
 */
export const discountsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({ ...routeOf(contract.list), handler: pagedList(contract.list, listDiscountCodes) });

  app.route({
    ...routeOf(contract.item),
    handler: async (request) => {
      const row = await loadDiscountCode(app.db, request.params.id);
      if (!row) throw notFound();
      return { success: true as const, data: toDiscountCode(row) };
    },
  });

  app.route({
    ...routeOf(contract.create),
    handler: auditedCreate(contract.create, 'discount_code', async (tx, request) =>
      toDiscountCode(await createDiscountCode(tx, request.body)),
    ),
  });

  app.route({
    ...routeOf(contract.update),
    handler: auditedWrite(
      contract.update,
      'discount_code',
      async (tx, request) => {
        const before = await loadDiscountCode(tx, request.params.id, { lock: true });
        if (!before) throw notFound();
        const row = await updateDiscountCode(tx, before.id, request.body);
        return {
          action: 'update',
          entityId: row.id,
          before: toDiscountCode(before),
          after: toDiscountCode(row),
        };
      },
      (_tx, audit) => audit.after,
    ),
  });

  app.route({
    ...routeOf(contract.deactivate),
    handler: auditedWrite(
      contract.deactivate,
      'discount_code',
      async (tx, request) => {
        const before = await loadDiscountCode(tx, request.params.id, { lock: true });
        if (!before) throw notFound();
        const [row] = await tx
          .update(discountCodes)
          .set({ isActive: false })
          .where(eq(discountCodes.id, before.id))
          .returning();
        return {
          action: 'deactivate',
          entityId: before.id,
          before: toDiscountCode(before),
          after: toDiscountCode(row!),
        };
      },
      (_tx, audit) => audit.after,
    ),
  });

  app.route({
    ...routeOf(contract.redemptions),
    handler: async (request) => {
      const row = await loadDiscountCode(app.db, request.params.id);
      if (!row) throw notFound();
      return { success: true as const, data: await listRedemptions(app.db, row.id) };
    },
  });
};
