import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, createTestUser, skipIfNoDatabase, type TestApp } from '../../../test/helpers';
import { outbox, sessions, userTokens } from '../../db/schema';
import { sha256 } from '../../lib/tokens';

const API = '/panel/api/v1';
const NEW_PASSWORD = 'Nowe#Haslo2027';
const cookieValue = (c: Client) => c.cookie.slice(c.cookie.indexOf('=') + 1);

describe.skipIf(skipIfNoDatabase)('passwords', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { PUBLIC_URL: 'https://club.example.com/' } });
  });
  afterAll(() => t?.close());

  const fresh = (opts: Parameters<typeof createTestUser>[1] = {}) => createTestUser(t.app.db, opts);
  const signedIn = async (user: { email: string; password: string }) => {
    const c = new Client(t.app);
    const res = await c.login(user.email, user.password);
    expect(res.statusCode).toBe(200);
    return c;
  };
  const canSignIn = async (email: string, password: string) =>
    (await new Client(t.app).login(email, password)).statusCode;

  describe('POST auth/change-password', () => {
    const change = (c: Client, body: object, opts?: { csrf?: boolean }) =>
      c.post('/auth/change-password', body, opts);

    it('refuses a wrong current password (422 on current_password), in the user language', async () => {
      const pl = await signedIn(await fresh());
      const res = await change(pl, {
        current_password: 'Wrong#Password1',
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'WRONG_PASSWORD',
        message: 'Formularz zawiera błędy.',
        errors: { current_password: ['Obecne hasło jest nieprawidłowe.'] },
      });
      const en = await signedIn(await fresh({ language: 'en' }));
      const enRes = await change(en, {
        current_password: 'Wrong#Password1',
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      });
      expect(enRes.json()).toMatchObject({
        message: 'The form contains errors.',
        errors: { current_password: ['The current password is incorrect.'] },
      });
    });

    it('each validation error: required, length, policy, mismatch (Polish and English)', async () => {
      const user = await fresh();
      const c = await signedIn(user);
      const empty = await change(c, {});
      expect(empty.statusCode).toBe(422);
      expect(empty.json().errors).toMatchObject({
        current_password: ['To pole jest wymagane.'],
        password: ['To pole jest wymagane.'],
      });
      const short = await change(c, {
        current_password: user.password,
        password: 'Aa1!',
        password_confirmation: 'Aa1!',
      });
      expect(short.json().errors).toEqual({ password: ['Pole musi mieć co najmniej 8 znaków.'] });
      const weak = await change(c, {
        current_password: user.password,
        password: 'abcdefgh1',
        password_confirmation: 'abcdefgh1',
      });
      expect(weak.json().errors).toEqual({
        password: ['Hasło musi mieć co najmniej 8 znaków, wielką i małą literę, cyfrę oraz znak specjalny.'],
      });
      const mismatch = await change(c, {
        current_password: user.password,
        password: NEW_PASSWORD,
        password_confirmation: `${NEW_PASSWORD}x`,
      });
      expect(mismatch.json().errors).toEqual({ password_confirmation: ['Hasła muszą być takie same.'] });

      const en = await signedIn(await fresh({ language: 'en' }));
      const enShort = await change(en, {
        current_password: 'x',
        password: 'Aa1!',
        password_confirmation: 'Aa1!',
      });
      expect(enShort.json().errors).toEqual({ password: ['Must be at least 8 characters long.'] });
      const enMismatch = await change(en, {
        current_password: 'x',
        password: NEW_PASSWORD,
        password_confirmation: 'other',
      });
      expect(enMismatch.json().errors).toEqual({ password_confirmation: ['Passwords must match.'] });
      // Nothing changed: the original password still works.
      expect(await canSignIn(user.email, user.password)).toBe(200);
    });

    it('401 without a session, 403 without the CSRF header', async () => {
      const anonymous = await t.app.inject({
        method: 'POST',
        url: `${API}/auth/change-password`,
        payload: {},
      });
      expect(anonymous.statusCode).toBe(401);
      const user = await fresh();
      const c = await signedIn(user);
      const res = await change(
        c,
        { current_password: user.password, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
        { csrf: false },
      );
      expect(res.statusCode).toBe(403);
      expect(await canSignIn(user.email, user.password)).toBe(200);
    });

    it('success rotates the session: the old cookie is dead, the new one works, other sessions end', async () => {
      const user = await fresh();
      const c = await signedIn(user);
      const otherBrowser = await signedIn(user);
      const oldCookie = c.cookie;
      const oldCsrf = c.csrf;
      const res = await change(c, {
        current_password: user.password,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      });
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.email).toBe(user.email);
      expect(data.csrf_token).not.toBe(oldCsrf);
      expect(c.cookie).not.toBe(oldCookie);
      c.csrf = data.csrf_token;

      const stale = await t.app.inject({
        method: 'GET',
        url: `${API}/auth/me`,
        headers: { cookie: oldCookie },
      });
      expect(stale.statusCode).toBe(401);
      expect((await otherBrowser.get('/auth/me')).statusCode).toBe(401);
      const me = await c.get('/auth/me');
      expect(me.statusCode).toBe(200);
      expect(me.json().data.csrf_token).toBe(data.csrf_token);
      expect(await t.app.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);

      expect(await canSignIn(user.email, user.password)).toBe(401);
      expect(await canSignIn(user.email, NEW_PASSWORD)).toBe(200);
    });

    it('repeated wrong current passwords are rate limited (429)', async () => {
      const c = await signedIn(await fresh());
      for (let i = 0; i < 5; i++) {
        const res = await change(c, {
          current_password: 'Wrong#Password1',
          password: NEW_PASSWORD,
          password_confirmation: NEW_PASSWORD,
        });
        expect(res.statusCode).toBe(422);
      }
      const limited = await change(c, {
        current_password: 'Wrong#Password1',
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      });
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  describe('POST auth/check-password', () => {
    it('success: { success: true } and password_verified_at set on this session', async () => {
      const user = await fresh({ type: 'DEALER' });
      const c = await signedIn(user);
      const before = Date.now();
      const res = await c.post('/auth/check-password', { password: user.password });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, data: { success: true } });
      const [row] = await t.app.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, sha256(cookieValue(c))));
      expect(row!.passwordVerifiedAt).not.toBeNull();
      expect(row!.passwordVerifiedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    });

    it('a wrong password is a 422 on the password field and verifies nothing', async () => {
      const c = await signedIn(await fresh({ type: 'DEALER' }));
      const res = await c.post('/auth/check-password', { password: 'Wrong#Password1' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        success: false,
        errors: { password: ['Obecne hasło jest nieprawidłowe.'] },
      });
      const [row] = await t.app.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, sha256(cookieValue(c))));
      expect(row!.passwordVerifiedAt).toBeNull();
    });

    it('validation: the password is required', async () => {
      const c = await signedIn(await fresh({ language: 'en' }));
      const res = await c.post('/auth/check-password', { password: '' });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ password: ['This field is required.'] });
    });

    it('401 without a session, 403 without the CSRF header', async () => {
      const anonymous = await t.app.inject({
        method: 'POST',
        url: `${API}/auth/check-password`,
        payload: { password: 'x' },
      });
      expect(anonymous.statusCode).toBe(401);
      const user = await fresh();
      const c = await signedIn(user);
      expect(
        (await c.post('/auth/check-password', { password: user.password }, { csrf: false })).statusCode,
      ).toBe(403);
    });

    it('repeated wrong passwords are rate limited (429 with Retry-After), even the right one then', async () => {
      const user = await fresh({ type: 'DEALER' });
      const c = await signedIn(user);
      for (let i = 0; i < 5; i++) {
        expect((await c.post('/auth/check-password', { password: 'Wrong#Password1' })).statusCode).toBe(422);
      }
      const limited = await c.post('/auth/check-password', { password: user.password });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('TOO_MANY_ATTEMPTS');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  describe('POST auth/forgot-password and auth/reset-password', () => {
    // The link is issued after the answer (the answer must not depend on the account): wait for it.
    const forgot = async (email: string, headers: Record<string, string> = {}) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `${API}/auth/forgot-password`,
        payload: { email },
        headers,
      });
      await t.app.inFlight.drain(10_000);
      return res;
    };
    const reset = (body: object) =>
      t.app.inject({ method: 'POST', url: `${API}/auth/reset-password`, payload: body });
    /** As the member's inbox has them: the single-use link put back into the stored body. */
    const mailsTo = async (email: string) =>
      (await t.app.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.id))).map(
        (mail) => ({ ...mail, ...t.app.mailer.asSent(mail) }),
      );
    const tokenFromMail = async (email: string) => {
      const [mail] = await mailsTo(email);
      const match = /https:\/\/club\.example\.com\/panel\/reset-password\?token=([\w-]+)/.exec(mail!.text);
      expect(match, mail!.text).not.toBeNull();
      return decodeURIComponent(match![1]!);
    };

    it('mails a link to a known account, in its language', async () => {
      const user = await fresh();
      const res = await forgot(user.email.toUpperCase());
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
      const [mail] = await mailsTo(user.email);
      expect(mail).toMatchObject({ template: 'reset-password', subject: 'Excellence Club: zmiana hasła' });
      expect(mail!.text).toContain('https://club.example.com/panel/reset-password?token=');
      expect(mail!.text).not.toContain('.com//panel');
      const token = await tokenFromMail(user.email);
      const [row] = await t.app.db
        .select()
        .from(userTokens)
        .where(eq(userTokens.tokenHash, sha256(token)));
      expect(row).toMatchObject({
        userId: user.id,
        purpose: 'RESET_PASSWORD',
        usedAt: null,
        shareable: null,
      });

      const en = await fresh({ language: 'en' });
      await forgot(en.email);
      expect((await mailsTo(en.email))[0]!.subject).toBe('Excellence Club: reset your password');
    });

    it('answers the same for an unknown e-mail and sends nothing', async () => {
      const res = await forgot('nobody-at-all@example.com');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
      expect(await mailsTo('nobody-at-all@example.com')).toHaveLength(0);
    });

    it('validates the e-mail', async () => {
      const res = await forgot('not-an-email');
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        email: ['Podaj prawidłowy adres e-mail, np. jan.kowalski@example.com.'],
      });
      const en = await forgot('', { 'accept-language': 'en' });
      expect(en.json().errors).toEqual({ email: ['This field is required.'] });
    });

    it('reset: policy errors change nothing, success sets the password, ends sessions, single use', async () => {
      const user = await fresh();
      const before = await signedIn(user);
      await forgot(user.email);
      const token = await tokenFromMail(user.email);

      const short = await reset({ token, password: 'Aa1!', password_confirmation: 'Aa1!' });
      expect(short.statusCode).toBe(422);
      expect(short.json().errors).toEqual({ password: ['Pole musi mieć co najmniej 8 znaków.'] });
      const weak = await reset({ token, password: 'abcdefghij', password_confirmation: 'abcdefghij' });
      expect(weak.json().errors.password).toHaveLength(1);
      const mismatch = await reset({
        token,
        password: NEW_PASSWORD,
        password_confirmation: 'Other#Haslo2027',
      });
      expect(mismatch.json().errors).toEqual({ password_confirmation: ['Hasła muszą być takie same.'] });
      expect(await canSignIn(user.email, user.password)).toBe(200);

      const ok = await reset({ token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ success: true });
      expect((await before.get('/auth/me')).statusCode).toBe(401);
      expect(await canSignIn(user.email, user.password)).toBe(401);
      expect(await canSignIn(user.email, NEW_PASSWORD)).toBe(200);

      const again = await reset({
        token,
        password: 'Third#Haslo2028',
        password_confirmation: 'Third#Haslo2028',
      });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({
        success: false,
        code: 'TOKEN_INVALID',
        message: 'Link do zmiany hasła wygasł lub został już użyty. Poproś o nowy.',
      });
      expect(await canSignIn(user.email, NEW_PASSWORD)).toBe(200);
    });

    it('an expired link is refused', async () => {
      const user = await fresh();
      await forgot(user.email);
      const token = await tokenFromMail(user.email);
      await t.app.db
        .update(userTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(userTokens.tokenHash, sha256(token)));
      const res = await reset({ token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('TOKEN_INVALID');
      expect(await canSignIn(user.email, user.password)).toBe(200);
    });

    it('a newer link replaces the older one', async () => {
      const user = await fresh();
      await forgot(user.email);
      const first = await tokenFromMail(user.email);
      await forgot(user.email);
      const second = await tokenFromMail(user.email);
      expect(second).not.toBe(first);
      expect(
        (await reset({ token: first, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD }))
          .statusCode,
      ).toBe(404);
      expect(
        (await reset({ token: second, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD }))
          .statusCode,
      ).toBe(200);
      const live = await t.app.db
        .select()
        .from(userTokens)
        .where(and(eq(userTokens.userId, user.id), eq(userTokens.purpose, 'RESET_PASSWORD')));
      expect(live.every((r) => r.usedAt !== null)).toBe(true);
    });

    it('a made-up or malformed token is refused without a 500', async () => {
      const madeUp = await reset({
        token: 'x'.repeat(43),
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      });
      expect(madeUp.statusCode).toBe(404);
      const short = await reset({
        token: 'abc',
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      });
      expect(short.statusCode).toBe(422);
      expect(short.json().errors).toHaveProperty('token');
      const missing = await reset({});
      expect(missing.statusCode).toBe(422);
      expect(Object.keys(missing.json().errors).sort()).toEqual([
        'password',
        'password_confirmation',
        'token',
      ]);
    });

    it('forgot-password is rate limited per account', async () => {
      const user = await fresh();
      for (let i = 0; i < 5; i++) expect((await forgot(user.email)).statusCode).toBe(200);
      const limited = await forgot(user.email);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(await mailsTo(user.email)).toHaveLength(5);
    });
  });
});
