import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client';

type Reads = readonly (() => PromiseLike<unknown>)[];

/**
 * Independent reads of one answer: side by side on the pool (each on its own connection), one after
 * another inside a transaction, whose one connection cannot run two queries at once (node-postgres
 * queues them with a deprecation warning today, and pg@9 refuses them).
 */
export async function readTogether<T extends Reads>(
  db: Tx,
  reads: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  if (!(db instanceof PgTransaction)) {
    return Promise.all(reads.map((read) => read())) as Promise<{
      -readonly [K in keyof T]: Awaited<ReturnType<T[K]>>;
    }>;
  }
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
}
