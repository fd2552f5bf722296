import { adminOrdersContract as contract } from '@club/shared/contract/admin-orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error';
import { routeOf } from '../../lib/contract';
import { deskOptions, listDeskOrders } from './list-orders';
import { loadDeskOrder } from './load-order';
import { cancelByStaff, markPaidByTransfer, refundByStaff } from './order-actions';
import { loadWaitingList, passOfferOn, removeFromLine } from './waiting-list';
import {
  attendeesCsv,
  attendeesFileName,
  listSeatBoard,
  loadAttendeesCsvItem,
  loadSeatBoardItem,
} from './seat-board';

/**
 * The console's sales desk (issue 17, docs/console-sales.md): orders and the seat board, for staff
 * (operators and administrators). Every action runs under the order's lock and writes its audit row
 * in the same transaction.
 */
export const salesDeskRoutes: FastifyPluginAsyncZod = async (app) => {
  const answer = async (id: number, lang: 'pl' | 'en') => {
    const order = await loadDeskOrder(app.db, id, lang);
    if (!order) throw notFound();
    return { success: true as const, data: order };
  };

  app.route({
    ...routeOf(contract.list),
    handler: async (request) => ({
      success: true as const,
      ...(await listDeskOrders(app.db, request.query, request.lang)),
    }),
  });

  app.route({
    ...routeOf(contract.options),
    handler: async () => ({ success: true as const, data: await deskOptions(app.db) }),
  });

  app.route({
    ...routeOf(contract.item),
    handler: async (request) => answer(request.params.id, request.lang),
  });

  app.route({
    ...routeOf(contract.markPaid),
    handler: async (request) => {
      await markPaidByTransfer(app, request, request.params.id, request.body.reference);
      return answer(request.params.id, request.lang);
    },
  });

  app.route({
    ...routeOf(contract.cancel),
    handler: async (request) => {
      await cancelByStaff(app, request, request.params.id, request.body.reason);
      return answer(request.params.id, request.lang);
    },
  });

  app.route({
    ...routeOf(contract.refund),
    handler: async (request) => {
      await refundByStaff(app, request, request.params.id, request.body, request.lang);
      return answer(request.params.id, request.lang);
    },
  });

  app.route({
    ...routeOf(contract.seats),
    handler: async (request) => ({ success: true as const, ...(await listSeatBoard(app.db, request.query)) }),
  });

  app.route({
    ...routeOf(contract.seatItem),
    handler: async (request) => {
      const item = await loadSeatBoardItem(app.db, request.params.id, request.lang, request.query.page);
      if (!item) throw notFound();
      return { success: true as const, data: item };
    },
  });

  app.route({
    ...routeOf(contract.waitingList),
    handler: async (request) => ({
      success: true as const,
      data: await loadWaitingList(app.db, request.params.id),
    }),
  });

  app.route({
    ...routeOf(contract.passOffer),
    handler: async (request) => {
      await passOfferOn(app, request, request.params.id, request.params.offerId);
      return { success: true as const, data: await loadWaitingList(app.db, request.params.id) };
    },
  });

  app.route({
    ...routeOf(contract.removeFromList),
    handler: async (request) => {
      await removeFromLine(app, request, request.params.id, request.params.userId);
      return { success: true as const, data: await loadWaitingList(app.db, request.params.id) };
    },
  });

  app.route({
    ...routeOf(contract.attendeesCsv),
    handler: async (request, reply) => {
      const item = await loadAttendeesCsvItem(app.db, request.params.id, request.lang);
      if (!item) throw notFound();
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${attendeesFileName(item)}"`)
        .header('cache-control', 'private, no-store')
        .send(attendeesCsv(item, request.lang));
    },
  });
};
