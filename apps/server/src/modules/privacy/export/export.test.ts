import { RATE_LIMITS } from '@club/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Client,
  createTestApp,
  DB_KIND,
  signedInAs,
  staffClient,
  type TestApp,
} from '../../../../test/helpers';
import { bonusBody, newCustomerBody } from '../../../../test/security/world';
import {
  customerInterests,
  customers,
  interests,
  outbox,
  privacyExportFiles,
  privacyExports,
  seatOffers,
  tickets,
  users,
} from '../../../db/schema';
import {
  createMember,
  createTestProduct,
  joinWaitingList,
  memberApi,
  setInvoiceData,
} from '../../orders/test-fixtures';
import { createSession } from '../../../plugins/session';
import { payOnline } from '../../sales-desk/test-fixtures';
import { createTestUser } from '../../testing/create-test-user';
import { EXPORTED_COLUMNS } from './collect';
import { FIELDS } from './labels';
import { buildWaitingExports, expireExports } from './worker';

/**
 * The member's export (issue 31, RODO art. 15/20; docs/privacy.md): a member with every kind of data
 * gets each of it in the JSON and the readable copy; a dealer adds the bonus data and the customers
 * they registered; the link is the member's, the session's, single-use and short-lived; refusals,
 * rate limit, expiry; the build is claimed once when several processes run it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t?.close());

// biome-ignore lint/suspicious/noExplicitAny: the downloaded JSON is read field by field
type Json = Record<string, any>;

/** Asks for an export and waits until the background build has made it ready. */
async function readyExport(client: { post: Client['post']; get: Client['get'] }) {
  const asked = await client.post('/privacy/export');
  expect(asked.statusCode, asked.body).toBe(202);
  expect(asked.json().data).toMatchObject({ status: 'QUEUED', files: [] });
  for (let i = 0; i < 100; i++) {
    const state = (await client.get('/privacy/export')).json().data;
    if (state.export.status === 'READY') return state.export as Json;
    await buildWaitingExports(t.app);
  }
  throw new Error('the export never became ready');
}

async function download(client: Client, exportId: number, format: 'json' | 'html') {
  const link = await client.post(`/privacy/export/${exportId}/files/${format}/link`);
  expect(link.statusCode, link.body).toBe(200);
  const url = link.json().data.url as string;
  expect(url).toMatch(/^\/panel\/api\/v1\/privacy\/export\/download\/[A-Za-z0-9_-]{43}$/);
  return { url, res: await client.get(url) };
}

/** A member with one paid booking for two (invoice issued, one attendee checked in). */
async function memberWithHistory() {
  const member = await createMember(t.app.db);
  await t.app.db.update(users).set({ name: 'Zofia', surname: 'Wiśniewska' }).where(eq(users.id, member.id));
  await setInvoiceData(t.app.db, member.id);
  const api = memberApi(t.app, member);
  const { product } = await createTestProduct(t.app.db, { memberLimit: 3 });
  const line = (await api.post('/sales/cart/add', { product_id: product.id })).json().data.id;
  const filled = await api.post(`/sales/cart/update/${line}`, {
    quantity: 2,
    persons: [{ name: 'Jan', surname: 'Towarzyszący' }],
    terms: [],
  });
  expect(filled.statusCode, filled.body).toBe(200);
  const placed = await api.post('/sales/cart/order', { discount_code: '', is_invoice: 1 });
  expect(placed.statusCode, placed.body).toBe(200);
  const { order_id: orderId, payment_url: paymentUrl } = placed.json().data;
  await payOnline(t.app, paymentUrl, 300_000);
  const operator = await staffClient(t.app, 'OPERATOR');
  const issued = await operator.post(`/admin/invoices/orders/${orderId}/issue`);
  expect(issued.statusCode, issued.body).toBe(200);
  const experiences = (await operator.get('/admin/check-in/experiences')).json().data as Json[];
  const listId = experiences.find((e) => e.id === product.id)!.lists[0].id;
  const [ticket] = await t.app.db
    .select()
    .from(tickets)
    .where(eq(tickets.orderId, orderId))
    .orderBy(tickets.seat);
  const scanned = await operator.post(`/admin/check-in/lists/${listId}/scan`, {
    code: ticket!.code,
    gate: 'Brama 1',
  });
  expect(scanned.statusCode, scanned.body).toBe(200);

  // The waiting list of a sold-out experience, a seat offered from it, a consent given, an interest.
  const { product: soldOut } = await createTestProduct(t.app.db, { totalSeats: 0 });
  await joinWaitingList(t.app.db, soldOut.id, member.id);
  await t.app.db
    .insert(seatOffers)
    .values({ productId: soldOut.id, userId: member.id, expiresAt: new Date(Date.now() + 3_600_000) });
  await t.app.db.update(customers).set({ term4Email: true }).where(eq(customers.userId, member.id));
  const [interest] = await t.app.db
    .insert(interests)
    .values({ namePl: 'Tor wyścigowy', nameEn: 'Race track' })
    .returning();
  await t.app.db.insert(customerInterests).values({ userId: member.id, interestId: interest!.id });
  const client = new Client(t.app);
  client.cookie = member.cookie;
  client.csrf = member.csrf;
  return { member, client, orderId, ticketCode: ticket!.code, invoice: issued.json().data as Json, soldOut };
}

describe('a member with every kind of data', () => {
  let m: Awaited<ReturnType<typeof memberWithHistory>>;
  let ready: Json;
  beforeAll(async () => {
    m = await memberWithHistory();
    ready = await readyExport(m.client);
  }, 60_000);

  it('is told by mail, without any link that signs in; the stored files are sealed', async () => {
    expect(ready.files.map((f: Json) => f.format)).toEqual(['html', 'json']);
    expect(ready.expires_at).not.toBeNull();
    const mails = await t.app.db
      .select()
      .from(outbox)
      .where(sql`${outbox.to} = ${m.member.email} and ${outbox.template} = 'privacy-export-ready'`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('/panel/account/my-data');
    expect(mails[0]!.text).not.toMatch(/token|download/);
    expect(mails[0]!.secrets).toBeNull();
    const files = await t.app.db
      .select()
      .from(privacyExportFiles)
      .where(eq(privacyExportFiles.exportId, ready.id));
    for (const f of files) {
      expect(f.content).toMatch(/^v1\./);
      expect(f.content).not.toContain(m.member.email);
    }
  });

  it('the JSON holds the profile, consents with history, interests, orders with lines, attendees, payments, invoice, tickets and check-ins, waiting lists, mails, sessions', async () => {
    const { res } = await download(m.client, ready.id, 'json');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="excellence-club-my-data-\d{4}-\d\d-\d\d\.json"$/,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const data = JSON.parse(res.body) as Json;
    expect(data.account).toMatchObject({ email: m.member.email, name: 'Zofia', surname: 'Wiśniewska' });
    expect(data.customer).toMatchObject({
      invoice_company_name: 'Kowalski Sp. z o.o.',
      tax_number: '5260250274',
    });
    expect(data.consents.current.term_4_email).toBe(true);
    expect(data.consents.history).toContainEqual(
      expect.objectContaining({ consent: 'term_4_email', given: true }),
    );
    expect(data.interests).toEqual([expect.objectContaining({ name: 'Tor wyścigowy' })]);
    const order = data.orders.find((o: Json) => o.id === m.orderId);
    expect(order).toMatchObject({ status: 'PAID', total_grosze: 300_000, is_invoice: true });
    expect(order.lines[0]).toMatchObject({
      quantity: 2,
      persons: [{ name: 'Jan', surname: 'Towarzyszący' }],
    });
    expect(order.payments.map((p: Json) => p.kind)).toContain('PAID');
    expect(order.invoices).toEqual([expect.objectContaining({ number: m.invoice.number, kind: 'INVOICE' })]);
    expect(order.tickets.map((x: Json) => [x.seat, x.surname, x.status])).toEqual([
      [0, 'Wiśniewska', 'VALID'],
      [1, 'Towarzyszący', 'VALID'],
    ]);
    expect(order.tickets[0].check_ins).toEqual([expect.objectContaining({ gate: 'Brama 1' })]);
    expect(data.waiting_lists.notify_me).toEqual([expect.objectContaining({ experience: m.soldOut.namePl })]);
    expect(data.waiting_lists.seat_offers).toEqual([expect.objectContaining({ status: 'OFFERED' })]);
    expect(data.mails.map((x: Json) => x.template)).toEqual(expect.arrayContaining(['order-paid']));
    expect(data.mails[0]).not.toHaveProperty('text');
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data).not.toHaveProperty('bonus');
    // Nothing that would let the holder of the file act as the member.
    const [row] = await t.app.db.select().from(users).where(eq(users.id, m.member.id));
    for (const secret of [row!.passwordHash!, m.ticketCode, m.member.cookie.split('=')[1]!])
      expect(res.body).not.toContain(secret);
    // Every field of the export has its words in both languages in the readable copy.
    const sections = new Set([
      ...['format', 'version', 'generated_at', 'account', 'customer', 'consents', 'current', 'history'],
      ...['interests', 'cart', 'orders', 'lines', 'payments', 'invoices', 'tickets', 'waiting_lists'],
      ...['notify_me', 'seat_offers', 'mails', 'sessions', 'single_use_links', 'exports', 'photos'],
    ]);
    const unnamed = new Set<string>();
    const walk = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object')
        for (const [k, x] of Object.entries(v)) {
          if (!sections.has(k) && !FIELDS[k]) unnamed.add(k);
          walk(x);
        }
    };
    walk(data);
    expect([...unnamed]).toEqual([]);
  });

  it('each file downloads once; the link is single-use and only for the session that asked', async () => {
    // Used above: the JSON's link is spent and its file emptied.
    const again = await m.client.post(`/privacy/export/${ready.id}/files/json/link`);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ code: 'EXPORT_GONE' });
    expect(again.json().message).toContain('pobrany');

    const link = await m.client.post(`/privacy/export/${ready.id}/files/html/link`);
    const url = link.json().data.url as string;
    // The same member in another session, another member, nobody: never the file.
    const other = await createMember(t.app.db);
    const otherClient = new Client(t.app);
    otherClient.cookie = other.cookie;
    otherClient.csrf = other.csrf;
    expect((await otherClient.get(url)).statusCode).toBe(404);
    expect((await new Client(t.app).get(url)).statusCode).toBe(401);
    const sameMemberElsewhere = new Client(t.app);
    sameMemberElsewhere.cookie = `club_session=${(await createSession(t.app.db, m.member.id)).cookie}`;
    expect((await sameMemberElsewhere.get(url)).statusCode).toBe(404);
    // Another member cannot see or reach the export at all.
    expect((await otherClient.get('/privacy/export')).json().data.export).toBeNull();
    expect((await otherClient.post(`/privacy/export/${ready.id}/files/html/link`)).statusCode).toBe(404);

    const res = await m.client.get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="excellence-club-my-data-[\d-]+\.html"$/,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).toContain('<html lang="pl">');
    expect(res.body).toContain('Twoje dane w Excellence Club');
    expect(res.body).toContain(`Zamówienie nr ${m.orderId}`);
    expect(res.body).toContain('Towarzyszący');
    expect(res.body).toContain('Brama 1');
    expect(res.body).not.toContain('<script');
    expect((await m.client.get(url)).statusCode).toBe(404);

    const state = (await m.client.get('/privacy/export')).json().data.export;
    expect(state.files.every((f: Json) => f.downloaded_at !== null)).toBe(true);
    const files = await t.app.db
      .select()
      .from(privacyExportFiles)
      .where(eq(privacyExportFiles.exportId, ready.id));
    expect(files.map((f) => [f.content, f.linkHash])).toEqual([
      [null, null],
      [null, null],
    ]);
  });
});

describe('a dealer', () => {
  it('adds the bonus data (PESEL whole: the copy is theirs) and the customers they registered, without those customers’ own data', async () => {
    const d = await createTestUser(t.app.db, { type: 'DEALER', language: 'en' });
    const dealer = await signedInAs(t.app, d.email, d.password);
    await dealer.post('/auth/check-password', { password: d.password });
    expect((await dealer.post('/bonus/store', bonusBody)).statusCode).toBe(200);
    const body = newCustomerBody(2);
    const registered = await dealer.post('/dealers/customers/register/new', body);
    expect(registered.statusCode, registered.body).toBe(200);
    const ready = await readyExport(dealer);
    const { res } = await download(dealer, ready.id, 'json');
    const data = JSON.parse(res.body) as Json;
    expect(data.language).toBe('en');
    expect(data.bonus).toMatchObject({
      pesel: bonusBody.pesel,
      tax_office: bonusBody.tax_office,
      name: 'Piotr',
    });
    expect(data.registered_customers).toEqual([
      expect.objectContaining({ email: body.user.email, name: 'Adam', model: 'X7', contract_number: 'UM/1' }),
    ]);
    // The customer's own data (the address they keep, their consents) is not the dealer's.
    expect(JSON.stringify(data.registered_customers)).not.toMatch(/Długa|term_1|street/);
    const html = (await download(dealer, ready.id, 'html')).res.body;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('Customers you registered');
    expect(html).toContain('Bonus programme');
  }, 30_000);
});

describe('refusals', () => {
  it('401 without a session, 403 without the CSRF header, 422 for a wrong format or id, in the member’s language', async () => {
    const anonymous = new Client(t.app);
    expect((await anonymous.get('/privacy/export')).statusCode).toBe(401);
    expect((await anonymous.post('/privacy/export')).statusCode).toBe(401);
    const member = await createMember(t.app.db, { language: 'en' });
    const client = new Client(t.app);
    client.cookie = member.cookie;
    client.csrf = member.csrf;
    const noCsrf = await client.post('/privacy/export', {}, { csrf: false });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().code).toBe('CSRF');
    expect((await client.post('/privacy/export/1/files/json/link', {}, { csrf: false })).statusCode).toBe(
      403,
    );
    const badFormat = await client.post('/privacy/export/1/files/pdf/link');
    expect(badFormat.statusCode).toBe(422);
    expect(badFormat.json().errors.format).toBeDefined();
    expect((await client.post('/privacy/export/abc/files/json/link')).statusCode).toBe(422);
    expect((await client.get('/privacy/export/download/short')).statusCode).toBe(422);
    expect((await client.get(`/privacy/export/download/${'A'.repeat(43)}`)).statusCode).toBe(404);
    expect((await client.post('/privacy/export/2147483647/files/json/link')).statusCode).toBe(404);
    // Staff have no export of their own.
    const operator = await staffClient(t.app, 'OPERATOR');
    expect((await operator.get('/privacy/export')).statusCode).toBe(403);
  });

  it('one at a time (409 while one is built), three a day (429), a link only when ready', async () => {
    const member = await createMember(t.app.db, { language: 'en' });
    const client = new Client(t.app);
    client.cookie = member.cookie;
    client.csrf = member.csrf;
    const [building] = await t.app.db
      .insert(privacyExports)
      .values({ userId: member.id, language: 'en', status: 'BUILDING', startedAt: new Date() })
      .returning();
    const busy = await client.post('/privacy/export');
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ code: 'EXPORT_IN_PROGRESS' });
    expect(busy.json().message).toContain('already being prepared');
    const early = await client.post(`/privacy/export/${building!.id}/files/json/link`);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('EXPORT_NOT_READY');
    await t.app.db.delete(privacyExports).where(eq(privacyExports.id, building!.id));

    for (let i = 0; i < RATE_LIMITS.privacyExport.max; i++)
      await t.app.limiter.hit(`privacy-export:${member.id}`, RATE_LIMITS.privacyExport);
    const limited = await client.post('/privacy/export');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('TOO_MANY_ATTEMPTS');
    expect(limited.json().message).toBe(
      'A copy of your data can be requested 3 times a day. You can request the next one in 24 hours.',
    );
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('a copy past its time is emptied; a link past its minutes is refused; a new copy replaces the old', async () => {
    const member = await createMember(t.app.db);
    const client = new Client(t.app);
    client.cookie = member.cookie;
    client.csrf = member.csrf;
    const first = await readyExport(client);
    const link = (await client.post(`/privacy/export/${first.id}/files/json/link`)).json().data.url;
    await t.app.db
      .update(privacyExportFiles)
      .set({ linkExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(privacyExportFiles.exportId, first.id));
    expect((await client.get(link)).statusCode).toBe(410);

    const second = await readyExport(client);
    const old = await t.app.db
      .select()
      .from(privacyExportFiles)
      .where(eq(privacyExportFiles.exportId, first.id));
    expect(old.every((f) => f.content === null)).toBe(true);
    expect((await client.get('/privacy/export')).json().data.export.id).toBe(second.id);

    await t.app.db
      .update(privacyExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(privacyExports.id, second.id));
    expect((await client.get('/privacy/export')).json().data.export).toMatchObject({
      status: 'EXPIRED',
      files: [],
    });
    expect(await expireExports(t.app)).toBeGreaterThanOrEqual(1);
    const files = await t.app.db
      .select()
      .from(privacyExportFiles)
      .where(eq(privacyExportFiles.exportId, second.id));
    expect(files.every((f) => f.content === null)).toBe(true);
    expect((await client.post(`/privacy/export/${second.id}/files/html/link`)).statusCode).toBe(410);
  }, 30_000);
});

describe('the background build', () => {
  it('several processes running it at once build each export once', async () => {
    const members = await Promise.all([1, 2, 3].map(() => createMember(t.app.db)));
    const ids = [];
    for (const m of members) {
      const [row] = await t.app.db
        .insert(privacyExports)
        .values({ userId: m.id, language: 'pl' })
        .returning();
      ids.push(row!.id);
    }
    await Promise.all([buildWaitingExports(t.app), buildWaitingExports(t.app), buildWaitingExports(t.app)]);
    for (const [i, id] of ids.entries()) {
      const [row] = await t.app.db.select().from(privacyExports).where(eq(privacyExports.id, id));
      expect(row).toMatchObject({ status: 'READY', attempts: 1 });
      const files = await t.app.db
        .select()
        .from(privacyExportFiles)
        .where(eq(privacyExportFiles.exportId, id));
      expect(files).toHaveLength(2);
      const mails = await t.app.db
        .select()
        .from(outbox)
        .where(sql`${outbox.to} = ${members[i]!.email} and ${outbox.template} = 'privacy-export-ready'`);
      expect(mails).toHaveLength(1);
    }
  });

  it.skipIf(DB_KIND !== 'postgres')(
    'two server processes on one database share the work, and either one hands the file over',
    async () => {
      const second = await createTestApp({ sameDatabaseAs: t });
      try {
        const members = await Promise.all([1, 2, 3, 4].map(() => createMember(t.app.db)));
        const ids: number[] = [];
        for (const m of members) {
          const [row] = await t.app.db
            .insert(privacyExports)
            .values({ userId: m.id, language: 'en' })
            .returning();
          ids.push(row!.id);
        }
        await Promise.all([buildWaitingExports(t.app), buildWaitingExports(second.app)]);
        const rows = await t.app.db.select().from(privacyExports).where(inArray(privacyExports.id, ids));
        expect(rows.map((r) => [r.status, r.attempts])).toEqual(ids.map(() => ['READY', 1]));
        const mails = await t.app.db
          .select()
          .from(outbox)
          .where(
            and(
              inArray(
                outbox.to,
                members.map((m) => m.email),
              ),
              eq(outbox.template, 'privacy-export-ready'),
            ),
          );
        expect(mails).toHaveLength(4);
        // A link asked of one process is served by the other (the session and the file are in the database).
        const first = new Client(t.app);
        first.cookie = members[0]!.cookie;
        first.csrf = members[0]!.csrf;
        const link = (await first.post(`/privacy/export/${ids[0]}/files/json/link`)).json().data.url;
        const other = new Client(second.app);
        other.cookie = members[0]!.cookie;
        const res = await other.get(link);
        expect(res.statusCode).toBe(200);
        expect(JSON.parse(res.body).account.email).toBe(members[0]!.email);
      } finally {
        await second.close();
      }
    },
    60_000,
  );

  it('EXPORTED_COLUMNS names what the export reads, and never a secret', () => {
    expect(EXPORTED_COLUMNS.orders).toEqual(
      expect.arrayContaining(['total_grosze', 'invoice_data', 'buyer']),
    );
    expect(EXPORTED_COLUMNS.bonus_signups).toContain('pesel');
    expect(EXPORTED_COLUMNS.users).not.toContain('password_hash');
    expect(EXPORTED_COLUMNS.users).not.toContain('calendar_token');
    expect(EXPORTED_COLUMNS.tickets).not.toContain('code');
    expect(EXPORTED_COLUMNS.sessions).not.toContain('id');
    expect(EXPORTED_COLUMNS.outbox).not.toContain('text');
    expect(Object.keys(EXPORTED_COLUMNS)).toEqual(
      expect.arrayContaining(['orders', 'consent_events', 'check_ins']),
    );
  });
});
