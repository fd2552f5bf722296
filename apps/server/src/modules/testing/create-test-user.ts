import type { Tx } from '../../db/client';
import { customers, users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { randomToken } from '../../lib/tokens';

export type TestUserInput = { type?: 'CUSTOMER' | 'DEALER'; language?: 'pl' | 'en'; password?: string };

/** A fresh, fully registered account with a unique e-mail: tests never share mutable users. */
export async function createTestUser(db: Tx, input: TestUserInput = {}) {
  const { type = 'CUSTOMER', language = 'pl', password = 'Excellence#2026' } = input;
  const email = `t-${randomToken(9)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')}@example.com`;
  const [user] = await db
    .insert(users)
    .values({
      email,
      type,
      languageCode: language,
      passwordHash: await hashPassword(password),
      honorific: 'MR',
      name: 'Test',
      surname: type === 'DEALER' ? 'Dealer' : 'Member',
      phone: '601000000',
      phonePrefix: '48',
      cardNumber: `EC-T-${randomToken(6)}`,
      cardValidTo: '2028-01-01',
      calendarToken: type === 'CUSTOMER' ? randomToken(24) : null,
    })
    .returning();
  if (type === 'CUSTOMER') {
    await db
      .insert(customers)
      .values({ userId: user!.id, status: 'REGISTERED', term1: true, term2: true, term3: true });
  }
  return { id: user!.id, email, password };
}
