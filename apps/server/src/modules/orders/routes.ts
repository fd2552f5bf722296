import { idParam, ZOrdersQuery } from '@club/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error';
import { requireAuth } from '../../plugins/session';
import { paymentProviderFor } from '../payments/sandbox-provider';
import { expireUnpaidOrders, mailOpenWaitingLists } from './lifecycle';
import { findOrder, listOrders } from './repository';

/** How often each server process looks for unpaid orders past their time (and open waiting lists). */
export const ORDER_SWEEP_INTERVAL_MS = 60_000;

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const paymentUrl = (ref: string) => paymentProviderFor(app.config).paymentUrl(ref);

  app.get(
    '/sales/orders/items',
    { config: { access: 'customer' }, schema: { querystring: ZOrdersQuery } },
    async (request) => {
      const { user } = requireAuth(request);
      const result = await listOrders(app.db, user.id, request.query.page, request.lang, paymentUrl);
      return { success: true as const, ...result };
    },
  );

  app.get(
    '/sales/orders/item/:id',
    { config: { access: 'customer' }, schema: { params: idParam } },
    async (request) => {
      const { user } = requireAuth(request);
      const order = await findOrder(app.db, user.id, request.params.id, request.lang, paymentUrl);
      if (!order) throw notFound();
      return { success: true as const, data: order };
    },
  );

  // The sweep runs at start and then on an interval in every process; it is safe to overlap.
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = running
      .then(() => expireUnpaidOrders(app))
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
