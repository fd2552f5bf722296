/* Translating message keys needs no zod: the web shell imports this file alone to stay small. */

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

const KEY = /^[a-z]+\.[A-Za-z.]+$/;

/**
 * A message key with its parameters in one string ("validation.max|5",
 * 'validation.dateMin|{"date":"01/01/2020"}'): form libraries keep only an issue's message, so
 * parameters travelling beside it (zod's `params`) would be lost and "{{amount}}" shown raw.
 */
export function encodeMessage(key: string, params?: Record<string, unknown>): string {
  if (!params || Object.keys(params).length === 0) return key;
  const keys = Object.keys(params);
  if (keys.length === 1 && keys[0] === 'amount' && typeof params.amount === 'number') {
    return `${key}|${params.amount}`;
  }
  return `${key}|${JSON.stringify(params)}`;
}

/** Whether a string is a message key, with or without encoded parameters. */
export function isMessageKey(message: string): boolean {
  return KEY.test(message.split('|')[0] ?? '');
}

function decodeParams(encoded: string | undefined): Record<string, unknown> {
  if (encoded === undefined || encoded === '') return {};
  if (encoded.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(encoded);
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }
  return { amount: encoded };
}

/** i18next options for an issue: key without the namespace part and its parameters. */
export function issueToTranslation(issue: IssueLike): {
  key: string;
  options: Record<string, unknown>;
} {
  const bar = issue.message.indexOf('|');
  const rawKey = bar < 0 ? issue.message : issue.message.slice(0, bar);
  const encoded = bar < 0 ? undefined : issue.message.slice(bar + 1);
  const key = KEY.test(rawKey) ? rawKey : 'validation.wrongValue';
  const options: Record<string, unknown> = { ...(issue.params ?? {}), ...decodeParams(encoded) };
  const amountRaw = options.amount ?? issue.minimum ?? issue.maximum;
  const amount = amountRaw === undefined ? undefined : Number(amountRaw);
  if (amount !== undefined && !Number.isNaN(amount)) {
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
