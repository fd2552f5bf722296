import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RATE_LIMITS } from './constants';

const securityDoc = readFileSync(new URL('../../../docs/security.md', import.meta.url), 'utf8');

/** The rows of docs/security.md's table, by the limit each describes. */
const rows: Record<keyof typeof RATE_LIMITS, string> = {
  loginPerAccount: 'sign-in failures per account',
  loginPerAddress: 'sign-in failures per address (`LOGIN_LIMIT_PER_ADDRESS`)',
  checkPassword: 'password re-entry (check-password, change-password) per member',
  forgotPassword: 'forgot-password per e-mail',
  forgotPasswordPerAddress: 'forgot-password per address',
  discountCode: 'wrong discount codes per member',
  discountCodePerAddress: 'wrong discount codes per address',
  secondFactorPerAccount: 'staff second-factor codes per account',
  secondFactorPerAddress: 'staff second-factor codes per address',
  privacyExport: "copies of one's own data (docs/privacy.md) per member",
};

describe('docs/security.md', () => {
  it('lists every rate limit in force with its number and window', () => {
    for (const [key, label] of Object.entries(rows)) {
      const limit = RATE_LIMITS[key as keyof typeof RATE_LIMITS];
      expect(securityDoc, key).toContain(`| ${label} | ${limit.max} | ${limit.windowMs / 60_000} minutes |`);
    }
    const documented = securityDoc
      .split('\n')
      .filter((l) => /^\s*\| [a-z-]+.* \| \d+ \| \d+ minutes \|$/.test(l));
    expect(documented).toHaveLength(Object.keys(RATE_LIMITS).length);
  });
});
