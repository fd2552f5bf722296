import { plnToGrosze } from '@club/shared';
import { invoicesContract as contract } from '@club/shared/contract/invoices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { foundData, routeOf } from '../../lib/contract';
import { requireAuth } from '../../plugins/session';
import type { InvoiceDocument } from './document';
import {
  auditOfInvoice as auditOf,
  type InvoiceRow,
  issueCorrectingInvoice,
  issueInvoice,
} from './issue-invoice';
import { pdfKsefOf } from './ksef-document';
import { renderInvoicePdf } from './render-pdf';
import {
  findInvoice,
  invoiceSummaryOf,
  listInvoiceRequests,
  listInvoices,
  listMemberInvoices,
} from './repository';
import { mailInvoiceIssued } from '../orders/document-mails';

/**
 * VAT invoices (docs/invoices.md): the staff's queue, issuing and corrections (each audited in its
 * transaction), and the PDFs, rendered on request from the stored document.
 */
export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const sendPdf = async (reply: import('fastify').FastifyReply, row: InvoiceRow) => {
    const pdf = await renderInvoicePdf(row.data as InvoiceDocument, await pdfKsefOf(app.db, app.config, row));
    const name = `${row.number.replace(/\//g, '-')}.pdf`;
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'private, no-store')
      .header('x-robots-tag', 'noindex')
      .send(pdf);
  };

  app.route({
    ...routeOf(contract.requests),
    handler: async (request) => ({
      success: true as const,
      ...(await listInvoiceRequests(app.db, request.query)),
    }),
  });

  app.route({
    ...routeOf(contract.list),
    handler: async (request) => ({ success: true as const, ...(await listInvoices(app.db, request.query)) }),
  });

  app.route({
    ...routeOf(contract.issue),
    handler: async (request) => {
      const auth = requireAuth(request);
      const row = await app.db.transaction(async (tx) => {
        const issued = await issueInvoice(tx, app.config, {
          orderId: request.params.id,
          issuedBy: auth.user.id,
        });
        await recordAudit(tx, request, {
          action: 'issue',
          entityType: 'invoice',
          entityId: issued.id,
          before: null,
          after: auditOf(issued),
        });
        await mailInvoiceIssued(tx, app, issued);
        return issued;
      });
      app.mailer.flushInBackground(app.db);
      app.ksef.kick();
      return { success: true as const, data: await invoiceSummaryOf(app.db, row) };
    },
  });

  app.route({
    ...routeOf(contract.correct),
    handler: async (request) => {
      const auth = requireAuth(request);
      const row = await app.db.transaction(async (tx) => {
        const issued = await issueCorrectingInvoice(tx, app.config, {
          orderId: request.params.id,
          refundGrosze: plnToGrosze(request.body.amount),
          reason: request.body.reason,
          issuedBy: auth.user.id,
        });
        await recordAudit(tx, request, {
          action: 'correct',
          entityType: 'invoice',
          entityId: issued.id,
          before: null,
          after: auditOf(issued),
        });
        await mailInvoiceIssued(tx, app, issued);
        return issued;
      });
      app.mailer.flushInBackground(app.db);
      app.ksef.kick();
      return { success: true as const, data: await invoiceSummaryOf(app.db, row) };
    },
  });

  app.route({
    ...routeOf(contract.pdf),
    handler: async (request, reply) => {
      const row = await findInvoice(app.db, request.params.id);
      if (!row) throw notFound();
      return sendPdf(reply, row);
    },
  });

  app.route({
    ...routeOf(contract.memberList),
    handler: async (request) => {
      const { user } = requireAuth(request);
      return foundData(await listMemberInvoices(app.db, user.id, request.params.id));
    },
  });

  app.route({
    ...routeOf(contract.memberPdf),
    handler: async (request, reply) => {
      const { user } = requireAuth(request);
      const row = await findInvoice(app.db, request.params.id, user.id);
      if (!row) throw notFound();
      return sendPdf(reply, row);
    },
  });
};
