import type { Page } from '@playwright/test';
import { expect as baseExpect, linkIn, newStaff, PHONE, readOutbox, test } from './fixtures';
import { screenProblems } from './support/person-checks';
import { axeProblems } from './support/axe';

/**
 * axe-core (WCAG 2.1 A/AA) and the person checks on every console route this issue adds, as an
 * administrator, in Polish and English, at 1440 and 390 px; with the invitation dialog and the phone
 * menu open; and the public steps (second factor, enrolment, invitation link).
 */
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });
const ROUTES = ['/panel/admin', '/panel/admin/staff', '/panel/admin/audit', '/panel/admin/no-such-screen'];

async function settled(page: Page) {
  await expect(page.getByTestId('splash')).toBeHidden();
  await expect(page.locator('[role=status][aria-label], [aria-busy=true]')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Opens `route` inside the loaded console, as its links do (the router follows the history): the splash
 * of a full load is paid once per walk. Done once the new screen's title has replaced the last one's.
 */
async function openInConsole(page: Page, route: string) {
  const title = page.getByRole('heading', { level: 1 });
  const before = (await title.count()) > 0 ? await title.first().textContent() : null;
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, route);
  await expect(page).toHaveURL(new RegExp(`${route}$`));
  await expect(title).toBeVisible();
  if (before !== null) await expect(title).not.toHaveText(before);
}

for (const language of ['pl', 'en'] as const) {
  for (const phone of [false, true]) {
    test(`axe: the console as an administrator, ${language}, ${phone ? '390' : '1440'} px`, async ({
      asStaff,
    }) => {
      // The first screen is the full load (asStaff opens the console's start); the others open inside it.
      const { page } = await asStaff('ADMIN', { language, phone, path: ROUTES[0] });
      const problems: string[] = [];
      for (const [i, route] of ROUTES.entries()) {
        if (i > 0) await openInConsole(page, route);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await settled(page);
        problems.push(...(await axeProblems(page, route)));
        problems.push(...(await screenProblems(page, language, route)));
      }
      await openInConsole(page, '/panel/admin/staff');
      await settled(page);
      await page.getByRole('button', { name: language === 'pl' ? 'Zaproś osobę' : 'Invite someone' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await settled(page);
      problems.push(...(await axeProblems(page, 'invitation dialog')));
      await page.keyboard.press('Escape');
      if (phone) {
        await page
          .getByRole('button', { name: language === 'pl' ? 'Otwórz menu konsoli' : 'Open the console menu' })
          .click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await settled(page);
        problems.push(...(await axeProblems(page, 'console menu open')));
      }
      expect(problems).toEqual([]);
    });
  }
}

test('axe: the public steps: the second factor, the enrolment, an invalid invitation link (pl 1440, en 390)', async ({
  browser,
  request,
  expectFailure,
}) => {
  expectFailure({ status: 404, method: 'GET', url: /^\/panel\/api\/v1\/staff\/invitation\?/ });
  const problems: string[] = [];
  for (const [language, phone] of [
    ['pl', false],
    ['en', true],
  ] as const) {
    const context = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      locale: language === 'en' ? 'en-GB' : 'pl-PL',
      ...(phone ? PHONE : { viewport: { width: 1440, height: 900 } }),
    });
    const page = await context.newPage();
    await page.goto(`/panel/admin/invitation?token=not-a-real-token-0123456789&lang=${language}`);
    await expect(page.getByRole('alert')).toBeVisible();
    await settled(page);
    problems.push(...(await axeProblems(page, `invitation (${language})`)));
    for (const enrolled of [true, false]) {
      const staff = await newStaff(request, 'OPERATOR', language, { enrolled });
      if (enrolled) {
        await page.goto(`/panel/login?lang=${language}`);
        await page.getByLabel(/^E-mail/).fill(staff.email);
        await page.getByLabel(/^(Hasło|Password)/).fill(staff.password);
        await page.getByRole('button', { name: /^(Zaloguj się|Sign in)$/ }).click();
      } else {
        // The enrolment opens only from the owner's mailed link (issue 28): the reset link here.
        const asked = await request.post('/panel/api/v1/auth/forgot-password', {
          data: { email: staff.email },
        });
        expect(asked.ok()).toBe(true);
        await expect
          .poll(async () =>
            (await readOutbox(request, staff.email)).some((m) => m.template === 'reset-password'),
          )
          .toBe(true);
        const mail = (await readOutbox(request, staff.email)).find((m) => m.template === 'reset-password')!;
        await page.goto(`${linkIn(mail.text)}&lang=${language}`);
        await page.getByLabel(/^(Nowe hasło|New password)/).fill(staff.password);
        await page.getByLabel(/^(Powtórz nowe hasło|Repeat the new password)/).fill(staff.password);
        await page.getByRole('button', { name: /^(Zapisz hasło|Save password)$/ }).click();
      }
      // The second step with its form ready (not the sign-in page's button while it is busy).
      await expect(page.getByLabel(/^(Kod z aplikacji|Code from the app)/)).toBeEnabled();
      if (!enrolled) await expect(page.getByRole('img', { name: /QR/ })).toBeVisible();
      await expect(page.locator('form button[type=submit]:not([disabled])')).toBeVisible();
      // The pointer that pressed "sign in" rests over the new page's button: scan it unhovered.
      await page.mouse.move(0, 0);
      await settled(page);
      const where = `${enrolled ? 'second factor' : 'enrolment'} (${language})`;
      problems.push(...(await axeProblems(page, where)));
      problems.push(...(await screenProblems(page, language, where)));
    }
    await context.close();
  }
  expect(problems).toEqual([]);
});
