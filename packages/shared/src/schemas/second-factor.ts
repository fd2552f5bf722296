/**
 * The staff's second sign-in step (docs/console.md): the code, the enrolment and its confirmation.
 * Apart from schemas/auth.ts so that members' and dealers' first page does not carry them; the
 * console and the server import them from here.
 */
import { z } from 'zod';
import { ZSessionUser } from './auth';
import { afterEarlier } from './common';

const challenge = () => z.string().min(10, { error: 'validation.required' }).max(200);

export const ZSecondFactorCode = z.object({
  challenge: challenge(),
  /** A six-digit TOTP code, or a recovery code (xxxxx-xxxxx). */
  code: z
    .string()
    .trim()
    .min(1, { error: 'validation.required' })
    .max(20, { error: 'validation.invalidCode', ...afterEarlier })
    .regex(/^(\d{6}|[A-Za-z0-9]{5}[\s-]?[A-Za-z0-9]{5})$/, {
      error: 'validation.invalidCode',
      ...afterEarlier,
    }),
});
export type TSecondFactorCode = z.infer<typeof ZSecondFactorCode>;

export const ZEnrolmentStart = z.object({ challenge: challenge() });
/** The secret to enrol: the QR code is drawn from `uri` on the page, `secret` is for typing it in. */
export const ZEnrolment = z.strictObject({ secret: z.string(), uri: z.string() });
export type TEnrolment = z.output<typeof ZEnrolment>;

export const ZEnrolmentConfirm = z.object({
  challenge: challenge(),
  code: z
    .string()
    .trim()
    .min(1, { error: 'validation.required' })
    .regex(/^\d{6}$/, { error: 'validation.invalidCode', ...afterEarlier }),
});
export type TEnrolmentConfirm = z.infer<typeof ZEnrolmentConfirm>;
/** Enrolment done: the session user, and the recovery codes (shown once, never again). */
export const ZEnrolmentDone = z.strictObject({
  user: ZSessionUser,
  recovery_codes: z.array(z.string()),
});
export type TEnrolmentDone = z.output<typeof ZEnrolmentDone>;
