import { cartItemIssues, groszeToPln, RATE_LIMITS } from '@club/shared';
import { cartContract as contract } from '@club/shared/contract/cart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/contract';
import { requireAuth } from '../../plugins/session';
import { enforceLimits } from '../../lib/rate-limit';
import { addToCart, removeCartItem, updateCartItem } from './service';
import { findUsableDiscountCode } from './discount';
import { loadCartLines, storedItem, toCartItem } from './repository';

export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(contract.items),
    handler: async (request) => {
      const { user } = requireAuth(request);
      const lines = await loadCartLines(app.db, user.id, request.lang);
      const data = lines.map((line) =>
        toCartItem(line, request.lang, cartItemIssues(storedItem(line.row), line.rules).length === 0),
      );
      return { success: true as const, data };
    },
  });

  app.route({
    ...routeOf(contract.add),
    handler: async (request) => {
      const { user } = requireAuth(request);
      const id = await addToCart(app.db, user.id, request.body.product_id);
      return { success: true as const, data: { id } };
    },
  });

  app.route({
    ...routeOf(contract.update),
    handler: async (request) => {
      const { user } = requireAuth(request);
      await updateCartItem(app.db, user.id, request.params.id, request.body, request.lang);
      return { success: true as const };
    },
  });

  // SPEC.md §7 does not name the method of cart/remove: POST (like every other change) and DELETE.
  for (const endpoint of [contract.remove, contract.removeByDelete]) {
    app.route({
      ...routeOf(endpoint),
      handler: async (request) => {
        const { user } = requireAuth(request);
        await removeCartItem(app.db, user.id, request.params.id);
        return { success: true as const };
      },
    });
  }

  app.route({
    ...routeOf(contract.checkDiscountCode),
    handler: async (request) => {
      const { user } = requireAuth(request);
      // Codes must not be guessable: every check counts, per member and per address.
      await enforceLimits(app.limiter, [
        { key: `discount:user:${user.id}`, limit: RATE_LIMITS.discountCode },
        {
          key: `discount:address:${request.ip}`,
          limit: RATE_LIMITS.discountCodePerAddress,
        },
      ]);
      const code = await findUsableDiscountCode(app.db, request.body.discount_code, user.id);
      const lines = await loadCartLines(app.db, user.id, request.lang);
      const subtotal = lines.reduce((sum, l) => sum + l.product.priceGrosze * Math.max(1, l.row.quantity), 0);
      return {
        success: true as const,
        data: { discount_amount: groszeToPln(Math.min(code.amountGrosze, subtotal)) },
      };
    },
  });
};
