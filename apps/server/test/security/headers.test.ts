import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoMediaDir } from '../../src/lib/media';
import { webDistDir } from '../../src/plugins/static';
import { Client, createTestApp, createTestUser, skipIfNoDatabase, type TestApp } from '../helpers';

/**
 * The security headers on every kind of response: API successes and errors, the app's HTML, hashed
 * assets (plain and precompressed), media, redirects, 404s and the early 400 of a malformed URL.
 */
const hasBuild = existsSync(path.join(webDistDir(), 'index.html'));

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

function checkHeaders(label: string, res: LightMyRequestResponse, https: boolean): string[] {
  const problems: string[] = [];
  const h = res.headers;
  const csp = String(h['content-security-policy'] ?? '');
  const d = directives(csp);
  const scriptSrc = d.get('script-src') ?? d.get('default-src') ?? [];
  if (!csp) problems.push('no CSP');
  if (d.get('object-src')?.join(' ') !== "'none'") problems.push(`object-src ${d.get('object-src')}`);
  if (d.get('base-uri')?.join(' ') !== "'none'") problems.push(`base-uri ${d.get('base-uri')}`);
  if (d.get('frame-ancestors')?.join(' ') !== "'none'")
    problems.push(`frame-ancestors ${d.get('frame-ancestors')}`);
  if (scriptSrc.length === 0) problems.push('no script-src');
  for (const bad of ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:', 'http:', 'https:']) {
    if (scriptSrc.includes(bad)) problems.push(`script-src allows ${bad}`);
  }
  if (h['x-content-type-options'] !== 'nosniff') problems.push('no nosniff');
  if (h['x-frame-options'] !== 'DENY') problems.push('no X-Frame-Options DENY');
  // The camera for the panel's own pages only (the gate scans tickets), never a frame's; no microphone or location.
  if (h['permissions-policy'] !== 'camera=(self), microphone=(), geolocation=()')
    problems.push(`permissions-policy ${h['permissions-policy']}`);
  // helmet's set beyond ours: other sites may not embed our resources in their documents' agents.
  if (h['cross-origin-resource-policy'] !== 'same-site') problems.push('no CORP same-site');
  if (h['x-permitted-cross-domain-policies'] !== 'none')
    problems.push('no X-Permitted-Cross-Domain-Policies');
  if (
    !/^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/.test(
      String(h['referrer-policy']),
    )
  )
    problems.push(`referrer-policy ${h['referrer-policy']}`);
  const hsts = String(h['strict-transport-security'] ?? '');
  if (https) {
    const maxAge = Number(/max-age=(\d+)/.exec(hsts)?.[1] ?? 0);
    if (maxAge < 31_536_000) problems.push(`HSTS ${hsts || 'missing'}`);
  } else if (hsts) {
    problems.push('HSTS on plain http (browsers ignore it; it would pin localhost)');
  }
  return problems.map((p) => `${label} (${res.statusCode}): ${p}`);
}

for (const https of [false, true]) {
  describe.skipIf(skipIfNoDatabase)(
    `security headers on every response (${https ? 'https' : 'http'})`,
    () => {
      let t: TestApp;
      let member: Client;
      beforeAll(async () => {
        t = await createTestApp({ env: https ? { PUBLIC_URL: 'https://club.example.com' } : {} });
        const user = await createTestUser(t.app.db);
        member = new Client(t.app);
        // Behind https the cookie has another name: the Client keeps any club_session cookie it is given.
        expect((await member.login(user.email, user.password)).statusCode).toBe(200);
      });
      afterAll(() => t?.close());

      it('API answers, successes and every kind of error', async () => {
        const anonymous = new Client(t.app);
        const cases: [string, LightMyRequestResponse][] = [
          ['GET languages (public)', await anonymous.get('/settings/languages/items')],
          ['GET auth/me (signed in)', await member.get('/auth/me')],
          ['GET auth/me (401)', await anonymous.get('/auth/me')],
          ['POST without CSRF (403)', await member.post('/customers/update-interests', {}, { csrf: false })],
          ['GET dealer route as customer (403)', await member.get('/dealers/item')],
          ['POST invalid body (422)', await member.post('/customers/update-interests', { interests: [] })],
          ['GET unknown API path (404)', await anonymous.get('/no/such/thing')],
          ['GET unknown product (404)', await member.get('/products/item/999999')],
          [
            'POST login wrong (401)',
            await anonymous.post('/auth/login', { email: 'x@example.com', password: 'y' }),
          ],
          [
            'POST text/plain (415)',
            await t.app.inject({
              method: 'POST',
              url: '/panel/api/v1/auth/login',
              headers: { 'content-type': 'text/plain' },
              payload: 'x',
            }),
          ],
          ['GET malformed URL (400)', await t.app.inject({ method: 'GET', url: '/panel/api/v1/%E0%A4%A' })],
          ['GET calendar feed (404)', await anonymous.get('/calendar/nope-nope-nope-nope.ics')],
          ['GET / (redirect)', await t.app.inject({ method: 'GET', url: '/' })],
          [
            'GET sandbox page (404)',
            await t.app.inject({ method: 'GET', url: '/panel/payments/sandbox/nope' }),
          ],
        ];
        const problems = cases.flatMap(([label, res]) => checkHeaders(label, res, https));
        expect(problems).toEqual([]);
        for (const [label, res] of cases.filter(([l]) => l.startsWith('GET') || l.startsWith('POST'))) {
          if (String(res.headers['content-type']).includes('json'))
            expect(res.headers['cache-control'], label).toMatch(/no-store/);
        }
      });

      it('media, and missing media', async () => {
        const root = demoMediaDir();
        const dir = readdirSync(root).find(
          (d) => !d.includes('.') && readdirSync(path.join(root, d)).length,
        )!;
        const file = readdirSync(path.join(root, dir))[0]!;
        const ok = await t.app.inject({ method: 'GET', url: `/panel/media/${dir}/${file}` });
        expect(ok.statusCode).toBe(200);
        const missing = await t.app.inject({ method: 'GET', url: '/panel/media/products/nope.jpg' });
        expect(missing.statusCode).toBe(404);
        expect([
          ...checkHeaders('media', ok, https),
          ...checkHeaders('missing media', missing, https),
        ]).toEqual([]);
      });

      it.skipIf(!hasBuild)(
        'the app shell, deep links, hashed assets (plain and precompressed), a missing asset',
        async () => {
          const assets = readdirSync(path.join(webDistDir(), 'assets'));
          const js = assets.find((f) => f.endsWith('.js'))!;
          const css = assets.find((f) => f.endsWith('.css'))!;
          const cases: [string, LightMyRequestResponse][] = [
            ['app shell', await t.app.inject({ method: 'GET', url: '/panel/' })],
            ['deep link', await t.app.inject({ method: 'GET', url: '/panel/account/user-info' })],
            ['not-found screen', await t.app.inject({ method: 'GET', url: '/panel/not-found' })],
            ['script', await t.app.inject({ method: 'GET', url: `/panel/assets/${js}` })],
            [
              'script (br)',
              await t.app.inject({
                method: 'GET',
                url: `/panel/assets/${js}`,
                headers: { 'accept-encoding': 'br' },
              }),
            ],
            ['style', await t.app.inject({ method: 'GET', url: `/panel/assets/${css}` })],
            ['favicon', await t.app.inject({ method: 'GET', url: '/panel/favicon.svg' })],
            ['missing asset', await t.app.inject({ method: 'GET', url: '/panel/assets/nope-123.js' })],
          ];
          expect(cases.flatMap(([label, res]) => checkHeaders(label, res, https))).toEqual([]);
          // With no 'unsafe-inline', an inline script in the shell would not run: there must be none.
          const html = cases[0]![1].body;
          expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i);
          expect(html).not.toMatch(/\son[a-z]+\s*=/i);
          expect(cases[3]![1].headers['content-type']).toMatch(/javascript/);
        },
      );
    },
  );
}
