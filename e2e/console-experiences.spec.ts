import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, newUser, signIn, test } from './fixtures';
import { axeProblems } from './support/axe';
import { clubDay } from './support/club-day';

// Sign-ins through the splash, uploads and a member's visit per test.
test.describe.configure({ timeout: 300_000 });

/**
 * The console's experiences (issue 16): an operator creates one with photos and publishes it, a member
 * finds it, opens it and adds it to the cart; two staff members saving the same experience: the
 * second save is refused and offers the current version; axe on every screen at 1440 and 390 px.
 */

const photo = (name: string) => ({
  name,
  mimeType: 'image/webp',
  buffer: readFileSync(new URL(`../apps/server/media/products/${name}`, import.meta.url)),
});
const inDays = (days: number) => clubDay(days);
const unique = () => Math.random().toString(36).slice(2, 8);

/** From the console's start to the experiences, through the navigation (on a phone, its menu). */
async function openExperiences(page: Page, lang: 'pl' | 'en', phone = false) {
  if (phone)
    await page
      .getByRole('button', { name: lang === 'pl' ? 'Otwórz menu konsoli' : 'Open the console menu' })
      .click();
  await page
    .getByRole('link', { name: lang === 'pl' ? 'Wydarzenia' : 'Experiences', exact: true })
    .first()
    .click();
  await expect(
    page.getByRole('heading', { name: lang === 'pl' ? 'Wydarzenia' : 'Experiences', level: 1 }),
  ).toBeVisible();
}

/** Fills the new experience's form as a person does (Polish console). */
async function fillNewExperience(page: Page, name: { pl: string; en: string }, price: string) {
  await page.getByLabel('Nazwa (polski)').fill(name.pl);
  await page.getByLabel('Nazwa (angielski)').fill(name.en);
  await page.getByRole('combobox', { name: 'Kategoria' }).selectOption({ label: 'Motorsport' });
  await page.getByLabel('Data rozpoczęcia').fill(inDays(45));
  await page.getByLabel('Godzina rozpoczęcia').fill('09:30');
  await page.getByLabel('Miejsce (polski)').fill('Tor Poznań');
  await page.getByLabel('Miejsce (angielski)').fill('Poznań circuit');
  await page.getByLabel('Cena (zł)').fill(price);
  await page.getByLabel('Liczba miejsc').fill('12');
  await page.getByRole('textbox', { name: 'Opis (polski)' }).fill('Dzień z instruktorem na torze.');
  await page
    .getByRole('textbox', { name: 'Opis (angielski)' })
    .fill('A day with an instructor on the circuit.');
  await page.getByLabel('Pytanie w koszyku (polski)').fill('Numer rejestracyjny');
  await page.getByLabel('Pytanie w koszyku (angielski)').fill('Registration number');
  await page.getByRole('button', { name: 'Dodaj zgodę' }).click();
  await page.getByLabel('Zgoda 1 (polski)').fill('Regulamin toru');
  await page.getByLabel('Zgoda 1 (angielski)').fill('Circuit rules');
}

test('an operator creates an experience with photos and publishes it; a member finds it, opens it and adds it to the cart', async ({
  asStaff,
  browser,
  request,
  baseURL,
  expectFailure,
}) => {
  const { page } = await asStaff('OPERATOR');
  await openExperiences(page, 'pl');
  const name = { pl: `Dzień toru ${unique()}`, en: `Track day ${unique()}` };
  await page.getByRole('link', { name: 'Nowe wydarzenie' }).click();
  await expect(page.getByRole('heading', { name: 'Nowe wydarzenie', level: 1 })).toBeVisible();

  // A missing name is refused on the spot, in Polish.
  await page.getByRole('button', { name: 'Utwórz szkic' }).click();
  await expect(page.getByText('To pole jest wymagane.').first()).toBeVisible();

  await fillNewExperience(page, name, '1450');
  await page.getByRole('button', { name: 'Utwórz szkic' }).click();
  await expect(page.getByText('Utworzono szkic.')).toBeVisible();
  await expect(page.getByText('Szkic', { exact: true })).toBeVisible();

  // Two photos at once through the file picker, each with its progress, then captioned and reordered.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'wybierz pliki' }).click();
  await (await chooser).setFiles([photo('track-day.webp'), photo('alpine-passes.webp')]);
  const items = page.getByTestId('photo-item');
  await expect(items).toHaveCount(2);
  await expect(items.first().getByText('Okładka')).toBeVisible();
  // A file that is not a photo is refused with the server's reason, and nothing is added.
  expectFailure({ status: 415, method: 'POST', url: /\/admin\/catalog\/products\/\d+\/photos$/ });
  const refused = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'wybierz pliki' }).click();
  await (await refused).setFiles({
    name: 'logo.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  });
  await expect(page.getByRole('alert').filter({ hasText: 'pliki SVG nie są przyjmowane' })).toBeVisible();
  await expect(items).toHaveCount(2);

  await items.nth(1).getByLabel('Podpis (polski)').fill('Przełęcze alpejskie');
  await items.nth(1).getByLabel('Podpis (angielski)').fill('Alpine passes');
  await items.nth(1).getByRole('button', { name: 'Zapisz podpisy' }).click();
  await expect(items.nth(1).getByText('Podpisy zapisane.')).toBeVisible();
  // The keyboard alternative of dragging: the second photo moves first.
  await page.getByRole('button', { name: 'Przesuń zdjęcie 2 wcześniej' }).click();
  await expect(items.first().getByLabel('Podpis (angielski)')).toHaveValue('Alpine passes');
  await items.first().getByRole('button', { name: 'Ustaw jako okładkę' }).click();
  await expect(items.first().getByText('Okładka')).toBeVisible();

  // The preview shows the member's card and page, in both languages.
  await page.getByRole('button', { name: 'Pokaż podgląd' }).click();
  const preview = page.getByTestId('experience-preview');
  await expect(preview.getByRole('heading', { name: name.pl, level: 3 })).toBeVisible();
  await expect(preview.getByRole('button', { name: 'Dodaj do koszyka' }).first()).toBeDisabled();
  await preview.getByRole('button', { name: 'English' }).click();
  await expect(preview.getByRole('heading', { name: name.en, level: 3 })).toBeVisible();
  await expect(preview.getByRole('button', { name: 'Add to cart' }).first()).toBeDisabled();

  // Publishing shows it to every member at once: the console asks first.
  await page.getByRole('button', { name: 'Opublikuj (sprzedaż)' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Opublikować w sprzedaży?' });
  await expect(confirm.getByText(/Członkowie klubu od razu zobaczą to wydarzenie/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Opublikuj (sprzedaż)' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Status: W sprzedaży.')).toBeVisible();

  // The list finds it by its name, its status filter kept in the address.
  await page.getByRole('link', { name: 'Wróć do listy' }).click();
  await page.getByLabel('Szukaj', { exact: true }).fill(name.pl);
  await page.getByRole('combobox', { name: 'Status' }).selectOption('on_sale');
  await page.getByRole('button', { name: 'Szukaj', exact: true }).click();
  await expect(page).toHaveURL(/status=on_sale/);
  await expect(page.getByTestId('experience-row')).toHaveCount(1);
  await expect(page.getByTestId('experience-row')).toContainText(/1\s?450,00/);

  // A member, in another browser: the list, the page, the cart.
  const context = await browser.newContext({ baseURL });
  const member = await context.newPage();
  const user = await newUser(request);
  await signIn(member, user, '/panel/experiences/motorsport');
  const card = member.getByTestId('product-card').filter({ hasText: name.pl });
  while ((await card.count()) === 0) {
    const more = member.getByRole('button', { name: 'Załaduj więcej' });
    await more.click();
  }
  await card.getByRole('link', { name: name.pl, exact: true }).click();
  await expect(member.getByRole('heading', { name: name.pl, level: 1 })).toBeVisible();
  await expect(member.getByTestId('product-price')).toHaveText(/1\s?450,00/);
  // The captioned photo, moved first by the operator, is named by its Polish caption.
  await expect(member.getByRole('button', { name: 'Przełęcze alpejskie' })).toBeVisible();
  await member.getByRole('button', { name: 'Dodaj do koszyka' }).click();
  await expect(member.getByRole('link', { name: 'W koszyku' })).toBeVisible();
  await expect(member.getByRole('link', { name: 'Koszyk: 1 pozycja' })).toBeVisible();
  await context.close();
});

test('a save on a stale version is refused with a clear message and the current version can be loaded (en)', async ({
  asStaff,
  expectFailure,
}) => {
  const first = await asStaff('OPERATOR', { language: 'en' });
  await openExperiences(first.page, 'en');
  await first.page.getByRole('link', { name: 'New experience' }).click();
  const name = `Stale check ${unique()}`;
  await first.page.getByLabel('Name (Polish)').fill(name);
  await first.page.getByLabel('Name (English)').fill(name);
  await first.page.getByLabel('Start date').fill(inDays(60));
  await first.page.getByLabel('Price (PLN)').fill('500');
  await first.page.getByRole('button', { name: 'Create draft' }).click();
  await expect(first.page.getByText('Draft created.')).toBeVisible();

  // A colleague opens the same experience and saves a new price first.
  const second = await asStaff('ADMIN', { language: 'en' });
  await openExperiences(second.page, 'en');
  await second.page.getByLabel('Search', { exact: true }).fill(name);
  await second.page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(second.page.getByTestId('experience-row')).toHaveCount(1);
  await second.page.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(second.page.getByLabel('Price (PLN)')).toHaveValue('500');
  await second.page.getByLabel('Price (PLN)').fill('650');
  await second.page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(second.page.getByText('Saved.', { exact: true })).toBeVisible();

  // The first page still holds version 1: its save is refused, nothing is overwritten.
  expectFailure({ status: 409, method: 'PUT', url: /\/admin\/catalog\/products\/\d+$/ });
  await first.page.getByLabel('Place (English)').fill('Silverstone');
  await first.page.getByRole('button', { name: 'Save', exact: true }).click();
  const dialog = first.page.getByRole('dialog', { name: 'Someone changed this experience' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/Someone else changed this while you were editing/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Load the current version' }).click();
  await expect(dialog).toBeHidden();
  await expect(first.page.getByLabel('Price (PLN)')).toHaveValue('650');
  await expect(first.page.getByLabel('Place (English)')).toHaveValue('');
  await expect(first.page.getByText('Version 2')).toBeVisible();
});

for (const phone of [false, true]) {
  test(`axe finds nothing on the experiences screens at ${phone ? '390' : '1440'} px`, async ({
    asStaff,
  }) => {
    const lang = phone ? 'en' : 'pl';
    const { page } = await asStaff('OPERATOR', { phone, language: lang });
    if (!phone) await page.setViewportSize({ width: 1440, height: 900 });
    await openExperiences(page, lang, phone);
    const problems: string[] = [];
    const scan = async (where: string) => {
      problems.push(...(await axeProblems(page, where)));
    };
    await expect(page.getByTestId('experience-row').first()).toBeVisible();
    await scan('list');
    await page.getByTestId('experience-row').first().getByRole('link').click();
    await expect(page.getByTestId('photo-drop-zone')).toBeVisible();
    await expect(
      page.getByRole('textbox', { name: phone ? 'Description (Polish)' : 'Opis (polski)' }),
    ).toBeVisible();
    await scan('edit');
    await page.getByRole('button', { name: phone ? 'Show preview' : 'Pokaż podgląd' }).click();
    await expect(page.getByTestId('experience-preview').getByTestId('product-card')).toBeVisible();
    await scan('preview');
    await page.getByRole('link', { name: phone ? 'Back to the list' : 'Wróć do listy' }).click();
    await page.getByRole('link', { name: phone ? 'New experience' : 'Nowe wydarzenie' }).click();
    await expect(
      page.getByRole('textbox', { name: phone ? 'Description (Polish)' : 'Opis (polski)' }),
    ).toBeVisible();
    await scan('new');
    expect(problems).toEqual([]);
  });
}
