import { createRequire } from 'node:module';
import { formatMoney, groszeToPln } from '@club/shared';
import QRCode from 'qrcode';
import type { InvoiceDocument } from './document';
import { loadPdfKit } from '../../lib/pdfkit';

/** The buyer's block of an invoice kept past its retention period, whose buyer the job emptied. */
const BUYER_ERASED =
  'Dane nabywcy usunięte po upływie okresu przechowywania faktury (art. 112 ustawy o VAT, art. 70 Ordynacji podatkowej).';

/**
 * What KSeF adds to the visualisation (docs/ksef.md, the ministry's `kody-qr.md`): the KOD I link of
 * the XML as sent, the KSeF number under it (or OFFLINE while KSeF has not given one), KOD II (the
 * Offline certificate's signed link, "CERTYFIKAT" under it) while an offline invoice has no KSeF
 * number, and for a correction the corrected invoice's KSeF number (art. 106j ust. 2 of the VAT act).
 */
export type InvoiceKsef = {
  verificationLink: string | null;
  certificateLink: string | null;
  ksefNumber: string | null;
  correctedKsefNumber: string | null;
};

const require = createRequire(import.meta.url);
/** DejaVu Sans (an npm package): every Polish letter, unlike the PDF's built-in Helvetica. */
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const money = (grosze: number) => formatMoney(groszeToPln(grosze), 'pl');
const dayOf = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

const COLUMNS = [
  { title: 'Lp.', width: 22, align: 'left' },
  { title: 'Nazwa usługi', width: 124, align: 'left' },
  { title: 'J.m.', width: 26, align: 'left' },
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
export async function renderInvoicePdf(
  doc: InvoiceDocument,
  ksef: InvoiceKsef | null = null,
): Promise<Buffer> {
  // KOD I and KOD II at ISO/IEC 18004 level M, drawn by the maintained `qrcode` package.
  const qrOf = (link: string | null | undefined) =>
    link ? QRCode.toBuffer(link, { type: 'png', errorCorrectionLevel: 'M', margin: 1, scale: 4 }) : null;
  const qr = await qrOf(ksef?.verificationLink);
  const certificateQr = await qrOf(ksef?.certificateLink);
  const correction = doc.kind === 'CORRECTION';
  const advance = doc.variant === 'ADVANCE';
  const margin = doc.variant === 'MARGIN';
  // Art. 106f (advance), 106j (correction; of an advance invoice too), 119 (travel-agency margin).
  const title = correction
    ? advance
      ? 'FAKTURA KORYGUJĄCA FAKTURĘ ZALICZKOWĄ'
      : 'FAKTURA KORYGUJĄCA'
    : advance
      ? 'FAKTURA ZALICZKOWA'
      : 'FAKTURA VAT';
  const PDFDocument = await loadPdfKit();
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 40,
    info: {
      Title: `${title.charAt(0)}${title.slice(1).toLowerCase()} ${doc.number}`,
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

  pdf.font('bold').fontSize(16).text(title, left, 40, { width: 300 });
  pdf.font('bold').fontSize(12).text(`nr ${doc.number}`);
  if (margin) pdf.font('bold').fontSize(10).text('procedura marży dla biur podróży', { width: 300 });
  pdf.font('body').fontSize(9);
  const meta = [
    `Miejsce wystawienia: ${doc.place}`,
    `Data wystawienia: ${dayOf(doc.issueDate)}`,
    // An advance invoice dates the payment received (art. 106f ust. 1 pkt 2), not a sale.
    advance && !correction
      ? `Data otrzymania zapłaty: ${dayOf(doc.payment.paidAt ?? doc.saleDate)}`
      : `Data sprzedaży: ${dayOf(doc.saleDate)}`,
  ];
  pdf.text(meta.join('\n'), left + 300, 40, { width: 215, align: 'right' });
  let y = margin ? 115 : 100;
  if (doc.corrects) {
    pdf
      .font('body')
      .fontSize(9)
      .text(`Dotyczy faktury nr ${doc.corrects.number} z dnia ${dayOf(doc.corrects.issueDate)}`, left, y);
    if (ksef?.correctedKsefNumber) pdf.text(`Numer KSeF faktury korygowanej: ${ksef.correctedKsefNumber}`);
    pdf.text(`Przyczyna korekty: ${doc.reason ?? 'zwrot'}`);
    y = pdf.y + 10;
  }

  const party = (title: string, p: InvoiceDocument['seller'], x: number) => {
    pdf.font('bold').fontSize(10).text(title, x, y, { width: 245 });
    // A consumer has no NIP: no empty "NIP:" line. A buyer emptied by the retention job (its
    // INVOICE_RETENTION_YEARS over, docs/privacy.md) says so instead of an empty block.
    const lines = [p.name, ...p.address, ...(p.nip ? [`NIP: ${p.nip}`] : [])].filter(Boolean);
    pdf
      .font('body')
      .fontSize(9)
      .text(lines.length > 0 ? lines.join('\n') : BUYER_ERASED, { width: 245 });
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
        l.unit ?? 'szt.',
        String(l.quantity),
        // The margin scheme shows no VAT (art. 106e ust. 3 for art. 119): the gross price only.
        margin ? money(Math.round(l.gross / Math.max(1, l.quantity))) : money(l.unitNet),
        margin ? '—' : `${l.vatRate}%`,
        margin ? '—' : money(l.net),
        margin ? '—' : money(l.vat),
        money(l.gross),
      ],
      'body',
    );
  }

  y += 10;
  const summaryX = left + COLUMNS.slice(0, 5).reduce((sum, c) => sum + c.width, 0);
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
  if (margin) {
    pdf
      .font('bold')
      .fontSize(8)
      .text(
        'Procedura marży dla biur podróży (art. 119 ustawy o VAT): podatek VAT nie jest wykazywany.',
        left,
        y,
        {
          width: summaryX - left - 8,
        },
      );
    summary(['Razem', '—', '—', money(doc.total.gross)], 'bold');
  } else {
    pdf
      .font('bold')
      .fontSize(8)
      .text('Podsumowanie według stawek VAT', left, y, { width: summaryX - left - 8 });
    for (const t of doc.totals)
      summary([`${t.vatRate}%`, money(t.net), money(t.vat), money(t.gross)], 'body');
    summary(['Razem', money(doc.total.net), money(doc.total.vat), money(doc.total.gross)], 'bold');
  }

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
  if (advance && !correction) {
    // The whole price was received before the experience: no final invoice follows (art. 106f ust. 4).
    pdf.text('Zaliczka obejmuje całą cenę zamówienia: faktura końcowa nie zostanie wystawiona.');
  }
  if (ksef && (qr || ksef.ksefNumber)) {
    // The KSeF block: KOD I with the number (or OFFLINE) under it and, for an offline invoice, KOD II
    // with CERTYFIKAT under it beside it, as kody-qr.md places them; the explanation to their right.
    pdf.moveDown(1);
    let top = pdf.y;
    if (top + 150 > 800) {
      pdf.addPage();
      top = 40;
    }
    const labelled = (image: Buffer | null, label: string, x: number) => {
      if (image) pdf.image(image, x, top, { width: 110, height: 110 });
      pdf
        .font('bold')
        .fontSize(7)
        .fillColor('#000000')
        .text(label, x, top + (image ? 112 : 0), { width: image ? (certificateQr ? 120 : 200) : width });
    };
    labelled(qr, ksef.ksefNumber ?? 'OFFLINE', left);
    if (certificateQr) labelled(certificateQr, 'CERTYFIKAT', left + 130);
    const textX = left + (certificateQr ? 260 : 130);
    pdf
      .font('body')
      .fontSize(9)
      .text(
        ksef.ksefNumber
          ? `Numer KSeF: ${ksef.ksefNumber}`
          : 'Faktura oczekuje na numer KSeF (wystawiona w trybie offline).',
        textX,
        top + 10,
        { width: width - (textX - left) },
      );
    pdf
      .fontSize(8)
      .fillColor('#555555')
      .text(
        certificateQr
          ? 'Faktura ustrukturyzowana w KSeF; ten dokument jest jej wizualizacją. Kod QR z numerem lub napisem OFFLINE prowadzi do weryfikacji faktury w KSeF, kod CERTYFIKAT potwierdza wystawcę (certyfikat KSeF typu Offline).'
          : 'Faktura ustrukturyzowana w KSeF; ten dokument jest jej wizualizacją. Kod QR prowadzi do weryfikacji faktury w KSeF.',
        { width: width - (textX - left) },
      );
    pdf.fillColor('#000000');
    pdf.y = Math.max(pdf.y, top + (qr ? 124 : 14));
    pdf.x = left;
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
