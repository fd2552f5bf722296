import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditRows,
  type Client,
  createTestApp,
  DB_KIND,
  staffClient,
  type TestApp,
} from '../../../test/helpers';
import { pdfText } from '../../../test/support/pdf-text';
import { bookingReminders, checkIns, checkInLists, orders, outbox, products, tickets } from '../../db/schema';
import { createMember, daysFromNow, joinWaitingList, memberApi } from '../orders/test-fixtures';
import { sendDueReminders } from './reminders';
import { payOnline, placeDeskOrder } from '../sales-desk/test-fixtures';

/**
 * The event day's papers and mail (issue 29, docs/event-day.md): the booking confirmation as a
 * ticket (QR codes inline, the PDF attached) in the member's language, the tickets' PDF (only the
 * member's own valid tickets), staff's mail to the people who come and the reminder.
 */
let t: TestApp;
let operator: Client;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  operator = await staffClient(t.app, 'OPERATOR');
});
afterAll(() => t?.close());

const EXPERIENCE = {
  placePl: 'Tor Poznań, ul. Wyścigowa 3',
  placeEn: 'Poznań circuit, 3 Wyścigowa St',
  startTime: '10:00',
  endTime: '16:30',
  bringPl: 'Kask i rękawice',
  bringEn: 'A helmet and gloves',
  contactEmail: 'tor@club.example',
  contactPhone: '+48 600 100 200',
};

/** A paid booking of `quantity` seats (the member and quantity − 1 persons) in the member's language. */
async function paidBooking(
  opts: {
    quantity?: number;
    language?: 'pl' | 'en';
    productId?: number;
    product?: Partial<typeof products.$inferInsert>;
  } = {},
) {
  const quantity = opts.quantity ?? 2;
  const placed = await placeDeskOrder(t.app, {
    quantity,
    language: opts.language,
    productId: opts.productId,
    product: { memberLimit: 3, ...EXPERIENCE, ...opts.product },
  });
  await payOnline(t.app, placed.paymentUrl, 150_000 * quantity);
  return placed;
}

const mailsTo = (to: string, template?: string) =>
  t.app.db
    .select()
    .from(outbox)
    .where(template ? and(eq(outbox.to, to), eq(outbox.template, template)) : eq(outbox.to, to))
    .orderBy(desc(outbox.id));

const codesOf = async (orderId: number) =>
  (await t.app.db.select().from(tickets).where(eq(tickets.orderId, orderId)).orderBy(tickets.seat)).map(
    (r) => r.code,
  );
const grouped = (code: string) => code.match(/.{1,4}/g)!.join(' ');

describe('the booking confirmation as a ticket', () => {
  it("carries in the member's language when, where (a map link), who, what to bring, whom to ask, each QR code inline and the PDF", async () => {
    for (const language of ['en', 'pl'] as const) {
      const placed = await paidBooking({ language });
      const [mail] = await mailsTo(placed.member.email, 'order-paid');
      const codes = await codesOf(placed.orderId);
      const [product] = await t.app.db.select().from(products).where(eq(products.id, placed.productId));
      const en = language === 'en';
      expect(mail!.language).toBe(language);
      for (const part of [mail!.text, mail!.html!]) {
        expect(part).toContain(en ? product!.nameEn : product!.namePl);
        expect(part).toContain('10:00–16:30');
        expect(part).toContain(en ? 'A helmet and gloves' : 'Kask i rękawice');
        expect(part).toContain('tor@club.example · +48 600 100 200');
        expect(part).toContain('Zażółć Gęślą-Jaźń');
        expect(part).toContain('Łucja0 Świętochowska');
        for (const code of codes) expect(part).toContain(grouped(code));
      }
      expect(mail!.text).toContain(en ? 'Poznań circuit, 3 Wyścigowa St' : 'Tor Poznań, ul. Wyścigowa 3');
      expect(mail!.text).toContain(
        `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(en ? EXPERIENCE.placeEn : EXPERIENCE.placePl)}`,
      );
      expect(mail!.text).toContain(en ? 'Accompanying person' : 'Osoba towarzysząca');
      // The .ics as before; each QR code inline; the tickets' PDF, one page per attendee.
      const files = mail!.attachments;
      expect(files.map((f) => f.filename)).toEqual([
        `booking-${placed.orderId}.ics`,
        'ticket-1-1.png',
        'ticket-1-2.png',
        `${en ? 'tickets' : 'bilety'}-${placed.orderId}.pdf`,
      ]);
      expect(mail!.html).toContain('src="cid:ticket-1-1@excellence.club"');
      const png = Buffer.from(files[1]!.content, 'base64');
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      const pdf = await pdfText(Buffer.from(files[3]!.content, 'base64'));
      expect(pdf).toContain(en ? 'Accompanying person' : 'Osoba towarzysząca');
      for (const code of codes) expect(pdf.replace(/\s/g, '')).toContain(code);
    }
  });
});

describe("the tickets' PDF", () => {
  it("gives the member their own valid tickets only (one order's, or all to come), never another's or a void one", async () => {
    const placed = await paidBooking({ quantity: 3 });
    const api = placed.api;
    const res = await api.get(`/tickets/orders/${placed.orderId}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="bilety-${placed.orderId}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const text = await pdfText(res.rawPayload);
    const codes = await codesOf(placed.orderId);
    for (const code of codes) expect(text.replace(/\s/g, '')).toContain(code);
    expect(text).toContain('Łucja1 Świętochowska');
    expect(text).toContain('Kask i rękawice');
    expect(text).toContain('Kod biletu');
    // All the tickets to come.
    const all = await api.get('/tickets/pdf');
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-disposition']).toBe('attachment; filename="bilety.pdf"');
    // Another member: their own order only.
    const other = memberApi(t.app, await createMember(t.app.db, { language: 'en' }));
    const refused = await other.get(`/tickets/orders/${placed.orderId}/pdf`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('There is no valid ticket here to print.');
    expect((await other.get('/tickets/pdf')).statusCode).toBe(404);
    // A void ticket is not printable: the cancelled order has nothing left.
    await t.app.db
      .update(tickets)
      .set({ status: 'VOID', voidReason: 'CANCELLED', voidedAt: new Date() })
      .where(eq(tickets.orderId, placed.orderId));
    const gone = await api.get(`/tickets/orders/${placed.orderId}/pdf`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Nie ma tu ważnego biletu do wydruku.');
  });

  it('refuses a wrong order number, an anonymous caller (401) and staff or a dealer (403)', async () => {
    const member = await createMember(t.app.db, { language: 'en' });
    const bad = await memberApi(t.app, member).get('/tickets/orders/abc/pdf');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.id).toBeTruthy();
    expect((await memberApi(t.app, null).get('/tickets/pdf')).statusCode).toBe(401);
    expect((await operator.get('/tickets/pdf')).statusCode).toBe(403);
    const dealer = await createMember(t.app.db, { type: 'DEALER' });
    expect((await memberApi(t.app, dealer).get('/tickets/pdf')).statusCode).toBe(403);
  });
});

const MAIL = {
  audience: 'ALL',
  subject_pl: 'Plan dnia na torze',
  subject_en: 'The plan of the day',
  body_pl: 'Dzień dobry,\n\nzbiórka o 9:30 przy wieży.',
  body_en: 'Hello,\n\nwe meet at 9:30 by the tower.',
};

describe('mail to the people who come', () => {
  it('reaches everyone, those not yet in, or the waiting list, each in their language, nobody twice (audited, a retry mails no one again)', async () => {
    const a = await paidBooking({ language: 'pl' });
    const b = await paidBooking({ language: 'en', productId: a.productId });
    const waiting = await createMember(t.app.db, { language: 'en' });
    await joinWaitingList(t.app.db, a.productId, waiting.id);
    // B's party is let in at the gate.
    const [list] = await t.app.db.select().from(checkInLists).where(eq(checkInLists.productId, a.productId));
    const bTickets = await t.app.db.select().from(tickets).where(eq(tickets.orderId, b.orderId));
    await t.app.db.insert(checkIns).values(bTickets.map((x) => ({ ticketId: x.id, listId: list!.id })));

    const preview = await operator.post('/admin/event-mail/preview', { ...MAIL, product_id: a.productId });
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json().data;
    expect(p.recipients).toEqual({ total: 2, pl: 1, en: 1 });
    expect(p.pl.subject).toBe('Plan dnia na torze');
    expect(p.pl.html).toContain('zbiórka o 9:30 przy wieży.');
    expect(p.en.text).toContain('we meet at 9:30 by the tower.');
    expect(p.en.text).toContain('Poznań circuit, 3 Wyścigowa St');
    expect(await mailsTo(a.member.email, 'attendee-mail')).toHaveLength(0);

    const key = randomUUID();
    const sent = await operator.post('/admin/event-mail/send', { ...MAIL, product_id: a.productId, key });
    expect(sent.statusCode, sent.body).toBe(200);
    const detail = sent.json().data;
    expect(detail.recipients).toBe(2);
    expect(
      detail.people.map((x: { email: string; language: string }) => [x.email, x.language]).sort(),
    ).toEqual(
      [
        [a.member.email, 'pl'],
        [b.member.email, 'en'],
      ].sort(),
    );
    const [toA] = await mailsTo(a.member.email, 'attendee-mail');
    const [toB] = await mailsTo(b.member.email, 'attendee-mail');
    expect(toA!.subject).toBe('Plan dnia na torze');
    expect(toA!.text).toContain('Piszemy do uczestników wydarzenia');
    expect(toB!.subject).toBe('The plan of the day');
    expect(toB!.text).toContain('My tickets');
    const audit = await auditRows(t.app, 'attendee-mail', detail.id);
    expect(audit).toHaveLength(1);
    // The same key again (a lost answer, a double tap): nobody is mailed twice, and no second audit row.
    const again = await operator.post('/admin/event-mail/send', { ...MAIL, product_id: a.productId, key });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(detail.id);
    expect(await mailsTo(a.member.email, 'attendee-mail')).toHaveLength(1);
    expect(await mailsTo(b.member.email, 'attendee-mail')).toHaveLength(1);
    expect(await auditRows(t.app, 'attendee-mail', detail.id)).toHaveLength(1);
    // The key of one experience's mail cannot send another's.
    const other = await paidBooking();
    const stolen = await operator.post('/admin/event-mail/send', {
      ...MAIL,
      product_id: other.productId,
      key,
    });
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json().code).toBe('MAIL_KEY_USED');

    // Only those not yet in; then the waiting list (the button opens the experience).
    const notIn = await operator.post('/admin/event-mail/send', {
      ...MAIL,
      audience: 'NOT_CHECKED_IN',
      product_id: a.productId,
      key: randomUUID(),
    });
    expect(notIn.json().data.people.map((x: { email: string }) => x.email)).toEqual([a.member.email]);
    const toWaiting = await operator.post('/admin/event-mail/send', {
      ...MAIL,
      audience: 'WAITING_LIST',
      product_id: a.productId,
      key: randomUUID(),
    });
    expect(toWaiting.json().data.people.map((x: { email: string }) => x.email)).toEqual([waiting.email]);
    const [waitMail] = await mailsTo(waiting.email, 'attendee-mail');
    expect(waitMail!.text).toContain('See the experience');
    expect(waitMail!.text).toContain('/panel/experiences/');

    // What was sent, newest first, with who received it.
    const listed = await operator.get(`/admin/event-mail/experiences/${a.productId}/mails`);
    expect(
      listed.json().data.map((m: { audience: string; recipients: number }) => [m.audience, m.recipients]),
    ).toEqual([
      ['WAITING_LIST', 1],
      ['NOT_CHECKED_IN', 1],
      ['ALL', 2],
    ]);
    const item = await operator.get(`/admin/event-mail/mails/${detail.id}`);
    expect(item.json().data.people).toHaveLength(2);
    expect(item.json().data.people[0].state).toBe('queued');
    expect((await operator.get('/admin/event-mail/mails/2147483647')).statusCode).toBe(404);

    // Nobody on the waiting list of another experience: refused in words.
    const nobody = await operator.post('/admin/event-mail/send', {
      ...MAIL,
      audience: 'WAITING_LIST',
      product_id: other.productId,
      key: randomUUID(),
    });
    expect(nobody.statusCode).toBe(409);
    expect(nobody.json().message).toBe(
      'Nikt z wybranej grupy nie ma adresu, na który można wysłać tę wiadomość.',
    );
  });

  it('refuses an empty or wrong form in words, members (403), anonymous callers (401) and a write without CSRF (403)', async () => {
    const admin = await staffClient(t.app, 'ADMIN', { language: 'en' });
    const bad = await admin.post('/admin/event-mail/send', {
      product_id: 0,
      audience: 'EVERYONE',
      subject_pl: '',
      subject_en: 'two\nlines',
      body_pl: 'x'.repeat(5001),
      body_en: ' ',
      key: 'not-a-uuid',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(
      ['audience', 'body_en', 'body_pl', 'key', 'product_id', 'subject_en', 'subject_pl'].sort(),
    );
    expect(bad.json().errors.subject_pl[0]).toMatch(/required/i);
    const missing = await admin.post('/admin/event-mail/preview', { ...MAIL, product_id: 2147483647 });
    expect(missing.statusCode).toBe(404);
    const member = memberApi(t.app, await createMember(t.app.db));
    expect((await member.post('/admin/event-mail/preview', { ...MAIL, product_id: 1 })).statusCode).toBe(403);
    expect((await memberApi(t.app, null).get('/admin/event-mail/mails/1')).statusCode).toBe(401);
    const noCsrf = await admin.post(
      '/admin/event-mail/send',
      { ...MAIL, product_id: 1, key: randomUUID() },
      { csrf: false },
    );
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().code).toBe('CSRF');
  });

  it.runIf(DB_KIND === 'postgres')(
    'two server processes sending one key and reminding at once mail each person once',
    async () => {
      const second = await createTestApp({ sameDatabaseAs: t });
      try {
        const a = await paidBooking({ product: { startDate: daysFromNow(1), reminderDays: 2 } });
        const b = await paidBooking({ language: 'en', productId: a.productId });
        await t.app.db
          .update(orders)
          .set({ paidAt: new Date(Date.now() - 7 * 86_400_000) })
          .where(inArray(orders.id, [a.orderId, b.orderId]));
        const secondOperator = await staffClient(second.app, 'OPERATOR');
        const key = randomUUID();
        const body = { ...MAIL, product_id: a.productId, key };
        const answers = await Promise.all([
          operator.post('/admin/event-mail/send', body),
          secondOperator.post('/admin/event-mail/send', body),
          operator.post('/admin/event-mail/send', body),
        ]);
        for (const res of answers) expect(res.statusCode, res.body).toBe(200);
        expect(await mailsTo(a.member.email, 'attendee-mail')).toHaveLength(1);
        expect(await mailsTo(b.member.email, 'attendee-mail')).toHaveLength(1);
        const queued = await Promise.all([
          sendDueReminders(t.app),
          sendDueReminders(second.app),
          sendDueReminders(t.app),
        ]);
        expect(queued.reduce((x, y) => x + y, 0)).toBeGreaterThanOrEqual(2);
        expect(await mailsTo(a.member.email, 'booking-reminder')).toHaveLength(1);
        expect(await mailsTo(b.member.email, 'booking-reminder')).toHaveLength(1);
      } finally {
        await second.close();
      }
    },
  );
});

describe('the reminder', () => {
  it("goes N days before the start, once per booking, in the member's language with the tickets; not for a booking made inside the window or an experience without one", async () => {
    const due = await paidBooking({
      language: 'en',
      product: { startDate: daysFromNow(2), reminderDays: 2 },
    });
    const late = await paidBooking({ productId: due.productId });
    const off = await paidBooking({ product: { startDate: daysFromNow(1), reminderDays: 0 } });
    const early = await paidBooking({ product: { startDate: daysFromNow(10), reminderDays: 3 } });
    const weekAgo = new Date(Date.now() - 7 * 86_400_000);
    await t.app.db
      .update(orders)
      .set({ paidAt: weekAgo })
      .where(inArray(orders.id, [due.orderId, off.orderId, early.orderId]));
    await sendDueReminders(t.app);
    const [mail] = await mailsTo(due.member.email, 'booking-reminder');
    expect(mail).toBeDefined();
    expect(mail!.language).toBe('en');
    expect(mail!.subject).toMatch(/^Excellence Club: a reminder – Test drive /);
    expect(mail!.text).toContain('A helmet and gloves');
    for (const code of await codesOf(due.orderId)) expect(mail!.text).toContain(grouped(code));
    expect(mail!.attachments.map((f) => f.filename)).toContain(`tickets-${due.orderId}.pdf`);
    // Once: the job again (a restart, another process) sends nothing more.
    await sendDueReminders(t.app);
    expect(await mailsTo(due.member.email, 'booking-reminder')).toHaveLength(1);
    // Booked after the reminder's day began: its confirmation already carried the tickets.
    expect(await mailsTo(late.member.email, 'booking-reminder')).toHaveLength(0);
    const rows = await t.app.db
      .select()
      .from(bookingReminders)
      .where(eq(bookingReminders.orderId, late.orderId));
    expect(rows.map((r) => r.outboxId)).toEqual([null]);
    expect(await mailsTo(off.member.email, 'booking-reminder')).toHaveLength(0);
    expect(await mailsTo(early.member.email, 'booking-reminder')).toHaveLength(0);
    // A cancelled booking (void tickets) is not reminded.
    const cancelled = await paidBooking({ product: { startDate: daysFromNow(1), reminderDays: 2 } });
    await t.app.db.update(orders).set({ paidAt: weekAgo }).where(eq(orders.id, cancelled.orderId));
    await t.app.db.update(tickets).set({ status: 'VOID' }).where(eq(tickets.orderId, cancelled.orderId));
    await sendDueReminders(t.app);
    expect(await mailsTo(cancelled.member.email, 'booking-reminder')).toHaveLength(0);
  });
});
