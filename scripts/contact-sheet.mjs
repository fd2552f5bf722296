#!/usr/bin/env node
// The contact sheet (issue 14): every route of SPEC.md §2 and the public screens, at 1440 and 390 px, in
// Polish and English, shot in Chromium and laid out as one PNG per language and width in
// docs/contact-sheet/. Chromium composes the sheets too (an HTML page of the shots), so nothing else is
// needed. It reads a running panel with the demo data and never changes the demo accounts (they only sign
// in); on a server with TEST_SUPPORT=1 the English dealer is a fresh one with one customer of his own.
// Usage: node scripts/contact-sheet.mjs [--base http://127.0.0.1:8080] [--out docs/contact-sheet]
import { execSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../e2e/support/chromium-args.mjs';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const base = opt('base', process.env.BASE_URL ?? 'http://127.0.0.1:8080');
const out = opt('out', 'docs/contact-sheet');
const PASSWORD = 'Excellence#2026';
const WIDTHS = [
  { name: 'desktop', viewport: { width: 1440, height: 900 }, thumb: 288 },
  { name: 'phone', viewport: { width: 390, height: 844 }, thumb: 150 },
];
const ACCOUNTS = {
  pl: { customer: 'customer@example.com', dealer: 'dealer@example.com' },
  en: { customer: 'customer.en@example.com', dealer: 'dealer2@example.com' },
};
const COMMON = [
  '/panel/home',
  '/panel/excellence-club',
  '/panel/experiences',
  'CATEGORY',
  'PRODUCT',
  '/panel/gallery',
  '/panel/partners',
  '/panel/faq',
  '/panel/contact',
  '/panel/account/club-card',
  '/panel/account/user-info',
  '/panel/account/password-change',
  '/panel/account/your-interests',
  '/panel/account/invoice-info',
  '/panel/account/shopping-history',
  '/panel/cart',
  '/panel/not-found',
  '/panel/cookies-policy',
];
const DEALER = ['/panel/customers', '/panel/customers/register', 'CUSTOMER_EDIT', '/panel/bonus'];
const PUBLIC = [
  '/panel/login',
  '/panel/reset-password?token=not-a-real-token-0123456789',
  '/panel/agreements?token=not-a-real-token-0123456789',
  '/panel/activate?token=not-a-real-token-0123456789',
];

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});

let dealerPassword = PASSWORD;

/**
 * Both demo dealers speak Polish. For the English sheet a server with TEST_SUPPORT=1 gives a fresh
 * English dealer (docs/decisions/0004); otherwise the demo dealer is shown, in his own language.
 */
async function dealerFor(page, lang) {
  if (lang === 'en') {
    const res = await page.request.post('/panel/api/v1/test/users', {
      data: { type: 'DEALER', language: 'en' },
    });
    if (res.ok()) return { ...(await res.json()).data, fresh: true };
  }
  return { email: ACCOUNTS[lang].dealer, password: PASSWORD, fresh: false };
}

/** The fresh dealer's one customer, for the customer list and edit screens. */
async function registerCustomer(page, csrf) {
  const res = await page.request.post('/panel/api/v1/dealers/customers/register/new', {
    headers: { 'x-csrf-token': csrf },
    data: {
      user: {
        name: 'Emily',
        surname: 'Carter',
        email: `sheet-${Date.now()}@example.com`,
        honorific: 'MRS',
        language_id: 2,
      },
      customer: { model: 'X7' },
    },
  });
  if (!res.ok()) throw new Error(`registering the sheet's customer failed: ${res.status()}`);
}

async function signIn(page, email, password = PASSWORD) {
  const res = await page.request.post('/panel/api/v1/auth/login', { data: { email, password } });
  if (!res.ok()) throw new Error(`sign-in of ${email} failed: ${res.status()} (is the demo data there?)`);
  return (await res.json()).data.csrf_token;
}

async function get(page, path) {
  const res = await page.request.get(`/panel/api/v1${path}`);
  if (!res.ok()) throw new Error(`${path}: ${res.status()}`);
  return (await res.json()).data;
}

async function resolve(page, route) {
  if (route === 'CATEGORY' || route === 'PRODUCT') {
    const [category] = await get(page, '/settings/categories/items');
    const slug = encodeURIComponent(category.name.toLowerCase().replace(/\s+/g, '-'));
    if (route === 'CATEGORY') return `/panel/experiences/${slug}`;
    const products = await get(page, `/products/items?page=1&where[category_id]=${category.id}`);
    const product = products.find((p) => !p.is_past) ?? products[0];
    return `/panel/experiences/${slug}/${product.id}-${product.alias}`;
  }
  if (route === 'CUSTOMER_EDIT') {
    const [first] = await get(page, '/dealers/customers/items');
    return `/panel/customers/edit/${first?.id ?? 1}`;
  }
  return route;
}

/** One screen as the member sees it on opening it: splash gone, data in, fonts and transitions done. */
async function shoot(page, route, width) {
  await page.goto(route);
  await page
    .getByTestId('splash')
    .waitFor({ state: 'hidden', timeout: 15_000 })
    .catch(() => {});
  // The dealer's password gate, passed as the dealer would, so the screen behind it is shot.
  const gate = page.getByRole('dialog').filter({ has: page.locator('input[type=password]') });
  if (await gate.isVisible().catch(() => false)) {
    await gate.locator('input[type=password]').fill(dealerPassword);
    await gate.locator('button[type=submit]').click();
    await gate.waitFor({ state: 'hidden' }).catch(() => {});
  }
  await page.waitForLoadState('networkidle').catch(() => {});
  await page
    .locator('[role=status][aria-label], [aria-busy=true]')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => {});
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForTimeout(600);
  const jpeg = await page.screenshot({ type: 'jpeg', quality: 80 });
  return { route, src: `data:image/jpeg;base64,${jpeg.toString('base64')}`, width };
}

async function shots(lang, width) {
  const result = [];
  const context = await browser.newContext({
    viewport: width.viewport,
    locale: lang === 'pl' ? 'pl-PL' : 'en-GB',
    baseURL: base,
  });
  const page = await context.newPage();
  for (const route of PUBLIC)
    result.push(await shoot(page, `${route}${route.includes('?') ? '&' : '?'}lang=${lang}`, width));
  await signIn(page, ACCOUNTS[lang].customer);
  for (const route of COMMON) result.push(await shoot(page, await resolve(page, route), width));
  await context.clearCookies();
  const dealer = await dealerFor(page, lang);
  const csrf = await signIn(page, dealer.email, dealer.password);
  dealerPassword = dealer.password;
  await page.request.post('/panel/api/v1/auth/check-password', {
    data: { password: dealer.password },
    headers: { 'x-csrf-token': csrf },
  });
  if (dealer.fresh) await registerCustomer(page, csrf);
  for (const route of DEALER) result.push(await shoot(page, await resolve(page, route), width));
  await context.close();
  return result;
}

function sheetHtml(lang, width, tiles, commit) {
  const h = Math.round((width.thumb * width.viewport.height) / width.viewport.width);
  const figures = tiles
    .map(
      (t) =>
        `<figure><img src="${t.src}" width="${width.thumb}" height="${h}" alt=""><figcaption>${t.route
          .replace(/[?&]lang=\w+$/, '')
          .replace(/^\/panel/, '')
          .replace(/</g, '&lt;')}</figcaption></figure>`,
    )
    .join('');
  return `<!doctype html><html><head><meta charset="utf-8"><style>
    body { margin: 0; padding: 24px; background: #050506; color: #f4f1ea; font: 12px/1.4 system-ui, sans-serif; }
    h1 { font: 500 20px/1.2 Georgia, serif; letter-spacing: .08em; margin: 0 0 16px; color: #c9a96e; }
    h1 small { color: #8a857d; font: 12px system-ui, sans-serif; letter-spacing: 0; margin-left: 12px; }
    main { display: grid; grid-template-columns: repeat(auto-fill, ${width.thumb}px); gap: 16px 12px; }
    figure { margin: 0; }
    img { display: block; border: 1px solid #2e2e33; }
    figcaption { margin-top: 4px; color: #b3ada3; word-break: break-all; }
  </style></head><body><h1>${lang.toUpperCase()} · ${width.viewport.width} px<small>${tiles.length} screens · ${commit}</small></h1><main>${figures}</main></body></html>`;
}

const commit = (() => {
  try {
    return execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
})();
mkdirSync(out, { recursive: true });
const composer = await browser.newPage({
  viewport: { width: WIDTHS[0].thumb * 5 + 12 * 4 + 48, height: 800 },
});
for (const lang of ['pl', 'en']) {
  for (const width of WIDTHS) {
    const tiles = await shots(lang, width);
    if (width.name === 'phone')
      await composer.setViewportSize({ width: width.thumb * 9 + 12 * 8 + 48, height: 800 });
    else await composer.setViewportSize({ width: width.thumb * 5 + 12 * 4 + 48, height: 800 });
    await composer.setContent(sheetHtml(lang, width, tiles, commit), { waitUntil: 'load' });
    const file = `${out}/${lang}-${width.viewport.width}.png`;
    await composer.screenshot({ path: file, fullPage: true });
    console.log(`saved ${file} (${tiles.length} screens)`);
  }
}
await browser.close();
