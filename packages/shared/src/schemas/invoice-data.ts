import { isValidNip, normaliseNip } from '../validators/nip';

/**
 * What KSeF would refuse in a buyer's invoice data, refused when it is typed (issue 30, docs/invoices.md
 * "Invoice data that KSeF would refuse"). The limits are FA(3)'s own, from
 * `apps/server/src/modules/ksef/schemas/schemat_FA(3)_v1-0E.xsd` and its base types (a server test reads
 * them back from the XSD, so a new version of the format that tightens one fails it):
 *
 * - `Podmiot2/DaneIdentyfikacyjne/Nazwa`: `TZnakowy512` (1–512 characters);
 * - `Adres/AdresL1`, `AdresL2`: `TZnakowy512` each; the club writes street, building and flat on the
 *   first line and the postal code and city on the second, so the form's limits below add up to far
 *   less than 512 on each line;
 * - `NIP`: `TNrNIP`, `[1-9]((\d[1-9])|([1-9]\d))\d{7}` (no leading zero, no "00" after the first
 *   digit): stricter than the checksum alone, "0000000000" has a valid checksum and is refused;
 * - `NrVatUE`: `TNrVatUE`, `(\d|[A-Z]|\+|\*){1,12}`, the number without its country prefix;
 * - `NrID` (a buyer outside the EU): `TZnakowy50`.
 *
 * XML 1.0 cannot carry control characters at all, so none is accepted in any field.
 */
export const FA3_LIMITS = {
  name: 512,
  addressLine: 512,
  vatUeNumber: 12,
  foreignTaxId: 50,
} as const;

/** The invoice form's own limits (what a person needs), each well inside FA(3)'s. */
export const INVOICE_FIELD_MAX = {
  company: 200,
  street: 120,
  building: 20,
  flat: 20,
  postCode: 12,
  city: 80,
  taxNumber: 30,
} as const;

/** `TNrNIP` of the base types. */
export const KSEF_NIP_PATTERN = /^[1-9]((\d[1-9])|([1-9]\d))\d{7}$/;
/** `TNrVatUE` of FA(3). */
export const KSEF_VAT_UE_PATTERN = /^[0-9A-Z+*]{1,12}$/;
/** `TKodyKrajowUE` of FA(3): the prefixes a buyer's EU VAT number is sent under. */
export const KSEF_EU_PREFIXES: ReadonlySet<string> = new Set([
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'EL',
  'HR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
  'XI',
]);

/** Any control character (XML 1.0 refuses them; tabs and line breaks have no place in one line either). */
const CONTROL = /\p{Cc}/u;
export const hasNoControlCharacters = (v: string | null) => v === null || !CONTROL.test(v);

/** A Polish NIP KSeF accepts: the checksum and FA(3)'s pattern. */
export function isKsefNip(value: string): boolean {
  return isValidNip(value) && KSEF_NIP_PATTERN.test(normaliseNip(value));
}

/** Polish postal code, `00-000`; five digits without the dash are accepted and given one. */
export const POLISH_POST_CODE = /^\d{2}-\d{3}$/;
export function normalisePolishPostCode(value: string): string {
  const v = value.trim();
  return /^\d{5}$/.test(v) ? `${v.slice(0, 2)}-${v.slice(2)}` : v;
}

/** A foreign VAT number as FA(3) wants it: capitals and digits, without spaces, dots or dashes. */
export function normaliseVatNumber(value: string): string {
  return value.replace(/[\s.-]/g, '').toUpperCase();
}

/**
 * The problem (a validation key) of a tax number under its prefix, or null: a Polish NIP, an EU VAT
 * number of FA(3)'s pattern (the prefix is chosen apart, so a number typed with it loses it), or a
 * foreign tax id as typed.
 */
export function taxNumberIssue(prefix: string, value: string): string | null {
  if (prefix === 'PL') return isKsefNip(value) ? null : 'validation.nip';
  if (KSEF_EU_PREFIXES.has(prefix)) {
    const bare = stripPrefix(prefix, normaliseVatNumber(value));
    return KSEF_VAT_UE_PATTERN.test(bare) ? null : 'validation.vatUeNumber';
  }
  // Outside the EU FA(3) takes any id of up to 50 characters (NrID); the form allows 30.
  return null;
}

function stripPrefix(prefix: string, value: string) {
  return value.startsWith(prefix) && value.length > prefix.length ? value.slice(prefix.length) : value;
}

/** The stored form of a tax number: bare digits for a NIP, the bare EU number, a foreign id as typed. */
export function normaliseTaxNumber(prefix: string, value: string): string {
  if (prefix === 'PL') return normaliseNip(value);
  if (KSEF_EU_PREFIXES.has(prefix)) return stripPrefix(prefix, normaliseVatNumber(value));
  return value;
}
