import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t?.close());

describe('GET /health', () => {
  it('answers 200 without a session while the database answers, never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/panel/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { status: 'ok' } });
    expect(res.headers['cache-control']).toBe('no-store, max-age=0');
  });
});
