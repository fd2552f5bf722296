import type { AccountingDataset } from '@club/shared/schemas/admin-accounting';
import type { TAccountingSummary } from '@club/shared/contract/admin-accounting';
import { strToU8, zipSync } from 'fflate';
import type { Tx } from '../../db/client';
import { excelCsv, excelMoney } from '../sales-desk/excel-csv';
import {
  type InvoiceExportRow,
  invoicesIn,
  invoiceTotals,
  ordersIn,
  paymentsIn,
  type Range,
  refundsIn,
  salesIn,
  VAT_RATES,
} from './read';

/**
 * The accountant's files (issue 30, docs/invoices.md "Exports for the accountant"): the same rows as
 * CSV for Polish Excel (UTF-8 with BOM, `;`, decimal commas: sales-desk/excel-csv.ts), as one XLSX
 * workbook (exceljs: numbers as numbers, a sheet per kind) and the invoices' FA(3) XMLs with their
 * UPOs as a ZIP (fflate). Headings in the staff member's language; money in PLN with two decimals.
 */
type Lang = 'pl' | 'en';
/** A cell: text, a whole number, or an amount in grosze (written as PLN). */
type Cell = string | number | { grosze: number } | null;
type Table = { name: string; headings: readonly string[]; rows: Cell[][] };

const HEAD = {
  pl: {
    orders: 'Zamówienia',
    payments: 'Płatności',
    refunds: 'Zwroty',
    invoices: 'Faktury',
    summary: 'Podsumowanie',
    order: 'Zamówienie',
    placedAt: 'Złożone',
    status: 'Status',
    member: 'Klient',
    email: 'E-mail',
    experiences: 'Wydarzenia',
    subtotal: 'Wartość',
    discount: 'Rabat',
    total: 'Do zapłaty',
    refunded: 'Zwrócono',
    paidAt: 'Zapłacono',
    method: 'Sposób płatności',
    bankRef: 'Tytuł przelewu',
    invoice: 'Faktura',
    amount: 'Kwota',
    transactionId: 'ID transakcji operatora',
    paymentRef: 'Identyfikator płatności',
    refundedAt: 'Zwrócono dnia',
    reference: 'Referencja zwrotu',
    number: 'Numer',
    kind: 'Rodzaj',
    corrects: 'Korygowana faktura',
    issueDate: 'Data wystawienia',
    saleDate: 'Data sprzedaży',
    buyer: 'Nabywca',
    taxNumber: 'NIP',
    ksefNumber: 'Numer KSeF',
    ksefStatus: 'Status KSeF',
    net: 'Netto',
    vat: 'VAT',
    gross: 'Brutto',
    kindINVOICE: 'Faktura VAT',
    kindCORRECTION: 'Faktura korygująca',
    margin: 'Procedura marży (art. 119)',
    yes: 'tak',
    no: 'nie',
    figure: 'Pozycja',
    count: 'Liczba',
    value: 'Kwota (zł)',
    range: 'Zakres',
    sales: 'Sprzedaż (jak na pulpicie: opłacone, po zwrotach)',
    xml: 'Pliki XML FA(3)',
  },
  en: {
    orders: 'Orders',
    payments: 'Payments',
    refunds: 'Refunds',
    invoices: 'Invoices',
    summary: 'Summary',
    order: 'Order',
    placedAt: 'Placed',
    status: 'Status',
    member: 'Member',
    email: 'E-mail',
    experiences: 'Experiences',
    subtotal: 'Value',
    discount: 'Discount',
    total: 'Total',
    refunded: 'Refunded',
    paidAt: 'Paid',
    method: 'Payment method',
    bankRef: 'Transfer reference',
    invoice: 'Invoice',
    amount: 'Amount',
    transactionId: "Operator's transaction id",
    paymentRef: 'Payment id',
    refundedAt: 'Refunded on',
    reference: 'Refund reference',
    number: 'Number',
    kind: 'Kind',
    corrects: 'Corrected invoice',
    issueDate: 'Issue date',
    saleDate: 'Sale date',
    buyer: 'Buyer',
    taxNumber: 'Tax number',
    ksefNumber: 'KSeF number',
    ksefStatus: 'KSeF status',
    net: 'Net',
    vat: 'VAT',
    gross: 'Gross',
    kindINVOICE: 'VAT invoice',
    kindCORRECTION: 'Correcting invoice',
    margin: 'Margin scheme (art. 119)',
    yes: 'yes',
    no: 'no',
    figure: 'Figure',
    count: 'Count',
    value: 'Amount (PLN)',
    range: 'Range',
    sales: 'Sales (as the dashboard counts them: paid, less refunds)',
    xml: 'FA(3) XML files',
  },
} as const;

const money = (grosze: number) => ({ grosze });
const rateTotals = (row: InvoiceExportRow, rate: number) => row.data.totals.find((t) => t.vatRate === rate);

async function tables(db: Tx, r: Range, lang: Lang, only?: AccountingDataset): Promise<Table[]> {
  const h = HEAD[lang];
  const out: Table[] = [];
  if (!only || only === 'orders') {
    const rows = await ordersIn(db, r);
    out.push({
      name: h.orders,
      headings: [
        h.order,
        h.placedAt,
        h.status,
        h.member,
        h.email,
        h.experiences,
        h.subtotal,
        h.discount,
        h.total,
        h.refunded,
        h.paidAt,
        h.method,
        h.bankRef,
        h.invoice,
      ],
      rows: rows.map((o) => [
        o.id,
        o.placed_at,
        o.status,
        o.member,
        o.email,
        o.experiences,
        money(Number(o.subtotal)),
        money(Number(o.discount)),
        money(Number(o.total)),
        money(Number(o.refunded)),
        o.paid_at,
        o.paid_at === null ? null : o.bank_transfer_ref !== null ? 'bank-transfer' : o.provider,
        o.bank_transfer_ref,
        o.invoice_number,
      ]),
    });
  }
  if (!only || only === 'payments') {
    const rows = await paymentsIn(db, r);
    out.push({
      name: h.payments,
      // With its status and what was refunded so far: the rows still PAID, less their refunds, are
      // the dashboard's sales of the range.
      headings: [
        h.order,
        h.paidAt,
        h.amount,
        h.method,
        h.transactionId,
        h.paymentRef,
        h.bankRef,
        h.status,
        h.refunded,
      ],
      rows: rows.map((p) => [
        p.order_id,
        p.paid_at,
        money(Number(p.amount)),
        p.provider,
        p.transaction_id,
        p.payment_ref,
        p.bank_transfer_ref,
        p.status,
        money(Number(p.refunded)),
      ]),
    });
  }
  if (!only || only === 'refunds') {
    const rows = await refundsIn(db, r);
    out.push({
      name: h.refunds,
      headings: [h.order, h.refundedAt, h.amount, h.method, h.transactionId, h.reference],
      rows: rows.map((x) => [
        x.order_id,
        x.refunded_at,
        money(Number(x.amount)),
        x.provider,
        x.transaction_id,
        x.reference,
      ]),
    });
  }
  if (!only || only === 'invoices') {
    const rows = await invoicesIn(db, r);
    const perRate = VAT_RATES.flatMap((rate) => [`${h.net} ${rate}%`, `${h.vat} ${rate}%`]);
    out.push({
      name: h.invoices,
      headings: [
        ...[h.number, h.kind, h.margin, h.corrects, h.issueDate, h.saleDate, h.order, h.buyer],
        ...[h.taxNumber, h.ksefNumber, h.ksefStatus, ...perRate, h.net, h.vat, h.gross],
      ],
      rows: rows.map((i) => [
        i.number,
        h[`kind${i.kind}`],
        // The travel-agency margin scheme (art. 119; a correction of such an invoice too): no VAT shown,
        // the accountant books its margin, not the gross, as the base (docs/invoices.md).
        i.data.variant === 'MARGIN' ? h.yes : h.no,
        i.corrects,
        i.issue_date,
        i.sale_date,
        i.order_id,
        i.buyer_name,
        i.buyer_tax_number,
        i.ksef_number,
        i.ksef_status,
        ...VAT_RATES.flatMap((rate) => {
          const t = rateTotals(i, rate);
          return [t ? money(t.net) : null, t ? money(t.vat) : null];
        }),
        money(i.data.total.net),
        money(i.data.total.vat),
        money(i.data.total.gross),
      ]),
    });
  }
  return out;
}

const csvCell = (c: Cell) => (c !== null && typeof c === 'object' ? excelMoney(c.grosze) : c);

/** One dataset as CSV for Polish Excel. */
export async function accountingCsv(
  db: Tx,
  r: Range,
  lang: Lang,
  dataset: AccountingDataset,
): Promise<string> {
  const [table] = await tables(db, r, lang, dataset);
  return excelCsv([[...table!.headings], ...table!.rows.map((row) => row.map(csvCell))]);
}

/** The figures of the range (the screen's preview, the workbook's first sheet). */
export async function accountingSummary(db: Tx, r: Range): Promise<TAccountingSummary> {
  const [orders, payments, refunds, invoices, sales] = [
    await ordersIn(db, r),
    await paymentsIn(db, r),
    await refundsIn(db, r),
    await invoicesIn(db, r),
    await salesIn(db, r),
  ];
  const pln = (grosze: number) => Math.round(grosze) / 100;
  const sum = (rows: { amount: number }[]) => rows.reduce((s, x) => s + Number(x.amount), 0);
  const totals = invoiceTotals(invoices);
  return {
    from: r.from,
    to: r.to,
    orders: orders.length,
    sales: { count: sales.count, amount: pln(sales.amount) },
    payments: { count: payments.length, amount: pln(sum(payments)) },
    refunds: { count: refunds.length, amount: pln(sum(refunds)) },
    invoices: {
      count: invoices.filter((i) => i.kind === 'INVOICE').length,
      corrections: invoices.filter((i) => i.kind === 'CORRECTION').length,
      net: pln(totals.total.net),
      vat: pln(totals.total.vat),
      gross: pln(totals.total.gross),
      rates: totals.rates.map((t) => ({
        rate: t.rate,
        net: pln(t.net),
        vat: pln(t.vat),
        gross: pln(t.gross),
      })),
    },
    xml_files: invoices.filter((i) => i.xml !== null).length,
  };
}

/** The workbook: the summary first, then a sheet per dataset (money as numbers in PLN). */
export async function accountingXlsx(db: Tx, r: Range, lang: Lang): Promise<Buffer> {
  const h = HEAD[lang];
  // Loaded on the first workbook: ~7 MB of heap (~19 MB RSS) that no other request needs.
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  book.creator = 'Excellence Club';
  book.created = new Date(`${r.to}T12:00:00Z`);
  const summary = await accountingSummary(db, r);
  const first = book.addWorksheet(h.summary);
  first.addRow([h.range, `${r.from} – ${r.to}`]);
  first.addRow([h.figure, h.count, h.value]).font = { bold: true };
  first.addRow([h.orders, summary.orders]);
  first.addRow([h.sales, summary.sales.count, summary.sales.amount]);
  first.addRow([h.payments, summary.payments.count, summary.payments.amount]);
  first.addRow([h.refunds, summary.refunds.count, summary.refunds.amount]);
  first.addRow([
    `${h.invoices} (${h.gross})`,
    summary.invoices.count + summary.invoices.corrections,
    summary.invoices.gross,
  ]);
  for (const t of summary.invoices.rates) {
    first.addRow([`${h.net} ${t.rate}%`, null, t.net]);
    first.addRow([`${h.vat} ${t.rate}%`, null, t.vat]);
  }
  first.addRow([h.xml, summary.xml_files]);
  first.getColumn(1).width = 52;
  first.getColumn(2).width = 12;
  first.getColumn(3).width = 16;
  first.getColumn(3).numFmt = '#,##0.00';
  for (const table of await tables(db, r, lang)) {
    const sheet = book.addWorksheet(table.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.addRow(table.headings).font = { bold: true };
    for (const row of table.rows)
      sheet.addRow(row.map((c) => (c !== null && typeof c === 'object' ? c.grosze / 100 : c)));
    table.rows[0]?.forEach((c, i) => {
      if (c !== null && typeof c === 'object') sheet.getColumn(i + 1).numFmt = '#,##0.00';
    });
    table.headings.forEach((heading, i) => {
      sheet.getColumn(i + 1).width = Math.min(40, Math.max(12, heading.length + 2));
    });
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: table.headings.length } };
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

const fileNameOf = (number: string) => number.replace(/[^\w-]+/g, '-');

/**
 * The range's invoices as KSeF has them: each stored FA(3) XML (exactly what was, or will be, sent)
 * and its UPO once KSeF gave one, with an index (CSV) naming every invoice of the range, its KSeF
 * number and status and which files it has; an invoice without a stored XML (issued before KSeF was
 * wired, or a correction waiting for its invoice's KSeF number) is listed without files.
 */
export async function accountingZip(db: Tx, r: Range, lang: Lang): Promise<Uint8Array> {
  const h = HEAD[lang];
  const rows = await invoicesIn(db, r);
  const files: Record<string, Uint8Array> = {};
  const index: (string | null)[][] = [
    [h.number, h.kind, h.issueDate, h.ksefNumber, h.ksefStatus, 'XML', 'UPO'],
  ];
  for (const row of rows) {
    const name = fileNameOf(row.number);
    const xml = row.xml ? `FA3/${name}.xml` : null;
    const upo = row.upo ? `UPO/${name}-UPO.xml` : null;
    if (xml) files[xml] = strToU8(row.xml!);
    if (upo) files[upo] = strToU8(row.upo!);
    index.push([
      row.number,
      h[`kind${row.kind}`],
      row.issue_date,
      row.ksef_number,
      row.ksef_status,
      xml,
      upo,
    ]);
  }
  files[lang === 'en' ? 'index.csv' : 'spis.csv'] = strToU8(excelCsv(index));
  // A fixed time in the entries (the range's last day): the same range gives the same bytes.
  return zipSync(files, { mtime: new Date(`${r.to}T12:00:00Z`) });
}

export const fileNameFor = (r: Range, what: string) => `ksiegowosc-${r.from}-${r.to}-${what}`;
