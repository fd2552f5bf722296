import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, skipIfNoDatabase, type TestApp } from './helpers';

const API = '/panel/api/v1';

/**
 * Issue 28, item 5: before sign-in the server writes its messages in the language the request asks
 * for (the web app sends the screen's language as Accept-Language), for every call a visitor makes
 * without a session: sign-in, forgotten and reset password, the invited customer's two links.
 */
describe.skipIf(skipIfNoDatabase)('messages before sign-in, in the language asked', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(() => t?.close());

  const call = (lang: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `${API}${url}`, headers: { 'accept-language': lang }, payload });
  const badToken = 'n'.repeat(40);
  const cases = [
    {
      what: 'a wrong password',
      send: (lang: string) =>
        call(lang, 'POST', '/auth/login', { email: 'customer@example.com', password: 'Not-the-password-1' }),
      status: 401,
      pl: 'Nieprawidłowy e-mail lub hasło.',
      en: 'Incorrect e-mail or password.',
    },
    {
      what: 'an expired reset link',
      send: (lang: string) =>
        call(lang, 'POST', '/auth/reset-password', {
          token: badToken,
          password: 'Nowe#Haslo2026',
          password_confirmation: 'Nowe#Haslo2026',
        }),
      status: 404,
      pl: 'Link do zmiany hasła wygasł lub został już użyty. Poproś o nowy.',
      en: 'This password link has expired or was already used. Please ask for a new one.',
    },
    {
      what: 'a bad activation link',
      send: (lang: string) => call(lang, 'GET', `/registration/activate?token=${badToken}`),
      status: 404,
      pl: 'Ten link wygasł lub został już wykorzystany.',
      en: 'This link has expired or has already been used.',
    },
    {
      what: 'a bad agreements link',
      send: (lang: string) => call(lang, 'GET', `/registration/agreements?token=${badToken}`),
      status: 404,
      pl: 'Ten link wygasł lub został już wykorzystany.',
      en: 'This link has expired or has already been used.',
    },
    {
      what: 'a forgotten password without an e-mail',
      send: (lang: string) => call(lang, 'POST', '/auth/forgot-password', { email: '' }),
      status: 422,
      pl: 'Formularz zawiera błędy.',
      en: 'The form contains errors.',
    },
  ];

  for (const c of cases) {
    it(`${c.what}: Polish for pl, English for en (with a browser's full header too)`, async () => {
      for (const [header, expected] of [
        ['pl', c.pl],
        ['en', c.en],
        ['en-GB,en;q=0.9,pl;q=0.8', c.en],
        ['pl-PL,pl;q=0.9,en;q=0.8', c.pl],
      ] as const) {
        const res = await c.send(header);
        expect(res.statusCode, `${c.what} ${header}`).toBe(c.status);
        expect(res.json().message, `${c.what} ${header}`).toBe(expected);
      }
    });
  }
});
