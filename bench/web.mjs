#!/usr/bin/env node
// `npm run bench:web`: Lighthouse 12 (mobile preset) in Debian's Chromium on the production build,
// signed in as a demo member, plus the initial JavaScript (gzip) each route loads.
//
// Options: --runs 1 (Lighthouse runs per route; the median by performance score is kept), --build,
// --returning (a returning member's visit: the cache of a first visit kept).
// WEB_DIST=<folder> measures another build of the web app than apps/web/dist (e.g. one made with
// `vite build --outDir`, precompressed with `node scripts/precompress-web.mjs <folder>`).
// BENCH_WEB_LHR_DIR=<folder> also writes each run's whole Lighthouse report there (waterfall, main thread).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { tsImport } from 'tsx/esm/api';
import { ensureBuild, ROOT, signIn, startServer } from './lib.mjs';

const { values: opts } = parseArgs({
  options: {
    runs: { type: 'string', default: '1' },
    build: { type: 'boolean', default: false },
    // A returning member's visit: the browser's cache kept from a first visit of the same route.
    returning: { type: 'boolean', default: false },
  },
});
const RUNS = Math.max(1, Number(opts.runs));
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
// Issue 32's targets (docs/performance.md, the top table).
const TARGETS = {
  performance: 95,
  accessibility: 100,
  bestPractices: 95,
  lcpMs: 2500,
  tbtMs: 150,
  cls: 0,
  initialJsGzipKb: 130,
};

/** The product page's address as the web app writes it (its slug from the name, in the member's language). */
async function productPath(base, session) {
  const { categorySlug, productSlug } = await tsImport('../packages/shared/src/slug.ts', import.meta.url);
  const get = (p) =>
    fetch(`${base}/panel/api/v1${p}`, { headers: { cookie: session.cookie } }).then((r) => r.json());
  const categories = (await get('/settings/categories/items')).data;
  for (const c of categories) {
    const list = (await get(`/products/items?page=1&where[category_id]=${c.id}`)).data;
    const product = list.find((p) => !p.is_past) ?? list[0];
    if (product) {
      const slug = categorySlug(c.name);
      return `/panel/experiences/${encodeURIComponent(slug)}/${product.id}-${productSlug(product.name)}`;
    }
  }
  throw new Error('no product in the demo catalogue');
}

/** gzip size (level 9) of every script of the app the page loaded, as the server sent it. */
async function initialJs(lhr) {
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = requests.filter(
    (r) => r.resourceType === 'Script' && new URL(r.url).pathname.startsWith('/panel/assets/'),
  );
  let raw = 0;
  let gzip = 0;
  const files = [];
  for (const s of scripts) {
    const file = new URL(s.url).pathname;
    const bytes = Buffer.from(await (await fetch(s.url)).arrayBuffer());
    const gz = gzipSync(bytes, { level: 9 }).length;
    raw += bytes.length;
    gzip += gz;
    files.push({
      file: path.basename(file),
      kb: +(bytes.length / 1024).toFixed(1),
      gzipKb: +(gz / 1024).toFixed(1),
    });
  }
  files.sort((a, b) => b.gzipKb - a.gzipKb);
  return {
    scripts: scripts.length,
    rawKb: +(raw / 1024).toFixed(1),
    gzipKb: +(gzip / 1024).toFixed(1),
    files,
  };
}

async function summarise(route, lhr) {
  const cat = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const num = (id) => lhr.audits[id]?.numericValue ?? null;
  const failing = (id) =>
    lhr.categories[id].auditRefs
      .filter((r) => r.weight > 0 && (lhr.audits[r.id].score ?? 1) < 1)
      .map((r) => `${r.id}: ${lhr.audits[r.id].displayValue ?? lhr.audits[r.id].score}`);
  return {
    route,
    performance: cat('performance'),
    accessibility: cat('accessibility'),
    bestPractices: cat('best-practices'),
    lcpMs: Math.round(num('largest-contentful-paint')),
    fcpMs: Math.round(num('first-contentful-paint')),
    tbtMs: Math.round(num('total-blocking-time')),
    cls: +(num('cumulative-layout-shift') ?? 0).toFixed(3),
    finalUrl: lhr.finalDisplayedUrl,
    js: await initialJs(lhr),
    findings: {
      performance: failing('performance'),
      accessibility: failing('accessibility'),
      bestPractices: failing('best-practices'),
      // What to fix, named: the nodes of failing accessibility audits, the LCP element, what shifted.
      nodes: [
        ...lhr.categories.accessibility.auditRefs
          .filter((r) => r.weight > 0 && (lhr.audits[r.id].score ?? 1) < 1)
          .flatMap((r) => (lhr.audits[r.id].details?.items ?? []).map((i) => `${r.id}: ${i.node?.snippet}`)),
        ...nodeSnippets(lhr, 'largest-contentful-paint-element').map((n) => `LCP element: ${n}`),
        ...nodeSnippets(lhr, 'layout-shifts').map((n) => `layout shift: ${n}`),
      ].slice(0, 10),
      opportunities: Object.values(lhr.audits)
        .filter((a) => a.details?.type === 'opportunity' && (a.details.overallSavingsMs ?? 0) > 0)
        .map((a) => `${a.id}: ${Math.round(a.details.overallSavingsMs)} ms`),
    },
  };
}

function nodeSnippets(lhr, id) {
  const out = [];
  const visit = (items) => {
    for (const item of items ?? []) {
      if (item.node?.snippet) out.push(item.node.snippet.slice(0, 160));
      if (item.items) visit(item.items);
    }
  };
  const details = lhr.audits[id]?.details;
  visit(details?.items);
  return out.slice(0, 4);
}

function verdict(r) {
  const miss = [];
  if (r.performance < TARGETS.performance) miss.push('performance');
  if (r.accessibility < TARGETS.accessibility) miss.push('accessibility');
  if (r.bestPractices < TARGETS.bestPractices) miss.push('best practices');
  if (r.lcpMs > TARGETS.lcpMs) miss.push('LCP');
  if (r.tbtMs > TARGETS.tbtMs) miss.push('TBT');
  if (r.cls > TARGETS.cls) miss.push('CLS');
  if (r.js.gzipKb > TARGETS.initialJsGzipKb) miss.push('initial JS');
  return miss.length ? `MISS (${miss.join(', ')})` : 'ok';
}

async function main() {
  ensureBuild(opts.build);
  try {
    execFileSync('bash', [path.join(ROOT, 'scripts/ensure-chromium.sh')], { stdio: 'inherit' });
  } catch {
    throw new Error('Chromium is needed (scripts/ensure-chromium.sh)');
  }
  const loadAtStart = os.loadavg();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'club-bench-web-'));
  // A copy of the build: a rebuild in the working tree during the run cannot pull assets away.
  const webDist = path.join(dataDir, 'web-dist');
  cpSync(
    process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(ROOT, 'apps/web/dist'),
    webDist,
    {
      recursive: true,
    },
  );
  const server = await startServer(
    { DATA_DIR: dataDir, WEB_DIST: webDist, LOGIN_LIMIT_PER_ADDRESS: '100000' },
    { label: 'web' },
  );
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-gpu',
    ],
  });
  const results = [];
  try {
    const session = await signIn(server.base, 'customer@example.com', 'Excellence#2026');
    const routes = ['/panel/home', '/panel/experiences', await productPath(server.base, session)];
    console.log(
      `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile preset, ${RUNS} run(s) per route${opts.returning ? ", a returning member's visit (cache kept from a first visit)" : ''}`,
    );
    for (const route of routes) {
      const runs = [];
      // A returning visit: one first visit fills the cache, then the measured runs keep it.
      for (let i = opts.returning ? -1 : 0; i < RUNS; i++) {
        const { lhr } = await lighthouse(
          `${server.base}${route}`,
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            // Signed in: the session cookie on every request of the page.
            extraHeaders: { Cookie: session.cookie },
            disableStorageReset: opts.returning && i >= 0,
          },
          undefined,
        );
        if (i < 0) continue;
        runs.push(lhr);
        if (process.env.BENCH_WEB_LHR_DIR) {
          // The whole Lighthouse report, to read the waterfall and the main thread's work.
          mkdirSync(process.env.BENCH_WEB_LHR_DIR, { recursive: true });
          const name = `${route.split('/').filter(Boolean).pop()}-${i + 1}.json`;
          writeFileSync(path.join(process.env.BENCH_WEB_LHR_DIR, name), JSON.stringify(lhr));
        }
      }
      runs.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
      const r = await summarise(route, runs[Math.floor(runs.length / 2)]);
      r.verdict = verdict(r);
      results.push(r);
      console.log(
        `${route.padEnd(48)} perf ${r.performance}  a11y ${r.accessibility}  bp ${r.bestPractices}  LCP ${r.lcpMs} ms  FCP ${r.fcpMs} ms  TBT ${r.tbtMs} ms  CLS ${r.cls}  JS ${r.js.gzipKb} KB gzip (${r.js.scripts} files)  ${r.verdict}`,
      );
      if (!r.finalUrl.includes(route.split('/').pop()))
        console.log(`  note: ended at ${r.finalUrl} (was the session cookie accepted?)`);
      for (const [k, list] of Object.entries(r.findings))
        if (list.length) console.log(`  ${k}: ${list.slice(0, 8).join('; ')}`);
    }
  } finally {
    await chrome.kill();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const dir = path.join(ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `web-${stamp}.json`);
  writeFileSync(
    file,
    `${JSON.stringify({ kind: 'web', at: new Date().toISOString(), preset: 'mobile', runs: RUNS, loadAverage: os.loadavg(), loadAverageAtStart: loadAtStart, targets: TARGETS, results }, null, 2)}\n`,
  );
  const load = (l) => l.map((x) => x.toFixed(1)).join(' ');
  console.log(`load average at the start: ${load(loadAtStart)}; at the end: ${load(os.loadavg())}`);
  console.log(`written ${path.relative(ROOT, file)}`);
  if (results.some((r) => r.verdict !== 'ok')) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
