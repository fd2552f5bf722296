import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { Client, createTestApp, createTestUser, DB_KIND, skipIfNoDatabase, type TestApp } from './helpers';

const API = '/panel/api/v1';

/** A built app in a temp folder: index.html, a hashed asset and a root file. */
function fakeDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'club-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>Excellence Club</title></head><body></body></html>',
  );
  writeFileSync(path.join(dir, 'assets', 'x.js'), 'console.log(1)');
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

describe.skipIf(skipIfNoDatabase)('platform over http, app not built', () => {
  let t: TestApp;
  const emptyDist = mkdtempSync(path.join(tmpdir(), 'club-nodist-'));
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { WEB_DIST: emptyDist } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(emptyDist, { recursive: true, force: true });
  });

  it('answers unknown API paths with the JSON 404 envelope, signed in or not', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: `${API}/no-such-thing`,
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(res.statusCode, method).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'Nie znaleziono.' });
    }
    const en = await t.app.inject({
      method: 'GET',
      url: `${API}/nope`,
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
    });
    expect(en.json().message).toBe('Not found.');
    const user = await createTestUser(t.app.db);
    const c = new Client(t.app);
    await c.login(user.email, user.password);
    expect((await c.get('/no-such-thing')).statusCode).toBe(404);
    expect((await c.post('/no-such-thing', {})).statusCode).toBe(404);
  });

  it('malformed JSON is a 400 envelope, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "customer@example.com", "password": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'BAD_REQUEST',
      message: 'Nieprawidłowe żądanie.',
    });
  });

  it('an empty JSON body, a JSON null and a missing body are refused cleanly', async () => {
    const empty = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
    for (const payload of ['null', '[]', '"text"', '42']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${API}/auth/login`,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(422);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION' });
    }
    // No body and no content type at all: a root-level issue once crashed the error handler (500).
    const none = await t.app.inject({ method: 'POST', url: `${API}/auth/login` });
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({
      success: false,
      code: 'VALIDATION',
      errors: { _: ['To pole jest wymagane.'] },
    });
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(300 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('refuses a content type it does not read with 415', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${API}/auth/login`,
        headers: { 'content-type': type },
        payload: 'email=a@example.com&password=x',
      });
      expect(res.statusCode, type).toBe(415);
      expect(res.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
  });

  it('a malformed URL gets the envelope (400), with the security headers', async () => {
    for (const url of [`${API}/%E0%A4%A`, '/panel/%E0%A4%A', `${API}/products/item/%`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ success: false, code: 'BAD_REQUEST' });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('a percent-encoded API path still goes through the session rules', async () => {
    const user = await createTestUser(t.app.db);
    const c = new Client(t.app);
    await c.login(user.email, user.password);
    // The router decodes %61 to "a": the same route, so the same session, CSRF and role checks.
    const me = await c.get('/panel/%61pi/v1/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().data.email).toBe(user.email);
    const refresh = await c.post('/panel/%61pi/v1/auth/refresh-token', {}, { csrf: false });
    expect(refresh.statusCode).toBe(403);
    expect(refresh.json().code).toBe('CSRF');
    expect((await c.post('/panel/%61pi/v1/auth/refresh-token', {})).statusCode).toBe(200);
    expect((await c.get('/auth/me')).statusCode).toBe(200);
  });

  it('sets the security headers on API responses', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API}/settings/languages/items` });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc).toBeDefined();
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('API responses are never cached, errors included', async () => {
    for (const url of [`${API}/settings/languages/items`, `${API}/auth/me`, `${API}/nope`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['cache-control'], url).toBe('no-store, max-age=0');
    }
  });

  it.runIf(DB_KIND === 'postgres')(
    "plans PostgreSQL's prepared statements once per connection (generic plans)",
    async () => {
      const rows = await t.app.db.execute(sql`show plan_cache_mode`);
      const list = Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows;
      expect(list[0]).toEqual({ plan_cache_mode: 'force_generic_plan' });
    },
  );

  it('redirects / and /panel to /panel/', async () => {
    for (const url of ['/', '/panel']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location).toBe('/panel/');
    }
  });

  it('without a build says so in plain text (503), with the security headers', async () => {
    for (const url of ['/panel/', '/panel/home', '/panel/account/club-card']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toContain('npm run build');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });
});

describe.skipIf(skipIfNoDatabase)('platform over https, app built', () => {
  let t: TestApp;
  const dist = fakeDist();
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { WEB_DIST: dist, PUBLIC_URL: 'https://club.example.com' } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('writes the site settings into index.html escaped, as attributes only', async () => {
    const { withSiteConfig } = await import('../src/plugins/static');
    const html = withSiteConfig('<html><head></head><body></body></html>', {
      SITE_HOME_URL: 'https://club.example/"><script>alert(1)</script>',
      LEGAL_NOTE_URL: 'https://brand.example/legal?a=1&b=2',
    });
    expect(html).toBe(
      '<html><head><meta name="club-site-home" content="https://club.example/&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" />' +
        '<meta name="club-legal-note" content="https://brand.example/legal?a=1&amp;b=2" /></head><body></body></html>',
    );
    // One legal note per language (issue 28): the English address, when set, beside the Polish one.
    expect(
      withSiteConfig('<head></head>', {
        SITE_HOME_URL: '/panel/login',
        LEGAL_NOTE_URL: 'https://brand.example/pl',
        LEGAL_NOTE_URL_EN: 'https://brand.example/en?a=1&b=2',
      }),
    ).toContain('<meta name="club-legal-note-en" content="https://brand.example/en?a=1&amp;b=2" />');
  });

  it('serves index.html for the app root and deep links, never cached', async () => {
    for (const url of [
      '/panel/',
      '/panel/home',
      '/panel/experiences/track-days/12-nurburgring?prevRoute=x',
      '/panel/login',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('Excellence Club');
    }
    const deep = await t.app.inject({ method: 'GET', url: '/panel/home' });
    // The site's settings for the app (SITE_HOME_URL, LEGAL_NOTE_URL), as meta tags.
    expect(deep.body).toContain('<meta name="club-site-home" content="/panel/login" />');
    expect(deep.body).toMatch(/<meta name="club-legal-note" content="https:\/\/[^"]+" \/><\/head>/);
    const direct = await t.app.inject({ method: 'GET', url: '/panel/index.html' });
    expect(direct.statusCode).toBe(200);
    expect(direct.headers['cache-control']).toBe('no-cache');
  });

  it('caches hashed assets for a year, immutable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/panel/assets/x.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe('console.log(1)');
  });

  it('a missing asset is a 404, not the app', async () => {
    for (const url of ['/panel/assets/missing.js', '/panel/missing.css', '/panel/assets/x.js.map']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('does not serve files outside the build', async () => {
    for (const url of [
      '/panel/../package.json',
      '/panel/assets/..%2f..%2fpackage.json',
      '/panel/%2e%2e/%2e%2e/etc/passwd',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([400, 404], url).toContain(res.statusCode);
      expect(res.body).not.toContain('"workspaces"');
    }
  });

  it('app responses carry the CSP and HSTS behind https', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/panel/home' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp.split(';').find((d) => d.trim().startsWith('script-src'))).not.toContain("'unsafe-inline'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    const api = await t.app.inject({ method: 'GET', url: `${API}/settings/languages/items` });
    expect(api.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
  });
});

describe('configuration fails fast, naming the variable', () => {
  const fails = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error('expected loadConfig to fail');
  };

  it('a bad PORT', () => {
    expect(fails({ PORT: 'eighty' })).toMatch(/^\s+PORT: /m);
    expect(fails({ PORT: '70000' })).toMatch(/^\s+PORT: .*65535/m);
  });

  it('a bad DATABASE_URL', () => {
    expect(fails({ DATABASE_URL: 'mysql://db/club' })).toMatch(
      /DATABASE_URL: must be a postgres:\/\/ connection string/,
    );
  });

  it('TEST_SUPPORT=1 with NODE_ENV=production', () => {
    expect(fails({ TEST_SUPPORT: '1', NODE_ENV: 'production' })).toMatch(
      /TEST_SUPPORT: is not allowed with NODE_ENV=production/,
    );
    expect(loadConfig({ TEST_SUPPORT: '1', NODE_ENV: 'test' }).TEST_SUPPORT).toBe(true);
  });

  it('other variables', () => {
    expect(fails({ SEED: 'everything' })).toMatch(/SEED: /);
    expect(fails({ REDIS_URL: 'localhost:6379' })).toMatch(/REDIS_URL: /);
    expect(fails({ MATOMO_URL: 'https://stats.example.com' })).toMatch(/MATOMO_SITE_ID: /);
    expect(fails({ TRUST_PROXY: '$(rm -rf)' })).toMatch(/TRUST_PROXY: /);
    expect(fails({ SITE_HOME_URL: 'javascript:alert(1)' })).toMatch(/SITE_HOME_URL: /);
    expect(fails({ SITE_HOME_URL: '//evil.example' })).toMatch(/SITE_HOME_URL: /);
    // The legal notes (one per language, issue 28): http(s) addresses, checked at start.
    expect(fails({ LEGAL_NOTE_URL_EN: 'javascript:alert(1)' })).toMatch(/LEGAL_NOTE_URL_EN: /);
    expect(fails({ LEGAL_NOTE_URL_EN: 'legal.example/en' })).toMatch(/LEGAL_NOTE_URL_EN: /);
    expect(loadConfig({ LEGAL_NOTE_URL_EN: 'https://legal.example/en' }).LEGAL_NOTE_URL_EN).toBe(
      'https://legal.example/en',
    );
    expect(loadConfig({ SITE_HOME_URL: 'https://club.example/"><script>' }).SITE_HOME_URL).toBe(
      'https://club.example/"><script>',
    );
  });

  it('messages are plain words for the operator, not form message keys', () => {
    expect(fails({ PORT: '70000' })).not.toContain('validation.');
  });

  it('defaults, and PUBLIC_URL without a trailing slash (links append /panel/...)', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(8080);
    expect(c.HOST).toBe('127.0.0.1');
    // The defaults agree: the server answers where it listens (plugins/canonical-host.ts).
    expect(c.PUBLIC_URL).toBe('http://127.0.0.1:8080');
    expect(c.CANONICAL_HOST).toBe(true);
    expect(loadConfig({ HOST: '0.0.0.0' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(c.TRUST_PROXY).toEqual(['loopback']);
    expect(loadConfig({ PUBLIC_URL: 'https://club.example.com/' }).PUBLIC_URL).toBe(
      'https://club.example.com',
    );
    expect(loadConfig({ PORT: '9000' }).PUBLIC_URL).toBe('http://127.0.0.1:9000');
  });
});
