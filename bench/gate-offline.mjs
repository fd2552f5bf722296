// The offline gate's copy of a list (issue 29, docs/event-day.md): the list of the desk bench's
// experience with 5,000 attendees, downloaded as a gate downloads it. Target: under 2 MB and under
// 2 s. Part of `npm run bench -- --only desk` (bench/api.mjs runs it after the desk's reads).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { staffSession } from './desk.mjs';
import { ROOT } from './lib.mjs';

const API = '/panel/api/v1';
const RUNS = 5;
export const OFFLINE_TARGETS = { bytes: 2_000_000, ms: 2_000 };

/**
 * With the server down: the experience's tickets (the desk bench writes its paid orders straight into
 * the tables, so they are issued by migration 0024's statements, as the demo seed does) and its
 * default check-in list; the list's id.
 */
export async function prepareOfflineList(query, productId) {
  const file = readFileSync(path.join(ROOT, 'apps/server/drizzle/0024_event-day-backfill.sql'), 'utf8');
  for (const statement of file.split('--> statement-breakpoint')) {
    if (statement.replace(/--.*$/gm, '').trim()) await query(statement);
  }
  await query(
    `insert into check_in_lists (product_id, is_default) values (${Number(productId)}, true) on conflict do nothing`,
  );
  const [list] = await query(
    `select id from check_in_lists where product_id = ${Number(productId)} and is_default`,
  );
  return Number(list.id);
}

/** The copy downloaded RUNS times after a warm-up: its size (as JSON and gzipped), median and max time. */
export async function timeOfflineList(base, listId) {
  const times = [];
  let bytes = 0;
  let gzipBytes = 0;
  let tickets = 0;
  let errors = 0;
  for (let i = 0; i < RUNS + 1; i++) {
    const started = performance.now();
    const res = await fetch(`${base}${API}/admin/check-in/lists/${listId}/offline`, {
      headers: { cookie: staffSession.cookie, 'x-csrf-token': staffSession.csrf },
    });
    const text = await res.text();
    const ms = performance.now() - started;
    if (res.status !== 200) {
      errors++;
      if (errors === 1) console.error(`offline list: ${res.status} ${text.slice(0, 200)}`);
      continue;
    }
    bytes = Buffer.byteLength(text);
    gzipBytes = gzipSync(text).length;
    tickets = JSON.parse(text).data.tickets.length;
    if (i >= 1) times.push(ms);
  }
  times.sort((a, b) => a - b);
  const medianMs = Number((times[Math.floor(times.length / 2)] ?? 0).toFixed(1));
  const maxMs = Number((times.at(-1) ?? 0).toFixed(1));
  const ok = errors === 0 && bytes < OFFLINE_TARGETS.bytes && maxMs < OFFLINE_TARGETS.ms;
  return {
    read: `offline list: ${tickets} tickets, ${Math.round(gzipBytes / 1000)} kB gzip`,
    path: `/admin/check-in/lists/${listId}/offline`,
    bytes,
    gzipBytes,
    runs: times.length,
    medianMs,
    p95Ms: maxMs,
    maxMs,
    errors,
    verdict: ok ? 'ok' : `MISS (< ${OFFLINE_TARGETS.bytes / 1e6} MB and < ${OFFLINE_TARGETS.ms} ms)`,
  };
}
