import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { languages, users } from '../schema';
import { seedAccountDemo } from './account';
import { type DemoAccounts, seedAccounts } from './accounts';
import { seedCatalogDemo } from './catalog';
import { seedContentDemo } from './content';
import { seedEventDayDemo } from './event-day';
import { seedDealerCustomers } from './dealers';
import { seedSalesDemo } from './sales';
import { seedSeatOrders } from './seat-orders';
import { seedStaffDemo } from './staff';
import { seedTaxOffices } from './tax-offices';

export type SeedContext = { db: Db; dataDir: string; accounts: DemoAccounts };

/**
 * Demo content, in order: later seeds may use what earlier ones made. A capability adds its demo
 * data by adding one function here.
 */
const demoSeeds: ((ctx: SeedContext) => Promise<void>)[] = [
  seedCatalogDemo,
  seedContentDemo,
  seedAccountDemo,
  seedSalesDemo,
  seedSeatOrders,
  seedDealerCustomers,
  seedStaffDemo,
  seedEventDayDemo,
];

/** Reference data every database needs, demo or not; safe to run at every start. */
export async function seedReferenceData(db: Db): Promise<void> {
  await db
    .insert(languages)
    .values([
      { id: 1, code: 'pl' },
      { id: 2, code: 'en' },
    ])
    .onConflictDoNothing();
  await db.execute(
    sql`select setval(pg_get_serial_sequence('languages', 'id'), greatest((select max(id) from languages), 1))`,
  );
  await seedTaxOffices(db);
}

/** Seeds the demo data into an empty database (no users yet); returns whether it did. */
export async function seedDatabase(db: Db, opts: { dataDir: string }): Promise<boolean> {
  await seedReferenceData(db);
  const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(users)) as [
    { count: number },
  ];
  if (count > 0) return false;
  const accounts = await seedAccounts(db);
  for (const seed of demoSeeds) await seed({ db, dataDir: opts.dataDir, accounts });
  return true;
}
