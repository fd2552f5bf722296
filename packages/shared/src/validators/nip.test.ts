import { describe, expect, it } from 'vitest';
import { isValidNip, normaliseNip } from './nip';

describe('NIP (SPEC.md §5: weights 6,5,7,2,3,4,5,6,7, sum mod 11 = 10th digit)', () => {
  it('accepts a valid number', () => {
    expect(isValidNip('5260250274')).toBe(true);
  });

  it('ignores spaces and dashes', () => {
    expect(isValidNip('526-025-02-74')).toBe(true);
    expect(isValidNip('526 025 02 74')).toBe(true);
    expect(isValidNip(' 526-02-50-274 ')).toBe(true);
    expect(normaliseNip('526-025 02-74')).toBe('5260250274');
  });

  it('refuses a wrong checksum', () => {
    expect(isValidNip('5260250275')).toBe(false);
    expect(isValidNip('5260250270')).toBe(false);
  });

  it('refuses every number whose checksum is 10 (no digit can match)', () => {
    // 1·6 + 2·5 + 3·7 + 4·2 + 5·3 + 6·4 + 7·5 + 8·6 + 9·7 = 230, 230 mod 11 = 10
    for (let d = 0; d <= 9; d++) expect(isValidNip(`123456789${d}`)).toBe(false);
  });

  it('refuses a wrong length', () => {
    expect(isValidNip('526025027')).toBe(false);
    expect(isValidNip('52602502740')).toBe(false);
    expect(isValidNip('')).toBe(false);
  });

  it('refuses letters and other characters', () => {
    expect(isValidNip('PL5260250274')).toBe(false);
    expect(isValidNip('526025027a')).toBe(false);
    expect(isValidNip('526.025.02.74')).toBe(false);
  });
});
