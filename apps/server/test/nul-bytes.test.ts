import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findNul } from '../src/plugins/errors';
import { Client, createTestApp, createTestUser, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t?.close());

describe('NUL characters', () => {
  it('finds the path of the first string with a NUL', () => {
    expect(findNul({ a: 'ok', b: [{ c: 'x\u0000' }] })).toBe('b.0.c');
    expect(findNul({ a: 'ok' })).toBeNull();
  });

  it('are refused with a 422 before any handler runs, in the body and in the query', async () => {
    const user = await createTestUser(t.app.db);
    const c = new Client(t.app);
    await c.login(user.email, user.password);
    const body = await c.post('/auth/check-password', { password: 'abc\u0000def' });
    expect(body.statusCode).toBe(422);
    expect(body.json().errors.password[0]).toBe('Nieprawidłowa wartość');
    const login = await new Client(t.app).post('/auth/login', { email: 'a@example.com', password: '\u0000' });
    expect(login.statusCode).toBe(422);
    const query = await c.get('/users/update-language?language_id=1%00');
    expect(query.statusCode).toBe(422);
  });
});
