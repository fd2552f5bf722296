import { demo, expect, newUser, signIn, test } from './fixtures';
import { openInApp } from './support/in-app';

test.describe('experiences', () => {
  test('a member browses a category, loads more, opens an experience and goes back to where they came from', async ({
    page,
    request,
    expectFailure,
  }) => {
    // The unknown experience opened at the end.
    expectFailure({ status: 404, method: 'GET', url: '/panel/api/v1/products/item/999999' });
    await signIn(page, await newUser(request), '/panel/experiences');
    const submenu = page.getByRole('navigation', { name: 'Podmenu' });
    await expect(submenu.getByRole('link', { name: 'Wybrane dla Ciebie' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Kategorie' })).toBeVisible();
    await submenu.getByRole('link', { name: 'Motorsport' }).click();
    await expect(page).toHaveURL(/\/panel\/experiences\/motorsport$/);

    const cards = page.getByTestId('product-card');
    // The console's browser tests may publish experiences in this category: the total is the server's.
    const list = await (
      await page.request.get('/panel/api/v1/products/items?page=1&where[category_id]=1')
    ).json();
    const total = (list.meta as { total: number }).total;
    expect(total).toBeGreaterThan(12);
    await expect(cards).toHaveCount(12);
    await page.getByRole('button', { name: 'Załaduj więcej' }).click();
    await expect(cards).toHaveCount(Math.min(total, 24));
    if (total <= 24) await expect(page.getByRole('button', { name: 'Załaduj więcej' })).toHaveCount(0);

    await page.getByRole('link', { name: 'Szczegóły: Dzień torowy na Torze Poznań' }).click();
    await expect(page).toHaveURL(
      /\/panel\/experiences\/motorsport\/\d+-dzien-torowy-na-torze-poznan\?prevRoute=/,
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Dzień torowy na Torze Poznań' })).toBeVisible();
    await expect(page.getByTestId('product-price')).toHaveText('2 900,00 zł');
    await expect(page.getByText('Dostępne').first()).toBeVisible();
    await expect(page.getByRole('link', { name: /Program dnia/ })).toHaveAttribute(
      'href',
      /\/panel\/media\/files\/.+\.pdf$/,
    );

    await page.getByRole('link', { name: 'Wróć', exact: true }).click();
    await expect(page).toHaveURL(/\/panel\/experiences\/motorsport$/);

    // The id alone and the alias resolve too; an unknown category or id is not found (each address
    // opened inside the app, as a link to it would: the router resolves it the same way).
    await openInApp(page, '/panel/experiences/motorsport/track-day-tor-poznan');
    await expect(page.getByRole('heading', { level: 1, name: 'Dzień torowy na Torze Poznań' })).toBeVisible();
    await openInApp(page, '/panel/experiences/no-such-category');
    await expect(page).toHaveURL(/\/panel\/not-found$/);
    await openInApp(page, '/panel/experiences/motorsport/999999');
    await expect(page).toHaveURL(/\/panel\/not-found$/);
  });

  test('the product page shows the announcement, and the waiting list can be joined once', async ({
    page,
    request,
  }) => {
    await signIn(page, await newUser(request), '/panel/experiences/wyprawy/lapland-arctic-expedition');
    await expect(page.getByRole('main').getByRole('note')).toContainText('Zapisy ruszą wkrótce');
    await expect(page.getByTestId('product-price')).toHaveCount(0);
    await page.getByRole('button', { name: 'Powiadom mnie o publikacji' }).click();
    await expect(page.getByRole('button', { name: 'Powiadomienie ustawione' })).toBeDisabled();

    await openInApp(page, '/panel/experiences/akademia-jazdy');
    const masterclass = page.getByTestId('product-card').filter({ hasText: 'M Masterclass' });
    await masterclass.getByRole('button', { name: 'Zapisz się na listę oczekujących' }).click();
    await expect(masterclass.getByRole('button', { name: 'Powiadomienie ustawione' })).toBeDisabled();
    await page.reload();
    await expect(
      page
        .getByTestId('product-card')
        .filter({ hasText: 'M Masterclass' })
        .getByRole('button', { name: 'Powiadomienie ustawione' }),
    ).toBeDisabled();
    // Sold out with the list closed: a badge, no button.
    const drift = page.getByTestId('product-card').filter({ hasText: 'Szkoła driftu' });
    await expect(drift.getByText('Wyprzedane')).toBeVisible();
    await expect(drift.getByRole('button')).toHaveCount(0);
  });

  test('add to cart updates the button and the cart count', async ({ page, request }) => {
    await signIn(page, await newUser(request), '/panel/experiences/lifestyle');
    const gala = page.getByTestId('product-card').filter({ hasText: 'Gala Excellence Club' }).first();
    await gala.getByRole('button', { name: 'Dodaj do koszyka' }).click();
    await expect(gala.getByRole('link', { name: 'W koszyku' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Koszyk: 1/ })).toBeVisible();
  });

  test('a dealer sees availability but no cart or waiting-list buttons', async ({ page }) => {
    await signIn(page, demo.dealer, '/panel/experiences/akademia-jazdy');
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Dodaj do koszyka' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Zapisz się na listę oczekujących' })).toHaveCount(0);
  });

  test('a past experience leads to its gallery; the slideshow moves by arrows and keys', async ({
    page,
    request,
  }) => {
    await signIn(page, await newUser(request), '/panel/experiences/wyprawy');
    await page
      .getByRole('button', { name: 'Załaduj więcej' })
      .waitFor({ state: 'detached' })
      .catch(() => {});
    const past = page.getByTestId('product-card').filter({ hasText: 'Ekspedycja Atlas i Sahara' });
    await past.getByRole('link', { name: 'Zobacz galerię' }).click();
    await expect(page).toHaveURL(/\/panel\/gallery\?gallery=\d+/);
    const dialog = page.getByRole('dialog', { name: 'Ekspedycja Atlas i Sahara' });
    await expect(dialog).toBeVisible();
    const counter = dialog.getByTestId('slideshow-counter');
    await expect(counter).toHaveText('1 / 8');
    await dialog.getByRole('button', { name: 'Następne zdjęcie' }).click();
    await expect(counter).toHaveText('2 / 8');
    await page.keyboard.press('ArrowRight');
    await expect(counter).toHaveText('3 / 8');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(counter).toHaveText('8 / 8');
    await dialog.getByRole('button', { name: 'Zdjęcie 4' }).click();
    await expect(counter).toHaveText('4 / 8');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/panel\/gallery$/);
  });

  test('gallery filters by year and month and loads more', async ({ page, request }) => {
    await signIn(page, await newUser(request), '/panel/gallery');
    const tiles = page.getByTestId('gallery-tiles').getByRole('listitem');
    /** The galleries the server has for a filter, in order: each tile shows its name (first page). */
    const expected = async (where: string) => {
      const res = await page.request.get(`/panel/api/v1/galleries/items?page=1${where}`);
      const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      return ((await res.json()).data as { name: string }[]).map((g) => new RegExp(literal(g.name)));
    };
    // The console's browser tests may add galleries to the same database: the total is the server's.
    const all = await (await page.request.get('/panel/api/v1/galleries/items?page=1')).json();
    const total = (all.meta as { total: number }).total;
    expect(total).toBeGreaterThan(12);
    await expect(tiles).toHaveCount(12);
    await page.getByRole('button', { name: 'Załaduj więcej' }).click();
    await expect(tiles).toHaveCount(Math.min(total, 24));
    // The year list fills when the gallery dates have arrived (until then it is disabled).
    const year = page.getByLabel('Rok');
    await expect(year).toBeEnabled();
    const years = await year.locator('option').allTextContents();
    const oldest = years[years.length - 1]!;
    await year.selectOption(oldest);
    await expect(page).toHaveURL(new RegExp(`year=${oldest}`));
    // The tiles of that year (the same ones, in order), not the list before it or a spinner.
    const ofYear = await expected(`&where[year]=${oldest}`);
    expect(ofYear.length).toBeGreaterThan(0);
    await expect(tiles).toHaveText(ofYear);
    const monthSelect = page.getByLabel('Miesiąc');
    await expect(monthSelect).toBeEnabled();
    const month = (await monthSelect.locator('option').nth(1).getAttribute('value'))!;
    await monthSelect.selectOption(month);
    await expect(page).toHaveURL(new RegExp(`month=${month}`));
    const ofMonth = await expected(`&where[year]=${oldest}&where[month]=${month}`);
    expect(ofMonth.length).toBeGreaterThan(0);
    await expect(tiles).toHaveText(ofMonth);
  });

  // English at 390 px, the sub-menu toggle to a category with no sideways scroll: phone.spec.ts's
  // 'journey at 390 px, customer in English'; the English category address and title (journeys,
  // "Journeys"): member-wording.spec.ts's 'an address in the other language … (en)'.
});

test.describe('club content', () => {
  test('home film, about, partners, FAQ and contact', async ({ page, request }) => {
    // Most members: the film plays on its own, muted, in a loop.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await signIn(page, await newUser(request), '/panel/home');
    const video = page.getByTestId('home-video');
    const playing = () => video.evaluate((v: HTMLVideoElement) => !v.paused);
    await expect(video).toHaveAttribute('poster', /home-header-poster\.webp$/);
    expect(await video.evaluate((v: HTMLVideoElement) => v.muted && v.loop)).toBe(true);
    await expect.poll(playing).toBe(true);
    await page.getByRole('button', { name: 'Wstrzymaj film' }).click();
    await expect(page.getByRole('button', { name: 'Odtwórz film' })).toBeVisible();
    expect(await playing()).toBe(false);
    await page.getByRole('button', { name: 'Włącz dźwięk' }).click();
    await expect(page.getByRole('button', { name: 'Wycisz' })).toBeVisible();

    // A member who asked for less motion: the poster and the play button; the film plays when pressed.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const nav = page.getByRole('navigation', { name: 'Menu główne' });
    await nav.getByRole('link', { name: 'FAQ', exact: true }).click();
    await nav.getByRole('link', { name: 'Strona główna', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Odtwórz film' })).toBeVisible();
    expect(await playing()).toBe(false);
    await page.getByRole('button', { name: 'Odtwórz film' }).click();
    await expect(page.getByRole('button', { name: 'Wstrzymaj film' })).toBeVisible();
    await expect.poll(playing).toBe(true);

    // Through the main menu, as a member goes (one full load for the whole walk).
    await nav.getByRole('link', { name: 'Excellence Club', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Klub dla tych, którzy oczekują więcej' })).toBeVisible();
    const cardLink = page.getByRole('link', { name: 'Karta klubowa' }).last();
    await expect(cardLink).toHaveAttribute('target', '_blank');
    await expect(cardLink).toHaveAttribute('rel', 'noopener noreferrer');

    await nav.getByRole('link', { name: 'Partnerzy', exact: true }).click();
    await expect(page.getByText('Aurum Horology')).toBeVisible();
    await expect(page.getByRole('link', { name: /Aurum Horology/ })).toHaveAttribute('target', '_blank');

    await nav.getByRole('link', { name: 'FAQ', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Członkostwo', exact: true })).toBeVisible();
    const question = page.getByRole('button', { name: 'Jak długo trwa członkostwo?' });
    await question.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Dwa lata od daty odbioru samochodu.')).toBeVisible();

    await nav.getByRole('link', { name: 'Kontakt', exact: true }).click();
    await expect(page.getByRole('link', { name: 'concierge@excellence-club.example' })).toHaveAttribute(
      'href',
      'mailto:concierge@excellence-club.example',
    );
    await expect(page.getByText('Poniedziałek – piątek, 9:00–18:00')).toBeVisible();
  });
});
