import { demo, expect, linkIn, newUser, readOutbox, signIn, test } from './fixtures';

test.describe('sign-in and session', () => {
  test('a visitor is sent through the splash to sign-in and lands on the page asked for', async ({
    page,
    request,
  }) => {
    const user = await newUser(request);
    await page.goto('/panel/account/club-card');
    await expect(page).toHaveURL(/\/panel\/login\?nextRoute=%2Faccount%2Fclub-card/, { timeout: 10_000 });
    await page.getByRole('textbox', { name: 'E-mail' }).fill(user.email);
    await page.getByRole('textbox', { name: 'Hasło', exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Zaloguj się' }).click();
    await expect(page.getByTestId('splash')).toBeVisible();
    await expect(page).toHaveURL(/\/panel\/account\/club-card$/, { timeout: 10_000 });
  });

  test('/ goes to /home after signing in; wrong password shows one message', async ({
    page,
    request,
    expectFailure,
  }) => {
    expectFailure({ status: 401, method: 'POST', url: '/panel/api/v1/auth/login' });
    const user = await newUser(request);
    await page.goto('/panel/login');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(user.email);
    await page.getByRole('textbox', { name: 'Hasło', exact: true }).fill('Wrong#Password1');
    await page.getByRole('button', { name: 'Zaloguj się' }).click();
    await expect(page.getByRole('alertdialog')).toContainText('Nieprawidłowy e-mail lub hasło.');
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('textbox', { name: 'Hasło', exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Zaloguj się' }).click();
    await expect(page).toHaveURL(/\/panel\/home$/, { timeout: 10_000 });
  });

  test('form validation speaks Polish', async ({ page }) => {
    await page.goto('/panel/login');
    await page.getByRole('textbox', { name: 'E-mail' }).fill('not-an-email');
    await page.getByRole('button', { name: 'Zaloguj się' }).click();
    await expect(
      page.getByText('Podaj prawidłowy adres e-mail, np. jan.kowalski@example.com.'),
    ).toBeVisible();
    await expect(page.getByText('To pole jest wymagane.')).toBeVisible();
  });

  test('unknown paths go to not-found with a link home', async ({ page, request }) => {
    await signIn(page, await newUser(request), '/panel/this/does/not/exist');
    await expect(page).toHaveURL(/\/panel\/not-found$/);
    await expect(page.getByRole('heading', { name: 'Nie znaleziono strony' })).toBeVisible();
    await page.getByRole('link', { name: 'Wróć na stronę główną' }).click();
    await expect(page).toHaveURL(/\/panel\/home$/);
  });

  test('logout shows its progress, resets the language and returns to sign-in', async ({ page, request }) => {
    await signIn(page, await newUser(request, 'CUSTOMER', 'en'));
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await page.getByRole('button', { name: 'My account' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/panel\/login$/, { timeout: 10_000 });
    await expect(page.getByRole('button', { name: 'Zaloguj się' })).toBeVisible();
    const me = await page.request.get('/panel/api/v1/auth/me');
    expect(me.status()).toBe(401);
  });
});

test.describe('menus by role', () => {
  test('a customer sees the cart and shopping history, no dealer links', async ({ page, request }) => {
    await signIn(page, await newUser(request));
    const nav = page.getByRole('navigation', { name: 'Menu główne' });
    for (const name of [
      'Strona główna',
      'Excellence Club',
      'Wydarzenia',
      'Galeria',
      'Partnerzy',
      'FAQ',
      'Kontakt',
    ]) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: /^Koszyk/ })).toBeVisible();
    await page.getByRole('button', { name: 'Moje konto' }).click();
    await expect(page.getByRole('menuitem', { name: 'Historia zakupów' })).toBeVisible();
    await page.keyboard.press('Escape');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Program bonusowy' })).toHaveCount(0);
    await expect(footer.getByRole('link', { name: 'Lista klientów' })).toHaveCount(0);
    await expect(footer.getByRole('link', { name: 'Polityka cookies' })).toHaveAttribute(
      'href',
      '/panel/cookies-policy?lang=pl',
    );
    await expect(footer.getByRole('link', { name: /Nota prawna/ })).toHaveAttribute('target', '_blank');
    const pdf = await page.request.get(
      (await footer.getByRole('link', { name: /Regulamin/ }).getAttribute('href'))!,
    );
    expect(pdf.headers()['content-type']).toContain('application/pdf');
  });

  test('a dealer has no cart, no shopping history, and the dealer footer links', async ({
    page,
    request,
  }) => {
    await signIn(page, await newUser(request, 'DEALER'));
    await expect(page.getByRole('link', { name: /^Koszyk/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Moje konto' }).click();
    await expect(page.getByRole('menuitem', { name: 'Karta klubowa' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Historia zakupów' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Program bonusowy' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Rejestracja klienta' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Lista klientów' })).toBeVisible();
  });

  test('a customer opening a dealer route is sent to sign-in', async ({ page, request }) => {
    await signIn(page, await newUser(request), '/panel/customers');
    await expect(page).toHaveURL(/\/panel\/login/);
  });

  // The phone's menu (opened by "Otwórz menu", Kontakt tapped, the page reached, the menu closed) is
  // phone.spec.ts's 'every item of the main menu is tapped and takes the member there; the menu closes'.
});

test('the language switch updates the server and reloads in English', async ({ page, request }) => {
  const user = await newUser(request);
  await signIn(page, user);
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole('link', { name: 'Experiences', exact: true })).toBeVisible();
  const me = await (await page.request.get('/panel/api/v1/auth/me')).json();
  expect(me.data.language_code).toBe('en');
});

test('forgot password: the link from the mail sets a new password that signs in', async ({
  page,
  request,
}) => {
  const user = await newUser(request);
  await page.goto('/panel/login');
  await page.getByRole('button', { name: 'Nie pamiętasz hasła?' }).click();
  await page.getByRole('textbox', { name: 'E-mail' }).fill(user.email);
  await page.getByRole('button', { name: 'Wyślij link' }).click();
  await expect(page.getByRole('status')).toContainText('Jeśli konto o tym adresie istnieje');
  // The mail is prepared after the answer, which must not tell whether the account exists.
  await expect.poll(async () => (await readOutbox(request, user.email)).length).toBeGreaterThan(0);
  const [mail] = await readOutbox(request, user.email);
  expect(mail?.template).toBe('reset-password');
  const link = new URL(linkIn(mail!.text));
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByRole('textbox', { name: 'Nowe hasło', exact: true }).fill('short');
  await page.getByRole('textbox', { name: 'Powtórz nowe hasło' }).fill('short');
  await page.getByRole('button', { name: 'Zapisz hasło' }).click();
  await expect(page.getByText('Pole musi mieć co najmniej 8 znaków.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Nowe hasło', exact: true }).fill('Brand#New2026');
  await page.getByRole('textbox', { name: 'Powtórz nowe hasło' }).fill('Brand#New2026');
  await page.getByRole('button', { name: 'Zapisz hasło' }).click();
  await expect(page.getByText('Hasło zostało zmienione. Możesz się zalogować.')).toBeVisible();
  await signIn(page, { email: user.email, password: 'Brand#New2026' });
  await expect(page).toHaveURL(/\/panel\/home$/);
  // The link works once.
  await page.goto(`${link.pathname}${link.search}`);
});

test('demo accounts exist', async ({ request }) => {
  for (const account of [demo.customer, demo.customerEn, demo.dealer, demo.dealer2]) {
    const res = await request.post('/panel/api/v1/auth/login', {
      data: { email: account.email, password: account.password },
    });
    expect(res.status(), account.email).toBe(200);
  }
});
