import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditRows,
  Client,
  createTestApp,
  createTestUser,
  skipIfNoDatabase,
  staffClient,
  type TestApp,
} from '../../../test/helpers';
import { outbox } from '../../db/schema';
import { randomToken } from '../../lib/tokens';
import { createMember, createTestProduct, daysFromNow, memberApi } from '../orders/test-fixtures';

/**
 * The mails through a real SMTP server started here (smtp-server), read back with mailparser: the
 * booking confirmation with its .ics, a refused mail that fails and is resent from the console, and
 * the console's outbox API (paging, filters, validation, access) on both databases.
 */
describe.skipIf(skipIfNoDatabase)('mail', () => {
  let t: TestApp;
  let smtp: SMTPServer;
  const received: ParsedMail[] = [];
  /** Recipients the SMTP server refuses (550), as a mailbox that does not exist. */
  const refused = new Set<string>();
  let admin: Client;
  let operator: Client;
  let operatorEn: Client;
  let customer: Client;
  let dealer: Client;
  let anonymous: Client;

  const arrivedFor = async (to: string, count = 1) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const mails = received.filter((m) => m.to && JSON.stringify(m.to).includes(to));
      if (mails.length >= count) return mails;
      if (Date.now() > deadline) throw new Error(`no mail arrived for ${to}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const rowsTo = (to: string) => t.app.db.select().from(outbox).where(eq(outbox.to, to));
  const unique = (prefix: string) =>
    `${prefix}-${randomToken(6)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')}@example.com`;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (refused.has(address.address)) {
          const error = Object.assign(new Error('5.1.1 Mailbox unavailable'), { responseCode: 550 });
          callback(error);
          return;
        }
        callback();
      },
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push(mail);
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    // PUBLIC_URL stays http (the sessions' cookie is not `Secure` then, as inject needs).
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    admin = await staffClient(t.app, 'ADMIN');
    operator = await staffClient(t.app, 'OPERATOR');
    operatorEn = await staffClient(t.app, 'OPERATOR', { language: 'en' });
    customer = new Client(t.app);
    const c = await createTestUser(t.app.db, { type: 'CUSTOMER' });
    await customer.login(c.email, c.password);
    dealer = new Client(t.app);
    const d = await createTestUser(t.app.db, { type: 'DEALER' });
    await dealer.login(d.email, d.password);
    anonymous = new Client(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  });

  /** A member (English) books a timed experience and pays through the sandbox operator. */
  async function bookAndPay() {
    const member = await createMember(t.app.db, { language: 'en' });
    const api = memberApi(t.app, member);
    const { product, terms } = await createTestProduct(t.app.db, {
      terms: 1,
      startDate: daysFromNow(40),
      startTime: '10:00',
      endTime: '13:30',
      nameEn: 'Track day <Poznań> & "friends"',
      placeEn: 'Tor Poznań',
    });
    const added = await api.post('/sales/cart/add', { product_id: product.id });
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().data.id;
    const filled = await api.post(`/sales/cart/update/${id}`, {
      quantity: 2,
      persons: [{ name: 'Anna', surname: 'Nowak' }],
      terms: terms.map((term) => ({ term_id: term.id, value: 1 })),
    });
    expect(filled.statusCode, filled.body).toBe(200);
    const placed = (await api.post('/sales/cart/order', {})).json().data;
    const path = new URL(placed.payment_url).pathname;
    const page = await t.app.inject({ method: 'GET', url: path });
    const token = /name="token" value="([^"]+)"/.exec(page.body)![1]!;
    const pay = await t.app.inject({
      method: 'POST',
      url: `${path}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${encodeURIComponent(token)}`,
    });
    expect(pay.statusCode).toBe(303);
    return { member, product, orderId: placed.order_id as number };
  }

  describe('through a real SMTP server', () => {
    it('the booking confirmation arrives in the member language: HTML and text parts, the .ics parsed back', async () => {
      const { member, product, orderId } = await bookAndPay();
      const [mail] = await arrivedFor(member.email);
      expect(mail!.subject).toBe(`Excellence Club: order no. ${orderId} paid`);
      expect(mail!.from?.text).toContain('club@example.com');
      // HTML in the brand's layout, the experience's name escaped; the text part says the same.
      expect(mail!.html).toContain('EXCELLENCE CLUB');
      expect(mail!.html).toContain('Booking confirmation');
      expect(mail!.html).toContain('Track day &lt;Poznań&gt; &amp; &quot;friends&quot;');
      expect(mail!.html).not.toContain('<Poznań>');
      expect(mail!.text).toContain('Track day <Poznań> & "friends"');
      expect(mail!.text).toContain('Seats: 2');
      const publicUrl = t.app.config.PUBLIC_URL;
      expect(mail!.text).toContain(`${publicUrl}/panel/account/shopping-history`);
      // The calendar file: one event, the Warsaw wall-clock times as UTC instants.
      const ics = mail!.attachments.find((a) => a.filename === `booking-${orderId}.ics`)!;
      expect(ics.contentType).toBe('text/calendar');
      const calendar = new ICAL.Component(ICAL.parse(ics.content.toString('utf8')));
      const [event] = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
      expect(event!.summary).toBe('Track day <Poznań> & "friends"');
      expect(event!.location).toBe('Tor Poznań');
      expect(event!.description).toBe(`Seats: 2\n${publicUrl}/panel/account/shopping-history`);
      expect(event!.uid).toMatch(new RegExp(`^order-${orderId}-line-\\d+@${new URL(publicUrl).hostname}$`));
      const start = event!.startDate.toJSDate();
      const wall = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Warsaw',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(start);
      expect(wall).toBe('10:00');
      expect(event!.startDate.zone?.tzid).toBe('UTC');
      expect(product.startDate).toBe(daysFromNow(40));
      expect((event!.endDate.toJSDate().getTime() - start.getTime()) / 60_000).toBe(210);
      // The outbox row says sent, once, and keeps the attachment for a resend. The SMTP server has the
      // mail a moment before the sender writes so (the tickets' images and PDF make it a larger one).
      const paid = async () => (await rowsTo(member.email)).find((r) => r.template === 'order-paid');
      await expect.poll(async () => (await paid())?.status).toBe('SENT');
      const row = await paid();
      expect(row).toMatchObject({ status: 'SENT', attempts: 1, error: null, language: 'en' });
      expect(row!.attachments[0]!.content).toBe(ics.content.toString('utf8'));
    });

    it('a refused mail fails with the error; staff resend it from the console and it arrives', async () => {
      const email = unique('refused');
      refused.add(email);
      const user = await createTestUser(t.app.db, { type: 'CUSTOMER', language: 'pl' });
      // A mail the server queues in a transaction and flushes after commit (the reset link).
      const { db } = t.app;
      await db.transaction((tx) =>
        t.app.mailer.queue(tx, {
          template: 'waiting-list',
          to: email,
          language: 'pl',
          data: { name: 'Gala <b>noworoczna</b>', url: 'https://club.example.com/panel/experiences' },
        }),
      );
      await t.app.mailer.flush(db);
      const [failed] = await rowsTo(email);
      expect(failed).toMatchObject({ status: 'FAILED', attempts: 1 });
      expect(failed!.error).toMatch(/550|Mailbox unavailable/);

      const listed = (
        await operator.get(`/admin/mail/items?state=failed&q=${encodeURIComponent(email)}`)
      ).json();
      expect(listed.data).toEqual([
        expect.objectContaining({ id: failed!.id, state: 'failed', attempts: 1, error: failed!.error }),
      ]);

      // Still refused: the answer says failed again, with the error.
      const again = await operator.post(`/admin/mail/items/${failed!.id}/resend`);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().data).toMatchObject({ state: 'failed', attempts: 1 });

      refused.delete(email);
      const resent = await operator.post(`/admin/mail/items/${failed!.id}/resend`);
      expect(resent.statusCode, resent.body).toBe(200);
      expect(resent.json().data).toMatchObject({ state: 'sent', attempts: 1, error: null });
      const [mail] = await arrivedFor(email);
      expect(mail!.subject).toBe('Excellence Club: Gala <b>noworoczna</b> – są wolne miejsca');
      expect(mail!.html).toContain('Gala &lt;b&gt;noworoczna&lt;/b&gt;');
      expect(mail!.text).toContain('„Gala <b>noworoczna</b>”');

      const audit = await auditRows(t.app, 'mail', failed!.id);
      expect(audit).toHaveLength(2);
      expect(audit[0]).toMatchObject({ action: 'resend', actorEmail: operator.account!.email });
      expect(audit[0]!.before).toMatchObject({ state: 'failed', to: email });
      expect(audit[0]!.after).toMatchObject({ state: 'queued', attempts: 0 });
      // A sent mail is not resent.
      const twice = await operator.post(`/admin/mail/items/${failed!.id}/resend`);
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toMatchObject({
        code: 'MAIL_NOT_FAILED',
        message: 'Ponownie wysłać można tylko wiadomość, której wysyłka się nie powiodła.',
      });
      expect(user.id).toBeGreaterThan(0);
    });

    it('a failed invitation resent from the console brings its owner a working link; staff see it hidden throughout (issue 28)', async () => {
      const email = unique('invitee');
      refused.add(email);
      const invited = await admin.post('/staff/invite', {
        email,
        name: 'Ala',
        surname: 'Nowa',
        type: 'ADMIN',
        language: 'en',
      });
      expect(invited.statusCode, invited.body).toBe(200);
      // The invitation is flushed in the background after the answer: wait until SMTP has refused it.
      const deadline = Date.now() + 10_000;
      let [failed] = await rowsTo(email);
      while (failed?.status !== 'FAILED' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        [failed] = await rowsTo(email);
      }
      expect(failed).toMatchObject({ status: 'FAILED', template: 'staff-invitation' });
      expect(failed!.secrets).not.toBeNull();

      refused.delete(email);
      const resent = await operatorEn.post(`/admin/mail/items/${failed!.id}/resend`);
      expect(resent.statusCode, resent.body).toBe(200);
      expect(resent.json().data.state).toBe('sent');
      for (const body of [resent.json().data.text, resent.json().data.html]) {
        expect(body).toContain('[link hidden: only the recipient receives this single-use link]');
        expect(body).not.toMatch(/invitation\?token=/);
      }
      // The owner's mail has the working link, in both parts; the sent row keeps no sealed link.
      const [mail] = await arrivedFor(email);
      const link = /https?:\/\/\S+\/panel\/admin\/invitation\?token=[\w%-]+/.exec(mail!.text as string)![0];
      expect(mail!.html).toContain(link);
      const token = new URL(link).searchParams.get('token')!;
      expect((await anonymous.get(`/staff/invitation?token=${encodeURIComponent(token)}`)).statusCode).toBe(
        200,
      );
      const [sent] = await rowsTo(email);
      expect(sent).toMatchObject({ status: 'SENT', secrets: null });
      expect(sent!.text).not.toContain(token);
    });

    it('flushes racing in parallel (two mailers, as two processes) send every mail exactly once', async () => {
      const { createMailer } = await import('./mailer');
      const smtpUrl = t.app.config.SMTP_URL!;
      const one = createMailer({ smtpUrl, from: 'club@example.com', log: t.app.log });
      const two = createMailer({ smtpUrl, from: 'club@example.com', log: t.app.log });
      const tag = randomToken(6)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '');
      const to = Array.from({ length: 12 }, (_, i) => `race-${i}-${tag}@example.com`);
      await t.app.db.transaction(async (tx) => {
        for (const address of to)
          await one.queue(tx, {
            template: 'order-cancelled',
            to: address,
            language: 'pl',
            data: { orderId: 1, url: 'https://club.example.com/h' },
          });
      });
      await Promise.all([one.flush(t.app.db), two.flush(t.app.db), one.flush(t.app.db), two.flush(t.app.db)]);
      for (const address of to) {
        await arrivedFor(address);
        const [row] = await rowsTo(address);
        expect(row).toMatchObject({ status: 'SENT', attempts: 1 });
      }
      // Nothing arrives twice, even a moment later.
      await new Promise((resolve) => setTimeout(resolve, 200));
      for (const address of to)
        expect(received.filter((m) => JSON.stringify(m.to).includes(address))).toHaveLength(1);
    });

    it('a send started after the answer is work the app waits for when it closes', async () => {
      const email = unique('background');
      await t.app.db.transaction((tx) =>
        t.app.mailer.queue(tx, {
          template: 'order-cancelled',
          to: email,
          language: 'en',
          data: { orderId: 1, url: 'https://club.example.com/b' },
        }),
      );
      t.app.mailer.flushInBackground(t.app.db);
      // What a graceful shutdown does (app.ts): wait for the work in flight before the database goes.
      await t.app.inFlight.drain(10_000);
      expect((await rowsTo(email))[0]).toMatchObject({ status: 'SENT', attempts: 1 });
      await arrivedFor(email);
    });

    it('a transient failure (server unreachable) stays queued and counts its attempts until the last one', async () => {
      const { createMailer } = await import('./mailer');
      const dead = createMailer({ smtpUrl: 'smtp://127.0.0.1:9', from: 'club@example.com', log: t.app.log });
      const email = unique('unreachable');
      const id = await t.app.db.transaction((tx) =>
        dead.queue(tx, {
          template: 'order-cancelled',
          to: email,
          language: 'en',
          data: { orderId: 1, url: 'https://club.example.com/x' },
        }),
      );
      await dead.flush(t.app.db, { ids: [id] });
      expect((await rowsTo(email))[0]).toMatchObject({ status: 'QUEUED', attempts: 1 });
      await dead.flush(t.app.db, { ids: [id] });
      await dead.flush(t.app.db, { ids: [id] });
      const [row] = await rowsTo(email);
      expect(row).toMatchObject({ status: 'FAILED', attempts: 3 });
      expect(row!.error).toMatch(/ECONNREFUSED|connect/i);
    });
  });

  describe('the outbox in the console (API)', () => {
    /** Three mails of a test's own recipient domain, queued (no flush: they stay queued). */
    async function threeMails() {
      const tag = randomToken(6)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '');
      const to = [`a-${tag}@outbox.test`, `b-${tag}@outbox.test`, `c-${tag}@outbox.test`];
      const ids: number[] = [];
      await t.app.db.transaction(async (tx) => {
        ids.push(
          await t.app.mailer.queue(tx, {
            template: 'order-cancelled',
            to: to[0]!,
            language: 'pl',
            data: { orderId: 7, url: 'https://club.example.com/h' },
          }),
        );
        ids.push(
          await t.app.mailer.queue(tx, {
            template: 'reset-password',
            to: to[1]!,
            language: 'en',
            data: { link: 'https://club.example.com/r', minutes: 60 },
          }),
        );
        ids.push(
          await t.app.mailer.queue(tx, {
            template: 'order-cancelled',
            to: to[2]!,
            language: 'en',
            data: { orderId: 8, url: 'https://club.example.com/h' },
          }),
        );
      });
      return { tag, to, ids };
    }

    it('pages, sorts and filters by state, template, recipient and day', async () => {
      const { tag, to, ids } = await threeMails();
      const res = await operator.get(`/admin/mail/items?q=${tag}&sort=to&dir=asc&per_page=25`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.data.map((m: { to: string }) => m.to)).toEqual(to);
      expect(body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 25, total: 3 });
      expect(body.data[0]).toMatchObject({
        id: ids[0],
        state: 'queued',
        attempts: 0,
        template: 'order-cancelled',
        language: 'pl',
        attachments: 0,
      });
      const desc = (await admin.get(`/admin/mail/items?q=${tag}&sort=to&dir=desc`)).json();
      expect(desc.data.map((m: { to: string }) => m.to)).toEqual([...to].reverse());
      const cancelled = (await operator.get(`/admin/mail/items?q=${tag}&template=order-cancelled`)).json();
      expect(cancelled.data.map((m: { id: number }) => m.id).sort()).toEqual([ids[0], ids[2]].sort());
      expect((await operator.get(`/admin/mail/items?q=${tag}&state=sent`)).json().data).toEqual([]);
      expect((await operator.get(`/admin/mail/items?q=${tag}&state=queued`)).json().meta.total).toBe(3);
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(new Date());
      expect(
        (await operator.get(`/admin/mail/items?q=${tag}&from=${today}&to=${today}`)).json().meta.total,
      ).toBe(3);
      expect((await operator.get(`/admin/mail/items?q=${tag}&to=2020-01-01`)).json().meta.total).toBe(0);
      // Blank filters (a cleared field in the address) mean none.
      expect(
        (await operator.get(`/admin/mail/items?q=${tag}&state=&template=&from=&to=`)).json().meta.total,
      ).toBe(3);
      // The search takes LIKE's wildcards literally.
      expect((await operator.get('/admin/mail/items?q=%25_%25')).json().meta.total).toBe(0);
      const paged = (await operator.get(`/admin/mail/items?q=${tag}&per_page=25&page=2`)).json();
      expect(paged.data).toEqual([]);
      expect(paged.meta.current_page).toBe(2);
    });

    it('answers 422 with the message in the staff member language for bad filters', async () => {
      const pl = await operator.get('/admin/mail/items?state=lost&sort=colour&per_page=7&from=2026-13-01');
      expect(pl.statusCode).toBe(422);
      expect(pl.json().code).toBe('VALIDATION');
      expect(Object.keys(pl.json().errors).sort()).toEqual(['from', 'per_page', 'sort', 'state']);
      expect(pl.json().errors.state).toEqual(['Nieprawidłowa wartość']);
      const en = await operatorEn.get('/admin/mail/items?template=spam&dir=up');
      expect(en.statusCode).toBe(422);
      expect(en.json().errors.template).toEqual(['Incorrect value']);
      const range = await operatorEn.get('/admin/mail/items?from=2026-05-02&to=2026-05-01');
      expect(range.statusCode).toBe(422);
      expect(range.json().errors.to).toEqual(['The end cannot be before the start.']);
      const long = await operator.get(`/admin/mail/items?q=${'x'.repeat(300)}`);
      expect(long.statusCode).toBe(422);
      expect(long.json().errors.q).toEqual(['Wartość jest za długa.']);
      expect((await operator.get('/admin/mail/items?page=0')).statusCode).toBe(422);
    });

    it('shows one mail: text, HTML and attachments; 404 for none', async () => {
      const { ids } = await threeMails();
      const res = await operator.get(`/admin/mail/items/${ids[1]}`);
      expect(res.statusCode, res.body).toBe(200);
      const mail = res.json().data;
      expect(mail).toMatchObject({
        id: ids[1],
        template: 'reset-password',
        language: 'en',
        state: 'queued',
        attachment_files: [],
      });
      expect(mail.subject).toBe('Excellence Club: reset your password');
      expect(mail.html).toContain('Reset your password');
      // The reset link is a secret: staff read it hidden, in their language (issue 28).
      expect(mail.text).not.toContain('https://club.example.com/r');
      expect(mail.html).not.toContain('https://club.example.com/r');
      expect(mail.text).toContain('[link ukryty: jednorazowy link otrzymuje tylko adresat]');
      expect((await operatorEn.get(`/admin/mail/items/${ids[1]}`)).json().data.text).toContain(
        '[link hidden:',
      );
      expect((await operator.get('/admin/mail/items/999999999')).statusCode).toBe(404);
      expect((await operator.get('/admin/mail/items/abc')).statusCode).toBe(422);
      expect((await operator.post('/admin/mail/items/999999999/resend')).statusCode).toBe(404);
      // Queued, not failed: nothing to resend.
      const queued = await operatorEn.post(`/admin/mail/items/${ids[1]}/resend`);
      expect(queued.statusCode).toBe(409);
      expect(queued.json().message).toBe('Only a mail whose delivery failed can be sent again.');
      expect(await auditRows(t.app, 'mail', ids[1]!)).toEqual([]);
    });

    it('refuses to resend a failed mail whose link was stripped before links were sealed (migration 0020)', async () => {
      const { ids } = await threeMails();
      // As migration 0020 leaves a failed reset mail stored before the change: a placeholder, no secret.
      await t.app.db
        .update(outbox)
        .set({ status: 'FAILED', text: 'Reset: {{secret:link}}', secrets: null })
        .where(eq(outbox.id, ids[1]!));
      const res = await operatorEn.post(`/admin/mail/items/${ids[1]}/resend`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'MAIL_LINK_GONE' });
      expect(res.json().message).toContain('single-use link is gone');
      const pl = await operator.post(`/admin/mail/items/${ids[1]}/resend`);
      expect(pl.json().message).toContain('Jednorazowego linku');
      // Nothing changed: still failed, never handed to SMTP, no audit row.
      const [row] = await t.app.db.select().from(outbox).where(eq(outbox.id, ids[1]!));
      expect(row!.status).toBe('FAILED');
      expect(await auditRows(t.app, 'mail', ids[1]!)).toEqual([]);
    });

    it('401 without a session, 403 for members and dealers, 403 without the CSRF header', async () => {
      const { ids } = await threeMails();
      const calls = [
        ['GET', '/admin/mail/items'],
        ['GET', `/admin/mail/items/${ids[0]}`],
        ['POST', `/admin/mail/items/${ids[0]}/resend`],
      ] as const;
      for (const [method, path] of calls) {
        const body = method === 'POST' ? {} : undefined;
        expect((await anonymous.request(method, path, body)).statusCode, path).toBe(401);
        for (const who of [customer, dealer]) {
          const res = await who.request(method, path, body);
          expect(res.statusCode, path).toBe(403);
          expect(res.json().code).toBe('FORBIDDEN');
        }
      }
      const noCsrf = await admin.post(`/admin/mail/items/${ids[0]}/resend`, {}, { csrf: false });
      expect(noCsrf.statusCode).toBe(403);
      expect(noCsrf.json().code).toBe('CSRF');
    });
  });
});
