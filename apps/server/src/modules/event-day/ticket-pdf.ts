import { createRequire } from 'node:module';
import type { LanguageCode } from '@club/shared';
import { type BookedTickets, codeInGroups, whenOf } from './booked-tickets';
import { qrMatrix } from './ticket-qr';
import { loadPdfKit } from '../../lib/pdfkit';

const require = createRequire(import.meta.url);
/** DejaVu (an npm package): every Polish letter; the serif for headings, the mono for the code. */
const font = (file: string) => require.resolve(`dejavu-fonts-ttf/ttf/${file}`);

const INK = '#0b0b0c';
const GOLD = '#c9a96e';
const TEXT = '#2b2620';
const MUTED = '#6f6a62';
const RULE = '#e8e2d6';

const TEXTS = {
  pl: {
    title: 'Bilety Excellence Club',
    ticket: 'Bilet',
    member: 'Członek klubu',
    guest: 'Osoba towarzysząca',
    when: 'Termin',
    place: 'Miejsce',
    bring: 'Co zabrać',
    contact: 'Kontakt',
    order: 'Zamówienie nr',
    code: 'Kod biletu',
    show: 'Pokaż kod QR przy wejściu: na ekranie telefonu lub wydrukowany. Bilet jest imienny i wpuszcza jedną osobę, raz.',
  },
  en: {
    title: 'Excellence Club tickets',
    ticket: 'Ticket',
    member: 'Club member',
    guest: 'Accompanying person',
    when: 'When',
    place: 'Place',
    bring: 'What to bring',
    contact: 'Contact',
    order: 'Order no.',
    code: 'Ticket code',
    show: 'Show the QR code at the entrance, on your phone or printed. The ticket bears your name and admits one person, once.',
  },
} as const;

/**
 * The member's tickets as a PDF to print or keep (A4, one page per attendee): the club's band, the
 * experience, the holder, when and where, what to bring, whom to ask, the QR code drawn as vector
 * squares (level M, a quiet zone of four modules, 6 cm wide) and the code in letters for the gate
 * to type. Only valid tickets reach it (bookedTickets).
 */
export async function renderTicketsPdf(bookings: BookedTickets[], lang: LanguageCode): Promise<Buffer> {
  const t = TEXTS[lang];
  const PDFDocument = await loadPdfKit();
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    lang,
    info: {
      Title: t.title,
      Author: 'Excellence Club',
      Creator: 'Excellence Club',
      Producer: 'Excellence Club',
    },
  });
  pdf.registerFont('body', font('DejaVuSans.ttf'));
  pdf.registerFont('bold', font('DejaVuSans-Bold.ttf'));
  pdf.registerFont('serif', font('DejaVuSerif.ttf'));
  pdf.registerFont('mono', font('DejaVuSansMono-Bold.ttf'));
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const left = 56;
  const width = 595.28 - 2 * left;
  for (const booking of bookings) {
    for (const ticket of booking.tickets) {
      pdf.addPage();
      // The club's band.
      pdf.rect(0, 0, 595.28, 84).fill(INK);
      pdf
        .font('serif')
        .fontSize(18)
        .fillColor(GOLD)
        .text('EXCELLENCE CLUB', 0, 32, { width: 595.28, align: 'center', characterSpacing: 6 });

      let y = 120;
      pdf
        .font('body')
        .fontSize(9)
        .fillColor(MUTED)
        .text(t.ticket.toUpperCase(), left, y, { characterSpacing: 2 });
      y = pdf.y + 6;
      pdf.font('serif').fontSize(24).fillColor(INK).text(booking.experience, left, y, { width });
      y = pdf.y + 10;
      pdf
        .moveTo(left, y)
        .lineTo(left + 48, y)
        .lineWidth(1)
        .strokeColor(GOLD)
        .stroke();
      y += 18;

      const holder = `${ticket.name} ${ticket.surname}`.trim() || t.guest;
      pdf.font('bold').fontSize(16).fillColor(TEXT).text(holder, left, y, { width });
      y = pdf.y + 2;
      pdf
        .font('body')
        .fontSize(11)
        .fillColor(MUTED)
        .text(ticket.member ? t.member : t.guest, left, y);
      y = pdf.y + 20;

      // The QR code on the right, the facts on the left.
      const qrSize = 170;
      const qrX = left + width - qrSize;
      const qrY = y;
      drawQr(pdf, ticket.code, qrX, qrY, qrSize);
      pdf
        .font('body')
        .fontSize(8)
        .fillColor(MUTED)
        .text(t.code, qrX, qrY + qrSize + 8, { width: qrSize, align: 'center' });
      pdf
        .font('mono')
        .fontSize(10)
        .fillColor(INK)
        // Two lines of four groups: read out or typed at the gate (which ignores the spaces).
        .text(codeLines(ticket.code), qrX - 10, pdf.y + 3, { width: qrSize + 20, align: 'center' });

      const factsWidth = width - qrSize - 28;
      const contact = [booking.email, booking.phone].filter(Boolean).join('\n');
      const facts: [string, string | null][] = [
        [t.when, whenOf(booking, lang)],
        [t.place, booking.place],
        [t.bring, booking.bring],
        [t.contact, contact || null],
        [t.order, String(booking.orderId)],
      ];
      let fy = y;
      for (const [label, value] of facts) {
        if (!value) continue;
        pdf.font('body').fontSize(8).fillColor(MUTED).text(label.toUpperCase(), left, fy, {
          width: factsWidth,
          characterSpacing: 1,
        });
        pdf
          .font('body')
          .fontSize(11)
          .fillColor(TEXT)
          .text(value, left, pdf.y + 3, { width: factsWidth });
        fy = pdf.y + 8;
        pdf
          .moveTo(left, fy)
          .lineTo(left + factsWidth, fy)
          .lineWidth(0.5)
          .strokeColor(RULE)
          .stroke();
        fy += 10;
      }

      const bottom = Math.max(fy, pdf.y) + 28;
      pdf.font('body').fontSize(9).fillColor(MUTED).text(t.show, left, Math.max(bottom, 560), { width });
    }
  }
  pdf.end();
  return done;
}

const codeLines = (code: string) => {
  const groups = codeInGroups(code).split(' ');
  return [groups.slice(0, 4).join(' '), groups.slice(4).join(' ')].filter(Boolean).join('\n');
};

/** The QR code as black squares on white, with its quiet zone inside `size`. */
function drawQr(pdf: PDFKit.PDFDocument, code: string, x: number, y: number, size: number) {
  const { size: n, dark } = qrMatrix(code);
  const quiet = 4;
  const cell = size / (n + 2 * quiet);
  pdf.rect(x, y, size, size).fill('#ffffff');
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      if (dark(col, row)) pdf.rect(x + (col + quiet) * cell, y + (row + quiet) * cell, cell, cell);
    }
  }
  pdf.fill('#000000');
}
