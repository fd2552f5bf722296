import { type TInvoiceData, ZInvoiceData } from '@club/shared';
import { FA3_LIMITS, INVOICE_FIELD_MAX } from '@club/shared/schemas/invoice-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fa3Errors } from '../../../test/support/ksef-xsd';
import { Client, createTestApp, createTestUser, signedInAs, type TestApp } from '../../../test/helpers';
import { buildFa3Xml } from '../ksef/build-fa3';
import type { KsefBuyer, KsefInvoice } from '../ksef/invoice-input';

/**
 * Issue 30: invoice data KSeF would refuse is refused when the member types it, in their language;
 * and whatever the form takes, FA(3)'s schema takes (docs/invoices.md, "Invoice data KSeF would refuse").
 */

/** The buyer as an invoice carries the member's data: street line and postal code with city. */
function buyerOf(v: TInvoiceData): KsefBuyer {
  const flat = v.invoice_locale_number ? `/${v.invoice_locale_number}` : '';
  const address = {
    countryCode: v.tax_number_prefix === 'EL' ? 'GR' : v.tax_number_prefix,
    line1: `${v.invoice_street} ${v.invoice_building_number}${flat}`,
    line2: `${v.invoice_post_code} ${v.invoice_city}`,
  };
  return v.tax_number_prefix === 'PL'
    ? { kind: 'company-pl', nip: v.tax_number, name: v.invoice_company_name, address }
    : {
        kind: 'company-eu',
        vatPrefix: v.tax_number_prefix,
        vatNumber: v.tax_number,
        name: v.invoice_company_name,
        address,
      };
}

function invoiceFor(buyer: KsefBuyer): KsefInvoice {
  return {
    kind: 'VAT',
    number: 'FV/2026/000001',
    issueDate: '2026-11-02',
    place: 'Warszawa',
    seller: {
      nip: '1234563218',
      name: 'Excellence Club Demo Sp. z o.o.',
      address: { countryCode: 'PL', line1: 'ul. Żelazna 59', line2: '00-848 Warszawa' },
    },
    buyer,
    createdAt: new Date('2026-11-02T09:00:00Z'),
    saleDate: '2026-11-01',
    lines: [
      { name: 'Track day', quantity: 1, vatRate: 23, unitNet: 10000, net: 10000, vat: 2300, gross: 12300 },
    ],
    payment: { paidOn: '2026-11-01', form: 'transfer' },
  };
}

const longest = (n: number) => 'Ż'.repeat(n);
const atTheLimits = {
  invoice_company_name: longest(INVOICE_FIELD_MAX.company),
  invoice_street: longest(INVOICE_FIELD_MAX.street),
  invoice_building_number: '1'.repeat(INVOICE_FIELD_MAX.building),
  invoice_locale_number: '2'.repeat(INVOICE_FIELD_MAX.flat),
  invoice_post_code: '00-848',
  invoice_city: longest(INVOICE_FIELD_MAX.city),
  tax_number_prefix: 'PL',
  tax_number: '526-025-02-74',
};

describe('the invoice form and FA(3) agree (pure)', () => {
  it('the form’s longest values fit FA(3)’s name and address lines', () => {
    const line1 = INVOICE_FIELD_MAX.street + 1 + INVOICE_FIELD_MAX.building + 1 + INVOICE_FIELD_MAX.flat;
    const line2 = INVOICE_FIELD_MAX.postCode + 1 + INVOICE_FIELD_MAX.city;
    expect(INVOICE_FIELD_MAX.company).toBeLessThanOrEqual(FA3_LIMITS.name);
    expect(Math.max(line1, line2)).toBeLessThanOrEqual(FA3_LIMITS.addressLine);
    expect(INVOICE_FIELD_MAX.taxNumber).toBeLessThanOrEqual(FA3_LIMITS.foreignTaxId);
  });

  it.each([
    ['a Polish company', {}],
    ['an EU company', { tax_number_prefix: 'DE', tax_number: 'DE 123 456 789', invoice_post_code: '10115' }],
    ['a Greek company (EL)', { tax_number_prefix: 'EL', tax_number: '094014201' }],
  ])('what the form takes at its limits for %s is a valid FA(3) invoice', (_, patch) => {
    const data = ZInvoiceData.parse({ ...atTheLimits, ...patch });
    expect(fa3Errors(buildFa3Xml(invoiceFor(buyerOf(data))))).toEqual([]);
  });

  it('what the form refuses, FA(3) refuses too', () => {
    const data = ZInvoiceData.parse(atTheLimits);
    const zeros = buyerOf({ ...data, tax_number: '0000000000' });
    expect(ZInvoiceData.safeParse({ ...atTheLimits, tax_number: '0000000000' }).success).toBe(false);
    expect(fa3Errors(buildFa3Xml(invoiceFor(zeros))).join('\n')).toMatch(/NIP/);
    const longVat = { ...data, tax_number_prefix: 'DE' as const, tax_number: '1234567890123' };
    expect(ZInvoiceData.safeParse({ ...atTheLimits, ...longVat }).success).toBe(false);
    expect(fa3Errors(buildFa3Xml(invoiceFor(buyerOf(longVat)))).join('\n')).toMatch(/NrVatUE/);
  });
});

describe('POST customers/update-invoice-data refuses what KSeF would refuse', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const memberOf = async (language: 'pl' | 'en') =>
    signedInAs(t.app, (await createTestUser(t.app.db, { type: 'CUSTOMER', language })).email);
  const valid = { ...atTheLimits, invoice_company_name: 'Zielińska Design', invoice_street: 'Mokotowska' };

  it.each([
    [
      'pl',
      {
        tax_number: '000-000-00-00',
        invoice_post_code: '00 848',
        invoice_company_name: 'Firma\tS.A.',
      },
      {
        tax_number: 'Nieprawidłowy numer NIP: 10 cyfr z poprawną cyfrą kontrolną, np. 526-025-02-74.',
        invoice_post_code: 'Kod pocztowy ma format 00-000.',
        invoice_company_name:
          'Usuń znaki sterujące (np. tabulator lub nową linię): faktura ich nie przyjmie.',
      },
    ],
    [
      'en',
      { tax_number_prefix: 'FR', tax_number: 'FR 12/345', invoice_city: 'Paris\nCedex' },
      {
        tax_number:
          'An EU VAT number without its country prefix: up to 12 capital letters and digits, e.g. 123456789.',
        invoice_city:
          'Remove control characters (such as a tab or a line break): an invoice cannot carry them.',
      },
    ],
  ] as const)('in %s, each field with its own message', async (language, patch, messages) => {
    const client = await memberOf(language);
    const res = await client.post('/customers/update-invoice-data', { ...valid, ...patch });
    expect(res.statusCode).toBe(422);
    for (const [field, message] of Object.entries(messages))
      expect(res.json().errors[field]).toEqual([message]);
  });

  it('stores what KSeF takes: a NIP’s digits, a postal code with its dash, an EU number without its prefix', async () => {
    const client = await memberOf('pl');
    const pl = await client.post('/customers/update-invoice-data', { ...valid, invoice_post_code: '00848' });
    expect(pl.statusCode).toBe(200);
    expect(pl.json().data.customer).toMatchObject({ tax_number: '5260250274', invoice_post_code: '00-848' });
    const de = await client.post('/customers/update-invoice-data', {
      ...valid,
      tax_number_prefix: 'DE',
      tax_number: 'de 123.456.789',
      invoice_post_code: '10115',
    });
    expect(de.statusCode).toBe(200);
    expect(de.json().data.customer).toMatchObject({ tax_number: '123456789', invoice_post_code: '10115' });
  });

  it('401 without a session, 403 without the CSRF header', async () => {
    expect((await new Client(t.app).post('/customers/update-invoice-data', valid)).statusCode).toBe(401);
    const client = await memberOf('pl');
    expect((await client.post('/customers/update-invoice-data', valid, { csrf: false })).statusCode).toBe(
      403,
    );
  });
});
