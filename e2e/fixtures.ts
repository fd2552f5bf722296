import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  test as base,
  expect,
  type Page,
} from '@playwright/test';
import { generateSync } from 'otplib';
import { type ExpectedFailure, PageGuard } from './support/page-guard';

export type TestUser = { id: number; email: string; password: string };
export const DEMO_PASSWORD = 'Excellence#2026';
export const demo = {
  customer: { id: 0, email: 'customer@example.com', password: DEMO_PASSWORD },
  customerEn: { id: 0, email: 'customer.en@example.com', password: DEMO_PASSWORD },
  dealer: { id: 0, email: 'dealer@example.com', password: DEMO_PASSWORD },
  dealer2: { id: 0, email: 'dealer2@example.com', password: DEMO_PASSWORD },
} as const;

/** A fresh account (through the test-support route): tests never change the demo accounts. */
export async function newUser(
  request: APIRequestContext,
  type: 'CUSTOMER' | 'DEALER' = 'CUSTOMER',
  language: 'pl' | 'en' = 'pl',
): Promise<TestUser> {
  const res = await request.post('/panel/api/v1/test/users', { data: { type, language } });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).data as TestUser;
}

/**
 * The demo members are only looked at: each signs in once per worker and its session (the cookies, as
 * a storage state) is reused by every later test. Not the demo dealers: a dealer's password check
 * lives on the session, so a shared one would carry one test's check past the next test's gate.
 * A test that signs out or changes an account uses a fresh one (newUser).
 */
const SHARED_SESSIONS = new Set<string>([demo.customer.email, demo.customerEn.email]);
const memberSessions = new Map<string, Awaited<ReturnType<BrowserContext['cookies']>>>();

/**
 * Signs in through the API (the browser context keeps the cookie), then opens `path` via the splash;
 * `path: null` opens nothing (a test that seeds through the API first, then loads its screen once).
 */
export async function signIn(
  page: Page,
  user: { email: string; password: string },
  path: string | null = '/panel/home',
): Promise<void> {
  const shared = SHARED_SESSIONS.has(user.email);
  const cookies = shared ? memberSessions.get(user.email) : undefined;
  if (cookies) {
    await page.context().addCookies(cookies);
  } else {
    const res = await page.request.post('/panel/api/v1/auth/login', {
      data: { email: user.email, password: user.password },
    });
    expect(res.status(), await res.text()).toBe(200);
    if (shared) memberSessions.set(user.email, await page.context().cookies());
  }
  if (path === null) return;
  await page.goto(path);
  await expect(page.getByTestId('splash')).toBeHidden({ timeout: 15_000 });
}

/** The newest mails sent to an address (from the outbox table). */
export async function readOutbox(
  request: APIRequestContext,
  to: string,
): Promise<{ subject: string; text: string; template: string }[]> {
  const res = await request.get(`/panel/api/v1/test/outbox?to=${encodeURIComponent(to)}`);
  expect(res.ok()).toBeTruthy();
  return (await res.json()).data;
}

export const linkIn = (text: string): string => {
  const match = /(https?:\/\/\S+)/.exec(text);
  if (!match) throw new Error(`no link in: ${text}`);
  return match[1]!;
};

/* ---- the club's staff (docs/console.md) ---- */

export type StaffType = 'OPERATOR' | 'ADMIN';
export type StaffUser = TestUser & { totpSecret: string | null };

/**
 * A fresh staff account (test-support route). Enrolled by default: `totpSecret` gives its codes
 * (`totpCode`); `enrolled: false` leaves the second factor to enrol at the first sign-in.
 */
export async function newStaff(
  request: APIRequestContext,
  type: StaffType = 'OPERATOR',
  language: 'pl' | 'en' = 'pl',
  opts: { enrolled?: boolean } = {},
): Promise<StaffUser> {
  const res = await request.post('/panel/api/v1/test/users', {
    data: { type, language, enrolled: opts.enrolled ?? true },
  });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).data as StaffUser;
}

const TOTP_PERIOD_S = 30;
const lastStep = new Map<string, number>();

/**
 * A code the server accepts now, computed by otplib from the secret as an authenticator app would: the
 * current step's, or the next step's when this worker already used the current one (the server
 * accepts each step once, and one step either side).
 */
export async function totpCode(secret: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000 / TOTP_PERIOD_S);
  let step = Math.max(now, (lastStep.get(secret) ?? -1) + 1);
  if (step > now + 1) {
    await new Promise((resolve) => setTimeout(resolve, (now + 1) * TOTP_PERIOD_S * 1000 - Date.now() + 50));
    step = Math.floor(Date.now() / 1000 / TOTP_PERIOD_S);
  }
  lastStep.set(secret, step);
  return generateSync({ secret, epoch: step * TOTP_PERIOD_S });
}

/**
 * Signs a staff member in as a person does: the sign-in page (e-mail, password), then the console's
 * second step with the authenticator's code; ends on the console (`path`) once the splash is gone.
 */
export async function signInStaff(page: Page, staff: StaffUser, path = '/panel/admin'): Promise<void> {
  await page.goto(`/panel/login?nextRoute=${encodeURIComponent(path.replace(/^\/panel/, ''))}`);
  await page.getByLabel(/^E-mail/).fill(staff.email);
  await page.getByLabel(/^(Hasło|Password)/).fill(staff.password);
  await page.getByRole('button', { name: /^(Zaloguj się|Sign in)$/ }).click();
  const code = page.getByLabel(/^(Kod z aplikacji|Code from the app)/);
  await expect(code).toBeVisible();
  await code.fill(await totpCode(staff.totpSecret!));
  await page.getByRole('button', { name: /^(Zaloguj się|Sign in)$/ }).click();
  await expect(page.getByTestId('splash')).toBeHidden({ timeout: 15_000 });
  await expect(page.getByRole('main')).toBeVisible();
}

/** Signs a staff member in through the API (password, then the TOTP code): for storage states. */
export async function signInStaffByApi(request: APIRequestContext, staff: StaffUser): Promise<void> {
  const first = await request.post('/panel/api/v1/auth/login', {
    data: { email: staff.email, password: staff.password },
  });
  expect(first.status(), await first.text()).toBe(202);
  const { challenge } = (await first.json()).data as { challenge: string };
  const second = await request.post('/panel/api/v1/auth/second-factor', {
    data: { challenge, code: await totpCode(staff.totpSecret!) },
  });
  expect(second.status(), await second.text()).toBe(200);
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
const staffStates = new Map<string, { staff: StaffUser; state: StorageState }>();

/** One signed-in staff account per type and language per worker (storage state, signed in once). */
async function staffState(browser: Browser, type: StaffType, language: 'pl' | 'en') {
  const key = `${type}:${language}`;
  let entry = staffStates.get(key);
  if (!entry) {
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const staff = await newStaff(context.request, type, language);
    await signInStaffByApi(context.request, staff);
    entry = { staff, state: await context.storageState() };
    staffStates.set(key, entry);
    await context.close();
  }
  return entry;
}

export const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;

export type AsStaffOptions = { language?: 'pl' | 'en'; phone?: boolean; path?: string };

export const test = base.extend<{
  /** Watches every browser context of the test (support/page-guard.ts); fails it on what it met. */
  pageGuard: PageGuard;
  /**
   * Declares the one failure a test provokes on purpose (a 4xx answer, a console error), narrowly:
   * `expectFailure({ status: 401, method: 'POST', url: '/auth/login' })`. It must be met.
   */
  expectFailure: (rule: ExpectedFailure) => void;
  /**
   * A page of a signed-in staff member (a worker-wide account of that type and language, signed in
   * once), opened on `path` (default the console's start) after the splash; `phone: true` opens it at
   * 390 px with touch. `const { page, staff } = await asStaff('ADMIN', { language: 'en' })`.
   */
  asStaff: (type: StaffType, opts?: AsStaffOptions) => Promise<{ page: Page; staff: StaffUser }>;
}>({
  pageGuard: [
    async ({ browser }, use, testInfo) => {
      const guard = new PageGuard();
      // The project's reduced motion reaches the contexts tests open by hand too (the home film's
      // loop was a third of a core for as long as such a test stayed on /home).
      const restore = guard.watchBrowser(browser, { reducedMotion: testInfo.project.use.reducedMotion });
      await use(guard);
      restore();
      const problems = guard.report();
      expect(problems, `the walk met failures no test declared:\n${problems.join('\n')}`).toEqual([]);
    },
    { auto: true },
  ],
  context: async ({ context, pageGuard }, use) => {
    pageGuard.watch(context);
    await use(context);
  },
  expectFailure: async ({ pageGuard }, use) => {
    await use((rule) => pageGuard.expect(rule));
  },
  asStaff: async ({ browser }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (type, opts = {}) => {
      const language = opts.language ?? 'pl';
      const { staff, state } = await staffState(browser, type, language);
      const context = await browser.newContext({
        baseURL: test.info().project.use.baseURL,
        storageState: state,
        locale: language === 'en' ? 'en-GB' : 'pl-PL',
        ...(opts.phone ? PHONE : {}),
      });
      contexts.push(context);
      const page = await context.newPage();
      // The console's uploads open a file chooser. Playwright turns its interception on when a test
      // first waits for one, without waiting for the browser's answer; on a busy machine the click
      // could reach the page first and the chooser was never reported. Turned on here, long before.
      page.on('filechooser', () => {});
      await page.goto(opts.path ?? '/panel/admin');
      await expect(page.getByTestId('splash')).toBeHidden({ timeout: 15_000 });
      await expect(page.getByRole('main')).toBeVisible();
      return { page, staff };
    });
    for (const context of contexts) await context.close();
  },
});
export { expect };
