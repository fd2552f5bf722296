import { z } from 'zod';

export {
  encodeMessage,
  type IssueLike,
  isMessageKey,
  issueToTranslation,
  translateMessageKey,
} from './translate';

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
