import type { Page } from '@playwright/test';
import { demo, expect, newUser, signIn, test } from './fixtures';

/** Looks that a premium brand owes its members (issue 14), measured rather than eyeballed. */

/** The median luminance (0–1) of what is painted in a box of the page: the background under a caption. */
async function medianLuminance(page: Page, box: { x: number; y: number; width: number; height: number }) {
  const png = await page.screenshot({ clip: box });
  return page.evaluate(async (data) => {
    const img = new Image();
    img.src = `data:image/png;base64,${data}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no canvas');
    ctx.drawImage(img, 0, 0);
    const { data: px } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    const lum: number[] = [];
    const lin = (c: number) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    for (let i = 0; i < px.length; i += 4) {
      lum.push(0.2126 * lin(px[i]!) + 0.7152 * lin(px[i + 1]!) + 0.0722 * lin(px[i + 2]!));
    }
    lum.sort((a, b) => a - b);
    return lum[Math.floor(lum.length / 2)]!;
  }, png.toString('base64'));
}

test('gallery captions stay readable on the lightest photo (a white picture behind them)', async ({
  page,
  request,
}) => {
  // Every gallery picture becomes pure white: the worst a photo of snow or a white car can do.
  await page.route(/\/media\/.*\.(webp|jpe?g|png|svg)(\?.*)?$/, (route) =>
    route.fulfill({
      contentType: 'image/svg+xml',
      body: '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="#fff"/></svg>',
    }),
  );
  await signIn(page, await newUser(request), '/panel/gallery');
  const tile = page.getByTestId('gallery-tiles').getByRole('listitem').first();
  await expect(tile.locator('img')).toHaveJSProperty('complete', true);
  for (const part of ['meta', 'name', 'count']) {
    const text = tile.locator(`[class*="tile${part[0]!.toUpperCase()}${part.slice(1)}"]`);
    const box = await text.boundingBox();
    expect(box, part).not.toBeNull();
    const background = await medianLuminance(page, box!);
    // The caption's light text (#f4f1ea, luminance ~0.88) needs 4.5:1: a background at most ~0.15.
    const contrast = (0.88 + 0.05) / (background + 0.05);
    expect(contrast, `${part}: contrast ${contrast.toFixed(2)} on a white photo`).toBeGreaterThanOrEqual(4.5);
  }
});

test('every select is the panel’s dark control: the gallery’s filters and the dealer’s forms alike', async ({
  page,
}) => {
  const look = (p: Page) =>
    p.locator('select').evaluateAll((all) =>
      all.map((el) => {
        const s = getComputedStyle(el);
        return {
          id: el.id,
          disabled: (el as HTMLSelectElement).disabled,
          appearance: s.appearance,
          scheme: s.colorScheme,
          chevron: s.backgroundImage.startsWith('url('),
          background: s.backgroundColor,
          radius: s.borderTopLeftRadius,
        };
      }),
    );
  await signIn(page, demo.customer, '/panel/gallery');
  await expect(page.locator('select')).toHaveCount(2);
  const gallery = await look(page);
  await page.context().clearCookies();
  await signIn(page, demo.dealer, '/panel/customers/register');
  await expect(page.locator('select').first()).toBeVisible();
  const dealer = await look(page);
  const all = [...gallery, ...dealer];
  for (const s of all) {
    expect(s, JSON.stringify(s)).toMatchObject({ appearance: 'none', scheme: 'dark', chevron: true });
  }
  // One control: the same colours and corners everywhere (a disabled one is dimmed on purpose).
  const enabled = all.filter((s) => !s.disabled);
  expect(enabled.length).toBeGreaterThan(1);
  expect(new Set(enabled.map((s) => `${s.background} ${s.radius}`)).size).toBe(1);
});

test('phone: the wordmark stays, no thin line under the top bar, the sub-menu toggle in the club’s gold', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, await newUser(request), '/panel/experiences');
  const wordmark = page.getByRole('banner').getByRole('link', { name: 'Excellence Club' });
  await expect(wordmark).toContainText('Excellence Club');
  const words = wordmark.getByText('Excellence Club', { exact: true });
  await expect(words).toBeVisible();
  const box = await words.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(40);
  // Nothing of the bar covers the wordmark.
  const free = await words.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return el === at || el.contains(at) || (at?.contains(el) ?? false);
  });
  expect(free).toBe(true);
  const bar = await page.getByRole('banner').evaluate((el) => getComputedStyle(el).borderBottomWidth);
  expect(bar).toBe('0px');
  const toggle = page.getByRole('button', { name: 'Pokaż podmenu' });
  const style = await toggle.evaluate((el) => {
    const s = getComputedStyle(el);
    const gold = getComputedStyle(document.documentElement).getPropertyValue('--color-gold').trim();
    const probe = document.createElement('i');
    probe.style.color = gold;
    document.body.append(probe);
    const goldRgb = getComputedStyle(probe).color;
    probe.remove();
    return {
      color: s.color,
      goldRgb,
      transform: s.textTransform,
      radius: Number.parseFloat(s.borderTopLeftRadius),
    };
  });
  expect(style.color).toBe(style.goldRgb);
  expect(style.transform).toBe('uppercase');
  expect(style.radius).toBeGreaterThanOrEqual(20);
});
