import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { demo, expect, signIn, test } from './fixtures';
import { axeProblems } from './support/axe';

// Staff sign-ins, uploads and a member's session per test.
test.describe.configure({ timeout: 180_000 });

/**
 * The console's content and galleries (issue 16): an operator edits the FAQ and a member sees the new
 * answer; a gallery made with photos is what members see; every console route passes axe at 1440 and
 * 390 px.
 */

async function memberPage(page: Page, email: string, path: string): Promise<Page> {
  const context = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL });
  const member = await context.newPage();
  await signIn(member, { email, password: demo.customer.password }, path);
  return member;
}

// Both change the FAQ page, whose saves are checked against the version the page read: run in
// parallel, one's save made the other's stale (409) now and then. One after the other, in one worker.
test.describe('the FAQ page', () => {
  test.describe.configure({ mode: 'default' });

  test('an operator adds a FAQ question, then edits its answer with the editor; a member sees the new answer (pl)', async ({
    asStaff,
  }) => {
    const { page } = await asStaff('OPERATOR', { path: '/panel/admin/content' });
    const stamp = Date.now().toString(36);
    const category = `Parkowanie ${stamp}`;
    await expect(page.getByRole('heading', { level: 1, name: 'FAQ' })).toBeVisible({ timeout: 30_000 });

    await page.getByRole('button', { name: 'Dodaj kategorię' }).click();
    await page.getByRole('button', { name: 'Zapisz' }).click();
    await expect(page.getByText('To pole jest wymagane.').first()).toBeVisible();
    await page.getByLabel('Nazwa (polski)').fill(category);
    await page.getByLabel('Nazwa (angielski)').fill(`Parking ${stamp}`);
    await page.getByRole('button', { name: 'Zapisz' }).click();
    const panel = page.getByRole('region', { name: category });
    await expect(panel).toBeVisible();

    await panel.getByRole('button', { name: `Dodaj pytanie do kategorii ${category}` }).click();
    await panel.getByLabel('Pytanie (polski)').fill('Gdzie zaparkować?');
    await panel.getByLabel('Pytanie (angielski)').fill('Where do I park?');
    // An empty answer is refused before anything is sent.
    await panel.getByRole('button', { name: 'Zapisz' }).click();
    await expect(panel.getByText('To pole jest wymagane.').first()).toBeVisible();
    const answerPl = panel.getByRole('textbox', { name: 'Odpowiedź (polski)' });
    await answerPl.click();
    await page.keyboard.type('Na parkingu klubowym.');
    const answerEn = panel.getByRole('textbox', { name: 'Odpowiedź (angielski)' });
    await answerEn.click();
    await page.keyboard.type('In the club car park.');
    await panel.getByRole('button', { name: 'Zapisz' }).click();
    await expect(panel.getByRole('heading', { name: 'Gdzie zaparkować?' })).toBeVisible();

    // Edits the answer: new words, one of them bold through the toolbar's shortcut.
    await panel.getByRole('button', { name: 'Edytuj: Gdzie zaparkować?' }).click();
    await answerPl.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Przy wejściu jest ');
    await page.keyboard.press('ControlOrMeta+b');
    await page.keyboard.type('bezpłatny');
    await page.keyboard.press('ControlOrMeta+b');
    await page.keyboard.type(' parking dla gości.');
    await expect(answerPl.locator('strong')).toHaveText('bezpłatny');
    await panel.getByRole('button', { name: 'Zapisz' }).click();
    await expect(panel.getByText('Przy wejściu jest bezpłatny parking dla gości.')).toBeVisible();

    const member = await memberPage(page, demo.customer.email, '/panel/faq');
    await member.getByRole('button', { name: 'Gdzie zaparkować?' }).click({ timeout: 30_000 });
    const answer = member.getByText('Przy wejściu jest bezpłatny parking dla gości.');
    await expect(answer).toBeVisible();
    await expect(answer.locator('strong')).toHaveText('bezpłatny');

    // The category goes (with its question) after a confirmation; the member no longer sees it.
    await panel.getByRole('button', { name: `Usuń: ${category}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Usuń' }).click();
    await expect(panel).toBeHidden();
    await member.reload();
    await expect(member.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(member.getByRole('button', { name: 'Gdzie zaparkować?' })).toHaveCount(0);
  });

  test('an operator reorders FAQ categories with the keyboard; the English members’ FAQ follows (en)', async ({
    asStaff,
    expectFailure,
  }) => {
    // Other tests change the FAQ meanwhile: a move against an older version may be refused (409), and
    // swapFirstTwo loads the current one and moves again, as a person does (a race it cannot order).
    expectFailure({ status: 409, method: 'PUT', url: '/admin/content/faq/categories/order', optional: true });
    const { page } = await asStaff('OPERATOR', { language: 'en', path: '/panel/admin/content' });
    const headings = page.getByRole('heading', { level: 2 });
    await expect(headings.first()).toBeVisible({ timeout: 30_000 });
    const [first, second] = await swapFirstTwo(page, 'Move down');
    await expect(headings.nth(0)).toHaveText(second);
    await expect(headings.nth(1)).toHaveText(first);

    const member = await memberPage(page, demo.customerEn.email, '/panel/faq');
    const memberHeadings = member.getByRole('main').getByRole('heading', { level: 2 });
    await expect(memberHeadings.nth(0)).toHaveText(second, { timeout: 30_000 });
    await expect(memberHeadings.nth(1)).toHaveText(first);

    // Back as it was, for the other tests.
    await swapFirstTwo(page, 'Move up');
    await expect(headings.nth(0)).toHaveText(first);
  });
});

/**
 * Swaps the first two FAQ categories with the keyboard (the first moved down, or the second moved
 * up) and returns their names as they were. Other specs add FAQ entries meanwhile: a save against an
 * older version is refused (409) and the page offers the current one; a person loads it and moves
 * the category again.
 */
async function swapFirstTwo(page: Page, button: 'Move down' | 'Move up'): Promise<[string, string]> {
  const headings = page.getByRole('heading', { level: 2 });
  const reload = page.getByRole('button', { name: 'Load the current version' });
  for (let attempt = 1; ; attempt++) {
    const first = (await headings.nth(0).textContent())!;
    const second = (await headings.nth(1).textContent())!;
    await page.getByRole('button', { name: `${button}: ${button === 'Move down' ? first : second}` }).focus();
    await page.keyboard.press('Enter');
    await expect(headings.nth(0).filter({ hasText: second }).or(reload)).toBeVisible();
    if (attempt < 3 && (await reload.isVisible())) {
      await reload.click();
      await expect(reload).toBeHidden();
      continue;
    }
    return [first, second];
  }
}

async function photo(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

test('an operator creates a gallery with photos and a caption; members find it by year and month and see the photos (en)', async ({
  asStaff,
}) => {
  const { page } = await asStaff('OPERATOR', { language: 'en', path: '/panel/admin/galleries' });
  const name = `Alpine drive ${Date.now().toString(36)}`;
  await page.getByRole('link', { name: 'New gallery' }).click();
  await page.getByRole('button', { name: 'Create the gallery' }).click();
  await expect(page.getByText('This field is required.').first()).toBeVisible();
  await page.getByLabel('Name (Polish)').fill(`Alpejska jazda`);
  await page.getByLabel('Name (English)').fill(name);
  await page.getByLabel('Day of the event').fill('2026-03-14');
  await page.getByRole('button', { name: 'Create the gallery' }).click();
  await expect(page).toHaveURL(/\/panel\/admin\/galleries\/\d+$/);
  const id = Number(page.url().split('/').pop());

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /choose files/i }).click();
  await (await chooser).setFiles([
    { name: 'start.jpg', mimeType: 'image/jpeg', buffer: await photo('#203040') },
    { name: 'summit.jpg', mimeType: 'image/jpeg', buffer: await photo('#604020') },
  ]);
  const photos = page.getByRole('list', { name: 'Photos in the order they are shown' }).getByRole('listitem');
  await expect(photos).toHaveCount(2);
  await photos.nth(0).getByLabel('Caption (English)').fill('At the start line');
  await photos.nth(0).getByLabel('Caption (Polish)').fill('Na starcie');
  await photos.nth(0).getByRole('button', { name: 'Save captions' }).click();
  await expect(page.getByText('Captions saved.')).toBeVisible();

  const member = await memberPage(page, demo.customerEn.email, '/panel/gallery?year=2026&month=3');
  await member.getByRole('button', { name: new RegExp(name) }).click({ timeout: 30_000 });
  await expect(member.getByRole('dialog', { name })).toBeVisible();
  await expect(member.getByRole('dialog').getByRole('img', { name: 'At the start line' })).toBeVisible();
  expect(id).toBeGreaterThan(0);
});

const ROUTES = [
  '/panel/admin/content',
  '/panel/admin/content/about',
  '/panel/admin/content/partners',
  '/panel/admin/content/contact',
  '/panel/admin/galleries',
  '/panel/admin/galleries/new',
  '/panel/admin/galleries/1',
];

for (const [label, phone, language] of [
  ['1440 px', false, 'pl'],
  ['390 px', true, 'en'],
] as const) {
  test(`axe finds nothing on the content and gallery screens of the console at ${label} (${language})`, async ({
    asStaff,
  }) => {
    const { page } = await asStaff('OPERATOR', { language, phone });
    const problems: string[] = [];
    for (const route of ROUTES) {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('[aria-busy=true], [role=status] svg')).toHaveCount(0);
      problems.push(...(await axeProblems(page, route)));
    }
    expect(problems).toEqual([]);
  });
}
