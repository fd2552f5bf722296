import { createHash } from 'node:crypto';

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
