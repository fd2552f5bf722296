import { eventDayContract as contract } from '@club/shared/contract/event-day';
import { ticketsContract } from '@club/shared/contract/tickets';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/contract';
import { requireAuth } from '../../plugins/session';
import { searchAttendees } from './attendees';
import { checkInTicket, checkOut, overrideCheckIn, scan } from './gate';
import { gateExperiences, listDetail } from './lists';
import { myTickets } from './my-tickets';

/**
 * The event day (issue 29, docs/event-day.md): the member's tickets and the staff's gate. Every
 * gate call acts on one check-in list; the override writes its audit row in its own transaction.
 */
export const eventDayRoutes: FastifyPluginAsyncZod = async (app) => {
  const data = <T>(value: T) => ({ success: true as const, data: value });

  app.route({
    ...routeOf(ticketsContract.myTickets),
    handler: async (request) => {
      const { user } = requireAuth(request);
      return data(await myTickets(app.db, user.id, request.query.order_id, request.lang));
    },
  });

  app.route({
    ...routeOf(contract.experiences),
    handler: async (request) => data(await gateExperiences(app.db, request.lang)),
  });

  app.route({
    ...routeOf(contract.list),
    handler: async (request) => data(await listDetail(app.db, request.params.id, request.lang)),
  });

  app.route({
    ...routeOf(contract.scan),
    handler: async (request) => {
      const { user } = requireAuth(request);
      return data(await scan(app.db, request.params.id, request.body, user, request.lang));
    },
  });

  app.route({
    ...routeOf(contract.search),
    handler: async (request) => data(await searchAttendees(app.db, request.params.id, request.query.q)),
  });

  app.route({
    ...routeOf(contract.checkIn),
    handler: async (request) => {
      const { user } = requireAuth(request);
      return data(await checkInTicket(app.db, request.params.id, request.body, user, request.lang));
    },
  });

  app.route({
    ...routeOf(contract.override),
    handler: async (request) => {
      const { user } = requireAuth(request);
      return data(
        await app.db.transaction((tx) => overrideCheckIn(tx, request, request.params.id, request.body, user)),
      );
    },
  });

  app.route({
    ...routeOf(contract.checkOut),
    handler: async (request) => data(await checkOut(app.db, request.params.id, request.body)),
  });
};
