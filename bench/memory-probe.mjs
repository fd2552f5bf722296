// Preloaded into the server by bench/memory.mjs (`node --import ./bench/memory-probe.mjs server.js`):
// on SIGWINCH (ignored by default; close-with-grace ends the server on SIGUSR2) it writes where the process's memory is to MEMORY_PROBE_FILE, and keeps the same
// breakdown at the highest RSS it has seen (checked every 100 ms), so a peak under load is explained.
// It only reads: nothing of the server's own behaviour changes.
import { readFileSync, writeFileSync } from 'node:fs';

const file = process.env.MEMORY_PROBE_FILE;
const MB = 1024 * 1024;

/**
 * Resident MB of the process's WebAssembly memories, the largest first (PGlite's is the largest).
 * V8 maps a WebAssembly memory as its accessible pages followed by a reserved, inaccessible region
 * of gigabytes (the bounds-check guard); no other mapping has that shape.
 */
function wasmMemories() {
  const maps = [];
  let cur;
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const m = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ (\d+)\s*(.*)$/.exec(line);
    if (m) {
      cur = { start: BigInt(`0x${m[1]}`), end: BigInt(`0x${m[2]}`), perm: m[3], anon: m[4] === '0' && !m[5] };
      maps.push(cur);
    } else if (cur && line.startsWith('Rss:')) cur.rssKb = Number(line.split(/\s+/)[1]);
  }
  const out = [];
  for (let i = 0; i + 1 < maps.length; i++) {
    const [m, next] = [maps[i], maps[i + 1]];
    if (
      m.perm === 'rw-p' &&
      m.anon &&
      next.start === m.end &&
      next.perm === '---p' &&
      next.end - next.start >= 1n << 30n
    )
      out.push({ sizeMb: Number(m.end - m.start) / MB, rssMb: m.rssKb / 1024 });
  }
  return out.sort((a, b) => b.sizeMb - a.sizeMb);
}

function snapshot() {
  const u = process.memoryUsage();
  const wasm = wasmMemories();
  return {
    rssMb: u.rss / MB,
    heapTotalMb: u.heapTotal / MB,
    heapUsedMb: u.heapUsed / MB,
    externalMb: u.external / MB,
    arrayBuffersMb: u.arrayBuffers / MB,
    pgliteWasmSizeMb: wasm[0]?.sizeMb ?? 0,
    pgliteWasmRssMb: wasm[0]?.rssMb ?? 0,
    otherWasmRssMb: wasm.slice(1).reduce((s, w) => s + w.rssMb, 0),
  };
}

if (file) {
  let peak = snapshot();
  const guarded = (fn) => () => {
    try {
      fn();
    } catch (error) {
      process.stderr.write(`memory probe: ${error.stack}\n`);
    }
  };
  setInterval(
    guarded(() => {
      if (process.memoryUsage.rss() / MB > peak.rssMb) peak = snapshot();
    }),
    100,
  ).unref();
  process.on(
    'SIGWINCH',
    guarded(() => {
      const now = snapshot();
      if (now.rssMb > peak.rssMb) peak = now;
      writeFileSync(file, JSON.stringify({ now, peak }));
    }),
  );
}
