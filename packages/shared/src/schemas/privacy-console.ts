/**
 * What staff see of a member or dealer in the console (issue 31): who they are, their consents with
 * the history, and a dealer's bonus data with the PESEL masked. Staff-only: kept out of the members'
 * first chunk (its own module, never exported from the package's index).
 */
import { z } from 'zod';
import { ZConsentEvent } from './privacy';

const ZMemberType = z.enum(['CUSTOMER', 'DEALER']);

export const ZConsoleMemberQuery = z.object({
  search: z.string({ error: 'validation.required' }).trim().min(2).max(100),
});

export const ZConsoleMemberRow = z.strictObject({
  id: z.number().int(),
  type: ZMemberType,
  name: z.string(),
  surname: z.string(),
  email: z.string(),
});
export type TConsoleMemberRow = z.infer<typeof ZConsoleMemberRow>;

export const ZConsoleBonus = z.strictObject({
  joined_at: z.string(),
  taxation_form: z.enum(['PIT-11', 'JDG']),
  tax_office: z.string().nullable(),
  tax_number: z.string().nullable(),
  /** Only the last digits (`********123`); the whole number only through the audited reveal. */
  pesel_masked: z.string().nullable(),
});

export const ZConsoleMember = z.strictObject({
  ...ZConsoleMemberRow.shape,
  created_at: z.string(),
  consents: z.record(z.string(), z.boolean()),
  consent_history: z.array(ZConsentEvent),
  bonus: ZConsoleBonus.nullish(),
});
export type TConsoleMember = z.infer<typeof ZConsoleMember>;

export const ZRevealedPesel = z.strictObject({ pesel: z.string() });
