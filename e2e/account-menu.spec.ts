import { demo, expect, newUser, signIn, test } from './fixtures';

// The account menu's chunk arrives on intent; the stand-in trigger is the only one until it is pressed.

test('account menu by keyboard: Enter opens it with focus inside, Escape gives focus back', async ({
  page,
}) => {
  await signIn(page, demo.customer, '/panel/home');
  const trigger = page.getByRole('button', { name: 'Moje konto' });
  await trigger.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(page.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Moje konto' })).toBeFocused();
  // Pressed again with the pointer, the (now real) trigger opens it again.
  await page.getByRole('button', { name: 'Moje konto' }).click();
  await expect(menu).toBeVisible();
});

test('account menu: the pointer rests on the trigger while its chunk arrives, then a click opens it', async ({
  page,
  request,
}) => {
  // It signs out at the end: a fresh member, not the demo one whose session other tests share.
  await signIn(page, await newUser(request), '/panel/home');
  const trigger = page.getByRole('button', { name: 'Moje konto' });
  // The pointer over the trigger fetches the menu's chunk; the click comes once it has arrived.
  const chunk = page.waitForResponse((r) => /\/account-menu-[^/]*\.js$/.test(new URL(r.url()).pathname));
  await trigger.hover();
  expect((await chunk).ok()).toBe(true);
  await trigger.click();
  await expect(page.getByRole('menu')).toBeVisible();
  await page.getByRole('menuitem', { name: 'Wyloguj' }).click();
  await expect(page).toHaveURL(/login/);
});
