import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Checks that a person would make without thinking (issue 14): the screen shows no raw `{{placeholder}}`,
 * speaks one language, has no broken picture or icon, and the link about to be tapped is not under
 * something else. Any spec can call them; `screenProblems` runs them all and returns what it found.
 */

export type Lang = 'pl' | 'en';

/**
 * Words that only one of the two languages uses, checked against the catalogues below when this module
 * loads: a word of the list that appears in the other language's catalogue is dropped, so the list can
 * never flag the panel's own text by mistake.
 */
const MARKERS: Record<Lang, string[]> = {
  pl: [
    'oraz',
    'się',
    'jest',
    'dla',
    'nie',
    'lub',
    'przez',
    'twoje',
    'twój',
    'wszystkie',
    'więcej',
    'zobacz',
    'konto',
    'zapisz',
    'koszyk',
    'wydarzenia',
    'galeria',
    'kontakt',
    'klienta',
    'hasło',
  ],
  en: [
    'the',
    'and',
    'your',
    'with',
    'you',
    'of',
    'this',
    'more',
    'view',
    'save',
    'account',
    'cart',
    'experiences',
    'gallery',
    'contact',
    'customer',
    'password',
    'please',
  ],
};

function catalogueWords(lang: Lang): Set<string> {
  const web = new URL('../../apps/web/src/', import.meta.url);
  const features = readdirSync(new URL('features/', web));
  const files = [
    new URL(`lib/i18n/locales/${lang}.json`, web),
    ...features.map((f) => new URL(`features/${f}/locales/${lang}.json`, web)),
  ].filter((f) => existsSync(f));
  const words = new Set<string>();
  const walk = (v: unknown) => {
    if (typeof v === 'string') for (const w of v.toLowerCase().match(/\p{L}+/gu) ?? []) words.add(w);
    else if (v && typeof v === 'object') for (const x of Object.values(v)) walk(x);
  };
  for (const file of files) walk(JSON.parse(readFileSync(file, 'utf8')));
  return words;
}

let markers: Record<Lang, Set<string>> | null = null;
/** The markers of `lang` that the other language's catalogue never uses. */
function foreignMarkers(): Record<Lang, Set<string>> {
  if (!markers) {
    const pl = catalogueWords('pl');
    const en = catalogueWords('en');
    markers = {
      pl: new Set(MARKERS.pl.filter((w) => !en.has(w))),
      en: new Set(MARKERS.en.filter((w) => !pl.has(w))),
    };
  }
  return markers;
}

/** The visible text nodes of the page in the document's language (parts marked `lang=` otherwise are skipped). */
async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const docLang = document.documentElement.lang.slice(0, 2);
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (!text || !parent) continue;
      if (parent.closest('script, style, noscript, template')) continue;
      const own = parent.closest('[lang]')?.getAttribute('lang')?.slice(0, 2);
      if (own && own !== docLang) continue;
      if (!parent.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      out.push(text);
    }
    return out;
  });
}

/** No `{{` of an unfilled i18next placeholder in the visible text or in the accessible names. */
export async function rawPlaceholders(page: Page): Promise<string[]> {
  const texts = await visibleTexts(page);
  const labels = await page.evaluate(() =>
    [...document.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')].flatMap((el) =>
      ['aria-label', 'title', 'placeholder', 'alt'].map((a) => el.getAttribute(a) ?? ''),
    ),
  );
  return [...texts, ...labels].filter((t) => t.includes('{{')).map((t) => `raw placeholder: "${t}"`);
}

/** Text in the other language than the screen's: a word that only the other language uses. */
export async function foreignWords(page: Page, lang: Lang): Promise<string[]> {
  const other: Lang = lang === 'pl' ? 'en' : 'pl';
  const foreign = foreignMarkers()[other];
  const found: string[] = [];
  for (const text of await visibleTexts(page)) {
    // An address shown as text (the calendar feed's link) is no sentence: its random token once
    // held "Of" between two digits, read as an English word on a Polish screen.
    const prose = text.replace(/\bhttps?:\/\/\S+/gi, ' ');
    // Nor is a token of letters and digits (a code, another test's random suffix: "Stale check
    // 4of5dp" read as "of" on a Polish screen): only tokens of letters alone are words.
    const tokens = prose.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
    const words = tokens.filter((w) => /^\p{L}+$/u.test(w));
    const hit = words.find((w) => foreign.has(w));
    if (hit) found.push(`${other} word "${hit}" on a ${lang} screen: "${text.slice(0, 80)}"`);
  }
  return found;
}

/**
 * Every img has loaded with a natural size; every shown svg has a size. An image the browser already has
 * is judged as it is; a lazy one not fetched yet is asked for now and judged by its load or error
 * (nothing that is not painted is decoded only for the check).
 */
export async function brokenPictures(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const problems: string[] = [];
    const images = [...document.images];
    await Promise.all(
      images.map(async (img) => {
        if (!img.complete) {
          img.loading = 'eager';
          await new Promise<void>((resolve) => {
            img.addEventListener('load', () => resolve(), { once: true });
            img.addEventListener('error', () => resolve(), { once: true });
            setTimeout(resolve, 5000);
            if (img.complete) resolve();
          });
        }
        if (!img.complete || img.naturalWidth === 0)
          problems.push(`broken image: ${img.currentSrc || img.src}`);
      }),
    );
    for (const svg of document.querySelectorAll('svg')) {
      if (!svg.checkVisibility({ checkVisibilityCSS: true })) continue;
      const box = svg.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) {
        problems.push(`icon without a size: ${svg.parentElement?.outerHTML.slice(0, 100)}`);
      }
    }
    return problems;
  });
}

/**
 * Links and buttons in the viewport that something else covers: the element at the centre of each is
 * not the control or inside it (a menu under the page, an overlay left behind). A control found
 * covered is looked at again for up to a second and a half, frame by frame: a person sees the screen
 * once it has settled, and the clean-clone run of 23:31 once caught the account's links in the
 * middle of a move (each link's centre on its neighbour). What stays covered is reported.
 */
export async function coveredControls(page: Page, within = 'body'): Promise<string[]> {
  return page.evaluate(async (root) => {
    const scope = document.querySelector(root) ?? document.body;
    const coveredNow = (el: HTMLElement): string | null => {
      if (!el.isConnected || !el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }))
        return null;
      // An inline link that wraps has several boxes: its first line is where a finger goes.
      const box = el.getClientRects()[0];
      if (!box || box.width === 0 || box.height === 0) return null;
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return null;
      const top = document.elementFromPoint(x, y);
      if (top && (top === el || el.contains(top))) return null;
      // A visually hidden control (skip link) is not meant to be tapped where it lies.
      if (box.width <= 1 || box.height <= 1) return null;
      return `covered: "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 40)}" under ${
        top ? `${top.tagName.toLowerCase()}.${String(top.className).slice(0, 40)}` : 'nothing'
      }`;
    };
    let suspects = [...scope.querySelectorAll<HTMLElement>('a[href], button, [role=menuitem]')].filter(
      (el) => coveredNow(el) !== null,
    );
    const until = performance.now() + 1500;
    while (suspects.length > 0 && performance.now() < until) {
      // Two frames, or a tenth of a second where a page draws no frames.
      await new Promise((r) => {
        requestAnimationFrame(() => requestAnimationFrame(r));
        setTimeout(r, 100);
      });
      suspects = suspects.filter((el) => coveredNow(el) !== null);
    }
    return suspects.map(coveredNow).filter((p): p is string => p !== null);
  }, within);
}

/** All the checks of one screen; the problems are prefixed with `where`. */
export async function screenProblems(page: Page, lang: Lang, where: string): Promise<string[]> {
  const found = [
    ...(await rawPlaceholders(page)),
    ...(await foreignWords(page, lang)),
    ...(await brokenPictures(page)),
    ...(await coveredControls(page)),
  ];
  return found.map((p) => `${where}: ${p}`);
}

/**
 * Taps like a finger: the control is scrolled into view and must be what lies at its centre (nothing
 * covers it), then it is tapped. The page's context needs `hasTouch`.
 */
export async function tapLikeAPerson(target: Locator): Promise<void> {
  await expect(target).toBeVisible();
  await target.scrollIntoViewIfNeeded();
  const hit = await target.evaluate((el) => {
    const box = el.getClientRects()[0] ?? el.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top === el || el.contains(top)
      ? ''
      : `${top?.tagName.toLowerCase()}.${String(top?.className ?? '').slice(0, 40)}`;
  });
  expect(hit, `"${await target.textContent()}" lies under ${hit}`).toBe('');
  await target.tap();
}
