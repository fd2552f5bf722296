import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, createTestUser, skipIfNoDatabase, type TestApp } from '../../../test/helpers';
import { sessions, users } from '../../db/schema';
import { sha256 } from '../../lib/tokens';

const API = '/panel/api/v1';

/** The session cookie's value as the browser holds it ("club_session=VALUE" → VALUE). */
const cookieValue = (c: Client) => c.cookie.slice(c.cookie.indexOf('=') + 1);
const setCookies = (res: { headers: Record<string, unknown> }) => {
  const raw = res.headers['set-cookie'];
  return (Array.isArray(raw) ? raw : raw ? [raw] : []) as string[];
};

describe.skipIf(skipIfNoDatabase)('auth over http', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t?.close());

  const fresh = (opts: Parameters<typeof createTestUser>[1] = {}) => createTestUser(t.app.db, opts);
  const signedIn = async (user: { email: string; password: string }) => {
    const c = new Client(t.app);
    const res = await c.login(user.email, user.password);
    expect(res.statusCode).toBe(200);
    return c;
  };
  const login = (body: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `${API}/auth/login`, payload: body as object, headers });

  describe('POST auth/login', () => {
    it('signs in: the session user and an HttpOnly, SameSite=Lax cookie on /panel', async () => {
      const user = await fresh();
      const res = await login({ email: user.email, password: user.password });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.success).toBe(true);
      expect(body.data).toMatchObject({
        id: user.id,
        email: user.email,
        language_code: 'pl',
        name: 'Test',
        surname: 'Member',
        type: 'CUSTOMER',
        has_bonus: false,
      });
      expect(typeof body.data.csrf_token).toBe('string');
      expect(body.data.csrf_token.length).toBeGreaterThanOrEqual(20);
      expect(typeof body.data.calendar2024_token).toBe('string');
      expect(body.data).not.toHaveProperty('password_hash');
      expect(body.data).not.toHaveProperty('passwordHash');

      const [cookie] = setCookies(res);
      expect(cookie).toMatch(/^club_session=[\w-]{40,};/);
      expect(cookie).toMatch(/; HttpOnly/i);
      expect(cookie).toMatch(/; SameSite=Lax/i);
      expect(cookie).toMatch(/; Path=\/panel(;|$)/);
      expect(cookie).toMatch(/; Max-Age=3600/);
      expect(cookie).not.toMatch(/; Secure/i);
    });

    it('keeps only the hash of the cookie in the database', async () => {
      const user = await fresh();
      const c = await signedIn(user);
      const rows = await t.app.db.select().from(sessions).where(eq(sessions.userId, user.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.id).toBe(sha256(cookieValue(c)));
      expect(rows[0]!.id).not.toBe(cookieValue(c));
    });

    it('accepts the e-mail in any case and with spaces around it', async () => {
      const user = await fresh();
      const res = await login({ email: `  ${user.email.toUpperCase()} `, password: user.password });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.email).toBe(user.email);
    });

    it('a dealer has no calendar token', async () => {
      const dealer = await fresh({ type: 'DEALER' });
      const res = await login({ email: dealer.email, password: dealer.password });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.type).toBe('DEALER');
      expect(res.json().data).not.toHaveProperty('calendar2024_token');
    });

    it('wrong password, unknown e-mail and an unfinished account give the same 401', async () => {
      const user = await fresh();
      const unfinished = await fresh();
      await t.app.db.update(users).set({ passwordHash: null }).where(eq(users.id, unfinished.id));
      const answers = await Promise.all([
        login({ email: user.email, password: 'Wrong#Password1' }),
        login({ email: 'nobody-here@example.com', password: 'Wrong#Password1' }),
        login({ email: unfinished.email, password: user.password }),
      ]);
      for (const res of answers) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({
          success: false,
          code: 'INVALID_CREDENTIALS',
          message: 'Nieprawidłowy e-mail lub hasło.',
        });
        expect(setCookies(res)).toEqual([]);
      }
      const en = await login({ email: user.email, password: 'Wrong#Password1' }, { 'accept-language': 'en' });
      expect(en.json().message).toBe('Incorrect e-mail or password.');
    });

    it('each validation error, in Polish by default', async () => {
      const empty = await login({});
      expect(empty.statusCode).toBe(422);
      expect(empty.json()).toEqual({
        success: false,
        code: 'VALIDATION',
        message: 'Formularz zawiera błędy.',
        errors: { email: ['To pole jest wymagane.'], password: ['To pole jest wymagane.'] },
      });
      const blank = await login({ email: '', password: '' });
      expect(blank.json().errors).toEqual({
        email: ['To pole jest wymagane.'],
        password: ['To pole jest wymagane.'],
      });
      const bad = await login({ email: 'not-an-email', password: 'x' });
      expect(bad.json().errors).toEqual({
        email: ['Podaj prawidłowy adres e-mail, np. jan.kowalski@example.com.'],
      });
      const long = await login({ email: 'a@example.com', password: 'x'.repeat(129) });
      expect(long.json().errors).toEqual({ password: ['Pole może mieć najwyżej 128 znaków.'] });
      const types = await login({ email: 42, password: ['x'] });
      expect(types.statusCode).toBe(422);
      expect(types.json().errors).toEqual({
        email: ['Nieprawidłowa wartość'],
        password: ['Nieprawidłowa wartość'],
      });
    });

    it('validation errors in English with Accept-Language: en', async () => {
      const res = await login({ email: 'not-an-email' }, { 'accept-language': 'en-US,en;q=0.9,pl;q=0.5' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        message: 'The form contains errors.',
        errors: {
          email: ['Enter a valid e-mail address, e.g. name@example.com.'],
          password: ['This field is required.'],
        },
      });
    });

    it('signing in again while signed in ends the earlier session', async () => {
      const user = await fresh();
      const c = await signedIn(user);
      const old = c.cookie;
      const again = await c.login(user.email, user.password);
      expect(again.statusCode).toBe(200);
      expect(c.cookie).not.toBe(old);
      const stale = await t.app.inject({ method: 'GET', url: `${API}/auth/me`, headers: { cookie: old } });
      expect(stale.statusCode).toBe(401);
    });

    it('signing in without the CSRF token of a live session works and leaves that session alone', async () => {
      const user = await fresh();
      const c = await signedIn(user);
      const old = c.cookie;
      const res = await login({ email: user.email, password: user.password }, { cookie: old });
      expect(res.statusCode).toBe(200);
      const me = await t.app.inject({ method: 'GET', url: `${API}/auth/me`, headers: { cookie: old } });
      expect(me.statusCode).toBe(200);
    });

    it('429 with Retry-After after repeated wrong passwords for one account', async () => {
      const user = await fresh();
      const other = await fresh();
      for (let i = 0; i < 5; i++) {
        expect((await login({ email: user.email, password: `Wrong#${i}aaaa` })).statusCode).toBe(401);
      }
      const limited = await login({ email: user.email, password: 'Wrong#5aaaa' });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ success: false, code: 'TOO_MANY_ATTEMPTS' });
      expect(limited.json().message).toMatch(/^Zbyt wiele prób\. Spróbuj ponownie za 15 min\.$/);
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      // Even the right password waits now; another account does not.
      expect((await login({ email: user.email, password: user.password })).statusCode).toBe(429);
      expect((await login({ email: user.email.toUpperCase(), password: user.password })).statusCode).toBe(
        429,
      );
      expect((await login({ email: other.email, password: other.password })).statusCode).toBe(200);
    });

    it('a successful sign-in clears the account counter', async () => {
      const user = await fresh();
      for (let i = 0; i < 4; i++) await login({ email: user.email, password: 'Wrong#Password1' });
      expect((await login({ email: user.email, password: user.password })).statusCode).toBe(200);
      for (let i = 0; i < 4; i++) {
        expect((await login({ email: user.email, password: 'Wrong#Password1' })).statusCode).toBe(401);
      }
    });
  });

  describe('GET auth/me', () => {
    it('returns the session user with its CSRF token', async () => {
      const user = await fresh({ language: 'en' });
      const c = await signedIn(user);
      const res = await c.get('/auth/me');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        id: user.id,
        email: user.email,
        language_code: 'en',
        csrf_token: c.csrf,
      });
    });

    it('401 without a session, with a forged cookie, and for a removed user', async () => {
      const anonymous = await t.app.inject({ method: 'GET', url: `${API}/auth/me` });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({
        success: false,
        code: 'UNAUTHENTICATED',
        message: 'Sesja wygasła. Zaloguj się ponownie.',
      });
      const forged = await t.app.inject({
        method: 'GET',
        url: `${API}/auth/me`,
        headers: { cookie: 'club_session=forged-value' },
      });
      expect(forged.statusCode).toBe(401);
      const user = await fresh();
      const c = await signedIn(user);
      await t.app.db.delete(users).where(eq(users.id, user.id));
      expect((await c.get('/auth/me')).statusCode).toBe(401);
    });
  });

  describe('session expiry and refresh', () => {
    it('a session past its expiry is refused (401)', async () => {
      const user = await fresh();
      const c = await signedIn(user);
      await t.app.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.id, sha256(cookieValue(c))));
      expect((await c.get('/auth/me')).statusCode).toBe(401);
      expect((await c.post('/auth/refresh-token')).statusCode).toBe(401);
    });

    it('auth/refresh-token extends the expiry by 60 minutes and re-sends the cookie', async () => {
      const user = await fresh();
      const c = await signedIn(user);
      const id = sha256(cookieValue(c));
      const soon = new Date(Date.now() + 5 * 60 * 1000);
      const longAgo = new Date(Date.now() - 40 * 60 * 1000);
      await t.app.db
        .update(sessions)
        .set({ expiresAt: soon, refreshedAt: longAgo })
        .where(eq(sessions.id, id));
      const before = Date.now();
      const res = await c.post('/auth/refresh-token');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
      const [row] = await t.app.db.select().from(sessions).where(eq(sessions.id, id));
      expect(row!.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 59 * 60 * 1000);
      expect(row!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 60 * 60 * 1000 + 1000);
      expect(row!.refreshedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      const [cookie] = setCookies(res);
      expect(cookie).toContain(c.cookie);
      expect(cookie).toMatch(/; Max-Age=3600/);
      expect((await c.get('/auth/me')).statusCode).toBe(200);
    });

    it('auth/refresh-token needs a session (401) and the CSRF header (403)', async () => {
      const anonymous = await t.app.inject({ method: 'POST', url: `${API}/auth/refresh-token`, payload: {} });
      expect(anonymous.statusCode).toBe(401);
      const c = await signedIn(await fresh());
      const noCsrf = await c.post('/auth/refresh-token', {}, { csrf: false });
      expect(noCsrf.statusCode).toBe(403);
      expect(noCsrf.json().code).toBe('CSRF');
    });
  });

  describe('POST auth/logout', () => {
    it('ends the session: the cookie is cleared and no longer works', async () => {
      const user = await fresh();
      const c = await signedIn(user);
      const old = c.cookie;
      const res = await c.post('/auth/logout');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
      const [cleared] = setCookies(res);
      expect(cleared).toMatch(/^club_session=;/);
      expect(cleared).toMatch(/Path=\/panel/);
      expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
      expect(await t.app.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
      const stale = await t.app.inject({ method: 'GET', url: `${API}/auth/me`, headers: { cookie: old } });
      expect(stale.statusCode).toBe(401);
    });

    it('without the CSRF token it does not end the session (a forged logout does nothing)', async () => {
      const c = await signedIn(await fresh());
      const cookie = c.cookie;
      for (const headers of [{}, { 'x-csrf-token': 'wrong' }]) {
        const res = await t.app.inject({
          method: 'POST',
          url: `${API}/auth/logout`,
          payload: {},
          headers: { cookie, ...headers },
        });
        expect(res.statusCode).toBe(200);
        const me = await t.app.inject({ method: 'GET', url: `${API}/auth/me`, headers: { cookie } });
        expect(me.statusCode).toBe(200);
      }
    });

    it('without a session (already expired) still answers 200', async () => {
      const res = await t.app.inject({ method: 'POST', url: `${API}/auth/logout`, payload: {} });
      expect(res.statusCode).toBe(200);
    });
  });
});

describe.skipIf(skipIfNoDatabase)('auth behind https, with a small per-address limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      seed: false,
      env: { PUBLIC_URL: 'https://club.example.com', LOGIN_LIMIT_PER_ADDRESS: '3' },
    });
  });
  afterAll(() => t?.close());

  const login = (body: object, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `${API}/auth/login`, payload: body, remoteAddress, headers });

  it('the cookie is Secure with the __Secure- prefix', async () => {
    const user = await createTestUser(t.app.db);
    const res = await login({ email: user.email, password: user.password }, '192.0.2.1');
    expect(res.statusCode).toBe(200);
    const [cookie] = setCookies(res);
    expect(cookie).toMatch(/^__Secure-club_session=/);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\/panel(;|$)/);
    // The plain name is not read on an https deployment.
    const value = cookie!.split(';')[0]!.split('=')[1];
    const me = await t.app.inject({
      method: 'GET',
      url: `${API}/auth/me`,
      headers: { cookie: `__Secure-club_session=${value}` },
    });
    expect(me.statusCode).toBe(200);
    const plain = await t.app.inject({
      method: 'GET',
      url: `${API}/auth/me`,
      headers: { cookie: `club_session=${value}` },
    });
    expect(plain.statusCode).toBe(401);
  });

  it('429 with Retry-After after repeated failures from one address, whatever the e-mail', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await login(
        { email: `unknown-${i}@example.com`, password: 'Wrong#Password1' },
        '198.51.100.7',
      );
      expect(res.statusCode).toBe(401);
    }
    const limited = await login(
      { email: 'unknown-9@example.com', password: 'Wrong#Password1' },
      '198.51.100.7',
    );
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // A client that is not a trusted proxy cannot pick another address with X-Forwarded-For.
    const spoofed = await login(
      { email: 'unknown-10@example.com', password: 'Wrong#Password1' },
      '198.51.100.7',
      {
        'x-forwarded-for': '203.0.113.50',
      },
    );
    expect(spoofed.statusCode).toBe(429);
    // Another address is not affected.
    const other = await login(
      { email: 'unknown-11@example.com', password: 'Wrong#Password1' },
      '198.51.100.8',
    );
    expect(other.statusCode).toBe(401);
  });

  it('a reverse proxy on this machine passes the client address on', async () => {
    for (let i = 0; i < 3; i++) {
      await login({ email: `p-${i}@example.com`, password: 'Wrong#Password1' }, '127.0.0.1', {
        'x-forwarded-for': '203.0.113.60',
      });
    }
    const limited = await login({ email: 'p-9@example.com', password: 'Wrong#Password1' }, '127.0.0.1', {
      'x-forwarded-for': '203.0.113.60',
    });
    expect(limited.statusCode).toBe(429);
    const otherClient = await login({ email: 'p-10@example.com', password: 'Wrong#Password1' }, '127.0.0.1', {
      'x-forwarded-for': '203.0.113.61',
    });
    expect(otherClient.statusCode).toBe(401);
  });

  it('successful sign-ins do not use up the address budget (an office behind one address)', async () => {
    const users = await Promise.all([1, 2, 3, 4, 5].map(() => createTestUser(t.app.db)));
    for (const user of users) {
      const res = await login({ email: user.email, password: user.password }, '198.51.100.20');
      expect(res.statusCode).toBe(200);
    }
  });
});
