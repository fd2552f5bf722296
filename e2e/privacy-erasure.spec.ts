import type { Page } from '@playwright/test';
import { expect as baseExpect, newUser, test } from './fixtures';
import { screenProblems } from './support/person-checks';

/**
 * Erasure on a written request (issue 31, docs/privacy.md "Erasure"): an administrator finds a member
 * who has orders, an issued invoice, tickets, mails and consents, removes the account with the
 * request's reference and a confirmation; afterwards the member is in neither the members' search nor
 * the orders, and only the kept invoice still names them. The Members screen shows the retention
 * job's last run. Before the removal an operator's colleague starts the member's copy of their data
 * on a written request (issue 31, art. 15): it is queued in the member's language and staff never
 * get the file. After the removal the kept invoice opens: its order's page and its PDF.
 */
test.describe.configure({ timeout: 120_000 });
// The console's chunks arrive on first use; a busy machine needs more than the default 10 s.
const expect = baseExpect.configure({ timeout: 30_000 });

const T = {
  pl: {
    members: 'Członkowie',
    search: 'Imię, nazwisko lub e-mail',
    find: 'Szukaj',
    none: 'Nikt nie pasuje do wyszukiwania.',
    retention: 'Okresy przechowywania danych',
    lastRun: 'Zadanie retencji ostatnio działało',
    request: 'Sygnatura żądania',
    removeTitle: 'Usunięcie konta',
    exportTitle: 'Kopia danych członka',
    exportSubmit: 'Przygotuj kopię…',
    exportConfirm: 'Przygotuj kopię',
    exportDone: 'Kopia jest przygotowywana',
    memberLanguage: 'po polsku',
    submit: 'Usuń konto…',
    confirm: 'Usuń trwale',
    required: 'To pole jest wymagane.',
    done: 'Konto zostało usunięte',
    orders: 'Zamówienia',
    member: 'Członek',
    filter: 'Filtruj',
    noOrders: 'Żadne zamówienie nie pasuje do filtrów.',
    invoices: 'Faktury',
    issued: 'Wystawione',
    invoiceSearch: 'Szukaj',
    numberColumn: 'Numer',
    audit: 'Dziennik zmian',
    actor: 'Kto (e-mail)',
    entityId: 'Identyfikator',
    exportAction: 'Zlecenie kopii danych',
    eraseAction: 'Usunięcie konta',
  },
  en: {
    members: 'Members',
    search: 'Name, surname or e-mail',
    find: 'Search',
    none: 'Nobody matches the search.',
    retention: 'Retention of personal data',
    lastRun: 'The retention job last ran on',
    request: 'Reference of the request',
    removeTitle: 'Remove the account',
    exportTitle: 'Copy of the member’s data',
    exportSubmit: 'Prepare the copy…',
    exportConfirm: 'Prepare the copy',
    exportDone: 'The copy is being prepared',
    memberLanguage: 'in English',
    submit: 'Remove the account…',
    confirm: 'Remove for good',
    required: 'This field is required.',
    done: 'The account was removed',
    orders: 'Orders',
    member: 'Member',
    filter: 'Filter',
    noOrders: 'No order matches the filters.',
    invoices: 'Invoices',
    issued: 'Issued',
    invoiceSearch: 'Search',
    numberColumn: 'Number',
    audit: 'Audit log',
    actor: 'Who (e-mail)',
    entityId: 'Identifier',
    exportAction: 'Copy of personal data requested',
    eraseAction: 'Account removed',
  },
} as const;

async function openFromNav(page: Page, name: string) {
  await page.getByRole('navigation').getByRole('link', { name, exact: true }).first().click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

for (const lang of ['pl', 'en'] as const) {
  const t = T[lang];

  test(`${lang}: an administrator removes a member on a written request; only the kept invoice names them`, async ({
    asStaff,
    request,
  }) => {
    const member = await newUser(request, 'CUSTOMER', lang);
    const filled = await request.post(`/panel/api/v1/test/privacy/fill/${member.id}`);
    expect(filled.status(), await filled.text()).toBe(200);
    const who = (await filled.json()).data as {
      name: string;
      surname: string;
      invoice_number: string;
      buyer: string;
    };
    expect((await request.post('/panel/api/v1/test/retention/run')).status()).toBe(200);

    const { page, staff } = await asStaff('ADMIN', { language: lang });
    await openFromNav(page, t.members);
    const retention = page.getByRole('region', { name: t.retention });
    await expect(retention.getByTestId('retention-last-run')).toContainText(t.lastRun);

    await page.getByLabel(t.search).fill(member.email);
    await page.getByRole('button', { name: t.find }).click();
    await page.getByRole('link', { name: new RegExp(member.email) }).click();
    await expect(page.getByRole('heading', { name: `${who.name} ${who.surname}`, level: 1 })).toBeVisible();

    // A copy of the member's data on their letter: the reference is required; the copy goes to the
    // member, in the member's language, and the screen offers staff no file.
    const copy = page.getByRole('region', { name: t.exportTitle });
    await copy.getByRole('button', { name: t.exportSubmit }).click();
    await expect(copy.getByText(t.required)).toBeVisible();
    await copy.getByLabel(t.request).fill(`RODO/2026/${member.id}/15`);
    await copy.getByRole('button', { name: t.exportSubmit }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: t.exportConfirm }).click();
    const queued = page.getByRole('alertdialog').filter({ hasText: t.exportDone });
    await expect(queued).toContainText(`RODO/2026/${member.id}/15`);
    await expect(queued).toContainText(t.memberLanguage);
    await queued.getByRole('button', { name: 'OK' }).click();
    await expect(copy.getByRole('link')).toHaveCount(0);

    // The reference is required, then the confirmation names the person.
    const reference = `RODO/2026/${member.id}`;
    const removal = page.getByRole('region', { name: t.removeTitle });
    await removal.getByRole('button', { name: t.submit }).click();
    await expect(removal.getByText(t.required)).toBeVisible();
    await removal.getByLabel(t.request).fill(reference);
    expect(await screenProblems(page, lang, 'member removal')).toEqual([]);
    await removal.getByRole('button', { name: t.submit }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(who.surname);
    await confirm.getByRole('button', { name: t.confirm }).click();
    const done = page.getByRole('alertdialog').filter({ hasText: t.done });
    await expect(done).toContainText(reference);
    await done.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('heading', { name: t.members, level: 1 })).toBeVisible();

    // Nowhere in the members' search, by surname or by e-mail.
    for (const text of [who.surname, member.email]) {
      await page.getByLabel(t.search).fill(text);
      await page.getByRole('button', { name: t.find }).click();
      await expect(page.getByRole('status').filter({ hasText: t.none })).toBeVisible();
    }

    // Nowhere in the orders.
    await openFromNav(page, t.orders);
    await page.getByLabel(t.member, { exact: true }).fill(who.surname);
    await page.getByRole('button', { name: t.filter, exact: true }).click();
    await expect(page.getByText(t.noOrders)).toBeVisible();
    await expect(page.getByText(who.surname)).toHaveCount(0);

    // The issued invoice is kept with the buyer the law requires on it.
    await openFromNav(page, t.invoices);
    await page.getByRole('link', { name: t.issued }).click();
    await expect(page.getByRole('columnheader', { name: t.numberColumn })).toBeVisible();
    await page.getByRole('searchbox', { name: t.invoiceSearch }).fill(who.invoice_number);
    const row = page.getByRole('row', { name: new RegExp(who.invoice_number.replace(/\//g, '\\/')) });
    await expect(row).toContainText(who.buyer);
    // Its PDF renders, with the buyer's invoice data.
    const pdf = await page.request.get((await row.getByRole('link', { name: 'PDF' }).getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 4).toString('latin1')).toBe('%PDF');
    // Its order opens, with the invoice and no member on it.
    await row.getByRole('link', { name: /^#\d+$/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(who.invoice_number).first()).toBeVisible();
    await expect(page.getByText(who.surname)).toHaveCount(0);
    await expect(page.getByText(member.email)).toHaveCount(0);

    // The audit log names both requests, each once, by their words.
    await page.getByRole('navigation').getByRole('link', { name: t.audit }).first().click();
    await page.getByLabel(t.actor).fill(staff.email);
    await page.getByLabel(t.entityId).fill(String(member.id));
    await expect(page.getByRole('row', { name: new RegExp(t.exportAction) })).toHaveCount(1);
    await expect(page.getByRole('row', { name: new RegExp(t.eraseAction) })).toHaveCount(1);
  });
}
