import { expect, newUser, test } from './fixtures';
import { axeProblems } from './support/axe';
import { screenProblems, tapLikeAPerson } from './support/person-checks';
import { newExperienceOnSale, placePaidOrder } from './support/shop';
import { clubDay } from './support/club-day';

/**
 * The door list and the check-in lists (issue 29), at 390 px in Polish and English: a member's
 * paid booking for themselves and a guest (through the API); staff at a phone choose the experience
 * at the gate, go to the door list by its tab, find the guest by a surname typed without Polish
 * letters, tick her in (confirming), and the gate's counts say the same; then they add a second
 * list ("Padok", with check-out) in the check-in lists.
 */

const TEXT = {
  pl: {
    experience: 'Wydarzenie',
    doorList: 'Lista gości',
    gate: 'Wejście',
    lists: 'Listy wejść',
    find: 'Znajdź na liście',
    tick: 'Jest: Łucja Świętochowska',
    letIn: 'Wpuść',
    add: 'Dodaj listę',
    name: 'Nazwa',
    checkOut: 'Goście wychodzą i wracają (wymeldowanie)',
    added: 'z wymeldowaniem',
  },
  en: {
    experience: 'Experience',
    doorList: 'Door list',
    gate: 'Gate',
    lists: 'Check-in lists',
    find: 'Find on the list',
    tick: 'In: Łucja Świętochowska',
    letIn: 'Let in',
    add: 'Add a list',
    name: 'Name',
    checkOut: 'Guests leave and come back (check-out)',
    added: 'with check-out',
  },
} as const;

const tomorrow = () => clubDay(1);

for (const lang of ['pl', 'en'] as const) {
  test(`staff tick a guest in on the door list and add a second list (${lang})`, async ({
    browser,
    baseURL,
    asStaff,
  }) => {
    const t = TEXT[lang];
    const name = `Lista gości ${lang} ${Date.now()}`;
    const productId = await newExperienceOnSale(browser, baseURL!, name, 10, { start_date: tomorrow() });
    const buyer = await browser.newContext({ baseURL });
    const member = await newUser(buyer.request, 'CUSTOMER', lang);
    const login = await buyer.request.post('/panel/api/v1/auth/login', {
      data: { email: member.email, password: member.password },
    });
    expect(login.status()).toBe(200);
    await placePaidOrder(buyer.request, productId, {
      quantity: 2,
      persons: [{ name: 'Łucja', surname: 'Świętochowska' }],
    });
    await buyer.close();

    const { page } = await asStaff('OPERATOR', { language: lang, phone: true, path: '/panel/admin/gate' });
    const experience = page.getByRole('combobox', { name: t.experience });
    const option = experience.locator('option', { hasText: name });
    await experience.selectOption((await option.getAttribute('value'))!);
    await expect(page.getByTestId('gate-count-expected')).toContainText('2');

    // The door list opens on the list this phone's gate serves.
    await tapLikeAPerson(page.getByRole('link', { name: t.doorList, exact: true }));
    await expect(page.getByRole('heading', { level: 1, name: t.doorList })).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(3);
    await expect(page.getByTestId('door-count-in')).toContainText('0');
    await page.getByRole('searchbox', { name: t.find }).fill('swieto');
    await expect(page.getByRole('row')).toHaveCount(2);
    const tick = page.getByRole('checkbox', { name: t.tick });
    await expect(tick).toHaveAttribute('aria-checked', 'false');
    await tapLikeAPerson(tick);
    await tapLikeAPerson(page.getByRole('alertdialog').getByRole('button', { name: t.letIn, exact: true }));
    await expect(tick).toHaveAttribute('aria-checked', 'true');
    // The list does not keep check-outs: the tick stays.
    await expect(tick).toBeDisabled();
    await expect(page.getByTestId('door-count-in')).toContainText('1');
    await expect(page.getByTestId('door-count-not_yet')).toContainText('1');
    expect([
      ...(await axeProblems(page, 'door list')),
      ...(await screenProblems(page, lang, 'door list')),
    ]).toEqual([]);

    // The gate counts the same.
    await tapLikeAPerson(page.getByRole('link', { name: t.gate, exact: true }));
    await expect(page.getByTestId('gate-count-in')).toContainText('1');
    await expect(page.getByTestId('gate-count-not_yet')).toContainText('1');

    // A second list of the experience, with check-out.
    await tapLikeAPerson(page.getByRole('link', { name: t.lists, exact: true }));
    await tapLikeAPerson(page.getByRole('button', { name: t.add }));
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: t.name }).fill('Padok');
    await tapLikeAPerson(dialog.getByRole('checkbox', { name: t.checkOut }));
    await tapLikeAPerson(dialog.getByRole('button', { name: t.add }));
    await expect(dialog).toBeHidden();
    const added = page.getByRole('listitem').filter({ hasText: 'Padok' });
    await expect(added).toContainText(t.added);
    expect([
      ...(await axeProblems(page, 'check-in lists')),
      ...(await screenProblems(page, lang, 'check-in lists')),
    ]).toEqual([]);
  });
}
