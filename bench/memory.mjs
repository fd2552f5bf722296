#!/usr/bin/env node
// `npm run bench:memory`: where the production server's memory goes on PGlite (issue 32: idle RSS
// < 250 MB, peak under the bench's load < 300 MB, demo data). Starts `apps/server/dist/server.js`
// (or BENCH_SERVER_ENTRY) on a fresh PGlite data directory with the demo seed, then:
//   1. idle after start (created, migrated, seeded);
//   2. the load of `npm run bench` (32 connections, one endpoint after another, 8 signed-in sessions);
//   3. idle after the load;
//   4. restarted on the same data directory (a club's server the next day), idle.
// Each phase prints RSS and its parts: PGlite's WebAssembly memory (accessible / resident), V8's heap
// (used / total), array buffers, and the rest (Node's and V8's code, Liftoff's compiled PostgreSQL,
// malloc). The breakdown comes from bench/memory-probe.mjs, preloaded into the server; under load it is
// taken at the highest RSS seen. CPU per request (server, from /proc) shows what a setting costs.
//
// Options: --duration 10 (s per endpoint), --connections 32, --only auth-me,cart-items,…
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import {
  cpuMsOf,
  ensureBuild,
  memoryOf,
  ROOT,
  SERVER_NODE_ARGS,
  sampleRss,
  signIn,
  startServer,
} from './lib.mjs';

const { values: opts } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    only: { type: 'string' },
  },
});
const DURATION = Number(opts.duration);
const CONNECTIONS = Number(opts.connections);
const PASSWORD = 'Excellence#2026';
const MEMBERS = ['customer@example.com', 'customer.en@example.com'];
const TARGETS = { idleMb: 250, peakMb: 300 };
const PROBE = path.join(ROOT, 'bench/memory-probe.mjs');
const round = (n) => Math.round(n);

/** Asks the probe in the server for its breakdown (now, and at the highest RSS so far). */
async function probe(server, file) {
  rmSync(file, { force: true });
  server.child.kill('SIGWINCH');
  for (let i = 0; i < 50; i++) {
    await new Promise((r) => setTimeout(r, 100));
    try {
      return JSON.parse(readFileSync(file, 'utf8'));
    } catch {}
  }
  throw new Error('the memory probe did not answer');
}

/** The endpoints `npm run bench` loads (bench/api.mjs), from what the signed-in sessions see. */
async function endpoints(base, sessions) {
  const api = async (s, p, init = {}) => {
    const r = await fetch(`${base}/panel/api/v1${p}`, {
      ...init,
      headers: {
        cookie: s.cookie,
        'x-csrf-token': s.csrf,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
    });
    const body = await r.text();
    if (r.status !== 200) throw new Error(`${init.method ?? 'GET'} ${p}: ${r.status} ${body}`);
    return JSON.parse(body);
  };
  const categories = (await api(sessions[0], '/settings/categories/items')).data;
  let category = categories[0];
  let best = -1;
  for (const c of categories) {
    const n = (await api(sessions[0], `/products/items?page=1&where[category_id]=${c.id}`)).data.length;
    if (n > best) [category, best] = [c, n];
  }
  const list = (await api(sessions[0], `/products/items?page=1&where[category_id]=${category.id}`)).data;
  const product = list.find((p) => p.can_order) ?? list[0];
  const itemOf = new Map();
  for (const s of sessions) {
    if (!itemOf.has(s.email)) {
      let items = (await api(s, '/sales/cart/items')).data;
      if (!items.some((i) => i.product.name === product.name)) {
        await api(s, '/sales/cart/add', { method: 'POST', body: JSON.stringify({ product_id: product.id }) });
        items = (await api(s, '/sales/cart/items')).data;
      }
      itemOf.set(s.email, items.find((i) => i.product.name === product.name) ?? items[0]);
    }
    s.cartItem = itemOf.get(s.email);
  }
  const updateBody = (s) =>
    JSON.stringify({
      quantity: 1,
      cart_label_answer: '',
      persons: [],
      terms: s.cartItem.product.terms.map((t) => ({ term_id: t.id, value: 1 })),
    });
  return [
    { name: 'auth-me', method: 'GET', path: () => '/auth/me' },
    {
      name: 'products-items',
      method: 'GET',
      path: () => `/products/items?page=1&where[category_id]=${category.id}`,
    },
    { name: 'products-item', method: 'GET', path: () => `/products/item/${product.id}` },
    { name: 'cart-items', method: 'GET', path: () => '/sales/cart/items' },
    {
      name: 'cart-update',
      method: 'POST',
      path: (s) => `/sales/cart/update/${s.cartItem.id}`,
      body: updateBody,
    },
  ].filter((e) => !opts.only || opts.only.split(',').includes(e.name));
}

function load(base, endpoint, sessions) {
  let next = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        duration: DURATION,
        requests: [
          {
            setupRequest: (req, context) => {
              context.session ??= sessions[next++ % sessions.length];
              const s = context.session;
              const body = endpoint.body?.(s);
              return {
                ...req,
                method: endpoint.method,
                path: `/panel/api/v1${endpoint.path(s)}`,
                headers: {
                  cookie: s.cookie,
                  'x-csrf-token': s.csrf,
                  ...(body ? { 'content-type': 'application/json' } : {}),
                },
                ...(body ? { body } : {}),
              };
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on('error', reject);
  });
}

const idle = () => new Promise((r) => setTimeout(r, 3000));

function row(phase, b, extra = '') {
  const rest = b.rssMb - b.pgliteWasmRssMb - b.otherWasmRssMb - b.heapTotalMb - b.arrayBuffersMb;
  return [
    phase,
    round(b.rssMb),
    `${round(b.pgliteWasmSizeMb)} / ${round(b.pgliteWasmRssMb)}`,
    `${round(b.heapUsedMb)} / ${round(b.heapTotalMb)}`,
    round(b.arrayBuffersMb),
    round(rest + b.otherWasmRssMb),
    extra,
  ];
}

function printTable(header, rows) {
  const widths = header.map((h, i) => Math.max(String(h).length, ...rows.map((r) => String(r[i]).length)));
  const line = (r) => `| ${r.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}

async function main() {
  ensureBuild();
  const loadStart = os.loadavg().map((n) => n.toFixed(2));
  const dir = mkdtempSync(path.join(os.tmpdir(), 'club-bench-memory-'));
  const probeFile = path.join(dir, 'probe.json');
  // glibc's allocator as `npm start` sets it (scripts/start.mjs), unless the environment says otherwise.
  const env = {
    DATA_DIR: dir,
    MEMORY_PROBE_FILE: probeFile,
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
    MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '1048576',
  };
  // `npm start`'s semi-space (scripts/start.mjs) after the bench's flags, unless BENCH_NODE_ARGS says otherwise.
  const nodeArgs = [...(process.env.BENCH_NODE_ARGS ? [] : ['--max-semi-space-size=2']), '--import', PROBE];
  const rows = [];
  const loads = [];
  const result = { nodeArgs: [], malloc: {}, loadAvgStart: loadStart };
  try {
    result.nodeArgs = [...SERVER_NODE_ARGS, ...nodeArgs.slice(0, -2)];
    result.malloc = {
      MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX,
      MALLOC_MMAP_THRESHOLD_: env.MALLOC_MMAP_THRESHOLD_,
    };
    let server = await startServer(env, { label: 'pglite', nodeArgs });
    try {
      await idle();
      result.idleFresh = (await probe(server, probeFile)).now;
      rows.push(row('idle after start (new data dir, migrated, seeded)', result.idleFresh));
      const sessions = [];
      for (let i = 0; i < 4; i++)
        for (const email of MEMBERS) sessions.push(await signIn(server.base, email, PASSWORD));
      for (const endpoint of await endpoints(server.base, sessions)) {
        const stopRss = sampleRss(server.child.pid);
        const cpuBefore = cpuMsOf(server.child.pid);
        const r = await load(server.base, endpoint, sessions);
        const cpuMs = cpuMsOf(server.child.pid) - cpuBefore;
        loads.push({
          endpoint: endpoint.name,
          reqPerSec: round(r.requests.average),
          errors: r.errors + r.timeouts,
          non2xx: r.non2xx,
          cpuUsPerReq: round((cpuMs * 1000) / Math.max(1, r.requests.total)),
          peakRssMb: round(stopRss()),
        });
        await new Promise((res) => setTimeout(res, 500));
      }
      const after = await probe(server, probeFile);
      result.peak = after.peak;
      result.hwmMb = round(memoryOf(server.child.pid).hwmMb);
      rows.push(row('peak under the load (highest RSS seen)', after.peak, `high-water ${result.hwmMb}`));
      await idle();
      result.idleAfterLoad = (await probe(server, probeFile)).now;
      rows.push(row('idle after the load', result.idleAfterLoad));
    } finally {
      await server.stop();
    }
    server = await startServer(env, { label: 'pglite', nodeArgs });
    try {
      await idle();
      result.idleRestarted = (await probe(server, probeFile)).now;
      rows.push(row('idle, restarted on the same data dir', result.idleRestarted));
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  result.loadAvgEnd = os.loadavg().map((n) => n.toFixed(2));
  result.loads = loads;
  console.log(
    `\nPGlite server memory, MB (node ${result.nodeArgs.join(' ')}; ${Object.entries(result.malloc)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}; load average ${loadStart.join(' ')} → ${result.loadAvgEnd.join(' ')})\n`,
  );
  printTable(
    [
      'phase',
      'RSS',
      'PGlite WASM size / resident',
      'V8 heap used / total',
      'array buffers',
      'rest (code, malloc)',
      '',
    ],
    rows,
  );
  console.log('');
  printTable(
    ['endpoint', 'req/s', 'errors', 'non-2xx', 'CPU µs/req', 'peak RSS MB'],
    loads.map((l) => [l.endpoint, l.reqPerSec, l.errors, l.non2xx, l.cpuUsPerReq, l.peakRssMb]),
  );
  const peak = Math.max(result.peak.rssMb, ...loads.map((l) => l.peakRssMb));
  const verdicts = [
    `idle ${round(result.idleFresh.rssMb)} MB (restarted ${round(result.idleRestarted.rssMb)} MB): ${result.idleFresh.rssMb < TARGETS.idleMb ? 'met' : 'MISSED'} (< ${TARGETS.idleMb})`,
    `peak ${round(peak)} MB: ${peak < TARGETS.peakMb ? 'met' : 'MISSED'} (< ${TARGETS.peakMb})`,
  ];
  console.log(`\n${verdicts.join('; ')}`);
  mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  const out = path.join(ROOT, `bench/results/memory-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`written ${path.relative(ROOT, out)}`);
}

await main();
