/**
 * Stored XSS through the console (issue 16): the attack every rich-text field and caption receives,
 * and the checks that it stayed inert where members and staff see it.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '../fixtures';

export const MARK = '__consoleXss';
export const attack = (n: number) =>
  `<p>Safe ${n}</p><script>window.${MARK}=${n}</script><img src="x" onerror="window.${MARK}=${n};alert(${n})"><p><a href="javascript:window.${MARK}=${n}">link ${n}</a></p>`;

type Watch = { problems: string[] };
export function watch(page: Page): Watch {
  const w: Watch = { problems: [] };
  page.on('dialog', async (d) => {
    w.problems.push(`dialog: ${d.message()}`);
    await d.dismiss();
  });
  page.on('pageerror', (e) => w.problems.push(`page error: ${e.message}`));
  return w;
}

export async function expectInert(page: Page, w: Watch, where: string) {
  expect(
    await page.evaluate((m) => (window as unknown as Record<string, unknown>)[m], MARK),
    where,
  ).toBeUndefined();
  // The attack's image may stay as a plain (broken) picture; its handler, scripts and links may not.
  expect(await page.locator('script:not([src]), [onerror], a[href^="javascript" i]').count(), where).toBe(0);
  expect(w.problems, where).toEqual([]);
}

export async function api(request: APIRequestContext) {
  const me = await (await request.get('/panel/api/v1/auth/me')).json();
  const headers = { 'x-csrf-token': me.data.csrf_token as string };
  const call = async (method: 'post' | 'put' | 'delete', path: string, data?: unknown) => {
    const res = await request[method](`/panel/api/v1${path}`, {
      headers,
      ...(data === undefined ? {} : { data }),
    });
    expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBeTruthy();
    return (await res.json()).data;
  };
  return { headers, call };
}

/** Captions are text: markup in them must show literally, never as elements. */
export const captionAttacks = {
  pl: `<img src="x" onerror="window.${MARK}=5">`,
  en: `"><script>window.${MARK}=6</script>`,
};
