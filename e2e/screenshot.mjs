#!/usr/bin/env node
// Takes a screenshot of a panel page as a signed-in user, for looking at a screen while building it.
// Usage: node e2e/screenshot.mjs /panel/home out.png [--width 390] [--lang en] [--user customer|customer.en|dealer|dealer2|operator|admin|none]
// (the demo staff accounts sign in with their second factor: a code of the demo TOTP secret, README)
//        [--base http://127.0.0.1:8080] [--full] [--motion reduce]
import { chromium } from '@playwright/test';
import { generateSync } from 'otplib';
import { CHROMIUM_ARGS } from './support/chromium-args.mjs';

const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const [path = '/panel/home', out = 'screenshot.png'] = args.filter(
  (a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'),
);
const width = Number(opt('width', '1440'));
const base = opt('base', process.env.BASE_URL ?? 'http://127.0.0.1:8080');
const user = opt('user', 'customer');
const lang = opt('lang', 'pl');

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});
const context = await browser.newContext({
  viewport: { width, height: width < 600 ? 844 : 900 },
  baseURL: base,
  // A member who asked the system for less motion (the home film waits for its play button).
  reducedMotion: opt('motion', 'no-preference'),
});
const page = await context.newPage();
if (user !== 'none') {
  const email = user.includes('@') ? user : `${user}@example.com`;
  const res = await page.request.post('/panel/api/v1/auth/login', {
    data: { email, password: 'Excellence#2026' },
  });
  if (!res.ok()) throw new Error(`login failed: ${res.status()} ${await res.text()}`);
  let { data } = await res.json();
  if (data.second_factor) {
    const second = await page.request.post('/panel/api/v1/auth/second-factor', {
      data: { challenge: data.challenge, code: generateSync({ secret: DEMO_TOTP_SECRET }) },
    });
    if (!second.ok()) throw new Error(`second factor failed: ${second.status()} ${await second.text()}`);
    data = (await second.json()).data;
  }
  const wanted = lang === 'en' ? 2 : 1;
  await page.request.get(`/panel/api/v1/users/update-language?language_id=${wanted}`, {
    headers: { 'X-Csrf-Token': data.csrf_token },
  });
}
await page.addInitScript((l) => localStorage.setItem('club.language', l), lang);
await page.goto(path);
await page.waitForLoadState('networkidle');
// What a person waits for: the splash gone, nothing loading, fonts in, no animation running.
await page.getByTestId('splash').waitFor({ state: 'hidden', timeout: 15_000 });
await page.waitForFunction(
  () => document.querySelectorAll('[role=status][aria-label], [aria-busy=true]').length === 0,
);
await page.evaluate(async () => {
  await document.fonts.ready;
  await Promise.all(
    document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
      .map((a) => a.finished.catch(() => undefined)),
  );
});
await page.screenshot({ path: out, fullPage: args.includes('--full') });
console.log(`saved ${out} (${page.url()})`);
await browser.close();
