import { eventMailContract as contract } from '@club/shared/contract/event-mail';
import { ticketsContract } from '@club/shared/contract/tickets';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { clubToday } from '../../lib/club-day';
import { routeOf } from '../../lib/contract';
import { requireAuth } from '../../plugins/session';
import { attendeeMailDetail, attendeeMailsOf, previewAttendeeMail, sendAttendeeMail } from './attendee-mail';
import { bookedTickets } from './booked-tickets';
import { sendDueReminders } from './reminders';
import { renderTicketsPdf } from './ticket-pdf';

/** Bookings due a reminder are looked for on this interval (and at start) in every process. */

/**
 * The event day's papers and mail (issue 29, docs/event-day.md): the member's tickets as a PDF,
 * staff's mail to the people who come, and the reminder before an experience.
 */
export const eventMailRoutes: FastifyPluginAsyncZod = async (app) => {
  const printTickets = async (
    request: FastifyRequest,
    reply: FastifyReply,
    filter: { orderId: number } | { from: string },
  ) => {
    const { user } = requireAuth(request);
    // Only the member's own valid tickets: the order's owner is the filter, void ones are left out.
    const bookings = await bookedTickets(app.db, { userId: user.id, ...filter }, request.lang);
    if (bookings.length === 0) throw new AppError(404, 'NOT_FOUND', 'eventMail.noTickets');
    const name = `${request.lang === 'en' ? 'tickets' : 'bilety'}${'orderId' in filter ? `-${filter.orderId}` : ''}.pdf`;
    return sendPdf(reply, name, await renderTicketsPdf(bookings, request.lang));
  };

  app.route({
    ...routeOf(ticketsContract.upcomingPdf),
    handler: (request, reply) => printTickets(request, reply, { from: clubToday() }),
  });

  app.route({
    ...routeOf(ticketsContract.orderPdf),
    handler: (request, reply) => printTickets(request, reply, { orderId: request.params.id }),
  });

  const data = <T>(value: T) => ({ success: true as const, data: value });

  app.route({
    ...routeOf(contract.preview),
    handler: async (request) => data(await previewAttendeeMail(app.db, app, request.body)),
  });

  app.route({
    ...routeOf(contract.send),
    handler: async (request) => {
      const { user } = requireAuth(request);
      const id = await app.db.transaction((tx) => sendAttendeeMail(tx, app, request, user.id, request.body));
      app.mailer.flushInBackground(app.db);
      return data(await attendeeMailDetail(app.db, id));
    },
  });

  app.route({
    ...routeOf(contract.list),
    handler: async (request) => data(await attendeeMailsOf(app.db, request.params.id)),
  });

  app.route({
    ...routeOf(contract.item),
    handler: async (request) => data(await attendeeMailDetail(app.db, request.params.id)),
  });

  // The reminders: at start and on an interval in every process; overlapping runs are safe (the
  // bookings are claimed with SKIP LOCKED and each has one reminder row).
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  const sweep = (today?: string) => {
    const run = running.then(() => sendDueReminders(app, today));
    running = run.catch((error) => app.log.error({ err: error }, 'reminder sweep failed'));
    return run;
  };
  if (app.config.TEST_SUPPORT) {
    app.route({
      ...routeOf(contract.runReminders),
      handler: async (request) => data({ queued: await sweep(request.body.today) }),
    });
  }
  app.addHook('onReady', async () => {
    const every = app.config.REMINDER_INTERVAL_MINUTES * 60_000;
    if (every === 0) return;
    void sweep().catch(() => undefined);
    timer = setInterval(() => void sweep().catch(() => undefined), every);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
};

/** A download nobody else may keep (a shared cache, a search engine). */
const sendPdf = (reply: FastifyReply, name: string, pdf: Buffer) =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'private, no-store')
    .header('x-robots-tag', 'noindex')
    .send(pdf);
