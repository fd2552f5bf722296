import { type APIRequestContext, type Browser, chromium, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, newStaff, newUser, PHONE, signInStaffByApi, test } from './fixtures';
import { axeProblems } from './support/axe';
import { CHROMIUM_ARGS } from './support/chromium-args.mjs';
import { screenProblems } from './support/person-checks';
import { csrfHeaders, newExperienceOnSale, placePaidOrder } from './support/shop';
import { clubDay } from './support/club-day';

/**
 * The gate without network and with the phone's camera (issue 29, docs/event-day.md), at 390 px:
 *  - in Polish and English, staff at two gates (two browser contexts, two devices) download the list,
 *    the network goes, gate A lets ticket 1 in, gate B ticket 2 (found by surname in its copy) and
 *    ticket 1 too (its copy cannot know), the network comes back, both send their queues, and the gate that lost sees the conflict
 *    and marks it reviewed;
 *  - Chromium's fake camera plays a picture of a real ticket's QR code: "scan" reads it (the browser
 *    has no BarcodeDetector on Linux, so the gate's jsQR does) and the ticket is let in.
 */

const TEXT = {
  pl: {
    experience: 'Wydarzenie',
    gate: 'Bramka',
    code: 'Kod biletu',
    check: 'Sprawdź',
    download: 'Pobierz listę na wypadek braku sieci',
    copyOf2: /Lista z \d{2}:\d{2} \(2 bilety\)/,
    offline: 'Offline: odpowiedzi z listy na tym urządzeniu.',
    waiting1: '1 skan czeka na wysłanie',
    waiting2: '2 skany czekają na wysłanie',
    conflict: '1 wejście do wyjaśnienia',
    mine: /Wpuszczono na tej bramce o \d{2}:\d{2} \(Brama B/,
    first: /Pierwsze wejście o \d{2}:\d{2}: bramka Brama A/,
    review: 'Wyjaśnione',
    scan: 'Skanuj',
    find: 'Szukaj osoby',
    letIn: 'Wpuść: Gość0 Żółkiewska',
    remembered: /Uruchomiono bez sieci: zalogowano jako .+ z pamięci tego urządzenia/,
    consoleScan: /Wpuszczono o \d{2}\.\d{2}\.\d{4},? \d{2}:\d{2}, bramka Brama B/,
    consoleFirst: /Pierwsze wejście o \d{2}\.\d{2}\.\d{4},? \d{2}:\d{2}: bramka Brama A/,
    list: 'Lista wejść',
    checkOut: 'Wymelduj',
    letInAnyway: 'Wpuść mimo to',
    reason: 'Powód',
    confirm: 'Wpuść',
    waiting5: '5 skanów czeka na wysłanie',
  },
  en: {
    experience: 'Experience',
    gate: 'Gate',
    code: 'Ticket code',
    check: 'Check',
    download: 'Download the list for offline',
    copyOf2: /List from \d{2}:\d{2} \(2 tickets\)/,
    offline: "Offline: answers come from this device's list.",
    waiting1: '1 scan waiting to sync',
    waiting2: '2 scans waiting to sync',
    conflict: '1 admission to review',
    mine: /Let in at this gate at \d{2}:\d{2} \(Gate B/,
    first: /First let in at \d{2}:\d{2}: gate Gate A/,
    review: 'Reviewed',
    scan: 'Scan',
    find: 'Find a person',
    letIn: 'Let in: Gość0 Żółkiewska',
    remembered: /Started without network: signed in as .+ from this device's memory/,
    consoleScan: /Let in at \d{2}\/\d{2}\/\d{4},? \d{2}:\d{2} at gate Gate B/,
    consoleFirst: /First let in at \d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}: gate Gate A/,
    list: 'Check-in list',
    checkOut: 'Check out',
    letInAnyway: 'Let in anyway',
    reason: 'Reason',
    confirm: 'Let in',
    waiting5: '5 scans waiting to sync',
  },
} as const;

const tomorrow = () => clubDay(1);

/** A paid booking of `seats` on a new experience, made through the API; its tickets' codes. */
async function bookedCodes(browser: Browser, baseURL: string, name: string, seats: number) {
  return (await booked(browser, baseURL, name, seats)).codes;
}

/** The same, with the experience's id. */
async function booked(browser: Browser, baseURL: string, name: string, seats: number) {
  const productId = await newExperienceOnSale(browser, baseURL, name, 10, { start_date: tomorrow() });
  const context = await browser.newContext({ baseURL });
  const member = await newUser(context.request, 'CUSTOMER');
  const login = await context.request.post('/panel/api/v1/auth/login', {
    data: { email: member.email, password: member.password },
  });
  expect(login.status()).toBe(200);
  const persons = Array.from({ length: seats - 1 }, (_, i) => ({ name: `Gość${i}`, surname: 'Żółkiewska' }));
  const order = await placePaidOrder(context.request, productId, { quantity: seats, persons });
  const tickets = (await (await context.request.get(`/panel/api/v1/tickets?order_id=${order.id}`)).json())
    .data as { code: string }[];
  await context.close();
  return { productId, codes: tickets.map((t) => t.code) };
}

/** On the gate: the experience chosen and the gate named, as staff do at the start of the evening. */
async function setUpGate(page: Page, lang: 'pl' | 'en', name: string, gateName: string) {
  const t = TEXT[lang];
  const experience = page.getByRole('combobox', { name: t.experience });
  await experience.selectOption(
    (await experience.locator('option', { hasText: name }).getAttribute('value'))!,
  );
  await page.getByRole('textbox', { name: t.gate, exact: true }).fill(gateName);
}

/** The list downloaded for offline use, then the network gone, as a gate's phone loses it. */
async function downloadThenLoseNetwork(page: Page, lang: 'pl' | 'en') {
  const t = TEXT[lang];
  await page.getByRole('button', { name: t.download }).click();
  await expect(page.getByTestId('gate-freshness')).toHaveText(t.copyOf2);
  await page.context().setOffline(true);
  await expect(page.getByTestId('gate-offline').getByRole('status')).toHaveText(t.offline);
}

async function typeCode(page: Page, lang: 'pl' | 'en', code: string) {
  const t = TEXT[lang];
  await page.getByRole('textbox', { name: t.code }).fill(code);
  await page.getByRole('button', { name: t.check, exact: true }).click();
}

for (const lang of ['pl', 'en'] as const) {
  test(`two gates without network let one ticket in twice; the gate that lost sees the conflict (${lang})`, async ({
    browser,
    baseURL,
    asStaff,
    expectFailure,
  }) => {
    const t = TEXT[lang];
    const name = `Offline ${lang} ${Date.now()}`;
    const [one, two] = await bookedCodes(browser, baseURL!, name, 2);
    // A request a screen starts just as the network goes (the console's own reads) fails in the browser.
    expectFailure({ message: /ERR_INTERNET_DISCONNECTED/, optional: true });

    const a = await asStaff('OPERATOR', { language: lang, phone: true, path: '/panel/admin/gate' });
    const b = await asStaff('ADMIN', { language: lang, phone: true, path: '/panel/admin/gate' });
    const gateName = lang === 'pl' ? 'Brama' : 'Gate';
    for (const [page, label] of [
      [a.page, 'A'],
      [b.page, 'B'],
    ] as const) {
      await setUpGate(page, lang, name, `${gateName} ${label}`);
      await downloadThenLoseNetwork(page, lang);
    }

    await typeCode(a.page, lang, one!);
    await expect(a.page.getByTestId('gate-result')).toHaveAttribute('data-result', 'IN');
    await expect(a.page.getByTestId('gate-freshness')).toContainText(t.waiting1);
    await expect(a.page.getByTestId('gate-count-in')).toContainText('1');

    // Ticket 2 (the guest) found by surname in the device's copy and let in from the list.
    await b.page.getByRole('searchbox', { name: t.find }).fill('Żółk');
    await b.page.getByRole('button', { name: t.letIn }).click();
    await expect(b.page.getByTestId('gate-result')).toHaveAttribute('data-result', 'IN');
    await typeCode(b.page, lang, one!);
    await expect(b.page.getByTestId('gate-freshness')).toContainText(t.waiting2);
    await expect(b.page.getByTestId('gate-result')).toHaveAttribute('data-result', 'IN');
    // The same code again offline is "already in" from the device's own copy.
    await typeCode(b.page, lang, two!);
    await expect(b.page.getByTestId('gate-result')).toHaveAttribute('data-result', 'ALREADY_IN');
    expect(await screenProblems(b.page, lang, 'the gate offline')).toEqual([]);

    // The network is back: gate A sends first, then gate B, whose ticket-1 scan came later.
    await a.page.context().setOffline(false);
    await expect(a.page.getByTestId('gate-freshness')).not.toContainText(t.waiting1);
    await b.page.context().setOffline(false);
    const conflicts = b.page.getByTestId('gate-conflicts');
    await expect(conflicts).toContainText(t.conflict);
    const conflict = conflicts.getByTestId('gate-conflict');
    await expect(conflict).toHaveAttribute('data-mine', 'true');
    await expect(conflict).toContainText(t.mine);
    await expect(conflict).toContainText(t.first);
    await expect(b.page.getByTestId('gate-freshness')).not.toContainText(t.waiting2);
    await expect(b.page.getByTestId('gate-count-in')).toContainText('2');
    expect([
      ...(await axeProblems(b.page, 'the gate with a conflict')),
      ...(await screenProblems(b.page, lang, 'the gate with a conflict')),
    ]).toEqual([]);

    // Outside the gate screen: the console's check-in lists show it (who, which gates, when), and
    // staff mark it reviewed there; the gate that lost then clears it too.
    await a.page.goto('/panel/admin/gate/lists');
    const inConsole = a.page.getByTestId('list-conflicts');
    await expect(inConsole).toContainText(t.conflict);
    const row = inConsole.getByTestId('list-conflict');
    await expect(row).toContainText(t.consoleScan);
    await expect(row).toContainText(t.consoleFirst);
    expect([
      ...(await axeProblems(a.page, 'the check-in lists with a conflict')),
      ...(await screenProblems(a.page, lang, 'the check-in lists with a conflict')),
    ]).toEqual([]);
    await row.getByRole('button', { name: new RegExp(t.review, 'i') }).click();
    await expect(inConsole).toBeHidden();
    await conflict.getByRole('button', { name: new RegExp(t.review, 'i') }).click();
    await expect(conflicts).toBeHidden();
  });
}

/**
 * A cold start without network (docs/event-day.md "A cold start offline"): the phone opened the gate
 * online (its service worker installed, its list downloaded), then the network goes and the page is
 * loaded again. The gate comes up from the worker's copy of the app, on the staff member the device
 * remembers, with its list; it lets a ticket in from the copy; when the network is back the session
 * is confirmed and the scan is sent. In English the session has ended meanwhile: staff are sent to
 * sign in, and the scan waits on the device until they have.
 */
async function coldStartOffline(page: Page, lang: 'pl' | 'en', name: string) {
  const t = TEXT[lang];
  await setUpGate(page, lang, name, lang === 'pl' ? 'Brama 1' : 'Gate 1');
  await page.getByRole('button', { name: t.download }).click();
  await expect(page.getByTestId('gate-freshness')).toHaveText(t.copyOf2);
  // The gate's worker has installed (its precache holds the app) before the network goes.
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state))
    .toBe('activated');
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByTestId('gate-offline').getByRole('status')).toHaveText(t.offline);
  await expect(page.getByTestId('gate-remembered')).toHaveText(t.remembered);
  await expect(page.getByTestId('gate-freshness')).toHaveText(t.copyOf2);
  await expect(page.getByRole('combobox', { name: t.experience })).toContainText(name);
}

for (const lang of ['pl', 'en'] as const) {
  test(`a gate reloaded without network starts from the device and sends its scan when the network returns (${lang})`, async ({
    browser,
    baseURL,
    asStaff,
    expectFailure,
  }) => {
    const t = TEXT[lang];
    const name = `Zimny start ${lang} ${Date.now()}`;
    const [one, two] = await bookedCodes(browser, baseURL!, name, 2);
    // Offline, the page's requests to the server (the session, the console's reads, pictures) fail.
    expectFailure({ message: /ERR_INTERNET_DISCONNECTED|Failed to load resource/, optional: true });
    const { page, staff } = await asStaff('OPERATOR', {
      language: lang,
      phone: true,
      path: '/panel/admin/gate',
    });
    await coldStartOffline(page, lang, name);

    await typeCode(page, lang, one!);
    await expect(page.getByTestId('gate-result')).toHaveAttribute('data-result', 'IN');
    await expect(page.getByTestId('gate-freshness')).toContainText(t.waiting1);
    await typeCode(page, lang, one!);
    await expect(page.getByTestId('gate-result')).toHaveAttribute('data-result', 'ALREADY_IN');
    expect(await screenProblems(page, lang, 'the gate started offline')).toEqual([]);

    if (lang === 'en') {
      // The session ended while the phone was offline: back online, staff must sign in first.
      expectFailure({ status: 401, optional: true });
      await page.context().clearCookies();
      await page.context().setOffline(false);
      await expect(page).toHaveURL(/\/panel\/login/);
      await signInStaffByApi(page.context().request, staff);
      await page.goto('/panel/admin/gate');
    } else {
      await page.context().setOffline(false);
    }
    await expect(page.getByTestId('gate-remembered')).toBeHidden();
    await expect(page.getByTestId('gate-freshness')).not.toContainText(t.waiting1);
    await expect(page.getByTestId('gate-count-in')).toContainText('1');
    // The server has the admission: ticket 1 is "already in", ticket 2 goes in online.
    await typeCode(page, lang, one!);
    await expect(page.getByTestId('gate-result')).toHaveAttribute('data-result', 'ALREADY_IN');
    await typeCode(page, lang, two!);
    await expect(page.getByTestId('gate-result')).toHaveAttribute('data-result', 'IN');
    await expect(page.getByTestId('gate-count-in')).toContainText('2');
  });
}

/**
 * The rest of the gate offline: on a paddock list that keeps check-outs, with the network gone, staff
 * let a guest in, check them out and let them in again; a ticket the copy says is in already is let in
 * anyway with a reason. Back online the five actions go to the server with no conflict, and the
 * server agrees: the guest is in, and so is the other ticket.
 */
for (const lang of ['pl', 'en'] as const) {
  test(`offline, a gate checks a guest out and overrides a refusal; the server gets both when the network returns (${lang})`, async ({
    browser,
    baseURL,
    asStaff,
    expectFailure,
  }) => {
    const t = TEXT[lang];
    const name = `Padok ${lang} ${Date.now()}`;
    const { productId, codes } = await booked(browser, baseURL!, name, 2);
    const [one, two] = codes;
    expectFailure({ message: /ERR_INTERNET_DISCONNECTED/, optional: true });
    const { page } = await asStaff('OPERATOR', { language: lang, phone: true, path: '/panel/admin/gate' });
    const paddock = await page.request.post(`/panel/api/v1/admin/check-in/experiences/${productId}/lists`, {
      headers: await csrfHeaders(page.request),
      data: { name: 'Paddock', allows_check_out: true },
    });
    expect(paddock.status(), await paddock.text()).toBe(200);
    await page.reload();
    await setUpGate(page, lang, name, 'Paddock 1');
    await page.getByRole('combobox', { name: t.list }).selectOption({ label: 'Paddock' });
    await downloadThenLoseNetwork(page, lang);

    const result = page.getByTestId('gate-result');
    await typeCode(page, lang, one!);
    await expect(result).toHaveAttribute('data-result', 'IN');
    await result.getByRole('button', { name: t.checkOut }).click();
    await expect(result).toHaveAttribute('data-result', 'OUT');
    await expect(page.getByTestId('gate-count-in')).toContainText('0');
    await typeCode(page, lang, one!);
    await expect(result).toHaveAttribute('data-result', 'IN');
    // Ticket 2 is in already by the copy: let in anyway, with a reason.
    await typeCode(page, lang, two!);
    await expect(result).toHaveAttribute('data-result', 'IN');
    await typeCode(page, lang, two!);
    await expect(result).toHaveAttribute('data-result', 'ALREADY_IN');
    await result.getByRole('button', { name: t.letInAnyway }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByRole('textbox', { name: t.reason })
      .fill(lang === 'pl' ? 'Wraca z parkingu' : 'Back from the car park');
    await dialog.getByRole('button', { name: t.confirm, exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(result).toHaveAttribute('data-result', 'IN');
    await expect(page.getByTestId('gate-freshness')).toContainText(t.waiting5);
    expect(await screenProblems(page, lang, 'the gate offline after an override')).toEqual([]);

    // Back online: the queue goes, no admission to review, and the server's answers agree.
    await page.context().setOffline(false);
    await expect(page.getByTestId('gate-freshness')).not.toContainText(t.waiting5);
    await expect(page.getByTestId('gate-count-in')).toContainText('2');
    await expect(page.getByTestId('gate-conflicts')).toBeHidden();
    await typeCode(page, lang, one!);
    await expect(result).toHaveAttribute('data-result', 'ALREADY_IN');
    // Online, the check-out is the server's: out, and the count follows.
    await result.getByRole('button', { name: t.checkOut }).click();
    await expect(result).toHaveAttribute('data-result', 'OUT');
    await expect(page.getByTestId('gate-count-in')).toContainText('1');
  });
}

/** A video Chromium's fake camera plays: the QR code of `code`, black on white, in a 640×480 Y4M file. */
async function qrVideo(code: string): Promise<string> {
  const png = await QRCode.toBuffer(code, { errorCorrectionLevel: 'M', margin: 4, width: 400 });
  const width = 640;
  const height = 480;
  const luma = await sharp(png)
    .resize(400, 400)
    .extend({ top: 40, bottom: 40, left: 120, right: 120, background: '#ffffff' })
    .flatten({ background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer();
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma.subarray(0, width * height), chroma]);
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'gate-camera-')), 'ticket.y4m');
  await writeFile(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]),
  );
  return file;
}

async function signedInStaff(request: APIRequestContext) {
  const staff = await newStaff(request, 'OPERATOR', 'pl');
  await signInStaffByApi(request, staff);
}

test('the camera reads a real ticket and lets it in (pl)', async ({ browser, baseURL, pageGuard }) => {
  const name = `Kamera ${Date.now()}`;
  const [code] = await bookedCodes(browser, baseURL!, name, 1);
  // Its own browser: only this test has a camera, fed with the ticket's QR code.
  const withCamera = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${await qrVideo(code!)}`,
    ],
  });
  try {
    const context = await withCamera.newContext({
      ...PHONE,
      baseURL,
      locale: 'pl-PL',
      permissions: ['camera'],
      reducedMotion: 'reduce',
    });
    pageGuard.watch(context);
    await signedInStaff(context.request);
    const page = await context.newPage();
    await page.goto('/panel/admin/gate');
    await expect(page.getByTestId('splash')).toBeHidden({ timeout: 15_000 });
    await setUpGate(page, 'pl', name, 'Brama 3');
    await page.getByRole('button', { name: TEXT.pl.scan, exact: true }).click();
    const camera = page.getByRole('dialog');
    await expect(camera).toBeVisible();
    // Read by itself: the dialog closes and the answer is the ticket's.
    await expect(page.getByTestId('gate-result')).toHaveAttribute('data-result', 'IN', { timeout: 20_000 });
    await expect(camera).toBeHidden();
    await expect(page.getByTestId('gate-count-in')).toContainText('1');
    await context.close();
  } finally {
    await withCamera.close();
  }
});
