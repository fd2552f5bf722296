import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cartItemSchema, deliveryDate, ZChangePassword, ZLogin } from '../index';
import { encodeMessage, isMessageKey, issueToTranslation, translateMessageKey } from './issues';
import { validationMessages } from './validation';

/** The key and amount a failed value produces, as the error handler and the forms read them. */
function keyOf(schema: z.ZodType, value: unknown): { key: string; amount?: unknown } {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a failure');
  const { key, options } = issueToTranslation(result.error.issues[0]!);
  return options.amount === undefined ? { key } : { key, amount: options.amount };
}

describe('zod issues → message keys of the validation catalogue', () => {
  it('missing value → required', () => {
    expect(keyOf(z.object({ a: z.string() }), {})).toEqual({ key: 'validation.required' });
    expect(keyOf(z.string(), null)).toEqual({ key: 'validation.required' });
    expect(keyOf(z.string().min(1), '').key).toBe('validation.required');
  });

  it('string lengths carry their amount', () => {
    expect(keyOf(z.string().min(8), 'abc')).toEqual({ key: 'validation.minLength', amount: 8 });
    expect(keyOf(z.string().max(3), 'abcd')).toEqual({ key: 'validation.maxLength', amount: 3 });
    expect(keyOf(z.string().length(9), '12')).toEqual({ key: 'validation.exactLength', amount: 9 });
    expect(keyOf(z.string().length(9), '1234567890')).toEqual({ key: 'validation.exactLength', amount: 9 });
  });

  it('numbers: min, max, integer, wrong type', () => {
    expect(keyOf(z.number().min(1), 0)).toEqual({ key: 'validation.min', amount: 1 });
    expect(keyOf(z.number().max(5), 6)).toEqual({ key: 'validation.max', amount: 5 });
    expect(keyOf(z.number().int(), 1.5).key).toBe('validation.integer');
    expect(keyOf(z.number(), 'abc')).toEqual({ key: 'validation.wrongValue' });
    expect(keyOf(z.coerce.number(), 'abc')).toEqual({ key: 'validation.wrongValue' });
  });

  it('e-mail, enums and explicit keys', () => {
    expect(keyOf(z.email(), 'not-an-email')).toEqual({ key: 'validation.email' });
    expect(keyOf(z.enum(['MR', 'MRS']), 'DR')).toEqual({ key: 'validation.wrongValue' });
    expect(
      keyOf(
        z.string().refine(() => false, { error: 'validation.nip' }),
        'x',
      ),
    ).toEqual({ key: 'validation.nip' });
  });

  it('a message that is not a key falls back to the default "Incorrect value"', () => {
    expect(issueToTranslation({ message: 'Something <b>raw</b>' }).key).toBe('validation.wrongValue');
    expect(issueToTranslation({ message: '' }).key).toBe('validation.wrongValue');
  });

  it('the shared auth schemas use the catalogue', () => {
    expect(keyOf(ZLogin, { email: 'x', password: 'a' })).toEqual({ key: 'validation.email' });
    expect(keyOf(ZLogin, { email: '', password: 'a' }).key).toBe('validation.required');
    const mismatch = ZChangePassword.safeParse({
      current_password: 'x',
      password: 'Excellence#2027',
      password_confirmation: 'Excellence#2028',
    });
    expect(mismatch.error?.issues.map((i) => [i.path.join('.'), issueToTranslation(i).key])).toEqual([
      ['password_confirmation', 'validation.passwordsMatch'],
    ]);
    expect(
      keyOf(ZChangePassword, { current_password: 'x', password: 'Aa1!', password_confirmation: 'Aa1!' }),
    ).toEqual({
      key: 'validation.minLength',
      amount: 8,
    });
    expect(
      keyOf(ZChangePassword, {
        current_password: 'x',
        password: 'aaaaaaaa',
        password_confirmation: 'aaaaaaaa',
      }),
    ).toEqual({ key: 'validation.passwordPolicy' });
  });
});

describe('validation catalogue: plural forms rendered by i18next', () => {
  const i18n = i18next.createInstance();
  void i18n.init({
    resources: {
      pl: { translation: { validation: validationMessages.pl } },
      en: { translation: { validation: validationMessages.en } },
    },
    lng: 'pl',
    initAsync: false,
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  const t = (lng: 'pl' | 'en', key: string, amount: number) =>
    i18n.getFixedT(lng)(key, { amount, count: amount });

  it('Polish uses Intl.PluralRules: 1 → one, 2–4 → few, 5+ → many', () => {
    const rules = new Intl.PluralRules('pl');
    expect([1, 2, 4, 5, 12, 22, 25].map((n) => rules.select(n))).toEqual([
      'one',
      'few',
      'few',
      'many',
      'many',
      'few',
      'many',
    ]);
    expect(t('pl', 'validation.minLength', 1)).toBe('Pole musi mieć co najmniej 1 znak.');
    expect(t('pl', 'validation.minLength', 2)).toBe('Pole musi mieć co najmniej 2 znaki.');
    expect(t('pl', 'validation.minLength', 4)).toBe('Pole musi mieć co najmniej 4 znaki.');
    expect(t('pl', 'validation.minLength', 5)).toBe('Pole musi mieć co najmniej 5 znaków.');
    expect(t('pl', 'validation.minLength', 8)).toBe('Pole musi mieć co najmniej 8 znaków.');
    expect(t('pl', 'validation.exactLength', 9)).toBe('Pole musi mieć dokładnie 9 znaków.');
    expect(t('pl', 'validation.maxLength', 3)).toBe('Pole może mieć najwyżej 3 znaki.');
    expect(t('pl', 'validation.exactDigits', 11)).toBe('Wymaganych jest dokładnie 11 cyfr.');
    expect(t('pl', 'validation.interestsMin', 6)).toBe('Wybierz co najmniej 6 zainteresowań.');
  });

  it('English: 1 → one, everything else → other', () => {
    expect(t('en', 'validation.minLength', 1)).toBe('Must be at least 1 character long.');
    expect(t('en', 'validation.minLength', 2)).toBe('Must be at least 2 characters long.');
    expect(t('en', 'validation.minLength', 5)).toBe('Must be at least 5 characters long.');
    expect(t('en', 'validation.interestsMin', 6)).toBe('Select at least 6 interests.');
  });

  it('every plural key has the forms of both languages and the same keys in each', () => {
    const pl = Object.keys(validationMessages.pl).sort();
    expect(Object.keys(validationMessages.en).sort()).toEqual(pl);
    const bases = new Set(pl.filter((k) => k.includes('_')).map((k) => k.split('_')[0]));
    for (const base of bases) {
      for (const form of ['one', 'few', 'many', 'other']) expect(pl).toContain(`${base}_${form}`);
    }
  });

  it('numeric min/max and the default message', () => {
    expect(i18n.getFixedT('pl')('validation.min', { amount: 1 })).toBe('Najmniejsza dozwolona wartość to 1.');
    expect(i18n.getFixedT('en')('validation.wrongValue')).toBe('Incorrect value');
    expect(i18n.getFixedT('pl')('validation.wrongValue')).toBe('Nieprawidłowa wartość');
  });
});

describe('parameters reach the words through a form library (which keeps only the message)', () => {
  const i18n = i18next.createInstance();
  void i18n.init({
    resources: {
      pl: { validation: validationMessages.pl },
      en: { validation: validationMessages.en },
    },
    lng: 'pl',
    initAsync: false,
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  const words = (lng: 'pl' | 'en', message: string) =>
    translateMessageKey(
      i18n.getFixedT(lng) as unknown as (k: string, o?: Record<string, unknown>) => string,
      message,
    );
  /** What react-hook-form's zod resolver keeps of the first issue: its message only. */
  const formMessage = (schema: z.ZodType, value: unknown) => {
    const result = schema.safeParse(value);
    if (result.success) throw new Error('expected a failure');
    return result.error.issues[0]!.message;
  };

  it('the cart quantity above the limit names the limit in both languages', () => {
    const schema = cartItemSchema({ maxQuantity: 3, termIds: [] });
    const message = formMessage(schema, { quantity: 7, answer: null, persons: [], terms: [] });
    expect(words('pl', message)).toBe('Największa dozwolona wartość to 3.');
    expect(words('en', message)).toBe('The largest allowed value is 3.');
  });

  it('a date bound keeps its date, built-in amounts keep theirs', () => {
    expect(words('pl', formMessage(deliveryDate(), '2019-06-01'))).toBe(
      'Najwcześniejsza dozwolona data to 01/01/2020.',
    );
    expect(words('en', formMessage(z.string().min(8), 'abc'))).toBe('Must be at least 8 characters long.');
  });

  it('encoded parameters survive any characters and a plain amount stays short', () => {
    expect(encodeMessage('validation.max', { amount: 5 })).toBe('validation.max|5');
    expect(encodeMessage('validation.required')).toBe('validation.required');
    const odd = encodeMessage('validation.dateMin', { date: 'a|b "c"' });
    expect(issueToTranslation({ message: odd }).options).toEqual({ date: 'a|b "c"' });
    expect(isMessageKey(odd)).toBe(true);
    expect(isMessageKey('Nieprawidłowa wartość')).toBe(false);
  });
});
