/** KSeF (issue 30, docs/ksef.md): a rejected invoice sent again, the FA(3) XML and UPO downloads, tests' switches. */
import { z } from 'zod';
import { idParam } from '../schemas/common';
import { ZInvoiceSummary } from '../schemas/invoices';
import { ZKsefResend, ZKsefStandInControl } from '../schemas/ksef';
import { defineEndpoint, object, ok } from './define';

export const ksefContract = {
  resend: defineEndpoint({
    method: 'POST',
    path: '/admin/invoices/item/:id/ksef/resend',
    summary:
      "Sends an invoice KSeF rejected again, with the buyer's data fixed when that was the reason (409 unless rejected)",
    access: 'staff',
    params: idParam,
    body: ZKsefResend,
    responses: { 200: ok(ZInvoiceSummary) },
  }),
  xml: defineEndpoint({
    method: 'GET',
    path: '/admin/invoices/item/:id/xml',
    summary: 'The FA(3) XML of an invoice as sent to KSeF',
    access: 'staff',
    params: idParam,
    produces: 'application/xml',
    responses: { 200: z.string() },
  }),
  upo: defineEndpoint({
    method: 'GET',
    path: '/admin/invoices/item/:id/upo',
    summary: "KSeF's official receipt (UPO) of an accepted invoice",
    access: 'staff',
    params: idParam,
    produces: 'application/xml',
    responses: { 200: z.string() },
  }),
  memberXml: defineEndpoint({
    method: 'GET',
    path: '/sales/invoices/item/:id/xml',
    summary: "The FA(3) XML of one of the member's invoices (404 for anyone else's)",
    access: 'customer',
    params: idParam,
    produces: 'application/xml',
    responses: { 200: z.string() },
  }),
  testRun: defineEndpoint({
    method: 'POST',
    path: '/test/ksef/run',
    summary: 'Tests only: one run of the KSeF outbox now',
    access: 'public',
    responses: {
      200: ok(
        object({ accepted: z.number().int(), rejected: z.number().int(), postponed: z.number().int() }),
      ),
    },
  }),
  testStandIn: defineEndpoint({
    method: 'POST',
    path: '/test/ksef/stand-in',
    summary: "Tests only: the served KSeF stand-in's behaviour (refuse, unavailable, slow)",
    access: 'public',
    body: ZKsefStandInControl,
    responses: { 200: ok(object({ unavailable: z.boolean(), delay_ms: z.number().int() })) },
  }),
};
