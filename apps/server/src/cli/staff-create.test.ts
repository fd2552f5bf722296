import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, Client, createTestApp, skipIfNoDatabase, type TestApp } from '../../test/helpers';
import { users } from '../db/schema';
import { createStaffAccount } from './staff-create';

describe.skipIf(skipIfNoDatabase)('npm run staff:create', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t?.close());

  it('creates the first administrator and prints an invitation link that works; audited as the command line', async () => {
    const link = await createStaffAccount(
      t.app.db,
      { email: 'Chief@Club.example', name: 'Anna', surname: 'Nowak', role: 'ADMIN', language: 'en' },
      'https://club.example',
    );
    expect(link).toMatch(/^https:\/\/club\.example\/panel\/admin\/invitation\?token=/);
    const [user] = await t.app.db.select().from(users).where(eq(users.email, 'chief@club.example'));
    expect(user).toMatchObject({ type: 'ADMIN', passwordHash: null, languageCode: 'en' });
    const token = new URL(link).searchParams.get('token')!;
    const accepted = await new Client(t.app).post('/staff/invitation/accept', {
      token,
      password: 'Chief#Passw0rd',
      password_confirmation: 'Chief#Passw0rd',
    });
    expect(accepted.json().data.second_factor).toBe('ENROL');
    expect((await auditRows(t.app, 'staff', user!.id)).map((r) => r.actorEmail)).toContain(
      'staff:create (command line)',
    );
  });

  it('refuses a taken e-mail, a bad e-mail, a short name and an unknown role, creating nothing', async () => {
    const count = async () => (await t.app.db.select().from(users)).length;
    const before = await count();
    const base = {
      email: 'new@club.example',
      name: 'Ola',
      surname: 'Lis',
      role: 'ADMIN',
      language: 'pl',
    } as const;
    await expect(createStaffAccount(t.app.db, { ...base, email: 'chief@club.example' }, 'x')).rejects.toThrow(
      /already exists/,
    );
    await expect(createStaffAccount(t.app.db, { ...base, email: 'nope' }, 'x')).rejects.toThrow(
      /invalid email/,
    );
    await expect(createStaffAccount(t.app.db, { ...base, name: 'O' }, 'x')).rejects.toThrow(/invalid name/);
    await expect(createStaffAccount(t.app.db, { ...base, role: 'ROOT' as 'ADMIN' }, 'x')).rejects.toThrow(
      /invalid type/,
    );
    expect(await count()).toBe(before);
  });
});
