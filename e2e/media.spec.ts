import type { Page } from '@playwright/test';
import { expect, newUser, signIn, test } from './fixtures';
import { openInApp } from './support/in-app';

/**
 * The member pages load each picture at the width they draw it (srcset + sizes, Lighthouse's
 * "properly size images"): on a phone the narrow variants, on a desktop the variant that fills the
 * slot, and never a broken image. The widths come from the API (docs/decisions/media-variants.md).
 */

type Shown = {
  src: string;
  currentSrc: string;
  complete: boolean;
  naturalWidth: number;
  rendered: number;
  candidates: { url: string; width: number }[];
};

/** Every visible picture of the page's main part, with the srcset candidates of its <picture>. */
async function shownPictures(page: Page, scope = 'main'): Promise<Shown[]> {
  // Lazy pictures load once near the viewport: pass each of them first.
  for (const img of await page.locator(`${scope} img`).all()) {
    if (await img.isVisible()) await img.scrollIntoViewIfNeeded();
  }
  const read = () =>
    page.evaluate((sel) => {
      const imgs = [...document.querySelectorAll<HTMLImageElement>(`${sel} img`)].filter(
        (img) => img.getBoundingClientRect().width > 0,
      );
      return imgs.map((img) => {
        const picture = img.parentElement?.tagName === 'PICTURE' ? img.parentElement : null;
        const srcsets = [...(picture?.querySelectorAll('source') ?? []), img]
          .map((e) => e.getAttribute('srcset'))
          .filter((s): s is string => Boolean(s));
        const candidates = srcsets.flatMap((s) =>
          s.split(',').map((c) => {
            const [url = '', w = ''] = c.trim().split(/\s+/);
            return { url: new URL(url, location.href).href, width: Number.parseInt(w, 10) };
          }),
        );
        return {
          src: img.getAttribute('src') ?? '',
          currentSrc: img.currentSrc,
          complete: img.complete,
          naturalWidth: img.naturalWidth,
          rendered: img.getBoundingClientRect().width,
          candidates,
        };
      });
    }, scope);
  await expect.poll(async () => (await read()).every((p) => p.complete), { timeout: 15_000 }).toBe(true);
  return read();
}

/**
 * Checks each picture: loaded (not broken); a photo (.webp) has variants; the one loaded is not blurry
 * (at least ~0.8 of the device pixels it covers: Chromium may take the smaller of two neighbours) and
 * not oversized (at most twice the pixels, unless it is the narrowest there is). Returns the widths loaded.
 */
function expectWellSized(pictures: Shown[], dpr: number): number[] {
  expect(pictures.length).toBeGreaterThan(0);
  const widths: number[] = [];
  for (const p of pictures) {
    expect(p.naturalWidth, `${p.src} is broken`).toBeGreaterThan(0);
    if (!p.src.endsWith('.webp')) continue;
    expect(p.candidates.length, `${p.src} has no srcset`).toBeGreaterThan(1);
    const loaded = p.candidates.find((c) => c.url === p.currentSrc);
    expect(loaded, `${p.currentSrc} is not one of its srcset`).toBeDefined();
    const needed = p.rendered * dpr;
    const narrowest = Math.min(...p.candidates.map((c) => c.width));
    const widest = Math.max(...p.candidates.map((c) => c.width));
    if (loaded!.width < widest)
      expect(loaded!.width, `${p.currentSrc} blurry at ${needed}px`).toBeGreaterThan(needed * 0.75);
    if (loaded!.width > narrowest)
      expect(loaded!.width, `${p.currentSrc} oversized for ${needed}px`).toBeLessThanOrEqual(needed * 2);
    widths.push(loaded!.width);
  }
  return widths;
}

const PAGES = [
  '/panel/home',
  '/panel/experiences',
  '/panel/experiences/motorsport',
  '/panel/experiences/motorsport/track-day-tor-poznan',
  '/panel/gallery',
];

test.describe('pictures at 390 px (a phone, Polish)', () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });

  test('every page loads the narrow variants, none broken; the slideshow too', async ({ page, request }) => {
    await signIn(page, await newUser(request, 'CUSTOMER', 'pl'), PAGES[0]);
    // The first page is the full load; the others open inside the app, as its links do.
    for (const [i, path] of PAGES.entries()) {
      if (i > 0) await openInApp(page, path);
      await expect(page.locator('main img').first()).toBeVisible();
      const widths = expectWellSized(await shownPictures(page), 1);
      // Nothing on a 390 px screen is drawn wider than 390 px: the 480 px variant serves all of it.
      expect(new Set(widths), path).toEqual(new Set([480]));
      if (path === '/panel/experiences/motorsport/track-day-tor-poznan') {
        await page.getByRole('button', { name: /– zdjęcie 1$/ }).click();
        const dialog = page.getByRole('dialog');
        await expect(dialog.getByTestId('slideshow-image')).toBeVisible();
        expect(expectWellSized(await shownPictures(page, '[role="dialog"]'), 1)).toContain(480);
        await page.keyboard.press('Escape');
      }
    }
  });
});

test.describe('pictures at 1440 px (a desktop, English)', () => {
  test.use({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });

  test('every page loads the variant that fills each slot, none broken; the slideshow too', async ({
    page,
    request,
  }) => {
    await signIn(page, await newUser(request, 'CUSTOMER', 'en'), PAGES[0]);
    for (const [i, path] of PAGES.entries()) {
      if (i > 0) await openInApp(page, path);
      await expect(page.locator('main img').first()).toBeVisible();
      const widths = expectWellSized(await shownPictures(page), 1);
      // Cards and tiles of ~300-400 px take the 480 px variant, not the 1200-1920 px files. The
      // category's first cards may be other tests' experiences without a photo (the browser tests share
      // one database): there every card that has one takes the 480 px file, after the full-width banner.
      if (path === '/panel/experiences/motorsport')
        expect(new Set(widths.slice(1)), path).toEqual(new Set(widths.length > 1 ? [480] : []));
      else if (path !== '/panel/home') expect(widths, path).toContain(480);
    }
    // The banner runs the full width: a wide variant, not the 480 px one.
    await openInApp(page, '/panel/experiences/motorsport');
    const banner = page.locator('main picture img').first();
    await expect(banner).toBeVisible();
    await expect
      .poll(() => banner.evaluate((img: HTMLImageElement) => img.currentSrc))
      .toMatch(/track-banner(-1200w)?\.webp$/);
    // A gallery's slideshow shows a photo that fills its 860 px stage.
    await openInApp(page, '/panel/gallery');
    await page.getByTestId('gallery-tiles').getByRole('button').first().click();
    const stage = page.getByRole('dialog').getByTestId('slideshow-image');
    await expect(stage).toBeVisible();
    const shown = await shownPictures(page, '[role="dialog"]');
    expectWellSized(shown, 1);
    expect(shown[0]!.currentSrc).toMatch(/photo-\d+(-1200w)?\.webp$/);
  });
});
