import { ORDER_STATUS } from '@club/shared';
import { cartContract } from '@club/shared/contract/cart';
import { ordersContract as contract } from '@club/shared/contract/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict, notFound } from '../../lib/app-error';
import { foundData, routeOf } from '../../lib/contract';
import { requireAuth } from '../../plugins/session';
import { withWrongCodeLimit } from '../cart/discount';
import { placeOrder, registerPayment } from './place-order';
import { expireUnpaidOrders, mailOpenWaitingLists } from './lifecycle';
import { lapseSeatOffers } from '../catalog/seat-offers';
import { findOrder, listOrders } from './repository';
import { and, eq } from 'drizzle-orm';
import { orders } from '../../db/schema';

/** How often each server process looks for unpaid orders past their time (and open waiting lists). */
export const ORDER_SWEEP_INTERVAL_MS = 60_000;

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  // Placing an order: the one entry point, under the cart's address of SPEC.md §7.
  app.route({
    ...routeOf(cartContract.placeOrder),
    handler: async (request) => {
      const { user } = requireAuth(request);
      const place = () => placeOrder(app, user, request.body, request.lang, request.ip);
      // A code typed straight into the order counts against the same wrong-code limits as a check.
      const result = request.body.discount_code
        ? await withWrongCodeLimit(app.limiter, { userId: user.id, ip: request.ip }, place)
        : await place();
      return { success: true as const, data: result };
    },
  });

  app.route({
    ...routeOf(contract.list),
    handler: async (request) => {
      const { user } = requireAuth(request);
      const result = await listOrders(app.db, user.id, request.query.page, request.lang);
      return { success: true as const, ...result };
    },
  });

  app.route({
    ...routeOf(contract.item),
    handler: async (request) => {
      const { user } = requireAuth(request);
      return foundData(await findOrder(app.db, user.id, request.params.id, request.lang));
    },
  });

  // Pay again: a new registration with the operator for an order that still waits (issue 14).
  app.route({
    ...routeOf(contract.payAgain),
    handler: async (request) => {
      const { user } = requireAuth(request);
      const [order] = await app.db
        .select()
        .from(orders)
        .where(and(eq(orders.id, request.params.id), eq(orders.userId, user.id)));
      if (!order) throw notFound();
      if (order.status !== ORDER_STATUS.WAITING_PAYMENT || !order.expiresAt || order.expiresAt <= new Date())
        throw conflict('ORDER_NOT_WAITING', 'payments.notWaiting');
      const provider = await app.payments.provider();
      const url = await registerPayment(app, provider, order, user.email, request.lang, request.ip);
      return { success: true as const, data: { order_id: order.id, payment_url: url } };
    },
  });

  // The sweep runs at start and then on an interval in every process; it is safe to overlap.
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = running
      .then(() => expireUnpaidOrders(app))
      .then(() => lapseSeatOffers(app))
      .then(() => mailOpenWaitingLists(app))
      .catch((error) => app.log.error({ err: error }, 'order sweep failed'));
    return running;
  };
  app.addHook('onReady', async () => {
    void sweep();
    timer = setInterval(() => void sweep(), ORDER_SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
};
