import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKsefStandIn } from '../../../test/stand-ins/ksef';
import { readXml, upoErrors } from '../../../test/support/ksef-xsd';
import { buildFa3Xml } from './build-fa3';
import type { KsefInvoice } from './invoice-input';
import { KsefApiError, ksefClient } from './ksef-client';
import { invoiceHash, invoiceVerificationLink } from './verification-link';

// A whole KSeF session against the local stand-in (no database; runs under both API projects).

const NIP = '1234563218';
const TOKEN = '20260203-EC-1A2B3C4D5E-6F7A8B9C0D-11|nip-1234563218|0123456789abcdef';

const invoice: KsefInvoice = {
  kind: 'VAT',
  number: 'FV/2026/000123',
  issueDate: '2026-02-03',
  seller: {
    nip: NIP,
    name: 'Excellence Club Demo Sp. z o.o.',
    address: { countryCode: 'PL', line1: 'ul. Żelazna 59' },
  },
  buyer: {
    kind: 'company-pl',
    nip: '5260250274',
    name: 'Źródło Sp. z o.o.',
    address: { countryCode: 'PL', line1: 'ul. Długa 5' },
  },
  createdAt: new Date('2026-02-03T09:00:00Z'),
  lines: [
    {
      name: 'Jazda po torze',
      quantity: 1,
      vatRate: 23,
      unitNet: 100000,
      net: 100000,
      vat: 23000,
      gross: 123000,
    },
  ],
};

describe('a KSeF session against the stand-in', () => {
  let server: Server;
  let client: ReturnType<typeof ksefClient>;
  beforeAll(async () => {
    const standIn = await startKsefStandIn({ nip: NIP, ksefToken: TOKEN });
    server = standIn.server;
    client = ksefClient({ baseUrl: `${standIn.url}/v2`, pollEveryMs: 10 });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('authenticates with the KSeF token, sends an invoice, gets its KSeF number and UPO, closes', async () => {
    const tokens = await client.authenticate(NIP, TOKEN);
    expect(tokens.accessToken.token).toBeTruthy();
    const refreshed = await client.refresh(tokens.refreshToken.token);
    const accessToken = refreshed.token;

    const session = await client.openSession(accessToken);
    const xml = buildFa3Xml(invoice);
    const reference = await client.sendInvoice(accessToken, session, xml);
    const status = await client.invoiceStatus(accessToken, session, reference);
    expect(status.status.code).toBe(200);
    expect(status.invoiceNumber).toBe('FV/2026/000123');
    // The KSeF number: the seller's NIP, the day, two hex groups and the CRC (FA(3)'s TNumerKSeF).
    expect(status.ksefNumber).toMatch(/^1234563218-\d{8}-[0-9A-F]{6}-[0-9A-F]{6}-[0-9A-F]{2}$/);

    const upo = await client.invoiceUpo(accessToken, session, reference);
    expect(upoErrors(upo)).toEqual([]);
    const receipt = readXml(upo);
    expect(receipt.text('//u:Dokument/u:NumerKSeFDokumentu')).toBe(status.ksefNumber);
    expect(receipt.text('//u:Dokument/u:NumerFaktury')).toBe('FV/2026/000123');
    // KSeF hashed the very bytes the QR link names (Base64 there, Base64URL in the link).
    const hash = receipt.text('//u:Dokument/u:SkrotDokumentu')!;
    expect(Buffer.from(hash, 'base64').toString('base64url')).toBe(invoiceHash(xml));
    expect(invoiceVerificationLink('test', NIP, '2026-02-03', invoiceHash(xml))).toContain(
      `/invoice/${NIP}/03-02-2026/`,
    );

    await client.closeSession(accessToken, session);
    await expect(client.sendInvoice(accessToken, session, xml)).rejects.toMatchObject({ status: 400 });
  });

  it('gets no KSeF number for an invoice that fails the schema, and the schema’s reason', async () => {
    const { accessToken } = await client.authenticate(NIP, TOKEN);
    const session = await client.openSession(accessToken.token);
    const broken = buildFa3Xml(invoice).replace(/<P_2>[^<]*<\/P_2>/, '');
    const reference = await client.sendInvoice(accessToken.token, session, broken);
    const status = await client.invoiceStatus(accessToken.token, session, reference);
    expect(status.status.code).toBe(450);
    expect(status.ksefNumber ?? null).toBeNull();
    expect(status.status.details?.join('\n')).toMatch(/Expected is .*P_2/);
    await expect(client.invoiceUpo(accessToken.token, session, reference)).rejects.toBeInstanceOf(
      KsefApiError,
    );
  });

  it('is refused with a wrong KSeF token', async () => {
    await expect(client.authenticate(NIP, 'not-the-token')).rejects.toMatchObject({ status: 450 });
  });
});
