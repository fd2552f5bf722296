import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, createTestUser, type TestApp } from '../../test/helpers';
import { languages, sessions, users } from '../db/schema';
import { SessionCache } from './session';

// On PGlite the sessions are cached in the process (SessionCache); on PostgreSQL they are read per
// request. Either way a session that ended or changed must not be honoured once the write returned:
// every case below first uses the session, so that on PGlite it is cached when the change comes.
describe('sessions that end or change, while cached', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t?.close());

  async function signedIn(email: string, password = 'Excellence#2026') {
    const client = new Client(t.app);
    expect((await client.login(email, password)).statusCode).toBe(200);
    expect((await client.get('/auth/me')).statusCode).toBe(200);
    return client;
  }

  it('sign-out ends that session only', async () => {
    const { email } = await createTestUser(t.app.db);
    const a = await signedIn(email);
    const b = await signedIn(email);
    const cookie = a.cookie;
    expect((await a.post('/auth/logout')).statusCode).toBe(200);
    a.cookie = cookie; // the stolen copy of the cookie
    expect((await a.get('/auth/me')).statusCode).toBe(401);
    expect((await b.get('/auth/me')).statusCode).toBe(200);
  });

  it('a password change ends the member’s other sessions', async () => {
    const { email } = await createTestUser(t.app.db);
    const a = await signedIn(email);
    const b = await signedIn(email);
    const res = await a.post('/auth/change-password', {
      current_password: 'Excellence#2026',
      password: 'Another#Pass2027',
      password_confirmation: 'Another#Pass2027',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await b.get('/auth/me')).statusCode).toBe(401);
    expect((await a.get('/auth/me')).statusCode).toBe(200);
  });

  it('removing the account ends its sessions', async () => {
    const { email } = await createTestUser(t.app.db);
    const a = await signedIn(email);
    const b = await signedIn(email);
    expect((await a.post('/customers/remove-account')).statusCode).toBe(200);
    expect((await b.get('/auth/me')).statusCode).toBe(401);
  });

  it('a change by any writer (SQL by hand) shows at once: language, deletion, expiry', async () => {
    const { email, id } = await createTestUser(t.app.db, { language: 'pl' });
    const a = await signedIn(email);
    const [en] = await t.app.db.select().from(languages).where(eq(languages.code, 'en'));
    expect((await a.get(`/users/update-language?language_id=${en!.id}`)).statusCode).toBe(200);
    expect((await a.get('/auth/me')).json().data).toMatchObject({ language_code: 'en' });
    await t.app.db.update(users).set({ languageCode: 'pl' }).where(eq(users.id, id));
    expect((await a.get('/auth/me')).json().data).toMatchObject({ language_code: 'pl' });

    await t.app.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, id));
    expect((await a.get('/auth/me')).statusCode).toBe(401);

    const b = await signedIn(email);
    await t.app.db.delete(sessions).where(eq(sessions.userId, id));
    expect((await b.get('/auth/me')).statusCode).toBe(401);
  });
});

describe('SessionCache', () => {
  const row = (userId: number, expiresInMs: number) =>
    ({
      session: { expiresAt: new Date(Date.now() + expiresInMs) },
      user: { id: userId },
    }) as never;

  it('never returns a session past its expiry', () => {
    const cache = new SessionCache();
    cache.store('s1', row(1, -1), cache.mark());
    cache.store('s2', row(1, 60_000), cache.mark());
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.get('s2')).toBeDefined();
  });

  it('keeps an entry no longer than its bound, and serves and stores nothing while its LISTEN is down', async () => {
    let live = true;
    const cache = new SessionCache(() => live, 30);
    cache.store('s1', row(1, 60_000), cache.mark());
    expect(cache.get('s1')).toBeDefined();
    live = false;
    expect(cache.get('s1')).toBeUndefined();
    cache.store('s2', row(2, 60_000), cache.mark());
    live = true;
    expect(cache.get('s2')).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(cache.get('s1')).toBeUndefined();
  });

  it('drops the changed user’s sessions, and a lookup that raced with a change is not kept', () => {
    const cache = new SessionCache();
    cache.store('a', row(1, 60_000), cache.mark());
    cache.store('b', row(2, 60_000), cache.mark());
    const mark = cache.mark();
    cache.changed('1');
    cache.store('late', row(3, 60_000), mark);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();
    expect(cache.get('late')).toBeUndefined();
    cache.changed('*');
    expect(cache.get('b')).toBeUndefined();
  });
});
