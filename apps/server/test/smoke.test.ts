import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('smoke', () => {
  it('signs in', async () => {
    const c = new Client(t.app);
    const res = await c.login('customer@example.com');
    expect(res.statusCode).toBe(200);
    expect((await c.get('/auth/me')).json().data.email).toBe('customer@example.com');
  });
});
