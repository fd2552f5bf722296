import { expect as baseExpect, linkIn, readOutbox, test, totpCode } from './fixtures';

/**
 * Staff accounts and the audit log in the console (issue 16): an administrator invites an operator,
 * who sets a password from the e-mailed link, enrols the second factor and signs in; the administrator
 * then sees the account active, and the log shows who did what.
 */
test.describe.configure({ timeout: 300_000 });
// The console's chunk arrives on first use; a busy CI machine needs more than the default 10 s.
const expect = baseExpect.configure({ timeout: 30_000 });

test('an administrator invites an operator, who sets the password, enrols TOTP and reaches the console; the log shows it (pl admin, en invitee)', async ({
  asStaff,
  browser,
}) => {
  const { page } = await asStaff('ADMIN', { path: '/panel/admin/staff' });
  await expect(page.getByRole('heading', { name: 'Zespół', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Zaproś osobę' }).click();
  const dialog = page.getByRole('dialog', { name: 'Zaproszenie do zespołu' });
  const email = `operator-${Date.now()}@example.com`;
  // A wrong e-mail is refused on its field, in Polish.
  await dialog.getByLabel(/^E-mail/).fill('not-an-email');
  await dialog.getByRole('button', { name: 'Wyślij zaproszenie' }).click();
  await expect(dialog.getByText(/Podaj prawidłowy adres e-mail/)).toBeVisible();
  await dialog.getByLabel(/^E-mail/).fill(email);
  await dialog.getByLabel(/^Imię/).fill('Olivia');
  await dialog.getByLabel(/^Nazwisko/).fill('Grant');
  await dialog.getByLabel(/^Rola/).selectOption('OPERATOR');
  await dialog.getByLabel(/^Język/).selectOption('en');
  await dialog.getByRole('button', { name: 'Wyślij zaproszenie' }).click();
  await expect(page.getByText(`Zaproszenie wysłane na adres ${email}.`)).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('alertdialog')).toBeHidden();

  // The list, searched through the address-kept filter, shows the invitation.
  await page.getByLabel('Szukaj (imię, nazwisko, e-mail)').fill(email);
  await expect(page).toHaveURL(/search=/);
  const row = page.getByRole('row', { name: new RegExp(email) });
  await expect(row).toContainText('Zaproszone');

  // The invitee opens the e-mailed link in her own browser.
  const [mail] = await readOutbox(page.request, email);
  expect(mail!.subject).toMatch(/invitation/);
  const invitee = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'en-GB' });
  const her = await invitee.newPage();
  await her.goto(linkIn(mail!.text).replace(/^https?:\/\/[^/]+/, ''));
  await expect(her.getByRole('heading', { name: 'Welcome, Olivia' })).toBeVisible();
  await her.getByLabel(/^Password/).fill('Olivia#Grant2026');
  await her.getByLabel(/^Repeat the password/).fill('Olivia#Grant2026');
  await her.getByRole('button', { name: 'Set the password and continue' }).click();
  await expect(her.getByRole('heading', { name: 'Turn on two-step verification' })).toBeVisible();
  const secret = (await her.getByTestId('totp-secret').textContent())!.trim();
  await her.getByLabel(/^Code from the app/).fill(await totpCode(secret));
  await her.getByRole('button', { name: 'Confirm and turn on' }).click();
  await expect(her.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await her.getByLabel('I have stored the codes somewhere safe').check();
  await her.getByRole('button', { name: 'Go to the console' }).click();
  await expect(her.getByTestId('splash')).toBeHidden({ timeout: 15_000 });
  await expect(her.getByRole('heading', { level: 1 })).toContainText('Good day, Olivia');
  await expect(
    her.getByRole('navigation', { name: 'Console navigation' }).getByRole('link', { name: 'Staff' }),
  ).toHaveCount(0);

  // She signs out and in again with a code of her app.
  await her.getByRole('link', { name: 'Sign out' }).click();
  await her.waitForURL(/\/panel\/login/);
  // Signed out, the sign-in page speaks the panel's default (Polish); she switches it as a person does.
  await her.getByRole('button', { name: 'English' }).click();
  await her.getByLabel(/^E-mail/).fill(email);
  await her.getByLabel(/^Password/).fill('Olivia#Grant2026');
  await her.getByRole('button', { name: 'Sign in' }).click();
  await her.getByLabel(/^Code from the app/).fill(await totpCode(secret));
  await her.getByRole('button', { name: 'Sign in' }).click();
  await expect(her.getByTestId('splash')).toBeHidden({ timeout: 15_000 });
  await expect(her.getByRole('heading', { level: 1 })).toContainText('Good day, Olivia');
  await invitee.close();

  // The administrator sees her active with the factor on, and the log tells the story.
  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(email) })).toContainText('Aktywne');
  await expect(page.getByRole('row', { name: new RegExp(email) })).toContainText('Włączony');
  await page
    .getByRole('navigation', { name: 'Nawigacja konsoli' })
    .getByRole('link', { name: 'Dziennik zmian' })
    .click();
  await expect(page.getByRole('heading', { name: 'Dziennik zmian', level: 1 })).toBeVisible();
  await page.getByLabel('Kto (e-mail)').fill(email);
  await expect(page).toHaveURL(/actor=/);
  // Until the filtered page arrives the table still shows the whole log, where other staff (other
  // tests) may have enrolled too: wait for the invitee's one enrolment, not for the address bar.
  await expect(page.getByRole('row', { name: /Włączenie 2FA/ })).toHaveCount(1);
  await expect(page.getByRole('row', { name: /Włączenie 2FA/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Przyjęcie zaproszenia/ })).toBeVisible();
  // The invitation was the administrator's doing: found through her account instead of the actor.
  const subject = await page
    .getByRole('row', { name: /Włączenie 2FA/ })
    .getByRole('cell')
    .nth(3)
    .textContent();
  const accountId = /#(\d+)/.exec(subject ?? '')?.[1] ?? '';
  expect(accountId).not.toBe('');
  await page.getByLabel('Kto (e-mail)').fill('');
  await expect(page).not.toHaveURL(/actor=/);
  await page.getByLabel('Czego dotyczy').selectOption({ label: 'Konto zespołu' });
  await page.getByLabel('Identyfikator').fill(accountId);
  await expect(page).toHaveURL(new RegExp(`entity_id=${accountId}`));
  await expect(page.getByRole('row', { name: /Zaproszenie/ })).toHaveCount(1);
  await expect(page.getByRole('row', { name: /Przyjęcie zaproszenia/ })).toBeVisible();
});

test('an administrator changes a role, resets the second factor and deactivates a colleague, each confirmed and logged with before and after (en)', async ({
  asStaff,
  request,
}) => {
  const res = await request.post('/panel/api/v1/test/users', { data: { type: 'OPERATOR', language: 'pl' } });
  const colleague = (await res.json()).data as { email: string };
  const { page } = await asStaff('ADMIN', {
    language: 'en',
    path: `/panel/admin/staff?search=${encodeURIComponent(colleague.email)}`,
  });
  const row = page.getByRole('row', { name: new RegExp(colleague.email) });
  await expect(row).toContainText('Operator');
  await row.getByLabel(/^Role of /).selectOption('ADMIN');
  await page.getByRole('button', { name: 'Change the role' }).click();
  await expect(page.getByText(/The role of .* has been changed/)).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('alertdialog')).toBeHidden();
  await expect(row).toContainText('Administrator');

  await row.getByRole('button', { name: /^Reset the second factor of / }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Reset 2FA' }).click();
  await expect(page.getByText(/The second factor of .* has been reset/)).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('alertdialog')).toBeHidden();
  await expect(row).toContainText('Not on');

  await row.getByRole('button', { name: /^Deactivate the account of / }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(row).toContainText('Deactivated');

  await page.goto('/panel/admin/audit?entity_type=staff');
  const change = page.getByRole('row', { name: /Role changed/ }).first();
  await change.getByText(/^Changed: /).click();
  // The log speaks in words (issue 28): the field by its name, the value before and after.
  const type = change.getByRole('row', { name: /^Type\b/ });
  await expect(type.getByRole('cell').nth(0)).toHaveText(/^operator$/i);
  await expect(type.getByRole('cell').nth(1)).toHaveText(/^admin(istrator)?$/i);
});
