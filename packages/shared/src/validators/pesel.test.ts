import { describe, expect, it } from 'vitest';
import { isValidPesel } from './pesel';

describe('PESEL', () => {
  it('accepts valid numbers of the 1900s and 2000s', () => {
    expect(isValidPesel('44051401359')).toBe(true); // 1944-05-14
    expect(isValidPesel('02220803629')).toBe(true); // 2002-02-08 (month + 20)
  });

  it('refuses a wrong checksum', () => {
    expect(isValidPesel('44051401358')).toBe(false);
  });

  it('refuses an impossible birth date even with a matching checksum', () => {
    // 1944-02-30: the checksum digit is computed so that only the date is wrong
    const base = '4402300135';
    const weights = [1, 3, 7, 9, 1, 3, 7, 9, 1, 3];
    const sum = weights.reduce((acc, w, i) => acc + w * Number(base[i]), 0);
    expect(isValidPesel(`${base}${(10 - (sum % 10)) % 10}`)).toBe(false);
  });

  it('refuses a wrong length, letters and separators', () => {
    expect(isValidPesel('4405140135')).toBe(false);
    expect(isValidPesel('440514013590')).toBe(false);
    expect(isValidPesel('4405140135a')).toBe(false);
    expect(isValidPesel('440514 01359')).toBe(false);
    expect(isValidPesel('')).toBe(false);
  });
});
