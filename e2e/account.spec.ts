import type { Page } from '@playwright/test';
import { demo, expect, newUser, signIn, test } from './fixtures';

const success = (page: Page) => page.getByRole('alertdialog');

async function closePopup(page: Page) {
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('alertdialog')).toBeHidden();
}

/** An interest tile: the label around the (visually hidden) checkbox. */
const tile = (page: Page, name: string) =>
  page.locator('label', { has: page.getByRole('checkbox', { name, exact: true }) });

/** PHONE_DROPDOWN_UPWARD_BELOW_PX of the shared constants: less room below the picker opens it upward. */
const UPWARD_BELOW_PX = 200;

async function noHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('account as a customer (Polish)', () => {
  test('/account opens the club card with number, dates, QR code and the calendar link', async ({ page }) => {
    await signIn(page, demo.customer, '/panel/account');
    await expect(page).toHaveURL(/\/panel\/account\/club-card$/);
    await expect(page.getByRole('heading', { name: 'Moje konto' })).toBeVisible();
    await expect(page.getByTestId('card-number')).toHaveText('EC-2025-000142');
    await expect(page.getByTestId('card-valid-to')).toHaveText('14 maja 2027');
    await expect(page.getByText('Aleje Ujazdowskie 12/4')).toBeVisible();
    await expect(page.getByTestId('club-card').locator('svg title')).toHaveText(
      'Kod QR z numerem karty EC-2025-000142',
    );
    const url = await page.getByTestId('calendar-url').textContent();
    expect(url).toMatch(/\/panel\/api\/v1\/calendar\/[\w-]+\.ics$/);
    const feed = await page.request.get(url!);
    expect(feed.status()).toBe(200);
    expect(await feed.text()).toContain('BEGIN:VCALENDAR');
    await expect(page.getByRole('link', { name: 'Subskrybuj kalendarz' })).toHaveAttribute(
      'href',
      /^webcal:/,
    );
    const nav = page.getByRole('navigation', { name: 'Podmenu' });
    await expect(nav.getByRole('link', { name: 'Historia zakupów' })).toBeVisible();
  });

  test('profile: the phone widget by keyboard, validation, save and reload', async ({ page, request }) => {
    const user = await newUser(request);
    await signIn(page, user, '/panel/account/user-info');
    await expect(page.getByRole('heading', { name: 'Dane użytkownika', level: 2 })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Adres e-mail', exact: true })).toHaveValue(user.email);
    await expect(page.getByRole('textbox', { name: 'Adres e-mail', exact: true })).toHaveAttribute(
      'readonly',
      '',
    );

    // A wrong Polish number is refused with the shared rule.
    const number = page.getByRole('textbox', { name: 'Telefon komórkowy', exact: true });
    await number.fill('60123');
    await page.getByRole('button', { name: 'Zapisz zmiany' }).click();
    await expect(page.getByText('Wymaganych jest dokładnie 9 cyfr.')).toBeVisible();

    // Keyboard: open the picker, type to find Germany, confirm with Enter.
    const picker = page.getByTestId('phone-country');
    await picker.focus();
    await page.keyboard.press('ArrowDown');
    const list = page.getByRole('listbox', { name: 'Kraje' });
    await expect(list).toBeVisible();
    await expect(list).toBeFocused();
    // Type-to-find joins letters typed within 700 ms: the page's clock stands still while the test
    // types (a loaded machine may take longer than that between two keys) and is run forward below.
    await page.clock.install();
    const holdClock = async () => page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await holdClock();
    await page.keyboard.type('niem');
    await expect(list.getByRole('option', { name: /Niemcy/ })).toHaveClass(/active/);
    await page.clock.resume();
    await page.keyboard.press('Enter');
    await expect(list).toBeHidden();
    await expect(picker).toBeFocused();
    await expect(picker).toContainText('DE');
    await expect(picker).toContainText('+49');

    // Type-to-find forgets after 700 ms: "n", pause, "p" starts a new search at P. The pause is the
    // page's own clock run forward (no wait in the test): the search's timer fires as after 800 ms.
    await page.keyboard.press('ArrowDown');
    await expect(list).toBeFocused();
    await holdClock();
    await page.keyboard.type('n');
    await page.clock.runFor(800);
    await page.keyboard.type('p');
    const active = await list.getAttribute('aria-activedescendant');
    await expect(page.locator(`[id="${active}"]`)).toHaveText(/^P/);
    await page.clock.resume();
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();

    await number.fill('15112345678');
    await page.getByRole('textbox', { name: 'Imię', exact: true }).fill('Zofia');
    await page.getByRole('radio', { name: 'Pani' }).click();
    await page.getByRole('textbox', { name: 'Ulica', exact: true }).fill('Mokotowska');
    await page.getByRole('textbox', { name: 'Miejscowość', exact: true }).fill('Warszawa');
    await page.getByRole('checkbox', { name: 'pocztą elektroniczną (e-mail)', exact: true }).click();
    await page.getByRole('button', { name: 'Zapisz zmiany' }).click();
    await expect(success(page)).toContainText('Twoje dane zostały zapisane.');
    await closePopup(page);

    const me = await page.request.get('/panel/api/v1/customers/item');
    const data = (await me.json()).data;
    expect(data).toMatchObject({ name: 'Zofia', honorific: 'MRS', phone: '15112345678', phone_prefix: '49' });
    expect(data.customer).toMatchObject({ street: 'Mokotowska', term_4_email: true });

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Imię', exact: true })).toHaveValue('Zofia', {
      timeout: 15_000,
    });
    await expect(page.getByTestId('phone-country')).toContainText('+49');
    // Rules consents already given cannot be withdrawn; marketing ones can.
    // The one wording of each consent (packages/shared/src/consents.ts), with the day it was given.
    await expect(
      page.getByRole('checkbox', { name: /^Akceptuję Regulamin Excellence Club\./ }),
    ).toBeDisabled();
    await expect(
      page.getByRole('checkbox', {
        name: /^pocztą elektroniczną \(e-mail\) \(udzielona \d\d\.\d\d\.\d{4}\)$/,
      }),
    ).toBeEnabled();
  });

  test('the country list opens upward when there is little room below', async ({ page, request }) => {
    await page.setViewportSize({ width: 1280, height: 700 });
    const user = await newUser(request);
    await signIn(page, user, '/panel/account/user-info');
    // The form as the member sees it, filled: nothing above the picker moves any more.
    await expect(page.getByRole('textbox', { name: 'Adres e-mail', exact: true })).toHaveValue(user.email);
    const picker = page.getByTestId('phone-country');
    /**
     * Scrolls (at once: the page scrolls smoothly by default, and a click during the animation, or after
     * the app's own scroll to the top, measures another position) until the picker's bottom edge is
     * `room` px above the window's, and returns the room there is below it.
     */
    const roomBelowAfterScrolling = (room: number) =>
      picker.evaluate((el, wanted) => {
        const below = () => window.innerHeight - el.getBoundingClientRect().bottom;
        if (Math.abs(below() - wanted) > 1) window.scrollBy({ top: wanted - below(), behavior: 'instant' });
        return below();
      }, room);
    await expect.poll(() => roomBelowAfterScrolling(60)).toBeLessThan(UPWARD_BELOW_PX);
    await expect(picker).toBeInViewport();
    await picker.click();
    await expect(page.getByRole('listbox')).toHaveAttribute('data-placement', 'top');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox')).toBeHidden();
    await expect.poll(() => roomBelowAfterScrolling(520)).toBeGreaterThan(UPWARD_BELOW_PX);
    await expect(picker).toBeInViewport();
    await picker.click();
    await expect(page.getByRole('listbox')).toHaveAttribute('data-placement', 'bottom');
  });

  test('interests: at least 6, Save disabled below, saved selection comes back', async ({
    page,
    request,
  }) => {
    await signIn(page, await newUser(request), '/panel/account/your-interests');
    const save = page.getByRole('button', { name: 'Zapisz', exact: true });
    await expect(page.getByRole('checkbox')).toHaveCount(12);
    await expect(page.getByText('Wybierz co najmniej 6 zainteresowań.')).toBeVisible();
    await expect(save).toBeDisabled();
    for (const name of ['Dni torowe', 'Golf', 'Żeglarstwo', 'Sztuka i design', 'Wino i enoturystyka']) {
      await tile(page, name).click();
    }
    await expect(page.getByTestId('interests-counter')).toHaveText('Wybrano 5 zainteresowań');
    await expect(save).toBeDisabled();
    // Keyboard: Tab to the next tile and tick it with Space.
    await page.getByRole('checkbox', { name: 'Wino i enoturystyka' }).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await expect(page.getByRole('checkbox', { name: 'Wellness i spa' })).toBeChecked();
    await expect(page.getByText('Wybierz co najmniej 6 zainteresowań.')).toBeHidden();
    await expect(save).toBeEnabled();
    await save.click();
    await expect(success(page)).toContainText('Twoje zainteresowania zostały zapisane.');
    await closePopup(page);
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Golf' })).toBeChecked({ timeout: 15_000 });
    await expect(page.getByRole('checkbox', { name: 'Gastronomia i degustacje' })).not.toBeChecked();
  });

  test('invoice data: NIP checksum for Poland, any value elsewhere', async ({ page, request }) => {
    await signIn(page, await newUser(request), '/panel/account/invoice-info');
    await page.getByRole('textbox', { name: 'Nazwa firmy', exact: true }).fill('Zielińska Design');
    await page.getByRole('textbox', { name: 'Ulica', exact: true }).fill('Mokotowska');
    await page.getByRole('textbox', { name: 'Numer budynku', exact: true }).fill('5');
    await page.getByRole('textbox', { name: 'Kod pocztowy', exact: true }).fill('00-640');
    await page.getByRole('textbox', { name: 'Miejscowość', exact: true }).fill('Warszawa');
    await expect(page.getByRole('combobox', { name: 'Kraj (prefiks NIP)' })).toHaveValue('PL');
    await page.getByRole('textbox', { name: 'NIP', exact: true }).fill('526-025-02-75');
    await page.getByRole('button', { name: 'Zapisz dane do faktury' }).click();
    await expect(page.getByText(/^Nieprawidłowy numer NIP: 10 cyfr/)).toBeVisible();
    await page.getByRole('textbox', { name: 'NIP', exact: true }).fill('526-025-02-74');
    await page.getByRole('button', { name: 'Zapisz dane do faktury' }).click();
    await expect(success(page)).toContainText('Dane do faktury zostały zapisane.');
    await closePopup(page);
    await page.getByRole('combobox', { name: 'Kraj (prefiks NIP)' }).selectOption('DE');
    await page.getByRole('textbox', { name: 'NIP', exact: true }).fill('DE123456789');
    await page.getByRole('button', { name: 'Zapisz dane do faktury' }).click();
    await expect(success(page)).toContainText('Dane do faktury zostały zapisane.');
    const data = (await (await page.request.get('/panel/api/v1/customers/item')).json()).data;
    expect(data.customer).toMatchObject({
      tax_number_prefix: 'DE',
      tax_number: '123456789', // stored as FA(3) sends it: without the prefix (issue 30)
      invoice_city: 'Warszawa',
    });
  });

  test('password change: wrong current password, success resets the form, the rotated session keeps working', async ({
    page,
    request,
    expectFailure,
  }) => {
    expectFailure({ status: 422, method: 'POST', url: '/panel/api/v1/auth/change-password' });
    const user = await newUser(request);
    await signIn(page, user, '/panel/account/password-change');
    await expect(page.getByText('co najmniej 8 znaków')).toBeVisible();
    await page.getByRole('textbox', { name: 'Obecne hasło', exact: true }).fill('Wrong#Pass1');
    await page.getByRole('textbox', { name: 'Nowe hasło', exact: true }).fill('Nowe#Haslo2027');
    await page.getByRole('textbox', { name: 'Powtórz nowe hasło', exact: true }).fill('Nowe#Haslo2028');
    await page.getByRole('button', { name: 'Zmień hasło' }).click();
    await expect(page.getByText('Hasła muszą być takie same.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Powtórz nowe hasło', exact: true }).fill('Nowe#Haslo2027');
    await page.getByRole('button', { name: 'Zmień hasło' }).click();
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(1);
    await page.getByRole('textbox', { name: 'Obecne hasło', exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Zmień hasło' }).click();
    await expect(success(page)).toContainText('Hasło zostało zmienione.');
    await closePopup(page);
    await expect(page.getByRole('textbox', { name: 'Obecne hasło', exact: true })).toHaveValue('');
    await expect(page.getByRole('textbox', { name: 'Nowe hasło', exact: true })).toHaveValue('');

    // The next state-changing call uses the new CSRF token.
    await page.getByRole('link', { name: 'Twoje zainteresowania' }).click();
    for (const name of [
      'Dni torowe',
      'Golf',
      'Żeglarstwo',
      'Sztuka i design',
      'Wino i enoturystyka',
      'Wellness i spa',
    ]) {
      await tile(page, name).click();
    }
    await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
    await expect(success(page)).toContainText('Twoje zainteresowania zostały zapisane.');
    const login = await request.post('/panel/api/v1/auth/login', {
      data: { email: user.email, password: 'Nowe#Haslo2027' },
    });
    expect(login.status()).toBe(200);
  });

  test('removing the account asks first, ends at /logout, and the account is gone', async ({
    page,
    request,
  }) => {
    const user = await newUser(request);
    await signIn(page, user, '/panel/account/user-info');
    await page.getByRole('button', { name: 'Usuń konto' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Czy na pewno chcesz usunąć konto?');
    await dialog.getByRole('button', { name: 'Anuluj' }).click();
    await expect(dialog).toBeHidden();
    expect((await page.request.get('/panel/api/v1/customers/item')).status()).toBe(200);

    await page.getByRole('button', { name: 'Usuń konto' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Usuń konto' }).click();
    await expect(page).toHaveURL(/\/panel\/login$/, { timeout: 15_000 });
    expect((await page.request.get('/panel/api/v1/auth/me')).status()).toBe(401);
    const login = await request.post('/panel/api/v1/auth/login', {
      data: { email: user.email, password: user.password },
    });
    expect(login.status()).toBe(401);
  });

  test('a failed load shows the error with a refresh link that retries', async ({
    page,
    request,
    expectFailure,
  }) => {
    expectFailure({ status: 500, method: 'GET', url: '/panel/api/v1/customers/item' });
    let fail = true;
    await page.route('**/panel/api/v1/customers/item', (route) =>
      fail ? route.fulfill({ status: 500, json: { success: false, message: 'x' } }) : route.continue(),
    );
    await signIn(page, await newUser(request), '/panel/account/club-card');
    const alert = page.getByRole('alert').filter({ hasText: 'Nie udało się załadować danych.' });
    await expect(alert).toBeVisible({ timeout: 15_000 });
    fail = false;
    await alert.getByRole('button').click();
    await expect(page.getByTestId('club-card')).toBeVisible();
  });
});

test.describe('account in English and as a dealer', () => {
  test('an English member sees English texts and validation', async ({ page, request }) => {
    await signIn(page, await newUser(request, 'CUSTOMER', 'en'), '/panel/account/user-info');
    await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
    await expect(page.getByTestId('phone-country')).toContainText('+48');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('This field is required.')).toBeVisible();
    await page.getByRole('link', { name: 'Your interests' }).click();
    await expect(page.getByText('Select at least 6 interests.')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Track days' })).toBeVisible();
    await page.getByRole('link', { name: 'Invoice info' }).click();
    await expect(page.getByRole('combobox', { name: 'Country (tax number prefix)' })).toHaveValue('PL');
    await page.getByRole('link', { name: 'Password change' }).click();
    await expect(page.getByText('at least 8 characters')).toBeVisible();
    await page.getByRole('link', { name: 'Club card' }).click();
    await expect(page.getByText('Member since')).toBeVisible();
  });

  test('a dealer sees the account read-only: profile, interests, invoice and removal disabled', async ({
    page,
    request,
  }) => {
    await signIn(page, await newUser(request, 'DEALER'), '/panel/account/club-card');
    await expect(page.getByTestId('club-card')).toBeVisible();
    await expect(page.getByText('Mój kalendarz wydarzeń')).toBeHidden();
    await expect(
      page.getByRole('navigation', { name: 'Podmenu' }).getByRole('link', { name: 'Historia zakupów' }),
    ).toBeHidden();

    await page.getByRole('link', { name: 'Dane użytkownika' }).click();
    await expect(page.getByRole('main').getByRole('note')).toContainText(
      'Te dane może zmieniać tylko członek klubu.',
    );
    await expect(page.getByRole('textbox', { name: 'Imię', exact: true })).toBeDisabled();
    await expect(page.getByTestId('phone-country')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Zapisz zmiany' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Usuń konto' })).toBeDisabled();

    await page.getByRole('link', { name: 'Twoje zainteresowania' }).click();
    const boxes = page.getByRole('checkbox');
    await expect(boxes).toHaveCount(12);
    for (const [index, checked] of [
      true,
      false,
      true,
      false,
      true,
      false,
      true,
      false,
      true,
      false,
      true,
      false,
    ].entries()) {
      if (checked) await expect(boxes.nth(index)).toBeChecked();
      else await expect(boxes.nth(index)).not.toBeChecked();
      await expect(boxes.nth(index)).toBeDisabled();
    }
    await expect(page.getByRole('button', { name: 'Zapisz', exact: true })).toBeDisabled();

    await page.getByRole('link', { name: 'Dane do faktury' }).click();
    await expect(page.getByRole('textbox', { name: 'Nazwa firmy', exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Zapisz dane do faktury' })).toBeDisabled();

    await page.getByRole('link', { name: 'Zmiana hasła' }).click();
    await expect(page.getByRole('textbox', { name: 'Obecne hasło', exact: true })).toBeEnabled();
  });

  for (const [lang, user] of [
    ['pl', demo.customer],
    ['en', demo.customerEn],
  ] as const) {
    test(`every account screen fits 390 px (${lang})`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await signIn(page, user, '/panel/account/club-card');
      for (const path of ['club-card', 'user-info', 'password-change', 'your-interests', 'invoice-info']) {
        await page.goto(`/panel/account/${path}`);
        await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible({ timeout: 15_000 });
        await noHorizontalScroll(page);
      }
    });
  }
});
