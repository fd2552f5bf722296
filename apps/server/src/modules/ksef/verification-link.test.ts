import { describe, expect, it } from 'vitest';
import { buildFa3Xml } from './build-fa3';
import { invoiceHash, invoiceVerificationLink } from './verification-link';

describe('KOD I, the invoice verification link (docs/kody-qr.md §1)', () => {
  it('is the guide’s own example: seller 1111111111, issued 01-02-2026, its SHA-256', () => {
    expect(
      invoiceVerificationLink(
        'test',
        '1111111111',
        '2026-02-01',
        'UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE',
      ),
    ).toBe(
      'https://qr-test.ksef.mf.gov.pl/invoice/1111111111/01-02-2026/UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE',
    );
  });

  it('points at each environment’s own address', () => {
    const hash = 'UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE';
    expect(invoiceVerificationLink('demo', '1111111111', '2026-12-31', hash)).toBe(
      `https://qr-demo.ksef.mf.gov.pl/invoice/1111111111/31-12-2026/${hash}`,
    );
    expect(invoiceVerificationLink('production', '1234563218', '2026-02-03', hash)).toBe(
      `https://qr.ksef.mf.gov.pl/invoice/1234563218/03-02-2026/${hash}`,
    );
  });

  it('hashes the file’s bytes with SHA-256 into Base64URL without padding', () => {
    // FIPS 180-2's example: SHA-256("abc") = ba7816bf…f20015ad.
    expect(invoiceHash('abc')).toBe('ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0');
    expect(invoiceHash(new TextEncoder().encode('abc'))).toBe('ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0');
    // Polish letters are hashed as UTF-8, the encoding KSeF requires.
    const xml = buildFa3Xml({
      kind: 'VAT',
      number: 'FV/2026/000001',
      issueDate: '2026-02-03',
      seller: {
        nip: '1234563218',
        name: 'Klub Łódź',
        address: { countryCode: 'PL', line1: 'ul. Źródlana 7' },
      },
      buyer: { kind: 'consumer', name: 'Żaneta Kowalska' },
      createdAt: new Date('2026-02-03T09:00:00Z'),
      lines: [{ name: 'Jazda', quantity: 1, vatRate: 23, unitNet: 1000, net: 1000, vat: 230, gross: 1230 }],
    });
    expect(invoiceHash(xml)).toBe(invoiceHash(Buffer.from(xml, 'utf8')));
    expect(invoiceHash(xml)).not.toBe(invoiceHash(Buffer.from(xml, 'latin1')));
    expect(invoiceHash(xml)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses a date that is not YYYY-MM-DD', () => {
    expect(() => invoiceVerificationLink('test', '1111111111', '01-02-2026', 'x')).toThrow(/YYYY-MM-DD/);
  });
});
