import { expect, test } from './fixtures';

/**
 * Issue 28 item 13: the console's galleries list asked for per_page=24, the API answered 422 and
 * the list never loaded, so staff could not open an existing gallery. Staff open the list (both
 * languages, the English one on a phone), see the galleries the server counts and open one.
 */
for (const { language, phone, count, title } of [
  { language: 'pl', phone: false, count: /\d+ galer/, title: 'Galeria' },
  { language: 'en', phone: true, count: /\d+ galler/, title: 'Gallery' },
] as const) {
  test(`staff open the galleries list and an existing gallery (${language}${phone ? ', 390 px' : ''})`, async ({
    asStaff,
  }) => {
    const { page } = await asStaff('OPERATOR', { language, phone, path: '/panel/admin/galleries' });
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/v1/admin/galleries') && r.status() >= 400)
        refused.push(`${r.status()} ${r.url()}`);
    });
    // The count shows only when the list's page came back (it was a 422 before).
    const list = page.getByRole('list', { name: language === 'en' ? 'Galleries' : 'Galerie' });
    await expect(page.getByRole('status').filter({ hasText: count })).toBeVisible({ timeout: 30_000 });
    const first = list.getByRole('link').first();
    await expect(first).toBeVisible();
    await first.click();
    await expect(page).toHaveURL(/\/panel\/admin\/galleries\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(title);
    await expect(page.getByRole('textbox').first()).not.toHaveValue('');
    expect(refused).toEqual([]);
  });
}
