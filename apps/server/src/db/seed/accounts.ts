import { CUSTOMER_STATUS, USER_TYPE } from '@club/shared';
import type { Db } from '../client';
import { customers, users } from '../schema';
import { hashPassword } from '../../lib/passwords';
import { randomToken } from '../../lib/tokens';

export const DEMO_PASSWORD = 'Excellence#2026';

export type DemoAccounts = { customer: number; customerEn: number; dealer: number; dealer2: number };

/** The four demo accounts of DESIGN.md §7. */
export async function seedAccounts(db: Db): Promise<DemoAccounts> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const insertUser = async (values: Omit<typeof users.$inferInsert, 'passwordHash'>) => {
    const [row] = await db
      .insert(users)
      .values({ ...values, passwordHash })
      .returning({ id: users.id });
    return row!.id;
  };
  const customer = await insertUser({
    email: 'customer@example.com',
    type: USER_TYPE.CUSTOMER,
    languageCode: 'pl',
    honorific: 'MR',
    name: 'Jan',
    surname: 'Kowalski',
    phone: '601234567',
    phonePrefix: '48',
    street: 'Aleje Ujazdowskie',
    buildingNumber: '12',
    flatNumber: '4',
    postCode: '00-478',
    city: 'Warszawa',
    cardNumber: 'EC-2025-000142',
    cardValidTo: '2027-05-14',
    calendarToken: randomToken(24),
    createdAt: new Date('2025-05-14T10:00:00Z'),
  });
  const customerEn = await insertUser({
    email: 'customer.en@example.com',
    type: USER_TYPE.CUSTOMER,
    languageCode: 'en',
    honorific: 'MRS',
    name: 'Emily',
    surname: 'Carter',
    phone: '7911123456',
    phonePrefix: '44',
    street: 'Chełmska',
    buildingNumber: '21',
    postCode: '00-724',
    city: 'Warszawa',
    cardNumber: 'EC-2025-000187',
    cardValidTo: '2027-09-02',
    calendarToken: randomToken(24),
    createdAt: new Date('2025-09-02T10:00:00Z'),
  });
  const dealer = await insertUser({
    email: 'dealer@example.com',
    type: USER_TYPE.DEALER,
    languageCode: 'pl',
    honorific: 'MR',
    name: 'Piotr',
    surname: 'Nowak',
    phone: '602345678',
    phonePrefix: '48',
    street: 'Puławska',
    buildingNumber: '314',
    postCode: '02-819',
    city: 'Warszawa',
    cardNumber: 'EC-D-000012',
    cardValidTo: '2027-12-31',
  });
  const dealer2 = await insertUser({
    email: 'dealer2@example.com',
    type: USER_TYPE.DEALER,
    languageCode: 'pl',
    honorific: 'MRS',
    name: 'Anna',
    surname: 'Wiśniewska',
    phone: '603456789',
    phonePrefix: '48',
    street: 'Opolska',
    buildingNumber: '100',
    postCode: '31-323',
    city: 'Kraków',
    cardNumber: 'EC-D-000027',
    cardValidTo: '2027-12-31',
  });
  await db.insert(customers).values([
    {
      userId: customer,
      status: CUSTOMER_STATUS.REGISTERED,
      term1: true,
      term2: true,
      term2a: true,
      term3: true,
      term4Email: true,
      model: 'X7',
    },
    {
      userId: customerEn,
      status: CUSTOMER_STATUS.REGISTERED,
      term1: true,
      term2: true,
      term2a: false,
      term3: true,
      model: 'i7',
    },
  ]);
  return { customer, customerEn, dealer, dealer2 };
}
