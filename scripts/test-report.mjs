#!/usr/bin/env node
// The summary at the end of `npm test` (scripts/test.sh): the time of each phase and the ten slowest
// test files of each runner, read from the runners' own JSON reports. Writes .test-reports/<run>.json
// and prints a table. Usage: node scripts/test-report.mjs <run dir> <exit status>
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const [runDir, exitStatus = '0'] = process.argv.slice(2);
if (!runDir) {
  console.error('usage: node scripts/test-report.mjs <run dir> <exit status>');
  process.exit(2);
}
const root = process.cwd();
const readJson = (file) => {
  const full = path.join(runDir, file);
  if (!existsSync(full)) return null;
  try {
    return JSON.parse(readFileSync(full, 'utf8'));
  } catch {
    return null;
  }
};
const meta = readJson('meta.json') ?? {};
const seconds = (ms) => Math.round(ms / 100) / 10;
const phasesFile = path.join(runDir, 'phases.tsv');
const phases = existsSync(phasesFile)
  ? readFileSync(phasesFile, 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [name, ms, status] = line.split('\t');
        return { name, seconds: seconds(Number(ms)), status: Number(status) };
      })
  : [];
const relative = (file) => path.relative(root, file);

/**
 * Vitest's JSON: one entry per file and project (the API files run twice, on PGlite and on
 * PostgreSQL; the report does not name the project, so the same path may appear twice). A file's time
 * is from its first test's start to its last test's end: beforeAll hooks before the first test are not in it.
 */
function vitestFiles(report) {
  return (report?.testResults ?? []).map((r) => ({
    file: relative(r.name),
    seconds: seconds(r.endTime - r.startTime),
    tests: r.assertionResults.length,
    status: r.status,
  }));
}

/** Playwright's JSON: a file's time is the sum of its tests' runs (retries included). */
function playwrightFiles(report) {
  const byFile = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      const entry = byFile.get(spec.file) ?? { file: spec.file, ms: 0, tests: 0, status: 'passed' };
      for (const test of spec.tests ?? []) {
        entry.tests += 1;
        for (const result of test.results ?? []) entry.ms += result.duration ?? 0;
        if (test.status === 'unexpected') entry.status = 'failed';
      }
      byFile.set(spec.file, entry);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report?.suites ?? []) walk(suite);
  const dir = report?.config?.rootDir ? path.relative(root, report.config.rootDir) : '';
  return [...byFile.values()].map(({ ms, file, ...rest }) => ({
    file: path.join(dir, file),
    seconds: seconds(ms),
    ...rest,
  }));
}

const slowest = (files) => files.sort((a, b) => b.seconds - a.seconds).slice(0, 10);
const runners = {
  vitest: readJson('vitest.json'),
  'scale-out': readJson('scale-out.json'),
  playwright: readJson('playwright.json'),
};
const summary = {
  run: path.basename(runDir),
  startedAt: meta.startedAt ?? null,
  loadAverageAtStart: meta.loadAverage ?? null,
  cpus: meta.cpus ?? null,
  exitStatus: Number(exitStatus),
  // From the start to now: the build runs beside the static checks, so the phases' sum overstates it.
  totalSeconds: meta.startedAt
    ? seconds(Date.now() - Date.parse(meta.startedAt))
    : Math.round(phases.reduce((sum, p) => sum + p.seconds, 0) * 10) / 10,
  phases,
  tests: {
    vitest: runners.vitest && {
      passed: runners.vitest.numPassedTests,
      failed: runners.vitest.numFailedTests,
      skipped: runners.vitest.numPendingTests,
    },
    'scale-out': runners['scale-out'] && {
      passed: runners['scale-out'].numPassedTests,
      failed: runners['scale-out'].numFailedTests,
      skipped: runners['scale-out'].numPendingTests,
    },
    playwright: runners.playwright?.stats ?? null,
  },
  slowestFiles: {
    vitest: slowest(vitestFiles(runners.vitest)),
    'scale-out': slowest(vitestFiles(runners['scale-out'])),
    playwright: slowest(playwrightFiles(runners.playwright)),
  },
};
const out = path.join(path.dirname(runDir), `${summary.run}.json`);
writeFileSync(out, `${JSON.stringify(summary, null, 2)}\n`);

const pad = (text, width) => String(text).padEnd(width);
const lines = ['', `== test run summary (${path.relative(root, out)})`];
lines.push(`load average at start: ${summary.loadAverageAtStart ?? '?'} on ${summary.cpus ?? '?'} cores`);
for (const p of phases)
  lines.push(
    `  ${pad(p.name, 12)} ${pad(`${p.seconds.toFixed(1)} s`, 10)} ${p.status === 0 ? 'ok' : `FAILED (${p.status})`}`,
  );
lines.push(`  ${pad('total', 12)} ${summary.totalSeconds.toFixed(1)} s`);
for (const [runner, files] of Object.entries(summary.slowestFiles)) {
  if (files.length === 0) continue;
  lines.push(`slowest ${runner} files:`);
  for (const f of files)
    lines.push(
      `  ${pad(`${f.seconds.toFixed(1)} s`, 9)} ${f.file} (${f.tests} tests${f.status === 'passed' ? '' : `, ${f.status}`})`,
    );
}
console.log(lines.join('\n'));
