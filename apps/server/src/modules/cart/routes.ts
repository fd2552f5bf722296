import {
  cartItemIssues,
  groszeToPln,
  idParam,
  RATE_LIMITS,
  ZCartAdd,
  ZCartItemUpdate,
  ZCheckDiscountCode,
} from '@club/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/session';
import { enforceLimits } from '../../lib/rate-limit';
import { addToCart, removeCartItem, updateCartItem } from './service';
import { findUsableDiscountCode } from './discount';
import { loadCartLines, storedItem, toCartItem } from './repository';

const customerOnly = { access: 'customer' as const };

export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/sales/cart/items', { config: customerOnly }, async (request) => {
    const { user } = requireAuth(request);
    const lines = await loadCartLines(app.db, user.id, request.lang);
    const data = lines.map((line) =>
      toCartItem(line, request.lang, cartItemIssues(storedItem(line.row), line.rules).length === 0),
    );
    return { success: true as const, data };
  });

  app.post('/sales/cart/add', { config: customerOnly, schema: { body: ZCartAdd } }, async (request) => {
    const { user } = requireAuth(request);
    const id = await addToCart(app.db, user.id, request.body.product_id);
    return { success: true as const, data: { id } };
  });

  app.post(
    '/sales/cart/update/:id',
    { config: customerOnly, schema: { params: idParam, body: ZCartItemUpdate } },
    async (request) => {
      const { user } = requireAuth(request);
      await updateCartItem(app.db, user.id, request.params.id, request.body, request.lang);
      return { success: true as const };
    },
  );

  // SPEC.md §7 does not name the method of cart/remove: POST (like every other change) and DELETE.
  for (const method of ['POST', 'DELETE'] as const) {
    app.route({
      method,
      url: '/sales/cart/remove/:id',
      config: customerOnly,
      schema: { params: idParam },
      handler: async (request) => {
        const { user } = requireAuth(request);
        await removeCartItem(app.db, user.id, request.params.id);
        return { success: true as const };
      },
    });
  }

  app.post(
    '/sales/cart/check-discount-code',
    { config: customerOnly, schema: { body: ZCheckDiscountCode } },
    async (request) => {
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
  );
};
