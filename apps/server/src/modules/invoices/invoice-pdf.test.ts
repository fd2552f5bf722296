import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Client,
  createTestApp,
  skipIfNoDatabase,
  staffClient,
  type TestApp,
} from '../../../test/helpers';
import { pdfQrCodes } from '../../../test/support/pdf-qr';
import { pdfText } from '../../../test/support/pdf-text';
import { customers, ksefSubmissions } from '../../db/schema';
import { invoiceHash, invoiceVerificationLink } from '../ksef/verification-link';
import { paidInvoiceOrder } from './test-fixtures';

/** The invoice's PDF read back as text: what a Polish VAT invoice must carry, Polish letters intact. */
describe.skipIf(skipIfNoDatabase)('the invoice PDF', () => {
  let t: TestApp;
  let operator: Client;
  beforeAll(async () => {
    t = await createTestApp({
      seed: false,
      env: {
        INVOICE_SELLER_NAME: 'Klub Łódź Sp. z o.o.',
        INVOICE_SELLER_STREET: 'ul. Źródlana 7',
        INVOICE_SELLER_CITY: '90-001 Łódź',
        INVOICE_SELLER_NIP: '1234563218',
      },
    });
    operator = await staffClient(t.app, 'OPERATOR');
  });
  afterAll(() => t?.close());

  it('carries the number, dates, seller, buyer, NIPs, lines, totals per rate, payment and "zapłacono"', async () => {
    const { orderId, member, api } = await paidInvoiceOrder(t.app, {
      priceGrosze: 123_456,
      vatRate: 23,
      paidAfterExperience: true,
    });
    // The snapshot of the order holds the data; the member's company is named with every Polish letter.
    await t.app.db
      .update(customers)
      .set({ invoiceCompanyName: 'Zażółć Gęślą Jaźń Sp. z o.o.' })
      .where(eq(customers.userId, member.id));
    const invoice = (await operator.post(`/admin/invoices/orders/${orderId}/issue`)).json().data;
    // Issued from the order's snapshot: the later company name is not on it.
    expect(invoice.buyer_name).toBe('Kowalski Sp. z o.o.');

    const res = await api.get(`/sales/invoices/item/${invoice.id}/pdf`);
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    const [y, m, d] = (invoice.issue_date as string).split('-');
    for (const expected of [
      'FAKTURA VAT',
      `nr ${invoice.number}`,
      `Data wystawienia: ${d}.${m}.${y}`,
      'Data sprzedaży:',
      'Miejsce wystawienia: Warszawa',
      'Sprzedawca',
      'Klub Łódź Sp. z o.o.',
      'ul. Źródlana 7',
      '90-001 Łódź',
      'NIP: 1234563218',
      'Nabywca',
      'Kowalski Sp. z o.o.',
      'Marszałkowska 10',
      '00-001 Warszawa',
      'NIP: 5260250274',
      'Ilość',
      'Cena jedn. netto',
      'Stawka VAT',
      'Wartość netto',
      'Kwota VAT',
      'Wartość brutto',
      '23%',
      // 1 234,56 zł gross at 23%: net 1 003,71, VAT 230,85.
      '1 003,71 zł',
      '230,85 zł',
      '1 234,56 zł',
      'Podsumowanie według stawek VAT',
      'Razem do zapłaty: 1 234,56 zł',
      'Sposób płatności: płatność online (sandbox)',
      'Zapłacono: 1 234,56 zł',
      'Pozostało do zapłaty: 0,00 zł',
    ]) {
      expect(text.replace(/\u00a0|\u202f/g, ' '), expected).toContain(expected);
    }
    expect(text).toMatch(/[ąćęłńóśźż]/);
    expect(text).not.toContain('Zażółć');
    // Waiting for KSeF, not offline: KOD I of the XML as it will be sent, OFFLINE under it, and no
    // KOD II (the Offline certificate's code is for invoices issued while KSeF was unavailable).
    const [queued] = await t.app.db
      .select()
      .from(ksefSubmissions)
      .where(eq(ksefSubmissions.invoiceId, invoice.id));
    expect(await pdfQrCodes(res.rawPayload)).toEqual([
      invoiceVerificationLink('test', '1234563218', invoice.issue_date, invoiceHash(queued!.xml!)),
    ]);
    expect(text).toContain('OFFLINE');
    expect(text).not.toContain('CERTYFIKAT');
  });

  it('prints a correction with the invoice it corrects, the reason and the differences', async () => {
    const { orderId, api } = await paidInvoiceOrder(t.app, { priceGrosze: 100_000 });
    const invoice = (await operator.post(`/admin/invoices/orders/${orderId}/issue`)).json().data;
    const correction = (
      await operator.post(`/admin/invoices/orders/${orderId}/correct`, {
        amount: 246,
        reason: 'Zwrot: rezygnacja gościa',
      })
    ).json().data;
    const text = (
      await pdfText((await api.get(`/sales/invoices/item/${correction.id}/pdf`)).rawPayload)
    ).replace(/\u00a0|\u202f/g, ' ');
    for (const expected of [
      'FAKTURA KORYGUJĄCA',
      `nr ${correction.number}`,
      `Dotyczy faktury nr ${invoice.number}`,
      'Przyczyna korekty: Zwrot: rezygnacja gościa',
      '-200,00 zł',
      '-46,00 zł',
      '-246,00 zł',
      'Kwota korekty: -246,00 zł',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });
});
