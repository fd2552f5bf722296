import { constants, generateKeyPairSync, verify, X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildFa3Xml } from './build-fa3';
import { loadOfflineCertificate } from './offline-certificate';
import { TEST_OFFLINE_CERTIFICATE, TEST_OFFLINE_PRIVATE_KEY } from './stand-in-keys';
import {
  type CertificateLinkParts,
  certificateLinkToSign,
  certificateVerificationLink,
  invoiceHash,
  invoiceVerificationLink,
  signCertificateLink,
  signedCertificateVerificationLink,
} from './verification-link';

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

describe('KOD II, the certificate verification link of an offline invoice (docs/kody-qr.md §2)', () => {
  // The guide's example: context Nip 1111111111, seller 1111111111, certificate 01F20A5D352AE590.
  const example: CertificateLinkParts = {
    contextType: 'Nip',
    contextId: '1111111111',
    sellerNip: '1111111111',
    certificateSerial: '01F20A5D352AE590',
    hash: 'UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE',
  };
  const exampleSignature =
    'mSkm_XmM9fq7PgAJwiL32L9ujhyguOEV48cDB0ncemD2r9TMGa3lr0iRoFk588agCi8QPsOuscUY1rZ7ff76STbGquO-gZtQys5_fHdf2HUfDqPqVTnUS6HknBu0zLkyf9ygoW7WbH06Ty_8BgQTlOmJFzNWSt9WZa7tAGuAE9JOooNps-KG2PYkkIP4q4jPMp3FKypAygHVnXtS0RDGgOxhhM7LWtFP7D-dWINbh5yXD8Lr-JVbeOpyQjHa6WmMYavCDQJ3X_Z-iS01LZu2s1B3xuOykl1h0sLObCdADrbxOONsXrvQa61Xt_rxyprVraj2Uf9pANQgR4-12HEcMw';

  it("signs the guide's text and assembles the guide's link from its parts and signature", () => {
    // The guide gives no key (and RSA-PSS salts at random), so its signature cannot be remade; the
    // text signed and the link around the signature are reproduced exactly.
    expect(certificateLinkToSign('test', example)).toBe(
      'qr-test.ksef.mf.gov.pl/certificate/Nip/1111111111/1111111111/01F20A5D352AE590/UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE',
    );
    expect(certificateVerificationLink('test', example, exampleSignature)).toBe(
      `https://qr-test.ksef.mf.gov.pl/certificate/Nip/1111111111/1111111111/01F20A5D352AE590/UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE/${exampleSignature}`,
    );
    expect(certificateLinkToSign('demo', example)).toMatch(/^qr-demo\.ksef\.mf\.gov\.pl\/certificate\/Nip\//);
    expect(certificateLinkToSign('production', example)).toMatch(
      /^qr\.ksef\.mf\.gov\.pl\/certificate\/Nip\//,
    );
  });

  it("ECDSA P-256: the link's last part is an IEEE P1363 signature the certificate's public key verifies", () => {
    const offline = loadOfflineCertificate({
      certificate: TEST_OFFLINE_CERTIFICATE,
      privateKey: TEST_OFFLINE_PRIVATE_KEY,
    });
    expect(offline.serialNumber).toBe('4B5345464F46464C');
    // An expired certificate is a start-up error, not a KOD II that KSeF calls invalid.
    expect(() =>
      loadOfflineCertificate({
        certificate: TEST_OFFLINE_CERTIFICATE,
        privateKey: TEST_OFFLINE_PRIVATE_KEY,
        now: new Date('2127-01-01T00:00:00Z'),
      }),
    ).toThrow(/expired on Nov {2}4 .* 2126 GMT/);
    const parts = {
      ...example,
      contextId: '1234563218',
      sellerNip: '1234563218',
      certificateSerial: offline.serialNumber,
    };
    const link = signedCertificateVerificationLink('test', parts, offline.privateKey);
    const text = certificateLinkToSign('test', parts);
    expect(link.startsWith(`https://${text}/`)).toBe(true);
    const signature = Buffer.from(link.slice(`https://${text}/`.length), 'base64url');
    expect(signature).toHaveLength(64); // R || S, 32 bytes each
    const publicKey = new X509Certificate(TEST_OFFLINE_CERTIFICATE).publicKey;
    const check = (t: string) =>
      verify('sha256', Buffer.from(t), { key: publicKey, dsaEncoding: 'ieee-p1363' }, signature);
    expect(check(text)).toBe(true);
    // Another invoice's hash (or a changed NIP) does not verify with this signature.
    expect(check(certificateLinkToSign('test', { ...parts, hash: invoiceHash('another invoice') }))).toBe(
      false,
    );
    expect(check(certificateLinkToSign('test', { ...parts, sellerNip: '5260250274' }))).toBe(false);
  });

  it('RSA: RSASSA-PSS with SHA-256, MGF1 SHA-256 and a 32-byte salt, verified by the public key', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const text = certificateLinkToSign('test', example);
    const first = Buffer.from(signCertificateLink(text, privateKey), 'base64url');
    const second = Buffer.from(signCertificateLink(text, privateKey), 'base64url');
    expect(first).toHaveLength(256);
    // A random salt: two signatures of one text differ, both verify.
    expect(first.equals(second)).toBe(false);
    for (const signature of [first, second])
      expect(
        verify(
          'sha256',
          Buffer.from(text),
          { key: publicKey, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 },
          signature,
        ),
      ).toBe(true);
  });

  it('refuses a key of another curve', () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'secp384r1' });
    expect(() => signCertificateLink('x', privateKey)).toThrow(/RSA or an ECDSA P-256/);
  });
});
