import { ksefContract as contract } from '@club/shared/contract/ksef';
import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invoices, ksefSubmissions } from '../../db/schema';
import { conflict, notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { routeOf } from '../../lib/contract';
import { requireAuth } from '../../plugins/session';
import { requeueRejected, submissionsOf } from '../ksef/outbox';
import { testingKsefRoutes } from './ksef-test-routes';
import type { InvoiceDocument } from './document';
import type { InvoiceRow } from './issue-invoice';
import { ksefXmlOf } from './ksef-document';
import { findInvoice, invoiceSummaryOf } from './repository';

/**
 * KSeF for staff and members (issue 30, docs/ksef.md): a rejected invoice sent again (its buyer's
 * data fixed when that was KSeF's reason; audited), the FA(3) XML as sent (staff, and the member for
 * their own invoices) and KSeF's receipt (UPO).
 */
export const ksefRoutes: FastifyPluginAsyncZod = async (app) => {
  const sendXml = (reply: FastifyReply, xml: string, name: string) =>
    reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'private, no-store')
      .header('x-robots-tag', 'noindex')
      .send(xml);
  const fileName = (row: InvoiceRow, suffix: string) => `${row.number.replace(/\//g, '-')}${suffix}.xml`;

  /** The invoice's KSeF row with its XML; 404 when it has none yet (a correction waiting for its invoice). */
  async function xmlOf(row: InvoiceRow | null) {
    if (!row) throw notFound();
    const submission = (await submissionsOf(app.db, [row.id])).get(row.id);
    if (!submission?.xml) throw notFound();
    return { row, submission: { ...submission, xml: submission.xml } };
  }

  app.route({
    ...routeOf(contract.resend),
    handler: async (request) => {
      requireAuth(request);
      const row = await app.db.transaction(async (tx) => {
        const [invoice] = await tx
          .select()
          .from(invoices)
          .where(eq(invoices.id, request.params.id))
          .for('update');
        if (!invoice) throw notFound();
        const [submission] = await tx
          .select()
          .from(ksefSubmissions)
          .where(eq(ksefSubmissions.invoiceId, invoice.id))
          .for('update');
        if (submission?.status !== 'REJECTED')
          throw conflict('KSEF_NOT_REJECTED', 'invoices.ksefNotRejected', { number: invoice.number });
        let current = invoice;
        const fix = request.body.buyer;
        if (fix) {
          // KSeF refused it, so it was never issued in KSeF: the buyer's data may still be put right.
          const document = invoice.data as InvoiceDocument;
          const taxNumber = fix.tax_prefix === 'PL' ? fix.tax_number : `${fix.tax_prefix}${fix.tax_number}`;
          const buyer = { name: fix.name, address: [fix.address_1, fix.address_2], nip: taxNumber };
          [current] = (await tx
            .update(invoices)
            .set({ data: { ...document, buyer }, buyerName: buyer.name, buyerTaxNumber: buyer.nip })
            .where(eq(invoices.id, invoice.id))
            .returning()) as [InvoiceRow];
        }
        const xml = await ksefXmlOf(tx, current);
        if (xml === null || !(await requeueRejected(tx, invoice.id, xml)))
          throw conflict('KSEF_NOT_REJECTED', 'invoices.ksefNotRejected', { number: invoice.number });
        const before = invoice.data as InvoiceDocument;
        await recordAudit(tx, request, {
          action: 'ksef-resend',
          entityType: 'invoice',
          entityId: invoice.id,
          before: {
            number: invoice.number,
            ksefErrorCode: submission.errorCode,
            ksefErrorReason: submission.errorReason,
            buyer: before.buyer,
          },
          after: { number: invoice.number, buyer: (current.data as InvoiceDocument).buyer },
        });
        return current;
      });
      app.ksef.kick();
      return { success: true as const, data: await invoiceSummaryOf(app.db, row) };
    },
  });

  app.route({
    ...routeOf(contract.xml),
    handler: async (request, reply) => {
      const { row, submission } = await xmlOf(await findInvoice(app.db, request.params.id));
      return sendXml(reply, submission.xml, fileName(row, ''));
    },
  });

  app.route({
    ...routeOf(contract.upo),
    handler: async (request, reply) => {
      const row = await findInvoice(app.db, request.params.id);
      const submission = row && (await submissionsOf(app.db, [row.id])).get(row.id);
      if (!row || !submission?.upo) throw notFound();
      return sendXml(reply, submission.upo, fileName(row, '-UPO'));
    },
  });

  app.route({
    ...routeOf(contract.memberXml),
    handler: async (request, reply) => {
      const { user } = requireAuth(request);
      const { row, submission } = await xmlOf(await findInvoice(app.db, request.params.id, user.id));
      return sendXml(reply, submission.xml, fileName(row, ''));
    },
  });

  if (app.config.TEST_SUPPORT) await app.register(testingKsefRoutes);
};
