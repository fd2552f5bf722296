import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { sessions } from '../src/db/schema';
import { createTestApp, createTestUser, DB_KIND, LISTENING } from './helpers';
import { freePort } from './payment-test-kit';

// server.ts closes the database right after app.close(): a request still running then must have
// finished, even one whose client already left (it holds no connection the server's close waits for).
it('closing the app waits for a request whose client left (a sign-in still completes)', async () => {
  const t = await createTestApp({ seed: false, env: LISTENING });
  try {
    const { id, email, password } = await createTestUser(t.app.db);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const body = JSON.stringify({ email, password });
    // The sign-in verifies an argon2 hash (tens of ms) before it writes the session: the client leaves
    // as soon as the request is sent, and the app is closed while the handler still runs.
    await new Promise<void>((resolve) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/panel/api/v1/auth/login',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      req.on('error', () => {});
      req.end(body, () =>
        setTimeout(() => {
          req.destroy();
          resolve();
        }, 5),
      );
    });
    await t.app.close();
    // The database is still open here (server.ts closes it next): the sign-in finished its write.
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, id));
    expect(rows).toHaveLength(1);
  } finally {
    await t.close(); // a second app.close() is a no-op; the database goes, and on PostgreSQL is dropped
  }
});

// server.ts itself (close-with-grace): SIGTERM closes the app and the database and exits 0, well
// before the 10 s after which the process would be stopped regardless. Runs the built server.
const entry = path.resolve(fileURLToPath(new URL('../dist/server.js', import.meta.url)));
it.skipIf(DB_KIND !== 'pglite' || !existsSync(entry))(
  'the server process ends cleanly on SIGTERM',
  { timeout: 60_000 },
  async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'club-shutdown-'));
    const child = spawn(process.execPath, [entry], {
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        SEED: 'none',
        ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: '1',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout.on('data', (chunk) => {
      log += String(chunk);
    });
    try {
      await expect
        .poll(
          async () =>
            (await fetch(`http://127.0.0.1:${port}/panel/api/v1/health`)
              .then((r) => r.status)
              .catch(() => 0)) === 200,
          { timeout: 40_000, interval: 200 },
        )
        .toBe(true);
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      const start = Date.now();
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(Date.now() - start).toBeLessThan(8_000);
      expect(log).toContain('shutting down');
    } finally {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
