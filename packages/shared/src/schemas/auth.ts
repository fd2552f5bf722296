import { z } from 'zod';
import { HONORIFICS, LANGUAGES, USER_TYPES } from '../constants';
import { afterEarlier, email, withNewPassword } from './common';

export const ZLogin = z.object({
  email: email(),
  password: z.string().min(1, { error: 'validation.required' }).max(128, afterEarlier),
});
export type TLogin = z.infer<typeof ZLogin>;

export const ZChangePassword = withNewPassword({
  current_password: z.string().min(1, { error: 'validation.required' }).max(128, afterEarlier),
});
export type TChangePassword = z.infer<typeof ZChangePassword>;

export const ZCheckPassword = z.object({
  password: z.string().min(1, { error: 'validation.required' }).max(128, afterEarlier),
});
export type TCheckPassword = z.infer<typeof ZCheckPassword>;

export const ZForgotPassword = z.object({ email: email() });
export type TForgotPassword = z.infer<typeof ZForgotPassword>;

/** The token of a reset-password link as the mail carries it: a link that does not fit was cut or changed. */
export const ZResetToken = z.string().min(10).max(200);
export const ZResetPassword = withNewPassword({ token: ZResetToken });
export type TResetPassword = z.infer<typeof ZResetPassword>;

export const ZUpdateLanguageQuery = z.object({
  // A query value is text: a missing one is "required", not the "Incorrect value" of Number(undefined).
  language_id: z
    .string()
    .min(1, { error: 'validation.required' })
    .pipe(z.coerce.number<string>().int().positive().max(2_147_483_647)),
});

/** The session user of SPEC.md §3, as auth/me and auth/login send it (strict: no undeclared field). */
export const ZSessionUser = z.strictObject({
  id: z.number().int(),
  email: z.string(),
  language_code: z.enum(LANGUAGES),
  name: z.string(),
  surname: z.string(),
  honorific: z.enum(HONORIFICS).nullable(),
  type: z.enum(USER_TYPES),
  has_bonus: z.boolean(),
  calendar2024_token: z.string().nullable().optional(),
  csrf_token: z.string(),
});
export type TSessionUser = z.output<typeof ZSessionUser>;

export const ZLanguage = z.strictObject({ id: z.number().int(), code: z.enum(LANGUAGES) });
export type TLanguage = z.output<typeof ZLanguage>;

/**
 * Staff sign-in (docs/console.md): after the password, a staff account answers with a second-factor
 * step instead of a session: CODE (enter the authenticator's code or a recovery code) or ENROL (first
 * sign-in, or after an administrator reset the factor: scan the QR code, then enter a code).
 */
export const SECOND_FACTOR_STEPS = ['CODE', 'ENROL'] as const;
export const ZSecondFactorStep = z.strictObject({
  second_factor: z.enum(SECOND_FACTOR_STEPS),
  /** Single-use, short-lived: proves the password was right; sent back with the code. */
  challenge: z.string(),
});
export type TSecondFactorStep = z.output<typeof ZSecondFactorStep>;
