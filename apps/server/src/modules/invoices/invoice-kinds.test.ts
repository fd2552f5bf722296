import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Client,
  createTestApp,
  skipIfNoDatabase,
  staffClient,
  type TestApp,
} from '../../../test/helpers';
import { fa3Errors, readXml } from '../../../test/support/ksef-xsd';
import { pdfText } from '../../../test/support/pdf-text';
import { ksefSubmissions, orders, products } from '../../db/schema';
import { validProductBody } from '../catalog/admin-test-fixtures';
import { variantOf } from './issue-invoice';
import { ksefXmlOfInvoice } from './ksef-document';
import { paidInvoiceOrder } from './test-fixtures';

/**
 * The kind of invoice (issue 30, docs/invoices.md "Which invoice, by which article"): an advance
 * invoice for a payment before the experience (art. 106b ust. 1 pkt 4, 106f) and no final invoice
 * after it (106f ust. 4); a plain VAT invoice when the experience came first; the travel-agency
 * margin scheme set per trip by staff (art. 119); their corrections (106j). Each XML as queued for
 * KSeF passes the official FA(3) schema for a Polish company, an EU company and a consumer.
 */

type Buyer = 'company-pl' | 'company-eu' | 'consumer';
const BUYER_DATA: Record<Buyer, Record<string, string | null>> = {
  'company-pl': { taxNumberPrefix: 'PL', taxNumber: '5260250274' },
  'company-eu': { taxNumberPrefix: 'DE', taxNumber: '123456789' },
  consumer: { taxNumberPrefix: null, taxNumber: '' },
};

describe.skipIf(skipIfNoDatabase)('the right kind of invoice', () => {
  let t: TestApp;
  let operator: Client;
  let operatorEn: Client;
  beforeAll(async () => {
    t = await createTestApp({});
    operator = await staffClient(t.app, 'OPERATOR');
    operatorEn = await staffClient(t.app, 'OPERATOR', { language: 'en' });
  }, 60_000);
  afterAll(() => t?.close());

  const xmlOf = async (invoiceId: number) => {
    const [row] = await t.app.db
      .select()
      .from(ksefSubmissions)
      .where(eq(ksefSubmissions.invoiceId, invoiceId));
    const xml = row!.xml!;
    expect(fa3Errors(xml)).toEqual([]);
    return readXml(xml);
  };

  /** A paid order for `buyer`, paid three days ago, issued by staff. */
  async function issued(buyer: Buyer, opts: Parameters<typeof paidInvoiceOrder>[1] = {}) {
    const order = await paidInvoiceOrder(t.app, opts);
    const [row] = await t.app.db.select().from(orders).where(eq(orders.id, order.orderId));
    const paidAt = new Date(Date.now() - 3 * 86_400_000);
    await t.app.db
      .update(orders)
      .set({ paidAt, invoiceData: { ...(row!.invoiceData as object), ...BUYER_DATA[buyer] } })
      .where(eq(orders.id, order.orderId));
    const res = await operator.post(`/admin/invoices/orders/${order.orderId}/issue`);
    expect(res.statusCode, res.body).toBe(200);
    const paidOn = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Warsaw' }).format(paidAt);
    return { ...order, invoice: res.json().data as { id: number; number: string }, paidOn };
  }

  const buyers: Buyer[] = ['company-pl', 'company-eu', 'consumer'];

  it.each(buyers)(
    'paid before the experience: an advance invoice with the payment day (%s)',
    async (buyer) => {
      const { invoice, api, orderId, paidOn } = await issued(buyer);
      const doc = await xmlOf(invoice.id);
      expect(doc.text('//f:Fa/f:RodzajFaktury')).toBe('ZAL');
      expect(doc.text('//f:Fa/f:P_6')).toBe(paidOn);
      expect(doc.text('//f:Zamowienie/f:WartoscZamowienia')).toBe(doc.text('//f:Fa/f:P_15'));
      const pdf = await pdfText((await api.get(`/sales/invoices/item/${invoice.id}/pdf`)).rawPayload);
      expect(pdf).toContain('FAKTURA ZALICZKOWA');
      expect(pdf).toContain(`Data otrzymania zapłaty: ${paidOn.split('-').reverse().join('.')}`);
      expect(pdf).toContain('faktura końcowa nie zostanie wystawiona');
      // The advance covered the whole price: no final invoice, ever (art. 106f ust. 4).
      const again = await operator.post(`/admin/invoices/orders/${orderId}/issue`);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('INVOICE_EXISTS');
    },
  );

  it.each(buyers)('the experience came before the payment: a plain VAT invoice (%s)', async (buyer) => {
    const { invoice, api } = await issued(buyer, { paidAfterExperience: true });
    const doc = await xmlOf(invoice.id);
    expect(doc.text('//f:Fa/f:RodzajFaktury')).toBe('VAT');
    expect(doc.all('//f:FaWiersz/f:P_12')).toEqual(['23']);
    expect(await pdfText((await api.get(`/sales/invoices/item/${invoice.id}/pdf`)).rawPayload)).toContain(
      'FAKTURA VAT',
    );
  });

  it.each(buyers)('a trip in the margin scheme: no VAT shown, the scheme named (%s)', async (buyer) => {
    const { invoice, api, orderId } = await issued(buyer, { marginScheme: true, priceGrosze: 500_000 });
    const doc = await xmlOf(invoice.id);
    expect(doc.text('//f:Fa/f:RodzajFaktury')).toBe('VAT');
    expect(doc.text('//f:Adnotacje/f:PMarzy/f:P_PMarzy')).toBe('1');
    expect(doc.text('//f:Adnotacje/f:PMarzy/f:P_PMarzy_2')).toBe('1');
    expect(doc.text('//f:Fa/f:P_13_11')).toBe('5000.00');
    expect(doc.all('//f:Fa/f:P_14_1')).toEqual([]);
    const pdf = await pdfText((await api.get(`/sales/invoices/item/${invoice.id}/pdf`)).rawPayload);
    expect(pdf).toContain('procedura marży dla biur podróży');
    expect(pdf).not.toMatch(/23%|Kwota VAT\s*[0-9]/);
    // Its correction keeps the scheme.
    const corrected = await operator.post(`/admin/invoices/orders/${orderId}/correct`, { amount: 100 });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const [kor] = await t.app.db
      .select()
      .from(ksefSubmissions)
      .where(eq(ksefSubmissions.invoiceId, corrected.json().data.id));
    // Waiting for the invoice's KSeF number; built as it will be once that number comes.
    expect(kor!.xml).toBeNull();
    const ksefNumber = '1234563218-20260203-0A1B2C-3D4E5F-7A';
    await t.app.db
      .update(ksefSubmissions)
      .set({ ksefNumber })
      .where(eq(ksefSubmissions.invoiceId, invoice.id));
    const xml = (await ksefXmlOfInvoice(t.app.db, corrected.json().data.id))!;
    expect(fa3Errors(xml)).toEqual([]);
    const korDoc = readXml(xml);
    expect(korDoc.text('//f:Fa/f:RodzajFaktury')).toBe('KOR');
    expect(korDoc.text('//f:DaneFaKorygowanej/f:NrKSeFFaKorygowanej')).toBe(ksefNumber);
    expect(korDoc.text('//f:Adnotacje/f:PMarzy/f:P_PMarzy_2')).toBe('1');
    expect(korDoc.text('//f:Fa/f:P_13_11')).toBe('-100.00');
  });

  it('refuses one invoice for a margin trip and an ordinary experience, in the staff member’s language', () => {
    const items = [
      { startDate: '2030-01-01', marginScheme: true },
      { startDate: '2030-01-01', marginScheme: false },
    ];
    expect(() => variantOf(items, 100, '2029-12-01')).toThrow(
      expect.objectContaining({ code: 'INVOICE_MIXED_MARGIN' }),
    );
    expect(variantOf([items[0]!], 100, '2029-12-01')).toBe('MARGIN');
    expect(variantOf([items[1]!], 100, '2029-12-01')).toBe('ADVANCE');
    expect(variantOf([items[1]!], 100, '2030-01-01')).toBeUndefined();
    expect(variantOf([items[1]!], 0, '2029-12-01')).toBeUndefined();
  });

  it('staff set the margin scheme on a trip; on an event it is refused in Polish and English and nothing is saved', async () => {
    const before = (await t.app.db.select({ id: products.id }).from(products)).length;
    for (const [client, message] of [
      [operator, 'Procedurę marży dla biur podróży można wybrać tylko dla wyjazdu.'],
      [operatorEn, 'The travel-agency margin scheme can be chosen only for a trip.'],
    ] as const) {
      const res = await client.post('/admin/catalog/products', validProductBody({ margin_scheme: true }));
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors.margin_scheme).toEqual([message]);
    }
    const wrongType = await operator.post(
      '/admin/catalog/products',
      validProductBody({ margin_scheme: 'yes' }),
    );
    expect(wrongType.statusCode).toBe(422);
    expect((await t.app.db.select({ id: products.id }).from(products)).length).toBe(before);
    const trip = await operator.post(
      '/admin/catalog/products',
      validProductBody({ type: 'TRIP', alias: 'margin-trip', margin_scheme: true }),
    );
    expect(trip.statusCode, trip.body).toBe(201);
    expect(trip.json().data.margin_scheme).toBe(true);
    const read = await operator.get(`/admin/catalog/products/${trip.json().data.id}`);
    expect(read.json().data.margin_scheme).toBe(true);
  });
});
