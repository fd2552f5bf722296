/** KSeF, the national e-invoicing system (issue 30, docs/ksef.md): each invoice's way there. */
import { z } from 'zod';
import { FA3_LIMITS, hasNoControlCharacters, normaliseTaxNumber, taxNumberIssue } from './invoice-data';

/** Waiting to be sent, issued offline while KSeF was down, accepted (with its number), rejected. */
export const KSEF_STATES = ['WAITING', 'OFFLINE', 'ACCEPTED', 'REJECTED'] as const;
export type KsefState = (typeof KSEF_STATES)[number];

export const ZKsefStatus = z.strictObject({
  state: z.enum(KSEF_STATES),
  /** The KSeF number once KSeF accepted the invoice. */
  number: z.string().nullable(),
  /** KSeF's code and reason of a refusal, or of the last failure to reach it. */
  error_code: z.number().int().nullable(),
  error_reason: z.string().nullable(),
  attempts: z.number().int(),
  accepted_at: z.string().nullable(),
  /** Whether the FA(3) XML exists (a correction waiting for its invoice's KSeF number has none yet). */
  xml: z.boolean(),
  /**
   * An invoice issued offline (KSeF unavailable): the last day it may reach KSeF, the next working
   * day after its issue date (offline24, art. 106nda of the VAT act); null otherwise.
   */
  offline_deadline: z.string().nullable(),
});
export type TKsefStatus = z.infer<typeof ZKsefStatus>;

const line = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(max, { error: 'validation.tooLong' })
    .refine(hasNoControlCharacters, { error: 'validation.wrongValue' });

/**
 * A rejected invoice sent to KSeF again, with the buyer's data fixed when that was KSeF's reason (an
 * invoice KSeF refused was never issued in KSeF, so its data may still change); without `buyer`, the
 * same document is sent again (KSeF was the cause).
 */
export const ZKsefResend = z.object({
  buyer: z
    .object({
      name: line(FA3_LIMITS.name),
      /** `PL` for a Polish NIP, another EU country's VAT prefix, or another country's code. */
      tax_prefix: z
        .string({ error: 'validation.required' })
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{2}$/, { error: 'validation.wrongValue' })
        .default('PL'),
      tax_number: line(30),
      /** Street, building and flat. */
      address_1: line(200),
      /** Postal code and city. */
      address_2: line(200),
    })
    .superRefine((b, ctx) => {
      const issue = taxNumberIssue(b.tax_prefix, b.tax_number);
      if (issue) ctx.addIssue({ code: 'custom', path: ['tax_number'], message: issue });
    })
    .transform((b) => ({ ...b, tax_number: normaliseTaxNumber(b.tax_prefix, b.tax_number) }))
    .optional(),
});
export type TKsefResend = z.input<typeof ZKsefResend>;

/** Tests only: the served stand-in's behaviour (refuse with KSeF's code and reason, be down, be slow). */
export const ZKsefStandInControl = z.object({
  unavailable: z.boolean().optional(),
  delay_ms: z.number().int().min(0).max(30_000).optional(),
  refuse: z
    .object({
      code: z.number().int().min(300).max(999),
      reason: z.string().min(1).max(500),
      /** Only the invoice of this number (browser tests run side by side). */
      invoice_number: z.string().max(40).optional(),
    })
    .nullable()
    .optional(),
});
