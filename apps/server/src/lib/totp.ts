import { RECOVERY_CODES_COUNT, TOTP_DIGITS } from '@club/shared';
import { generateSecret, generateSync, generateURI, verifySync } from 'otplib';
import { randomInt } from 'node:crypto';
import { sha256 } from './tokens';

/**
 * Staff's second factor (docs/console.md): RFC 6238 TOTP through otplib (SHA-1, 6 digits, 30 s, one
 * step of tolerance either side), each accepted step remembered so that a code works only once.
 */
export const TOTP_PERIOD_S = 30;
const ISSUER = 'Excellence Club';

export const newTotpSecret = (): string => generateSecret();

/** The otpauth:// address an authenticator app reads from the QR code. */
export const totpUri = (secret: string, email: string): string =>
  generateURI({ issuer: ISSUER, label: email, secret, digits: TOTP_DIGITS, period: TOTP_PERIOD_S });

/** The code of now (or of `at`): tests, the demo and the staff:create command use it. */
export const totpCode = (secret: string, at: Date = new Date()): string =>
  generateSync({
    secret,
    epoch: Math.floor(at.getTime() / 1000),
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
  });

/**
 * The time step the code belongs to when it is valid now and later than `lastStep` (a replayed code
 * is refused), or null.
 */
export function verifyTotp(secret: string, code: string, lastStep: number | null): number | null {
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) return null;
  try {
    const result = verifySync({
      secret,
      token: code,
      digits: TOTP_DIGITS,
      period: TOTP_PERIOD_S,
      epochTolerance: TOTP_PERIOD_S,
      ...(lastStep !== null ? { afterTimeStep: lastStep } : {}),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

/** Recovery codes: 10 characters of an unambiguous alphabet, shown as xxxxx-xxxxx. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export function newRecoveryCodes(count = RECOVERY_CODES_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What is stored of a recovery code: the hash of its normalised form (case, spaces and dashes ignored). */
export const recoveryCodeHash = (code: string): string =>
  sha256(`recovery:${code.toLowerCase().replace(/[\s-]/g, '')}`);

export const looksLikeRecoveryCode = (code: string): boolean =>
  /^[a-z0-9]{10}$/i.test(code.replace(/[\s-]/g, '')) && !/^\d+$/.test(code);
