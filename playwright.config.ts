import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS } from './e2e/support/chromium-args.mjs';

const PORT = Number(process.env.E2E_PORT ?? 8181);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
// Parallel checkouts or helpers can keep their own database and build apart: E2E_DATA_DIR, WEB_DIST.
const DATA_DIR = process.env.E2E_DATA_DIR ?? 'data/e2e';

/** Browser tests in Debian's Chromium against the production build on a fresh embedded database. */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // No retry, in CI too: a test that passes only on its second try is a defect to fix, not to hide.
  retries: 0,
  // Every full page load passes the one-second splash (SPEC.md §2); a slow CI machine doubles the rest.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: BASE_URL,
    locale: 'pl-PL',
    // A person who asked the system for less motion: the home film waits for its play button and
    // transitions end at once. The playing film was a third of a core for as long as a test stayed on
    // /home (docs/testing.md, "What the browser tests cost"); experiences.spec.ts plays it, as most
    // members see it.
    reducedMotion: 'reduce',
    // A failed test keeps its trace: every action with the DOM before and after it (the trace viewer
    // draws those), the network and the console. Not the screencast: a frame for every paint, encoded
    // as it happens, for every test that passes too, was a third of all CPU of the browser tests and
    // made the run 1.6 times as long (docs/testing.md, "What the browser tests cost").
    // `npm test` turns it off (scripts/test.sh): there a failed test keeps its screenshot and error.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `rm -rf ${DATA_DIR} && node ${process.env.E2E_SERVER ?? 'apps/server/dist/server.js'}`,
    url: `${BASE_URL}/panel/api/v1/settings/languages/items`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      // Links the server builds (payment page, mails) must stay on the host that holds the session cookie.
      PUBLIC_URL: BASE_URL,
      DATA_DIR,
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
      NODE_ENV: 'test',
      TEST_SUPPORT: '1',
      SEED: 'demo',
      LOG_LEVEL: 'warn',
      LOGIN_LIMIT_PER_ADDRESS: '100000',
      ORDER_PAYMENT_MINUTES: '30',
      // One legal note per language (issue 28): e2e/issue28-finish.spec.ts checks the footer's link.
      LEGAL_NOTE_URL_EN: 'https://legal.example/en/imprint',
    },
  },
});
