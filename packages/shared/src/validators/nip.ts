import { NIP_DIGITS, NIP_WEIGHTS } from '../constants';

/** Polish NIP: 10 digits, spaces and dashes ignored, checksum Σ(d_i × w_i) mod 11 = d_10. */
export function normaliseNip(value: string): string {
  return value.replace(/[\s-]/g, '');
}

export function isValidNip(value: string): boolean {
  const digits = normaliseNip(value);
  if (!new RegExp(`^\\d{${NIP_DIGITS}}$`).test(digits)) return false;
  const sum = NIP_WEIGHTS.reduce((acc, w, i) => acc + w * Number(digits[i]), 0);
  const check = sum % 11;
  return check !== 10 && check === Number(digits[9]);
}
