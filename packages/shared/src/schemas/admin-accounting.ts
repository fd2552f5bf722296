import { z } from 'zod';

/**
 * The accountant's exports (issue 30, docs/invoices.md "Exports for the accountant"): a range of club
 * days (Europe/Warsaw), both ends included, at most a year; the screen offers a month.
 */
export const ACCOUNTING_DATASETS = ['orders', 'payments', 'refunds', 'invoices'] as const;
export type AccountingDataset = (typeof ACCOUNTING_DATASETS)[number];
export const ACCOUNTING_MAX_DAYS = 366;

const day = z
  .string({ error: 'validation.required' })
  .min(1, { error: 'validation.required' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.date' })
  .refine((v) => new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), { error: 'validation.date' });
const dayValue = (v: string) => Date.parse(`${v}T00:00:00Z`);

export const ZAccountingRange = z
  .object({ from: day, to: day })
  .refine((v) => v.from <= v.to, { path: ['to'], error: 'validation.endBeforeStart' })
  .refine((v) => v.from > v.to || (dayValue(v.to) - dayValue(v.from)) / 86_400_000 < ACCOUNTING_MAX_DAYS, {
    path: ['to'],
    error: 'validation.rangeAtMostYear',
  });
export type TAccountingRange = z.input<typeof ZAccountingRange>;

export const ZAccountingDataset = z.object({
  dataset: z.enum(ACCOUNTING_DATASETS, { error: 'validation.invalidChoice' }),
});
