import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { TEST_OFFLINE_CERTIFICATE, TEST_OFFLINE_PRIVATE_KEY } from './stand-in-keys';

// KSeF's configuration, checked at start like the payment operators' (docs/ksef.md): no database.

const PII_KEY = `live-1:${randomBytes(32).toString('base64')}`;
const TOKEN = '20260203-EC-1A2B3C4D5E-6F7A8B9C0D-11|nip-1234563218|0123456789abcdef';
const fails = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('the configuration was accepted');
};

describe('KSeF configuration', () => {
  it('uses the stand-in the app serves by default, where development, tests and the demo run', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://club.example.com/' });
    expect(config.KSEF_ENV).toBe('stand-in');
    expect(config.KSEF_API_URL).toBe('https://club.example.com/panel/ksef-stand-in/v2');
    expect(loadConfig({ NODE_ENV: 'test' }).KSEF_SEND_INTERVAL_SECONDS).toBe(0);
    expect(loadConfig({ NODE_ENV: 'production' }).KSEF_SEND_INTERVAL_SECONDS).toBe(60);
  });

  it("takes the ministry's environment with the seller's token, and refuses it without", () => {
    expect(loadConfig({ KSEF_ENV: 'production', KSEF_TOKEN: TOKEN }).KSEF_API_URL).toBe(
      'https://api.ksef.mf.gov.pl/v2',
    );
    expect(loadConfig({ KSEF_ENV: 'test', KSEF_TOKEN: TOKEN }).KSEF_API_URL).toBe(
      'https://api-test.ksef.mf.gov.pl/v2',
    );
    expect(fails({ KSEF_ENV: 'demo' })).toContain('KSEF_TOKEN: is required with KSEF_ENV=demo');
    expect(
      fails({ KSEF_ENV: 'production', KSEF_TOKEN: TOKEN, INVOICE_SELLER_NIP: 'PL 123-456-32-18' }),
    ).toContain("INVOICE_SELLER_NIP: must be the seller's 10-digit NIP");
    expect(fails({ KSEF_ENV: 'staging' })).toMatch(/KSEF_ENV: /);
    // The token never appears in what the operator reads.
    expect(fails({ KSEF_ENV: 'production', KSEF_TOKEN: 'short-secret' })).not.toContain('short-secret');
  });

  it('refuses the stand-in for a real installation unless it declared itself a demo', () => {
    const real = { NODE_ENV: 'production', SEED: 'none', PII_KEY, ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: '0' };
    const realWithOperator = {
      ...real,
      PAYMENT_PROVIDER: 'przelewy24',
      P24_MERCHANT_ID: '1234',
      P24_API_KEY: 'k',
      P24_CRC: 'c',
    };
    expect(fails(realWithOperator)).toContain('KSEF_ENV: stand-in registers no invoice in KSeF');
    expect(loadConfig({ ...realWithOperator, KSEF_ENV: 'production', KSEF_TOKEN: TOKEN }).KSEF_ENV).toBe(
      'production',
    );
    expect(loadConfig({ ...real, ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: '1' }).KSEF_ENV).toBe('stand-in');
  });

  describe('the Offline certificate that signs KOD II', () => {
    const pem = (type: 'ec' | 'rsa', options: object) =>
      generateKeyPairSync(type as 'ec', options as { namedCurve: string }).privateKey.export({
        type: 'pkcs8',
        format: 'pem',
      }) as string;
    const otherP256 = pem('ec', { namedCurve: 'prime256v1' });
    const real = { KSEF_ENV: 'production', KSEF_TOKEN: TOKEN };

    it("uses the stand-in's test certificate by default, and none with KSeF until one is configured", () => {
      expect(loadConfig({}).KSEF_OFFLINE?.serialNumber).toBe('4B5345464F46464C');
      expect(loadConfig(real).KSEF_OFFLINE).toBeNull();
    });

    it('takes a certificate (PEM, newlines written as \\n too) or its serial number, with its key', () => {
      const oneLine = (text: string) => text.trim().replace(/\n/g, '\\n');
      const withPem = loadConfig({
        KSEF_OFFLINE_CERTIFICATE: oneLine(TEST_OFFLINE_CERTIFICATE),
        KSEF_OFFLINE_PRIVATE_KEY: oneLine(TEST_OFFLINE_PRIVATE_KEY),
      });
      expect(withPem.KSEF_OFFLINE?.serialNumber).toBe('4B5345464F46464C');
      const withSerial = loadConfig({
        ...real,
        KSEF_OFFLINE_CERTIFICATE_SERIAL: '1f20a5d352ae590',
        KSEF_OFFLINE_PRIVATE_KEY: otherP256,
      });
      expect(withSerial.KSEF_OFFLINE?.serialNumber).toBe('01F20A5D352AE590');
      expect(withSerial.KSEF_OFFLINE?.privateKey.asymmetricKeyType).toBe('ec');
    });

    it('stops the start with the reason when the key or the certificate is wrong, never printing the key', () => {
      const broken = `${TEST_OFFLINE_PRIVATE_KEY.slice(0, 80)}garbage-secret`;
      const message = fails({
        KSEF_OFFLINE_CERTIFICATE: TEST_OFFLINE_CERTIFICATE,
        KSEF_OFFLINE_PRIVATE_KEY: broken,
      });
      expect(message).toContain('KSEF_OFFLINE_PRIVATE_KEY: is not a readable PEM private key');
      expect(message).not.toContain('garbage-secret');
      expect(
        fails({ KSEF_OFFLINE_CERTIFICATE: TEST_OFFLINE_CERTIFICATE, KSEF_OFFLINE_PRIVATE_KEY: otherP256 }),
      ).toContain("KSEF_OFFLINE_CERTIFICATE: is not the private key's");
      expect(
        fails({
          KSEF_OFFLINE_CERTIFICATE_SERIAL: '01F2',
          KSEF_OFFLINE_PRIVATE_KEY: pem('rsa', { modulusLength: 1024 }),
        }),
      ).toContain('KSEF_OFFLINE_PRIVATE_KEY: must be an RSA key of at least 2048 bits or an ECDSA P-256 key');
      expect(
        fails({
          KSEF_OFFLINE_CERTIFICATE_SERIAL: '01F2',
          KSEF_OFFLINE_PRIVATE_KEY: pem('ec', { namedCurve: 'secp384r1' }),
        }),
      ).toContain('KSEF_OFFLINE_PRIVATE_KEY: must be an RSA key');
      expect(
        fails({ KSEF_OFFLINE_CERTIFICATE: 'not a certificate', KSEF_OFFLINE_PRIVATE_KEY: otherP256 }),
      ).toContain('KSEF_OFFLINE_CERTIFICATE: is not a readable PEM X.509 certificate');
      expect(
        fails({ KSEF_OFFLINE_CERTIFICATE_SERIAL: 'not-hex', KSEF_OFFLINE_PRIVATE_KEY: otherP256 }),
      ).toContain(
        "KSEF_OFFLINE_CERTIFICATE_SERIAL: must be the certificate's serial number as KSeF lists it",
      );
      expect(
        fails({ KSEF_OFFLINE_CERTIFICATE_SERIAL: '01F20A5D352AE5901', KSEF_OFFLINE_PRIVATE_KEY: otherP256 }),
      ).toContain('KSEF_OFFLINE_CERTIFICATE_SERIAL: must be');
      expect(fails({ KSEF_OFFLINE_CERTIFICATE: TEST_OFFLINE_CERTIFICATE })).toContain(
        'KSEF_OFFLINE_PRIVATE_KEY: is required with the Offline certificate',
      );
      expect(fails({ KSEF_OFFLINE_PRIVATE_KEY: otherP256 })).toContain(
        'KSEF_OFFLINE_CERTIFICATE: is required with KSEF_OFFLINE_PRIVATE_KEY',
      );
    });

    it("refuses the stand-in's test certificate with KSeF itself", () => {
      expect(
        fails({
          ...real,
          KSEF_OFFLINE_CERTIFICATE: TEST_OFFLINE_CERTIFICATE,
          KSEF_OFFLINE_PRIVATE_KEY: TEST_OFFLINE_PRIVATE_KEY,
        }),
      ).toContain('KSEF_OFFLINE_CERTIFICATE: is the test certificate of the stand-in');
    });
  });
});
