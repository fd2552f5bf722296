import { createRequire } from 'node:module';
import { formatMoney, groszeToPln } from '@club/shared';
import PDFDocument from 'pdfkit';
import type { InvoiceDocument } from './document';

const require = createRequire(import.meta.url);
/** DejaVu Sans (an npm package): every Polish letter, unlike the PDF's built-in Helvetica. */
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const money = (grosze: number) => formatMoney(groszeToPln(grosze), 'pl');
const dayOf = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

const COLUMNS = [
  { title: 'Lp.', width: 22, align: 'left' },
  { title: 'Nazwa usługi', width: 150, align: 'left' },
  { title: 'Ilość', width: 34, align: 'right' },
  { title: 'Cena jedn. netto', width: 62, align: 'right' },
  { title: 'Stawka VAT', width: 40, align: 'right' },
  { title: 'Wartość netto', width: 68, align: 'right' },
  { title: 'Kwota VAT', width: 64, align: 'right' },
  { title: 'Wartość brutto', width: 75, align: 'right' },
] as const;

/**
 * The invoice's PDF (A4, Polish), drawn from the stored document only: the same invoice gives the
 * same PDF every time (the creation date is the issue date), so nothing needs storing but the data.
 */
export function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const correction = doc.kind === 'CORRECTION';
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 40,
    info: {
      Title: `${correction ? 'Faktura korygująca' : 'Faktura VAT'} ${doc.number}`,
      Author: doc.seller.name,
      Creator: 'Excellence Club',
      Producer: 'Excellence Club',
      CreationDate: new Date(`${doc.issueDate}T12:00:00Z`),
    },
  });
  pdf.registerFont('body', FONT);
  pdf.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const left = 40;
  const width = 515;

  pdf
    .font('bold')
    .fontSize(16)
    .text(correction ? 'FAKTURA KORYGUJĄCA' : 'FAKTURA VAT', left, 40);
  pdf.font('bold').fontSize(12).text(`nr ${doc.number}`);
  pdf.font('body').fontSize(9);
  const meta = [
    `Miejsce wystawienia: ${doc.place}`,
    `Data wystawienia: ${dayOf(doc.issueDate)}`,
    `Data sprzedaży: ${dayOf(doc.saleDate)}`,
  ];
  pdf.text(meta.join('\n'), left + 300, 40, { width: 215, align: 'right' });
  let y = 100;
  if (doc.corrects) {
    pdf
      .font('body')
      .fontSize(9)
      .text(`Dotyczy faktury nr ${doc.corrects.number} z dnia ${dayOf(doc.corrects.issueDate)}`, left, y);
    pdf.text(`Przyczyna korekty: ${doc.reason ?? 'zwrot'}`);
    y = pdf.y + 10;
  }

  const party = (title: string, p: InvoiceDocument['seller'], x: number) => {
    pdf.font('bold').fontSize(10).text(title, x, y, { width: 245 });
    pdf
      .font('body')
      .fontSize(9)
      .text([p.name, ...p.address, `NIP: ${p.nip}`].join('\n'), { width: 245 });
    return pdf.y;
  };
  y = Math.max(party('Sprzedawca', doc.seller, left), party('Nabywca', doc.buyer, left + 270)) + 16;

  const row = (cells: string[], font: 'body' | 'bold') => {
    pdf.font(font).fontSize(8);
    const height =
      Math.max(...cells.map((c, i) => pdf.heightOfString(c, { width: COLUMNS[i]!.width - 4 }))) + 6;
    if (y + height > 780) {
      pdf.addPage();
      y = 40;
    }
    let x = left;
    cells.forEach((cell, i) => {
      const col = COLUMNS[i]!;
      pdf.text(cell, x + 2, y + 3, { width: col.width - 4, align: col.align });
      x += col.width;
    });
    y += height;
    pdf
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
  };
  row(
    COLUMNS.map((c) => c.title),
    'bold',
  );
  for (const [i, l] of doc.lines.entries()) {
    row(
      [
        String(i + 1),
        l.name,
        String(l.quantity),
        money(l.unitNet),
        `${l.vatRate}%`,
        money(l.net),
        money(l.vat),
        money(l.gross),
      ],
      'body',
    );
  }

  y += 10;
  const summaryX = left + 22 + 150 + 34 + 62;
  const summary = (cells: string[], font: 'body' | 'bold') => {
    pdf.font(font).fontSize(8);
    const widths = [40, 68, 64, 75];
    let x = summaryX;
    cells.forEach((cell, i) => {
      pdf.text(cell, x + 2, y, { width: widths[i]! - 4, align: 'right' });
      x += widths[i]!;
    });
    y += 14;
  };
  pdf
    .font('bold')
    .fontSize(8)
    .text('Podsumowanie według stawek VAT', left, y, { width: summaryX - left - 8 });
  for (const t of doc.totals) summary([`${t.vatRate}%`, money(t.net), money(t.vat), money(t.gross)], 'body');
  summary(['Razem', money(doc.total.net), money(doc.total.vat), money(doc.total.gross)], 'bold');

  y += 12;
  pdf.font('bold').fontSize(11);
  if (correction) {
    pdf.text(`Kwota korekty: ${money(doc.total.gross)} (do zwrotu nabywcy)`, left, y);
  } else {
    pdf.text(`Razem do zapłaty: ${money(doc.total.gross)}`, left, y);
  }
  pdf.font('body').fontSize(9);
  pdf.text(`Sposób płatności: ${doc.payment.method}`);
  if (!correction && doc.payment.paid) {
    pdf.text(
      `Zapłacono: ${money(doc.total.gross)}${doc.payment.paidAt ? ` (${dayOf(doc.payment.paidAt)})` : ''}`,
    );
    pdf.text('Pozostało do zapłaty: 0,00 zł');
  }
  pdf.moveDown(2);
  pdf
    .fontSize(8)
    .fillColor('#555555')
    .text(
      `Excellence Club, zamówienie nr ${doc.orderId}. Dokument wystawiony elektronicznie, bez podpisu.`,
      left,
    );
  pdf.end();
  return done;
}
