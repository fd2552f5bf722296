import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';

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

/** Signs in through the API (the browser context keeps the cookie), then opens `path` via the splash. */
export async function signIn(
  page: Page,
  user: { email: string; password: string },
  path = '/panel/home',
): Promise<void> {
  const res = await page.request.post('/panel/api/v1/auth/login', {
    data: { email: user.email, password: user.password },
  });
  expect(res.status(), await res.text()).toBe(200);
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

export const test = base;
export { expect };
