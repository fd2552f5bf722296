import { defineConfig } from 'vitest/config';

const serverTests = ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'];

/** One run, four projects: shared rules, web units, and the API on PGlite and on PostgreSQL. */
export default defineConfig({
  test: {
    // Two workers even on two cores (Vitest's default there is one): an API test spends much of its
    // time waiting for the PostgreSQL server, another process, so a second file runs meanwhile.
    maxWorkers: 2,
    minWorkers: 1,
    // A worker runs file after file in one process and keeps what they import (the whole server and
    // its dependencies): importing them anew for every API file was most of the run's time
    // (docs/testing.md, "One import per worker"). Each API file builds its own app and database and
    // mocks no module, so no state passes through the imports; the web units keep `isolate: true`.
    poolOptions: { forks: { isolate: false } },
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' } },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // The web units mock modules (vi.mock): each file starts from fresh modules, in the same process.
          isolate: true,
        },
      },
      {
        test: {
          name: 'api-pglite',
          include: serverTests,
          env: { TEST_DB: 'pglite' },
          globalSetup: ['apps/server/test/pglite-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: serverTests,
          env: { TEST_DB: 'postgres' },
          globalSetup: ['apps/server/test/postgres-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
