/**
 * The parts of a console list's query (`page`, `where[…]` filters) that several lists read alike:
 * the staff's audit log and the invoices read the same bracket notation and the same day filters.
 */
import { z } from 'zod';

/**
 * `schema` typed as a client sends it: its input is `I`. A coerced or preprocessed schema's input is
 * `unknown`, which let a screen ask for what the API refuses (issue 28: the galleries asked for
 * `per_page=24`) and still compile; typed so, `fetchData` and `pageQueryOf` refuse it at build time.
 */
export const sentAs =
  <I>() =>
  <S extends z.ZodType>(schema: S) =>
    schema as S & { _zod: { input: I } };

/** A number a list filters by (an id, a year), coerced from the address: sent as a number. */
export const queryNumber = <S extends z.ZodType>(schema: S) =>
  sentAs<number | (undefined extends z.input<S> ? undefined : never)>()(schema);

/** The page of a list, from 1: a number. */
export const pageNumber = sentAs<number | undefined>()(
  z.coerce.number({ error: 'validation.wrongValue' }).int().min(1).max(100_000).default(1),
);

/** Is `size` one of a list's page sizes (a size read from the address, before it is sent)? */
export const isPageSize = <const S extends readonly number[]>(sizes: S, size: number): size is S[number] =>
  sizes.includes(size);

/**
 * A list's page size: one of `sizes` (the contract's const tuple), `fallback` when absent. Typed as
 * the literal union of the sizes, so a screen cannot ask for another.
 */
export const pageSizeOf = <const S extends readonly [number, ...number[]]>(sizes: S, fallback: S[number]) =>
  sentAs<S[number] | undefined>()(
    z.coerce
      .number({ error: 'validation.wrongValue' })
      .int()
      .refine((v) => isPageSize(sizes, v), { error: 'validation.wrongValue' })
      .default(fallback),
  );

/** An empty parameter (a cleared filter in the address) is none; typed as what `schema` takes, or ''. */
export const blankOr = <S extends z.ZodType>(schema: S) =>
  sentAs<z.input<S> | ''>()(z.preprocess(blankIsNone, schema));

/** Bracket notation (`where[search]=…`) as Fastify's parser leaves it, or already nested. */
const whereOf = (q: Record<string, unknown>, key: string) => {
  const nested = (q.where && typeof q.where === 'object' ? q.where : {}) as Record<string, unknown>;
  const value = nested[key] ?? q[`where[${key}]`];
  return Array.isArray(value) ? value[0] : value;
};

type Shape = Record<string, z.ZodType>;
type Plain<T> = { [K in keyof T]: T[K] };
/** What a client sends to a bracket-notation list: `page`, `sort`, `dir` and the filters under `where`. */
type BracketInput<S extends Shape, F extends keyof S & string> = Plain<
  { [K in Exclude<keyof S, F>]?: z.input<S[K]> } & { where?: { [K in F]?: z.input<S[K]> } }
>;

/**
 * A list's query whose filters are read, and documented, in bracket notation (DESIGN.md §4):
 * `page`, `sort` and `dir` as they come, each of `filters` as `where[…]`. The OpenAPI document names
 * the parameters `where[search]`… as the server reads them, errors name the field so too, and the
 * handler gets the plain names (`q.search`). A client's type is `{ page, sort, dir, where: {…} }`.
 */
export const bracketQuery = <S extends Shape, const F extends keyof S & string>(
  filters: readonly F[],
  shape: S,
  refine?: (q: z.output<z.ZodObject<S>>) => { path: F; error: string } | null,
) => {
  const bracketed = Object.fromEntries(
    Object.entries(shape).map(([key, schema]) => [
      (filters as readonly string[]).includes(key) ? `where[${key}]` : key,
      schema,
    ]),
  );
  const plain = (q: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(q).map(([key, value]) => [key.replace(/^where\[(.+)\]$/, '$1'), value]),
    ) as z.output<z.ZodObject<S>>;
  const checked = z
    .object(bracketed)
    .transform(plain)
    .superRefine((q, ctx) => {
      const problem = refine?.(q);
      if (problem) ctx.addIssue({ code: 'custom', path: [`where[${problem.path}]`], message: problem.error });
    });
  return sentAs<BracketInput<S, F>>()(
    z.preprocess((raw) => {
      if (!raw || typeof raw !== 'object') return raw;
      const q = raw as Record<string, unknown>;
      const where = filters.map((key) => [`where[${key}]`, whereOf(q, key)]);
      return { page: q.page, sort: q.sort, dir: q.dir, ...Object.fromEntries(where) };
    }, checked),
  );
};

/** An empty filter field is no filter. */
export const blankIsNone = (v: unknown) => (v === '' || v === undefined ? undefined : v);

/** A day of the calendar (YYYY-MM-DD) a list filters by, or none. */
const filterDay = () =>
  blankOr(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.date' })
      .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: 'validation.date' })
      .optional(),
  );

/** The `from` and `to` days of a list's filter, both included; see `daysInOrder`. */
export const dayRange = () => ({ from: filterDay(), to: filterDay() });

/** A bracket query's check that refuses, on `to`, a day range that ends before it starts. */
export const daysInOrder = (q: { from?: string | undefined; to?: string | undefined }) =>
  q.from && q.to && q.from > q.to ? { path: 'to' as const, error: 'validation.dateRange' } : null;
