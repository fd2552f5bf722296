import type { Browser } from '@playwright/test';
import { validProductBody } from '../apps/server/src/modules/catalog/admin-test-fixtures';
import { expect, newStaff, newUser, PHONE, signIn, signInStaffByApi, test } from './fixtures';
import { csrfHeaders } from './support/shop';
import { clubDay } from './support/club-day';

test.describe.configure({ timeout: 240_000 });

/**
 * Issue 28 item 14: the announcement text of an announced experience is rich text from the console's
 * editor. Members see it formatted (paragraphs, bold, a link opening a new tab), never its tags, on
 * the experience's page and its card; a script or handler put in it never runs. Polish at 390 px,
 * English at 1440 px.
 */
const MARK = '__annXss';
const LOAD_MORE = { pl: 'Załaduj więcej', en: 'Load more' } as const;
const announcement = (lang: string) =>
  `<p>Program ${lang}: <strong>dzień ${lang}</strong></p>` +
  `<p><a href="https://example.com/${lang}">details ${lang}</a></p>` +
  `<script>window.${MARK}=1</script><img src="x" onerror="window.${MARK}=2">`;

async function newAnnounced(browser: Browser, baseURL: string, name: string) {
  const context = await browser.newContext({ baseURL });
  const staff = await newStaff(context.request, 'ADMIN');
  await signInStaffByApi(context.request, staff);
  const headers = await csrfHeaders(context.request);
  const options = (await (await context.request.get('/panel/api/v1/admin/catalog/options')).json()).data;
  const created = await context.request.post('/panel/api/v1/admin/catalog/products', {
    headers,
    data: validProductBody({
      category_id: options.categories[0].id,
      name_pl: name,
      name_en: name,
      // Soonest first in the lists: on the category's first page.
      start_date: clubDay(2),
      ann_description_pl: announcement('pl'),
      ann_description_en: announcement('en'),
    }),
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id, version } = (await created.json()).data as { id: number; version: number };
  const published = await context.request.post(`/panel/api/v1/admin/catalog/products/${id}/publish`, {
    headers,
    data: { version, mode: 'announced' },
  });
  expect(published.ok(), await published.text()).toBe(true);
  await context.close();
  return id;
}

for (const lang of ['pl', 'en'] as const) {
  test(`announced experience: the member sees the announcement formatted, no tags, nothing runs (${lang})`, async ({
    browser,
  }) => {
    const baseURL = test.info().project.use.baseURL!;
    const name = `Zapowiedź ${lang} ${Date.now().toString(36)}`;
    const id = await newAnnounced(browser, baseURL, name);
    const context = await browser.newContext({
      baseURL,
      ...(lang === 'pl' ? PHONE : { viewport: { width: 1440, height: 900 } }),
    });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('dialog', (d) => {
      problems.push(d.message());
      void d.dismiss();
    });
    page.on('pageerror', (e) => problems.push(e.message));
    const member = await newUser(context.request, 'CUSTOMER', lang);
    await signIn(page, member, `/panel/experiences/x/${id}`);

    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible({ timeout: 30_000 });
    const note = page.getByRole('article', { name }).getByRole('note');
    await expect(note).toContainText(`Program ${lang}: dzień ${lang}`);
    await expect(note.locator('strong')).toHaveText(`dzień ${lang}`);
    const link = note.getByRole('link', { name: `details ${lang}` });
    await expect(link).toHaveAttribute('href', `https://example.com/${lang}`);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
    await expect(link).toHaveAttribute('rel', /noreferrer/);
    await expect(page.locator('main')).not.toContainText('<p>');
    await expect(page.locator('main')).not.toContainText('<strong>');

    // The card in the category's list: the announcement as plain text, no tags.
    await page.getByRole('link', { name: lang === 'pl' ? 'Wróć' : 'Go back', exact: true }).click();
    const card = page.getByTestId('product-card').filter({ hasText: name });
    // Other specs add experiences starting sooner to the shared database: a person presses "Load
    // more" until the card is there (CI of 8debb7f's clean clone did not find it on the first page).
    const more = page.getByRole('button', { name: LOAD_MORE[lang], exact: true });
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    for (let pages = 0; pages < 20 && (await card.count()) === 0 && (await more.isVisible()); pages++) {
      const shown = await page.getByTestId('product-card').count();
      await more.click();
      await expect(page.getByTestId('product-card')).not.toHaveCount(shown);
    }
    await expect(card).toContainText(`Program ${lang}: dzień ${lang}`);
    await expect(card).not.toContainText('<p>');

    expect(
      await page.evaluate((m) => (window as unknown as Record<string, unknown>)[m], MARK),
    ).toBeUndefined();
    expect(await page.locator('script:not([src]), [onerror]').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
}
