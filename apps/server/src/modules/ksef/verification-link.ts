import { constants, createHash, type KeyObject, sign } from 'node:crypto';

const { RSA_PKCS1_PSS_PADDING } = constants;

/** KSeF's environments (docs/kody-qr.md "Środowiska"): test, pre-production, production. */
export type KsefEnvironment = 'test' | 'demo' | 'production';

const QR_HOSTS: Record<KsefEnvironment, string> = {
  test: 'https://qr-test.ksef.mf.gov.pl',
  demo: 'https://qr-demo.ksef.mf.gov.pl',
  production: 'https://qr.ksef.mf.gov.pl',
};

/** The invoice file's SHA-256 in Base64URL (no padding): KSeF's "wyróżnik pliku faktury". */
export function invoiceHash(xml: string | Uint8Array): string {
  return createHash('sha256').update(xml).digest('base64url');
}

/**
 * KOD I, the verification link printed as a QR code on the invoice's visualisation (docs/kody-qr.md
 * §1): `<host>/invoice/<seller's NIP>/<issue date DD-MM-RRRR>/<SHA-256 of the XML, Base64URL>`.
 * `issueDate` is the invoice's `P_1`, `YYYY-MM-DD`; `hash` is what `invoiceHash` gives for the
 * exact bytes sent to KSeF.
 */
export function invoiceVerificationLink(
  environment: KsefEnvironment,
  sellerNip: string,
  issueDate: string,
  hash: string,
): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(issueDate);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: ${issueDate}`);
  const [, year, month, day] = match;
  return `${QR_HOSTS[environment]}/invoice/${sellerNip}/${day}-${month}-${year}/${hash}`;
}

/** The type of KSeF's login context (`ContextIdentifier`, docs/uwierzytelnianie.md). */
export type KsefContextType = 'Nip' | 'InternalId' | 'NipVatUe' | 'PeppolId';

/** What KOD II names (docs/kody-qr.md §2 "Generowanie linku"), in the link's order. */
export type CertificateLinkParts = {
  contextType: KsefContextType;
  contextId: string;
  sellerNip: string;
  /** The serial number of the issuer's KSeF certificate of type Offline, hex as KSeF gives it. */
  certificateSerial: string;
  /** `invoiceHash` of the XML as sent. */
  hash: string;
};

/**
 * The text KOD II's signature covers: the link without `https://` and without a trailing `/`,
 * `<host>/certificate/<context type>/<context id>/<seller's NIP>/<serial>/<hash>`.
 */
export function certificateLinkToSign(environment: KsefEnvironment, parts: CertificateLinkParts): string {
  const host = QR_HOSTS[environment].replace(/^https:\/\//, '');
  return `${host}/certificate/${parts.contextType}/${parts.contextId}/${parts.sellerNip}/${parts.certificateSerial}/${parts.hash}`;
}

/** KOD II's link: `https://` + the signed text + `/` + the signature in Base64URL. */
export function certificateVerificationLink(
  environment: KsefEnvironment,
  parts: CertificateLinkParts,
  signature: string,
): string {
  return `https://${certificateLinkToSign(environment, parts)}/${signature}`;
}

/**
 * The signature of KOD II's text with the Offline certificate's private key, Base64URL (docs/kody-qr.md
 * §2 "Algorytmy podpisu"): RSASSA-PSS with SHA-256, MGF1 SHA-256 and a 32-byte salt, or ECDSA P-256
 * with SHA-256 in IEEE P1363 form (R || S, 32 bytes each: the guide's recommended form).
 */
export function signCertificateLink(text: string, privateKey: KeyObject): string {
  const data = Buffer.from(text, 'utf8');
  if (privateKey.asymmetricKeyType === 'rsa') {
    return sign('sha256', data, {
      key: privateKey,
      padding: RSA_PKCS1_PSS_PADDING,
      saltLength: 32,
    }).toString('base64url');
  }
  if (privateKey.asymmetricKeyType === 'ec' && privateKey.asymmetricKeyDetails?.namedCurve === 'prime256v1') {
    return sign('sha256', data, { key: privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url');
  }
  throw new RangeError('KOD II is signed with an RSA or an ECDSA P-256 key');
}

/** KOD II, built and signed: the link printed under "CERTYFIKAT" on an offline invoice's PDF. */
export function signedCertificateVerificationLink(
  environment: KsefEnvironment,
  parts: CertificateLinkParts,
  privateKey: KeyObject,
): string {
  return certificateVerificationLink(
    environment,
    parts,
    signCertificateLink(certificateLinkToSign(environment, parts), privateKey),
  );
}
