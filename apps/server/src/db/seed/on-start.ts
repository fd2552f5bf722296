import type { Db } from '../client';
import { seedDatabase, seedReferenceData } from './index';

/**
 * What a starting server puts into its database: reference data (languages, tax offices) always,
 * even with SEED=none, since the panel cannot work without it; the demo data only with SEED=demo.
 * Returns whether demo data was seeded.
 */
export async function seedOnStart(
  db: Db,
  opts: { seed: 'demo' | 'none'; dataDir: string },
): Promise<boolean> {
  if (opts.seed === 'demo') return seedDatabase(db, { dataDir: opts.dataDir });
  await seedReferenceData(db);
  return false;
}
