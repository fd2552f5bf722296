import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, staffClient, type TestApp } from '../../../test/helpers';
import { pdfText } from '../../../test/support/pdf-text';
import { invoices, orders, users } from '../../db/schema';
import { keyringOf } from '../../lib/pii-crypto';
import { createMember, createTestProduct, memberApi, setInvoiceData } from '../orders/test-fixtures';
import { payOnline } from '../sales-desk/test-fixtures';
import { fillAccount, newIdentity } from './erasure-fill';
import { runRetention } from './retention';

/**
 * The invoice kept after erasure (issue 31; docs/privacy.md "Erasure"): a removed member's issued
 * invoice still opens in the console's invoices, on its order's page and as a PDF, and shows the
 * buyer's invoice data only: the member's name, e-mail and phone appear nowhere in those answers.
 * Past its retention period the job empties the buyer: the invoice still opens, its PDF says why.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t?.close());

/** A member's paid order with the company's invoice data, and the invoice staff issued for it. */
async function invoicedOrder(member: Awaited<ReturnType<typeof createMember>>) {
  await setInvoiceData(t.app.db, member.id);
  const api = memberApi(t.app, member);
  const { product } = await createTestProduct(t.app.db, { memberLimit: 3 });
  const line = (await api.post('/sales/cart/add', { product_id: product.id })).json().data.id;
  await api.post(`/sales/cart/update/${line}`, { quantity: 1, persons: [], terms: [] });
  const placed = await api.post('/sales/cart/order', { discount_code: '', is_invoice: 1 });
  expect(placed.statusCode, placed.body).toBe(200);
  const { order_id: orderId, payment_url: paymentUrl } = placed.json().data;
  await payOnline(t.app, paymentUrl, 150_000);
  const admin = await staffClient(t.app, 'ADMIN');
  const issued = await admin.post(`/admin/invoices/orders/${orderId}/issue`);
  expect(issued.statusCode, issued.body).toBe(200);
  return { orderId: orderId as number, invoice: issued.json().data as { id: number; number: string }, admin };
}

describe('a removed member’s kept invoice', () => {
  it('opens in the invoices list, on the order’s page and as a PDF, with the buyer’s invoice data only', {
    timeout: 60_000,
  }, async () => {
    const member = await createMember(t.app.db);
    await t.app.db
      .update(users)
      .set({ name: 'Eugenia', surname: 'Zapomniana', phone: '609123457' })
      .where(eq(users.id, member.id));
    const { orderId, invoice, admin } = await invoicedOrder(member);

    const removed = await admin.post(`/admin/members/item/${member.id}/remove`, { request: 'RODO/2026/077' });
    expect(removed.statusCode, removed.body).toBe(200);
    const [kept] = await t.app.db.select().from(orders).where(eq(orders.id, orderId));
    expect(kept).toMatchObject({ userId: null, buyer: { anonymised: true } });

    const person = [member.email, 'Eugenia', 'Zapomniana', '609123457'];
    const operator = await staffClient(t.app, 'OPERATOR');
    for (const staff of [operator, admin]) {
      const list = await staff.get(
        `/admin/invoices/items?where[search]=${encodeURIComponent(invoice.number)}`,
      );
      expect(list.statusCode, list.body).toBe(200);
      const rows = list.json().data.items ?? list.json().data;
      expect(JSON.stringify(rows)).toContain(invoice.number);
      expect(JSON.stringify(rows)).toContain('Kowalski Sp. z o.o.');

      const order = await staff.get(`/admin/sales/orders/${orderId}`);
      expect(order.statusCode, order.body).toBe(200);
      expect(order.body).toContain(invoice.number);
      // No member behind the kept order: the buyer is on the invoice (its PDF) only.
      expect(order.json().data.member).toBeNull();

      const pdf = await staff.get(`/admin/invoices/item/${invoice.id}/pdf`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toMatch(/application\/pdf/);
      const text = await pdfText(pdf.rawPayload);
      expect(text).toContain(invoice.number);
      expect(text).toContain('Kowalski Sp. z o.o.');
      expect(text).toContain('Marszałkowska');

      for (const answer of [list.body, order.body, text])
        for (const needle of person) expect(answer).not.toContain(needle);
    }
  });

  it('past its retention, the emptied invoice still opens for staff, without the buyer', {
    timeout: 60_000,
  }, async () => {
    const member = await createMember(t.app.db);
    const { orderId, invoice, admin } = await invoicedOrder(member);
    expect(
      (await admin.post(`/admin/members/item/${member.id}/remove`, { request: 'RODO/2026/079' })).statusCode,
    ).toBe(200);
    // Seven years on: the retention job empties the kept invoice's buyer.
    const old = `${new Date().getUTCFullYear() - 7}-03-10`;
    await t.app.db.update(invoices).set({ issueDate: old, saleDate: old }).where(eq(invoices.id, invoice.id));
    await runRetention(t.app);
    const [emptied] = await t.app.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(emptied!.buyerName).toBe('');

    const operator = await staffClient(t.app, 'OPERATOR');
    const list = await operator.get(
      `/admin/invoices/items?where[search]=${encodeURIComponent(invoice.number)}`,
    );
    expect(list.statusCode, list.body).toBe(200);
    expect(list.body).toContain(invoice.number);
    const order = await operator.get(`/admin/sales/orders/${orderId}`);
    expect(order.statusCode, order.body).toBe(200);
    expect(order.body).toContain(invoice.number);
    // The PDF still renders, with the number and the lines, and says why the buyer is not there.
    const pdf = await operator.get(`/admin/invoices/item/${invoice.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(invoice.number);
    expect(text).toContain('Dane nabywcy usunięte po upływie okresu przechowywania faktury');
    expect(text).not.toMatch(/NIP:\s*Lp\./);
    for (const answer of [list.body, order.body, text]) {
      expect(answer).not.toContain('Kowalski Sp. z o.o.');
      expect(answer).not.toContain('Marszałkowska');
    }
  });

  it('the browser tests’ filled account: its invoice’s PDF renders after the removal', async () => {
    const member = await createMember(t.app.db);
    const [user] = await t.app.db.select().from(users).where(eq(users.id, member.id));
    const who = newIdentity();
    const filled = await fillAccount(t.app.db, keyringOf(t.app.config), user!, who);
    const admin = await staffClient(t.app, 'ADMIN');
    expect(
      (await admin.post(`/admin/members/item/${member.id}/remove`, { request: 'RODO/2026/078' })).statusCode,
    ).toBe(200);
    const [invoice] = await t.app.db.select().from(invoices).where(eq(invoices.orderId, filled.orderId));
    const pdf = await admin.get(`/admin/invoices/item/${invoice!.id}/pdf`);
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(filled.invoiceNumber);
    expect(text).toContain(filled.buyer);
    expect(text).not.toContain(member.email);
  });
});
