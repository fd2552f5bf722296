import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export type PanelInstance = { url: string; stop: () => Promise<void> };

/**
 * A second panel server (the built one, as playwright.config.ts starts the first) with its own
 * port, database and environment: for tests that need a configuration of their own.
 */
export async function startPanel(port: number, env: Record<string, string>): Promise<PanelInstance> {
  const dataDir = `data/e2e-${port}`;
  rmSync(dataDir, { recursive: true, force: true });
  // The same server build as playwright.config.ts starts (E2E_SERVER); WEB_DIST passes through the env.
  const server = process.env.E2E_SERVER ?? 'apps/server/dist/server.js';
  const child: ChildProcess = spawn(process.execPath, [server], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      TEST_SUPPORT: '1',
      SEED: 'demo',
      LOG_LEVEL: 'warn',
      LOGIN_LIMIT_PER_ADDRESS: '100000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`panel server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/panel/api/v1/settings/languages/items`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('panel server did not start in 120 s');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
