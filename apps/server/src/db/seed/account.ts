import { sql } from 'drizzle-orm';
import { customerInterests, customers, interests } from '../schema';
import type { SeedContext } from './index';

/** The twelve interests of the club (ids 1..12: the default selection 1, 3, 5, … refers to them). */
export const DEMO_INTERESTS: { id: number; namePl: string; nameEn: string }[] = [
  { id: 1, namePl: 'Dni torowe', nameEn: 'Track days' },
  { id: 2, namePl: 'Gastronomia i degustacje', nameEn: 'Fine dining and tastings' },
  { id: 3, namePl: 'Golf', nameEn: 'Golf' },
  { id: 4, namePl: 'Żeglarstwo', nameEn: 'Sailing' },
  { id: 5, namePl: 'Sztuka i design', nameEn: 'Art and design' },
  { id: 6, namePl: 'Muzyka klasyczna i opera', nameEn: 'Classical music and opera' },
  { id: 7, namePl: 'Podróże i odkrywanie świata', nameEn: 'Travel and exploration' },
  { id: 8, namePl: 'Narty i sporty zimowe', nameEn: 'Skiing and winter sports' },
  { id: 9, namePl: 'Wino i enoturystyka', nameEn: 'Wine and wine tourism' },
  { id: 10, namePl: 'Wellness i spa', nameEn: 'Wellness and spa' },
  { id: 11, namePl: 'Motorsport i wyścigi', nameEn: 'Motorsport and racing' },
  { id: 12, namePl: 'Jeździectwo i polo', nameEn: 'Equestrian sports and polo' },
];

/** Interests catalogue first (other seeds tag experiences with it), then the demo members' choices and invoice data. */
export async function seedAccountDemo({ db, accounts }: SeedContext): Promise<void> {
  await db
    .insert(interests)
    .values(DEMO_INTERESTS.map((i) => ({ ...i, position: i.id })))
    .onConflictDoNothing();
  await db.execute(
    sql`select setval(pg_get_serial_sequence('interests', 'id'), greatest((select max(id) from interests), 1))`,
  );

  const choices: [number, number[]][] = [
    [accounts.customer, [1, 2, 3, 7, 9, 11, 12]],
    [accounts.customerEn, [2, 4, 5, 6, 8, 10]],
  ];
  for (const [userId, ids] of choices) {
    await db
      .insert(customerInterests)
      .values(ids.map((interestId) => ({ userId, interestId })))
      .onConflictDoNothing();
  }

  await db
    .update(customers)
    .set({
      invoiceCompanyName: 'Kowalski Consulting Sp. z o.o.',
      invoiceStreet: 'Aleje Jerozolimskie',
      invoiceBuildingNumber: '65',
      invoiceLocaleNumber: '12',
      invoicePostCode: '00-697',
      invoiceCity: 'Warszawa',
      taxNumberPrefix: 'PL',
      taxNumber: '5260250274',
    })
    .where(sql`${customers.userId} = ${accounts.customer}`);
}
