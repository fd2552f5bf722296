#!/usr/bin/env node
// Prints a results file of bench/results/ as a Markdown table (for docs/performance.md).
// Usage: node bench/report.mjs bench/results/api-….json
import { readFileSync } from 'node:fs';

const file = process.argv[2];
if (!file) throw new Error('usage: node bench/report.mjs <bench/results/file.json>');
const r = JSON.parse(readFileSync(file, 'utf8'));
const row = (cells) => `| ${cells.join(' | ')} |`;
if (r.kind === 'api') {
  console.log(
    `${r.at.slice(0, 16).replace('T', ' ')} UTC, ${r.machine.cores} cores, Node ${r.machine.node}, ` +
      `${r.settings.connections} connections × ${r.settings.durationSec} s, load average ${r.machine.loadAverage?.join(' / ') ?? '?'}\n`,
  );
  console.log(
    row([
      'database',
      'endpoint',
      'bytes',
      'req/s',
      'p50 ms',
      'p99 ms',
      'errors',
      'non-2xx',
      'limit req/s',
      'ratio',
      'peak RSS MB',
      'target',
    ]),
  );
  console.log(row(Array(12).fill('---')));
  for (const x of r.results)
    console.log(
      row([
        x.db,
        x.endpoint,
        x.bytes,
        x.reqPerSec,
        x.p50Ms,
        x.p99Ms,
        x.errors,
        x.non2xx,
        x.limitReqPerSec,
        `${(x.ratio * 100).toFixed(1)}%`,
        x.peakRssMb,
        x.verdict,
      ]),
    );
  for (const [db, d] of Object.entries(r.desk ?? {})) {
    console.log(
      `\nThe sales desk on ${db}: ${d.orders} orders, an experience with ${d.attendees} attendees; each read alone, ${d.reads[0]?.runs ?? 0} runs\n`,
    );
    console.log(row(['read', 'bytes', 'median ms', 'p95 ms', 'max ms', 'errors', 'target (median < 50 ms)']));
    console.log(row(Array(7).fill('---')));
    for (const x of d.reads)
      console.log(
        row([
          x.attendees !== undefined ? `${x.read} (${x.attendees} listed)` : x.read,
          x.bytes,
          x.medianMs,
          x.p95Ms,
          x.maxMs,
          x.errors,
          x.verdict,
        ]),
      );
  }
} else {
  console.log(
    `${r.at.slice(0, 16).replace('T', ' ')} UTC, Lighthouse mobile preset, ${r.runs} run(s) per route, load average ${r.loadAverage?.map((l) => l.toFixed(1)).join(' / ') ?? '?'}\n`,
  );
  console.log(
    row([
      'route',
      'performance',
      'accessibility',
      'best practices',
      'LCP ms',
      'FCP ms',
      'TBT ms',
      'CLS',
      'initial JS (gzip)',
      'target',
    ]),
  );
  console.log(row(Array(10).fill('---')));
  for (const x of r.results)
    console.log(
      row([
        x.route,
        x.performance,
        x.accessibility,
        x.bestPractices,
        x.lcpMs,
        x.fcpMs,
        x.tbtMs,
        x.cls,
        `${x.js.gzipKb} KB (${x.js.scripts} files)`,
        x.verdict,
      ]),
    );
}
