import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
// @ts-expect-error: a plain ES module of the deploy folder (docs/deploying.md uses the same renderer).
import { renderNginxConf } from '../../../deploy/render-nginx-conf.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** SCALE_OUT_SERVER_ENTRY: a server build of one's own (SERVER_OUTFILE of apps/server/build.mjs), as the benches' BENCH_SERVER_ENTRY. */
const SERVER_ENTRY = process.env.SCALE_OUT_SERVER_ENTRY
  ? path.resolve(ROOT, process.env.SCALE_OUT_SERVER_ENTRY)
  : path.join(ROOT, 'apps/server/dist/server.js');
export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const render = renderNginxConf as (o: { listen: string; upstreams: string[]; accessLog: string }) => string;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(
  check: () => Promise<boolean>,
  what: string,
  timeoutMs = 60_000,
  child?: ChildProcess,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${what}: the process exited (${child.exitCode})`);
    if (await check().catch(() => false)) return;
    await sleep(100);
  }
  throw new Error(`${what}: not ready within ${timeoutMs} ms`);
}

export function assertBuilt() {
  if (!existsSync(SERVER_ENTRY))
    throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` first (npm test does).`);
}

/** A throwaway database on the machine's PostgreSQL, dropped by `drop()`. */
export async function throwawayDatabase(prefix: string, adminUrl = ADMIN_URL) {
  const name = `${prefix}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export type ServerProcess = {
  port: number;
  base: string;
  api: string;
  child: ChildProcess;
  log: () => string;
  start: () => Promise<void>;
  stop: () => Promise<void>;
  kill9: () => Promise<void>;
};

/** One production server process (apps/server/dist/server.js); `start` again after a stop or a kill. */
/** The cluster's identity-number key (docs/privacy.md): one per run, shared by its processes. */
const PII_KEY = `scale-out:${randomBytes(32).toString('base64')}`;

export async function serverProcess(env: Record<string, string>, label: string): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `club-${label}-`));
  let output = '';
  const proc: ServerProcess = {
    port,
    base: `http://127.0.0.1:${port}`,
    api: `http://127.0.0.1:${port}/panel/api/v1`,
    child: undefined as unknown as ChildProcess,
    log: () => output,
    async start() {
      const child = spawn(process.execPath, [SERVER_ENTRY], {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH ?? '',
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: dataDir,
          SEED: 'none',
          // A production-like cluster without an operator's test account: the sandbox, opted into.
          ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: '1',
          // A real installation seals identity numbers under a key of its own, the same in every process.
          PII_KEY,
          LOG_LEVEL: 'warn',
          LOGIN_LIMIT_PER_ADDRESS: '100000',
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.on('data', (d) => (output += d));
      child.stderr!.on('data', (d) => (output += d));
      proc.child = child;
      await waitFor(
        async () => (await fetch(`${proc.api}/health`)).status === 200,
        `${label} on :${port}\n${output}`,
        60_000,
        child,
      );
    },
    async stop() {
      const child = proc.child;
      if (!child || child.exitCode !== null || child.signalCode) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
    async kill9() {
      const child = proc.child;
      if (!child || child.exitCode !== null || child.signalCode) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
  };
  return proc;
}

/** Debian's nginx, configured from deploy/nginx.conf.template exactly as docs/deploying.md shows. */
export async function startNginx(upstreams: string[], port?: number) {
  port ??= await freePort();
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'club-nginx-'));
  // The workers (user nobody) read the temp folders nginx makes below the prefix.
  chmodSync(prefix, 0o755);
  const accessLog = path.join(prefix, 'access.log');
  const conf = path.join(prefix, 'nginx.conf');
  writeFileSync(conf, render({ listen: `127.0.0.1:${port}`, upstreams, accessLog }));
  const child = spawn(
    '/usr/sbin/nginx',
    [
      '-p',
      prefix,
      '-c',
      conf,
      '-e',
      path.join(prefix, 'error.log'),
      '-g',
      `daemon off; pid ${prefix}/nginx.pid;`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stderr!.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => (await fetch(`${base}/panel/api/v1/health`)).status === 200,
    `nginx on :${port}\n${output}`,
    20_000,
    child,
  );
  return {
    base,
    api: `${base}/panel/api/v1`,
    /** The upstream address of every proxied request so far (from the access log). */
    upstreamsUsed: () =>
      readFileSync(accessLog, 'utf8')
        .split('\n')
        .map((l) => /upstream=(\S+)/.exec(l)?.[1])
        .filter((u): u is string => Boolean(u) && u !== '-'),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGQUIT');
        await exited;
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

/**
 * A private PostgreSQL instance (the machine's binaries, a temporary cluster) that a test may restart
 * without disturbing anyone else's use of the machine's own PostgreSQL.
 */
export async function privatePostgres() {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  const bin = path.join('/usr/lib/postgresql', versions[0]!, 'bin');
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'club-pg-'));
  chmodSync(dir, 0o755);
  const asPostgres = (cmd: string, args: string[]) => {
    const full = [path.join(bin, cmd), ...args];
    // initdb and pg_ctl refuse to run as root.
    return process.getuid?.() === 0
      ? execFileSync('runuser', ['-u', 'postgres', '--', ...full], { stdio: 'pipe', cwd: dir })
      : execFileSync(full[0]!, full.slice(1), { stdio: 'pipe', cwd: dir });
  };
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', dir]);
  const data = path.join(dir, 'data');
  asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const ctl = (action: string, extra: string[] = []) =>
    asPostgres('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(dir, 'log'),
      '-o',
      options,
      '-w',
      '-t',
      '30',
      ...extra,
      action,
    ]);
  ctl('start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: () => ctl('restart', ['-m', 'fast']),
    stopServer: () => ctl('stop', ['-m', 'fast']),
    startServer: () => ctl('start'),
    async destroy() {
      try {
        ctl('stop', ['-m', 'immediate']);
      } catch {}
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** POST/GET as a member (cookie + CSRF header), with the JSON body parsed. */
export async function call(
  url: string,
  member: { cookie: string; csrf: string } | null,
  body?: unknown,
  // biome-ignore lint/suspicious/noExplicitAny: the tests read whichever envelope field they check.
): Promise<{ status: number; body: Record<string, any>; headers: Headers }> {
  const res = await fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(member ? { cookie: member.cookie, 'x-csrf-token': member.csrf } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  let parsed: Record<string, any> = {};
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = { raw: text };
  }
  return { status: res.status, body: parsed, headers: res.headers };
}
