// Shared plumbing of the benchmarks: build when missing, start the production server, wait, sample RSS.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** BENCH_SERVER_ENTRY: a server build of one's own (SERVER_OUTFILE of apps/server/build.mjs), so a rebuild
 * of apps/server/dist by parallel work cannot change the server under measurement. */
export const SERVER_ENTRY = process.env.BENCH_SERVER_ENTRY
  ? path.resolve(ROOT, process.env.BENCH_SERVER_ENTRY)
  : path.join(ROOT, 'apps/server/dist/server.js');
export const WEB_INDEX = path.join(ROOT, 'apps/web/dist/index.html');

/** Builds the web app and the server unless both are there (or `force`). */
export function ensureBuild(force = false) {
  if (!force && existsSync(SERVER_ENTRY) && existsSync(WEB_INDEX)) return;
  console.log('building (npm run build)…');
  const res = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (res.status !== 0) throw new Error('build failed');
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export async function waitForHttp(url, { timeoutMs = 120_000, child } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Starts `node apps/server/dist/server.js` with the given environment; resolves once it answers. */
/**
 * V8 flags the server runs with, as docs/deploying.md recommends (NODE_OPTIONS): without a cap V8
 * grows the heap lazily under load (RSS 210 → 490 MB in one run) although the live data stays small.
 */
export const SERVER_NODE_ARGS = (
  process.env.BENCH_NODE_ARGS ?? '--max-old-space-size=128 --max-semi-space-size=8'
)
  .split(' ')
  .filter(Boolean);

export async function startServer(env, { label = 'server', nodeArgs = [] } = {}) {
  const port = env.PORT ?? String(await freePort());
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, ...nodeArgs, SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED: 'demo',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
    process.stderr.write(`[${label}] ${d}`);
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${base}/panel/api/v1/settings/languages/items`, { child });
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${label} did not start: ${error.message}\n${stderr}`);
  }
  return {
    child,
    base,
    port: Number(port),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Resident memory of a process in MB (current, and the kernel's high-water mark). */
export function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { rssMb: kb('VmRSS') / 1024, hwmMb: kb('VmHWM') / 1024 };
  } catch {
    return { rssMb: 0, hwmMb: 0 };
  }
}

/** Samples a process's RSS every 100 ms until stopped; returns the peak seen, in MB. */
export function sampleRss(pid) {
  let peak = memoryOf(pid).rssMb;
  const timer = setInterval(() => {
    peak = Math.max(peak, memoryOf(pid).rssMb);
  }, 100);
  return () => {
    clearInterval(timer);
    return Math.max(peak, memoryOf(pid).rssMb);
  };
}

/** Signs in through the API; returns the cookie pair and the CSRF token. */
export async function signIn(base, email, password) {
  const res = await fetch(`${base}/panel/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.includes('club_session='))
    ?.split(';')[0];
  const body = await res.json();
  return { email, cookie, csrf: body.data.csrf_token };
}

/** Self time of a V8 CPU profile by package (node_modules/<name>, the server's own code, GC, idle). */
export function summariseProfile(file, top = 12, { lastMs } = {}) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dt = profile.timeDeltas;
  // `lastMs`: only the samples of the profile's last milliseconds (the load, without the start-up).
  const from = lastMs === undefined ? -Infinity : profile.endTime - lastMs * 1000;
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += dt[i] ?? 0;
    if (at < from) continue;
    self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (dt[i] ?? 0));
  }
  const groups = new Map();
  const fns = new Map();
  let total = 0;
  for (const [id, us] of self) {
    const { callFrame } = byId.get(id);
    const url = callFrame.url ?? '';
    const group =
      callFrame.functionName === '(idle)'
        ? '(idle)'
        : callFrame.functionName === '(garbage collector)'
          ? '(garbage collector)'
          : (/node_modules\/((@[^/]+\/)?[^/]+)/.exec(url)?.[1] ??
            (url.includes('dist/server.js')
              ? 'server bundle'
              : url.startsWith('node:')
                ? 'node core'
                : url
                  ? url
                  : callFrame.functionName || '(native)'));
    groups.set(group, (groups.get(group) ?? 0) + us);
    const fn = `${callFrame.functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${callFrame.lineNumber + 1}`;
    fns.set(fn, (fns.get(fn) ?? 0) + us);
    total += us;
  }
  const busy = total - (groups.get('(idle)') ?? 0);
  const pct = (us) => `${((us / busy) * 100).toFixed(1)}%`;
  const sort = (m) =>
    [...m]
      .filter(([k]) => !k.startsWith('(idle)'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top);
  return {
    busyMs: Math.round(busy / 1000),
    idleMs: Math.round((groups.get('(idle)') ?? 0) / 1000),
    byPackage: sort(groups).map(([k, us]) => ({ name: k, share: pct(us) })),
    byFunction: sort(fns).map(([k, us]) => ({ name: k, share: pct(us) })),
  };
}

/**
 * CPU time (user + system) a process has used, in ms; with `match`, the sum over every process whose
 * command line contains it (PostgreSQL backends show their database's name). A load-independent
 * measure of the work per request on a machine shared with other work (docs/performance.md).
 */
export function cpuMsOf(pidOrMatch) {
  const ticks = (pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return Number(fields[11]) + Number(fields[12]);
    } catch {
      return 0;
    }
  };
  if (typeof pidOrMatch === 'number') return ticks(pidOrMatch) * 10;
  let sum = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(pidOrMatch)) sum += ticks(pid);
    } catch {}
  }
  return sum * 10;
}
