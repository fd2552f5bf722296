import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, Client, createTestApp, staffClient, type TestApp } from '../../../test/helpers';
import { invoices, orders } from '../../db/schema';
import { paidInvoiceOrder } from '../invoices/test-fixtures';
import { createMember, memberApi } from '../orders/test-fixtures';
import { payOnline, placeDeskOrder } from './test-fixtures';

/**
 * Refunds at the desk (docs/console-sales.md): an order paid by bank transfer is refunded manually
 * (the club's bank sends the money; the desk records the amount and the outgoing transfer's
 * reference), and a refund of an invoiced order writes the correcting invoice's own audit row.
 */
let t: TestApp;
let operator: Client;
let admin: Client;
let operatorEn: Client;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  operator = await staffClient(t.app, 'OPERATOR');
  admin = await staffClient(t.app, 'ADMIN');
  operatorEn = await staffClient(t.app, 'OPERATOR', { language: 'en' });
});
afterAll(() => t?.close());

const D = '/admin/sales';
const orderRow = async (id: number) => (await t.app.db.select().from(orders).where(eq(orders.id, id)))[0]!;

/** A desk order (1,500 zł) marked paid by bank transfer. */
async function paidByTransfer() {
  const placed = await placeDeskOrder(t.app);
  const paid = await operator.post(`${D}/orders/${placed.orderId}/mark-paid`, { reference: 'IN-2026/11/1' });
  expect(paid.statusCode, paid.body).toBe(200);
  return placed;
}

describe('manual refund of an order paid by bank transfer', () => {
  it('records the amount and the outgoing reference: timeline, audit, refundable, in parts up to what was paid', async () => {
    const { orderId } = await paidByTransfer();
    const before = (await operator.get(`${D}/orders/${orderId}`)).json().data;
    expect(before).toMatchObject({ refundable: 1500, payment: { paid_by: 'BANK_TRANSFER' } });
    const url = `${D}/orders/${orderId}/refund`;
    const first = await operator.post(url, { amount: 500, reference: '  OUT/2026/001  ' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ status: 'PAID', refunded: 500, refundable: 1000 });
    const refunded = first.json().data.timeline.filter((e: { kind: string }) => e.kind === 'REFUNDED') as {
      amount: number;
      provider: string;
      note: string;
    }[];
    expect(refunded).toHaveLength(1);
    expect(refunded[0]).toMatchObject({ amount: 500, provider: 'bank-transfer' });
    expect(refunded[0]!.note).toContain('OUT/2026/001');
    expect(refunded[0]!.note).toContain(operator.account!.email);
    // Never a request to the payment operator for a transfer.
    expect(first.json().data.timeline.map((e: { kind: string }) => e.kind)).not.toContain('REFUND_REQUESTED');
    const [audit] = await auditRows(t.app, 'order', orderId);
    expect(audit).toMatchObject({ action: 'refund-manual', actorEmail: operator.account!.email });
    expect(audit!.after).toMatchObject({
      amount_grosze: 50_000,
      reference: 'OUT/2026/001',
      refunded_grosze: 50_000,
    });
    expect(audit!.before).toMatchObject({ refunded_grosze: 0 });

    const tooMuch = await operatorEn.post(url, { amount: 1000.01, reference: 'OUT/2026/002' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toMatchObject({ code: 'REFUND_AMOUNT' });
    expect(tooMuch.json().message).toBe(
      'A refund cannot exceed what was paid: 1,000.00 zł can still be returned.',
    );
    const rest = await admin.post(url, { amount: 1000, reference: 'OUT/2026/002' });
    expect(rest.json().data).toMatchObject({ refunded: 1500, refundable: 0 });
    const nothing = await operator.post(url, { amount: 0.01, reference: 'OUT/2026/003' });
    expect(nothing.statusCode).toBe(422);
    expect((await orderRow(orderId)).refundedGrosze).toBe(150_000);
    expect(
      (await auditRows(t.app, 'order', orderId)).filter((a) => a.action === 'refund-manual'),
    ).toHaveLength(2);
  });

  it('requires a valid reference (422 in the staff member’s language) and a valid amount; nothing recorded', async () => {
    const { orderId } = await paidByTransfer();
    const url = `${D}/orders/${orderId}/refund`;
    for (const body of [{ amount: 10 }, { amount: 10, reference: '' }, { amount: 10, reference: '   ' }]) {
      const res = await operator.post(url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors.reference[0]).toBe(
        'Podaj numer referencyjny przelewu zwrotnego wysłanego z banku klubu.',
      );
    }
    const en = await operatorEn.post(url, { amount: 10 });
    expect(en.json().errors.reference[0]).toBe(
      "Give the reference of the refund transfer sent from the club's bank.",
    );
    for (const body of [
      { amount: 10, reference: 'x'.repeat(101) },
      { amount: 10, reference: 'bad\u0000ref' },
      { amount: 10, reference: 'line\nbreak' },
      { amount: 10, reference: 42 },
      { amount: 0, reference: 'OUT/1' },
      { amount: -5, reference: 'OUT/1' },
      { amount: 0.001, reference: 'OUT/1' },
      { amount: 'ten', reference: 'OUT/1' },
    ]) {
      const res = await operator.post(url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await orderRow(orderId)).refundedGrosze).toBe(0);
    expect((await auditRows(t.app, 'order', orderId)).map((a) => a.action)).toEqual(['mark-paid']);
  });

  it('two staff at once never record more than was paid', async () => {
    const { orderId } = await paidByTransfer();
    const url = `${D}/orders/${orderId}/refund`;
    const results = await Promise.all([
      operator.post(url, { amount: 1000, reference: 'OUT/A' }),
      admin.post(url, { amount: 1000, reference: 'OUT/B' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect((await orderRow(orderId)).refundedGrosze).toBe(100_000);
    expect(
      (await auditRows(t.app, 'order', orderId)).filter((a) => a.action === 'refund-manual'),
    ).toHaveLength(1);
  });

  it('anonymous 401, members and dealers 403, no CSRF 403; unpaid orders 409', async () => {
    const { orderId } = await paidByTransfer();
    const url = `${D}/orders/${orderId}/refund`;
    const body = { amount: 10, reference: 'OUT/X' };
    expect((await new Client(t.app).post(url, body)).statusCode).toBe(401);
    const member = memberApi(t.app, await createMember(t.app.db));
    expect((await member.post(url, body)).statusCode).toBe(403);
    const dealer = memberApi(t.app, await createMember(t.app.db, { type: 'DEALER' }));
    expect((await dealer.post(url, body)).statusCode).toBe(403);
    const noCsrf = await operator.post(url, body, { csrf: false });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().code).toBe('CSRF');
    expect((await orderRow(orderId)).refundedGrosze).toBe(0);
    const unpaid = await placeDeskOrder(t.app);
    const res = await operator.post(`${D}/orders/${unpaid.orderId}/refund`, body);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('NOT_REFUNDABLE');
  });
});

describe('the correcting invoice of a refund is audited as its own row', () => {
  const issue = async (orderId: number) => {
    const res = await operator.post(`/admin/invoices/orders/${orderId}/issue`, {});
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: number; number: string };
  };
  const correctionOf = async (orderId: number) =>
    (
      await t.app.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'CORRECTION')))
    )[0];

  it('a manual refund of a transfer-paid invoiced order: the correction, its audit row (who, number, order, amount)', async () => {
    const { orderId } = await paidInvoiceOrder(t.app, { paid: false, priceGrosze: 120_000 });
    expect((await operator.post(`${D}/orders/${orderId}/mark-paid`, { reference: 'IN/7' })).statusCode).toBe(
      200,
    );
    const original = await issue(orderId);
    const res = await admin.post(`${D}/orders/${orderId}/refund`, { amount: 200, reference: 'OUT/7' });
    expect(res.statusCode, res.body).toBe(200);
    const correction = (await correctionOf(orderId))!;
    expect(correction).toMatchObject({
      grossGrosze: 20_000,
      correctsId: original.id,
      issuedBy: admin.account!.id,
    });
    expect((correction.data as { payment: { method: string } }).payment.method).toBe(
      'zwrot: przelew bankowy',
    );
    const [audit] = await auditRows(t.app, 'invoice', correction.id);
    expect(audit).toMatchObject({ action: 'correct', actorEmail: admin.account!.email });
    expect(audit!.after).toMatchObject({
      number: correction.number,
      orderId,
      kind: 'CORRECTION',
      grossGrosze: 20_000,
      correctsId: original.id,
      automatic: true,
      refund_grosze: 20_000,
    });
  });

  it('a refund through the operator: the same row; an order without an invoice gets neither', async () => {
    const { orderId, paymentUrl } = await placeDeskOrder(t.app);
    await payOnline(t.app, paymentUrl, 150_000);
    expect((await operator.post(`${D}/orders/${orderId}/refund`, { amount: 100 })).statusCode).toBe(200);
    expect(await correctionOf(orderId)).toBeUndefined();

    const invoiced = await paidInvoiceOrder(t.app, { priceGrosze: 80_000 });
    await t.app.db
      .update(orders)
      .set({ providerOrderId: `sandbox-${invoiced.orderId}`, paidRef: `ref-${invoiced.orderId}.1` })
      .where(eq(orders.id, invoiced.orderId));
    await issue(invoiced.orderId);
    const res = await operatorEn.post(`${D}/orders/${invoiced.orderId}/refund`, { amount: 300 });
    expect(res.statusCode, res.body).toBe(200);
    const correction = (await correctionOf(invoiced.orderId))!;
    const rows = await auditRows(t.app, 'invoice', correction.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'correct', actorEmail: operatorEn.account!.email });
    expect(rows[0]!.after).toMatchObject({
      number: correction.number,
      orderId: invoiced.orderId,
      grossGrosze: 30_000,
      automatic: true,
    });
  });
});
