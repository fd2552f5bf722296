/**
 * What staff see of a member or dealer in the console (issue 31): who they are, their consents with
 * the history, and a dealer's bonus data with the PESEL masked. Staff-only: kept out of the members'
 * first chunk (its own module, never exported from the package's index).
 */
import { z } from 'zod';
import { requiredText } from './common';
import { ZConsentEvent } from './privacy';
import { PRIVACY_EXPORT_STATUSES } from './privacy-export';

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

/** A gallery photo tagged as showing the member (issue 31): removing the account deletes it. */
export const ZConsoleMemberPhoto = z.strictObject({
  photo_id: z.number().int(),
  gallery_id: z.number().int(),
  gallery_name_pl: z.string(),
  gallery_name_en: z.string(),
  caption_pl: z.string(),
  caption_en: z.string(),
  file_url: z.string(),
  srcset: z.string().nullable(),
});
export type TConsoleMemberPhoto = z.infer<typeof ZConsoleMemberPhoto>;

export const ZConsoleMember = z.strictObject({
  ...ZConsoleMemberRow.shape,
  created_at: z.string(),
  consents: z.record(z.string(), z.boolean()),
  consent_history: z.array(ZConsentEvent),
  bonus: ZConsoleBonus.nullish(),
  /** The gallery photos staff tagged as showing the member. */
  photos: z.array(ZConsoleMemberPhoto),
});
export type TConsoleMember = z.infer<typeof ZConsoleMember>;

export const ZRevealedPesel = z.strictObject({ pesel: z.string() });

/**
 * A member's written request, for removing their account (issue 31, docs/privacy.md "Erasure") or for
 * a copy of their data staff start for them (RODO art. 15, "Started by staff"): the request's reference (the letter's or the mail's number in the club's register of requests) goes
 * to the audit log, never the person's name.
 */
export const ZWrittenRequestBody = z.strictObject({
  request: requiredText(120)
    .pipe(z.string().min(3))
    // No control character (PostgreSQL's text cannot hold a NUL): refused here, never a 500 there.
    .refine((v) => [...v].every((ch) => ch.charCodeAt(0) >= 32), { error: 'validation.wrongValue' }),
});
export type TWrittenRequestBody = z.infer<typeof ZWrittenRequestBody>;

export const ZRemovedMember = z.strictObject({ removed: z.literal(true) });

/**
 * An export staff start for a member who asked by letter: staff get the job's state, never a link or a
 * file: the copy goes to the member.
 */
export const ZStaffExport = z.strictObject({
  id: z.number().int(),
  status: z.enum(PRIVACY_EXPORT_STATUSES),
  requested_at: z.string(),
  /** The member's language: the mail and the readable copy are in it. */
  language: z.enum(['pl', 'en']),
});

/** The retention job's rules in the order it applies them (the keys of a run's counts). */
export const RETENTION_RULES = [
  'invoice_orders',
  'outbox_bodies',
  'audit_addresses',
  'unaccepted_customers',
  'consent_proofs',
  'sessions',
  'tokens',
  'rate_limits',
] as const;

/** The retention job as staff see it: its periods and what its last run did. */
export const ZRetentionStatus = z.strictObject({
  interval_minutes: z.number().int(),
  periods: z.strictObject({
    outbox_body_days: z.number().int(),
    audit_address_months: z.number().int(),
    dealer_customer_unaccepted_days: z.number().int(),
    consent_proof_years: z.number().int(),
    invoice_retention_years: z.number().int(),
  }),
  last_run: z
    .strictObject({
      started_at: z.string(),
      finished_at: z.string(),
      counts: z.record(z.string(), z.number().int()),
    })
    .nullish(),
});
export type TRetentionStatus = z.infer<typeof ZRetentionStatus>;
