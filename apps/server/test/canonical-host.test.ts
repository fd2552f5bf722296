import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/db/seed/accounts';
import { createTestApp, skipIfNoDatabase, type TestApp } from './helpers';

/**
 * One origin (issue 28, item 4; docs/deploying.md "One address"): a member who opened the panel under
 * another name than PUBLIC_URL's lost the session after paying. The test app's PUBLIC_URL is inject's
 * own origin (http://localhost), so every other API test runs with the check on too.
 */
describe.skipIf(skipIfNoDatabase)('canonical host', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(() => t?.close());

  const login = (host: string, lang = 'pl') =>
    t.app.inject({
      method: 'POST',
      url: '/panel/api/v1/auth/login',
      headers: { host, 'accept-language': lang },
      payload: { email: 'customer@example.com', password: DEMO_PASSWORD },
    });

  it('sends a page asked for under another host to the same path on PUBLIC_URL, without a cookie', async () => {
    for (const host of ['127.0.0.1', 'www.localhost', 'localhost:8080']) {
      const res = await t.app.inject({ url: '/panel/cart?after=pay', headers: { host } });
      expect(res.statusCode, host).toBe(308);
      expect(res.headers.location, host).toBe('http://localhost/panel/cart?after=pay');
      expect(res.headers['set-cookie'], host).toBeUndefined();
    }
    const back = await t.app.inject({
      url: '/panel/payments/sandbox/abc',
      headers: { host: '127.0.0.1:80' },
    });
    expect(back.statusCode).toBe(308);
    expect(back.headers.location).toBe('http://localhost/panel/payments/sandbox/abc');
  });

  it('refuses a sign-in under another host (421, in the language asked) and sets no cookie', async () => {
    const res = await login('127.0.0.1', 'en');
    expect(res.statusCode).toBe(421);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.json()).toMatchObject({
      success: false,
      code: 'WRONG_HOST',
      message: 'The panel is at http://localhost. Please open it there.',
    });
    expect((await login('www.localhost', 'pl')).json().message).toBe(
      'Panel działa pod adresem http://localhost. Otwórz go pod tym adresem.',
    );
  });

  it('serves the canonical host, with or without its default port, and health under any host', async () => {
    for (const host of ['localhost', 'localhost:80', 'LOCALHOST']) {
      const res = await login(host);
      expect(res.statusCode, host).toBe(200);
      expect(String(res.headers['set-cookie']), host).toMatch(/^club_session=/);
    }
    const health = await t.app.inject({ url: '/panel/api/v1/health', headers: { host: '10.0.0.7:8080' } });
    expect(health.statusCode).toBe(200);
  });

  it('can be turned off (CANONICAL_HOST=off) for a proxy that already does it', async () => {
    const off = await createTestApp({ seed: false, env: { CANONICAL_HOST: 'off' } });
    try {
      const res = await off.app.inject({ url: '/panel/api/v1/health', headers: { host: '127.0.0.1' } });
      expect(res.statusCode).toBe(200);
      const page = await off.app.inject({ url: '/panel/login', headers: { host: '127.0.0.1' } });
      expect(page.statusCode).not.toBe(308);
    } finally {
      await off.close();
    }
  });
});
