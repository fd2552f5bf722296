import { VIN_LENGTH } from '../constants';

/** A 17-character VIN: digits and capital letters without I, O and Q (ISO 3779). */
export const isValidVin = (value: string): boolean =>
  new RegExp(`^[A-HJ-NPR-Z0-9]{${VIN_LENGTH}}$`).test(value.toUpperCase());
