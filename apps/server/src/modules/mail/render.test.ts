import type { MailTemplateName } from '@club/shared/schemas/admin-mail';
import { MAIL_TEMPLATES } from '@club/shared/schemas/admin-mail';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { renderMail, withSecrets } from './render';
import type { MailData } from './templates';

const LINK = 'https://club.example.com/panel/x?token=abc&y=1';
const EVIL = '<script>alert("x")</script> & Sons';

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
  },
  'order-cancelled': { orderId: 42, url: LINK },
  'order-cancelled-by-club': { orderId: 42, url: LINK },
  'staff-invitation': { name: EVIL, role: 'ADMIN', link: LINK, days: 7 },
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
    expect(mail.attachments).toHaveLength(1);
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
    const none = await renderMail('order-paid', 'pl', { ...SAMPLES['order-paid'], events: [] });
    expect(none.attachments).toEqual([]);
    expect(none.text).not.toContain('.ics');
    expect(mail.text).toContain('an .ics file');
  });
});
