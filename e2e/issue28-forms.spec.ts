import { expect, newUser, PHONE, signIn, test } from './fixtures';

/**
 * Issue 28 item 6: a form marks every failing field on the first save. The password change used to
 * show "at least 8" and hide "must match" until the first was fixed.
 */
test.use({ ...PHONE });

const TEXT = {
  pl: {
    current: 'Obecne hasło',
    fresh: 'Nowe hasło',
    repeat: 'Powtórz nowe hasło',
    save: 'Zmień hasło',
    match: 'Hasła muszą być takie same.',
  },
  en: {
    current: 'Current password',
    fresh: 'New password',
    repeat: 'Repeat the new password',
    save: 'Change password',
    match: 'Passwords must match.',
  },
} as const;

for (const lang of ['pl', 'en'] as const) {
  test(`password change shows the short password and the mismatch at once (${lang}, 390 px)`, async ({
    page,
  }) => {
    const text = TEXT[lang];
    const user = await newUser(page.request, 'CUSTOMER', lang);
    await signIn(page, user, '/panel/account/password-change');
    await page.getByRole('textbox', { name: text.current, exact: true }).fill(user.password);
    await page.getByRole('textbox', { name: text.fresh, exact: true }).fill('short');
    await page.getByRole('textbox', { name: text.repeat, exact: true }).fill('other');
    await page.getByRole('button', { name: text.save }).click();
    await expect(page.getByText(text.match)).toBeVisible();
    await expect(page.getByRole('textbox', { name: text.fresh, exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(page.getByRole('textbox', { name: text.repeat, exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });
}
