import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../src/db/schema';
import {
  auditRows,
  Client,
  createTestApp,
  createTestUser,
  skipIfNoDatabase,
  staffClient,
  type TestApp,
  totpCode,
} from '../helpers';

type Step = { second_factor: 'CODE' | 'ENROL'; challenge: string };

/**
 * Issue 28, item 2: a staff account without a second factor (invited and not enrolled, or after an
 * administrator's reset) was enrolled by whoever knew or reset its password. The first enrolment now
 * needs a single-use link mailed to the owner (the invitation, or a password reset link), and the
 * audit log records it.
 */
describe.skipIf(skipIfNoDatabase)(
  'a staff account’s first enrolment needs the owner’s mailed link (issue 28)',
  () => {
    let t: TestApp;
    let admin: Client;

    beforeAll(async () => {
      t = await createTestApp();
      admin = await staffClient(t.app, 'ADMIN');
      // A seeded app and a staff sign-in (argon2): more than the default minute on a loaded machine.
    }, 300_000);
    afterAll(() => t?.close());

    const signInWithPassword = (user: { email: string; password: string }, lang: 'pl' | 'en' = 'pl') =>
      new Client(t.app).post(
        '/auth/login',
        { email: user.email, password: user.password },
        {
          headers: { 'accept-language': lang },
        },
      );

    /** The reset link the owner gets by mail (the public request, then the owner's inbox). */
    async function mailedResetToken(to: string) {
      expect((await new Client(t.app).post('/auth/forgot-password', { email: to })).statusCode).toBe(200);
      await t.app.inFlight.drain(10_000);
      const [row] = await t.app.db
        .select()
        .from(outbox)
        .where(eq(outbox.to, to))
        .orderBy(desc(outbox.id))
        .limit(1);
      const text = t.app.mailer.asSent(row!).text;
      return decodeURIComponent(/\/panel\/reset-password\?token=([\w%-]+)/.exec(text)![1]!);
    }

    async function enrol(c: Client, step: Step) {
      const started = await c.post('/auth/second-factor/enrolment', { challenge: step.challenge });
      expect(started.statusCode, started.body).toBe(200);
      const secret = started.json().data.secret as string;
      return c.post('/auth/second-factor/enrol', { challenge: step.challenge, code: totpCode(secret) });
    }

    it('invited, password set, not enrolled: the password alone gets no enrolment step (403, in the account’s words)', async () => {
      const staff = await createTestUser(t.app.db, { type: 'ADMIN', enrolled: false });
      const pl = await signInWithPassword(staff, 'pl');
      expect(pl.statusCode).toBe(403);
      expect(pl.json().code).toBe('SECOND_FACTOR_NOT_ENROLLED');
      expect(pl.json().message).toMatch(/nie ma jeszcze drugiego składnika/);
      expect(JSON.stringify(pl.json())).not.toMatch(/challenge/);
      const en = await signInWithPassword(staff, 'en');
      expect(en.json().message).toMatch(/no second factor yet/);
      // A wrong password still reads as a wrong password.
      const wrong = await signInWithPassword({ email: staff.email, password: 'Nie#To2026' });
      expect(wrong.statusCode).toBe(401);
    });

    it('the owner’s mailed reset link gives the enrolment step, used once; the enrolment and the reset are audited', async () => {
      const staff = await createTestUser(t.app.db, { type: 'OPERATOR', enrolled: false, language: 'en' });
      const token = await mailedResetToken(staff.email);
      const c = new Client(t.app);
      const reset = await c.post('/auth/reset-password', {
        token,
        password: 'Nowe#Haslo2026',
        password_confirmation: 'Nowe#Haslo2026',
      });
      expect(reset.statusCode, reset.body).toBe(202);
      const step = reset.json().data as Step;
      expect(step.second_factor).toBe('ENROL');
      // The link works once.
      const again = await new Client(t.app).post('/auth/reset-password', {
        token,
        password: 'Inne#Haslo2026',
        password_confirmation: 'Inne#Haslo2026',
      });
      expect(again.statusCode).toBe(404);
      const done = await enrol(c, step);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().data.recovery_codes).toHaveLength(10);
      expect((await auditRows(t.app, 'staff', staff.id)).map((r) => r.action)).toEqual([
        'enrol-second-factor',
        'reset-password',
      ]);
      // From now on the password leads to the code step.
      const next = await signInWithPassword({ email: staff.email, password: 'Nowe#Haslo2026' });
      expect(next.statusCode).toBe(202);
      expect(next.json().data.second_factor).toBe('CODE');
    });

    it('after an administrator’s reset: a challenge taken before it cannot enrol, the password alone is refused, the owner’s link enrols', async () => {
      const staff = await createTestUser(t.app.db, { type: 'ADMIN' });
      // Someone who knows the password starts a sign-in before the reset…
      const before = await signInWithPassword(staff);
      expect(before.statusCode).toBe(202);
      const oldChallenge = (before.json().data as Step).challenge;
      expect((await admin.post(`/staff/item/${staff.id}/reset-second-factor`)).statusCode).toBe(200);
      // …and tries to enrol their own app with it afterwards.
      const attacker = new Client(t.app);
      expect(
        (await attacker.post('/auth/second-factor/enrolment', { challenge: oldChallenge })).statusCode,
      ).toBe(404);
      const refused = await signInWithPassword(staff);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('SECOND_FACTOR_NOT_ENROLLED');

      const owner = new Client(t.app);
      const reset = await owner.post('/auth/reset-password', {
        token: await mailedResetToken(staff.email),
        password: staff.password,
        password_confirmation: staff.password,
      });
      expect(reset.statusCode, reset.body).toBe(202);
      expect((await enrol(owner, reset.json().data)).statusCode).toBe(200);
      expect((await auditRows(t.app, 'staff', staff.id)).map((r) => r.action).slice(0, 3)).toEqual([
        'enrol-second-factor',
        'reset-password',
        'reset-second-factor',
      ]);
    });

    it('a code step cannot start an enrolment, and an enrolled account’s reset link gives no enrolment step', async () => {
      const staff = await createTestUser(t.app.db, { type: 'OPERATOR' });
      const step = (await signInWithPassword(staff)).json().data as Step;
      expect(step.second_factor).toBe('CODE');
      expect(
        (await new Client(t.app).post('/auth/second-factor/enrolment', { challenge: step.challenge }))
          .statusCode,
      ).toBe(404);
      const reset = await new Client(t.app).post('/auth/reset-password', {
        token: await mailedResetToken(staff.email),
        password: 'Nowe#Haslo2026',
        password_confirmation: 'Nowe#Haslo2026',
      });
      expect(reset.statusCode).toBe(200);
      expect(reset.json().data).toBeUndefined();
      // Members are unchanged: the reset answers 200 and nothing else.
      const member = await createTestUser(t.app.db, { type: 'CUSTOMER' });
      const memberReset = await new Client(t.app).post('/auth/reset-password', {
        token: await mailedResetToken(member.email),
        password: 'Nowe#Haslo2026',
        password_confirmation: 'Nowe#Haslo2026',
      });
      expect(memberReset.statusCode).toBe(200);
      expect(await auditRows(t.app, 'staff', member.id)).toEqual([]);
    });
  },
);
