/** The accountant's exports (issue 30, docs/invoices.md "Exports for the accountant"); staff only. */
import { z } from 'zod';
import { ZAccountingDataset, ZAccountingRange } from '../schemas/admin-accounting';
import { defineEndpoint, object, ok } from './define';

const money = z.number();
const count = z.number().int();
const figures = object({ count, amount: money });

/** What a range holds, as the files carry it: the screen shows it before the download. */
export const ZAccountingSummary = object({
  from: z.string(),
  to: z.string(),
  /** Orders placed in the range (any status). */
  orders: count,
  /** Sales as the dashboard counts them: orders paid in the range and still paid, less refunds. */
  sales: figures,
  /** Payments received in the range (what was paid, by the operator or by bank transfer). */
  payments: figures,
  refunds: figures,
  /** Invoices and corrections issued in the range; a correction's amounts are below zero. */
  invoices: object({
    count,
    corrections: count,
    net: money,
    vat: money,
    gross: money,
    /** Net and VAT per rate (23, 8, 5, 0), the rates that occur. */
    rates: z.array(object({ rate: count, net: money, vat: money, gross: money })),
  }),
  /** Invoices of the range whose FA(3) XML is stored (sent or waiting to be sent to KSeF). */
  xml_files: count,
});
export type TAccountingSummary = z.output<typeof ZAccountingSummary>;

export const adminAccountingContract = {
  summary: defineEndpoint({
    method: 'GET',
    path: '/admin/accounting/summary',
    summary: "The figures of a range of club days that the accountant's files carry",
    access: 'staff',
    query: ZAccountingRange,
    responses: { 200: ok(ZAccountingSummary) },
  }),
  csv: defineEndpoint({
    method: 'GET',
    path: '/admin/accounting/csv/:dataset',
    summary:
      'Orders, payments, refunds or invoices of a range as CSV for Polish Excel (UTF-8 with BOM, semicolons, decimal commas)',
    access: 'staff',
    params: ZAccountingDataset,
    query: ZAccountingRange,
    produces: 'text/csv',
    responses: { 200: z.string() },
  }),
  xlsx: defineEndpoint({
    method: 'GET',
    path: '/admin/accounting/xlsx',
    summary: 'A workbook of a range: summary, orders, payments, refunds, invoices (XLSX)',
    access: 'staff',
    query: ZAccountingRange,
    produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    responses: { 200: z.string() },
  }),
  zip: defineEndpoint({
    method: 'GET',
    path: '/admin/accounting/invoices-zip',
    summary: "A ZIP of the range's invoice XMLs (FA(3), as sent to KSeF) and their UPOs, with an index",
    access: 'staff',
    query: ZAccountingRange,
    produces: 'application/zip',
    responses: { 200: z.string() },
  }),
};
