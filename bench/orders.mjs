// Issue 32: the order path against the database's own speed (`npm run bench -- --orders`).
//
// On a throwaway PostgreSQL database with the demo data and the bench members (bench/scale-data.mjs):
// 1. HTTP orders/s and CPU per order (server + database) with 400 open carts (the bench members');
// 2. the same with 20,000 more members with an open cart each, VACUUM ANALYZEd as autovacuum keeps them;
// 3. the cart update over HTTP (32 members, each saving its own line);
// 4. the order's and the cart update's own transactions, captured from the server's statements
//    through a small proxy on the wire (Parse/Bind/Query messages), replayed by pgbench with 32
//    clients on the same database: the ceiling the HTTP path is compared with;
// 5. the same replay with the member channel's NOTIFY made a no-op, and with it sent by the
//    application after the commit instead: what the caches' notifications cost (docs/performance.md).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { placeOrders, prepareOrders } from './desk.mjs';
import { cpuMsOf, startServer } from './lib.mjs';
import { hotProduct, RUSH, rush, soldOf } from './scale.mjs';
import { BENCH_MEMBERS, benchSession } from './scale-data.mjs';

const API = '/panel/api/v1';
export const ORDER_TARGETS = { replayRatio: 0.9, dbCpuMs: 1.0, flat: 0.2, cartReplayRatio: 0.75 };
const OPEN_CARTS = 20_000;

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

// ---- capture: a proxy between the server and PostgreSQL that records what the server sends ----

/** Starts a TCP proxy to `target` (host, port) recording the frontend's Parse, Bind and Query messages. */
async function captureProxy(target) {
  const events = [];
  let recording = false;
  let connection = 0;
  const server = net.createServer((client) => {
    const id = ++connection;
    const upstream = net.connect(target.port, target.host);
    const statements = new Map();
    let buffer = Buffer.alloc(0);
    let started = false;
    client.on('data', (chunk) => {
      upstream.write(chunk);
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (!started) {
          if (buffer.length < 4) break;
          const len = buffer.readInt32BE(0);
          if (buffer.length < len) break;
          buffer = buffer.subarray(len);
          started = true;
          continue;
        }
        if (buffer.length < 5) break;
        const type = String.fromCharCode(buffer[0]);
        const len = buffer.readInt32BE(1);
        if (buffer.length < len + 1) break;
        const body = buffer.subarray(5, len + 1);
        buffer = buffer.subarray(len + 1);
        let at = 0;
        const cstring = () => {
          const end = body.indexOf(0, at);
          const s = body.subarray(at, end).toString('utf8');
          at = end + 1;
          return s;
        };
        if (type === 'P') {
          const name = cstring();
          statements.set(name, cstring());
        } else if (type === 'B') {
          cstring();
          const name = cstring();
          const formats = body.readInt16BE(at);
          at += 2 + 2 * formats;
          const n = body.readInt16BE(at);
          at += 2;
          const values = [];
          for (let i = 0; i < n; i++) {
            const l = body.readInt32BE(at);
            at += 4;
            values.push(l < 0 ? null : body.subarray(at, at + l).toString('utf8'));
            if (l > 0) at += l;
          }
          if (recording) events.push({ connection: id, text: statements.get(name), values });
        } else if (type === 'Q') {
          if (recording) events.push({ connection: id, text: cstring().trim(), values: [] });
        }
      }
    });
    upstream.on('data', (d) => client.write(d));
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close);
    upstream.on('error', close);
    client.on('close', close);
    upstream.on('close', close);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: server.address().port,
    record: () => {
      events.length = 0;
      recording = true;
    },
    stop: () => {
      recording = false;
      return [...events];
    },
    close: () => new Promise((r) => server.close(r)),
  };
}

/** The statements of the one transaction among `events` that contains `marker` (BEGIN … COMMIT). */
function transactionOf(events, marker) {
  const at = events.findIndex((e) => e.text.includes(marker));
  if (at < 0) throw new Error(`no captured statement contains ${marker}`);
  const conn = events[at].connection;
  const mine = events.filter((e) => e.connection === conn);
  const i = mine.indexOf(events[at]);
  let from = i;
  while (from > 0 && !/^begin/i.test(mine[from].text)) from--;
  let to = i;
  while (to < mine.length - 1 && !/^commit/i.test(mine[to].text)) to++;
  return /^begin/i.test(mine[from].text) ? mine.slice(from, to + 1) : [events[at]];
}

/**
 * One captured statement as a pgbench command. Every parameter goes as a pgbench variable (-D), as the
 * server binds it (pgbench would read a colon inside a literal as a variable), but the member's id,
 * the cart line's id and the experience's id become per-transaction variables (:u, :c, :p), and the
 * payment reference a fresh one per transaction.
 */
function toPgbench(event, ids, vars) {
  const v = (value) => {
    const name = `l${vars.size + 1}`;
    vars.set(name, value);
    return `:${name}`;
  };
  const t = (variable) => `${variable}::text`;
  const exprOf = (value) => {
    if (value === null) return 'null';
    if (value === String(ids.user)) return '(:u)::int';
    if (ids.cart !== undefined && value === String(ids.cart)) return '(:c)::int';
    if (ids.product !== undefined && value === String(ids.product)) return '(:p)::int';
    const swaps = [];
    if (ids.ref && value.includes(ids.ref)) swaps.push([ids.ref, 'substr(md5(random()::text), 1, 24)']);
    if (ids.cart !== undefined && value.includes(`"cart_item_id":${ids.cart}`))
      swaps.push([`"cart_item_id":${ids.cart}`, `${t(v('"cart_item_id":'))} || (:c)::text`]);
    if (ids.product !== undefined && value.includes(`"product_id":${ids.product}`))
      swaps.push([`"product_id":${ids.product}`, `${t(v('"product_id":'))} || (:p)::text`]);
    if (swaps.length === 0) return v(value);
    let expr = t(v(value));
    for (const [from, to] of swaps) expr = `replace(${expr}, ${t(v(from))}, ${to})`;
    return expr;
  };
  const text = event.text
    .replace(/\$(\d+)/g, (_, n) => `(${exprOf(event.values[Number(n) - 1])})`)
    // A literal of the statement's own with a colon (a to_char format) goes as a variable too.
    .replace(/'(?:[^']|'')*'/g, (lit) =>
      lit.includes(':') ? t(v(lit.slice(1, -1).replaceAll("''", "'"))) : lit,
    );
  return `${text.replace(/\s+/g, ' ').trim()};`;
}

/** Processes whose command line contains `match` (PostgreSQL backends show their database's name). */
function pidsOf(match) {
  const pids = [];
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(match)) pids.push(Number(pid));
    } catch {}
  }
  return pids;
}

/**
 * The CPU time of the processes matching `match` from now until `stop()`, sampled every 100 ms, so that
 * backends that end with the run (pgbench's) are counted up to their last sample.
 */
function cpuSampler(match) {
  const base = new Map(pidsOf(match).map((pid) => [pid, cpuMsOf(pid)]));
  const last = new Map(base);
  const sample = () => {
    for (const pid of pidsOf(match)) {
      const ms = cpuMsOf(pid);
      if (ms > 0) last.set(pid, ms);
    }
  };
  const timer = setInterval(sample, 100);
  return {
    stop() {
      sample();
      clearInterval(timer);
      let sum = 0;
      for (const [pid, ms] of last) sum += ms - (base.get(pid) ?? 0);
      return sum;
    },
  };
}

/** Runs pgbench with `script`; returns transactions/s and the database's CPU per transaction. */
async function pgbench(url, dbName, script, { clients = 32, transactions, label, vars = new Map() }) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-orders-'));
  const file = path.join(dir, `${label}.sql`);
  writeFileSync(file, script);
  const u = new URL(url);
  const args = [
    '-n',
    '-M',
    'prepared',
    '-c',
    String(clients),
    '-j',
    '2',
    '-t',
    String(transactions),
    '-D',
    'k=0',
    ...[...vars].flatMap(([k, value]) => ['-D', `${k}=${value}`]),
    '-f',
    file,
    '-h',
    u.hostname,
    '-p',
    u.port || '5432',
    '-U',
    decodeURIComponent(u.username || 'postgres'),
    dbName,
  ];
  const cpu = cpuSampler(dbName);
  const child = spawn('pgbench', args, {
    env: {
      ...process.env,
      PGPASSWORD: decodeURIComponent(u.password),
      PGOPTIONS: '-c plan_cache_mode=force_generic_plan',
    },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => {
    stdout += d;
  });
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  const status = await new Promise((resolve) => child.on('close', resolve));
  const cpuMs = cpu.stop();
  const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1] ?? Number.NaN);
  const done = Number(/number of transactions actually processed: (\d+)/.exec(stdout)?.[1] ?? 0);
  const failed = Number(/number of failed transactions: (\d+)/.exec(stdout)?.[1] ?? 0);
  if (status !== 0 || !done)
    throw new Error(`pgbench ${label} failed (${status}):\n${stdout}\n${stderr.slice(0, 2000)}\n${script}`);
  return { tps, transactions: done, failed, dbCpuMsPer: cpuMs / done, script: file };
}

// ---- the data ----

async function oneValue(client, sql) {
  const { rows } = await client.query(sql);
  return rows[0] ? Object.values(rows[0])[0] : null;
}

/** 20,000 members beyond the bench's, each with one open cart line of a bench experience (ids computed). */
async function addOpenCarts(client) {
  const template = await oneValue(client, `select id from users where email = 'member1@scale.example.com'`);
  const userBase = Number(await oneValue(client, 'select max(id) from users'));
  await client.query(`insert into users
    select (jsonb_populate_record(null::users, to_jsonb(u) || jsonb_build_object('id', ${userBase} + g,
      'email', 'open' || g || '@scale.example.com', 'card_number', null, 'calendar_token', null))).*
    from users u, generate_series(1, ${OPEN_CARTS}) g where u.id = ${template}`);
  await client.query(`select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users))`);
  const cartBase = Number(await oneValue(client, 'select coalesce(max(id), 0) from cart_items')) + 1_000_000;
  const productBase = Number(
    await oneValue(client, `select min(id) - 1 from products where alias like 'bench-%'`),
  );
  return { userBase, cartBase, productBase };
}

/** Gives every open-cart member (again) their one line: id cartBase + n, experience productBase + 1 + n % 200. */
async function fillOpenCarts(client, { userBase, cartBase, productBase }) {
  await client.query(
    `delete from cart_items where user_id > ${userBase} and user_id <= ${userBase + OPEN_CARTS}`,
  );
  await client.query(`insert into cart_items (id, user_id, product_id, quantity, is_filled, persons, terms)
    select ${cartBase} + g, ${userBase} + g, ${productBase} + 1 + g % 200, 1, true, '[]', '[]'
    from generate_series(1, ${OPEN_CARTS}) g`);
  await client.query(
    `select setval(pg_get_serial_sequence('cart_items', 'id'), (select max(id) from cart_items))`,
  );
}

// ---- HTTP ----

/** Rounds of 400 orders (every bench member's cart refilled in SQL between rounds, not timed). */
async function httpOrders(base, query, serverPid, dbName, { seconds, connections }) {
  let orders = 0;
  let errors = 0;
  let ms = 0;
  let cpu = 0;
  let dbCpu = 0;
  const lat = [];
  while (ms < seconds * 1000) {
    await prepareOrders(query);
    const c0 = cpuMsOf(serverPid);
    const db = cpuSampler(dbName);
    const t0 = performance.now();
    const r = await placeOrders(base, { connections, amount: BENCH_MEMBERS });
    ms += performance.now() - t0;
    const d = db.stop();
    dbCpu += d;
    cpu += cpuMsOf(serverPid) - c0 + d;
    orders += r['2xx'];
    errors += r.non2xx + r.errors;
    lat.push(r.latency.p99);
  }
  return {
    ordersPerS: (orders / ms) * 1000,
    orders,
    errors,
    cpuMsPerOrder: cpu / orders,
    dbCpuMsPerOrder: dbCpu / orders,
    p99Ms: Math.max(...lat),
  };
}

/** Each connection one bench member saving its own cart line, for `seconds`. */
async function httpCartUpdates(base, lines, serverPid, dbName, { seconds, connections }) {
  let next = 0;
  const c0 = cpuMsOf(serverPid) + cpuMsOf(dbName);
  const r = await new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections,
        duration: seconds,
        requests: [
          {
            setupRequest: (req, context) => {
              context.line ??= lines[next++ % lines.length];
              const { n, id } = context.line;
              const s = benchSession(n);
              return {
                ...req,
                method: 'POST',
                path: `${API}/sales/cart/update/${id}`,
                headers: { cookie: s.cookie, 'x-csrf-token': s.csrf, 'content-type': 'application/json' },
                body: '{"quantity":1,"terms":[]}',
              };
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on('error', reject);
  });
  const cpu = cpuMsOf(serverPid) + cpuMsOf(dbName) - c0;
  return {
    perS: r['2xx'] / seconds,
    errors: r.non2xx + r.errors,
    cpuMsPer: cpu / Math.max(1, r['2xx']),
    p99Ms: r.latency.p99,
  };
}

// ---- the run ----

export async function runOrders({ adminUrl, seconds = 10, connections = 32, log = console.log }) {
  const dbName = `bench_orders_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.query(`create database ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const DATABASE_URL = url.toString();
  const env = { DATABASE_URL, RETENTION_INTERVAL_MINUTES: '0', REMINDER_INTERVAL_MINUTES: '0' };
  const result = { load: { start: load() } };
  let server;
  const client = new pg.Client({ connectionString: DATABASE_URL });
  try {
    log(`orders: starting the server on ${dbName} (load ${load()})`);
    server = await startServer(env, { label: 'orders' });
    await client.connect();
    const query = async (sql) => (await client.query(sql)).rows;
    await prepareOrders(query);
    await query('vacuum analyze');
    const pid = server.child.pid;

    // One untimed round first: the server's JIT and each pooled connection's prepared statements.
    await prepareOrders(query);
    await placeOrders(server.base, { connections, amount: BENCH_MEMBERS });
    log('orders: HTTP, 400 open carts');
    result.http400 = await httpOrders(server.base, query, pid, dbName, { seconds, connections });
    log(`  ${JSON.stringify(result.http400)}`);

    const open = await addOpenCarts(client);
    await fillOpenCarts(client, open);
    await query('vacuum analyze');
    log(`orders: HTTP, ${OPEN_CARTS.toLocaleString('en')} more open carts (load ${load()})`);
    result.http20k = await httpOrders(server.base, query, pid, dbName, { seconds, connections });
    log(`  ${JSON.stringify(result.http20k)}`);

    await prepareOrders(query);
    const lines = (
      await query(`select c.id, u.email from cart_items c join users u on u.id = c.user_id
        where u.email like 'member%@scale.example.com' order by c.user_id`)
    ).map((r) => ({ id: r.id, n: Number(/member(\d+)@/.exec(r.email)[1]) }));
    log('orders: HTTP cart update');
    result.cartHttp = await httpCartUpdates(server.base, lines, pid, dbName, { seconds, connections });
    log(`  ${JSON.stringify(result.cartHttp)}`);

    // The hot release on this one process: 300 members at once (add, fill, order) for 20 seats.
    await query(
      `delete from cart_items where user_id in (select id from users where email like 'member%@scale.example.com')`,
    );
    const rushers = Array.from({ length: RUSH.members }, (_, i) => benchSession(100 + i));
    const hot = await hotProduct(env, 'orders');
    result.rush = { ...(await rush(server.base, rushers, hot)), ...(await soldOf(env, hot)) };
    log(`orders: rush ${JSON.stringify(result.rush)}`);
    await server.stop();
    server = undefined;

    // Capture: a server of its own through the proxy; one member's cart update and order, warmed first.
    const proxy = await captureProxy({ host: url.hostname, port: Number(url.port || 5432) });
    const viaProxy = new URL(DATABASE_URL);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const capture = await startServer({ ...env, DATABASE_URL: viaProxy.toString() }, { label: 'capture' });
    await prepareOrders(query);
    const n = BENCH_MEMBERS;
    const s = benchSession(n);
    const [line] =
      await query(`select c.id, c.product_id, c.user_id from cart_items c join users u on u.id = c.user_id
      where u.email = 'member${n}@scale.example.com'`);
    const call = (p, body) =>
      fetch(`${capture.base}${API}${p}`, {
        method: body ? 'POST' : 'GET',
        headers: { cookie: s.cookie, 'x-csrf-token': s.csrf, 'content-type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      }).then(async (r) => ({ status: r.status, body: await r.text() }));
    for (let i = 0; i < 3; i++) await call('/sales/cart/items');
    await call(`/sales/cart/update/${line.id}`, { quantity: 1, terms: [] });
    proxy.record();
    const updated = await call(`/sales/cart/update/${line.id}`, { quantity: 1, terms: [] });
    const updateEvents = proxy.stop();
    proxy.record();
    const ordered = await call('/sales/cart/order', { discount_code: '', is_invoice: 0 });
    const orderEvents = proxy.stop();
    await capture.stop();
    await proxy.close();
    if (updated.status !== 200 || ordered.status !== 200)
      throw new Error(`capture failed: update ${updated.status}, order ${ordered.status} ${ordered.body}`);
    const [placed] = await query(
      `select payment_ref from orders where id = ${JSON.parse(ordered.body).data.order_id}`,
    );
    const ids = { user: line.user_id, cart: line.id, product: line.product_id, ref: placed.payment_ref };
    const orderTx = transactionOf(orderEvents, 'insert into orders');
    const updateTx = updateEvents.filter((e) => /cart_items/.test(e.text) || /^(begin|commit)/i.test(e.text));
    result.statements = { order: orderTx.length, cartUpdate: updateTx.length };

    // The order replay: each transaction the next open-cart member (:k counts per client).
    const head = `\\set m :k * ${connections} + :client_id + 1
\\set k :k + 1
\\set u ${open.userBase} + :m
\\set c ${open.cartBase} + :m
\\set p ${open.productBase} + 1 + :m % 200
`;
    const orderVars = new Map();
    const orderScript = head + orderTx.map((e) => toPgbench(e, ids, orderVars)).join('\n');
    const perClient = Math.min(
      Math.floor(OPEN_CARTS / connections),
      Math.round((seconds * 1000) / connections),
    );
    const replay = async (label, script) => {
      await fillOpenCarts(client, open);
      await query('vacuum analyze cart_items');
      const r = await pgbench(adminUrl, dbName, script, {
        clients: connections,
        transactions: perClient,
        label,
        vars: orderVars,
      });
      log(`orders: replay ${label}: ${JSON.stringify({ ...r, script: undefined })}`);
      return r;
    };
    result.replay = await replay('order', orderScript);
    // What the caches' NOTIFY costs (docs/performance.md, "The order path"): the same transaction with
    // its triggers' NOTIFY inside (before migration 0031), and with one NOTIFY after every commit (the
    // application's notice without lib/member-notice.ts's coalescing). The captured one has neither.
    const inTransaction = orderScript.replace("'after_commit'", "'in_transaction'");
    if (inTransaction === orderScript)
      log('orders: the captured order does not defer its notice (before 0031?)');
    result.replayNotifyInTransaction = await replay('order-notify-in-transaction', inTransaction);
    result.replayNotifyAfterEach = await replay(
      'order-notify-after-each-commit',
      `${orderScript}\nselect pg_notify('club_member_changed', '');`,
    );

    // The cart update replay: each client one bench member saving its own line.
    await prepareOrders(query);
    const first = Number(
      (await query(`select id from users where email = 'member1@scale.example.com'`))[0].id,
    );
    const firstLine = Number(
      (await query(`select min(c.id) id from cart_items c where c.user_id = ${first}`))[0].id,
    );
    const contiguous = (
      await query(`select count(*)::int n from cart_items c join users u on u.id = c.user_id
        where u.email like 'member%@scale.example.com' and c.id - ${firstLine} = c.user_id - ${first}`)
    )[0].n;
    if (contiguous !== BENCH_MEMBERS) throw new Error('bench members or their cart lines are not contiguous');
    const cartVars = new Map();
    const cartScript = `\\set u ${first} + :client_id
\\set c ${firstLine} + :client_id
${updateTx.map((e) => toPgbench(e, { user: ids.user, cart: ids.cart }, cartVars)).join('\n')}`;
    result.cartReplay = await pgbench(adminUrl, dbName, cartScript, {
      clients: connections,
      transactions: Math.max(100, Math.round((seconds * 1500) / connections)),
      label: 'cart-update',
      vars: cartVars,
    });
    log(`orders: replay cart update: ${JSON.stringify({ ...result.cartReplay, script: undefined })}`);
  } finally {
    await server?.stop();
    await client.end().catch(() => {});
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
    await admin.end();
  }
  result.load.end = load();
  return result;
}

/** The summary lines and the targets' verdicts. */
export function reportOrders(r) {
  const ratio = r.http20k.ordersPerS / r.replay.tps;
  const cartRatio = r.cartHttp.perS / r.cartReplay.tps;
  const flat = r.http20k.cpuMsPerOrder / r.http400.cpuMsPerOrder - 1;
  const rows = [
    ['HTTP orders/s (20,000 open carts)', r.http20k.ordersPerS.toFixed(0)],
    ['replay of its transaction, orders/s', r.replay.tps.toFixed(0)],
    ['HTTP / replay', `${(ratio * 100).toFixed(0)}% (target ≥ 90%)`],
    [
      'database CPU per order, replay / HTTP',
      `${r.replay.dbCpuMsPer.toFixed(2)} / ${r.http20k.dbCpuMsPerOrder.toFixed(2)} ms (target ≤ 1.0)`,
    ],
    [
      'server+db CPU per HTTP order, 400 → 20,000 open carts',
      `${r.http400.cpuMsPerOrder.toFixed(2)} → ${r.http20k.cpuMsPerOrder.toFixed(2)} ms (${(flat * 100).toFixed(0)}%, target within 20%)`,
    ],
    ['HTTP orders/s at 400 open carts', r.http400.ordersPerS.toFixed(0)],
    ['errors (400 / 20,000)', `${r.http400.errors} / ${r.http20k.errors}`],
    ['order p99 (20,000)', `${r.http20k.p99Ms} ms`],
    [
      'replay with NOTIFY in the transaction / after each commit',
      `${r.replayNotifyInTransaction.tps.toFixed(0)} / ${r.replayNotifyAfterEach.tps.toFixed(0)} orders/s, db CPU ${r.replayNotifyInTransaction.dbCpuMsPer.toFixed(2)} / ${r.replayNotifyAfterEach.dbCpuMsPer.toFixed(2)} ms`,
    ],
    [
      'cart update HTTP / replay',
      `${r.cartHttp.perS.toFixed(0)} / ${r.cartReplay.tps.toFixed(0)} per s = ${(cartRatio * 100).toFixed(0)}% (target ≥ 75%)`,
    ],
    [
      `rush: ${r.rush.members} members for ${RUSH.seats} seats, one process`,
      `${r.rush.sold} sold (${r.rush.seatsTaken} seats taken, ${r.rush.soldOut} clear refusals, ${r.rush.errors} errors), order p99 ${r.rush.orderP99Ms} ms (target exactly ${RUSH.seats}, p99 < ${RUSH.p99Ms} ms)`,
    ],
    ['statements captured (order / cart update)', `${r.statements.order} / ${r.statements.cartUpdate}`],
    ['load average start / end', `${r.load.start} / ${r.load.end}`],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join('\n');
}
