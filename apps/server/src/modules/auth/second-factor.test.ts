import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditRows,
  Client,
  createTestApp,
  createTestUser,
  enrolmentByResetLink,
  skipIfNoDatabase,
  staffClient,
  type TestApp,
  totpCode,
} from '../../../test/helpers';
import { recoveryCodes, users } from '../../db/schema';

type Step = { second_factor: 'CODE' | 'ENROL'; challenge: string };

/** Staff sign-in's second factor (docs/console.md): the password step, then a TOTP or recovery code. */
describe.skipIf(skipIfNoDatabase)('staff second factor over http', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t?.close());

  const passwordStep = async (c: Client, user: { email: string; password: string }) => {
    const res = await c.post('/auth/login', { email: user.email, password: user.password });
    expect(res.statusCode, res.body).toBe(202);
    return (res.json() as { data: Step }).data;
  };
  /** The first enrolment's step, as the owner gets it: a mailed reset link (issued here) sets the password. */
  const linkStep = (c: Client, user: { id: number; password: string }) =>
    enrolmentByResetLink(t.app, c, user);

  it('a staff password gives the CODE step and no session; members and dealers still get their session at once', async () => {
    const staff = await createTestUser(t.app.db, { type: 'ADMIN' });
    const c = new Client(t.app);
    const step = await passwordStep(c, staff);
    expect(step.second_factor).toBe('CODE');
    expect(step.challenge.length).toBeGreaterThan(20);
    expect(c.cookie).toBe('');
    expect((await c.get('/auth/me')).statusCode).toBe(401);

    for (const type of ['CUSTOMER', 'DEALER'] as const) {
      const member = await createTestUser(t.app.db, { type });
      const m = new Client(t.app);
      const res = await m.login(member.email, member.password);
      expect(res.json().data).toMatchObject({ type, csrf_token: expect.any(String) });
      expect((await m.get('/auth/me')).statusCode).toBe(200);
    }
  });

  it('POST auth/second-factor: the right code starts the session; the same code is refused the second time', async () => {
    const staff = await createTestUser(t.app.db, { type: 'OPERATOR', language: 'en' });
    const c = new Client(t.app);
    const code = totpCode(staff.totpSecret!);
    const step = await passwordStep(c, staff);
    const res = await c.post('/auth/second-factor', { challenge: step.challenge, code });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ email: staff.email, type: 'OPERATOR' });
    c.csrf = res.json().data.csrf_token;
    expect((await c.get('/auth/me')).statusCode).toBe(200);
    // The challenge is used up, and the code too (a replay from another browser).
    expect((await c.post('/auth/second-factor', { challenge: step.challenge, code })).statusCode).toBe(404);
    const other = new Client(t.app);
    const again = await passwordStep(other, staff);
    const replay = await other.post('/auth/second-factor', { challenge: again.challenge, code });
    expect(replay.statusCode).toBe(422);
    expect(replay.json()).toMatchObject({ code: 'SECOND_FACTOR_INVALID' });
    expect(replay.json().errors.code[0]).toMatch(/incorrect or was already used/);
  });

  it('validation: a missing, malformed or wrong code is a 422 on the field, in the staff member’s language; no session', async () => {
    const staff = await createTestUser(t.app.db, { type: 'OPERATOR', language: 'pl' });
    const c = new Client(t.app);
    const step = await passwordStep(c, staff);
    const cases: [unknown, RegExp][] = [
      [{ challenge: step.challenge }, /wymagane/],
      [{ challenge: step.challenge, code: '' }, /wymagane/],
      [{ challenge: step.challenge, code: '12ab' }, /6 cyfr/],
      [{ challenge: step.challenge, code: '1234567' }, /6 cyfr/],
    ];
    for (const [body, message] of cases) {
      const res = await c.post('/auth/second-factor', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors.code[0]).toMatch(message);
    }
    const wrong = await c.post('/auth/second-factor', {
      challenge: step.challenge,
      code: totpCode(staff.totpSecret!, new Date(Date.now() - 10 * 60_000)),
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code[0]).toMatch(/nieprawidłowy/);
    expect(c.cookie).toBe('');
    const unknown = await c.post('/auth/second-factor', { challenge: 'y'.repeat(40), code: '123456' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('TOKEN_INVALID');
  });

  it('rate limit: five wrong codes per account, then 429 with Retry-After, even with the right code', async () => {
    const staff = await createTestUser(t.app.db, { type: 'OPERATOR' });
    const c = new Client(t.app);
    const step = await passwordStep(c, staff);
    for (let i = 0; i < 5; i++) {
      expect(
        (await c.post('/auth/second-factor', { challenge: step.challenge, code: '000000' })).statusCode,
      ).toBe(422);
    }
    const blocked = await c.post('/auth/second-factor', {
      challenge: step.challenge,
      code: totpCode(staff.totpSecret!),
    });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('recovery codes: each signs in once, its use is audited; a deactivated account never reaches the second step', async () => {
    const staff = await createTestUser(t.app.db, { type: 'ADMIN', enrolled: false });
    const c = new Client(t.app);
    const step = await linkStep(c, staff);
    expect(step.second_factor).toBe('ENROL');
    const enrolment = await c.post('/auth/second-factor/enrolment', { challenge: step.challenge });
    const secret = enrolment.json().data.secret as string;
    const done = await c.post('/auth/second-factor/enrol', {
      challenge: step.challenge,
      code: totpCode(secret),
    });
    const codes = done.json().data.recovery_codes as string[];

    const other = new Client(t.app);
    const second = await passwordStep(other, staff);
    const used = await other.post('/auth/second-factor', {
      challenge: second.challenge,
      code: codes[3]!.toUpperCase(),
    });
    expect(used.statusCode, used.body).toBe(200);
    const third = new Client(t.app);
    const step3 = await passwordStep(third, staff);
    expect(
      (await third.post('/auth/second-factor', { challenge: step3.challenge, code: codes[3] })).statusCode,
    ).toBe(422);
    const rows = await t.app.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, staff.id));
    expect(rows.filter((r) => r.usedAt).length).toBe(1);
    expect((await auditRows(t.app, 'staff', staff.id)).map((r) => r.action)).toContain('use-recovery-code');

    await t.app.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, staff.id));
    const refused = await new Client(t.app).post('/auth/login', {
      email: staff.email,
      password: staff.password,
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('INVALID_CREDENTIALS');
  });

  describe('enrolment', () => {
    it('POST auth/second-factor/enrolment + enrol: a secret and its otpauth address, the first code turns the factor on, ten recovery codes (stored hashed), the session, an audit row', async () => {
      const staff = await createTestUser(t.app.db, { type: 'OPERATOR', enrolled: false });
      const c = new Client(t.app);
      const step = await linkStep(c, staff);
      expect(step.second_factor).toBe('ENROL');
      const started = await c.post('/auth/second-factor/enrolment', { challenge: step.challenge });
      expect(started.statusCode, started.body).toBe(200);
      const { secret, uri } = started.json().data as { secret: string; uri: string };
      expect(uri).toMatch(/^otpauth:\/\/totp\/Excellence%20Club:/);
      expect(uri).toContain(`secret=${secret}`);

      const wrong = await c.post('/auth/second-factor/enrol', { challenge: step.challenge, code: '000000' });
      expect(wrong.statusCode).toBe(422);
      const done = await c.post('/auth/second-factor/enrol', {
        challenge: step.challenge,
        code: totpCode(secret),
      });
      expect(done.statusCode, done.body).toBe(200);
      const { user, recovery_codes } = done.json().data as {
        user: { csrf_token: string };
        recovery_codes: string[];
      };
      expect(recovery_codes).toHaveLength(10);
      expect(new Set(recovery_codes).size).toBe(10);
      c.csrf = user.csrf_token;
      expect((await c.get('/auth/me')).statusCode).toBe(200);

      const stored = await t.app.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, staff.id));
      expect(stored).toHaveLength(10);
      for (const row of stored) expect(recovery_codes).not.toContain(row.codeHash);
      const [row] = await t.app.db.select().from(users).where(eq(users.id, staff.id));
      expect(row!.totpEnabledAt).not.toBeNull();
      const audit = await auditRows(t.app, 'staff', staff.id);
      expect(audit[0]).toMatchObject({ action: 'enrol-second-factor', actorEmail: staff.email });
      expect(JSON.stringify(audit[0])).not.toContain(secret);

      // Enrolled: the next sign-in asks for a code, and enrolment cannot be started again.
      const next = await passwordStep(new Client(t.app), staff);
      expect(next.second_factor).toBe('CODE');
      expect((await c.post('/auth/second-factor/enrolment', { challenge: next.challenge })).statusCode).toBe(
        404,
      );
    });

    it('validation: enrol before the secret exists is a 409; a missing or malformed code a 422; an unknown challenge a 404', async () => {
      const staff = await createTestUser(t.app.db, { type: 'OPERATOR', enrolled: false, language: 'en' });
      const c = new Client(t.app);
      const step = await linkStep(c, staff);
      const early = await c.post('/auth/second-factor/enrol', { challenge: step.challenge, code: '123456' });
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toMatch(/Scan the QR code first/);
      for (const body of [{ challenge: step.challenge }, { challenge: step.challenge, code: 'abcdef' }, {}]) {
        expect((await c.post('/auth/second-factor/enrol', body)).statusCode).toBe(422);
      }
      expect((await c.post('/auth/second-factor/enrolment', {})).statusCode).toBe(422);
      expect((await c.post('/auth/second-factor/enrolment', { challenge: 'z'.repeat(40) })).statusCode).toBe(
        404,
      );
      expect(
        (await c.post('/auth/second-factor/enrol', { challenge: 'z'.repeat(40), code: '123456' })).statusCode,
      ).toBe(404);
    });
  });

  it('staffClient: signs in through both steps; staff reach the account routes but not members’ routes', async () => {
    const operator = await staffClient(t.app, 'OPERATOR');
    expect((await operator.get('/auth/me')).json().data.type).toBe('OPERATOR');
    expect((await operator.get('/products/items?page=1')).statusCode).toBe(403);
    expect((await operator.get('/sales/cart/items')).statusCode).toBe(403);
    expect((await operator.post('/auth/refresh-token')).statusCode).toBe(200);
  });
});
