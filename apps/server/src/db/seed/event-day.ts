import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, MIGRATIONS_DIR } from '../client';
import type { SeedContext } from './index';

/**
 * A ticket for every seat of the paid orders written straight into the tables (the paying path issues
 * them for real orders, modules/event-day/tickets.ts), and each experience with tickets its default
 * check-in list: the statements of migration 0024, which backfilled the orders paid before tickets
 * existed, run again after the demo seeds wrote theirs. Idempotent.
 */
export async function issueMissingTickets(db: Db): Promise<void> {
  const file = await readFile(path.join(MIGRATIONS_DIR, '0024_event-day-backfill.sql'), 'utf8');
  for (const statement of file.split('--> statement-breakpoint')) {
    if (statement.replace(/--.*$/gm, '').trim()) await db.execute(sql.raw(statement));
  }
}

export const seedEventDayDemo = ({ db }: SeedContext) => issueMissingTickets(db);
