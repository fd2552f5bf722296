import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
  parsePhoneNumberWithError,
  ParseError,
} from 'libphonenumber-js/min';

export type PhoneParseError = 'NOT_A_NUMBER' | 'INVALID_COUNTRY' | 'TOO_SHORT' | 'TOO_LONG';

export const PHONE_RAW_MAX = 250;

/** Countries offered by the phone picker, with their calling code ("+48"). */
export function phoneCountries(): { country: CountryCode; prefix: string }[] {
  return getCountries().map((country) => ({
    country,
    prefix: `+${getCountryCallingCode(country)}`,
  }));
}

export function prefixForCountry(country: string): string | null {
  return isSupportedCountry(country) ? `+${getCountryCallingCode(country)}` : null;
}

/** Checks a national number against the chosen country (SPEC.md §5 phone widget). */
export function checkPhone(
  raw: string,
  country: string,
): { ok: true; e164: string } | { ok: false; error: PhoneParseError | 'INVALID' } {
  if (raw.length > PHONE_RAW_MAX) return { ok: false, error: 'TOO_LONG' };
  if (!isSupportedCountry(country)) return { ok: false, error: 'INVALID_COUNTRY' };
  const digits = raw.replace(/\D/g, '');
  if (digits.length < 2) return { ok: false, error: 'TOO_SHORT' };
  if (digits.length > 17) return { ok: false, error: 'TOO_LONG' };
  try {
    const phone = parsePhoneNumberWithError(raw, country as CountryCode);
    if (phone.country && phone.country !== country) return { ok: false, error: 'INVALID_COUNTRY' };
    return phone.isValid() ? { ok: true, e164: phone.number } : { ok: false, error: 'INVALID' };
  } catch (error) {
    if (error instanceof ParseError) return { ok: false, error: error.message as PhoneParseError };
    return { ok: false, error: 'NOT_A_NUMBER' };
  }
}

/**
 * A stored phone (calling code without "+", national number) as people read it: "+48 601 234 567"
 * (libphonenumber's international format); a number it cannot parse keeps its digits after "+code".
 */
export function formatPhone(
  prefix: string | null | undefined,
  national: string | null | undefined,
): string | null {
  const number = (national ?? '').trim();
  if (!number) return null;
  const code = (prefix ?? '').replace(/\D/g, '');
  if (!code)
    return number.startsWith('+')
      ? (parsePhoneNumberFromString(number)?.formatInternational() ?? number)
      : number;
  const parsed = parsePhoneNumberFromString(`+${code}${number.replace(/\D/g, '')}`);
  return parsed?.isPossible() ? parsed.formatInternational() : `+${code} ${number}`;
}
