import type { APIRequestContext, Page } from '@playwright/test';
import { expect as baseExpect, test } from './fixtures';

/**
 * The outbox in the console (issue 17, docs/mail.md): staff open it from the navigation, filter it
 * (kept in the address), open a mail and read its HTML (in a sandboxed frame) and text parts, and
 * resend a failed one after a confirmation. The failed mail is made by the test-support route; the
 * browser tests' server has no SMTP, so a resent mail goes back to the queue.
 */
test.describe.configure({ timeout: 180_000 });
// The console's chunk arrives on first use; a busy CI machine needs more than the default 10 s.
const expect = baseExpect.configure({ timeout: 30_000 });

/** A mail to a unique address whose delivery failed; the experience's name looks like HTML on purpose. */
async function failedMail(request: APIRequestContext, language: 'pl' | 'en') {
  const to = `outbox-${language}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const name = 'Gala <b>noworoczna</b>';
  const res = await request.post('/panel/api/v1/test/mail/failed', { data: { to, language, name } });
  expect(res.ok()).toBeTruthy();
  return { to, name, id: (await res.json()).data.id as number };
}

/** No sideways scrolling of the page itself (a table may scroll inside its own region). */
async function fitsWidth(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test('Polish: staff find a failed mail by filters, read it and resend it after a confirmation', async ({
  asStaff,
}) => {
  const { page } = await asStaff('OPERATOR');
  const mail = await failedMail(page.request, 'pl');
  await page
    .getByRole('navigation', { name: 'Nawigacja konsoli' })
    .getByRole('link', { name: 'Poczta wychodząca' })
    .click();
  await expect(page.getByRole('heading', { name: 'Poczta wychodząca', level: 1 })).toBeVisible();

  // Filters: the recipient (typed), the state (chosen); both go into the address.
  const filters = page.getByRole('search', { name: 'Filtruj wiadomości' });
  await filters.getByLabel('Odbiorca').fill(mail.to);
  await expect(page).toHaveURL(/q=outbox-pl/);
  await filters.getByLabel('Stan').selectOption({ label: 'Nieudana' });
  await expect(page).toHaveURL(/state=failed/);
  await expect(page).toHaveURL(/q=outbox-pl/);
  const row = page.getByRole('row').filter({ hasText: mail.to });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Nieudana');
  await expect(row).toContainText('550 5.1.1 Mailbox unavailable');
  await expect(row).toContainText('Wolne miejsca (powiadomienie)');
  // The address keeps the filters: a reload shows the same list.
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: mail.to })).toHaveCount(1);

  // Open it with the keyboard.
  await page.getByRole('link', { name: new RegExp(`Otwórz wiadomość .* do ${mail.to}`) }).focus();
  await page.keyboard.press('Enter');
  const subject = 'Excellence Club: Gala <b>noworoczna</b> – są wolne miejsca';
  await expect(page.getByRole('heading', { name: subject, level: 1 })).toBeVisible();
  await expect(page.getByText(`Do ${mail.to} · Wolne miejsca (powiadomienie) · język: polski`)).toBeVisible();
  await expect(page.getByText('550 5.1.1 Mailbox unavailable (test support)')).toBeVisible();

  // The HTML part as the member saw it: the name is text, not markup; the frame runs nothing.
  const frame = page.frameLocator('iframe[title^="Wiadomość"]');
  await expect(frame.getByText('EXCELLENCE CLUB', { exact: true })).toBeVisible();
  await expect(frame.getByText('Są wolne miejsca')).toBeVisible();
  await expect(frame.getByText(/wydarzenie „Gala <b>noworoczna<\/b>” jest dostępne/)).toBeVisible();
  await expect(page.locator('iframe[title^="Wiadomość"]')).toHaveAttribute('sandbox', '');
  await expect(page.getByTestId('mail-text')).toContainText('Zobacz wydarzenie:');
  await expect(page.getByTestId('mail-text')).toContainText('„Gala <b>noworoczna</b>”');
  await expect(page.getByText('Brak załączników.')).toBeVisible();

  // Resend: a confirmation first; cancelling changes nothing.
  await page.getByRole('button', { name: 'Wyślij ponownie' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Wysłać tę wiadomość do ${mail.to} jeszcze raz`);
  await confirm.getByRole('button', { name: 'Anuluj' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Nieudana')).toBeVisible();
  await page.getByRole('button', { name: 'Wyślij ponownie' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Wyślij ponownie' }).click();
  await expect(page.getByRole('alertdialog')).toContainText(`Wiadomość do ${mail.to} jest znów w kolejce`);
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('W kolejce', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Wyślij ponownie' })).toHaveCount(0);

  // Back in the list (its filters kept), the mail is no longer among the failed ones.
  await page.getByRole('link', { name: 'Wróć do poczty' }).click();
  await page.getByRole('search').getByLabel('Odbiorca').fill(mail.to);
  await expect(page).toHaveURL(/q=outbox-pl/);
  await page.getByRole('search').getByLabel('Stan').selectOption({ label: 'W kolejce' });
  await expect(page.getByRole('row').filter({ hasText: mail.to })).toContainText('W kolejce');
  await page.getByRole('search').getByLabel('Stan').selectOption({ label: 'Nieudana' });
  await expect(page.getByText('Żadna wiadomość nie pasuje do filtrów.')).toBeVisible();
});

test('English: an administrator filters by mail and dates, reads a failed mail and resends it', async ({
  asStaff,
  expectFailure,
}) => {
  const { page } = await asStaff('ADMIN', { language: 'en', path: '/panel/admin/mail' });
  const mail = await failedMail(page.request, 'en');
  await expect(page.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible();
  const filters = page.getByRole('search', { name: 'Filter the mails' });
  await filters.getByLabel('Mail').selectOption({ label: 'Seats available (notify me)' });
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(new Date());
  await filters.getByLabel('From').fill(today);
  await filters.getByLabel('To').fill(today);
  await filters.getByLabel('Recipient').fill(mail.to);
  await expect(page).toHaveURL(/q=outbox-en/);
  await expect(page).toHaveURL(/template=waiting-list/);
  await expect(page).toHaveURL(new RegExp(`from=${today}`));
  const row = page.getByRole('row').filter({ hasText: mail.to });
  await expect(row).toContainText('Failed');
  // Sorting by the recipient is the server's; the address keeps it.
  await page.getByRole('button', { name: 'Sort by Recipient and subject' }).click();
  await expect(page).toHaveURL(/sort=to&dir=asc/);
  await expect(page.getByRole('columnheader', { name: /Recipient and subject/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await row.getByRole('link').click();

  await expect(
    page.getByRole('heading', { name: 'Excellence Club: Gala <b>noworoczna</b> is available' }),
  ).toBeVisible();
  const frame = page.frameLocator('iframe[title^="The mail"]');
  await expect(frame.getByText('Seats are available')).toBeVisible();
  await expect(frame.getByRole('link', { name: 'See the experience' })).toBeVisible();
  await expect(page.getByTestId('mail-text')).toContainText('"Gala <b>noworoczna</b>" is now available');
  await page.getByRole('button', { name: 'Resend' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Resend' }).click();
  await expect(page.getByRole('alertdialog')).toContainText(`The mail to ${mail.to} is queued again`);
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Queued', { exact: true })).toBeVisible();

  // A bad filter in the address is shown at its field, not as a broken page.
  expectFailure({ status: 422, method: 'GET', url: /\/admin\/mail\/items\?.*state=lost/ });
  await page.goto('/panel/admin/mail?state=lost');
  await expect(page.getByRole('search').getByText('Incorrect value')).toBeVisible();
});

test('390 px: the outbox and a mail are usable on a phone', async ({ asStaff }) => {
  const { page } = await asStaff('OPERATOR', { phone: true, path: '/panel/admin/mail' });
  const mail = await failedMail(page.request, 'pl');
  await expect(page.getByRole('heading', { name: 'Poczta wychodząca', level: 1 })).toBeVisible();
  await page.getByRole('search').getByLabel('Odbiorca').fill(mail.to);
  await expect(page).toHaveURL(/q=outbox-pl/);
  await expect(page.getByRole('row')).toHaveCount(2);
  const link = page.getByRole('link', { name: new RegExp(`do ${mail.to}`) });
  await expect(link).toBeVisible();
  await fitsWidth(page);
  await link.tap();
  await expect(page.getByRole('button', { name: 'Wyślij ponownie' })).toBeVisible();
  await expect(page.frameLocator('iframe[title^="Wiadomość"]').getByText('Są wolne miejsca')).toBeVisible();
  await fitsWidth(page);
});
