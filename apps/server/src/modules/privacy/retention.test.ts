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
import {
  auditLog,
  consentProofs,
  customers,
  invoices,
  ksefSubmissions,
  orders,
  outbox,
  rateLimits,
  sessions,
  userTokens,
  users,
} from '../../db/schema';
import { type RetentionCounts, runRetention } from './retention';

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
const tag = () => randomBytes(6).toString('hex');

/** Rows each rule must act on (old) and must leave (recent); returns their ids. */
async function oldAndNew(t: TestApp) {
  const db = t.app.db;
  const k = tag();
  const [oldMail, newMail] = await db
    .insert(outbox)
    .values([
      {
        to: `old-${k}@example.com`,
        subject: 'S',
        text: 'old body',
        html: '<p>old</p>',
        template: 't',
        status: 'SENT',
        createdAt: ago(40),
      },
      {
        to: `new-${k}@example.com`,
        subject: 'S',
        text: 'new body',
        template: 't',
        status: 'SENT',
        createdAt: ago(2),
      },
    ])
    .returning({ id: outbox.id });
  const [oldAudit, newAudit] = await db
    .insert(auditLog)
    .values([
      {
        actorEmail: 'a@club.example',
        action: 'update',
        entityType: 'product',
        address: '10.0.0.1',
        at: ago(200),
      },
      {
        actorEmail: 'a@club.example',
        action: 'update',
        entityType: 'product',
        address: '10.0.0.2',
        at: ago(20),
      },
    ])
    .returning({ id: auditLog.id });
  const dealer = await createTestUser(db, { type: 'DEALER' });
  const unaccepted = [];
  for (const days of [100, 10]) {
    const c = await createTestUser(db, { type: 'CUSTOMER' });
    await db
      .update(customers)
      .set({ dealerId: dealer.id, registrationType: 'NEW', status: 'WAITING_TERMS', createdAt: ago(days) })
      .where(eq(customers.userId, c.id));
    unaccepted.push(c.id);
  }
  const [oldProof, newProof] = await db
    .insert(consentProofs)
    .values(
      [4 * 365, 365].map((days) => ({
        subject: tag(),
        subjectKeyId: 'k',
        consent: 'term_1',
        given: true,
        actor: 'member' as const,
        source: 'account_profile' as const,
        at: ago(days + 30),
        removedAt: ago(days),
      })),
    )
    .returning({ id: consentProofs.id });
  const member = await createTestUser(db, { type: 'CUSTOMER' });
  await db.insert(sessions).values([
    { id: `old-${k}`, userId: member.id, csrfToken: 'x', expiresAt: ago(1) },
    { id: `new-${k}`, userId: member.id, csrfToken: 'x', expiresAt: new Date(Date.now() + DAY) },
  ]);
  await db.insert(userTokens).values([
    { userId: member.id, purpose: 'RESET_PASSWORD', tokenHash: `old-${k}`, expiresAt: ago(1) },
    {
      userId: member.id,
      purpose: 'RESET_PASSWORD',
      tokenHash: `new-${k}`,
      expiresAt: new Date(Date.now() + DAY),
    },
  ]);
  await db.insert(rateLimits).values([
    { key: `old-${k}`, count: 1, resetAt: ago(1) },
    { key: `new-${k}`, count: 1, resetAt: new Date(Date.now() + DAY) },
  ]);
  // Orders of removed members (user_id null) with an invoice: one issued long ago, one this year.
  const year = new Date().getUTCFullYear();
  const invoiced = [];
  for (const issued of [`${year - 7}-03-10`, `${year}-01-10`]) {
    const [order] = await db
      .insert(orders)
      .values({
        userId: null,
        status: 'PAID',
        totalGrosze: 1000,
        isInvoice: true,
        invoiceData: { invoice_company_name: `Firma ${k}` },
        buyer: { anonymised: true },
      })
      .returning({ id: orders.id });
    const [invoice] = await db
      .insert(invoices)
      .values({
        orderId: order!.id,
        kind: 'INVOICE',
        number: `FV/R/${tag()}`,
        series: 'FV',
        period: `R${tag()}`,
        sequence: 1,
        issueDate: issued,
        saleDate: issued,
        grossGrosze: 1000,
        buyerName: `Firma ${k}`,
        buyerTaxNumber: '5260250274',
        data: {
          buyer: { name: `Firma ${k}`, nip: '5260250274', address: ['Polna 1', '00-001 Warszawa'] },
          lines: 2,
        },
      })
      .returning({ id: invoices.id });
    await db
      .insert(ksefSubmissions)
      .values({ invoiceId: invoice!.id, xml: `<Nazwa>Firma ${k}</Nazwa>`, status: 'ACCEPTED' });
    invoiced.push({ order: order!.id, invoice: invoice!.id });
  }
  return { k, oldMail, newMail, oldAudit, newAudit, unaccepted, oldProof, newProof, invoiced };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('the retention job', () => {
  it('applies each period to what is past it only, and a second run does nothing', async () => {
    const rows = await oldAndNew(t);
    const db = t.app.db;
    const first = await runRetention(t.app);
    expect(first).not.toBeNull();
    for (const rule of [
      'invoice_orders',
      'outbox_bodies',
      'audit_addresses',
      'unaccepted_customers',
      'consent_proofs',
      'sessions',
      'tokens',
      'rate_limits',
    ] as const)
      expect(first!.counts[rule], rule).toBeGreaterThanOrEqual(1);

    const mails = await db
      .select()
      .from(outbox)
      .where(sql`${outbox.id} in (${rows.oldMail!.id}, ${rows.newMail!.id})`)
      .orderBy(outbox.id);
    expect(mails.map((m) => [m.text, m.html])).toEqual([
      ['', null],
      ['new body', null],
    ]);
    expect(mails[0]!.to).toContain('old-');
    const audits = await db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.id} in (${rows.oldAudit!.id}, ${rows.newAudit!.id})`)
      .orderBy(auditLog.id);
    expect(audits.map((a) => a.address)).toEqual([null, '10.0.0.2']);
    const left = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.id} in (${rows.unaccepted[0]!}, ${rows.unaccepted[1]!})`);
    expect(left.map((u) => u.id)).toEqual([rows.unaccepted[1]]);
    const proofs = await db
      .select({ id: consentProofs.id })
      .from(consentProofs)
      .where(sql`${consentProofs.id} in (${rows.oldProof!.id}, ${rows.newProof!.id})`);
    expect(proofs.map((p) => p.id)).toEqual([rows.newProof!.id]);
    expect(
      (
        await db
          .select()
          .from(sessions)
          .where(sql`${sessions.id} like ${`%-${rows.k}`}`)
      ).map((s) => s.id),
    ).toEqual([`new-${rows.k}`]);
    expect(
      (
        await db
          .select()
          .from(userTokens)
          .where(sql`${userTokens.tokenHash} like ${`%-${rows.k}`}`)
      ).map((s) => s.tokenHash),
    ).toEqual([`new-${rows.k}`]);
    expect(
      (
        await db
          .select()
          .from(rateLimits)
          .where(sql`${rateLimits.key} like ${`%-${rows.k}`}`)
      ).map((s) => s.key),
    ).toEqual([`new-${rows.k}`]);
    const [oldOrder, newOrder] = await Promise.all(
      rows.invoiced.map(async ({ order, invoice }) => ({
        order: (await db.select().from(orders).where(eq(orders.id, order)))[0]!,
        invoice: (await db.select().from(invoices).where(eq(invoices.id, invoice)))[0]!,
        ksef: (await db.select().from(ksefSubmissions).where(eq(ksefSubmissions.invoiceId, invoice)))[0]!,
      })),
    );
    expect(oldOrder!.order.invoiceData).toBeNull();
    expect(oldOrder!.invoice).toMatchObject({
      buyerName: '',
      buyerTaxNumber: '',
      data: { buyer: { name: '', nip: '', address: [] }, lines: 2 },
    });
    expect(oldOrder!.ksef.xml).toBeNull();
    expect(newOrder!.order.invoiceData).toEqual({ invoice_company_name: `Firma ${rows.k}` });
    expect(newOrder!.invoice.buyerName).toBe(`Firma ${rows.k}`);
    expect(newOrder!.ksef.xml).toContain(rows.k);

    const second = await runRetention(t.app);
    expect(
      Object.values(second!.counts).every((n) => n === 0),
      JSON.stringify(second!.counts),
    ).toBe(true);
  });

  it.runIf(DB_KIND === 'postgres')('works once when two processes run it at the same moment', async () => {
    const other = await createTestApp({ sameDatabaseAs: t });
    try {
      const rows = await oldAndNew(t);
      const runs = await Promise.all([runRetention(t.app), runRetention(other.app), runRetention(t.app)]);
      const done = runs.filter((r): r is { id: number; counts: RetentionCounts } => r !== null);
      expect(done.length).toBeGreaterThanOrEqual(1);
      const total = (rule: keyof RetentionCounts) => done.reduce((n, r) => n + r.counts[rule], 0);
      // Exactly this test's rows: each acted on once, whichever process got there.
      for (const rule of [
        'outbox_bodies',
        'audit_addresses',
        'unaccepted_customers',
        'consent_proofs',
        'invoice_orders',
      ] as const)
        expect(total(rule), rule).toBe(1);
      const [mail] = await t.app.db.select().from(outbox).where(eq(outbox.id, rows.oldMail!.id));
      expect(mail!.text).toBe('');
    } finally {
      await other.close();
    }
  });

  it('shows staff the periods and the last run; members and strangers are refused', async () => {
    await runRetention(t.app);
    const operator = await staffClient(t.app, 'OPERATOR', { language: 'en' });
    const res = await operator.get('/admin/privacy/retention');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.periods).toEqual({
      outbox_body_days: 30,
      audit_address_months: 6,
      dealer_customer_unaccepted_days: 90,
      consent_proof_years: 3,
      invoice_retention_years: 5,
    });
    // The configured interval: test apps run the job only on demand (helpers.ts), a server every 360 minutes.
    expect(data.interval_minutes).toBe(0);
    expect(Object.keys(data.last_run.counts)).toContain('outbox_bodies');
    expect(Date.parse(data.last_run.finished_at)).toBeGreaterThan(Date.now() - 60_000);
    const member = await createTestUser(t.app.db, { type: 'CUSTOMER' });
    expect(
      (await (await signedInAs(t.app, member.email, member.password)).get('/admin/privacy/retention'))
        .statusCode,
    ).toBe(403);
    expect((await new Client(t.app).get('/admin/privacy/retention')).statusCode).toBe(401);
  });
});

describe('staff remove an account on a written request', () => {
  it('erases it with an audit row naming the request, once; administrators only, with CSRF and a valid request', async () => {
    const admin = await staffClient(t.app, 'ADMIN', { language: 'en' });
    const member = await createTestUser(t.app.db, { type: 'CUSTOMER' });
    const path = `/admin/members/item/${member.id}/remove`;

    const empty = await admin.post(path, { request: ' ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.request).toEqual(['This field is required.']);
    const adminPl = await staffClient(t.app, 'ADMIN');
    expect((await adminPl.post(path, { request: 'ab' })).json().errors.request[0]).toMatch(/co najmniej 3/);
    expect((await admin.post(path, { request: 'RODO\u0000/1' })).statusCode).toBe(422);
    expect((await admin.post(path, { request: 'RODO/2026/014' }, { csrf: false })).statusCode).toBe(403);
    const operator = await staffClient(t.app, 'OPERATOR');
    expect((await operator.post(path, { request: 'RODO/2026/014' })).statusCode).toBe(403);
    expect((await new Client(t.app).post(path, { request: 'RODO/2026/014' })).statusCode).toBe(401);
    // Staff accounts are not removed here (the staff screen deactivates them).
    expect(
      (await admin.post(`/admin/members/item/${operator.account!.id}/remove`, { request: 'RODO/2026/014' }))
        .statusCode,
    ).toBe(404);

    const done = await admin.post(path, { request: 'RODO/2026/014' });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toEqual({ removed: true });
    expect(await t.app.db.select().from(users).where(eq(users.id, member.id))).toEqual([]);
    const [row] = await auditRows(t.app, 'member', member.id);
    expect(row).toMatchObject({
      action: 'erase',
      after: { request: 'RODO/2026/014' },
      before: { type: 'CUSTOMER' },
    });
    expect(JSON.stringify(row)).not.toContain(member.email);
    expect((await admin.post(path, { request: 'RODO/2026/014' })).statusCode).toBe(404);
  });
});
