import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect as baseExpect, newUser, PHONE, readOutbox, signIn, test } from './fixtures';
import { axeProblems } from './support/axe';
import { screenProblems, tapLikeAPerson } from './support/person-checks';
import { placePaidOrder } from './support/shop';

/**
 * The member's copy of their own data (issue 31, RODO art. 15/20; docs/privacy.md): from the account
 * menu a member asks for it, waits on the screen until it is ready, downloads the JSON (their order is
 * in it) and the readable document (in their language), is mailed without a sign-in link, and finds
 * their consent history one tap away. Polish at desktop width, English on a phone.
 */
test.describe.configure({ timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const T = {
  pl: {
    account: 'Moje konto',
    myData: 'Moje dane',
    request: 'Przygotuj kopię moich danych',
    ready: /Kopia z .+ jest gotowa/,
    json: 'Pobierz plik danych',
    html: 'Pobierz dokument',
    downloaded: /^Pobrano /,
    docTitle: 'Twoje dane w Excellence Club',
    order: 'Zamówienie nr',
    userInfo: 'Dane użytkownika',
    history: 'Historia zgód',
  },
  en: {
    account: 'My account',
    myData: 'My data',
    request: 'Prepare a copy of my data',
    ready: /Your copy of .+ is ready/,
    json: 'Download the data file',
    html: 'Download the document',
    downloaded: /^Downloaded /,
    docTitle: 'Your data at the Excellence Club',
    order: 'Order no.',
    userInfo: 'User info',
    history: 'Consent history',
  },
} as const;

/** Presses a download button and reads the file the browser saved. */
async function downloaded(page: Page, name: string): Promise<{ file: string; text: string }> {
  const button = page.getByRole('button', { name });
  const [download] = await Promise.all([page.waitForEvent('download'), tapLikeAPerson(button)]);
  return { file: download.suggestedFilename(), text: await readFile((await download.path())!, 'utf8') };
}

for (const lang of ['pl', 'en'] as const) {
  const t = T[lang];
  test(`${lang}: a member asks for a copy of their data, downloads it once per file, and finds their consent history`, async ({
    browser,
    request,
  }) => {
    const context = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      locale: lang === 'en' ? 'en-GB' : 'pl-PL',
      ...(lang === 'en' ? PHONE : { hasTouch: true }),
    });
    const page = await context.newPage();
    const member = await newUser(request, 'CUSTOMER', lang);
    await signIn(page, member, null);
    const order = await placePaidOrder(page.request);
    await page.goto('/panel/account/club-card');
    await expect(page.getByTestId('splash')).toBeHidden({ timeout: 15_000 });

    // From the account menu, like a person.
    await tapLikeAPerson(page.getByRole('button', { name: t.account, exact: true }));
    await tapLikeAPerson(page.getByRole('menu').getByRole('menuitem', { name: t.myData }));
    await expect(page).toHaveURL(/\/panel\/account\/my-data$/);

    await tapLikeAPerson(page.getByRole('button', { name: t.request }));
    await expect(page.getByText(t.ready)).toBeVisible();

    const json = await downloaded(page, t.json);
    expect(json.file).toMatch(/^excellence-club-my-data-\d{4}-\d\d-\d\d\.json$/);
    const data = JSON.parse(json.text) as { account: { email: string }; orders: { id: number }[] };
    expect(data.account.email).toBe(member.email);
    expect(data.orders.map((o) => o.id)).toContain(order.id);

    const html = await downloaded(page, t.html);
    expect(html.file).toMatch(/\.html$/);
    expect(html.text).toContain(`<html lang="${lang}">`);
    expect(html.text).toContain(t.docTitle);
    expect(html.text).toContain(`${t.order} ${order.id}`);
    // Each file once: both now say when they were downloaded instead of offering it again.
    await expect(page.getByText(t.downloaded)).toHaveCount(2);
    await expect(page.getByRole('button', { name: t.json })).toHaveCount(0);

    const mails = await readOutbox(request, member.email);
    const ready = mails.find((m) => m.template === 'privacy-export-ready');
    expect(ready?.text).toContain('/panel/account/my-data');
    expect(ready?.text).not.toMatch(/token=|\/download\//);

    expect([
      ...(await axeProblems(page, 'my data')),
      ...(await screenProblems(page, lang, 'my data')),
    ]).toEqual([]);

    await tapLikeAPerson(page.getByRole('link', { name: t.userInfo, exact: true }).last());
    await expect(page).toHaveURL(/\/panel\/account\/user-info$/);
    const history = page.getByRole('region', { name: t.history });
    await expect(history.getByRole('listitem').first()).toBeVisible();
    await context.close();
  });
}
