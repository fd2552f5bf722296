/**
 * The switches every headless Chromium of the repo starts with (playwright.config.ts, e2e/screenshot.mjs,
 * scripts/contact-sheet.mjs).
 *
 * Chromium 156 opens the omnibox's pop-up as a WebUI page in its own renderer for every window, so for
 * every browser context of a test too, shown or not: 1.7 s of CPU for nothing each time (measured with
 * the CPU time of each process, docs/testing.md "What the browser tests cost"). Turning the two
 * features off takes a full load of a panel page from 5.2 to 3.1 s of CPU.
 *
 * Chromium reads only the last `--disable-features`, and Playwright passes its own list first: this one
 * repeats Playwright's (`chromiumSwitches` of playwright-core 1.55, which @playwright/test runs) so that none of them is lost.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AcceptCHFrame',
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'DialMediaRouteProvider',
  'GlobalMediaControls',
  'HttpsUpgrades',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'Translate',
  'AutoDeElevate',
];

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-gpu',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'].join(',')}`,
];
