import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, staffClient, type TestApp } from '../../../test/helpers';
import { clubToday } from '../../lib/club-day';
import { paidInvoiceOrder } from '../invoices/test-fixtures';
import { createMember, memberApi } from '../orders/test-fixtures';

/**
 * Issue 30, the accountant's exports: a range's orders, payments, refunds and invoices as CSV for
 * Polish Excel, as an XLSX workbook and the invoices' XMLs as a ZIP; the sales agree with the
 * dashboard's for the same range; staff only; the range is checked in the staff member's language.
 */
let t: TestApp;
let operator: Client;
let operatorEn: Client;
let admin: Client;
let orderId: number;
let invoiceNumber: string;
const today = clubToday();
const range = `from=${today}&to=${today}`;
const A = '/admin/accounting';

beforeAll(async () => {
  t = await createTestApp();
  operator = await staffClient(t.app, 'OPERATOR');
  operatorEn = await staffClient(t.app, 'OPERATOR', { language: 'en' });
  admin = await staffClient(t.app, 'ADMIN');
  // An invoiced order paid by bank transfer today, its invoice, and a refund of 100 zł (a correction).
  ({ orderId } = await paidInvoiceOrder(t.app, { paid: false, priceGrosze: 61_500, vatRate: 23 }));
  expect(
    (await operator.post(`/admin/sales/orders/${orderId}/mark-paid`, { reference: 'IN/77' })).statusCode,
  ).toBe(200);
  invoiceNumber = (await operator.post(`/admin/invoices/orders/${orderId}/issue`, {})).json().data.number;
  const refund = await operator.post(`/admin/sales/orders/${orderId}/refund`, {
    amount: 100,
    reference: 'OUT/77',
  });
  expect(refund.statusCode, refund.body).toBe(200);
});
afterAll(() => t?.close());

/** The rows of a CSV for Excel: BOM, semicolons, CRLF (no cell of these tests holds a separator). */
function csvRows(body: string) {
  expect(body.startsWith('\uFEFF')).toBe(true);
  expect(body).toContain('\r\n');
  return body
    .slice(1)
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(';'));
}
const plNumber = (cell: string) => Number(cell.replace(',', '.'));

describe('the accountant’s exports', () => {
  it('agree with the dashboard for the same weeks', async () => {
    const dashboard = (await operator.get('/admin/dashboard?weeks=12')).json().data;
    const to = new Date(Date.parse(`${dashboard.from}T00:00:00Z`) + (12 * 7 - 1) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const summary = (await operator.get(`${A}/summary?from=${dashboard.from}&to=${to}`)).json().data;
    expect(dashboard.totals.orders).toBeGreaterThan(1);
    expect(summary.sales).toEqual({ count: dashboard.totals.orders, amount: dashboard.totals.amount });
    // The payments CSV says the same: the rows still paid, less what was refunded of them.
    const [head, ...rows] = csvRows(
      (await operator.get(`${A}/csv/payments?from=${dashboard.from}&to=${to}`)).body,
    );
    const [status, amount, refunded] = ['Status', 'Kwota', 'Zwrócono'].map((h) => head!.indexOf(h));
    const paid = rows.filter((r) => r[status!] === 'PAID');
    const sales = paid.reduce((s, r) => s + plNumber(r[amount!]!) - plNumber(r[refunded!]!), 0);
    expect(paid.length).toBe(dashboard.totals.orders);
    expect(sales).toBeCloseTo(dashboard.totals.amount, 2);
  });

  it('carry today’s order, payment, refund, invoice and correction, in CSV for Polish Excel', async () => {
    const summary = (await operator.get(`${A}/summary?${range}`)).json().data;
    expect(summary).toMatchObject({ from: today, to: today, refunds: { count: 1, amount: 100 } });
    expect(summary.invoices).toMatchObject({ count: 1, corrections: 1, gross: 515 });
    expect(summary.invoices.rates).toEqual([{ rate: 23, net: 418.7, vat: 96.3, gross: 515 }]);

    const invoices = await operator.get(`${A}/csv/invoices?${range}`);
    expect(invoices.statusCode).toBe(200);
    expect(invoices.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(invoices.headers['content-disposition']).toBe(
      `attachment; filename="ksiegowosc-${today}-${today}-invoices.csv"`,
    );
    expect(invoices.headers['cache-control']).toBe('private, no-store');
    const [head, ...rows] = csvRows(invoices.body);
    expect(head!.slice(0, 4)).toEqual([
      'Numer',
      'Rodzaj',
      'Procedura marży (art. 119)',
      'Korygowana faktura',
    ]);
    expect(head).toContain('Netto 23%');
    const gross = head!.indexOf('Brutto');
    const invoice = rows.find((r) => r[0] === invoiceNumber)!;
    expect(invoice[1]).toBe('Faktura VAT');
    expect(invoice[2]).toBe('nie');
    expect(invoice[gross]).toBe('615,00');
    const correction = rows.find((r) => r[3] === invoiceNumber)!;
    expect(correction[1]).toBe('Faktura korygująca');
    expect(correction[2]).toBe('nie');
    // A correction takes back: a negative number Excel reads as one (no apostrophe).
    expect(correction[gross]).toBe('-100,00');
    expect(rows.reduce((s, r) => s + plNumber(r[gross]!), 0)).toBeCloseTo(summary.invoices.gross, 2);

    const [payHead, ...payments] = csvRows((await operator.get(`${A}/csv/payments?${range}`)).body);
    expect(payHead).toContain('ID transakcji operatora');
    expect(payments.find((r) => r[0] === String(orderId))).toEqual(
      expect.arrayContaining(['615,00', 'bank-transfer', 'IN/77']),
    );
    const [, ...refunds] = csvRows((await operator.get(`${A}/csv/refunds?${range}`)).body);
    expect(refunds.find((r) => r[0] === String(orderId))).toEqual(
      expect.arrayContaining(['100,00', 'OUT/77']),
    );
    const [orderHead, ...orders] = csvRows((await operatorEn.get(`${A}/csv/orders?${range}`)).body);
    expect(orderHead!.slice(0, 3)).toEqual(['Order', 'Placed', 'Status']);
    expect(orders.find((r) => r[0] === String(orderId))).toEqual(
      expect.arrayContaining([invoiceNumber, '100,00']),
    );
  });

  it('as one XLSX workbook with the same figures, and the invoices’ XMLs as a ZIP', async () => {
    const res = await admin.get(`${A}/xlsx?${range}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual([
      'Podsumowanie',
      'Zamówienia',
      'Płatności',
      'Zwroty',
      'Faktury',
    ]);
    const sheet = book.getWorksheet('Faktury')!;
    const headings = (sheet.getRow(1).values as unknown[]).slice(1);
    const grossColumn = headings.indexOf('Brutto') + 1;
    let sum = 0;
    sheet.eachRow((row, n) => {
      if (n > 1) sum += Number(row.getCell(grossColumn).value);
    });
    expect(sum).toBeCloseTo(515, 2);

    const zip = await operator.get(`${A}/invoices-zip?${range}`);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    const index = csvRows(new TextDecoder('utf-8', { ignoreBOM: true }).decode(files['spis.csv']!));
    expect(index[0]).toEqual([
      'Numer',
      'Rodzaj',
      'Data wystawienia',
      'Numer KSeF',
      'Status KSeF',
      'XML',
      'UPO',
    ]);
    const listed = index.slice(1);
    expect(listed.map((r) => r[0])).toContain(invoiceNumber);
    // Every XML the index names is in the archive and is that invoice's FA(3).
    for (const [number, , , , , xml] of listed)
      if (xml) expect(strFromU8(files[xml]!)).toContain(`<P_2>${number}</P_2>`);
  });

  it('refuse a wrong range in the staff member’s language; staff only', async () => {
    const missing = await operator.get(`${A}/summary?from=${today}`);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.to).toEqual(['To pole jest wymagane.']);
    const backwards = await operatorEn.get(`${A}/csv/orders?from=2026-11-02&to=2026-11-01`);
    expect(backwards.json().errors.to).toEqual(['The end cannot be before the start.']);
    const long = await operator.get(`${A}/xlsx?from=2025-01-01&to=2026-01-02`);
    expect(long.json().errors.to).toEqual(['Wybierz zakres najwyżej jednego roku (366 dni).']);
    const leap = await operator.get(`${A}/summary?from=2028-01-01&to=2028-12-31`);
    expect(leap.statusCode).toBe(200);
    expect((await operator.get(`${A}/summary?from=2026-02-30&to=2026-03-01`)).statusCode).toBe(422);
    expect((await operator.get(`${A}/csv/members?${range}`)).statusCode).toBe(422);
    expect((await new Client(t.app).get(`${A}/summary?${range}`)).statusCode).toBe(401);
    const member = memberApi(t.app, await createMember(t.app.db));
    for (const path of ['summary', 'csv/orders', 'xlsx', 'invoices-zip'])
      expect((await member.get(`${A}/${path}?${range}`)).statusCode).toBe(403);
  });

  // Last: it adds a margin invoice to today's figures the tests above count.
  it('say which invoice is in the travel-agency margin scheme (art. 119), in CSV and XLSX, in both languages', async () => {
    const trip = await paidInvoiceOrder(t.app, { marginScheme: true, priceGrosze: 250_000 });
    const margin = (await operator.post(`/admin/invoices/orders/${trip.orderId}/issue`, {})).json().data
      .number;
    const column = (head: string[], rows: string[][], name: string) => {
      const at = head.indexOf(name);
      expect(at, name).toBeGreaterThan(0);
      return (number: string) => rows.find((r) => r[0] === number)?.[at];
    };
    const [plHead, ...plRows] = csvRows((await operator.get(`${A}/csv/invoices?${range}`)).body);
    const pl = column(plHead!, plRows, 'Procedura marży (art. 119)');
    expect([pl(margin), pl(invoiceNumber)]).toEqual(['tak', 'nie']);
    const [enHead, ...enRows] = csvRows((await operatorEn.get(`${A}/csv/invoices?${range}`)).body);
    const en = column(enHead!, enRows, 'Margin scheme (art. 119)');
    expect([en(margin), en(invoiceNumber)]).toEqual(['yes', 'no']);
    // Every row has as many cells as the heading (Excel's columns stay aligned).
    for (const row of [...plRows, ...enRows]) expect(row).toHaveLength(plHead!.length);

    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await admin.get(`${A}/xlsx?${range}`)).rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Faktury')!;
    const headings = (sheet.getRow(1).values as unknown[]).slice(1);
    const marginColumn = headings.indexOf('Procedura marży (art. 119)') + 1;
    const cells = new Map<unknown, unknown>();
    sheet.eachRow((row, n) => {
      if (n > 1) cells.set(row.getCell(1).value, row.getCell(marginColumn).value);
    });
    expect([cells.get(margin), cells.get(invoiceNumber)]).toEqual(['tak', 'nie']);
  });
});
