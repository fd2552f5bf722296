#!/usr/bin/env node
// Where one order's time goes on PostgreSQL (docs/performance.md, "The sales desk"): the statements and
// transactions the server sends to place one order (cart → order with the payment start), from the
// PostgreSQL server log with log_statement/log_duration on for a throwaway database only; then the
// order's latency one at a time (no load) and under 32 connections.
//
// Usage: node bench/order-profile.mjs [--log /var/log/postgresql/postgresql-15-main.log]
// Needs read access to the PostgreSQL server log (root, or the adm group on Debian).
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { placeOrders, prepareOrders } from './desk.mjs';
import { ensureBuild, startServer, summariseProfile } from './lib.mjs';
import { benchSession } from './scale-data.mjs';
import { offline } from './scale.mjs';

const { values: opts } = parseArgs({
  options: { log: { type: 'string', default: '/var/log/postgresql/postgresql-15-main.log' } },
});
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function admin(sql) {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    return (await c.query(sql)).rows;
  } finally {
    await c.end();
  }
}

const order = (base, n) => {
  const s = benchSession(n);
  const started = performance.now();
  return fetch(`${base}/panel/api/v1/sales/cart/order`, {
    method: 'POST',
    headers: { cookie: s.cookie, 'x-csrf-token': s.csrf, 'content-type': 'application/json' },
    body: '{"discount_code":"","is_invoice":0}',
  }).then(async (r) => ({ status: r.status, body: await r.text(), ms: performance.now() - started }));
};

/** The log's lines for `db` written since byte `from`: statements (simple and extended protocol). */
function statementsSince(from, db) {
  const text = readFileSync(opts.log, 'utf8').slice(from);
  const mine = text.split('\n').filter((l) => l.includes(`@${db} `));
  const statements = mine
    .map((l) => /(?:statement|execute [^:]*): (.*)$/.exec(l)?.[1])
    .filter((s) => s !== undefined && !/^(show|set) /i.test(s));
  const durations = mine
    .map((l) => /duration: ([\d.]+) ms/.exec(l)?.[1])
    .filter(Boolean)
    .map(Number);
  return { statements, durations };
}

async function main() {
  ensureBuild();
  const name = `club_order_profile_${Date.now()}`;
  await admin(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const env = { DATABASE_URL: url.toString(), DATA_DIR: '/tmp' };
  try {
    const seed = await startServer({ ...env }, { label: 'seed' });
    await seed.stop();
    const members = await offline('postgres', env, (q) => prepareOrders(q));
    await admin(`alter database ${name} set log_statement = 'all'`);
    await admin(`alter database ${name} set log_duration = on`);
    // The server runs under --cpu-prof: where its own CPU time goes (start and all the orders).
    const profileDir = mkdtempSync(path.join(os.tmpdir(), 'club-order-prof-'));
    const server = await startServer(
      { ...env, ORDER_PAYMENT_MINUTES: '30' },
      { label: 'profile', nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] },
    );
    try {
      const warm = await order(server.base, members);
      if (warm.status !== 200) throw new Error(`order: ${warm.status} ${warm.body}`);
      await sleep(500);
      const from = statSync(opts.log).size;
      const one = await order(server.base, 1);
      await sleep(1000);
      const { statements, durations } = statementsSince(from, name);
      const tx = statements.filter((s) => /^begin/i.test(s)).length;
      console.log(`one order: HTTP ${one.status}, ${one.ms.toFixed(1)} ms`);
      console.log(
        `statements sent: ${statements.length} (transactions: ${tx}); PostgreSQL's own time for them: ${durations
          .reduce((a, b) => a + b, 0)
          .toFixed(1)} ms`,
      );
      for (const s of statements) console.log(`  ${s.replace(/\s+/g, ' ').slice(0, 220)}`);
      await admin(`alter database ${name} reset all`);
      // Latency alone: 40 orders one after another (fresh connections see the reset settings only
      // after a restart, so the log keeps counting; each statement's log line costs little).
      const alone = [];
      for (let n = 2; n <= 41; n++) alone.push((await order(server.base, n)).ms);
      alone.sort((x, y) => x - y);
      console.log(
        `one at a time (40 orders): median ${alone[20].toFixed(1)} ms, p95 ${alone[38].toFixed(1)} ms, min ${alone[0].toFixed(1)} ms`,
      );
      const rest = members - 42;
      const r = await placeOrders(server.base, { connections: 32, amount: rest, first: 42 });
      console.log(
        `32 connections (${rest} orders): ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}`,
      );
    } finally {
      await server.stop();
    }
    const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
    if (file) {
      const p = summariseProfile(path.join(profileDir, file), 25);
      console.log(`server CPU profile: busy ${p.busyMs} ms, idle ${p.idleMs} ms`);
      console.log(`  by package: ${p.byPackage.map((g) => `${g.name} ${g.share}`).join(', ')}`);
      for (const f of p.byFunction) console.log(`  ${f.share.padStart(6)}  ${f.name}`);
    }
    rmSync(profileDir, { recursive: true, force: true });
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
