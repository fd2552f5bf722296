import { expect, newUser, PHONE, signIn, test } from './fixtures';
import { axeProblems } from './support/axe';
import { openInApp } from './support/in-app';
import { screenProblems } from './support/person-checks';
import { newExperienceOnSale, placePaidOrder } from './support/shop';
import { clubDay } from './support/club-day';

/**
 * The event day (issue 29), at 390 px in Polish and in English: a member pays a booking for
 * themselves and a guest (set up through the API) and sees the tickets' QR codes on the club card
 * screen and in the order's details; staff at a phone-width gate choose the experience, type the
 * member's code and see a green "in" with the name; the same code again is a red "already in".
 * Camera scanning is not in this slice (docs/event-day.md): the code is typed, as a reader would.
 */

const TEXT = {
  pl: {
    tickets: 'Moje bilety',
    experience: 'Wydarzenie',
    code: 'Kod biletu',
    check: 'Sprawdź',
    in: 'Wejście',
    again: 'Już wpuszczono',
  },
  en: {
    tickets: 'My tickets',
    experience: 'Experience',
    code: 'Ticket code',
    check: 'Check',
    in: 'In',
    again: 'Already in',
  },
} as const;

const tomorrow = () => clubDay(1);

for (const lang of ['pl', 'en'] as const) {
  test(`a paid booking's ticket lets its holder in once (${lang})`, async ({ browser, baseURL, asStaff }) => {
    const t = TEXT[lang];
    const name = `Bramka ${lang} ${Date.now()}`;
    const productId = await newExperienceOnSale(browser, baseURL!, name, 10, { start_date: tomorrow() });

    const context = await browser.newContext({
      ...PHONE,
      baseURL,
      locale: lang === 'en' ? 'en-GB' : 'pl-PL',
    });
    const page = await context.newPage();
    const member = await newUser(context.request, 'CUSTOMER', lang);
    await signIn(page, member, null);
    const order = await placePaidOrder(context.request, productId, {
      quantity: 2,
      persons: [{ name: 'Łucja', surname: 'Świętochowska' }],
    });
    await page.goto('/panel/account/club-card');
    await expect(page.getByTestId('splash')).toBeHidden({ timeout: 15_000 });
    const tickets = page.getByTestId('my-tickets');
    await expect(tickets.getByRole('heading', { name: t.tickets })).toBeVisible();
    const cards = tickets.getByTestId('ticket');
    await expect(cards).toHaveCount(2);
    await expect(cards.first().locator('svg')).toBeVisible();
    await expect(cards.nth(1)).toContainText('Łucja Świętochowska');
    expect([
      ...(await axeProblems(page, 'my tickets')),
      ...(await screenProblems(page, lang, 'my tickets')),
    ]).toEqual([]);
    const code = await cards.first().getAttribute('data-code');
    expect(code).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // The order's details show the same tickets.
    await openInApp(page, '/panel/account/shopping-history');
    await page.getByRole('button', { name: new RegExp(`${order.id}`) }).click();
    const inOrder = page.getByRole('dialog').getByTestId('ticket');
    await expect(inOrder).toHaveCount(2);
    await expect(inOrder.first()).toHaveAttribute('data-code', code!);
    await expect(inOrder.first().locator('svg')).toBeVisible();

    const { page: gate } = await asStaff('OPERATOR', {
      language: lang,
      phone: true,
      path: '/panel/admin/gate',
    });
    const experience = gate.getByRole('combobox', { name: t.experience });
    const option = experience.locator('option', { hasText: name });
    await experience.selectOption((await option.getAttribute('value'))!);
    const field = gate.getByRole('textbox', { name: t.code });
    await field.fill(code!);
    await gate.getByRole('button', { name: t.check, exact: true }).click();
    const result = gate.getByTestId('gate-result');
    await expect(result).toHaveAttribute('data-result', 'IN');
    await expect(result).toContainText(t.in);
    await expect(gate.getByTestId('gate-count-in')).toContainText('1');
    await field.fill(code!);
    await gate.getByRole('button', { name: t.check, exact: true }).click();
    await expect(result).toHaveAttribute('data-result', 'ALREADY_IN');
    await expect(result).toContainText(t.again);
    // The red refusal is read by axe and a person's checks like any screen (contrast, words, cover).
    expect([...(await axeProblems(gate, 'gate')), ...(await screenProblems(gate, lang, 'gate'))]).toEqual([]);
    await context.close();
  });
}
