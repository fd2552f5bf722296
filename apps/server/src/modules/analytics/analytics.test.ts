import { afterEach, describe, expect, it } from 'vitest';
import { Client, createTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('analytics settings', () => {
  it('are public and empty when MATOMO_URL is unset: the app loads no tracker', async () => {
    t = await createTestApp({ seed: false });
    const res = await new Client(t.app).get('/settings/analytics');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { matomo_url: null, site_id: null } });
    expect(res.headers['content-security-policy']).toContain("script-src 'self';");
  });

  it('name the Matomo server and site, and the CSP allows exactly that origin', async () => {
    t = await createTestApp({
      seed: false,
      env: { MATOMO_URL: 'https://stats.example.com/matomo/', MATOMO_SITE_ID: '7' },
    });
    const res = await new Client(t.app).get('/settings/analytics');
    expect(res.json().data).toEqual({ matomo_url: 'https://stats.example.com/matomo', site_id: 7 });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://stats.example.com;");
    expect(csp).toContain("connect-src 'self' https://stats.example.com;");
  });
});
