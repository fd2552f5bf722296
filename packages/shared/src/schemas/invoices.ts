/** VAT invoices (docs/invoices.md): the console's queue and list, the correction, the member's list. */
import { z } from 'zod';
import { plnToGrosze } from '../money';
import { ZKsefStatus } from './ksef';
import { blankOr, bracketQuery, dayRange, daysInOrder, pageNumber } from './list-query';

export const PAGE_SIZE_INVOICES = 20;
export const INVOICE_KINDS = ['INVOICE', 'CORRECTION'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const INVOICE_REQUEST_SORTS = ['paid_at', 'order_id', 'total'] as const;
export const INVOICE_SORTS = ['issue_date', 'number', 'gross'] as const;
export const INVOICE_SEARCH_MAX = 100;
export const CORRECTION_REASON_MAX = 200;

const sortOf = <T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  blankOr(z.enum(values, { error: 'validation.invalidChoice' }).default(fallback));
const direction = blankOr(z.enum(['asc', 'desc'], { error: 'validation.invalidChoice' }).default('desc'));
const search = blankOr(z.string().trim().max(INVOICE_SEARCH_MAX, { error: 'validation.tooLong' }).optional());
/** The queue: paid orders that asked for an invoice and have none yet. */
export const ZInvoiceRequestsQuery = bracketQuery(['search'], {
  page: pageNumber,
  sort: sortOf(INVOICE_REQUEST_SORTS, 'paid_at'),
  dir: direction,
  /** The company's name, its NIP, the member's e-mail or the order's number. */
  search,
});
export type TInvoiceRequestsQuery = z.output<typeof ZInvoiceRequestsQuery>;

export const ZInvoicesQuery = bracketQuery(
  ['search', 'kind', 'from', 'to'],
  {
    page: pageNumber,
    sort: sortOf(INVOICE_SORTS, 'issue_date'),
    dir: direction,
    /** The number, the buyer's name or NIP, or the order's number. */
    search,
    kind: blankOr(z.enum(INVOICE_KINDS, { error: 'validation.invalidChoice' }).optional()),
    /** Issue dates. */
    ...dayRange(),
  },
  daysInOrder,
);
export type TInvoicesQuery = z.output<typeof ZInvoicesQuery>;

export const ZInvoiceRequest = z.strictObject({
  order_id: z.number().int(),
  paid_at: z.string(),
  /** PLN. */
  total: z.number(),
  member_name: z.string(),
  member_email: z.string().nullable(),
  company_name: z.string(),
  tax_number: z.string(),
});
export type TInvoiceRequest = z.infer<typeof ZInvoiceRequest>;

export const ZInvoiceSummary = z.strictObject({
  id: z.number().int(),
  order_id: z.number().int(),
  kind: z.enum(INVOICE_KINDS),
  number: z.string(),
  /** The number of the invoice a correction corrects. */
  corrects_number: z.string().nullable(),
  issue_date: z.string(),
  sale_date: z.string(),
  /** PLN: the invoice's total, or what a correction takes back. */
  gross: z.number(),
  buyer_name: z.string(),
  buyer_tax_number: z.string(),
  /** The buyer's address lines as on the invoice (the resend form starts from them). */
  buyer_address: z.array(z.string()),
  /** Its way to KSeF (docs/ksef.md); null for an invoice issued before KSeF was wired. */
  ksef: ZKsefStatus.nullable(),
});
export type TInvoiceSummary = z.infer<typeof ZInvoiceSummary>;

/** What the member sees of an order's invoices (shopping history). */
export const ZMemberInvoice = z.strictObject({
  id: z.number().int(),
  kind: z.enum(INVOICE_KINDS),
  number: z.string(),
  issue_date: z.string(),
  gross: z.number(),
  /** The invoice's number in KSeF, once KSeF accepted it. */
  ksef_number: z.string().nullable(),
  /** Whether its FA(3) XML (the legal invoice in KSeF) can be downloaded. */
  has_xml: z.boolean(),
});
export type TMemberInvoice = z.infer<typeof ZMemberInvoice>;

/** A correcting invoice for part (or all) of what was paid: a refund. */
export const ZCorrectInvoice = z.object({
  /** PLN with at most two decimals, above zero. */
  amount: z
    .number({ error: 'validation.wrongValue' })
    .min(0.01, { error: 'validation.min' })
    .max(10_000_000, { error: 'validation.max' })
    .refine((v) => Math.abs(plnToGrosze(v) / 100 - v) < 1e-9, { error: 'validation.wrongValue' }),
  reason: z
    .string({ error: 'validation.required' })
    .trim()
    .max(CORRECTION_REASON_MAX, { error: 'validation.tooLong' })
    .optional(),
});
export type TCorrectInvoice = z.infer<typeof ZCorrectInvoice>;
