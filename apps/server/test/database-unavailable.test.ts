import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../src/plugins/errors';

/** The error handler answers 503 (not 500) while the database is away: scale-out/faults.test.ts restarts it for real. */
describe('isDatabaseUnavailable', () => {
  it('sees connection failures, also wrapped by Drizzle as the cause of its query error', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const wrapped = Object.assign(new Error('Failed query: select 1\nparams: '), { cause: refused });
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    const shutdown = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: shutdown }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it('leaves every other failure a 500', () => {
    const unique = Object.assign(new Error('duplicate key'), { code: '23505' });
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: unique }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
