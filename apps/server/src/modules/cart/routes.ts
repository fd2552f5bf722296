import { cartItemIssues, groszeToPln } from '@club/shared';
import { cartContract as contract } from '@club/shared/contract/cart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/contract';
import { requireAuth } from '../../plugins/session';
import { acknowledgePrice, addToCart, removeCartItem, updateCartItem } from './service';
import { discountGrosze, findUsableDiscountCode, withWrongCodeLimit } from './discount';
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
      await updateCartItem(app, app.db, user.id, request.params.id, request.body, request.lang);
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
    ...routeOf(contract.acknowledgePrice),
    handler: async (request) => {
      const { user } = requireAuth(request);
      await acknowledgePrice(app.db, user.id, request.params.id);
      return { success: true as const };
    },
  });

  app.route({
    ...routeOf(contract.checkDiscountCode),
    handler: async (request) => {
      const { user } = requireAuth(request);
      // Codes must not be guessable: wrong codes are limited per member and per address.
      const discount = await withWrongCodeLimit(
        app.limiter,
        { userId: user.id, ip: request.ip },
        async () => {
          const code = await findUsableDiscountCode(app.db, request.body.discount_code, user);
          const lines = await loadCartLines(app.db, user.id, request.lang);
          return discountGrosze(
            code,
            lines.map((l) => ({
              productId: l.product.id,
              priceGrosze: l.product.priceGrosze,
              quantity: l.row.quantity,
            })),
          );
        },
      );
      return {
        success: true as const,
        data: { discount_amount: groszeToPln(discount) },
      };
    },
  });
};
