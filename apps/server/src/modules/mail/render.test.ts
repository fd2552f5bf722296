import type { MailTemplateName } from '@club/shared/schemas/admin-mail';
import { MAIL_TEMPLATES } from '@club/shared/schemas/admin-mail';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { renderMail, withSecrets } from './render';
import type { MailData } from './templates';
import type { MailTicketBooking } from './ticket-parts';

const LINK = 'https://club.example.com/panel/x?token=abc&y=1';
const EVIL = '<script>alert("x")</script> & Sons';
/** A 1×1 PNG: the image's bytes do not matter to the layout. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const BOOKINGS: MailTicketBooking[] = [
  {
    experience: EVIL,
    when: 'sobota, 1 maja 2026, 10:00–18:00',
    place: 'Tor Poznań, ul. Wyścigowa 1',
    mapUrl: 'https://www.google.com/maps/search/?api=1&query=Tor%20Pozna%C5%84',
    bring: 'Kask\nRękawice',
    contact: 'club@example.com · +48 600 000 000',
    tickets: [
      { name: 'Jan Kowalski', member: true, code: 'AbCd EfGh IjKl', qr: PNG },
      { name: 'Anna Nowak', member: false, code: 'MnOp QrSt UvWx', qr: PNG },
    ],
  },
];

/** Sample data of every template, with an HTML-looking value wherever a person's text goes. */
const SAMPLES: { [T in MailTemplateName]: MailData[T] } = {
  'reset-password': { link: LINK, minutes: 60 },
  'dealer-invitation': { dealer: EVIL, link: LINK, days: 14 },
  'agreements-accepted': {},
  'activation-link': { link: LINK, days: 14 },
  welcome: { card: 'EC-0001', validTo: '10/02/2028', link: LINK },
  'bonus-joined': { form: EVIL, office: null },
  'waiting-list': { name: EVIL, url: LINK },
  'seat-offer': { name: EVIL, url: LINK, until: '2026-11-26T15:05:00.000Z' },
  'order-paid': {
    orderId: 42,
    total: '1 500,00 zł',
    lines: [{ name: EVIL, date: '2026-05-01', quantity: 2 }],
    url: LINK,
    events: [
      {
        uid: 'order-42-line-7@club.example.com',
        summary: `Tor; jazda, "pokazowa" ${'ż'.repeat(60)}`,
        location: 'Tor Poznań, ul. Wyścigowa 1',
        seats: 2,
        url: LINK,
        start: new Date('2026-05-01T08:00:00Z'),
        end: new Date('2026-05-01T11:00:00Z'),
        allDay: false,
      },
      {
        uid: 'order-42-line-8@club.example.com',
        summary: 'Gala',
        location: null,
        seats: 1,
        url: null,
        start: new Date('2026-06-02T00:00:00Z'),
        end: new Date('2026-06-03T00:00:00Z'),
        allDay: true,
      },
    ],
    bookings: BOOKINGS,
    ticketsPdf: 'JVBERi0xLjMK',
  },
  'order-cancelled': { orderId: 42, url: LINK },
  'order-cancelled-by-club': { orderId: 42, url: LINK },
  'order-refunded': {
    orderId: 42,
    amount: '500,00 zł',
    refundedTotal: '500,00 zł',
    total: '1 500,00 zł',
    full: false,
    url: LINK,
  },
  'order-invoice': {
    orderId: 42,
    kind: 'CORRECTION',
    number: 'FK/2026/000007',
    corrects: 'FV/2026/000123',
    gross: '500,00 zł',
    issueDate: '2026-11-02',
    url: LINK,
  },
  'staff-invitation': { name: EVIL, role: 'ADMIN', link: LINK, days: 7 },
  'booking-reminder': {
    orderId: 42,
    experience: EVIL,
    when: 'sobota, 1 maja 2026, 10:00–18:00',
    url: LINK,
    bookings: BOOKINGS,
    ticketsPdf: 'JVBERi0xLjMK',
  },
  'attendee-mail': {
    subject: `Plan dnia ${EVIL}`,
    body: `Dzień dobry,\n\nzbiórka o 9:30 ${EVIL}.\nDo zobaczenia!`,
    experience: EVIL,
    when: null,
    place: 'Tor Poznań',
    waiting: false,
    url: LINK,
  },
  'privacy-export-ready': { url: LINK, until: '2026-11-27T15:05:00.000Z' },
};

describe('mail templates (MJML, both languages)', () => {
  for (const name of MAIL_TEMPLATES) {
    for (const lang of ['pl', 'en'] as const) {
      it(`${name} in ${lang}: HTML and text, every slot filled, every value escaped`, async () => {
        const stored = await renderMail(name, lang, SAMPLES[name] as never);
        // A single-use link never sits in the stored mail (issue 28): only its placeholder does.
        if (Object.keys(stored.secrets).length > 0) {
          expect(stored.text).not.toContain('token=abc');
          expect(stored.html).not.toContain('token=abc');
        }
        // What follows reads the mail as it is handed to SMTP, its links put back.
        const mail = { ...stored, ...withSecrets(stored, stored.secrets) };
        expect(mail.subject.length).toBeGreaterThan(10);
        expect(mail.subject).not.toMatch(/\{\{|[\r\n]/);
        expect(mail.html).toContain('<!doctype html>');
        expect(mail.html).toContain(`lang="${lang}"`);
        expect(mail.html).toContain('EXCELLENCE CLUB');
        expect(mail.html).not.toMatch(/\{\{/);
        expect(mail.text).not.toMatch(/\{\{/);
        expect(mail.html).not.toContain('<script>alert');
        if (JSON.stringify(SAMPLES[name]).includes('script')) {
          expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Sons');
          expect(mail.text).toContain(EVIL);
        }
        if ('link' in SAMPLES[name] || 'url' in SAMPLES[name]) {
          expect(mail.html).toContain('href="https://club.example.com/panel/x?token=abc&amp;y=1"');
          // The first address of the text part is the action's link (tests and people copy it).
          expect(/(https?:\/\/\S+)/.exec(mail.text)![1]).toBe(LINK);
        }
      });
    }
  }

  it('the subject is in the recipient language', async () => {
    const pl = await renderMail('order-paid', 'pl', SAMPLES['order-paid']);
    const en = await renderMail('order-paid', 'en', SAMPLES['order-paid']);
    expect(pl.subject).toBe('Excellence Club: zamówienie nr 42 opłacone');
    expect(en.subject).toBe('Excellence Club: order no. 42 paid');
    expect(pl.text).toContain('1 maja 2026 · Miejsca: 2');
    expect(en.text).toContain('1 May 2026 · Seats: 2');
  });

  it('refuses a link that is not http(s)', async () => {
    await expect(
      renderMail('reset-password', 'pl', { link: 'javascript:alert(1)', minutes: 5 }),
    ).rejects.toThrow(/not http/);
  });

  it('the booking confirmation carries an .ics: one VEVENT per date, UTC times, stable UIDs, folded lines', async () => {
    const mail = await renderMail('order-paid', 'en', SAMPLES['order-paid']);
    const [ics] = mail.attachments;
    expect(ics!.filename).toBe('booking-42.ics');
    expect(ics!.contentType).toContain('text/calendar');
    const lines = ics!.content.split('\r\n');
    expect(lines.every((l) => Buffer.byteLength(l, 'utf8') <= 75)).toBe(true);
    expect(ics!.content).toContain('METHOD:PUBLISH');
    expect(ics!.content).toContain('DTSTART:20260501T080000Z');
    expect(ics!.content).toContain('DTSTART;VALUE=DATE:20260602');
    const calendar = new ICAL.Component(ICAL.parse(ics!.content));
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => e.uid)).toEqual([
      'order-42-line-7@club.example.com',
      'order-42-line-8@club.example.com',
    ]);
    expect(events[0]!.summary).toBe(SAMPLES['order-paid'].events[0]!.summary);
    expect(events[0]!.location).toBe('Tor Poznań, ul. Wyścigowa 1');
    expect(events[0]!.description).toBe(`Seats: 2\n${LINK}`);
    expect(events[1]!.description).toBe('Seats: 1');
    expect(events[0]!.startDate.toJSDate().toISOString()).toBe('2026-05-01T08:00:00.000Z');
    expect(events[1]!.startDate.isDate).toBe(true);
    // Without dated lines, no file.
    const none = await renderMail('order-paid', 'pl', {
      ...SAMPLES['order-paid'],
      events: [],
      bookings: [],
      ticketsPdf: null,
    });
    expect(none.attachments).toEqual([]);
    expect(none.text).not.toContain('.ics');
    expect(mail.text).toContain('an .ics file');
  });

  it('the booking confirmation and the reminder carry the tickets: facts, QR codes inline, the PDF, both languages', async () => {
    for (const name of ['order-paid', 'booking-reminder'] as const) {
      const pl = await renderMail(name, 'pl', SAMPLES[name]);
      const en = await renderMail(name, 'en', SAMPLES[name]);
      for (const [mail, words] of [
        [
          pl,
          [
            'Termin',
            'Miejsce',
            'Zobacz na mapie',
            'Co zabrać',
            'Kontakt',
            'Członek klubu',
            'Osoba towarzysząca',
            'Kod biletu',
          ],
        ],
        [
          en,
          [
            'When',
            'Place',
            'Open in maps',
            'What to bring',
            'Contact',
            'Club member',
            'Accompanying person',
            'Ticket code',
          ],
        ],
      ] as const) {
        for (const word of words) expect(mail.html).toContain(word);
        expect(mail.text).toContain('Jan Kowalski');
        expect(mail.text).toContain('AbCd EfGh IjKl');
        expect(mail.text).toContain('Kask\nRękawice');
        expect(mail.html).toContain('Kask<br />Rękawice');
        expect(mail.html).toContain(
          'href="https://www.google.com/maps/search/?api=1&amp;query=Tor%20Pozna%C5%84"',
        );
        // Each QR code is an inline image (Content-ID) of the mail, the tickets a PDF attachment.
        expect(mail.html).toContain('src="cid:ticket-1-1@excellence.club"');
        expect(mail.html).toContain('src="cid:ticket-1-2@excellence.club"');
        const inline = mail.attachments.filter((a) => a.cid);
        expect(inline.map((a) => [a.cid, a.contentType, a.encoding])).toEqual([
          ['ticket-1-1@excellence.club', 'image/png', 'base64'],
          ['ticket-1-2@excellence.club', 'image/png', 'base64'],
        ]);
      }
      expect(pl.attachments.find((a) => a.contentType === 'application/pdf')!.filename).toBe('bilety-42.pdf');
      expect(en.attachments.find((a) => a.contentType === 'application/pdf')!.filename).toBe(
        'tickets-42.pdf',
      );
    }
    const reminder = await renderMail('booking-reminder', 'pl', SAMPLES['booking-reminder']);
    expect(reminder.subject).toBe(`Excellence Club: przypomnienie – ${EVIL}`);
    expect((await renderMail('booking-reminder', 'en', SAMPLES['booking-reminder'])).subject).toBe(
      `Excellence Club: a reminder – ${EVIL}`,
    );
  });

  it("a staff member's mail keeps their paragraphs, escaped, and says why it came in the recipient's language", async () => {
    const pl = await renderMail('attendee-mail', 'pl', SAMPLES['attendee-mail']);
    const en = await renderMail('attendee-mail', 'en', { ...SAMPLES['attendee-mail'], waiting: true });
    expect(pl.subject).toBe(`Plan dnia ${EVIL}`);
    expect(pl.html).toContain('<p style="margin:0 0 14px">Dzień dobry,</p>');
    expect(pl.html).toContain('zbiórka o 9:30 &lt;script&gt;');
    expect(pl.html).toContain('<br />Do zobaczenia!');
    expect(pl.text).toContain('Dzień dobry,\n\nzbiórka o 9:30');
    expect(pl.text).toContain('Moje bilety');
    expect(pl.text).toContain('Piszemy do uczestników wydarzenia');
    expect(en.text).toContain('See the experience');
    expect(en.text).toContain('We are writing to the waiting list of');
    expect(pl.attachments).toEqual([]);
  });
});
