import type { Browser, Page } from '@playwright/test';
import { expect, PHONE, test } from './fixtures';
import {
  coveredControls,
  foreignWords,
  type Lang,
  rawPlaceholders,
  screenProblems,
  tapLikeAPerson,
} from './support/person-checks';

/**
 * Issue 28, items 5 and 7, before sign-in. Every message a screen shows is in the screen's language,
 * the server's too: the browser asks for the OTHER language (Accept-Language), the page speaks its own
 * (`?lang=`), and the web app tells the server the screen's language with each call. A malformed
 * reset-password link says so, with the ways on: ask for a new link, or sign in.
 */
const TEXT = {
  pl: {
    signIn: 'Zaloguj się',
    password: 'Hasło',
    signInFailed: 'Logowanie nie powiodło się',
    wrongPassword: 'Nieprawidłowy e-mail lub hasło.',
    newPassword: 'Nowe hasło',
    repeatPassword: 'Powtórz nowe hasło',
    savePassword: 'Zapisz hasło',
    resetExpired: 'Link do zmiany hasła wygasł lub został już użyty. Poproś o nowy.',
    badLink: 'Ten link jest nieprawidłowy: mógł zostać ucięty lub zmieniony.',
    newLink: 'Poproś o nowy link',
    toLogin: 'Przejdź do logowania',
    recovery: 'Odzyskiwanie hasła',
    welcome: 'Witaj w Excellence Club',
    inactive: 'Link jest nieaktywny',
  },
  en: {
    signIn: 'Sign in',
    password: 'Password',
    signInFailed: 'Sign-in failed',
    wrongPassword: 'Incorrect e-mail or password.',
    newPassword: 'New password',
    repeatPassword: 'Repeat the new password',
    savePassword: 'Save password',
    resetExpired: 'This password link has expired or was already used. Please ask for a new one.',
    badLink: 'This link is not valid: it may have been cut or changed.',
    newLink: 'Ask for a new link',
    toLogin: 'Go to sign-in',
    recovery: 'Password recovery',
    welcome: 'Welcome to the Excellence Club',
    inactive: 'This link is no longer active',
  },
} as const;

const other = (lang: Lang): Lang => (lang === 'pl' ? 'en' : 'pl');

/** A visitor whose browser asks for the other language than the page's. */
async function visitor(browser: Browser, lang: Lang, phone = false): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: other(lang) === 'en' ? 'en-GB' : 'pl-PL',
    ...(phone ? PHONE : {}),
  });
  return context.newPage();
}

async function noProblems(page: Page, lang: Lang, where: string) {
  expect(await screenProblems(page, lang, where), where).toEqual([]);
}

/** The person-checks on an open error dialog: what is behind it is covered on purpose, the dialog is not. */
async function noDialogProblems(page: Page, lang: Lang, where: string) {
  const found = [
    ...(await rawPlaceholders(page)),
    ...(await foreignWords(page, lang)),
    ...(await coveredControls(page, '[role="alertdialog"]')),
  ];
  expect(found, where).toEqual([]);
}

for (const lang of ['pl', 'en'] as const) {
  const t = TEXT[lang];
  test.describe(`before sign-in, in ${lang} with a browser in ${other(lang)}`, () => {
    test('a wrong password: the dialog, title and message, in the page’s language', async ({
      browser,
      expectFailure,
    }) => {
      expectFailure({ status: 401, method: 'POST', url: '/auth/login' });
      const page = await visitor(browser, lang);
      await page.goto(`/panel/login?lang=${lang}`);
      await page.getByLabel(/^E-mail/).fill('customer@example.com');
      await page.getByLabel(new RegExp(`^${t.password}`)).fill('Not-the-password-1');
      await page.getByRole('button', { name: t.signIn, exact: true }).click();
      const dialog = page.getByRole('alertdialog', { name: t.signInFailed });
      await expect(dialog).toContainText(t.wrongPassword);
      await noDialogProblems(page, lang, 'sign-in failure dialog');
      await page.context().close();
    });

    test('a reset link that expired: the server’s message in the page’s language', async ({
      browser,
      expectFailure,
    }) => {
      expectFailure({ status: 404, method: 'POST', url: '/auth/reset-password' });
      const page = await visitor(browser, lang);
      await page.goto(`/panel/reset-password?lang=${lang}&token=${'x'.repeat(40)}`);
      await page.getByLabel(new RegExp(`^${t.newPassword}`)).fill('Nowe#Haslo2026');
      await page.getByLabel(new RegExp(`^${t.repeatPassword}`)).fill('Nowe#Haslo2026');
      await page.getByRole('button', { name: t.savePassword }).click();
      const dialog = page.getByRole('alertdialog');
      await expect(dialog).toContainText(t.resetExpired);
      await noDialogProblems(page, lang, 'reset failure dialog');
      await page.context().close();
    });

    test('a malformed reset link says so and leads to a new link and to sign-in (390 px)', async ({
      browser,
    }) => {
      const page = await visitor(browser, lang, true);
      await page.goto(`/panel/reset-password?lang=${lang}&token=abc`);
      await expect(page.getByRole('alert')).toContainText(t.badLink);
      await noProblems(page, lang, 'malformed reset link');
      await tapLikeAPerson(page.getByRole('link', { name: t.newLink }));
      await expect(page.getByRole('heading', { name: t.recovery })).toBeVisible();
      await page.goBack();
      await tapLikeAPerson(page.getByRole('link', { name: t.toLogin }));
      await expect(page.getByRole('heading', { name: t.welcome })).toBeVisible();
      await page.context().close();
    });

    for (const [name, path] of [
      ['activation', 'activate'],
      ['agreements', 'agreements'],
    ] as const) {
      test(`a bad ${name} link: the notice in the page’s language`, async ({ browser, expectFailure }) => {
        expectFailure({ status: 404, method: 'GET', url: `/registration/${path}?token=` });
        const page = await visitor(browser, lang);
        await page.goto(`/panel/${path}?lang=${lang}&token=${'n'.repeat(40)}`);
        await expect(page.getByRole('heading', { name: t.inactive })).toBeVisible();
        await expect(page.getByRole('alert')).toBeVisible();
        await noProblems(page, lang, `bad ${name} link`);
        await page.context().close();
      });
    }
  });
}
