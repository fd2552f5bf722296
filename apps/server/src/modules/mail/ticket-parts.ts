import type { LanguageCode } from '@club/shared';
import type { OutboxAttachment } from '../../db/schema';

/**
 * The tickets inside a mail (issue 29, docs/mail.md): the booking confirmation and the reminder show
 * each booking's facts (when, where with a map link, what to bring, whom to ask) and one ticket per
 * attendee: the name, the QR code and the code in letters. The QR codes travel as inline images
 * (Content-ID, multipart/related), which Gmail, Outlook, Apple Mail and the phones' clients show
 * without "load images" (data: URIs are stripped by Gmail and Outlook); the same tickets come as a
 * PDF attachment to print, for a client that shows no images at all.
 */

export type MailTicketBooking = {
  experience: string;
  /** Formatted in the member's language and the club's time (event-day/booked-tickets.ts whenOf). */
  when: string | null;
  place: string | null;
  mapUrl: string | null;
  bring: string | null;
  /** The experience's (or the club's) e-mail and phone, as one line. */
  contact: string | null;
  tickets: {
    /** The holder, or the copy's "accompanying person" when the order named nobody. */
    name: string;
    member: boolean;
    /** In groups of four, as the gate types it. */
    code: string;
    /** The QR code, a PNG in base64. */
    qr: string;
  }[];
};

export const TICKET_COPY: Record<LanguageCode, Record<string, string>> = {
  pl: {
    when: 'Termin',
    place: 'Miejsce',
    map: 'Zobacz na mapie',
    bring: 'Co zabrać',
    contact: 'Kontakt',
    member: 'Członek klubu',
    guest: 'Osoba towarzysząca',
    code: 'Kod biletu',
    qrAlt: 'Kod QR biletu: {{name}}',
    show: 'Pokaż kod QR przy wejściu na ekranie telefonu albo wydrukowany (bilety w pliku PDF w załączniku).',
  },
  en: {
    when: 'When',
    place: 'Place',
    map: 'Open in maps',
    bring: 'What to bring',
    contact: 'Contact',
    member: 'Club member',
    guest: 'Accompanying person',
    code: 'Ticket code',
    qrAlt: 'Ticket QR code: {{name}}',
    show: 'Show the QR code at the entrance on your phone or printed (the tickets are attached as a PDF).',
  },
};

/** The inline image of ticket `t` of booking `b` (unique within the mail). */
const cidOf = (b: number, t: number) => `ticket-${b + 1}-${t + 1}@excellence.club`;

/** The mail's files: each QR code inline, then the tickets' PDF. */
export function ticketAttachments(
  bookings: MailTicketBooking[],
  pdf: { name: string; content: string } | null,
): OutboxAttachment[] {
  const files: OutboxAttachment[] = bookings.flatMap((b, bi) =>
    b.tickets.map((t, ti) => ({
      filename: `ticket-${bi + 1}-${ti + 1}.png`,
      contentType: 'image/png',
      encoding: 'base64' as const,
      cid: cidOf(bi, ti),
      content: t.qr,
    })),
  );
  if (pdf)
    files.push({
      filename: pdf.name,
      contentType: 'application/pdf',
      encoding: 'base64',
      content: pdf.content,
    });
  return files;
}

type Style = { ink: string; text: string; muted: string; rule: string; goldStrong: string; serif: string };

/** The bookings as HTML (inside an mj-text): every value escaped by `esc`. */
export function bookingsHtml(
  bookings: MailTicketBooking[],
  lang: LanguageCode,
  esc: (v: string) => string,
  s: Style,
): string {
  const c = TICKET_COPY[lang];
  const row = (label: string, value: string) =>
    `<tr><td style="padding:8px 12px 8px 0;border-bottom:1px solid ${s.rule};color:${s.muted};font-size:13px;vertical-align:top;width:34%">${esc(label)}</td><td style="padding:8px 0;border-bottom:1px solid ${s.rule};font-size:14px;color:${s.text}">${value}</td></tr>`;
  return bookings
    .map((b, bi) => {
      const facts = [
        b.when ? row(c.when!, esc(b.when)) : '',
        b.place
          ? row(
              c.place!,
              `${esc(b.place)}${b.mapUrl ? `<br /><a href="${esc(b.mapUrl)}" style="color:${s.goldStrong}">${esc(c.map!)}</a>` : ''}`,
            )
          : '',
        b.bring ? row(c.bring!, esc(b.bring).replace(/\r?\n/g, '<br />')) : '',
        b.contact ? row(c.contact!, esc(b.contact)) : '',
      ].join('');
      const tickets = b.tickets
        .map(
          (t, ti) =>
            `<tr><td style="padding:16px 16px 16px 0;border-bottom:1px solid ${s.rule};width:168px;vertical-align:top"><img src="cid:${cidOf(bi, ti)}" width="160" height="160" alt="${esc(c.qrAlt!.replace('{{name}}', t.name))}" style="display:block;width:160px;height:160px;border:0" /></td><td style="padding:16px 0;border-bottom:1px solid ${s.rule};vertical-align:top"><span style="font-family:${esc(s.serif)};font-size:20px;color:${s.ink}">${esc(t.name)}</span><br /><span style="font-size:13px;color:${s.muted}">${esc(t.member ? c.member! : c.guest!)}</span><br /><br /><span style="font-size:12px;color:${s.muted}">${esc(c.code!)}</span><br /><span style="font-family:'Courier New',Courier,monospace;font-size:14px;font-weight:600;letter-spacing:1px;color:${s.ink}">${esc(t.code)}</span></td></tr>`,
        )
        .join('');
      return `<div style="margin:8px 0 24px"><div style="font-family:${esc(s.serif)};font-size:22px;line-height:28px;color:${s.ink};padding-bottom:8px">${esc(b.experience)}</div><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse">${facts}${tickets}</table></div>`;
    })
    .join('');
}

/** The same bookings in the text part: the facts, then each ticket's holder and code. */
export function bookingsText(bookings: MailTicketBooking[], lang: LanguageCode): string {
  const c = TICKET_COPY[lang];
  return bookings
    .map((b) =>
      [
        b.experience,
        b.when ? `${c.when}: ${b.when}` : null,
        b.place ? `${c.place}: ${b.place}${b.mapUrl ? `\n${c.map}: ${b.mapUrl}` : ''}` : null,
        b.bring ? `${c.bring}: ${b.bring}` : null,
        b.contact ? `${c.contact}: ${b.contact}` : null,
        ...b.tickets.map((t) => `• ${t.name} (${t.member ? c.member : c.guest})\n  ${c.code}: ${t.code}`),
      ]
        .filter(Boolean)
        .join('\n'),
    )
    .join('\n\n');
}

/** The tickets' PDF as the mail names it ("bilety-42.pdf" / "tickets-42.pdf"). */
export const ticketsPdfFile = (orderId: number, pdf: string | null, lang: LanguageCode) =>
  pdf ? { name: `${lang === 'en' ? 'tickets' : 'bilety'}-${orderId}.pdf`, content: pdf } : null;
