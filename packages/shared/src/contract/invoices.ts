/** VAT invoices (docs/invoices.md): the staff's queue and issuing, corrections, the PDFs. */
import { z } from 'zod';
import { idParam } from '../schemas/common';
import {
  ZCorrectInvoice,
  ZInvoiceRequest,
  ZInvoiceRequestsQuery,
  ZInvoicesQuery,
  ZInvoiceSummary,
  ZMemberInvoice,
} from '../schemas/invoices';
import { defineEndpoint, ok, page } from './define';

export const invoicesContract = {
  requests: defineEndpoint({
    method: 'GET',
    path: '/admin/invoices/requests',
    summary:
      'Paid orders whose member asked for a VAT invoice that has not been issued yet, a page at a time',
    access: 'staff',
    query: ZInvoiceRequestsQuery,
    responses: { 200: page(ZInvoiceRequest) },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/admin/invoices/items',
    summary: 'Issued invoices and correcting invoices: sorted, searched, filtered by kind and issue date',
    access: 'staff',
    query: ZInvoicesQuery,
    responses: { 200: page(ZInvoiceSummary) },
  }),
  issue: defineEndpoint({
    method: 'POST',
    path: '/admin/invoices/orders/:id/issue',
    summary: 'Issues the VAT invoice of a paid order that asked for one (the next number of the period)',
    access: 'staff',
    params: idParam,
    responses: { 200: ok(ZInvoiceSummary) },
  }),
  correct: defineEndpoint({
    method: 'POST',
    path: '/admin/invoices/orders/:id/correct',
    summary: "Issues a correcting invoice taking back an amount of an invoiced order (a refund's)",
    access: 'staff',
    params: idParam,
    body: ZCorrectInvoice,
    responses: { 200: ok(ZInvoiceSummary) },
  }),
  pdf: defineEndpoint({
    method: 'GET',
    path: '/admin/invoices/item/:id/pdf',
    summary: 'The PDF of an invoice or a correcting invoice',
    access: 'staff',
    params: idParam,
    produces: 'application/pdf',
    responses: { 200: z.string() },
  }),
  memberList: defineEndpoint({
    method: 'GET',
    path: '/sales/orders/item/:id/invoices',
    summary: "The invoices (and corrections) of one of the member's orders",
    access: 'customer',
    params: idParam,
    responses: { 200: ok(z.array(ZMemberInvoice)) },
  }),
  memberPdf: defineEndpoint({
    method: 'GET',
    path: '/sales/invoices/item/:id/pdf',
    summary: "The PDF of one of the member's invoices (404 for anyone else's)",
    access: 'customer',
    params: idParam,
    produces: 'application/pdf',
    responses: { 200: z.string() },
  }),
};
