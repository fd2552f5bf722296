import { readFileSync } from 'node:fs';
import { CONSENT_WORDING_VERSIONS } from '@club/shared/consents';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Client,
  createTestApp,
  createTestUser,
  signedInAs,
  staffClient,
  type TestApp,
} from '../../../test/helpers';
import { newCustomerBody, profileBody } from '../../../test/security/world';
import { consentEvents, customers, languages, users } from '../../db/schema';

/**
 * The consent history (issue 31): every path that changes a consent leaves one row per flag changed,
 * with the actor, the screen and the wording's version; nothing can rewrite a row.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const eventsOf = (userId: number) =>
  t.app.db
    .select()
    .from(consentEvents)
    .where(eq(consentEvents.userId, userId))
    .orderBy(asc(consentEvents.id));

const profile = (flags: Record<string, 0 | 1>) => ({
  ...profileBody,
  customer: { ...profileBody.customer, ...flags },
});

describe('the member on the account screen', () => {
  it('records each change with the member, the screen and the version; the member reads it newest first', async () => {
    const u = await createTestUser(t.app.db); // term_1, term_2, term_3 given by a direct insert
    const member = await signedInAs(t.app, u.email, u.password);
    const direct = await eventsOf(u.id);
    expect(direct.map((e) => [e.consent, e.given, e.actor, e.source, e.wordingVersion])).toEqual([
      ['term_1', true, 'system', 'database', null],
      ['term_2', true, 'system', 'database', null],
      ['term_3', true, 'system', 'database', null],
    ]);

    const none = {
      term_2a: 0,
      term_4_car: 0,
      term_4_email: 0,
      term_4_group: 0,
      term_4_phone: 0,
      term_4_post: 0,
    } as const;
    expect((await member.post('/customers/update', profile({ ...none, term_4_email: 1 }))).statusCode).toBe(
      200,
    );
    expect(
      (await member.post('/customers/update', profile({ ...none, term_4_email: 1, term_4_car: 1 })))
        .statusCode,
    ).toBe(200);
    expect((await member.post('/customers/update', profile({ ...none, term_4_car: 1 }))).statusCode).toBe(
      200,
    );
    // A save that changes nothing records nothing.
    expect((await member.post('/customers/update', profile({ ...none, term_4_car: 1 }))).statusCode).toBe(
      200,
    );

    const changes = (await eventsOf(u.id)).slice(3);
    expect(changes.map((e) => [e.consent, e.given])).toEqual([
      ['term_4_email', true],
      ['term_4_car', true],
      ['term_4_email', false],
    ]);
    for (const e of changes) {
      expect(e).toMatchObject({
        actor: 'member',
        actorUserId: u.id,
        source: 'account_profile',
        backfill: false,
        wordingVersion: CONSENT_WORDING_VERSIONS[e.consent as 'term_4_email'],
      });
    }

    const res = await member.get('/customers/consent-history');
    expect(res.statusCode).toBe(200);
    const history = res.json().data as { consent: string; given: boolean; source: string }[];
    expect(history).toHaveLength(6);
    expect(history[0]).toMatchObject({ consent: 'term_4_email', given: false, source: 'account_profile' });
    expect(history.at(-1)).toMatchObject({ consent: 'term_1', given: true, source: 'database' });
  });

  it('a member with no consent ever recorded reads an empty history', async () => {
    const [user] = await t.app.db
      .insert(users)
      .values({
        email: `empty-${Date.now()}@example.com`,
        type: 'CUSTOMER',
        languageCode: 'en',
        name: 'E',
        surname: 'M',
      })
      .returning();
    await t.app.db.insert(customers).values({ userId: user!.id });
    expect(await eventsOf(user!.id)).toEqual([]);
  });

  it('asks for a session (401), a member (403 for a dealer) and answers staff 403', async () => {
    expect((await new Client(t.app).get('/customers/consent-history')).statusCode).toBe(401);
    const dealer = await createTestUser(t.app.db, { type: 'DEALER' });
    expect(
      (await (await signedInAs(t.app, dealer.email, dealer.password)).get('/customers/consent-history'))
        .statusCode,
    ).toBe(403);
    expect((await (await staffClient(t.app, 'ADMIN')).get('/customers/consent-history')).statusCode).toBe(
      403,
    );
  });
});

describe('a dealer and the agreements link', () => {
  it('the dealer registers (no consent, no row); the member gives them through the link: actor agreements_link', async () => {
    const dealerAccount = await createTestUser(t.app.db, { type: 'DEALER' });
    const dealer = await signedInAs(t.app, dealerAccount.email, dealerAccount.password);
    await dealer.post('/auth/check-password', { password: dealerAccount.password });
    const [pl] = await t.app.db.select().from(languages).where(eq(languages.code, 'pl'));
    const registered = await dealer.post('/dealers/customers/register/new', newCustomerBody(pl!.id));
    expect(registered.statusCode, registered.body).toBe(200);
    const id = registered.json().data.customer_id as number;
    expect(await eventsOf(id)).toEqual([]);

    const item = (await dealer.get(`/dealers/customers/item/${id}`)).json().data;
    const token = new URL(item.terms_url).searchParams.get('token')!;
    const accepted = await new Client(t.app).post('/registration/agreements', {
      token,
      term_1: true,
      term_2: true,
      term_3: true,
      term_4_phone: true,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const events = await eventsOf(id);
    expect(events.map((e) => e.consent).sort()).toEqual(['term_1', 'term_2', 'term_3', 'term_4_phone']);
    for (const e of events) {
      expect(e).toMatchObject({
        given: true,
        actor: 'agreements_link',
        actorUserId: null,
        source: 'agreements_page',
        wordingVersion: CONSENT_WORDING_VERSIONS[e.consent as 'term_1'],
      });
    }
    // The dealer's later note of the order number changes no consent: still four rows.
    await dealer.post(`/dealers/customers/update/${id}`, {
      customer: { order_number: 'ZAM-31', vehicle_issue: '2026-01-10' },
    });
    expect(await eventsOf(id)).toHaveLength(4);
  });
});

describe('append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of the history; the member removing the account takes it along', async () => {
    const u = await createTestUser(t.app.db);
    const [first] = await eventsOf(u.id);
    await expect(
      t.app.db.update(consentEvents).set({ given: false }).where(eq(consentEvents.id, first!.id)),
    ).rejects.toThrow();
    await expect(t.app.db.delete(consentEvents).where(eq(consentEvents.id, first!.id))).rejects.toThrow();
    await expect(t.app.db.execute(sql`truncate consent_events`)).rejects.toThrow();
    expect(await eventsOf(u.id)).toHaveLength(3);

    const member = await signedInAs(t.app, u.email, u.password);
    expect((await member.post('/customers/remove-account')).statusCode).toBe(200);
    expect(await eventsOf(u.id)).toEqual([]);
  });
});

describe('the backfill of migration 0022', () => {
  it('gives every consent held before the history one row, marked as backfill, at the time it was given', async () => {
    const u = await createTestUser(t.app.db);
    await t.app.db.execute(
      sql`update customers set consents_given_at = jsonb_build_object('term_1', '2024-05-01T10:00:00.000Z') where user_id = ${u.id}`,
    );
    const migration = readFileSync(new URL('../../../drizzle/0022_privacy.sql', import.meta.url), 'utf8');
    const backfill = migration
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .find((s) => /^(--.*\n)*INSERT INTO consent_events/.test(s));
    expect(backfill).toBeDefined();
    await t.app.db.execute(sql.raw(backfill!));
    const rows = (await eventsOf(u.id)).filter((e) => e.backfill);
    expect(rows.map((e) => [e.consent, e.given, e.actor, e.source, e.wordingVersion])).toEqual([
      ['term_1', true, 'system', 'backfill', null],
      ['term_2', true, 'system', 'backfill', null],
      ['term_3', true, 'system', 'backfill', null],
    ]);
    expect(rows[0]!.createdAt.toISOString()).toBe('2024-05-01T10:00:00.000Z');
  });
});
