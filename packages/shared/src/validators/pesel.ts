import { PESEL_DIGITS } from '../constants';

const WEIGHTS = [1, 3, 7, 9, 1, 3, 7, 9, 1, 3];

/** PESEL: 11 digits, a valid birth date and the checksum (10 − Σ(d_i × w_i) mod 10) mod 10. */
export function isValidPesel(value: string): boolean {
  if (!new RegExp(`^\\d{${PESEL_DIGITS}}$`).test(value)) return false;
  const d = value.split('').map(Number);
  const sum = WEIGHTS.reduce((acc, w, i) => acc + w * (d[i] ?? 0), 0);
  if ((10 - (sum % 10)) % 10 !== d[10]) return false;
  const yy = (d[0] ?? 0) * 10 + (d[1] ?? 0);
  const mmRaw = (d[2] ?? 0) * 10 + (d[3] ?? 0);
  const dd = (d[4] ?? 0) * 10 + (d[5] ?? 0);
  const century = [1900, 2000, 2100, 2200, 1800][Math.floor(mmRaw / 20)];
  const month = mmRaw % 20;
  if (century === undefined || month < 1 || month > 12) return false;
  const date = new Date(Date.UTC(century + yy, month - 1, dd));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === dd;
}
