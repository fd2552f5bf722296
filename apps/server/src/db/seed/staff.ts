import { USER_TYPE } from '@club/shared';
import type { Db } from '../client';
import { users } from '../schema';
import { hashPassword } from '../../lib/passwords';
import { DEMO_PASSWORD } from './accounts';

/**
 * The demo's TOTP secret of both staff accounts (README, "Demo staff accounts"). Public on purpose and
 * for the demo only: a real installation's staff enrol their own secrets (docs/console.md).
 */
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** operator@example.com and admin@example.com, second factor enrolled on the demo secret. */
export async function seedStaffDemo({ db }: { db: Db }): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const enrolled = { totpSecret: DEMO_TOTP_SECRET, totpEnabledAt: new Date('2026-01-05T09:00:00Z') };
  await db.insert(users).values([
    {
      email: 'operator@example.com',
      type: USER_TYPE.OPERATOR,
      languageCode: 'pl',
      name: 'Marta',
      surname: 'Lewandowska',
      passwordHash,
      ...enrolled,
    },
    {
      email: 'admin@example.com',
      type: USER_TYPE.ADMIN,
      languageCode: 'pl',
      name: 'Tomasz',
      surname: 'Zieliński',
      passwordHash,
      ...enrolled,
    },
  ]);
}
