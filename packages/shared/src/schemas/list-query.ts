/**
 * The parts of a console list's query (`page`, `where[…]` filters) that several lists read alike:
 * the staff's audit log and the invoices read the same bracket notation and the same day filters.
 */
import { z } from 'zod';
import { whenValid } from './common';

/** Bracket notation (`where[search]=…`) as Fastify's parser leaves it, or already nested. */
const whereOf = (q: Record<string, unknown>, key: string) => {
  const nested = (q.where && typeof q.where === 'object' ? q.where : {}) as Record<string, unknown>;
  const value = nested[key] ?? q[`where[${key}]`];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * A list's query as `schema` reads it: `page`, `sort` and `dir` as they come, each of `filters` from
 * `where[…]` (a schema without sorting leaves `sort` and `dir` out).
 */
export const bracketQuery = <T extends z.ZodType>(filters: readonly string[], schema: T) =>
  z.preprocess((raw) => {
    if (!raw || typeof raw !== 'object') return raw;
    const q = raw as Record<string, unknown>;
    const where = filters.map((key) => [key, whereOf(q, key)]);
    return { page: q.page, sort: q.sort, dir: q.dir, ...Object.fromEntries(where) };
  }, schema);

/** An empty filter field is no filter. */
export const blankIsNone = (v: unknown) => (v === '' || v === undefined ? undefined : v);

/** A day of the calendar (YYYY-MM-DD) a list filters by, or none. */
const filterDay = () =>
  z.preprocess(
    blankIsNone,
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.date' })
      .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: 'validation.date' })
      .optional(),
  );

/** The `from` and `to` days of a list's filter, both included; see `daysInOrder`. */
export const dayRange = () => ({ from: filterDay(), to: filterDay() });

/** Refuses, on `to`, a day range that ends before it starts. */
export const daysInOrder = <T extends z.ZodType<{ from?: string | undefined; to?: string | undefined }>>(
  query: T,
) =>
  query.refine((q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to, {
    error: 'validation.dateRange',
    path: ['to'],
    ...whenValid('from', 'to'),
  });
