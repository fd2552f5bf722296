// The gate under load (issue 29, docs/event-day.md): 32 gates scanning at once against the desk
// bench's experience with 5,000 attendees, each scan a different ticket (then, when all are in, the
// same ones again: "already in"), through the staff's scan endpoint. Target: p99 under 50 ms, at a
// person's pace (a scan per gate every second: 32 scans a second at the doors), and flat out (each
// gate's next scan as soon as the last is answered: the server's ceiling, reported beside it).
// Part of `npm run bench -- --only desk` (bench/api.mjs runs it after the desk's reads).
import autocannon from 'autocannon';
import { staffSession } from './desk.mjs';

const API = '/panel/api/v1';
export const SCAN_TARGETS = { gates: 32, p99Ms: 50 };

/**
 * With the server down: a ticket per seat of the experience's paid lines, written in one statement
 * (random 32-character codes, as the gate sees them), and its default check-in list; the list's id
 * and the codes.
 */
export async function prepareGateScans(query, productId) {
  const id = Number(productId);
  await query(`insert into tickets (code, order_id, order_item_id, product_id, seat, name, surname)
    select substr(replace(replace(encode(decode(md5(random()::text) || md5(random()::text), 'hex'), 'base64'), '+', '-'), '/', '_'), 1, 32),
      oi.order_id, oi.id, oi.product_id, s.seat, 'Gość', 'Nr ' || oi.id || '-' || s.seat
    from order_items oi join orders o on o.id = oi.order_id and o.status = 'PAID',
      generate_series(0, oi.quantity - 1) s(seat)
    where oi.product_id = ${id}
    on conflict do nothing`);
  await query(
    `insert into check_in_lists (product_id, is_default) values (${id}, true) on conflict do nothing`,
  );
  const [list] = await query(`select id from check_in_lists where product_id = ${id} and is_default`);
  const codes = (
    await query(`select code from tickets where product_id = ${id} and status = 'VALID' order by random()`)
  ).map((r) => r.code);
  return { listId: Number(list.id), codes };
}

/** Where the next scan's code is taken from: each phase goes on with tickets not yet scanned. */
let next = 0;

/**
 * 32 connections (one per gate) scanning for `duration` seconds; latency percentiles and answers.
 * `perGatePerSecond`: each gate scans at a person's pace (autocannon's overall rate, 32 gates × the
 * pace); without it, every gate sends its next scan the moment the last is answered, which measures
 * the server's ceiling (a queue forms at the server: the latency is then mostly waiting in it).
 */
export function timeGateScans(base, { listId, codes }, { duration = 10, perGatePerSecond } = {}) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${base}${API}/admin/check-in/lists/${listId}/scan`,
        method: 'POST',
        connections: SCAN_TARGETS.gates,
        duration,
        ...(perGatePerSecond ? { overallRate: SCAN_TARGETS.gates * perGatePerSecond } : {}),
        headers: {
          cookie: staffSession.cookie,
          'x-csrf-token': staffSession.csrf,
          'content-type': 'application/json',
        },
        requests: [
          {
            setupRequest: (req) => {
              const n = next++;
              return {
                ...req,
                body: JSON.stringify({
                  code: codes[n % codes.length],
                  gate: `Brama ${(n % SCAN_TARGETS.gates) + 1}`,
                }),
              };
            },
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        const errors = result.errors + result.timeouts + result.non2xx;
        const row = {
          read: `gate scans: ${SCAN_TARGETS.gates} gates${perGatePerSecond ? ` at ${perGatePerSecond}/s each` : ', flat out'}, ${codes.length} tickets`,
          pace: perGatePerSecond ?? null,
          path: `/admin/check-in/lists/${listId}/scan`,
          scans: result.requests.total,
          rps: Math.round(result.requests.average),
          medianMs: result.latency.p50,
          p90Ms: result.latency.p90,
          p99Ms: result.latency.p99,
          maxMs: result.latency.max,
          errors,
        };
        row.verdict =
          errors > 0
            ? 'MISS (errors)'
            : row.p99Ms < SCAN_TARGETS.p99Ms
              ? 'ok'
              : `MISS (p99 ≥ ${SCAN_TARGETS.p99Ms} ms)`;
        resolve(row);
      },
    );
  });
}

export function printScans(kind, r) {
  console.log(
    `${kind.padEnd(9)}${r.read.padEnd(40)}${String(r.scans).padEnd(8)}scans, ${r.rps}/s  median ${r.medianMs}  p90 ${r.p90Ms}  p99 ${r.p99Ms}  max ${r.maxMs}  errors ${r.errors}${r.serverCpuUs === undefined ? '' : `  CPU µs/scan ${r.serverCpuUs}+${r.dbCpuUs}`}  ${r.verdict}`,
  );
}
