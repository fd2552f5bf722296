import { type SQL, sql } from 'drizzle-orm';
import { users } from '../db/schema';
import { CLUB_MEMBERSHIP_YEARS } from '@club/shared';

/** Customers registered for the EXISTING path have no e-mail until they give it on the terms page. */
export const PENDING_EMAIL_DOMAIN = 'pending.invalid';
export const isPendingEmail = (email: string): boolean =>
  email.toLowerCase().endsWith(`@${PENDING_EMAIL_DOMAIN}`);

/** Two years (SPEC.md §9) after the car's delivery date, or after today when it is not known. */
export function cardValidTo(vehicleIssue: string | null, today = new Date()): string {
  const base = vehicleIssue ? new Date(`${vehicleIssue}T00:00:00Z`) : today;
  const d = new Date(
    Date.UTC(base.getUTCFullYear() + CLUB_MEMBERSHIP_YEARS, base.getUTCMonth(), base.getUTCDate()),
  );
  return d.toISOString().slice(0, 10);
}

/** Club card number: EC-<year>-<100000 + user id>, unique by construction. */
export const clubCardNumber = (userId: number, today = new Date()) =>
  `EC-${today.getUTCFullYear()}-${String(100000 + userId).padStart(6, '0')}`;

/** The account whose club card number is `text`, in any case (as the gate and the console find it). */
export const hasCardNumber = (text: string): SQL =>
  sql`upper(${users.cardNumber}) = ${text.trim().toUpperCase()}`;
