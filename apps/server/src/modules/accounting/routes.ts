import { adminAccountingContract as contract } from '@club/shared/contract/admin-accounting';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/contract';
import { accountingCsv, accountingSummary, accountingXlsx, accountingZip, fileNameFor } from './files';

/**
 * The accountant's exports (issue 30, docs/invoices.md "Exports for the accountant"): staff
 * (operators and administrators, as the invoices and the dashboard), read only; the files carry
 * buyers' data, so they are never cached (`private, no-store`).
 */
export const accountingRoutes: FastifyPluginAsyncZod = async (app) => {
  const download = (reply: FastifyReply, type: string, name: string, body: string | Buffer | Uint8Array) =>
    reply
      .header('content-type', type)
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'private, no-store')
      .send(typeof body === 'string' || Buffer.isBuffer(body) ? body : Buffer.from(body));

  app.route({
    ...routeOf(contract.summary),
    handler: async (request) => ({
      success: true as const,
      data: await accountingSummary(app.db, request.query),
    }),
  });

  app.route({
    ...routeOf(contract.csv),
    handler: async (request, reply) => {
      const { dataset } = request.params;
      const csv = await accountingCsv(app.db, request.query, request.lang, dataset);
      return download(reply, 'text/csv; charset=utf-8', `${fileNameFor(request.query, dataset)}.csv`, csv);
    },
  });

  app.route({
    ...routeOf(contract.xlsx),
    handler: async (request, reply) =>
      download(
        reply,
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        `${fileNameFor(request.query, 'zestawienie')}.xlsx`,
        await accountingXlsx(app.db, request.query, request.lang),
      ),
  });

  app.route({
    ...routeOf(contract.zip),
    handler: async (request, reply) =>
      download(
        reply,
        'application/zip',
        `${fileNameFor(request.query, 'faktury-xml')}.zip`,
        await accountingZip(app.db, request.query, request.lang),
      ),
  });
};
