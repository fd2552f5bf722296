import type { Browser } from '@playwright/test';
import { expect, newUser, readOutbox, type TestUser, test } from './fixtures';
import { csrfHeaders, newExperienceOnSale, placePaidOrder } from './support/shop';

test.describe.configure({ timeout: 240_000 });

/**
 * Issue 28 item 17: the seat board shows who is waiting, not only how many. An experience of one seat
 * is sold; three members join its waiting list; staff cancel the order, so the seat is held for the
 * first in line. On the experience's seat board staff see who holds the seat and until when, and the
 * line with names, e-mails, since when and positions; they pass the seat on to the next member
 * (confirmed; that member is mailed) and take the last one off the line. Polish at 390 px, English at
 * 1440 px.
 */
const TEXT = {
  pl: {
    title: 'Lista oczekujących',
    held: 'Miejsce czekające na osobę z listy (1)',
    line: (n: number) => `W kolejce (${n})`,
    passOn: 'Przekaż następnej osobie',
    remove: 'Usuń z listy',
    passedOn: 'przekazano dalej',
    removed: 'Usunięto z listy oczekujących',
    noLine: 'Nikt nie czeka.',
  },
  en: {
    title: 'Waiting list',
    held: 'Seat held for the waiting list (1)',
    line: (n: number) => `In line (${n})`,
    passOn: 'Pass on to the next',
    remove: 'Remove from the list',
    passedOn: 'was passed on',
    removed: 'was removed from the waiting list',
    noLine: 'Nobody is waiting.',
  },
} as const;

const rowOf = (m: TestUser) => new RegExp(m.email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/** A member signed in through the API in a context of their own, on the experience's waiting list. */
async function joinLine(browser: Browser, baseURL: string, productId: number): Promise<TestUser> {
  const context = await browser.newContext({ baseURL });
  const member = await newUser(context.request);
  const login = await context.request.post('/panel/api/v1/auth/login', {
    data: { email: member.email, password: member.password },
  });
  expect(login.status()).toBe(200);
  const joined = await context.request.post(`/panel/api/v1/products/add-notification/${productId}`, {
    headers: await csrfHeaders(context.request),
  });
  expect(joined.ok(), await joined.text()).toBe(true);
  await context.close();
  return member;
}

for (const lang of ['pl', 'en'] as const) {
  test(`seat board: staff see who holds a seat and who waits, pass the seat on and remove a member (${lang})`, async ({
    asStaff,
    browser,
  }) => {
    const t = TEXT[lang];
    const baseURL = test.info().project.use.baseURL!;
    const id = await newExperienceOnSale(browser, baseURL, `Lista ${lang} ${Date.now().toString(36)}`, 1);
    // The one seat is booked; three members wait; staff cancel the order: the seat is held for the first.
    const buyer = await browser.newContext({ baseURL });
    const owner = await newUser(buyer.request);
    await buyer.request.post('/panel/api/v1/auth/login', {
      data: { email: owner.email, password: owner.password },
    });
    const order = await placePaidOrder(buyer.request, id);
    await buyer.close();
    const [first, second, third] = [
      await joinLine(browser, baseURL, id),
      await joinLine(browser, baseURL, id),
      await joinLine(browser, baseURL, id),
    ] as [TestUser, TestUser, TestUser];

    const { page } = await asStaff('OPERATOR', {
      language: lang,
      phone: lang === 'pl',
      path: `/panel/admin/seats/${id}`,
    });
    const cancel = await page.request.post(`/panel/api/v1/admin/sales/orders/${order.id}/cancel`, {
      headers: await csrfHeaders(page.request),
      data: {},
    });
    expect(cancel.ok(), await cancel.text()).toBe(true);
    await page.reload();

    await expect(page.getByRole('heading', { name: t.title, level: 2 })).toBeVisible({ timeout: 30_000 });
    const held = page.getByRole('region', { name: t.held });
    await expect(held.getByRole('row', { name: rowOf(first) })).toBeVisible();
    // Until when: a date and a time (the club's clock).
    await expect(held.getByRole('row', { name: rowOf(first) })).toContainText(/\d{1,2}:\d{2}/);
    const line = page.getByRole('region', { name: t.line(2) });
    await expect(line.getByRole('row')).toHaveCount(3);
    await expect(line.getByRole('row').nth(1)).toContainText(second.email);
    await expect(line.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('1');
    await expect(line.getByRole('row').nth(2)).toContainText(third.email);
    await expect(line.getByRole('row').nth(2).getByRole('cell').first()).toHaveText('2');

    // Pass the held seat on: confirmed first; the next member now holds it and is mailed.
    await held
      .getByRole('row', { name: rowOf(first) })
      .getByRole('button', { name: t.passOn })
      .click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: t.passOn }).click();
    await expect(page.getByRole('alertdialog').filter({ hasText: t.passedOn })).toBeVisible();
    await page.getByRole('alertdialog').getByRole('button').first().click();
    await expect(held.getByRole('row', { name: rowOf(second) })).toBeVisible();
    await expect(held.getByRole('row', { name: rowOf(first) })).toHaveCount(0);
    await expect
      .poll(async () =>
        (await readOutbox(page.request, second.email)).some((m) => m.template === 'seat-offer'),
      )
      .toBe(true);

    // Take the last member off the line: confirmed; nobody waits any more.
    const lineNow = page.getByRole('region', { name: t.line(1) });
    await lineNow
      .getByRole('row', { name: rowOf(third) })
      .getByRole('button', { name: t.remove })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: t.remove }).click();
    await expect(page.getByRole('alertdialog').filter({ hasText: t.removed })).toBeVisible();
    await page.getByRole('alertdialog').getByRole('button').first().click();
    await expect(page.getByText(t.noLine)).toBeVisible();
  });
}
