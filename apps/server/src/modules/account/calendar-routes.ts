import { CALENDAR_TOKEN_PATTERN } from '@club/shared';
import { accountContract as contract } from '@club/shared/contract/account';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error';
import { routeOf } from '../../lib/contract';
import { buildCalendar, listPaidExperiences } from './calendar';
import { findCustomerByCalendarToken } from './repository';

/**
 * The member's private iCalendar feed: no session (calendar applications subscribe by URL), the
 * unguessable token from auth/me (calendar2024_token) is the only key. Unknown tokens are 404.
 */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(contract.calendar),
    handler: async (request, reply) => {
      const { token } = request.params;
      const member = CALENDAR_TOKEN_PATTERN.test(token)
        ? await findCustomerByCalendarToken(app.db, token)
        : null;
      if (!member) throw notFound();
      const lang = member.languageCode === 'en' ? 'en' : 'pl';
      const entries = await listPaidExperiences(app.db, member.id, lang, app.config.PUBLIC_URL);
      const host = new URL(app.config.PUBLIC_URL).hostname;
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="excellence-club.ics"')
        .header('cache-control', 'private, max-age=300')
        .header('x-robots-tag', 'noindex')
        .send(buildCalendar(entries, lang, host));
    },
  });
};
