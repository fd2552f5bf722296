import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, Client, createTestApp, staffClient, type TestApp } from '../../../test/helpers';
import { orders, outbox, productSales } from '../../db/schema';
import { clubToday } from '../../lib/club-day';
import { ProviderError } from '../../lib/payment-provider';
import { createMember, createTestProduct, memberApi } from '../orders/test-fixtures';
import { excelCell, excelCsv } from './excel-csv';
import { payOnline, placeDeskOrder, seatsOf, wishFor } from './test-fixtures';

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
const paidSeats = async (productId: number) =>
  (await t.app.db.select().from(productSales).where(eq(productSales.productId, productId)))[0]?.seatsPaid ??
  0;

describe('excel CSV', () => {
  it('quotes, neutralises formulas and starts with the BOM', () => {
    expect(excelCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(excelCell('+48 600')).toBe("'+48 600");
    expect(excelCell('-1')).toBe("'-1");
    expect(excelCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(excelCell('a;b')).toBe('"a;b"');
    expect(excelCell('line\nbreak')).toBe('"line\nbreak"');
    expect(excelCell('Zażółć')).toBe('Zażółć');
    expect(excelCell(null)).toBe('');
    const csv = excelCsv([
      ['a', 'b'],
      [1, 'ż'],
    ]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1)).toBe('a;b\r\n1;ż\r\n');
  });
});

describe('access', () => {
  it('refuses anonymous callers (401), members (403) and writes without CSRF (403)', async () => {
    const { orderId } = await placeDeskOrder(t.app);
    const anonymous = new Client(t.app);
    expect((await anonymous.get(`${D}/orders`)).statusCode).toBe(401);
    expect((await anonymous.get(`${D}/seats`)).statusCode).toBe(401);
    const member = memberApi(t.app, await createMember(t.app.db));
    expect((await member.get(`${D}/orders`)).statusCode).toBe(403);
    expect((await member.get(`${D}/orders/${orderId}`)).statusCode).toBe(403);
    expect((await member.post(`${D}/orders/${orderId}/cancel`, {})).statusCode).toBe(403);
    expect((await member.get(`${D}/seats`)).statusCode).toBe(403);
    const dealer = memberApi(t.app, await createMember(t.app.db, { type: 'DEALER' }));
    expect((await dealer.get(`${D}/orders`)).statusCode).toBe(403);
    for (const action of ['mark-paid', 'cancel', 'refund']) {
      const res = await operator.post(`${D}/orders/${orderId}/${action}`, {}, { csrf: false });
      expect(res.statusCode, action).toBe(403);
      expect(res.json().code).toBe('CSRF');
    }
    expect((await orderRow(orderId)).status).toBe('WAITING_PAYMENT');
  });
});

describe('the orders list', () => {
  it('filters by status, experience, member, number, dates and code; sorts; pages', async () => {
    const a = await placeDeskOrder(t.app, { quantity: 2 });
    const b = await placeDeskOrder(t.app, { productId: a.productId });
    await payOnline(t.app, b.paymentUrl, 150_000);
    const other = await placeDeskOrder(t.app);

    const byProduct = await operator.get(`${D}/orders?product_id=${a.productId}`);
    expect(byProduct.statusCode, byProduct.body).toBe(200);
    expect(byProduct.json().data.map((o: { id: number }) => o.id)).toEqual([b.orderId, a.orderId]);
    expect(byProduct.json().meta).toEqual({ current_page: 1, last_page: 1, per_page: 25, total: 2 });
    expect(byProduct.json().total_capped).toBe(false);
    const row = byProduct.json().data[1];
    expect(row).toMatchObject({
      status: 'WAITING_PAYMENT',
      seats: 2,
      total: 3000,
      member: { id: a.member.id, name: 'Zażółć Gęślą-Jaźń', email: a.member.email },
      paid_by: null,
    });
    expect(row.experiences[0]).toMatch(/^Jazda testowa/);

    const paid = await operator.get(`${D}/orders?product_id=${a.productId}&status=PAID`);
    expect(paid.json().data.map((o: { id: number }) => o.id)).toEqual([b.orderId]);
    expect(paid.json().data[0].paid_by).toBe('ONLINE');

    const byMember = await operator.get(`${D}/orders?member=${encodeURIComponent(other.member.email)}`);
    expect(byMember.json().data.map((o: { id: number }) => o.id)).toEqual([other.orderId]);
    const byNumber = await operator.get(`${D}/orders?q=%23${other.orderId}`);
    expect(byNumber.json().data.map((o: { id: number }) => o.id)).toEqual([other.orderId]);

    // Days are the club's (Europe/Warsaw): between 23:00 and midnight UTC the club's today is UTC's
    // tomorrow, and both orders, placed just now, are on it.
    const today = clubToday();
    const fromToday = await operator.get(`${D}/orders?from=${today}&to=${today}&product_id=${a.productId}`);
    expect(
      fromToday
        .json()
        .data.map((o: { id: number }) => o.id)
        .sort(),
    ).toEqual([a.orderId, b.orderId].sort());
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const untilYesterday = await operator.get(`${D}/orders?to=${yesterday}&product_id=${a.productId}`);
    expect(untilYesterday.json().data).toEqual([]);
    const future = await operator.get(`${D}/orders?from=2099-01-01&product_id=${a.productId}`);
    expect(future.json().data).toEqual([]);
    const range = await operator.get(
      `${D}/orders?from=2020-01-01&to=2099-12-31&product_id=${a.productId}&sort=total&dir=asc`,
    );
    expect(range.json().data.map((o: { id: number }) => o.id)).toEqual([b.orderId, a.orderId]);
    const noCode = await operator.get(`${D}/orders?code=NO-SUCH-CODE`);
    expect(noCode.json().data).toEqual([]);
    const small = await admin.get(`${D}/orders?product_id=${a.productId}&per_page=10&page=2`);
    expect(small.json().data).toEqual([]);
    expect(small.json().meta).toMatchObject({ current_page: 2, last_page: 1, total: 2 });
  });

  it('answers bad filters with 422 in the staff member’s language', async () => {
    for (const query of [
      'status=SHIPPED',
      'from=2026-13-40',
      'from=2026-05-02&to=2026-05-01',
      'per_page=7',
      'sort=email',
      'product_id=abc',
      `q=${'x'.repeat(101)}`,
      'page=0',
      'page=9999',
    ]) {
      const res = await operator.get(`${D}/orders?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().code).toBe('VALIDATION');
    }
    const en = await operatorEn.get(`${D}/orders?from=2026-05-02&to=2026-05-01`);
    expect(en.json().errors.to[0]).toBe('The end cannot be before the start.');
    const pl = await operator.get(`${D}/orders?from=2026-05-02&to=2026-05-01`);
    expect(pl.json().errors.to[0]).toBe('Koniec nie może być wcześniej niż początek.');
  });

  it('offers the experiences for its filter', async () => {
    const { product } = await createTestProduct(t.app.db);
    const res = await operator.get(`${D}/options`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.experiences.some((e: { id: number }) => e.id === product.id)).toBe(true);
  });
});

describe("an order's page", () => {
  it('shows lines, attendees, label answers, the member, payments and the timeline', async () => {
    const placed = await placeDeskOrder(t.app, { quantity: 2, answer: 'WX 4242' });
    const res = await operator.get(`${D}/orders/${placed.orderId}`);
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json().data;
    expect(order).toMatchObject({
      id: placed.orderId,
      status: 'WAITING_PAYMENT',
      total: 3000,
      refundable: 0,
      is_invoice: false,
      member: { id: placed.member.id, name: 'Zażółć', surname: 'Gęślą-Jaźń', type: 'CUSTOMER' },
      payment: { provider: 'sandbox', paid_by: null, bank_transfer_reference: null },
    });
    expect(order.lines[0]).toMatchObject({
      quantity: 2,
      label: 'Numer rejestracyjny',
      label_answer: 'WX 4242',
      attendees: [
        { name: 'Zażółć', surname: 'Gęślą-Jaźń', is_member: true },
        { name: 'Łucja0', surname: 'Świętochowska', is_member: false },
      ],
    });
    expect(order.timeline.map((e: { kind: string }) => e.kind)).toContain('CREATED');
    const en = await operatorEn.get(`${D}/orders/${placed.orderId}`);
    expect(en.json().data.lines[0].label).toBe('Registration number');
    expect((await operator.get(`${D}/orders/2147483647`)).statusCode).toBe(404);
    expect((await operator.get(`${D}/orders/abc`)).statusCode).toBe(422);
  });
});

describe('mark as paid by bank transfer', () => {
  it('pays a waiting order with the reference: timeline, mail, audit, paid seats', async () => {
    const placed = await placeDeskOrder(t.app, { language: 'en' });
    const empty = await operator.post(`${D}/orders/${placed.orderId}/mark-paid`, { reference: '  ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.reference).toBeDefined();
    expect((await operator.post(`${D}/orders/${placed.orderId}/mark-paid`, {})).statusCode).toBe(422);
    const long = await operator.post(`${D}/orders/${placed.orderId}/mark-paid`, {
      reference: 'x'.repeat(101),
    });
    expect(long.statusCode).toBe(422);

    const res = await operator.post(`${D}/orders/${placed.orderId}/mark-paid`, {
      reference: 'PRZELEW/2026/11/25',
    });
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json().data;
    expect(order).toMatchObject({
      status: 'PAID',
      // Returned by the club's bank, recorded at the desk as a manual refund (desk-refunds.test.ts).
      refundable: 1500,
      payment: { paid_by: 'BANK_TRANSFER', bank_transfer_reference: 'PRZELEW/2026/11/25' },
    });
    const paidEvent = order.timeline.find((e: { kind: string }) => e.kind === 'PAID');
    expect(paidEvent.note).toContain('PRZELEW/2026/11/25');
    expect(paidEvent.note).toContain(operator.account!.email);
    expect(
      order.timeline.some(
        (e: { kind: string; note: string }) => e.kind === 'MAIL' && e.note.includes('paid'),
      ),
    ).toBe(true);
    expect(await paidSeats(placed.productId)).toBe(1);
    const [audit] = await auditRows(t.app, 'order', placed.orderId);
    expect(audit).toMatchObject({ action: 'mark-paid', actorEmail: operator.account!.email });
    expect((audit!.after as { status: string }).status).toBe('PAID');

    const again = await admin.post(`${D}/orders/${placed.orderId}/mark-paid`, { reference: 'X' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ORDER_ALREADY_PAID');
  });

  it('refuses a cancelled or expired order with 409 and a clear message', async () => {
    const placed = await placeDeskOrder(t.app);
    expect((await operator.post(`${D}/orders/${placed.orderId}/cancel`, {})).statusCode).toBe(200);
    const res = await operator.post(`${D}/orders/${placed.orderId}/mark-paid`, { reference: 'REF-1' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'ORDER_CANCELLED',
      message: 'To zamówienie jest anulowane lub wygasło: nie można go oznaczyć jako opłacone.',
    });
    const late = await placeDeskOrder(t.app);
    await t.app.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, late.orderId));
    const expired = await operatorEn.post(`${D}/orders/${late.orderId}/mark-paid`, { reference: 'REF-2' });
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toBe(
      'This order is cancelled or has expired: it cannot be marked as paid.',
    );
    expect((await operator.post(`${D}/orders/2147483647/mark-paid`, { reference: 'R' })).statusCode).toBe(
      404,
    );
  });
});

describe('cancel', () => {
  it('releases the seats, keeps the counters, mails the member in their language, audits', async () => {
    const { product } = await createTestProduct(t.app.db, { totalSeats: 3 });
    const placed = await placeDeskOrder(t.app, { productId: product.id, quantity: 2, language: 'en' });
    await payOnline(t.app, placed.paymentUrl, 300_000);
    await wishFor(t.app, product.id);
    expect(await seatsOf(t.app, product.id)).toBe(2);
    expect(await paidSeats(product.id)).toBe(2);
    const long = await operator.post(`${D}/orders/${placed.orderId}/cancel`, { reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(422);
    const res = await operator.post(`${D}/orders/${placed.orderId}/cancel`, { reason: 'Prośba członka' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('CANCELLED');
    // Paid online: the money can still be returned after the cancellation.
    expect(res.json().data.refundable).toBe(3000);
    expect(await seatsOf(t.app, product.id)).toBe(0);
    expect(await paidSeats(product.id)).toBe(0);
    const held = (await t.app.db.execute(
      sql`select coalesce(sum(quantity), 0)::int as q from member_product_seats where product_id = ${product.id}`,
    )) as unknown as { rows: { q: number }[] };
    expect(Number(held.rows[0]!.q)).toBe(0);
    const mails = await t.app.db.select().from(outbox).where(eq(outbox.to, placed.member.email));
    const cancelled = mails.find((m) => m.template === 'order-cancelled-by-club');
    expect(cancelled?.text).toContain('cancelled by the Excellence Club');
    const [audit] = await auditRows(t.app, 'order', placed.orderId);
    expect(audit).toMatchObject({ action: 'cancel' });
    expect((audit!.after as { reason: string }).reason).toBe('Prośba członka');
    const again = await operator.post(`${D}/orders/${placed.orderId}/cancel`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ORDER_CANCELLED');

    const board = await operator.get(`${D}/seats/${product.id}`);
    // The member who wished for it gets one seat held (docs/waiting-list.md); two are free for anyone.
    expect(board.json().data.board).toMatchObject({
      capacity: 3,
      sold: 0,
      held: 0,
      held_for_list: 1,
      free: 2,
      waiting: 0,
    });
  });

  it('mails a Polish member in Polish', async () => {
    const placed = await placeDeskOrder(t.app, { language: 'pl' });
    expect((await admin.post(`${D}/orders/${placed.orderId}/cancel`, {})).statusCode).toBe(200);
    const mails = await t.app.db.select().from(outbox).where(eq(outbox.to, placed.member.email));
    expect(mails.find((m) => m.template === 'order-cancelled-by-club')?.text).toContain(
      'anulowane przez Excellence Club',
    );
  });
});

describe('refund', () => {
  it('returns money in parts up to what was paid, never more, never negative', async () => {
    const placed = await placeDeskOrder(t.app);
    await payOnline(t.app, placed.paymentUrl, 150_000);
    const url = `${D}/orders/${placed.orderId}/refund`;
    for (const amount of [0, -5, 0.001, 'ten', null]) {
      const res = await operator.post(url, { amount });
      expect(res.statusCode, String(amount)).toBe(422);
    }
    const first = await operator.post(url, { amount: 500 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ refunded: 500, refundable: 1000, status: 'PAID' });
    const kinds = first.json().data.timeline.map((e: { kind: string }) => e.kind);
    expect(kinds).toContain('REFUND_REQUESTED');
    expect(kinds).toContain('REFUNDED');
    const tooMuch = await operatorEn.post(url, { amount: 1000.01 });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toMatchObject({ code: 'REFUND_AMOUNT' });
    expect(tooMuch.json().message).toBe(
      'A refund cannot exceed what was paid: 1,000.00 zł can still be returned.',
    );
    expect(tooMuch.json().errors.amount[0]).toContain('1,000.00 zł');
    const rest = await operator.post(url, { amount: 1000 });
    expect(rest.json().data).toMatchObject({ refunded: 1500, refundable: 0 });
    const nothing = await operator.post(url, { amount: 0.01 });
    expect(nothing.statusCode).toBe(422);
    expect((await orderRow(placed.orderId)).refundedGrosze).toBe(150_000);
    const audits = await auditRows(t.app, 'order', placed.orderId);
    expect(audits.filter((a) => a.action === 'refund')).toHaveLength(2);
  });

  it('refuses unpaid orders with 409 (orders paid by transfer: desk-refunds.test.ts)', async () => {
    const placed = await placeDeskOrder(t.app);
    const unpaid = await operator.post(`${D}/orders/${placed.orderId}/refund`, { amount: 10 });
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().code).toBe('NOT_REFUNDABLE');
  });

  it('an operator that refuses: 502, the reservation given back, the failure audited and in the timeline', async () => {
    const placed = await placeDeskOrder(t.app);
    await payOnline(t.app, placed.paymentUrl, 150_000);
    const provider = await t.app.payments.provider();
    const refund = provider.refund;
    provider.refund = async () => {
      throw new ProviderError('operator answered 500', 500);
    };
    try {
      const res = await operatorEn.post(`${D}/orders/${placed.orderId}/refund`, { amount: 100 });
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe('PAYMENT_UNAVAILABLE');
    } finally {
      provider.refund = refund;
    }
    expect((await orderRow(placed.orderId)).refundedGrosze).toBe(0);
    const [audit] = await auditRows(t.app, 'order', placed.orderId);
    expect(audit).toMatchObject({ action: 'refund-failed' });
    const order = (await operator.get(`${D}/orders/${placed.orderId}`)).json().data;
    expect(order.refundable).toBe(1500);
    expect(order.timeline.map((e: { kind: string }) => e.kind)).toContain('REFUND_FAILED');
  });

  it('two refunds at once never return more than was paid', async () => {
    const placed = await placeDeskOrder(t.app);
    await payOnline(t.app, placed.paymentUrl, 150_000);
    const url = `${D}/orders/${placed.orderId}/refund`;
    const results = await Promise.all([
      operator.post(url, { amount: 1000 }),
      admin.post(url, { amount: 1000 }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect((await orderRow(placed.orderId)).refundedGrosze).toBe(100_000);
  });
});

describe('races at the desk', () => {
  it('two staff cancelling the same order: one cancels, the other reads 409; seats released once', async () => {
    const { product } = await createTestProduct(t.app.db, { totalSeats: 5 });
    const placed = await placeDeskOrder(t.app, { productId: product.id, quantity: 2 });
    const url = `${D}/orders/${placed.orderId}/cancel`;
    const results = await Promise.all([operator.post(url, {}), admin.post(url, {})]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await seatsOf(t.app, product.id)).toBe(0);
    const mails = await t.app.db.select().from(outbox).where(eq(outbox.to, placed.member.email));
    expect(mails.filter((m) => m.template === 'order-cancelled-by-club')).toHaveLength(1);
    expect(
      (await auditRows(t.app, 'order', placed.orderId)).filter((a) => a.action === 'cancel'),
    ).toHaveLength(1);
  });

  it('paying and cancelling at once end in one consistent state', async () => {
    for (let round = 0; round < 3; round++) {
      const { product } = await createTestProduct(t.app.db, { totalSeats: 5 });
      const placed = await placeDeskOrder(t.app, { productId: product.id });
      const [pay, cancel] = await Promise.all([
        operator.post(`${D}/orders/${placed.orderId}/mark-paid`, { reference: `R-${round}` }),
        admin.post(`${D}/orders/${placed.orderId}/cancel`, {}),
      ]);
      const order = await orderRow(placed.orderId);
      // Either both ran in turn (paid, then cancelled) or the cancel came first and the payment was refused.
      if (pay.statusCode === 409) {
        expect(cancel.statusCode).toBe(200);
        expect(order.status).toBe('CANCELLED');
        expect(order.paidAt).toBeNull();
      } else {
        expect(pay.statusCode).toBe(200);
        expect(cancel.statusCode).toBe(200);
        expect(order.status).toBe('CANCELLED');
        expect(order.paidAt).not.toBeNull();
      }
      expect(await seatsOf(t.app, product.id)).toBe(0);
      expect(await paidSeats(product.id)).toBe(0);
    }
  });
});

describe('the seat board', () => {
  it('shows capacity, sold, held, free and the waiting list from the kept counters', async () => {
    const { product } = await createTestProduct(t.app.db, {
      totalSeats: 10,
      namePl: 'Tor Poznań — zażółć',
      cartLabelPl: 'Numer rejestracyjny',
    });
    const paid = await placeDeskOrder(t.app, { productId: product.id, quantity: 2, answer: '=1+2' });
    await payOnline(t.app, paid.paymentUrl, 300_000);
    await placeDeskOrder(t.app, { productId: product.id, quantity: 1, answer: 'PO; "szybki"' });
    await wishFor(t.app, product.id);
    await wishFor(t.app, product.id);
    const list = await operator.get(`${D}/seats?q=${encodeURIComponent('zażółć')}`);
    expect(list.statusCode, list.body).toBe(200);
    const row = list.json().data.find((r: { product_id: number }) => r.product_id === product.id);
    expect(row).toMatchObject({ capacity: 10, sold: 2, held: 1, free: 7, waiting: 2 });
    expect((await operator.get(`${D}/seats?from=2026-13-01`)).statusCode).toBe(422);
    expect((await operator.get(`${D}/seats?from=2026-05-02&to=2026-05-01`)).statusCode).toBe(422);

    const item = await operator.get(`${D}/seats/${product.id}`);
    expect(item.json().data.attendees).toHaveLength(3);
    expect(item.json().data.attendees[0]).toMatchObject({
      name: 'Zażółć',
      surname: 'Gęślą-Jaźń',
      is_member: true,
    });
    expect((await operator.get(`${D}/seats/2147483647`)).statusCode).toBe(404);

    const csv = await operator.get(`${D}/seats/${product.id}/attendees.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="attendees-\d{4}-\d{2}-\d{2}-tor-poznan-zazolc\.csv"$/,
    );
    const bytes = csv.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      'Nr zamówienia;Status;Imię;Nazwisko;Uczestnik;E-mail członka;Telefon członka;Odpowiedź;Obecność',
    );
    expect(text).toContain(';Zażółć;Gęślą-Jaźń;Członek klubu;');
    expect(text).toContain(';Łucja0;Świętochowska;Osoba towarzysząca;');
    expect(text).toContain(";'=1+2");
    expect(text).toContain(';"PO; ""szybki"""');
    const en = await operatorEn.get(`${D}/seats/${product.id}/attendees.csv`);
    expect(en.rawPayload.toString('utf8')).toContain('Order no.;Status;Name;Surname');
    const member = memberApi(t.app, await createMember(t.app.db));
    expect((await member.get(`${D}/seats/${product.id}/attendees.csv`)).statusCode).toBe(403);
  });
  it('pages a long attendee list by 100 order lines; the CSV holds them all', async () => {
    const { product } = await createTestProduct(t.app.db, { totalSeats: 500 });
    const placed = await placeDeskOrder(t.app, { productId: product.id, quantity: 1, answer: 'line 0' });
    // 149 more lines of the same order (the member, and on lines 1–10 a guest too): 150 lines.
    await t.app.db.execute(sql`
      insert into order_items (order_id, product_id, product_name, product_start_date, quantity, price_grosze, cart_label_answer, persons)
      select order_id, product_id, product_name, product_start_date, case when g <= 10 then 2 else 1 end, price_grosze, 'line ' || g,
        case when g <= 10 then ('[{"name":"Gość","surname":"Nr ' || g || '"}]')::jsonb else '[]'::jsonb end
      from order_items, generate_series(1, 149) g where order_id = ${placed.orderId}`);
    const first = await operator.get(`${D}/seats/${product.id}`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.attendees).toHaveLength(110);
    expect(first.json().data.attendees[0].label_answer).toBe('line 0');
    expect(first.json().data.attendees[2]).toMatchObject({ surname: 'Nr 1', is_member: false });
    expect(first.json().data.attendees_from).toBe(1);
    expect(first.json().data.attendees_meta).toEqual({
      current_page: 1,
      last_page: 2,
      per_page: 100,
      total: 150,
    });
    const second = await operator.get(`${D}/seats/${product.id}?page=2`);
    expect(second.json().data.attendees).toHaveLength(50);
    expect(second.json().data.attendees[0].label_answer).toBe('line 100');
    expect(second.json().data.attendees_meta.current_page).toBe(2);
    // Numbered through the pages: 100 members and 10 guests came before.
    expect(second.json().data.attendees_from).toBe(111);
    const beyond = await operator.get(`${D}/seats/${product.id}?page=3`);
    expect(beyond.json().data.attendees).toEqual([]);
    expect(beyond.json().data.attendees_meta).toMatchObject({ current_page: 3, last_page: 2, total: 150 });
    for (const bad of ['0', '-1', 'x', '1.5']) {
      const res = await operator.get(`${D}/seats/${product.id}?page=${bad}`);
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().errors.page).toBeDefined();
    }
    const csv = await operator.get(`${D}/seats/${product.id}/attendees.csv`);
    expect(csv.rawPayload.toString('utf8').trim().split('\r\n')).toHaveLength(161);
  });
});
