// `npm run bench -- --scale` (issue 18): the same database measured as the demo club and then grown to
// a real club's size (bench/scale-data.mjs), with the lists, the order flow, the cached list while
// members order, and the hot release (300 members, 20 seats) on one process and on two behind nginx.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  cpuMsOf,
  freePort,
  memoryOf,
  ROOT,
  signIn,
  startServer,
  summariseProfile,
  waitForHttp,
} from './lib.mjs';
import { addBenchMembers, addScaleData, BENCH_PRODUCTS, benchSession } from './scale-data.mjs';

const API = '/panel/api/v1';
const PASSWORD = 'Excellence#2026';
const TARGETS = { listRatio: 0.1, listP99Ms: 50, sameAsDemo: 0.2, orderRatio: 0.1, orderP99Ms: 100 };
export const RUSH = { members: 300, seats: 20, p99Ms: 500 };
const REFUSALS = new Set(['SOLD_OUT', 'PRODUCT_UNAVAILABLE']);

const pct = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : 0;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Runs `fn(query)` on the database while no server holds it (PGlite allows one process). */
export async function offline(kind, env, fn) {
  if (kind === 'postgres') {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      return await fn(async (sql) => (await client.query(sql)).rows);
    } finally {
      await client.end();
    }
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = new PGlite(path.join(env.DATA_DIR, 'pglite'), { extensions: { pg_trgm } });
  try {
    return await fn(async (sql) => (await db.query(sql)).rows);
  } finally {
    await db.close();
  }
}

/** autocannon over the given sessions, one per connection; `path(s, i)` may vary per request. */
function cannon(base, { connections, duration, sessions, method = 'GET', path: pathOf, body }) {
  let next = 0;
  let n = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections,
        duration,
        requests: [
          {
            setupRequest: (req, context) => {
              context.session ??= sessions[next++ % sessions.length];
              const s = context.session;
              const b = body?.(s);
              return {
                ...req,
                method,
                path: `${API}${pathOf(s, n++)}`,
                headers: {
                  cookie: s.cookie,
                  'x-csrf-token': s.csrf,
                  ...(b ? { 'content-type': 'application/json' } : {}),
                },
                ...(b ? { body: b } : {}),
              };
            },
          },
        ],
      },
      (error, r) =>
        error
          ? reject(error)
          : resolve({
              reqPerSec: Math.round(r.requests.average),
              p50Ms: r.latency.p50,
              p99Ms: r.latency.p99,
              errors: r.errors + r.timeouts + r.non2xx,
              requests: r.requests.total,
            }),
    );
    instance.on('error', reject);
  });
}

/** The bare Fastify route answering these recorded responses (bench/limit-server.mjs). */
export async function startLimit(responses) {
  const file = path.join(os.tmpdir(), `club-limit-scale-${process.pid}-${Date.now()}.json`);
  writeFileSync(file, JSON.stringify(responses));
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, 'bench/limit-server.mjs'), String(port), file], {
    stdio: 'inherit',
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}${Object.keys(responses)[0]}`, { child });
  return {
    base,
    pid: child.pid,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(file, { force: true });
    },
  };
}

async function call(base, s, method, p, body) {
  const started = performance.now();
  const res = await fetch(`${base}${API}${p}`, {
    method,
    headers: {
      cookie: s.cookie,
      'x-csrf-token': s.csrf,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: res.status, json, text, headers: res.headers, ms: performance.now() - started };
}

/**
 * One order as a member places it: add to cart, read the cart, fill the line, place the order (the
 * sandbox registers the payment inside it). Returns each step's time and whether it sold.
 */
async function orderOnce(base, s, productId) {
  const started = performance.now();
  let add = await call(base, s, 'POST', '/sales/cart/add', { product_id: productId });
  const cart = await call(base, s, 'GET', '/sales/cart/items');
  const line = cart.json?.data?.find((i) => i.product.id === productId);
  if (!line) return { ok: false, step: 'add', status: add.status, code: add.json?.code, ms: 0 };
  if (add.status !== 200 && add.json?.code !== 'ALREADY_IN_CART') add = { ...add, failed: true };
  const fill = await call(base, s, 'POST', `/sales/cart/update/${line.id}`, {
    quantity: 1,
    cart_label_answer: '',
    persons: [],
    terms: line.product.terms.map((t) => ({ term_id: t.id, value: 1 })),
  });
  if (fill.status !== 200) return { ok: false, step: 'fill', status: fill.status, ms: 0 };
  const order = await call(base, s, 'POST', '/sales/cart/order', { discount_code: '', is_invoice: 0 });
  return {
    ok: order.status === 200,
    status: order.status,
    code: order.json?.code,
    orderMs: order.ms,
    addMs: add.ms,
    flowMs: performance.now() - started,
    response: order,
  };
}

/** `members` loops each placing orders for `durationSec`, products in turn; per order times and CPU. */
async function orderFlow(base, sessions, durationSec, productIds, pids, dbName) {
  const cpu0 = pids.reduce((sum, pid) => sum + cpuMsOf(pid), 0);
  const db0 = dbName ? cpuMsOf(dbName) : 0;
  const deadline = Date.now() + durationSec * 1000;
  const orders = [];
  const flows = [];
  const adds = [];
  let errors = 0;
  let sample = null;
  const started = Date.now();
  await Promise.all(
    sessions.map(async (s, i) => {
      let k = 0;
      while (Date.now() < deadline) {
        const productId = productIds[(i * 7 + k++) % productIds.length];
        const r = await orderOnce(base, s, productId).catch(() => ({ ok: false }));
        if (!r.ok) {
          errors++;
          continue;
        }
        sample ??= r.response;
        orders.push(r.orderMs);
        adds.push(r.addMs);
        flows.push(r.flowMs);
      }
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  const serverCpuMs = pids.reduce((sum, pid) => sum + cpuMsOf(pid), 0) - cpu0;
  const dbCpuMs = dbName ? cpuMsOf(dbName) - db0 : 0;
  for (const a of [orders, flows, adds]) a.sort((x, y) => x - y);
  return {
    orders: orders.length,
    ordersPerSec: Math.round(orders.length / seconds),
    requestsPerSec: Math.round((orders.length * 4) / seconds),
    orderP50Ms: Math.round(pct(orders, 0.5)),
    orderP99Ms: Math.round(pct(orders, 0.99)),
    addP99Ms: Math.round(pct(adds, 0.99)),
    flowP99Ms: Math.round(pct(flows, 0.99)),
    errors,
    serverCpuUsPerOrder: Math.round((serverCpuMs * 1000) / Math.max(1, orders.length)),
    dbCpuUsPerOrder: Math.round((dbCpuMs * 1000) / Math.max(1, orders.length)),
    sample,
  };
}

/** 300 members at once for 20 seats of one new experience: add, fill, order. */
export async function rush(base, sessions, productId) {
  const results = await Promise.all(
    sessions.map((s) => orderOnce(base, s, productId).catch((e) => ({ error: e }))),
  );
  const sold = results.filter((r) => r.ok).length;
  // A clear refusal (409: sold out at the order, or no longer orderable at the add) is the expected
  // answer for the 280 who come too late; anything else (5xx, a network error) is an error.
  // A fill refused with 422 (the quantity is above the seats left, gone since the add) is one too.
  const refused = (r) =>
    !r.ok && ((r.status === 409 && REFUSALS.has(r.code)) || (r.step === 'fill' && r.status === 422));
  const soldOut = results.filter(refused).length;
  const errors = results.length - sold - soldOut;
  const orderMs = results.filter((r) => r.orderMs !== undefined).map((r) => r.orderMs);
  const flowMs = results.filter((r) => r.flowMs !== undefined).map((r) => r.flowMs);
  orderMs.sort((a, b) => a - b);
  flowMs.sort((a, b) => a - b);
  return {
    members: sessions.length,
    sold,
    soldOut,
    errors,
    orderP99Ms: Math.round(pct(orderMs, 0.99)),
    flowP99Ms: Math.round(pct(flowMs, 0.99)),
    errorSample: results
      .filter((r) => !r.ok && !refused(r))
      .slice(0, 3)
      .map((r) => `${r.step ?? 'order'} ${r.status} ${r.code ?? r.error?.message ?? ''}`),
  };
}

export async function hotProduct(env, label) {
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query(
      `insert into products (category_id, type, alias, name_pl, name_en, start_date, price_grosze, member_limit,
        total_seats, published)
       values ((select min(id) from categories), 'EVENT', $1, 'Dzień na torze: premiera', 'Track day: release',
        current_date + 60, 250000, 1, ${RUSH.seats}, 1) returning id`,
      [`hot-release-${label}-${Date.now()}`],
    );
    return rows[0].id;
  } finally {
    await client.end();
  }
}

export async function soldOf(env, productId) {
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select p.seats_taken, (select coalesce(sum(oi.quantity), 0)::int from order_items oi join orders o on o.id = oi.order_id
        where oi.product_id = p.id and o.status <> 'CANCELLED') as sold from products p where p.id = $1`,
      [productId],
    );
    return { seatsTaken: rows[0].seats_taken, sold: rows[0].sold };
  } finally {
    await client.end();
  }
}

/** The lists of issue 18 (the bare route answers each one's first response). */
async function lists(base, members, dealer) {
  const first = members[0];
  const categories = (await call(base, first, 'GET', '/settings/categories/items')).json.data;
  const pairs = [];
  let fullest = null;
  for (const c of categories) {
    const meta = (await call(base, first, 'GET', `/products/items?page=1&where[category_id]=${c.id}`)).json
      .meta;
    if (!fullest || meta.total > fullest.total) fullest = { id: c.id, total: meta.total };
    for (let p = 1; p <= Math.min(meta.last_page, 100); p++) pairs.push([c.id, p]);
  }
  const galleryPages = (await call(base, first, 'GET', '/galleries/items?page=1')).json.meta.last_page;
  const dealerPages = (await call(base, dealer, 'GET', '/dealers/customers/items?page=1')).json
    .paginationMetaData.last_page;
  return [
    {
      name: 'catalogue-page-1',
      sessions: members,
      path: () => `/products/items?page=1&where[category_id]=${fullest.id}`,
    },
    {
      name: 'catalogue-many-pages',
      sessions: members,
      path: (_s, i) => {
        const [c, p] = pairs[i % pairs.length];
        return `/products/items?page=${p}&where[category_id]=${c}`;
      },
    },
    { name: 'for-me', sessions: members, path: () => '/products/items?page=1&where[for_user]=1' },
    {
      name: 'galleries',
      sessions: members,
      path: (_s, i) => `/galleries/items?page=${1 + (i % Math.min(galleryPages, 50))}`,
    },
    {
      name: 'dealer-customers',
      sessions: [dealer],
      path: (_s, i) => `/dealers/customers/items?page=${1 + (i % Math.min(dealerPages, 50))}`,
    },
    { name: 'order-history', sessions: null, path: () => '/sales/orders/items?page=1' },
  ];
}

async function measureList(server, list, sessions, settings, dbName) {
  const s = sessions[0];
  const p = list.path(s, 0);
  const real0 = await call(server.base, s, 'GET', p);
  const headers = {};
  for (const [k, v] of real0.headers)
    if (!['date', 'content-length', 'connection', 'keep-alive', 'transfer-encoding'].includes(k))
      headers[k] = v;
  const limit = await startLimit({ [`${API}${p.split('?')[0]}`]: { headers, body: real0.text } });
  const bare = await cannon(limit.base, { ...settings, sessions, path: list.path });
  await limit.stop();
  const cpu0 = cpuMsOf(server.child.pid);
  const db0 = dbName ? cpuMsOf(dbName) : 0;
  const real = await cannon(server.base, { ...settings, sessions, path: list.path });
  const serverCpuUs = Math.round(((cpuMsOf(server.child.pid) - cpu0) * 1000) / Math.max(1, real.requests));
  const dbCpuUs = dbName ? Math.round(((cpuMsOf(dbName) - db0) * 1000) / Math.max(1, real.requests)) : 0;
  await sleep(300);
  return {
    list: list.name,
    bytes: Buffer.byteLength(real0.text),
    ...real,
    limitReqPerSec: bare.reqPerSec,
    ratio: Number((real.reqPerSec / Math.max(1, bare.reqPerSec)).toFixed(3)),
    serverCpuUs,
    dbCpuUs,
  };
}

/** One data set on one database: lists, the order flow, the list while members order, the rush. */
async function phase(kind, dataset, env, settings) {
  const dbName = env.DATABASE_URL ? new URL(env.DATABASE_URL).pathname.slice(1) : null;
  // `--profile`: the server under --cpu-prof, its profile printed when it stops (with `--only <one
  // list>`, that list's load is nearly all of it: start-up is a few hundred ms of the busy time).
  const profileDir = settings.profile ? mkdtempSync(path.join(os.tmpdir(), 'club-scale-prof-')) : null;
  const server = await startServer(
    { ...env, LOGIN_LIMIT_PER_ADDRESS: '100000', ORDER_PAYMENT_MINUTES: '30' },
    {
      label: `${kind}-${dataset}`,
      nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    },
  );
  const rss = { peak: 0 };
  const timer = setInterval(() => {
    rss.peak = Math.max(rss.peak, memoryOf(server.child.pid).rssMb);
  }, 100);
  const out = { kind, dataset, lists: [], flow: null, listWhileOrdering: null, rush: [] };
  try {
    const members = Array.from({ length: 8 }, (_, i) => benchSession(i + 1));
    const dealer = await signIn(server.base, 'dealer@example.com', PASSWORD);
    await call(server.base, dealer, 'POST', '/auth/check-password', { password: PASSWORD });
    const productIds = benchProducts.map((r) => Number(r.id));
    const buyers = Array.from({ length: settings.connections }, (_, i) => benchSession(9 + i));
    const all = await lists(server.base, members, dealer);
    for (const list of all) {
      if (list.name === 'order-history') continue;
      if (settings.only && !settings.only.includes(list.name)) continue;
      const row = await measureList(server, list, list.sessions, settings, dbName);
      out.lists.push(row);
      printList(kind, dataset, row);
    }
    // `--only <lists>`: those lists alone, no order flow (the finally below still stops the server).
    // The order history needs one: its 8 members first place 3 orders each, one after another.
    if (settings.only?.includes('order-history')) {
      const readers = buyers.slice(0, 8);
      for (const [i, s] of readers.entries())
        for (let n = 0; n < 3; n++)
          await orderOnce(server.base, s, productIds[(i * 3 + n) % productIds.length]);
      const history = all.find((l) => l.name === 'order-history');
      const row = await measureList(server, history, readers, settings, dbName);
      out.lists.push(row);
      printList(kind, dataset, row);
    }
    if (settings.only) return out;
    // Placing orders: 32 members, each in a loop (add, cart, fill, order) for the run's duration,
    // after 2 s of the same unmeasured: the first order of each experience and member, on a database
    // whose pages are cold after the bulk load, is a one-off cost, not the cost per order.
    await orderFlow(server.base, buyers, 2, productIds, [server.child.pid], dbName);
    const flow = await orderFlow(
      server.base,
      buyers,
      settings.duration,
      productIds,
      [server.child.pid],
      dbName,
    );
    const sample = flow.sample;
    const limit = await startLimit({
      [`${API}/sales/cart/order`]: {
        headers: { 'content-type': sample?.headers.get('content-type') ?? 'application/json' },
        body: sample?.text ?? '{}',
      },
    });
    const bare = await cannon(limit.base, {
      ...settings,
      sessions: buyers,
      method: 'POST',
      path: () => '/sales/cart/order',
      body: () => '{"discount_code":"","is_invoice":0}',
    });
    await limit.stop();
    delete flow.sample;
    out.flow = {
      ...flow,
      limitReqPerSec: bare.reqPerSec,
      ratio: Number((flow.ordersPerSec / bare.reqPerSec).toFixed(3)),
    };
    console.log(
      `${kind} ${dataset} order flow (32 members): ${flow.ordersPerSec} orders/s (${flow.requestsPerSec} req/s), order p50/p99 ${flow.orderP50Ms}/${flow.orderP99Ms} ms, add p99 ${flow.addP99Ms} ms, flow p99 ${flow.flowP99Ms} ms, errors ${flow.errors}, CPU µs/order ${flow.serverCpuUsPerOrder}+${flow.dbCpuUsPerOrder}, limit ${bare.reqPerSec} req/s, ratio ${(out.flow.ratio * 100).toFixed(1)}%`,
    );
    // The buyers now have a history: their first page of it.
    const history = all.find((l) => l.name === 'order-history');
    const historyRow = await measureList(server, history, buyers.slice(0, 8), settings, dbName);
    out.lists.push(historyRow);
    printList(kind, dataset, historyRow);
    // The cached list while 32 members order.
    await sleep(500);
    const watchers = members;
    const [listRun, flow2] = await Promise.all([
      cannon(server.base, {
        connections: 8,
        duration: settings.duration,
        sessions: watchers,
        path: all[0].path,
      }),
      orderFlow(
        server.base,
        Array.from({ length: settings.connections }, (_, i) => benchSession(41 + i)),
        settings.duration,
        productIds,
        [server.child.pid],
        dbName,
      ),
    ]);
    delete flow2.sample;
    out.listWhileOrdering = { list: listRun, flow: flow2 };
    console.log(
      `${kind} ${dataset} cached list while 32 members order: ${listRun.reqPerSec} req/s, p99 ${listRun.p99Ms} ms, errors ${listRun.errors}; orders ${flow2.ordersPerSec}/s, order p99 ${flow2.orderP99Ms} ms`,
    );
    if (kind === 'postgres') {
      const rushers = Array.from({ length: RUSH.members }, (_, i) => benchSession(100 + i));
      const hot = await hotProduct(env, `${dataset}-one`);
      const r = {
        where: 'one process',
        ...(await rush(server.base, rushers, hot)),
        ...(await soldOf(env, hot)),
      };
      out.rush.push(r);
      printRush(kind, dataset, r);
      // Two processes behind nginx over the same database.
      const second = await startServer(
        { ...env, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'club-bench-2-')) },
        { label: `${kind}-${dataset}-2` },
      );
      const nginx = await startNginxFor([server.port, second.port]);
      try {
        const hot2 = await hotProduct(env, `${dataset}-two`);
        const peak2 = { v: 0 };
        const t2 = setInterval(() => {
          peak2.v = Math.max(peak2.v, memoryOf(second.child.pid).rssMb);
        }, 100);
        const r2 = {
          where: 'two processes behind nginx',
          ...(await rush(nginx.base, rushers, hot2)),
          ...(await soldOf(env, hot2)),
        };
        clearInterval(t2);
        r2.secondPeakRssMb = Math.round(peak2.v);
        out.rush.push(r2);
        printRush(kind, dataset, r2);
      } finally {
        await nginx.stop();
        await second.stop();
      }
    }
  } finally {
    clearInterval(timer);
    out.peakRssMb = Math.round(Math.max(rss.peak, memoryOf(server.child.pid).rssMb));
    out.hwmMb = Math.round(memoryOf(server.child.pid).hwmMb);
    await server.stop();
    if (profileDir) printProfile(kind, dataset, profileDir, out, settings.duration);
  }
  console.log(`${kind} ${dataset}: server peak RSS ${out.peakRssMb} MB (high-water mark ${out.hwmMb} MB)`);
  return out;
}

/** The server's CPU profile of one phase (`--profile`), printed and kept in the results. */
function printProfile(kind, dataset, profileDir, out, durationSec) {
  const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
  if (file) {
    // With `--only <one list>` the load is the server's last run (its duration, then a pause and the
    // stop): the profile of those seconds leaves the start-up (module loading, the seed check) out.
    const lastMs = out.lists.length === 1 ? (durationSec + 1) * 1000 : undefined;
    const p = summariseProfile(path.join(profileDir, file), 25, { lastMs });
    out.profile = p;
    console.log(
      `${kind} ${dataset}: server CPU profile${lastMs ? ` of the last ${lastMs / 1000} s` : ''}: busy ${p.busyMs} ms, idle ${p.idleMs} ms`,
    );
    console.log(`  by package: ${p.byPackage.map((g) => `${g.name} ${g.share}`).join(', ')}`);
    for (const f of p.byFunction) console.log(`  ${f.share.padStart(6)}  ${f.name}`);
  }
  rmSync(profileDir, { recursive: true, force: true });
}

/** The bench's experiences to order, read while the server was down. */
let benchProducts = [];

async function startNginxFor(ports) {
  const { renderNginxConf } = await import('../deploy/render-nginx-conf.mjs');
  const port = await freePort();
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'club-bench-nginx-'));
  const { chmodSync } = await import('node:fs');
  chmodSync(prefix, 0o755);
  const conf = path.join(prefix, 'nginx.conf');
  writeFileSync(
    conf,
    renderNginxConf({
      listen: `127.0.0.1:${port}`,
      upstreams: ports.map((p) => `127.0.0.1:${p}`),
      accessLog: path.join(prefix, 'access.log'),
    }),
  );
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
    { stdio: 'ignore' },
  );
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}${API}/health`, { child });
  return {
    base,
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

function printList(kind, dataset, r) {
  console.log(
    `${kind.padEnd(9)}${dataset.padEnd(6)}${r.list.padEnd(22)}${String(r.bytes).padEnd(7)}${String(r.reqPerSec).padEnd(8)}p99 ${String(r.p99Ms).padEnd(6)}err ${String(r.errors).padEnd(5)}limit ${String(r.limitReqPerSec).padEnd(7)}${(r.ratio * 100).toFixed(1).padStart(5)}%  CPU µs/req ${r.serverCpuUs}+${r.dbCpuUs}`,
  );
}

function printRush(kind, dataset, r) {
  console.log(
    `${kind} ${dataset} hot release, ${r.where}: ${r.members} members for ${RUSH.seats} seats: sold ${r.sold} (seats_taken ${r.seatsTaken}, order lines ${r.sold}), refused (409) ${r.soldOut}, errors ${r.errors}${r.errors ? ` ${JSON.stringify(r.errorSample)}` : ''}, order p99 ${r.orderP99Ms} ms, flow p99 ${r.flowP99Ms} ms`,
  );
}

/** The comparison of issue 18: each list's scale run against its demo run, and the order targets. */
export function verdicts(results) {
  const lines = [];
  for (const kind of new Set(results.map((r) => r.kind))) {
    const demo = results.find((r) => r.kind === kind && r.dataset === 'demo');
    const scale = results.find((r) => r.kind === kind && r.dataset === 'scale');
    if (!demo || !scale) continue;
    for (const s of scale.lists) {
      const d = demo.lists.find((l) => l.list === s.list);
      const same = d ? s.reqPerSec / d.reqPerSec : 0;
      const miss = [];
      if (s.errors > 0) miss.push('errors');
      if (same < 1 - TARGETS.sameAsDemo) miss.push('< 80% of demo req/s');
      if (s.ratio < TARGETS.listRatio) miss.push('< 10% of limit');
      if (s.p99Ms >= TARGETS.listP99Ms) miss.push('p99 ≥ 50 ms');
      lines.push({
        kind,
        list: s.list,
        demoReqPerSec: d?.reqPerSec,
        scaleReqPerSec: s.reqPerSec,
        scaleVsDemo: Number(same.toFixed(2)),
        demoP99Ms: d?.p99Ms,
        scaleP99Ms: s.p99Ms,
        scaleRatio: s.ratio,
        verdict: miss.length ? `MISS (${miss.join(', ')})` : 'ok',
      });
    }
    if (!demo.flow || !scale.flow) continue;
    const cd = demo.flow.serverCpuUsPerOrder + demo.flow.dbCpuUsPerOrder;
    const cs = scale.flow.serverCpuUsPerOrder + scale.flow.dbCpuUsPerOrder;
    lines.push({
      kind,
      list: 'cost per order (CPU µs, server + db)',
      demo: cd,
      scale: cs,
      scaleVsDemo: Number((cs / cd).toFixed(2)),
      verdict: cs <= cd * 1.2 ? 'ok' : 'MISS (> 120% of demo)',
    });
  }
  return lines;
}

export async function runScale({ kinds, duration, connections, withDatabase, only, profile }) {
  const settings = { duration, connections, only, profile };
  const results = [];
  const generation = {};
  for (const kind of kinds) {
    await withDatabase(kind, async (env) => {
      // Migrate and seed the demo, then add the bench members (the server must be down on PGlite).
      const first = await startServer({ ...env }, { label: `${kind}-seed` });
      await first.stop();
      await offline(kind, env, (q) => addBenchMembers(q));
      benchProducts = await offline(kind, env, (q) =>
        q(`select id from products where alias like 'bench-%' order by id limit ${BENCH_PRODUCTS}`),
      );
      results.push(await phase(kind, 'demo', env, settings));
      const started = Date.now();
      const made = await offline(kind, env, (q) => addScaleData(q, { log: console.log }));
      generation[kind] = { ms: Date.now() - started, ...made };
      console.log(`${kind}: scale data set made in ${Date.now() - started} ms`, made.counts);
      results.push(await phase(kind, 'scale', env, settings));
    });
  }
  const lines = verdicts(results);
  console.table(lines);
  return { results, generation, verdicts: lines };
}
