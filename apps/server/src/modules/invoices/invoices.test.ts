import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditRows,
  Client,
  createTestApp,
  createTestUser,
  DB_KIND,
  skipIfNoDatabase,
  staffClient,
  type TestApp,
} from '../../../test/helpers';
import { customers, invoices } from '../../db/schema';
import { validProductBody } from '../catalog/admin-test-fixtures';
import { createTestProduct } from '../orders/test-fixtures';
import type { InvoiceDocument } from './document';
import { nextInvoiceNumber } from './numbering';
import { paidInvoiceOrder } from './test-fixtures';

/** VAT invoices over HTTP (docs/invoices.md), on PGlite and PostgreSQL. */
describe.skipIf(skipIfNoDatabase)('VAT invoices', () => {
  let t: TestApp;
  let operator: Client;
  let admin: Client;
  let customer: Client;
  let dealer: Client;
  let anonymous: Client;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    operator = await staffClient(t.app, 'OPERATOR');
    admin = await staffClient(t.app, 'ADMIN', { language: 'en' });
    customer = new Client(t.app);
    const c = await createTestUser(t.app.db, { type: 'CUSTOMER' });
    await customer.login(c.email, c.password);
    dealer = new Client(t.app);
    const d = await createTestUser(t.app.db, { type: 'DEALER' });
    await dealer.login(d.email, d.password);
    anonymous = new Client(t.app);
  });
  afterAll(() => t?.close());

  /** 401 without a session, 403 for members and dealers, 403 CSRF without the header. */
  async function guarded(method: 'GET' | 'POST', path: string, body?: unknown) {
    const call = (c: Client, opts?: { csrf?: boolean }) =>
      c.request(method, path, body ?? (method === 'POST' ? {} : undefined), opts);
    expect((await call(anonymous)).statusCode).toBe(401);
    for (const who of [customer, dealer]) {
      const res = await call(who);
      expect(res.statusCode, path).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    if (method === 'POST') {
      const res = await call(operator, { csrf: false });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('CSRF');
    }
  }

  const year = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Warsaw' }).slice(0, 4);

  describe('the queue and issuing', () => {
    it('lists a paid order that asked for an invoice, issues it once with the next number, audited', async () => {
      const { orderId } = await paidInvoiceOrder(t.app);
      const queue = await operator.get(`/admin/invoices/requests?where[search]=${orderId}`);
      expect(queue.statusCode, queue.body).toBe(200);
      expect(queue.json().data).toEqual([
        expect.objectContaining({
          order_id: orderId,
          total: 1500,
          company_name: 'Kowalski Sp. z o.o.',
          tax_number: 'PL5260250274',
        }),
      ]);

      const res = await operator.post(`/admin/invoices/orders/${orderId}/issue`);
      expect(res.statusCode, res.body).toBe(200);
      const invoice = res.json().data;
      expect(invoice).toMatchObject({
        order_id: orderId,
        kind: 'INVOICE',
        gross: 1500,
        buyer_name: 'Kowalski Sp. z o.o.',
        buyer_tax_number: '5260250274',
        corrects_number: null,
      });
      expect(invoice.number).toMatch(new RegExp(`^FV/${year()}/\\d{6}$`));

      const audit = await auditRows(t.app, 'invoice', invoice.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ action: 'issue', actorEmail: operator.account!.email });
      expect(audit[0]!.after).toMatchObject({ number: invoice.number, orderId, grossGrosze: 150_000 });

      // Gone from the queue, in the list; never twice.
      expect((await operator.get(`/admin/invoices/requests?where[search]=${orderId}`)).json().data).toEqual(
        [],
      );
      const list = (
        await admin.get(`/admin/invoices/items?where[search]=${encodeURIComponent(invoice.number)}`)
      ).json();
      expect(list.data).toEqual([invoice]);
      const again = await admin.post(`/admin/invoices/orders/${orderId}/issue`);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'INVOICE_EXISTS' });
      expect(again.json().message).toContain(invoice.number);
      expect(again.json().message).toContain('already been issued');
    });

    it('splits gross into net and VAT per line, by the experience rate, after the discount share', async () => {
      const { orderId } = await paidInvoiceOrder(t.app, { priceGrosze: 10_001, vatRate: 8, quantity: 2 });
      const res = await operator.post(`/admin/invoices/orders/${orderId}/issue`);
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await t.app.db.select().from(invoices).where(eq(invoices.id, res.json().data.id));
      const doc = row!.data as InvoiceDocument;
      // 200,02 zł gross at 8%: net 185,20 (185.2037 rounded), VAT 14,82.
      expect(doc.lines).toEqual([
        expect.objectContaining({
          quantity: 2,
          vatRate: 8,
          net: 18_520,
          vat: 1_482,
          gross: 20_002,
          unitNet: 9_260,
        }),
      ]);
      expect(doc.totals).toEqual([{ vatRate: 8, net: 18_520, vat: 1_482, gross: 20_002 }]);
      expect(doc.seller).toMatchObject({ name: t.app.config.INVOICE_SELLER_NAME, nip: '1234563218' });
      expect(doc.payment).toMatchObject({ paid: true });
    });

    it("edits an experience's VAT rate in the console (23% unless told; only the Polish rates)", async () => {
      const { product } = await createTestProduct(t.app.db);
      const body = (o: Record<string, unknown> = {}) =>
        validProductBody({
          alias: null,
          category_id: product.categoryId,
          interest_ids: [],
          partner_ids: [],
          ...o,
        });
      const made = await operator.post('/admin/catalog/products', body());
      expect(made.statusCode, made.body).toBe(201);
      expect(made.json().data.vat_rate).toBe(23);
      const { id, version } = made.json().data;
      const saved = await operator.request('PUT', `/admin/catalog/products/${id}`, {
        version,
        product: body({ vat_rate: 8 }),
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data.vat_rate).toBe(8);
      const bad = await operator.post(
        '/admin/catalog/products',
        validProductBody({ alias: null, vat_rate: 7 }),
      );
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors['product.vat_rate'] ?? bad.json().errors.vat_rate).toBeDefined();
    });

    it('keeps the invoice data as it was when the member ordered', async () => {
      const { orderId, member } = await paidInvoiceOrder(t.app);
      await t.app.db
        .update(customers)
        .set({ invoiceCompanyName: 'Zmieniona Firma S.A.' })
        .where(eq(customers.userId, member.id));
      const res = await operator.post(`/admin/invoices/orders/${orderId}/issue`);
      expect(res.json().data.buyer_name).toBe('Kowalski Sp. z o.o.');
    });

    it('refuses an unpaid order (409, clear message), an order without a request, an unknown one', async () => {
      const unpaid = await paidInvoiceOrder(t.app, { paid: false });
      const res = await operator.post(`/admin/invoices/orders/${unpaid.orderId}/issue`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'ORDER_NOT_PAID' });
      expect(res.json().message).toBe(
        `Zamówienie nr ${unpaid.orderId} nie jest opłacone: fakturę wystawia się dopiero po zapłacie.`,
      );
      const inEnglish = await admin.post(`/admin/invoices/orders/${unpaid.orderId}/issue`);
      expect(inEnglish.json().message).toBe(
        `Order ${unpaid.orderId} is not paid: an invoice is issued only after payment.`,
      );
      expect(
        (await operator.get(`/admin/invoices/requests?where[search]=${unpaid.orderId}`)).json().data,
      ).toEqual([]);

      const plain = await paidInvoiceOrder(t.app, { invoice: false });
      const notAsked = await operator.post(`/admin/invoices/orders/${plain.orderId}/issue`);
      expect(notAsked.statusCode).toBe(409);
      expect(notAsked.json().code).toBe('INVOICE_NOT_REQUESTED');

      expect((await operator.post('/admin/invoices/orders/999999/issue')).statusCode).toBe(404);
      expect((await operator.post('/admin/invoices/orders/abc/issue')).statusCode).toBe(422);
      expect(await t.app.db.select().from(invoices).where(eq(invoices.orderId, unpaid.orderId))).toEqual([]);
    });

    it('validates the lists: sorts, kinds, dates, pages', async () => {
      for (const bad of [
        '/admin/invoices/requests?sort=nope',
        '/admin/invoices/requests?page=0',
        '/admin/invoices/requests?dir=up',
        `/admin/invoices/requests?where[search]=${'x'.repeat(101)}`,
        '/admin/invoices/items?where[kind]=RECEIPT',
        '/admin/invoices/items?where[from]=2026-13-01',
        '/admin/invoices/items?where[from]=2026-05-02&where[to]=2026-05-01',
      ]) {
        const res = await operator.get(bad);
        expect(res.statusCode, bad).toBe(422);
        expect(res.json().code).toBe('VALIDATION');
      }
      const corrections = (
        await operator.get('/admin/invoices/items?where[kind]=CORRECTION&sort=number&dir=asc')
      ).json();
      expect(corrections.data.every((i: { kind: string }) => i.kind === 'CORRECTION')).toBe(true);
      const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Warsaw' });
      const issuedToday = (
        await operator.get(`/admin/invoices/items?where[from]=${today}&where[to]=${today}&sort=gross`)
      ).json();
      expect(issuedToday.meta).toMatchObject({ current_page: 1, per_page: 20 });
      expect(issuedToday.data.length).toBeGreaterThan(0);
    });

    it('guards every staff route: 401, 403 for members and dealers, 403 without CSRF', async () => {
      const { orderId } = await paidInvoiceOrder(t.app);
      await guarded('GET', '/admin/invoices/requests');
      await guarded('GET', '/admin/invoices/items');
      await guarded('POST', `/admin/invoices/orders/${orderId}/issue`);
      await guarded('POST', `/admin/invoices/orders/${orderId}/correct`, { amount: 1 });
      await guarded('GET', '/admin/invoices/item/1/pdf');
      // Nothing was issued by the refused calls.
      expect(await t.app.db.select().from(invoices).where(eq(invoices.orderId, orderId))).toEqual([]);
    });
  });

  describe('correcting invoices', () => {
    it('issues a correction in its own series for part of the invoice, never beyond what is left', async () => {
      const { orderId } = await paidInvoiceOrder(t.app);
      const original = (await operator.post(`/admin/invoices/orders/${orderId}/issue`)).json().data;
      const res = await operator.post(`/admin/invoices/orders/${orderId}/correct`, {
        amount: 500.5,
        reason: 'Zwrot części',
      });
      expect(res.statusCode, res.body).toBe(200);
      const correction = res.json().data;
      expect(correction).toMatchObject({
        kind: 'CORRECTION',
        gross: 500.5,
        corrects_number: original.number,
        order_id: orderId,
      });
      expect(correction.number).toMatch(new RegExp(`^FK/${year()}/\\d{6}$`));
      const [row] = await t.app.db.select().from(invoices).where(eq(invoices.id, correction.id));
      const doc = row!.data as InvoiceDocument;
      expect(doc.corrects).toEqual({ number: original.number, issueDate: original.issue_date });
      expect(doc.total).toEqual({ net: -40_691, vat: -9_359, gross: -50_050 });
      expect(doc.reason).toBe('Zwrot części');
      expect((await auditRows(t.app, 'invoice', correction.id))[0]).toMatchObject({ action: 'correct' });

      const tooMuch = await admin.post(`/admin/invoices/orders/${orderId}/correct`, { amount: 1000 });
      expect(tooMuch.statusCode).toBe(422);
      expect(tooMuch.json()).toMatchObject({ code: 'VALIDATION' });
      expect(tooMuch.json().errors.amount[0]).toContain('999.50');
      const rest = await operator.post(`/admin/invoices/orders/${orderId}/correct`, { amount: 999.5 });
      expect(rest.statusCode, rest.body).toBe(200);
      expect(
        (await operator.post(`/admin/invoices/orders/${orderId}/correct`, { amount: 0.01 })).statusCode,
      ).toBe(422);
    });

    it('validates the amount and refuses an order without an invoice', async () => {
      const { orderId } = await paidInvoiceOrder(t.app);
      const none = await operator.post(`/admin/invoices/orders/${orderId}/correct`, { amount: 10 });
      expect(none.statusCode).toBe(409);
      expect(none.json().code).toBe('INVOICE_MISSING');
      await operator.post(`/admin/invoices/orders/${orderId}/issue`);
      for (const body of [
        {},
        { amount: 0 },
        { amount: -5 },
        { amount: 1.234 },
        { amount: '10' },
        { amount: 10, reason: 'x'.repeat(201) },
      ]) {
        const res = await operator.post(`/admin/invoices/orders/${orderId}/correct`, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
        expect(res.json().code).toBe('VALIDATION');
      }
    });
  });

  describe("the member's invoices", () => {
    it('lists the invoices of their own order and gives the PDF; another member gets 404', async () => {
      const { orderId, api } = await paidInvoiceOrder(t.app);
      expect((await api.get(`/sales/orders/item/${orderId}/invoices`)).json().data).toEqual([]);
      const invoice = (await operator.post(`/admin/invoices/orders/${orderId}/issue`)).json().data;
      const mine = await api.get(`/sales/orders/item/${orderId}/invoices`);
      expect(mine.statusCode, mine.body).toBe(200);
      expect(mine.json().data).toEqual([
        {
          id: invoice.id,
          kind: 'INVOICE',
          number: invoice.number,
          issue_date: invoice.issue_date,
          gross: 1500,
          // Not in KSeF yet (the outbox sends it: modules/invoices/ksef.test.ts); its XML is ready.
          ksef_number: null,
          has_xml: true,
        },
      ]);
      const pdf = await api.get(`/sales/invoices/item/${invoice.id}/pdf`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toContain(`${invoice.number.replace(/\//g, '-')}.pdf`);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      // The same invoice renders the same document each time (nothing is stored but its data).
      expect(
        (await api.get(`/sales/invoices/item/${invoice.id}/pdf`)).rawPayload.equals(pdf.rawPayload),
      ).toBe(true);
      const staffPdf = await operator.get(`/admin/invoices/item/${invoice.id}/pdf`);
      expect(staffPdf.statusCode).toBe(200);
      expect(staffPdf.headers['content-type']).toBe('application/pdf');

      expect((await customer.get(`/sales/invoices/item/${invoice.id}/pdf`)).statusCode).toBe(404);
      expect((await customer.get(`/sales/orders/item/${orderId}/invoices`)).statusCode).toBe(404);
      expect((await operator.get(`/sales/invoices/item/${invoice.id}/pdf`)).statusCode).toBe(403);
      expect((await dealer.get(`/sales/invoices/item/${invoice.id}/pdf`)).statusCode).toBe(403);
      expect((await anonymous.get(`/sales/invoices/item/${invoice.id}/pdf`)).statusCode).toBe(401);
      expect((await api.get('/sales/invoices/item/abc/pdf')).statusCode).toBe(422);
    });
  });

  describe('numbering under concurrent issues', () => {
    const N = 12;
    it(`gives ${N} staff issuing at the same instant the numbers n+1..n+${N}: no gap, no duplicate`, {
      timeout: 120_000,
    }, async () => {
      const orders: number[] = [];
      for (let i = 0; i < N; i++) orders.push((await paidInvoiceOrder(t.app)).orderId);
      // On PostgreSQL a second app (another process's pool) over the same database takes half the calls.
      const second = DB_KIND === 'postgres' ? await createTestApp({ sameDatabaseAs: t }) : null;
      try {
        const before = await t.app.db
          .select({ number: invoices.number })
          .from(invoices)
          .where(eq(invoices.series, 'FV'));
        const start = before.length;
        const results = await Promise.all(
          orders.map((id, i) => {
            const app = second && i % 2 === 1 ? second.app : t.app;
            return app.inject({
              method: 'POST',
              url: `/panel/api/v1/admin/invoices/orders/${id}/issue`,
              headers: { cookie: operator.cookie, 'x-csrf-token': operator.csrf },
            });
          }),
        );
        for (const r of results) expect(r.statusCode, r.body).toBe(200);
        const sequences = results
          .map((r) => Number(r.json().data.number.split('/').pop()))
          .sort((a, b) => a - b);
        expect(sequences).toEqual(Array.from({ length: N }, (_, i) => start + i + 1));
        // And the same order issued twice at once: one invoice, one 409.
        const { orderId } = await paidInvoiceOrder(t.app);
        const twice = await Promise.all(
          [t.app, second?.app ?? t.app].map((app) =>
            app.inject({
              method: 'POST',
              url: `/panel/api/v1/admin/invoices/orders/${orderId}/issue`,
              headers: { cookie: operator.cookie, 'x-csrf-token': operator.csrf },
            }),
          ),
        );
        expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 409]);
        expect(await t.app.db.select().from(invoices).where(eq(invoices.orderId, orderId))).toHaveLength(1);
      } finally {
        await second?.close();
      }
    });

    it('gives the number back when the issuing transaction fails: the next issue has no gap', async () => {
      const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Warsaw' });
      const taken = await t.app.db
        .transaction(async (tx) => {
          const n = await nextInvoiceNumber(tx, 'FV', today, 'yearly');
          throw Object.assign(new Error('rolled back'), { n });
        })
        .catch((error: { n: { sequence: number } }) => error.n);
      const { orderId } = await paidInvoiceOrder(t.app);
      const res = await operator.post(`/admin/invoices/orders/${orderId}/issue`);
      expect(Number(res.json().data.number.split('/').pop())).toBe(taken.sequence);
    });

    it('numbers per month with INVOICE_NUMBERING=monthly', async () => {
      const monthly = await createTestApp({ seed: false, env: { INVOICE_NUMBERING: 'monthly' } });
      try {
        const staff = await staffClient(monthly.app, 'OPERATOR');
        const { orderId } = await paidInvoiceOrder(monthly.app);
        const res = await staff.post(`/admin/invoices/orders/${orderId}/issue`);
        const month = new Date()
          .toLocaleDateString('sv-SE', { timeZone: 'Europe/Warsaw' })
          .slice(0, 7)
          .replace('-', '/');
        expect(res.json().data.number).toBe(`FV/${month}/0001`);
      } finally {
        await monthly.close();
      }
    });
  });
});
