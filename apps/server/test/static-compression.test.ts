import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

/** The built app's assets go out precompressed (scripts/precompress-web.mjs writes .br and .gz beside them). */
describe('precompressed assets', () => {
  let t: TestApp;
  const dir = mkdtempSync(path.join(tmpdir(), 'club-dist-'));
  const source = `console.log(${JSON.stringify('Excellence Club '.repeat(200))});`;
  // As large as the real page (the splash's inline styles): 3.6 KB.
  const page = `<!doctype html><html><head><title>Excellence Club</title><style>${'.boot-splash { display: grid; }\n'.repeat(110)}</style></head><body></body></html>`;
  beforeAll(async () => {
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), page);
    writeFileSync(path.join(dir, 'assets', 'app.js'), source);
    writeFileSync(path.join(dir, 'assets', 'app.js.br'), brotliCompressSync(source));
    writeFileSync(path.join(dir, 'assets', 'app.js.gz'), gzipSync(source));
    t = await createTestApp({ seed: false, env: { WEB_DIST: dir } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (encoding?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/panel/assets/app.js',
      headers: encoding ? { 'accept-encoding': encoding } : {},
    });

  it('sends brotli, else gzip, else the plain file; always the same script, cached for a year', async () => {
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(source.length / 4);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(source);
    for (const res of [br, gz, plain]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it('the app page (every route) is sent gzip-compressed when the browser accepts it, never cached', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/panel/experiences' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<title>Excellence Club</title>');
    const gz = await t.app.inject({
      method: 'GET',
      url: '/panel/experiences',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toMatch(/text\/html/);
    expect(gz.headers['cache-control']).toBe('no-cache');
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
    // A missing asset stays a 404, not the page.
    expect((await t.app.inject({ method: 'GET', url: '/panel/assets/missing.js' })).statusCode).toBe(404);
  });
});
