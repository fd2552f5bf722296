import { describe, expect, it } from 'vitest';
import { checkPhone, formatPhone, PHONE_RAW_MAX, phoneCountries, prefixForCountry } from './phone';

describe('phone checks (SPEC.md §5 phone widget)', () => {
  it('accepts a Polish mobile number and returns E.164', () => {
    expect(checkPhone('601234567', 'PL')).toEqual({ ok: true, e164: '+48601234567' });
    expect(checkPhone('601 234 567', 'PL')).toEqual({ ok: true, e164: '+48601234567' });
    expect(checkPhone('7400123456', 'GB')).toEqual({ ok: true, e164: '+447400123456' });
  });

  it('refuses a number of another country than the selected one', () => {
    expect(checkPhone('+44 7400 123456', 'PL')).toEqual({ ok: false, error: 'INVALID_COUNTRY' });
  });

  it('refuses an unknown country', () => {
    expect(checkPhone('601234567', 'XX')).toEqual({ ok: false, error: 'INVALID_COUNTRY' });
  });

  it('national number: 2 to 17 digits', () => {
    expect(checkPhone('1', 'PL')).toEqual({ ok: false, error: 'TOO_SHORT' });
    expect(checkPhone('abc', 'PL')).toEqual({ ok: false, error: 'TOO_SHORT' });
    expect(checkPhone('1'.repeat(18), 'PL')).toEqual({ ok: false, error: 'TOO_LONG' });
  });

  it('raw text up to 250 characters', () => {
    expect(checkPhone(' '.repeat(PHONE_RAW_MAX + 1), 'PL')).toEqual({ ok: false, error: 'TOO_LONG' });
  });

  it('refuses a number that does not fit the country', () => {
    expect(checkPhone('6012345678901', 'PL').ok).toBe(false);
  });

  it('knows the calling codes', () => {
    expect(prefixForCountry('PL')).toBe('+48');
    expect(prefixForCountry('GB')).toBe('+44');
    expect(prefixForCountry('XX')).toBeNull();
    expect(phoneCountries()).toContainEqual({ country: 'PL', prefix: '+48' });
  });
});

describe('formatPhone (issue 28: the console shows phones with their "+")', () => {
  it('formats a stored calling code and national number internationally', () => {
    expect(formatPhone('48', '601234567')).toBe('+48 601 234 567');
    expect(formatPhone('44', '7400123456')).toBe('+44 7400 123456');
  });
  it('keeps an unparsable number readable with its "+" and gives null for none', () => {
    expect(formatPhone('48', '12')).toBe('+48 12');
    expect(formatPhone('48', null)).toBeNull();
    expect(formatPhone(null, '')).toBeNull();
  });
});
