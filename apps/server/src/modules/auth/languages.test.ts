import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, createTestUser, skipIfNoDatabase, type TestApp } from '../../../test/helpers';

const API = '/panel/api/v1';

describe.skipIf(skipIfNoDatabase)('languages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t?.close());

  const signedIn = async (opts: Parameters<typeof createTestUser>[1] = {}) => {
    const user = await createTestUser(t.app.db, opts);
    const c = new Client(t.app);
    expect((await c.login(user.email, user.password)).statusCode).toBe(200);
    return c;
  };
  const languageIds = async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API}/settings/languages/items` });
    return Object.fromEntries((res.json().data as { id: number; code: string }[]).map((l) => [l.code, l.id]));
  };

  it('GET settings/languages/items: public, sorted by code descending', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API}/settings/languages/items` });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { id: number; code: string }[];
    expect(data.map((l) => l.code)).toEqual(['pl', 'en']);
    for (const l of data) expect(Object.keys(l).sort()).toEqual(['code', 'id']);
    const c = await signedIn();
    expect((await c.get('/settings/languages/items')).json().data).toEqual(data);
  });

  it('GET users/update-language: changes the language of auth/me and of the messages', async () => {
    const ids = await languageIds();
    const c = await signedIn({ language: 'pl' });
    const res = await c.get(`/users/update-language?language_id=${ids.en}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await c.get('/auth/me')).json().data.language_code).toBe('en');
    const invalid = await c.get('/users/update-language?language_id=999');
    expect(invalid.json().message).toBe('The form contains errors.');

    expect((await c.get(`/users/update-language?language_id=${ids.pl}`)).statusCode).toBe(200);
    expect((await c.get('/auth/me')).json().data.language_code).toBe('pl');
  });

  it('an unknown language id is a 422 on language_id', async () => {
    const c = await signedIn();
    const res = await c.get('/users/update-language?language_id=999');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      success: false,
      code: 'VALIDATION',
      message: 'Formularz zawiera błędy.',
      errors: { language_id: ['Nieznany język.'] },
    });
    expect((await c.get('/auth/me')).json().data.language_code).toBe('pl');
  });

  it('a missing or malformed id is a 422, never a 500', async () => {
    const c = await signedIn({ language: 'en' });
    const missing = await c.get('/users/update-language');
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ language_id: ['This field is required.'] });
    for (const value of ['abc', '0', '-1', '1.5', '99999999999999999999', '1e3', '%00']) {
      const res = await c.get(`/users/update-language?language_id=${value}`);
      expect(res.statusCode, value).toBe(422);
      expect(res.json().success).toBe(false);
    }
  });

  it('requires the CSRF header even though it is a GET, and a session', async () => {
    const ids = await languageIds();
    const c = await signedIn();
    const res = await c.get(`/users/update-language?language_id=${ids.en}`, { csrf: false });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CSRF');
    const wrong = await c.get(`/users/update-language?language_id=${ids.en}`, {
      csrf: false,
      headers: { 'x-csrf-token': 'not-the-token' },
    });
    expect(wrong.statusCode).toBe(403);
    expect((await c.get('/auth/me')).json().data.language_code).toBe('pl');
    const head = await t.app.inject({
      method: 'HEAD',
      url: `${API}/users/update-language?language_id=${ids.en}`,
      headers: { cookie: c.cookie },
    });
    expect(head.statusCode).toBe(403);
    expect((await c.get('/auth/me')).json().data.language_code).toBe('pl');

    const anonymous = await t.app.inject({
      method: 'GET',
      url: `${API}/users/update-language?language_id=${ids.en}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
