import { createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto';

/**
 * The issuer's KSeF certificate of type Offline as the server holds it (docs/ksef.md, "KOD II"): the
 * serial number KOD II names and the private key that signs it. Loaded once at start from the
 * configuration; anything wrong with it is a start-up error with the reason, never a broken PDF later.
 */
export type OfflineCertificate = { serialNumber: string; privateKey: KeyObject };

/** What is wrong, and with which part: the key, the certificate, or its serial number. */
export class OfflineCertificateError extends Error {
  constructor(
    readonly part: 'key' | 'certificate' | 'serial',
    message: string,
  ) {
    super(message);
  }
}

/** PEM text from an environment variable: real newlines, or `\n` written out (one-line env files). */
const pemOf = (value: string) => value.replace(/\\n/g, '\n').trim();

/**
 * A serial as KSeF writes it (`certificateSerialNumber`, `^[0-9A-F]{16}$` in the API; the guide's
 * `01F20A5D352AE590`): upper-case hex, 16 digits with its leading zeros.
 */
const serialOf = (hex: string) => hex.replace(/[:\s]/g, '').toUpperCase().padStart(16, '0');

/**
 * Checks and loads the certificate (PEM, or only its serial number as KSeF lists it) and its private
 * key (PEM, PKCS#8, PKCS#1 or SEC1, optionally encrypted with `passphrase`): an RSA key of at least
 * 2048 bits or an ECDSA P-256 key (the guide's two algorithms), matching the certificate, which has
 * not expired. Throws `OfflineCertificateError` with a sentence for the operator; the key's text is
 * never in it.
 */
export function loadOfflineCertificate(input: {
  certificate?: string | undefined;
  serialNumber?: string | undefined;
  privateKey: string;
  passphrase?: string | undefined;
  now?: Date;
}): OfflineCertificate {
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey({
      key: pemOf(input.privateKey),
      format: 'pem',
      ...(input.passphrase ? { passphrase: input.passphrase } : {}),
    });
  } catch {
    throw new OfflineCertificateError(
      'key',
      'is not a readable PEM private key (or its passphrase is wrong): give the key of the KSeF Offline certificate',
    );
  }
  const details = privateKey.asymmetricKeyDetails;
  const rsa = privateKey.asymmetricKeyType === 'rsa' && (details?.modulusLength ?? 0) >= 2048;
  const p256 = privateKey.asymmetricKeyType === 'ec' && details?.namedCurve === 'prime256v1';
  if (!rsa && !p256)
    throw new OfflineCertificateError(
      'key',
      'must be an RSA key of at least 2048 bits or an ECDSA P-256 key, the algorithms KSeF accepts for KOD II',
    );
  if (input.certificate) {
    let certificate: X509Certificate;
    try {
      certificate = new X509Certificate(pemOf(input.certificate));
    } catch {
      throw new OfflineCertificateError('certificate', 'is not a readable PEM X.509 certificate');
    }
    if (!certificate.checkPrivateKey(privateKey))
      throw new OfflineCertificateError(
        'certificate',
        "is not the private key's (their public keys differ): give the key the certificate was enrolled with",
      );
    if (new Date(certificate.validTo).getTime() < (input.now ?? new Date()).getTime())
      throw new OfflineCertificateError('certificate', `expired on ${certificate.validTo}; enrol a new one`);
    return { serialNumber: serialOf(certificate.serialNumber), privateKey };
  }
  if (!input.serialNumber || !/^[0-9A-F]{1,16}$/.test(input.serialNumber.replace(/[:\s]/g, '').toUpperCase()))
    throw new OfflineCertificateError(
      'serial',
      "must be the certificate's serial number as KSeF lists it (16 hexadecimal digits)",
    );
  return { serialNumber: serialOf(input.serialNumber), privateKey };
}
