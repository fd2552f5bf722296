import { expect, newUser, PHONE, readOutbox, signIn, test } from './fixtures';
import { axeProblems } from './support/axe';
import { screenProblems } from './support/person-checks';
import { csrfHeaders, newExperienceOnSale, placePaidOrder } from './support/shop';
import { clubDay } from './support/club-day';

/**
 * Mail to the people who come (issue 29), at 390 px: staff write to the attendees of an experience in
 * both languages, see the preview and how many it reaches, confirm and send; each member's outbox
 * entry is in their own language. The member downloads the tickets' PDF from the club card screen,
 * and the reminder (run by the test-support route as on its day) goes out once.
 */
const TEXT = {
  pl: {
    experience: 'Wydarzenie',
    subject: 'Temat',
    body: 'Treść',
    preview: 'Podgląd',
    reach: 'Trafi do 2 osób (polski: 1, angielski: 1).',
    send: 'Wyślij do 2 osób',
    sent: 'Wysłano do 2 osób.',
    pdf: 'Pobierz bilety (PDF)',
    file: 'bilety.pdf',
  },
  en: {
    experience: 'Experience',
    subject: 'Subject',
    body: 'Message',
    preview: 'Preview',
    reach: 'It will reach 2 people (Polish: 1, English: 1).',
    send: 'Send to 2 people',
    sent: 'Sent to 2 people.',
    pdf: 'Download the tickets (PDF)',
    file: 'tickets.pdf',
  },
} as const;

const inDays = (days: number) => clubDay(days);

for (const lang of ['pl', 'en'] as const) {
  test(`staff mail the attendees, each in their language; the ticket PDF; one reminder (${lang})`, async ({
    browser,
    baseURL,
    asStaff,
  }) => {
    const t = TEXT[lang];
    const other = lang === 'pl' ? 'en' : 'pl';
    const name = `Poczta ${lang} ${Date.now()}`;
    const start = inDays(5);
    const productId = await newExperienceOnSale(browser, baseURL!, name, 10, {
      start_date: start,
      bring_pl: 'Prawo jazdy',
      bring_en: 'Driving licence',
    });
    // Two members book, one in each language (through the API).
    const members = [];
    for (const language of [lang, other] as const) {
      const context = await browser.newContext({
        ...PHONE,
        baseURL,
        locale: language === 'en' ? 'en-GB' : 'pl-PL',
      });
      const user = await newUser(context.request, 'CUSTOMER', language);
      const page = await context.newPage();
      await signIn(page, user, null);
      await placePaidOrder(context.request, productId);
      members.push({ context, page, user });
    }
    const [mine, theirs] = members;

    // The member downloads their tickets as a PDF from the club card screen.
    await mine!.page.goto('/panel/account/club-card');
    await expect(mine!.page.getByTestId('splash')).toBeHidden({ timeout: 15_000 });
    const download = mine!.page.waitForEvent('download');
    await mine!.page.getByRole('link', { name: t.pdf }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(t.file);
    const bytes = await (await import('node:fs/promises')).readFile((await file.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    // Staff write, preview and send.
    const { page } = await asStaff('OPERATOR', {
      language: lang,
      phone: true,
      path: '/panel/admin/event-mail',
    });
    await page.getByLabel(t.experience).selectOption(String(productId));
    const subjects = page.getByLabel(t.subject);
    await subjects.nth(0).fill('Plan dnia');
    await subjects.nth(1).fill('The plan of the day');
    const bodies = page.getByLabel(t.body);
    await bodies.nth(0).fill('Zbiórka o 9:30 przy wieży.');
    await bodies.nth(1).fill('We meet at 9:30 by the tower.');
    await page.getByRole('button', { name: t.preview, exact: true }).click();
    await expect(page.getByTestId('event-mail-reach')).toHaveText(t.reach);
    await expect(page.frameLocator('iframe').getByText('Zbiórka o 9:30 przy wieży.')).toBeVisible();
    expect([
      // The preview is the mail in a sandboxed frame (no script runs there): the rest of the screen.
      ...(await axeProblems(page, 'event mail preview', [], ['iframe'])),
      ...(await screenProblems(page, lang, 'event mail preview')),
    ]).toEqual([]);
    await page.getByRole('button', { name: t.send }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: t.send }).click();
    await expect(page.getByRole('alertdialog')).toContainText(t.sent);
    await page.getByRole('alertdialog').getByRole('button').first().click();
    await expect(page.getByRole('alertdialog')).toBeHidden();
    await expect(page.getByTestId('event-mail-people').getByRole('row')).toHaveCount(3);

    // Each member's mail is in their own language.
    const subjectOf = async (email: string) =>
      (await readOutbox(page.request, email)).find((m) => m.template === 'attendee-mail')?.subject;
    expect(await subjectOf(mine!.user.email)).toBe(lang === 'pl' ? 'Plan dnia' : 'The plan of the day');
    expect(await subjectOf(theirs!.user.email)).toBe(lang === 'pl' ? 'The plan of the day' : 'Plan dnia');

    // The reminder, run as on its day (two days before the start), goes once.
    const headers = await csrfHeaders(page.request);
    const run = () =>
      page.request.post('/panel/api/v1/test/reminders/run', { headers, data: { today: inDays(3) } });
    expect((await run()).ok()).toBe(true);
    expect((await run()).ok()).toBe(true);
    const reminders = (await readOutbox(page.request, mine!.user.email)).filter(
      (m) => m.template === 'booking-reminder',
    );
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.text).toContain(lang === 'pl' ? 'Prawo jazdy' : 'Driving licence');
    for (const m of members) await m.context.close();
  });
}
