import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, staffClient, type TestApp } from '../../../test/helpers';
import { outbox } from '../../db/schema';
import { paidInvoiceOrder } from '../invoices/test-fixtures';
import { createMember, memberApi } from '../orders/test-fixtures';
import { payOnline, placeDeskOrder } from './test-fixtures';

/**
 * Issue 30, "refunds that people see": an order refunded in part or in full says so on the desk's
 * list (with a filter), on the desk's order page (with its invoices and corrections, also in the
 * timeline) and in the member's history; the member is mailed, in their language, when money goes
 * back and when an invoice or a correction is issued (a link to the history, never one that signs in).
 */
let t: TestApp;
let operator: Client;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  operator = await staffClient(t.app, 'OPERATOR');
});
afterAll(() => t?.close());

const D = '/admin/sales';
const mailsTo = (email: string, template: string) =>
  t.app.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, email), eq(outbox.template, template)))
    .orderBy(outbox.id);
const listed = async (query: string) =>
  ((await operator.get(`${D}/orders?${query}`)).json().data as { id: number; refund_state: string }[]).map(
    (r) => r.id,
  );

describe('an invoiced order paid by transfer, refunded in two parts', () => {
  it('shows partly refunded, then refunded, everywhere; lists its documents; mails the member each step', async () => {
    const { member, api, orderId } = await paidInvoiceOrder(t.app, { paid: false });
    expect((await operator.post(`${D}/orders/${orderId}/mark-paid`, { reference: 'IN/1' })).statusCode).toBe(
      200,
    );
    const issued = await operator.post(`/admin/invoices/orders/${orderId}/issue`, {});
    expect(issued.statusCode, issued.body).toBe(200);
    const number = issued.json().data.number as string;

    const [invoiceMail] = await mailsTo(member.email, 'order-invoice');
    expect(invoiceMail!.subject).toBe(`Excellence Club: Faktura VAT ${number} do zamówienia nr ${orderId}`);
    expect(invoiceMail!.text).toContain(
      'Historia zamówień:\nhttp://localhost/panel/account/shopping-history',
    );
    expect(invoiceMail!.text).not.toMatch(/token|activate|reset/i);

    const total = (await operator.get(`${D}/orders/${orderId}`)).json().data.total as number;
    const part = Math.round(total * 40) / 100;
    const first = await operator.post(`${D}/orders/${orderId}/refund`, { amount: part, reference: 'OUT/1' });
    expect(first.statusCode, first.body).toBe(200);
    const desk = first.json().data;
    expect(desk).toMatchObject({ refund_state: 'PARTIAL', refunded: part });
    // The invoice and its correction, with their numbers, in the list and in the timeline.
    expect(desk.invoices).toHaveLength(2);
    expect(desk.invoices[0]).toMatchObject({ kind: 'INVOICE', number, gross: total, corrects: null });
    expect(desk.invoices[1]).toMatchObject({ kind: 'CORRECTION', gross: part, corrects: number });
    // Each on its way to KSeF (docs/ksef.md): queued when issued, no KSeF number before it is accepted.
    expect(
      desk.invoices.map((d: { ksef_state: string; ksef_number: string | null }) => d.ksef_number),
    ).toEqual([null, null]);
    expect(desk.invoices[0].ksef_state).toBe('WAITING');
    const documents = desk.timeline.filter((e: { source: string }) => e.source === 'invoice');
    expect(documents.map((e: { kind: string; note: string }) => [e.kind, e.note])).toEqual([
      ['INVOICE', number],
      ['CORRECTION', desk.invoices[1].number],
    ]);

    const [refundMail] = await mailsTo(member.email, 'order-refunded');
    expect(refundMail!.language).toBe('pl');
    expect(refundMail!.subject).toMatch(
      new RegExp(`^Excellence Club: zwrot .+ zł za zamówienie nr ${orderId}$`),
    );
    expect(refundMail!.text).toContain('To zwrot części zapłaty.');
    const corrections = await mailsTo(member.email, 'order-invoice');
    expect(corrections.map((m) => m.subject)).toContain(
      `Excellence Club: Faktura korygująca ${desk.invoices[1].number} do zamówienia nr ${orderId}`,
    );
    expect(corrections.at(-1)!.text).toContain(`Koryguje ona fakturę ${number} o zwróconą kwotę.`);
    // The desk's timeline lists the mails too (subjects name the order).
    const mailNotes = (await operator.get(`${D}/orders/${orderId}`))
      .json()
      .data.timeline.filter((e: { kind: string }) => e.kind === 'MAIL')
      .map((e: { note: string }) => e.note);
    expect(mailNotes).toEqual(expect.arrayContaining([refundMail!.subject, invoiceMail!.subject]));

    // The member's history and details say so.
    const history = (await api.get('/sales/orders/items')).json().data as { id: number }[];
    expect(history.find((o) => o.id === orderId)).toMatchObject({ refund_state: 'PARTIAL', refunded: part });
    // The desk's filter.
    expect(await listed('refund=PARTIAL')).toContain(orderId);
    expect(await listed('refund=ANY')).toContain(orderId);
    expect(await listed('refund=FULL')).not.toContain(orderId);

    const rest = Math.round((total - part) * 100) / 100;
    const second = await operator.post(`${D}/orders/${orderId}/refund`, { amount: rest, reference: 'OUT/2' });
    expect(second.json().data).toMatchObject({ refund_state: 'FULL', refunded: total });
    expect((await api.get(`/sales/orders/item/${orderId}`)).json().data).toMatchObject({
      refund_state: 'FULL',
      refunded: total,
    });
    expect(await listed('refund=FULL')).toContain(orderId);
    expect(await listed('refund=PARTIAL')).not.toContain(orderId);
    const refundMails = await mailsTo(member.email, 'order-refunded');
    expect(refundMails).toHaveLength(2);
    expect(refundMails[1]!.text).toContain('Zwróciliśmy całą zapłatę za to zamówienie.');
  });
});

describe('an order paid online, refunded through the operator', () => {
  it('mails an English member in English; an unrefunded order stays without a refund state', async () => {
    const placed = await placeDeskOrder(t.app, { language: 'en' });
    await payOnline(t.app, placed.paymentUrl, 150_000);
    expect((await placed.api.get(`/sales/orders/item/${placed.orderId}`)).json().data).toMatchObject({
      refund_state: 'NONE',
      refunded: 0,
    });
    const res = await operator.post(`${D}/orders/${placed.orderId}/refund`, { amount: 250 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ refund_state: 'PARTIAL', invoices: [] });
    const [mail] = await mailsTo(placed.member.email, 'order-refunded');
    expect(mail!.language).toBe('en');
    expect(mail!.subject).toBe(`Excellence Club: refund of 250.00 zł for order no. ${placed.orderId}`);
    expect(mail!.text).toContain('This is part of what you paid.');
    expect(mail!.text).toContain('Refunded in total: 250.00 zł');
    expect(mail!.text).toContain('Order total: 1,500.00 zł');
  });
});

describe('the refund filter of the desk list', () => {
  it('refuses an unknown value in the staff member’s language, and is for staff only', async () => {
    const wrong = await operator.get(`${D}/orders?refund=SOME`);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.refund).toEqual(['Nieprawidłowa wartość']);
    expect((await new Client(t.app).get(`${D}/orders?refund=FULL`)).statusCode).toBe(401);
    const member = memberApi(t.app, await createMember(t.app.db));
    expect((await member.get(`${D}/orders?refund=FULL`)).statusCode).toBe(403);
  });
});
