import type { APIRequestContext } from '@playwright/test';
import { bonusBody } from '../apps/server/test/support/bonus-body';
import { expect as baseExpect, newUser, signIn, test } from './fixtures';
import { axeProblems } from './support/axe';
import { screenProblems } from './support/person-checks';

/**
 * Members' personal data (issue 31, docs/privacy.md): a member changes a consent and finds the change
 * in the consent history; a dealer's PESEL is masked in the console and an administrator reveals it,
 * which the audit log then shows.
 */
test.describe.configure({ timeout: 120_000 });
// The console's chunk arrives on first use; a busy machine needs more than the default 10 s.
const expect = baseExpect.configure({ timeout: 30_000 });

const PESEL = bonusBody.pesel;

const T = {
  pl: {
    save: 'Zapisz zmiany',
    saved: 'Twoje dane zostały zapisane.',
    history: 'Historia zgód',
    email: 'pocztą elektroniczną (e-mail)',
    given: 'Udzielona',
    byMember: 'Przez Ciebie, w profilu konta',
    version: 'wersja treści 2026-01',
    nav: 'Nawigacja konsoli',
    members: 'Członkowie',
    search: 'Imię, nazwisko lub e-mail',
    find: 'Szukaj',
    reveal: 'Pokaż cały PESEL',
    revealed: 'Odsłonięcie zapisano w dzienniku zmian.',
    audit: 'Dziennik zmian',
    actor: 'Kto (e-mail)',
    entityId: 'Identyfikator',
    revealAction: 'Odsłonięcie numeru PESEL',
  },
  en: {
    save: 'Save changes',
    saved: 'Your details have been saved.',
    history: 'Consent history',
    email: 'by e-mail',
    given: 'Given',
    byMember: 'By you, in your account profile',
    version: 'wording version 2026-01',
    nav: 'Console navigation',
    members: 'Members',
    search: 'Name, surname or e-mail',
    find: 'Search',
    reveal: 'Show the whole PESEL',
    revealed: 'The reveal was written to the audit log.',
    audit: 'Audit log',
    actor: 'Who (e-mail)',
    entityId: 'Identifier',
    revealAction: 'PESEL revealed',
  },
} as const;

/** A fresh dealer who joined the bonus programme with a PESEL (through the API, as the form sends it). */
async function dealerWithBonus(request: APIRequestContext, language: 'pl' | 'en') {
  const dealer = await newUser(request, 'DEALER', language);
  const login = await request.post('/panel/api/v1/auth/login', {
    data: { email: dealer.email, password: dealer.password },
  });
  const headers = { 'x-csrf-token': (await login.json()).data.csrf_token as string };
  expect(
    (
      await request.post('/panel/api/v1/auth/check-password', {
        headers,
        data: { password: dealer.password },
      })
    ).ok(),
  ).toBe(true);
  const joined = await request.post('/panel/api/v1/bonus/store', {
    headers,
    data: { ...bonusBody, email: dealer.email },
  });
  expect(joined.status(), await joined.text()).toBe(200);
  await request.post('/panel/api/v1/auth/logout', { headers });
  return dealer;
}

for (const lang of ['pl', 'en'] as const) {
  const t = T[lang];

  test(`${lang}: a member gives a consent and finds it in the consent history`, async ({ page, request }) => {
    const member = await newUser(request, 'CUSTOMER', lang);
    await signIn(page, member, '/panel/account/user-info');
    const history = page.getByRole('region', { name: t.history });
    await expect(history.getByRole('listitem')).toHaveCount(3);

    await page.getByRole('checkbox', { name: t.email, exact: true }).check();
    await page.getByRole('button', { name: t.save }).click();
    const done = page.getByRole('alertdialog');
    await expect(done).toContainText(t.saved);
    await done.getByRole('button', { name: 'OK' }).click();

    const newest = history.getByRole('listitem').first();
    await expect(history.getByRole('listitem')).toHaveCount(4);
    await expect(newest).toContainText(t.given);
    await expect(newest).toContainText(t.email);
    await expect(newest).toContainText(t.byMember);
    await expect(newest).toContainText(t.version);
    expect([
      ...(await axeProblems(page, 'consent history')),
      ...(await screenProblems(page, lang, 'consent history')),
    ]).toEqual([]);
  });

  test(`${lang}: a dealer's PESEL is masked in the console; an admin reveals it and the audit log shows it`, async ({
    asStaff,
    request,
  }) => {
    const dealer = await dealerWithBonus(request, lang);
    const { page, staff } = await asStaff('ADMIN', { language: lang });
    const nav = page.getByRole('navigation', { name: t.nav });
    await nav.getByRole('link', { name: t.members }).click();
    await page.getByLabel(t.search).fill(dealer.email);
    await page.getByRole('button', { name: t.find }).click();
    await page.getByRole('link', { name: new RegExp(dealer.email) }).click();

    const pesel = page.getByTestId('pesel');
    await expect(pesel).toHaveText('••••••••359');
    await expect(page.getByText(PESEL)).toHaveCount(0);
    await page.getByRole('button', { name: t.reveal }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: t.reveal }).click();
    await expect(pesel).toHaveText(PESEL);
    await expect(page.getByText(t.revealed)).toBeVisible();
    expect([
      ...(await axeProblems(page, 'console member')),
      ...(await screenProblems(page, lang, 'console member')),
    ]).toEqual([]);

    await nav.getByRole('link', { name: t.audit }).click();
    await page.getByLabel(t.actor).fill(staff.email);
    await page.getByLabel(t.entityId).fill(String(dealer.id));
    await expect(page.getByRole('row', { name: new RegExp(t.revealAction) })).toHaveCount(1);
    // The audit row says who saw whose number, never the number.
    await expect(page.getByText(PESEL)).toHaveCount(0);
  });
}
