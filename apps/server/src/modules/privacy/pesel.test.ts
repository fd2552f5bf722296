import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditRows,
  Client,
  createTestApp,
  createTestUser,
  DB_KIND,
  signedInAs,
  staffClient,
  type TestApp,
} from '../../../test/helpers';
import { bonusBody } from '../../../test/security/world';
import { rotatePiiKey } from '../../cli/pii-rotate';
import { loadConfig } from '../../config';
import { bonusSignups } from '../../db/schema';
import { auditValue } from '../../lib/audit';
import { checkPeselKeys, openPesel, sealPlaintextPesels } from '../../lib/pesel-store';
import { DEVELOPMENT_PII_KEY, piiKeyring } from '../../lib/pii-crypto';

/**
 * The dealers' PESEL (issue 31): sealed in every column, masked for staff, whole only for an
 * administrator through the audited reveal, never in the logs; a wrong key stops the start; the key
 * rotates and the old one is then no longer needed.
 */
const PESEL = bonusBody.pesel; // 44051401359
const newKey = (id: string) => `${id}:${randomBytes(32).toString('base64')}`;

let t: TestApp;
const logs: string[] = [];
let dealerId: number;
let operator: Client;
let admin: Client;

async function dealerWithBonus(app = t.app, pesel = PESEL) {
  const u = await createTestUser(app.db, { type: 'DEALER' });
  const client = await signedInAs(app, u.email, u.password);
  await client.post('/auth/check-password', { password: u.password });
  const res = await client.post('/bonus/store', { ...bonusBody, pesel });
  expect(res.statusCode, res.body).toBe(200);
  return { ...u, client };
}

beforeAll(async () => {
  t = await createTestApp({ logs, env: { LOG_LEVEL: 'trace' } });
  dealerId = (await dealerWithBonus()).id;
  operator = await staffClient(t.app, 'OPERATOR');
  admin = await staffClient(t.app, 'ADMIN');
});
afterAll(() => t?.close());

describe('at rest', () => {
  it('no column of any table holds the number (the whole database read raw)', async () => {
    const tables = (await t.app.db.execute(
      sql`select tablename from pg_tables where schemaname = 'public'`,
    )) as unknown as { rows: { tablename: string }[] };
    for (const { tablename } of tables.rows) {
      const hits = (await t.app.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(tablename)} r where to_jsonb(r)::text like ${`%${PESEL}%`}`,
      )) as unknown as { rows: { n: number }[] };
      expect(hits.rows[0]!.n, tablename).toBe(0);
    }
    const [row] = await t.app.db.select().from(bonusSignups).where(eq(bonusSignups.dealerId, dealerId));
    expect(row!.pesel).toMatch(/^v1\./);
    expect(row!.peselKeyId).toBe('dev-not-secret');
  });

  it('the database refuses a number written in plain text', async () => {
    await expect(
      t.app.db.execute(sql`update bonus_signups set pesel = ${PESEL} where dealer_id = ${dealerId}`),
    ).rejects.toThrow();
  });

  it('a number stored in plain text before migration 0022 is sealed at start', async () => {
    const other = await createTestUser(t.app.db, { type: 'DEALER' });
    // A row as it was before the migration: its CHECK lifted for the insert, put back NOT VALID.
    await t.app.db.execute(sql`alter table bonus_signups drop constraint bonus_signups_pesel_sealed`);
    await t.app.db.insert(bonusSignups).values({
      ...{
        name: 'Old',
        surname: 'Row',
        email: 'old@example.com',
        phone: '1',
        address: 'a',
        postCode: '00-001',
        city: 'W',
      },
      dealerId: other.id,
      pesel: '02070803628',
      taxationForm: 'PIT-11',
      term1: true,
      term2: true,
      term3: true,
      term4: true,
    });
    await t.app.db.execute(
      sql`alter table bonus_signups add constraint bonus_signups_pesel_sealed check (pesel is null or (pesel_key_id is not null and pesel !~ '^[0-9]{11}$')) not valid`,
    );
    const ring = piiKeyring({});
    expect(await sealPlaintextPesels(t.app.db, ring)).toBe(1);
    expect(await sealPlaintextPesels(t.app.db, ring)).toBe(0);
    const [row] = await t.app.db.select().from(bonusSignups).where(eq(bonusSignups.dealerId, other.id));
    expect(row!.pesel).not.toContain('02070803628');
    expect(openPesel(ring, row!)).toBe('02070803628');
    await checkPeselKeys(t.app.db, ring);
  });
});

describe('in the console', () => {
  it('staff find the dealer and see the PESEL masked (the last three digits), operators and admins alike', async () => {
    const { email } = (
      await t.app.db.select().from(bonusSignups).where(eq(bonusSignups.dealerId, dealerId))
    )[0]!;
    expect(email).toBe(bonusBody.email);
    for (const staff of [operator, admin]) {
      const res = await staff.get(`/admin/members/item/${dealerId}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(PESEL);
      expect(res.json().data).toMatchObject({
        id: dealerId,
        type: 'DEALER',
        bonus: { taxation_form: 'PIT-11', pesel_masked: '••••••••359' },
      });
    }
    const found = await operator.get(`/admin/members/items?search=${encodeURIComponent('Test Dealer')}`);
    expect(found.statusCode).toBe(200);
    expect(found.json().data.map((r: { id: number }) => r.id)).toContain(dealerId);
  });

  it('lists and reads refuse bad input (422), anonymous (401), members and dealers (403); an unknown id is 404', async () => {
    expect((await operator.get('/admin/members/items?search=a')).json().errors.search).toBeDefined();
    expect((await operator.get('/admin/members/items')).statusCode).toBe(422);
    expect((await operator.get('/admin/members/item/abc')).statusCode).toBe(422);
    expect((await operator.get('/admin/members/item/2000000000')).statusCode).toBe(404);
    expect((await new Client(t.app).get('/admin/members/items?search=test')).statusCode).toBe(401);
    expect((await new Client(t.app).get(`/admin/members/item/${dealerId}`)).statusCode).toBe(401);
    const customer = await createTestUser(t.app.db);
    const member = await signedInAs(t.app, customer.email, customer.password);
    expect((await member.get('/admin/members/items?search=test')).statusCode).toBe(403);
    expect((await member.get(`/admin/members/item/${dealerId}`)).statusCode).toBe(403);
    // A staff account is not a member: not found.
    expect((await operator.get(`/admin/members/item/${admin.account!.id}`)).statusCode).toBe(404);
  });

  it('the whole number: an admin through the audited reveal only (an audit row without the number)', async () => {
    const before = await auditRows(t.app, 'dealer', dealerId);
    const res = await admin.post(`/admin/members/item/${dealerId}/reveal-pesel`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ pesel: PESEL });
    const after = await auditRows(t.app, 'dealer', dealerId);
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]).toMatchObject({
      action: 'reveal-pesel',
      actorId: admin.account!.id,
      entityId: String(dealerId),
    });
    expect(JSON.stringify(after[0])).not.toContain(PESEL);
    // Nor can a later caller put it there with a row: the audit drops the field like a secret.
    expect(auditValue({ dealerId, pesel: PESEL, city: 'Warszawa' })).toEqual({ dealerId, city: 'Warszawa' });
  });

  it('the reveal refuses operators, members (403), anonymous (401), a write without CSRF (403); 404 without a PESEL', async () => {
    const path = `/admin/members/item/${dealerId}/reveal-pesel`;
    const count = (await auditRows(t.app, 'dealer', dealerId)).length;
    expect((await operator.post(path)).statusCode).toBe(403);
    expect((await new Client(t.app).post(path)).statusCode).toBe(401);
    const csrf = await admin.post(path, {}, { csrf: false });
    expect(csrf.statusCode).toBe(403);
    expect(csrf.body).not.toContain(PESEL);
    const dealer = await createTestUser(t.app.db, { type: 'DEALER' });
    expect((await (await signedInAs(t.app, dealer.email, dealer.password)).post(path)).statusCode).toBe(403);
    expect((await admin.post(`/admin/members/item/${dealer.id}/reveal-pesel`)).statusCode).toBe(404);
    expect((await admin.post('/admin/members/item/0/reveal-pesel')).statusCode).toBe(422);
    expect(await auditRows(t.app, 'dealer', dealerId)).toHaveLength(count);
  });
});

describe('the logs', () => {
  it('never hold the number: not from the form, a refused form, the reveal, nor a log call that names it', async () => {
    const dealer = await createTestUser(t.app.db, { type: 'DEALER' });
    const client = await signedInAs(t.app, dealer.email, dealer.password);
    await client.post('/auth/check-password', { password: dealer.password });
    expect((await client.post('/bonus/store', { ...bonusBody, term_1: false })).statusCode).toBe(422);
    await admin.post(`/admin/members/item/${dealerId}/reveal-pesel`);
    t.app.log.error({ pesel: PESEL, body: { pesel: PESEL }, err: { params: [PESEL], detail: PESEL } }, 'x');
    expect(logs.length).toBeGreaterThan(10);
    expect(logs.join('\n')).not.toContain(PESEL);
  });
});

describe('the key', () => {
  it('config: required for a real installation, in its format, never the development key', () => {
    const real = { NODE_ENV: 'production', SEED: 'none', ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: '1' };
    expect(() => loadConfig(real)).toThrow(/PII_KEY: is required in production/);
    expect(() => loadConfig({ ...real, PII_KEY: 'k1:short' })).toThrow(/PII_KEY: must be <key-id>:<32 bytes/);
    expect(() => loadConfig({ ...real, PII_KEY: DEVELOPMENT_PII_KEY })).toThrow(/development key/);
    const key = newKey('k1');
    expect(loadConfig({ ...real, PII_KEY: key }).PII_KEY).toBe(key);
    expect(() => loadConfig({ ...real, PII_KEY: key, PII_OLD_KEYS: newKey('k1') })).toThrow(/repeats/);
    // Development and tests: the marked development key stands in.
    expect(loadConfig({ NODE_ENV: 'test' }).PII_KEY).toBeUndefined();
  });

  it('a wrong key, or a missing one, stops the start with a message naming the key', async () => {
    await expect(checkPeselKeys(t.app.db, piiKeyring({ PII_KEY: newKey('dev-not-secret') }))).rejects.toThrow(
      /Stored PESEL numbers cannot be read: the key "dev-not-secret" does not open the value/,
    );
    await expect(checkPeselKeys(t.app.db, piiKeyring({ PII_KEY: newKey('k2') }))).rejects.toThrow(
      /the key "dev-not-secret" is not configured .* add that key to PII_OLD_KEYS/,
    );
  });

  it.skipIf(DB_KIND === 'pglite')(
    'the server itself refuses to start on a wrong key (a second process)',
    async () => {
      await expect(createTestApp({ sameDatabaseAs: t, env: { PII_KEY: newKey('k9') } })).rejects.toThrow(
        /Stored PESEL numbers cannot be read/,
      );
    },
  );

  it('rotation re-seals every value with the new key; the old key is then no longer needed', async () => {
    const k2 = newKey('k2');
    const rows = async () => t.app.db.select().from(bonusSignups);
    const before = await rows();
    const count = await rotatePiiKey(
      t.app.db,
      piiKeyring({ PII_KEY: k2, PII_OLD_KEYS: DEVELOPMENT_PII_KEY }),
    );
    expect(count).toBe(before.filter((r) => r.pesel !== null).length);
    const onlyNew = piiKeyring({ PII_KEY: k2 });
    await checkPeselKeys(t.app.db, onlyNew);
    for (const row of await rows()) {
      if (row.pesel === null) continue;
      expect(row.peselKeyId).toBe('k2');
      expect(before.find((b) => b.id === row.id)!.pesel).not.toBe(row.pesel);
      expect(openPesel(onlyNew, row)).toMatch(/^\d{11}$/);
    }
    const mine = (await rows()).find((r) => r.dealerId === dealerId)!;
    expect(openPesel(onlyNew, mine)).toBe(PESEL);
    // Again: nothing left to do.
    expect(await rotatePiiKey(t.app.db, onlyNew)).toBe(0);
  });
});
