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
