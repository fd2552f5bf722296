import { z } from 'zod';

/**
 * Every zod issue carries a message key of the shared catalogue ("validation.minLength") and its
 * amount, so that the web form and the server say the same words in the user's language.
 */
export type IssueLike = {
  code?: string;
  message: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  exact?: boolean;
  origin?: string;
  format?: string;
  params?: Record<string, unknown>;
};

function defaultKey(iss: z.core.$ZodRawIssue): string {
  switch (iss.code) {
    case 'invalid_type':
      if (iss.input === undefined || iss.input === null) return 'validation.required';
      if (iss.expected === 'int') return 'validation.integer';
      return 'validation.wrongValue';
    case 'too_small':
      if (iss.origin === 'string') {
        if (iss.exact) return 'validation.exactLength';
        return Number(iss.minimum) === 1 ? 'validation.required' : 'validation.minLength';
      }
      if (iss.origin === 'number' || iss.origin === 'int') return 'validation.min';
      if (iss.origin === 'array' || iss.origin === 'set') return 'validation.required';
      return 'validation.wrongValue';
    case 'too_big':
      if (iss.origin === 'string') return iss.exact ? 'validation.exactLength' : 'validation.maxLength';
      if (iss.origin === 'number' || iss.origin === 'int') return 'validation.max';
      return 'validation.wrongValue';
    case 'invalid_format':
      return iss.format === 'email' ? 'validation.email' : 'validation.wrongValue';
    case 'not_multiple_of':
      return 'validation.integer';
    default:
      return 'validation.wrongValue';
  }
}

/** Appends the amount to a key ("validation.minLength|2") so that it survives form libraries. */
function withAmount(iss: z.core.$ZodRawIssue): string {
  const key = defaultKey(iss);
  const amount =
    (iss as { minimum?: unknown; maximum?: unknown }).minimum ?? (iss as { maximum?: unknown }).maximum;
  return amount === undefined || key === 'validation.required' ? key : `${key}|${Number(amount)}`;
}

let configured = false;
/** Installs the key-producing error map into zod once (both apps import the shared package). */
export function configureZodMessages(): void {
  if (configured) return;
  configured = true;
  z.config({ customError: (iss) => withAmount(iss) });
}

/** i18next options for an issue: key without the namespace part and its amount. */
export function issueToTranslation(issue: IssueLike): {
  key: string;
  options: Record<string, unknown>;
} {
  const [rawKey = '', encodedAmount] = issue.message.split('|');
  const key = /^[a-z]+\.[A-Za-z.]+$/.test(rawKey) ? rawKey : 'validation.wrongValue';
  const amountRaw = encodedAmount ?? issue.params?.amount ?? issue.minimum ?? issue.maximum;
  const amount = amountRaw === undefined ? undefined : Number(amountRaw);
  const options: Record<string, unknown> = { ...(issue.params ?? {}) };
  if (amount !== undefined) {
    options.amount = amount;
    options.count = amount;
  }
  return { key, options };
}

/** Translates a message key as stored by a form library ("validation.minLength|2"). */
export function translateMessageKey(
  t: (key: string, options?: Record<string, unknown>) => string,
  message: string | undefined,
): string | undefined {
  if (!message) return undefined;
  const { key, options } = issueToTranslation({ message });
  const [ns, ...rest] = key.split('.');
  return t(rest.join('.'), { ...options, ns });
}
