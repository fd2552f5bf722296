/**
 * The member's copy of their own data (RODO art. 15 and 20; issue 31, docs/privacy.md "The member's
 * export"): asked for on the account's "My data" screen, built in the background, downloaded once
 * per file as JSON (machine-readable) and as a readable HTML document in the member's language.
 */
import { z } from 'zod';

/** QUEUED → BUILDING → READY → EXPIRED (its files emptied); FAILED after the last attempt. */
export const PRIVACY_EXPORT_STATUSES = ['QUEUED', 'BUILDING', 'READY', 'EXPIRED', 'FAILED'] as const;
export type PrivacyExportStatus = (typeof PRIVACY_EXPORT_STATUSES)[number];

/** json: every field, for another service (art. 20); html: the same, readable, in the member's language. */
export const PRIVACY_EXPORT_FORMATS = ['json', 'html'] as const;
export type PrivacyExportFormat = (typeof PRIVACY_EXPORT_FORMATS)[number];

export const ZPrivacyExportFile = z.strictObject({
  format: z.enum(PRIVACY_EXPORT_FORMATS),
  bytes: z.number().int(),
  /** When it was downloaded (each file downloads once); null while it waits. */
  downloaded_at: z.string().nullable(),
});

export const ZPrivacyExport = z.strictObject({
  id: z.number().int(),
  status: z.enum(PRIVACY_EXPORT_STATUSES),
  requested_at: z.string(),
  ready_at: z.string().nullable(),
  /** Until when the files can be downloaded (set when ready). */
  expires_at: z.string().nullable(),
  /** Empty until ready; emptied contents keep their row (downloaded_at says which). */
  files: z.array(ZPrivacyExportFile),
});
export type TPrivacyExport = z.infer<typeof ZPrivacyExport>;

/** What the "My data" screen shows: the member's latest export, if any. */
export const ZPrivacyExportState = z.strictObject({
  export: ZPrivacyExport.nullable(),
  /** How long a ready copy stays downloadable (PRIVACY_EXPORT_HOURS), for the screen's wording. */
  keep_hours: z.number(),
});
export type TPrivacyExportState = z.infer<typeof ZPrivacyExportState>;

export const ZPrivacyExportFileParams = z.strictObject({
  id: z.coerce.number<string>().int().min(1).max(2_147_483_647),
  format: z.enum(PRIVACY_EXPORT_FORMATS, { error: 'validation.wrongValue' }),
});

/** A download link: single use, short-lived, for the session that asked for it. */
export const ZPrivacyExportLink = z.strictObject({ url: z.string(), expires_at: z.string() });

export const ZPrivacyExportTokenParams = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'validation.wrongValue'),
});
