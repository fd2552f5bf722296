import { describe, expect, it } from 'vitest';
import { isValidVin } from './vin';

describe('VIN', () => {
  it('accepts 17 digits and capital letters', () => {
    expect(isValidVin('WBA7E2C55HG000001')).toBe(true);
    expect(isValidVin('1HGCM82633A004352')).toBe(true);
  });

  it('accepts lower case (it is upper-cased before the check)', () => {
    expect(isValidVin('wba7e2c55hg000001')).toBe(true);
  });

  it('refuses I, O and Q', () => {
    expect(isValidVin('WBA7E2C55HG00000I')).toBe(false);
    expect(isValidVin('WBA7E2C55HG00000O')).toBe(false);
    expect(isValidVin('WBA7E2C55HG00000Q')).toBe(false);
  });

  it('refuses a wrong length and other characters', () => {
    expect(isValidVin('WBA7E2C55HG00000')).toBe(false);
    expect(isValidVin('WBA7E2C55HG0000012')).toBe(false);
    expect(isValidVin('WBA7E2C55HG-00001')).toBe(false);
    expect(isValidVin('')).toBe(false);
  });
});
