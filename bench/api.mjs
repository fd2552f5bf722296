#!/usr/bin/env node
// `npm run bench`: the API under load (autocannon) on PGlite and on PostgreSQL, against a bare Fastify
// route answering the same bytes from memory (the practical limit of this machine).
//
// Options: --db pglite|postgres|both (default both), --duration 10, --connections 32,
//          --only auth-me,products-items,...,place-order,desk , --build (rebuild first).
// After the endpoints on the demo data: place-order (issue 17: cart → order with the payment start, each
// request a member with a filled cart) and, with `desk`, the console's orders table at 100,000 orders
// and the seat board of an experience with 5,000 attendees (bench/desk.mjs).
// --orders (issue 32): the order and the cart update on PostgreSQL with 400 and 20,000 open carts, beside
// pgbench replays of their own transactions captured from the server's statements (bench/orders.mjs).
// Environment: BENCH_DATABASE_URL (an admin URL; default postgres://postgres@127.0.0.1:5432/postgres).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  DESK_SCALE,
  DESK_TARGETS,
  deskReads,
  placeOrders,
  prepareDesk,
  prepareOrders,
  timeReads,
} from './desk.mjs';
import { prepareOfflineList, timeOfflineList } from './gate-offline.mjs';
import { prepareGateScans, printScans, timeGateScans } from './gate-scan.mjs';
import { offline, runScale, startLimit } from './scale.mjs';
import { benchSession } from './scale-data.mjs';
import {
  cpuMsOf,
  ensureBuild,
  freePort,
  memoryOf,
  ROOT,
  SERVER_ENTRY,
  SERVER_NODE_ARGS,
  sampleRss,
  signIn,
  startServer,
  summariseProfile,
  waitForHttp,
} from './lib.mjs';

const { values: opts } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    only: { type: 'string' },
    build: { type: 'boolean', default: false },
    /** Runs the server under --cpu-prof and prints where its CPU time went (per database run). */
    profile: { type: 'boolean', default: false },
    /** Issue 18: the demo club, then the same database grown to 10,000 products … (bench/scale.mjs). */
    scale: { type: 'boolean', default: false },
    /** Issue 32: the order and the cart update against pgbench replays of their own transactions (bench/orders.mjs). */
    orders: { type: 'boolean', default: false },
  },
});
const DURATION = Number(opts.duration);
const CONNECTIONS = Number(opts.connections);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PASSWORD = 'Excellence#2026';
/** Demo members (DESIGN.md §7); each signs in several times, so the load spreads over 8 sessions. */
const MEMBERS = ['customer@example.com', 'customer.en@example.com'];
const SESSIONS_PER_MEMBER = 4;

const TARGETS = {
  postgres: { catalogueRatio: 0.25, p99Ms: 50 },
  pglite: { catalogueRatio: 0.1 },
  rssMb: 300,
};
const CATALOGUE = new Set(['products-items', 'products-item']);
const wanted = (name) => !opts.only || opts.only.split(',').includes(name);

/** The endpoints of issue 8, each built from what the signed-in session sees. */
async function endpoints(base, sessions) {
  const api = (s, p, init = {}) =>
    fetch(`${base}/panel/api/v1${p}`, {
      ...init,
      headers: {
        cookie: s.cookie,
        'x-csrf-token': s.csrf,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
    }).then(async (r) => {
      const body = await r.text();
      if (r.status !== 200) throw new Error(`${init.method ?? 'GET'} ${p}: ${r.status} ${body}`);
      return JSON.parse(body);
    });
  const first = sessions[0];
  const categories = (await api(first, '/settings/categories/items')).data;
  // The category with the most experiences on its first page: the heaviest ordinary list.
  let category = categories[0];
  let best = -1;
  for (const c of categories) {
    const n = (await api(first, `/products/items?page=1&where[category_id]=${c.id}`)).data.length;
    if (n > best) [category, best] = [c, n];
  }
  const list = (await api(first, `/products/items?page=1&where[category_id]=${category.id}`)).data;
  const orderable = list.find((p) => p.can_order) ?? list[0];
  // Every member gets the experience into the cart once; each session keeps its member's item id.
  const itemOf = new Map();
  for (const s of sessions) {
    if (!itemOf.has(s.email)) {
      let items = (await api(s, '/sales/cart/items')).data;
      if (!items.some((i) => i.product.name === orderable.name)) {
        await api(s, '/sales/cart/add', {
          method: 'POST',
          body: JSON.stringify({ product_id: orderable.id }),
        });
        items = (await api(s, '/sales/cart/items')).data;
      }
      const item = items.find((i) => i.product.name === orderable.name) ?? items[0];
      itemOf.set(s.email, item);
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
    { name: 'products-item', method: 'GET', path: () => `/products/item/${orderable.id}` },
    { name: 'cart-items', method: 'GET', path: () => '/sales/cart/items' },
    {
      name: 'cart-update',
      method: 'POST',
      path: (s) => `/sales/cart/update/${s.cartItem.id}`,
      body: updateBody,
    },
  ].filter((e) => wanted(e.name));
}

/** autocannon with one session per connection (round robin over the signed-in sessions). */
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

/** Lets the server finish the requests autocannon abandoned at the end of a run, before the next one. */
async function settle(base) {
  await new Promise((r) => setTimeout(r, 500));
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const started = Date.now();
    await fetch(`${base}/panel/api/v1/health`).catch(() => {});
    if (Date.now() - started < 20) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

const summary = (r) => ({
  reqPerSec: Math.round(r.requests.average),
  p50Ms: r.latency.p50,
  p99Ms: r.latency.p99,
  errors: r.errors + r.timeouts,
  non2xx: r.non2xx,
  requests: r.requests.total,
});

/** Records the real responses' bytes and headers, then starts the bare route that answers them. */
async function startLimitServer(base, list, session) {
  const responses = {};
  for (const e of list) {
    const body = e.body?.(session);
    const res = await fetch(`${base}/panel/api/v1${e.path(session)}`, {
      method: e.method,
      headers: {
        cookie: session.cookie,
        'x-csrf-token': session.csrf,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body } : {}),
    });
    const headers = {};
    for (const [k, v] of res.headers) {
      if (!['date', 'content-length', 'connection', 'keep-alive', 'transfer-encoding'].includes(k))
        headers[k] = v;
    }
    const text = await res.text();
    e.bytes = Buffer.byteLength(text);
    responses[`/panel/api/v1${e.path(session).split('?')[0]}`] = { headers, body: text };
  }
  const file = path.join(os.tmpdir(), `club-limit-${process.pid}.json`);
  writeFileSync(file, JSON.stringify(responses));
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, 'bench/limit-server.mjs'), String(port), file], {
    stdio: 'inherit',
  });
  const limitBase = `http://127.0.0.1:${port}`;
  await waitForHttp(`${limitBase}/panel/api/v1${list[0].path(session).split('?')[0]}`, { child });
  return {
    base: limitBase,
    pid: child.pid,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(file, { force: true });
    },
  };
}

async function withDatabase(kind, fn) {
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'club-bench-'));
    try {
      return await fn({ DATA_DIR: dir });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const name = `club_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'club-bench-'));
  try {
    return await fn({ DATABASE_URL: url.toString(), DATA_DIR: dir });
  } finally {
    rmSync(dir, { recursive: true, force: true });
    const again = new pg.Client({ connectionString: ADMIN_URL });
    await again.connect();
    await again.query(`drop database if exists ${name} with (force)`);
    await again.end();
  }
}

async function benchDatabase(kind) {
  return withDatabase(kind, async (env) => {
    const profileDir = opts.profile ? mkdtempSync(path.join(os.tmpdir(), 'club-prof-')) : null;
    const server = await startServer(
      { ...env, LOGIN_LIMIT_PER_ADDRESS: '100000', ORDER_PAYMENT_MINUTES: '30' },
      { label: kind, nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [] },
    );
    try {
      const sessions = [];
      for (let i = 0; i < SESSIONS_PER_MEMBER; i++)
        for (const email of MEMBERS) sessions.push(await signIn(server.base, email, PASSWORD));
      const list = await endpoints(server.base, sessions);
      const rows = [];
      const limit = list.length ? await startLimitServer(server.base, list, sessions[0]) : null;
      try {
        for (const endpoint of list) {
          const stopLimitRss = sampleRss(limit.pid);
          const limitCpu = cpuMsOf(limit.pid);
          const bare = summary(await load(limit.base, endpoint, sessions));
          const limitCpuMs = cpuMsOf(limit.pid) - limitCpu;
          stopLimitRss();
          const stopRss = sampleRss(server.child.pid);
          const serverCpu = cpuMsOf(server.child.pid);
          const dbCpu = env.DATABASE_URL ? cpuMsOf(new URL(env.DATABASE_URL).pathname.slice(1)) : 0;
          const real = summary(await load(server.base, endpoint, sessions));
          const serverCpuMs = cpuMsOf(server.child.pid) - serverCpu;
          const dbCpuMs = env.DATABASE_URL ? cpuMsOf(new URL(env.DATABASE_URL).pathname.slice(1)) - dbCpu : 0;
          const peakRssMb = Math.round(stopRss());
          await settle(server.base);
          rows.push({
            db: kind,
            endpoint: endpoint.name,
            bytes: endpoint.bytes,
            ...real,
            limitReqPerSec: bare.reqPerSec,
            ratio: Number((real.reqPerSec / bare.reqPerSec).toFixed(3)),
            // CPU per request (µs): the server's, PostgreSQL's backends' and the limit route's. Their
            // quotient moves far less with the machine's load than req/s does.
            serverCpuUs: Math.round((serverCpuMs * 1000) / Math.max(1, real.requests)),
            dbCpuUs: Math.round((dbCpuMs * 1000) / Math.max(1, real.requests)),
            limitCpuUs: Math.round((limitCpuMs * 1000) / Math.max(1, bare.requests)),
            peakRssMb,
          });
          printRow(rows.at(-1));
        }
      } finally {
        await limit?.stop();
      }
      const hwmMb = Math.round(memoryOf(server.child.pid).hwmMb);
      await server.stop();
      if (wanted('place-order')) rows.push(await benchPlaceOrder(kind, env));
      const desk = wanted('desk') ? await benchDesk(kind, env) : null;
      if (profileDir) {
        const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
        if (file) {
          const p = summariseProfile(path.join(profileDir, file));
          console.log(
            `${kind}: server CPU profile (start, seed and all the load): busy ${p.busyMs} ms, idle ${p.idleMs} ms`,
          );
          console.log(`  by package: ${p.byPackage.map((g) => `${g.name} ${g.share}`).join(', ')}`);
          for (const f of p.byFunction) console.log(`  ${f.share.padStart(6)}  ${f.name}`);
        }
        rmSync(profileDir, { recursive: true, force: true });
      }
      return { rows, hwmMb, desk };
    } finally {
      await server.stop();
    }
  });
}

/**
 * Issue 17: placing an order (cart → order with the payment start). The bench members (400, each with
 * one filled cart line, bench/desk.mjs) place one order each at 32 connections; the bare route answers
 * the order's bytes, measured right before with the same settings.
 */
async function benchPlaceOrder(kind, env) {
  const members = await offline(kind, env, (q) => prepareOrders(q));
  const server = await startServer(
    { ...env, LOGIN_LIMIT_PER_ADDRESS: '100000', ORDER_PAYMENT_MINUTES: '30' },
    { label: `${kind}-orders` },
  );
  const dbName = env.DATABASE_URL ? new URL(env.DATABASE_URL).pathname.slice(1) : null;
  try {
    // The last member's order: its answer feeds the bare route (and warms the path).
    const last = benchSession(members);
    const sample = await fetch(`${server.base}/panel/api/v1/sales/cart/order`, {
      method: 'POST',
      headers: { cookie: last.cookie, 'x-csrf-token': last.csrf, 'content-type': 'application/json' },
      body: '{"discount_code":"","is_invoice":0}',
    });
    const sampleText = await sample.text();
    if (sample.status !== 200) throw new Error(`place-order: ${sample.status} ${sampleText}`);
    const limit = await startLimit({
      '/panel/api/v1/sales/cart/order': {
        headers: { 'content-type': sample.headers.get('content-type') ?? 'application/json' },
        body: sampleText,
      },
    });
    const orderEndpoint = {
      name: 'place-order',
      method: 'POST',
      path: () => '/sales/cart/order',
      body: () => '{"discount_code":"","is_invoice":0}',
    };
    const limitCpu = cpuMsOf(limit.pid);
    const bare = summary(await load(limit.base, orderEndpoint, [last]));
    const limitCpuMs = cpuMsOf(limit.pid) - limitCpu;
    await limit.stop();
    const stopRss = sampleRss(server.child.pid);
    const serverCpu = cpuMsOf(server.child.pid);
    const dbCpu = dbName ? cpuMsOf(dbName) : 0;
    const real = summary(await placeOrders(server.base, { connections: CONNECTIONS, amount: members - 1 }));
    const serverCpuMs = cpuMsOf(server.child.pid) - serverCpu;
    const dbCpuMs = dbName ? cpuMsOf(dbName) - dbCpu : 0;
    const row = {
      db: kind,
      endpoint: 'place-order',
      bytes: Buffer.byteLength(sampleText),
      ...real,
      limitReqPerSec: bare.reqPerSec,
      ratio: Number((real.reqPerSec / bare.reqPerSec).toFixed(3)),
      serverCpuUs: Math.round((serverCpuMs * 1000) / Math.max(1, real.requests)),
      dbCpuUs: Math.round((dbCpuMs * 1000) / Math.max(1, real.requests)),
      limitCpuUs: Math.round((limitCpuMs * 1000) / Math.max(1, bare.requests)),
      peakRssMb: Math.round(stopRss()),
    };
    printRow(row);
    return row;
  } finally {
    await server.stop();
  }
}

/**
 * Issue 17: the console's orders table with 100,000 orders in the database and the seat board of an
 * experience with 5,000 attendees, each read alone, median and p95 (bench/desk.mjs).
 */
async function benchDesk(kind, env) {
  const started = Date.now();
  // Grown and its reads' parameters chosen with the server down (PGlite allows one process).
  const { made, reads, listId, scans } = await offline(kind, env, async (q) => {
    const made = await prepareDesk(q);
    // The offline gate's copy of the 5,000 attendees' list (bench/gate-offline.mjs).
    const listId = await prepareOfflineList(q, made.productId);
    // 32 gates scanning the 5,000 attendees' tickets at once (bench/gate-scan.mjs).
    const scans = await prepareGateScans(q, made.productId);
    return { made, scans, reads: await deskReads(q, made.productId), listId };
  });
  const generationMs = Date.now() - started;
  console.log(
    `${kind}: desk data (${made.orders} orders, an experience with ${DESK_SCALE.attendees} attendees) made in ${generationMs} ms`,
  );
  const server = await startServer({ ...env }, { label: `${kind}-desk` });
  try {
    const rows = await timeReads(server.base, reads);
    rows.push(await timeOfflineList(server.base, listId));
    for (const r of rows) printRead(kind, r);
    // The CPU each scan costs the server and the database (their backends), as for the endpoints.
    const dbName = env.DATABASE_URL ? new URL(env.DATABASE_URL).pathname.slice(1) : null;
    const withCpu = async (run) => {
      const srv = cpuMsOf(server.child.pid);
      const db = dbName ? cpuMsOf(dbName) : 0;
      const row = await run();
      row.serverCpuUs = Math.round(((cpuMsOf(server.child.pid) - srv) * 1000) / Math.max(1, row.scans));
      row.dbCpuUs = dbName ? Math.round(((cpuMsOf(dbName) - db) * 1000) / Math.max(1, row.scans)) : 0;
      return row;
    };
    // Two seconds of gates first, not measured: the doors have been open a while on the event day, so
    // the server's pool has its connections and the scan's code is compiled (the first burst opened
    // them, and it was most of the paced run's p99).
    await timeGateScans(server.base, scans, { duration: 2, perGatePerSecond: 1 });
    const paced = await withCpu(() => timeGateScans(server.base, scans, { perGatePerSecond: 1 }));
    printScans(kind, paced);
    const gate = await withCpu(() => timeGateScans(server.base, scans));
    printScans(kind, gate);
    return {
      orders: made.orders,
      attendees: DESK_SCALE.attendees,
      generationMs,
      reads: rows,
      gatePaced: paced,
      gate,
    };
  } finally {
    await server.stop();
  }
}

function printRead(kind, r) {
  console.log(
    `${kind.padEnd(9)}${r.read.padEnd(40)}${String(r.bytes).padEnd(8)}median ${String(r.medianMs).padEnd(7)}p95 ${String(r.p95Ms).padEnd(7)}max ${String(r.maxMs).padEnd(7)}errors ${r.errors}${r.attendees !== undefined ? ` attendees ${r.attendees}` : ''}  ${r.verdict}`,
  );
}

function verdict(row) {
  const failures = [];
  if (row.errors > 0 || row.non2xx > 0) failures.push('errors');
  if (row.peakRssMb >= TARGETS.rssMb) failures.push(`RSS ≥ ${TARGETS.rssMb} MB`);
  if (CATALOGUE.has(row.endpoint)) {
    const t = TARGETS[row.db];
    if (row.ratio < t.catalogueRatio) failures.push(`ratio < ${t.catalogueRatio}`);
    if (t.p99Ms && row.p99Ms >= t.p99Ms) failures.push(`p99 ≥ ${t.p99Ms} ms`);
  }
  // Issue 17's write target is PostgreSQL's (PGlite's row is for comparison).
  if (row.endpoint === 'place-order' && row.db === 'postgres') {
    if (row.ratio < DESK_TARGETS.orderRatio) failures.push(`ratio < ${DESK_TARGETS.orderRatio}`);
    if (row.p99Ms >= DESK_TARGETS.orderP99Ms) failures.push(`p99 ≥ ${DESK_TARGETS.orderP99Ms} ms`);
  }
  return failures.length ? `MISS (${failures.join(', ')})` : 'ok';
}

const HEADER = [
  'db',
  'endpoint',
  'bytes',
  'req/s',
  'p50 ms',
  'p99 ms',
  'errors',
  'non-2xx',
  'limit req/s',
  'ratio',
  'CPU µs/req srv+db',
  'limit µs/req',
  'peak RSS MB',
  'target',
];
function printRow(r) {
  const cells = [
    r.db,
    r.endpoint,
    r.bytes,
    r.reqPerSec,
    r.p50Ms,
    r.p99Ms,
    r.errors,
    r.non2xx,
    r.limitReqPerSec,
    `${(r.ratio * 100).toFixed(1)}%`,
    `${r.serverCpuUs}+${r.dbCpuUs}`,
    r.limitCpuUs,
    r.peakRssMb,
    verdict(r),
  ];
  console.log(cells.map((c, i) => String(c).padEnd(i === 1 ? 15 : 9)).join(' '));
}

/** `npm run bench -- --orders` (issue 32, docs/performance.md "The order path"): PostgreSQL only. */
async function mainOrders() {
  const { reportOrders, runOrders } = await import('./orders.mjs');
  console.log(
    `Order path: ${CONNECTIONS} connections, ${DURATION} s per HTTP phase, ${os.cpus().length} cores, server ${SERVER_ENTRY}`,
  );
  const result = await runOrders({ adminUrl: ADMIN_URL, seconds: DURATION, connections: CONNECTIONS });
  console.log(reportOrders(result));
  const dir = path.join(ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `api-orders-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    JSON.stringify({ kind: 'api-orders', at: new Date().toISOString(), ...result }, null, 2),
  );
  console.log(`written ${path.relative(ROOT, file)}`);
}

async function main() {
  ensureBuild(opts.build);
  const kinds = opts.db === 'both' ? ['pglite', 'postgres'] : [opts.db];
  if (opts.scale) return mainScale(kinds);
  if (opts.orders) return mainOrders();
  console.log(
    `API benchmark: ${CONNECTIONS} connections × ${DURATION} s per endpoint, ${os.cpus().length} cores, Node ${process.version}, server flags: ${SERVER_NODE_ARGS.join(' ') || 'none'}`,
  );
  console.log(HEADER.map((c, i) => c.padEnd(i === 1 ? 15 : 9)).join(' '));
  const results = [];
  const memory = {};
  const desk = {};
  for (const kind of kinds) {
    const { rows, hwmMb, desk: reads } = await benchDatabase(kind);
    results.push(...rows);
    if (reads) desk[kind] = reads;
    memory[kind] = { serverPeakRssMb: hwmMb };
    console.log(`${kind}: the server's peak RSS over its whole life (start, seed, load) ${hwmMb} MB`);
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const dir = path.join(ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `api-${stamp}.json`);
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        kind: 'api',
        at: new Date().toISOString(),
        machine: {
          cores: os.cpus().length,
          cpu: os.cpus()[0]?.model,
          node: process.version,
          // Other work on the machine skews the numbers: the load average at the end of the run.
          loadAverage: os.loadavg().map((l) => +l.toFixed(2)),
        },
        settings: { connections: CONNECTIONS, durationSec: DURATION, serverNodeArgs: SERVER_NODE_ARGS },
        targets: { ...TARGETS, desk: DESK_TARGETS },
        memory,
        results: results.map((r) => ({ ...r, verdict: verdict(r) })),
        desk,
      },
      null,
      2,
    )}\n`,
  );
  console.log(
    `load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(`written ${path.relative(ROOT, file)}`);
  if (
    results.some((r) => verdict(r) !== 'ok') ||
    // The gate's target is judged at a person's pace; flat out is the ceiling, printed beside it.
    Object.values(desk).some((d) => d.reads.some((r) => r.verdict !== 'ok') || d.gatePaced.verdict !== 'ok')
  )
    process.exitCode = 1;
}

async function mainScale(kinds) {
  console.log(
    `API benchmark at scale: ${CONNECTIONS} connections × ${DURATION} s per list, ${os.cpus().length} cores, Node ${process.version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} at the start`,
  );
  const loadAtStart = os.loadavg().map((l) => +l.toFixed(2));
  // With --scale, --only names lists (catalogue-page-1, galleries, dealer-customers, for-me, …):
  // those alone are measured, without the order flow and the rushes.
  const only = opts.only ? opts.only.split(',') : undefined;
  const out = await runScale({
    kinds,
    duration: DURATION,
    connections: CONNECTIONS,
    withDatabase,
    only,
    profile: opts.profile,
  });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const dir = path.join(ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `api-scale-${stamp}.json`);
  const loadAtEnd = os.loadavg().map((l) => +l.toFixed(2));
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        kind: 'api-scale',
        at: new Date().toISOString(),
        machine: { cores: os.cpus().length, node: process.version, loadAtStart, loadAtEnd },
        settings: { connections: CONNECTIONS, durationSec: DURATION, serverNodeArgs: SERVER_NODE_ARGS },
        ...out,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`load average at the end: ${loadAtEnd.join(' ')}`);
  console.log(`written ${path.relative(ROOT, file)}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
