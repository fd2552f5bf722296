import { CUSTOMER_STATUS, isStaffType, USER_TYPE } from '@club/shared';
import type { TTestUserInput } from '@club/shared/contract/testing';
import type { Tx } from '../../db/client';
import { customers, users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { randomToken } from '../../lib/tokens';
import { newTotpSecret } from '../../lib/totp';

/**
 * A fresh, fully registered account with a unique e-mail: tests never share mutable users. Staff
 * (OPERATOR, ADMIN) come with their second factor enrolled on a secret of their own (`totpSecret`),
 * from which a test computes the codes (lib/totp.ts `totpCode`).
 */
export async function createTestUser(db: Tx, input: TTestUserInput = {}) {
  const { type = USER_TYPE.CUSTOMER, language = 'pl', password = 'Excellence#2026' } = input;
  const staff = isStaffType(type);
  const totpSecret = staff && input.enrolled !== false ? newTotpSecret() : null;
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
      surname: { CUSTOMER: 'Member', DEALER: 'Dealer', OPERATOR: 'Operator', ADMIN: 'Admin' }[type],
      phone: staff ? null : '601000000',
      phonePrefix: staff ? null : '48',
      cardNumber: staff ? null : `EC-T-${randomToken(6)}`,
      cardValidTo: staff ? null : '2028-01-01',
      calendarToken: type === USER_TYPE.CUSTOMER ? randomToken(24) : null,
      totpSecret,
      totpEnabledAt: totpSecret ? new Date() : null,
    })
    .returning();
  if (type === USER_TYPE.CUSTOMER) {
    await db.insert(customers).values({
      userId: user!.id,
      status: CUSTOMER_STATUS.REGISTERED,
      term1: true,
      term2: true,
      term3: true,
    });
  }
  return { id: user!.id, email, password, totpSecret };
}
