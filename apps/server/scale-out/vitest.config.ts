import { defineConfig } from 'vitest/config';

/**
 * Scale-out and fault tests (`npm run test:scale-out`, a step of `npm test` after the build): real
 * server processes from apps/server/dist, nginx, the machine's PostgreSQL and Redis. One file at a time.
 */
export default defineConfig({
  test: {
    name: 'scale-out',
    root: __dirname,
    include: ['*.test.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ['default'],
  },
});
