import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, staffClient, type TestApp } from '../../../../test/helpers';
import { auditLog, outbox, privacyExports } from '../../../db/schema';
import { createMember } from '../../orders/test-fixtures';
import { buildWaitingExports } from './worker';

/**
 * An export staff start on a member's written request (issue 31, RODO art. 15; docs/privacy.md
 * "Started by staff"): queued in the member's language, the audit row names the request, the ready
 * mail goes to the member only, and staff never reach the files; refusals, permissions, CSRF.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t?.close());

const path = (id: number) => `/admin/members/item/${id}/export`;
const exportsOf = (userId: number) =>
  t.app.db.select().from(privacyExports).where(eq(privacyExports.userId, userId));

/** Until the member's latest copy is built (the request's own sweep may be building it meanwhile). */
async function untilBuilt(userId: number) {
  for (let i = 0; i < 200; i++) {
    await buildWaitingExports(t.app);
    const rows = await exportsOf(userId);
    if (rows.every((r) => r.status !== 'QUEUED' && r.status !== 'BUILDING')) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the export was never built');
}

describe('staff start a member’s export on a written request', () => {
  it('queues it in the member’s language, audits the request, mails the member only; staff get no file', {
    timeout: 60_000,
  }, async () => {
    const member = await createMember(t.app.db, { language: 'en' });
    const operator = await staffClient(t.app, 'OPERATOR');
    const res = await operator.post(path(member.id), { request: 'RODO/2026/031' });
    expect(res.statusCode, res.body).toBe(202);
    const queued = res.json().data;
    expect(queued).toMatchObject({ status: 'QUEUED', language: 'en' });

    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'export'), eq(auditLog.entityId, String(member.id))))
      .orderBy(desc(auditLog.id));
    expect(audit).toMatchObject({
      entityType: 'member',
      actorId: operator.account!.id,
      after: { request: 'RODO/2026/031', export: queued.id },
    });

    await untilBuilt(member.id);
    const [built] = await exportsOf(member.id);
    expect(built).toMatchObject({ status: 'READY', language: 'en' });
    const mails = await t.app.db.select().from(outbox).where(eq(outbox.template, 'privacy-export-ready'));
    const mine = mails.filter((m) => m.to === member.email);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.language).toBe('en');
    expect(mails.some((m) => m.to === operator.account!.email)).toBe(false);

    // Staff have no link to it: the link and the download are the member's (access: user).
    const link = await operator.post(`/privacy/export/${queued.id}/files/json/link`);
    expect(link.statusCode).toBe(403);
    // The member takes it with their own single-use link, in their own session.
    const client = new Client(t.app);
    client.cookie = member.cookie;
    client.csrf = member.csrf;
    const own = await client.post(`/privacy/export/${queued.id}/files/json/link`);
    expect(own.statusCode, own.body).toBe(200);
    const file = await client.get(own.json().data.url);
    expect(file.statusCode).toBe(200);
    expect(file.json().account.email).toBe(member.email);
    expect((await client.get(own.json().data.url)).statusCode).toBe(404);
  });

  it('costs the member none of their own three a day', async () => {
    const member = await createMember(t.app.db);
    const admin = await staffClient(t.app, 'ADMIN');
    for (let i = 0; i < 4; i++) {
      expect((await admin.post(path(member.id), { request: `RODO/2026/10${i}` })).statusCode).toBe(202);
      await untilBuilt(member.id);
    }
    const client = new Client(t.app);
    client.cookie = member.cookie;
    client.csrf = member.csrf;
    expect((await client.post('/privacy/export')).statusCode).toBe(202);
  });
});

describe('refusals', () => {
  it('422 for a missing or short reference in the staff member’s language, 404 for no member; nothing queued', async () => {
    const member = await createMember(t.app.db);
    const en = await staffClient(t.app, 'OPERATOR', { language: 'en' });
    const pl = await staffClient(t.app, 'OPERATOR');
    const empty = await en.post(path(member.id), {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.request).toEqual(['This field is required.']);
    expect((await pl.post(path(member.id), { request: 'ab' })).json().errors.request[0]).toMatch(
      /co najmniej 3/,
    );
    expect((await pl.post(path(member.id), { request: 'RODO\u0000/1' })).statusCode).toBe(422);
    expect((await pl.post(path(member.id), { request: 'RODO/1', extra: 1 })).statusCode).toBe(422);
    expect((await pl.post('/admin/members/item/0/export', { request: 'RODO/1' })).statusCode).toBe(422);
    expect((await pl.post(path(2147483647), { request: 'RODO/1' })).statusCode).toBe(404);
    // Staff accounts have no export: not a member.
    expect((await pl.post(path(en.account!.id), { request: 'RODO/1' })).statusCode).toBe(404);
    expect(await exportsOf(member.id)).toHaveLength(0);
    expect(await exportsOf(en.account!.id)).toHaveLength(0);
  });

  it('409 while the member’s copy is being built; nothing queued twice', async () => {
    const member = await createMember(t.app.db);
    await t.app.db
      .insert(privacyExports)
      .values({ userId: member.id, language: 'pl', status: 'BUILDING', startedAt: new Date() });
    const operator = await staffClient(t.app, 'OPERATOR');
    const again = await operator.post(path(member.id), { request: 'RODO/2026/032' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('EXPORT_IN_PROGRESS');
    expect(await exportsOf(member.id)).toHaveLength(1);
  });

  it('401 without a session, 403 for a member and without the CSRF header', async () => {
    const member = await createMember(t.app.db);
    expect((await new Client(t.app).post(path(member.id), { request: 'RODO/1' })).statusCode).toBe(401);
    const client = new Client(t.app);
    client.cookie = member.cookie;
    client.csrf = member.csrf;
    expect((await client.post(path(member.id), { request: 'RODO/1' })).statusCode).toBe(403);
    const operator = await staffClient(t.app, 'OPERATOR');
    const noCsrf = await operator.post(path(member.id), { request: 'RODO/1' }, { csrf: false });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().code).toBe('CSRF');
    expect(await exportsOf(member.id)).toHaveLength(0);
  });
});
