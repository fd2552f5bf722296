import { SESSION_TTL_MS } from '@club/shared';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, sessions, userTokens } from '../../src/db/schema';
import { issueUserToken } from '../../src/lib/user-tokens';
import { createTestProduct } from '../../src/modules/orders/test-fixtures';
import { sha256 } from '../../src/lib/tokens';
import { Client, createTestApp, createTestUser, skipIfNoDatabase, type TestApp } from '../helpers';

/**
 * Sessions and brute force, as one contract (DESIGN.md §5): a new token at every sign-in, the old one
 * dead; expiry; logout, password change, password reset and account removal end every session; the
 * cookie's flags; 429 with Retry-After on login, check-password and discount codes, with answers that
 * never tell whether an account exists.
 */
const API = '/panel/api/v1';
const setCookies = (res: LightMyRequestResponse): string[] => {
  const raw = res.headers['set-cookie'];
  return Array.isArray(raw) ? raw : raw ? [raw] : [];
};
const cookieValue = (c: Client) => c.cookie.split('=')[1]!;
const alive = async (t: TestApp, cookie: string) =>
  (await t.app.inject({ method: 'GET', url: `${API}/auth/me`, headers: { cookie } })).statusCode === 200;

describe.skipIf(skipIfNoDatabase)('sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { LOGIN_LIMIT_PER_ADDRESS: '100000' } });
  });
  afterAll(() => t?.close());

  const signIn = async (user: { email: string; password: string }) => {
    const c = new Client(t.app);
    expect((await c.login(user.email, user.password)).statusCode).toBe(200);
    return c;
  };

  it('every sign-in issues a new random token; signing in over a session kills the old one', async () => {
    const user = await createTestUser(t.app.db);
    const c = await signIn(user);
    const first = c.cookie;
    expect((await c.login(user.email, user.password)).statusCode).toBe(200);
    expect(c.cookie).not.toBe(first);
    expect(cookieValue(c)).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(await alive(t, first)).toBe(false);
    expect(await alive(t, c.cookie)).toBe(true);
  });

  it('a cookie value planted before sign-in is never adopted (no session fixation)', async () => {
    const user = await createTestUser(t.app.db);
    const planted = 'club_session=attacker-chosen-value-0123456789abcdef';
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      headers: { cookie: planted },
      payload: { email: user.email, password: user.password },
    });
    expect(res.statusCode).toBe(200);
    expect(setCookies(res)[0]!.split(';')[0]).not.toBe(planted);
    expect(await alive(t, planted)).toBe(false);
  });

  it('the session lasts 60 minutes without a refresh, and is refused after that', async () => {
    const user = await createTestUser(t.app.db);
    const before = Date.now();
    const c = await signIn(user);
    const [row] = await t.app.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sha256(cookieValue(c))));
    expect(row!.expiresAt.getTime()).toBeGreaterThanOrEqual(before + SESSION_TTL_MS - 1000);
    expect(row!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + SESSION_TTL_MS + 1000);
    await t.app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, row!.id));
    expect(await alive(t, c.cookie)).toBe(false);
    expect((await c.post('/auth/refresh-token')).statusCode).toBe(401);
  });

  it('logout ends the session it is sent with', async () => {
    const user = await createTestUser(t.app.db);
    const c = await signIn(user);
    const cookie = c.cookie;
    const res = await c.post('/auth/logout');
    expect(res.statusCode).toBe(200);
    expect(setCookies(res)[0]).toMatch(/club_session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/);
    expect(await alive(t, cookie)).toBe(false);
  });

  it('a password change ends every session of the member; the browser that changed it goes on with a new one', async () => {
    const user = await createTestUser(t.app.db);
    const phone = await signIn(user);
    const laptop = await signIn(user);
    const old = laptop.cookie;
    const res = await laptop.post('/auth/change-password', {
      current_password: user.password,
      password: 'Another#Pass1',
      password_confirmation: 'Another#Pass1',
    });
    expect(res.statusCode).toBe(200);
    expect(await alive(t, phone.cookie)).toBe(false);
    expect(await alive(t, old)).toBe(false);
    expect(laptop.cookie).not.toBe(old);
    expect(await alive(t, laptop.cookie)).toBe(true);
  });

  it('a password reset by e-mailed link ends every session', async () => {
    const user = await createTestUser(t.app.db);
    const a = await signIn(user);
    const b = await signIn(user);
    const token = await issueUserToken(t.app.db, user.id, 'RESET_PASSWORD', 60_000);
    const res = await new Client(t.app).post('/auth/reset-password', {
      token,
      password: 'Reset#Pass123',
      password_confirmation: 'Reset#Pass123',
    });
    expect(res.statusCode).toBe(200);
    expect(await alive(t, a.cookie)).toBe(false);
    expect(await alive(t, b.cookie)).toBe(false);
    // The link is single-use.
    const again = await new Client(t.app).post('/auth/reset-password', {
      token,
      password: 'Reset#Pass456',
      password_confirmation: 'Reset#Pass456',
    });
    expect(again.statusCode).toBe(404);
    const rows = await t.app.db.select().from(userTokens).where(eq(userTokens.userId, user.id));
    expect(rows.every((r) => r.tokenHash !== token)).toBe(true);
  });

  it('removing the account ends every session', async () => {
    const user = await createTestUser(t.app.db);
    const a = await signIn(user);
    const b = await signIn(user);
    expect((await a.post('/customers/remove-account')).statusCode).toBe(200);
    expect(await alive(t, a.cookie || `club_session=${'x'.repeat(43)}`)).toBe(false);
    expect(await alive(t, b.cookie)).toBe(false);
    expect((await new Client(t.app).login(user.email, user.password)).statusCode).toBe(401);
  });

  it('the cookie on http: HttpOnly, SameSite=Lax, Path=/panel, a lifetime, not readable by scripts', async () => {
    const user = await createTestUser(t.app.db);
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      payload: { email: user.email, password: user.password },
    });
    const [cookie] = setCookies(res);
    expect(cookie).toMatch(/^club_session=[^;]+;/);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\/panel(;|$)/);
    expect(cookie).toMatch(/; Max-Age=3600/);
    expect(cookie).not.toMatch(/; Domain=/i);
    // The token the page needs is the CSRF token, never the session's own value.
    expect(res.body).not.toContain(cookie!.split(';')[0]!.split('=')[1]!);
  });
});

describe.skipIf(skipIfNoDatabase)('sessions behind https', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { PUBLIC_URL: 'https://club.example.com' } });
  });
  afterAll(() => t?.close());

  it('the cookie is __Secure- and Secure, also when refreshed and cleared', async () => {
    const user = await createTestUser(t.app.db);
    const login = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      payload: { email: user.email, password: user.password },
    });
    const [cookie] = setCookies(login);
    // __Host- would need Path=/: the cookie is kept to the panel's path instead (docs/security.md).
    expect(cookie).toMatch(/^__Secure-club_session=[^;]+;.*; Secure/i);
    expect(cookie).toMatch(/; HttpOnly/i);
    const pair = cookie!.split(';')[0]!;
    const csrf = (login.json() as { data: { csrf_token: string } }).data.csrf_token;
    const refreshed = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/refresh-token`,
      headers: { cookie: pair, 'x-csrf-token': csrf },
      payload: {},
    });
    expect(setCookies(refreshed)[0]).toMatch(/^__Secure-club_session=[^;]+;.*; Secure/i);
    const out = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/logout`,
      headers: { cookie: pair, 'x-csrf-token': csrf },
      payload: {},
    });
    expect(setCookies(out)[0]).toMatch(/^__Secure-club_session=;/);
  });
});

describe.skipIf(skipIfNoDatabase)('brute force', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { LOGIN_LIMIT_PER_ADDRESS: '100000' } });
  });
  afterAll(() => t?.close());

  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: `${API}/auth/login`, payload: { email, password } });
  const expect429 = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect((res.json() as { code: string }).code).toBe('TOO_MANY_ATTEMPTS');
  };

  it('login: five wrong passwords, then 429 with Retry-After, even for the right password', async () => {
    const user = await createTestUser(t.app.db);
    for (let i = 0; i < 5; i++) expect((await login(user.email, `Wrong#Pass${i}`)).statusCode).toBe(401);
    expect429(await login(user.email, 'Wrong#Pass9'));
    expect429(await login(user.email, user.password));
  });

  it('login: an unknown e-mail and a wrong password get the same answers, in about the same time', async () => {
    const user = await createTestUser(t.app.db);
    const unknown = `nobody-${Date.now()}@example.com`;
    const known: LightMyRequestResponse[] = [];
    const stranger: LightMyRequestResponse[] = [];
    const knownMs: number[] = [];
    const strangerMs: number[] = [];
    for (let i = 0; i < 5; i++) {
      let start = performance.now();
      known.push(await login(user.email, `Wrong#Pass${i}`));
      knownMs.push(performance.now() - start);
      start = performance.now();
      stranger.push(await login(unknown, `Wrong#Pass${i}`));
      strangerMs.push(performance.now() - start);
    }
    for (let i = 0; i < 5; i++) {
      expect(stranger[i]!.statusCode).toBe(known[i]!.statusCode);
      expect(stranger[i]!.body).toBe(known[i]!.body);
    }
    // Both are locked out alike: the lock-out does not reveal the account either.
    const sixthKnown = await login(user.email, 'Wrong#Pass9');
    const sixthStranger = await login(unknown, 'Wrong#Pass9');
    expect429(sixthKnown);
    expect429(sixthStranger);
    expect(sixthStranger.body).toBe(sixthKnown.body);
    // The unknown e-mail spends a real password hash too: the fastest of five within a factor of two
    // (the fastest run is the call's own cost; a loaded machine only ever adds to the others).
    const [a, b] = [Math.min(...knownMs), Math.min(...strangerMs)];
    expect(Math.max(a, b) / Math.min(a, b)).toBeLessThan(2);
  });

  it('forgot-password answers the same for an account and for no account', async () => {
    const user = await createTestUser(t.app.db);
    const forgot = (email: string) =>
      t.app.inject({ method: 'POST', url: `${API}/auth/forgot-password`, payload: { email } });
    const known = await forgot(user.email);
    const unknown = await forgot(`nobody-${Date.now()}@example.com`);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    // ...and in the same time: the answer leaves before anything depends on the account. Made
    // deterministic by slowing the account's part down (queuing its mail takes 3 s): the answer
    // must not wait for it, and the mail must still come.
    await t.app.inFlight.drain(10_000);
    const mailer = t.app.mailer as { queue: (...args: never[]) => Promise<unknown> };
    const queue = mailer.queue;
    mailer.queue = async (...args) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      return queue.apply(t.app.mailer, args);
    };
    try {
      const other = await createTestUser(t.app.db);
      const start = performance.now();
      expect((await forgot(other.email)).statusCode).toBe(200);
      expect(performance.now() - start).toBeLessThan(1500);
      await t.app.inFlight.drain(10_000);
      const sent = await t.app.db.select().from(outbox).where(eq(outbox.to, other.email));
      expect(sent.map((m) => m.template)).toEqual(['reset-password']);
    } finally {
      mailer.queue = queue;
    }
    await t.app.inFlight.drain(10_000);
    const mails = await t.app.db.select().from(outbox).where(eq(outbox.to, user.email));
    expect(mails.map((m) => m.template)).toEqual(['reset-password']);
  });

  it('check-password: five wrong passwords, then 429 with Retry-After (per member)', async () => {
    const user = await createTestUser(t.app.db, { type: 'DEALER' });
    const c = new Client(t.app);
    await c.login(user.email, user.password);
    for (let i = 0; i < 5; i++) {
      expect((await c.post('/auth/check-password', { password: `Wrong#Pass${i}` })).statusCode).toBe(422);
    }
    expect429(await c.post('/auth/check-password', { password: 'Wrong#Pass9' }));
    expect429(await c.post('/auth/check-password', { password: user.password }));
    // Signing in again does not buy new guesses.
    const again = new Client(t.app);
    await again.login(user.email, user.password);
    expect429(await again.post('/auth/check-password', { password: user.password }));
  });

  it('discount codes: ten checks per member, then 429 with Retry-After; unknown and inactive codes read alike', async () => {
    const user = await createTestUser(t.app.db);
    const c = new Client(t.app);
    await c.login(user.email, user.password);
    const { product } = await createTestProduct(t.app.db);
    expect((await c.post('/sales/cart/add', { product_id: product.id })).statusCode).toBe(200);
    const unknown = await c.post('/sales/cart/check-discount-code', { discount_code: 'NO-SUCH-CODE' });
    const inactive = await c.post('/sales/cart/check-discount-code', { discount_code: 'EXPIRED' });
    expect(unknown.statusCode).toBe(inactive.statusCode);
    expect(unknown.body).toBe(inactive.body);
    for (let i = 0; i < 8; i++) {
      expect(
        (await c.post('/sales/cart/check-discount-code', { discount_code: `GUESS${i}` })).statusCode,
      ).toBeLessThan(429);
    }
    expect429(await c.post('/sales/cart/check-discount-code', { discount_code: 'CLUB100' }));
  });
});
