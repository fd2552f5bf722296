import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditRows,
  Client,
  createTestApp,
  createTestUser,
  skipIfNoDatabase,
  staffClient,
  type TestApp,
  totpCode,
} from '../../../test/helpers';
import { outbox, sessions, users } from '../../db/schema';

const linkIn = (text: string) => /(https?:\/\/\S+)/.exec(text)![1]!;
const tokenIn = (text: string) => new URL(linkIn(text)).searchParams.get('token')!;

/** Staff accounts and the audit log over HTTP (docs/console.md): administrators only. */
describe.skipIf(skipIfNoDatabase)('staff accounts and the audit log', () => {
  let t: TestApp;
  let admin: Client;
  let operator: Client;
  let customer: Client;
  let dealer: Client;
  let anonymous: Client;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    admin = await staffClient(t.app, 'ADMIN');
    operator = await staffClient(t.app, 'OPERATOR', { language: 'en' });
    customer = new Client(t.app);
    const c = await createTestUser(t.app.db, { type: 'CUSTOMER' });
    await customer.login(c.email, c.password);
    dealer = new Client(t.app);
    const d = await createTestUser(t.app.db, { type: 'DEALER' });
    await dealer.login(d.email, d.password);
    anonymous = new Client(t.app);
  });
  afterAll(() => t?.close());

  /** 401 without a session, 403 for members, dealers and operators, 403 CSRF without the header. */
  async function guarded(method: 'GET' | 'POST', path: string, body?: unknown) {
    const call = (c: Client, opts?: { csrf?: boolean }) =>
      c.request(method, path, body ?? (method === 'POST' ? {} : undefined), opts);
    expect((await call(anonymous)).statusCode).toBe(401);
    for (const who of [customer, dealer, operator]) {
      const res = await call(who);
      expect(res.statusCode, path).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    if (method === 'POST') {
      const res = await call(admin, { csrf: false });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('CSRF');
    }
  }

  const colleague = (type: 'OPERATOR' | 'ADMIN' = 'OPERATOR') => createTestUser(t.app.db, { type });

  describe('GET staff/items', () => {
    it('pages, sorts, searches and filters the staff (never members), marking the caller', async () => {
      const a = await colleague('ADMIN');
      const res = await admin.get('/staff/items?page=1&sort=email&dir=asc');
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.meta).toMatchObject({ current_page: 1, per_page: 20 });
      const emails = body.data.map((s: { email: string }) => s.email);
      expect([...emails].sort()).toEqual(emails);
      expect(body.data.every((s: { type: string }) => s.type === 'OPERATOR' || s.type === 'ADMIN')).toBe(
        true,
      );
      expect(body.data.find((s: { is_me: boolean }) => s.is_me).email).toBe(admin.account!.email);

      const found = (await admin.get(`/staff/items?where[search]=${encodeURIComponent(a.email)}`)).json();
      expect(found.data.map((s: { id: number }) => s.id)).toEqual([a.id]);
      const admins = (await admin.get('/staff/items?where[type]=ADMIN&where[status]=ACTIVE')).json();
      expect(
        admins.data.every(
          (s: { type: string; status: string }) => s.type === 'ADMIN' && s.status === 'ACTIVE',
        ),
      ).toBe(true);
      const desc = (await admin.get('/staff/items?sort=created_at&dir=desc')).json();
      expect(desc.data[0].created_at >= desc.data.at(-1).created_at).toBe(true);
    });

    it('validation: an unknown sort, direction, role or status and a too long search are 422 on their field', async () => {
      for (const [query, field] of [
        ['sort=password', 'sort'],
        ['dir=up', 'dir'],
        ['where[type]=CUSTOMER', 'where[type]'],
        ['where[status]=SLEEPING', 'where[status]'],
        [`where[search]=${'x'.repeat(101)}`, 'where[search]'],
        ['page=0', 'page'],
      ] as const) {
        const res = await admin.get(`/staff/items?${query}`);
        expect(res.statusCode, query).toBe(422);
        expect(Object.keys(res.json().errors)).toContain(field);
      }
    });

    it('permissions', () => guarded('GET', '/staff/items'));
  });

  describe('POST staff/invite and the invitation link', () => {
    it('invites by e-mail in the invitee’s language; the link sets the password, then the second factor is enrolled; audited', async () => {
      const email = `invitee-${Date.now()}@example.com`;
      const res = await admin.post('/staff/invite', {
        email,
        name: 'Ewa',
        surname: 'Nowa',
        type: 'OPERATOR',
        language: 'en',
      });
      expect(res.statusCode, res.body).toBe(200);
      const invited = res.json().data;
      expect(invited).toMatchObject({ email, status: 'INVITED', second_factor: false, type: 'OPERATOR' });
      const [stored] = await t.app.db.select().from(outbox).where(eq(outbox.to, email));
      const mail = { ...stored!, ...t.app.mailer.asSent(stored!) };
      expect(mail!.subject).toMatch(/invitation/);
      expect(linkIn(mail!.text)).toMatch(/\/panel\/admin\/invitation\?token=/);
      const [audit] = await auditRows(t.app, 'staff', invited.id);
      expect(audit).toMatchObject({ action: 'invite', actorEmail: admin.account!.email, before: null });
      expect(audit!.after).toMatchObject({ email, status: 'INVITED' });

      const token = tokenIn(mail!.text);
      const anon = new Client(t.app);
      const page = await anon.get(`/staff/invitation?token=${token}`);
      expect(page.json().data).toEqual({ email, name: 'Ewa', language_code: 'en' });
      const weak = await anon.post('/staff/invitation/accept', {
        token,
        password: 'short',
        password_confirmation: 'short',
      });
      expect(weak.statusCode).toBe(422);
      const mismatch = await anon.post('/staff/invitation/accept', {
        token,
        password: 'New#Passw0rd',
        password_confirmation: 'Other#Passw0rd',
      });
      expect(mismatch.json().errors.password_confirmation[0]).toMatch(/takie same|match/);
      const accepted = await anon.post('/staff/invitation/accept', {
        token,
        password: 'New#Passw0rd',
        password_confirmation: 'New#Passw0rd',
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      const step = accepted.json().data;
      expect(step.second_factor).toBe('ENROL');
      const { secret } = (
        await anon.post('/auth/second-factor/enrolment', { challenge: step.challenge })
      ).json().data;
      const done = await anon.post('/auth/second-factor/enrol', {
        challenge: step.challenge,
        code: totpCode(secret),
      });
      expect(done.statusCode, done.body).toBe(200);
      expect((await auditRows(t.app, 'staff', invited.id)).map((r) => r.action)).toEqual([
        'enrol-second-factor',
        'accept-invitation',
        'invite',
      ]);
      // Used: the link is dead, and the account now signs in with its password.
      expect((await anon.get(`/staff/invitation?token=${token}`)).statusCode).toBe(404);
      const again = await new Client(t.app).post('/auth/login', { email, password: 'New#Passw0rd' });
      expect(again.json().data.second_factor).toBe('CODE');
    });

    it('validation: each field, in the administrator’s language; a taken e-mail (any account) is refused; nothing is stored', async () => {
      const before = (await t.app.db.select().from(users)).length;
      const valid = {
        email: 'x-new@example.com',
        name: 'Ewa',
        surname: 'Nowa',
        type: 'OPERATOR',
        language: 'pl',
      };
      for (const [patch, field] of [
        [{ email: '' }, 'email'],
        [{ email: 'not-an-email' }, 'email'],
        [{ name: '' }, 'name'],
        [{ surname: 'N' }, 'surname'],
        [{ type: 'CUSTOMER' }, 'type'],
        [{ language: 'de' }, 'language'],
        [{ email: admin.account!.email.toUpperCase() }, 'email'],
      ] as const) {
        const res = await admin.post('/staff/invite', { ...valid, ...patch });
        expect(res.statusCode, JSON.stringify(patch)).toBe(422);
        expect(Object.keys(res.json().errors)).toEqual([field]);
      }
      const taken = await admin.post('/staff/invite', { ...valid, email: admin.account!.email });
      expect(taken.json().errors.email[0]).toMatch(/już istnieje/);
      expect((await t.app.db.select().from(users)).length).toBe(before);
    });

    it('invitation validation: a missing or unknown token is refused (422, 404)', async () => {
      expect((await anonymous.get('/staff/invitation')).statusCode).toBe(422);
      expect((await anonymous.get(`/staff/invitation?token=${'q'.repeat(40)}`)).statusCode).toBe(404);
      expect((await anonymous.post('/staff/invitation/accept', {})).statusCode).toBe(422);
    });

    it('permissions', () =>
      guarded('POST', '/staff/invite', {
        email: 'p@example.com',
        name: 'Ewa',
        surname: 'Nowa',
        type: 'OPERATOR',
        language: 'pl',
      }));
  });

  describe('changes of a colleague', () => {
    it('POST staff/item/:id/role: operator → administrator, audited with before and after', async () => {
      const c = await colleague();
      const res = await admin.post(`/staff/item/${c.id}/role`, { type: 'ADMIN' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.type).toBe('ADMIN');
      const [audit] = await auditRows(t.app, 'staff', c.id);
      expect(audit).toMatchObject({
        action: 'change-role',
        before: { type: 'OPERATOR' },
        after: { type: 'ADMIN' },
      });
      expect((await admin.post(`/staff/item/${c.id}/role`, { type: 'MANAGER' })).statusCode).toBe(422);
      expect((await admin.post(`/staff/item/${c.id}/role`, {})).statusCode).toBe(422);
    });

    it('POST staff/item/:id/deactivate and activate: sessions end, sign-in refused, then allowed again; audited', async () => {
      const c = await colleague();
      const signed = new Client(t.app);
      expect((await signed.loginStaff(c.email, c.password, c.totpSecret!)).statusCode).toBe(200);
      const res = await admin.post(`/staff/item/${c.id}/deactivate`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.status).toBe('DEACTIVATED');
      expect((await signed.get('/auth/me')).statusCode).toBe(401);
      expect(await t.app.db.select().from(sessions).where(eq(sessions.userId, c.id))).toHaveLength(0);
      expect(
        (await new Client(t.app).post('/auth/login', { email: c.email, password: c.password })).statusCode,
      ).toBe(401);
      const back = await admin.post(`/staff/item/${c.id}/activate`);
      expect(back.json().data.status).toBe('ACTIVE');
      expect((await auditRows(t.app, 'staff', c.id)).map((r) => r.action)).toEqual([
        'activate',
        'deactivate',
      ]);
    });

    it('POST staff/item/:id/reset-second-factor: sessions end; a password alone no longer signs in (enrolment needs a mailed link); audited', async () => {
      const c = await colleague();
      const signed = new Client(t.app);
      await signed.loginStaff(c.email, c.password, c.totpSecret!);
      const res = await admin.post(`/staff/item/${c.id}/reset-second-factor`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.second_factor).toBe(false);
      expect((await signed.get('/auth/me')).statusCode).toBe(401);
      const step = await new Client(t.app).post('/auth/login', { email: c.email, password: c.password });
      expect(step.statusCode).toBe(403);
      expect(step.json().code).toBe('SECOND_FACTOR_NOT_ENROLLED');
      expect(step.json().data).toBeUndefined();
      const [audit] = await auditRows(t.app, 'staff', c.id);
      expect(audit).toMatchObject({
        action: 'reset-second-factor',
        before: { second_factor: true },
        after: { second_factor: false },
      });
    });

    it('POST staff/item/:id/resend-invitation: a fresh link, the old one dead; refused once accepted (409)', async () => {
      const email = `resend-${Date.now()}@example.com`;
      const invited = (
        await admin.post('/staff/invite', {
          email,
          name: 'Ola',
          surname: 'Nowak',
          type: 'ADMIN',
          language: 'pl',
        })
      ).json().data;
      const first = tokenIn(
        t.app.mailer.asSent((await t.app.db.select().from(outbox).where(eq(outbox.to, email)))[0]!).text,
      );
      const res = await admin.post(`/staff/item/${invited.id}/resend-invitation`);
      expect(res.statusCode, res.body).toBe(200);
      const mails = await t.app.db.select().from(outbox).where(eq(outbox.to, email));
      expect(mails).toHaveLength(2);
      expect((await anonymous.get(`/staff/invitation?token=${first}`)).statusCode).toBe(404);
      const accepted = await colleague();
      const refused = await admin.post(`/staff/item/${accepted.id}/resend-invitation`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('INVITATION_ACCEPTED');
      expect((await auditRows(t.app, 'staff', invited.id))[0]!.action).toBe('resend-invitation');
    });

    it('refused: one’s own account (409), members and unknown ids (404), a malformed id (422)', async () => {
      const me = admin.account!.id;
      for (const action of ['deactivate', 'reset-second-factor', 'activate']) {
        const res = await admin.post(`/staff/item/${me}/${action}`);
        expect(res.statusCode).toBe(409);
        expect(res.json().code).toBe('STAFF_SELF');
      }
      expect((await admin.post(`/staff/item/${me}/role`, { type: 'OPERATOR' })).statusCode).toBe(409);
      const member = await createTestUser(t.app.db, { type: 'CUSTOMER' });
      expect((await admin.post(`/staff/item/${member.id}/deactivate`)).statusCode).toBe(404);
      expect((await admin.post('/staff/item/999999/deactivate')).statusCode).toBe(404);
      expect((await admin.post('/staff/item/abc/deactivate')).statusCode).toBe(422);
    });

    it('permissions', async () => {
      const c = await colleague();
      for (const action of ['deactivate', 'activate', 'reset-second-factor', 'resend-invitation'])
        await guarded('POST', `/staff/item/${c.id}/${action}`);
      await guarded('POST', `/staff/item/${c.id}/role`, { type: 'ADMIN' });
      const [row] = await t.app.db.select().from(users).where(eq(users.id, c.id));
      expect(row).toMatchObject({ type: 'OPERATOR', deactivatedAt: null });
    });
  });

  describe('GET audit/items and audit/entity-types', () => {
    it('newest first, filtered by actor, entity, id and the club’s days; the entity types for the filter', async () => {
      const c = await colleague();
      await admin.post(`/staff/item/${c.id}/role`, { type: 'ADMIN' });
      const all = (await admin.get('/audit/items')).json();
      expect(all.meta.per_page).toBe(25);
      expect(all.data[0]).toMatchObject({
        entity_type: 'staff',
        entity_id: String(c.id),
        // Issue 28: the entity by its name (a staff account by its e-mail), not only "staff #id".
        entity_name: c.email,
        action: 'change-role',
      });
      const mine = (
        await admin.get(`/audit/items?where[actor]=${encodeURIComponent(admin.account!.email)}`)
      ).json();
      expect(mine.data.every((r: { actor_email: string }) => r.actor_email === admin.account!.email)).toBe(
        true,
      );
      const one = (await admin.get(`/audit/items?where[entity_type]=staff&where[entity_id]=${c.id}`)).json();
      expect(one.data).toHaveLength(1);
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(new Date());
      const inRange = (await admin.get(`/audit/items?where[from]=${today}&where[to]=${today}`)).json();
      expect(inRange.meta.total).toBe(all.meta.total);
      const past = (await admin.get('/audit/items?where[from]=2020-01-01&where[to]=2020-01-31')).json();
      expect(past.meta.total).toBe(0);
      expect((await admin.get('/audit/entity-types')).json().data).toContain('staff');
    });

    it('validation: a malformed date, a reversed range, a malformed entity type are 422', async () => {
      for (const [query, field] of [
        ['where[from]=2026-13-01', 'where[from]'],
        ['where[to]=yesterday', 'where[to]'],
        ['where[from]=2026-05-02&where[to]=2026-05-01', 'where[to]'],
        ['where[entity_type]=DROP%20TABLE', 'where[entity_type]'],
      ] as const) {
        const res = await admin.get(`/audit/items?${query}`);
        expect(res.statusCode, query).toBe(422);
        expect(Object.keys(res.json().errors)).toContain(field);
      }
    });

    it('permissions', async () => {
      await guarded('GET', '/audit/items');
      await guarded('GET', '/audit/entity-types');
    });
  });
});
