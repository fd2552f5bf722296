/**
 * The consent history (issue 31): one row per change of one consent flag, never rewritten. The
 * member reads their own (account screens); staff read it on the member in the console.
 */
import { z } from 'zod';
import { CONSENT_ACTORS, CONSENT_SOURCES } from '../consents';
import { CONSENT_KEYS } from './account';

export const ZConsentEvent = z.strictObject({
  id: z.number().int(),
  consent: z.enum(CONSENT_KEYS),
  given: z.boolean(),
  actor: z.enum(CONSENT_ACTORS),
  source: z.enum(CONSENT_SOURCES),
  /** The wording's version shown at that moment (packages/shared/src/consents.ts); null when not known. */
  wording_version: z.string().nullable(),
  /** A row of the migration that started the history: the state then, not a change the member made then. */
  backfill: z.boolean(),
  at: z.string(),
});
export type TConsentEvent = z.infer<typeof ZConsentEvent>;
