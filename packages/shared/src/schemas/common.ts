import { z } from 'zod';
import { NAME_MIN, PASSWORD_MIN } from '../constants';
import { meetsPasswordPolicy } from '../validators/password';

/*
 * Every form shows all its problems on the first save (issue 28): no rule may hide another field's.
 * zod skips an object's rules once any field's issue was raised with `abort: true`, so a field stops
 * at its first problem with `afterEarlier` on its later checks instead, and a rule across fields
 * runs with `whenValid(...)` as soon as the fields it reads are valid.
 */

/**
 * For a field's later checks: run only while the field has no problem yet (one message a field).
 * zod reads `when` on every check but types it on refinements only; `abort` makes the type fit all.
 */
export const afterEarlier: { abort?: false; when: (payload: z.core.ParsePayload) => boolean } = {
  when: (payload) => payload.issues.length === 0,
};

/**
 * For a rule across an object's fields: run even when other fields failed, once the fields it reads
 * (`fields`, top-level keys) have no problem of their own.
 */
export const whenValid = (...fields: string[]) => ({
  when: (payload: z.core.ParsePayload) =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    !Array.isArray(payload.value) &&
    // An issue on the whole value (not an object at all) leaves no field to read.
    !payload.issues.some((issue) => !issue.path?.length || fields.includes(String(issue.path[0]))),
});

/** Reusable field builders; every message is a key of the shared validation catalogue. */
export const requiredText = (max = 255) =>
  z.string().trim().min(1, { error: 'validation.required' }).max(max, afterEarlier);

export const optionalText = (max = 255) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

export const personName = () => requiredText(100).pipe(z.string().min(NAME_MIN));

export const email = () =>
  z
    .string()
    .trim()
    .min(1, { error: 'validation.required' })
    .max(254, afterEarlier)
    .pipe(z.email({ error: 'validation.email' }))
    .transform((v) => v.toLowerCase());

/** New passwords: the whole policy of SPEC.md §5. */
export const newPassword = () =>
  z
    .string()
    .min(1, { error: 'validation.required' })
    .min(PASSWORD_MIN, afterEarlier)
    .max(128, afterEarlier)
    .refine(meetsPasswordPolicy, { error: 'validation.passwordPolicy', ...afterEarlier });

const passwordsMatch = (v: { password: string; password_confirmation: string }) =>
  v.password === v.password_confirmation;

/**
 * A form that sets a new password: the form's own fields, the new password and its repetition,
 * which must match (the reset link, the activation and the password change).
 */
export const withNewPassword = <S extends z.ZodRawShape>(shape: S) =>
  z
    .object({ ...shape, password: newPassword(), password_confirmation: z.string().max(128) })
    // The generic shape hides the two fields from the type; they are there, added just above.
    .refine(passwordsMatch as (v: unknown) => boolean, {
      error: 'validation.passwordsMatch',
      path: ['password_confirmation'],
      ...whenValid('password_confirmation'),
    });

export const boolish = () =>
  z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => v === true || v === 1);

export const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const pageQuery = z.coerce.number().int().min(1).max(100_000).default(1);

export const ZSuccess = z.object({ success: z.literal(true) });
