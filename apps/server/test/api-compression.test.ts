import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, signedInAs, type TestApp } from './helpers';

/** The API's JSON goes out gzip-compressed by the server itself when the client accepts it (issue 32). */
describe('API answers compressed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a catalogue page is sent gzip-compressed to a client that accepts it, the same JSON once inflated', async () => {
    const member = await signedInAs(t.app, 'customer@example.com');
    const categories = (await member.get('/settings/categories/items')).json() as { data: { id: number }[] };
    const url = `/products/items?page=1&where[category_id]=${categories.data[0]!.id}`;

    const plain = await member.get(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const gz = await member.get(url, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gz.headers['content-type']).toMatch(/application\/json/);
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('an answer under 1 KB (the session) is sent as it is', async () => {
    const member = await signedInAs(t.app, 'customer@example.com');
    const me = await member.get('/auth/me', { headers: { 'accept-encoding': 'gzip' } });
    expect(me.statusCode).toBe(200);
    expect(me.rawPayload.length).toBeLessThan(1024);
    expect(me.headers['content-encoding']).toBeUndefined();
    expect(me.json()).toMatchObject({ data: { email: 'customer@example.com' } });
  });

  it('a request body sent gzip-encoded is not inflated: a clear 4xx, no session', async () => {
    const body = gzipSync(JSON.stringify({ email: 'customer@example.com', password: DEMO_PASSWORD }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/panel/api/v1/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: body,
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.headers['set-cookie'] ?? '').not.toMatch(/club_session=[^;]/);
  });
});
