/**
 * Errors on form fields: the user's words for a field's message and the server's 422 put on the form.
 * Apart from the fields themselves because the popups of every first page need applyServerErrors, and
 * the fields bring the Radix checkbox and radio group, which only the forms' own chunks should carry.
 */
import { isMessageKey, translateMessageKey } from '@club/shared/i18n/translate';
import type { FieldError, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';

/** Turns a zod message key ("validation.minLength|2") or a server message into the user's words. */
export function useFieldErrorText() {
  const { t } = useTranslation();
  return (error?: FieldError | { message?: string }) => {
    const message = error?.message;
    if (!message) return undefined;
    return isMessageKey(message)
      ? translateMessageKey(t as unknown as (k: string, o?: Record<string, unknown>) => string, message)
      : message;
  };
}

/** Puts the server's field errors (422) on the form's fields; returns whether any was applied. */
export function applyServerErrors<T extends FieldValues>(form: UseFormReturn<T>, error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 422) return false;
  let applied = false;
  for (const [field, messages] of Object.entries(error.errors)) {
    const message = messages[0];
    if (!message) continue;
    form.setError(field as Path<T>, { type: 'server', message });
    applied = true;
  }
  return applied;
}
