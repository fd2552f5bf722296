// `npm start`: builds what is missing, then serves the panel (migrations and demo seed run at start).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const run = (cmd, args) => {
  const result = spawnSync(cmd, args, { stdio: 'inherit', shell: false });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (!existsSync('apps/web/dist/index.html') || process.env.REBUILD === '1')
  run('npm', ['run', 'build', '-w', '@club/web']);
if (!existsSync('apps/server/dist/server.js') || process.env.REBUILD === '1')
  run('npm', ['run', 'build', '-w', '@club/server']);

// The server runs in a process of its own, with the memory settings docs/performance.md measured, unless the
// environment gives others: V8's heap capped (it grows lazily under load otherwise; a 2 MB semi-space
// held 10-20 MB less than 8 MB at no CPU per request the bench could see), and glibc's
// allocator told to hand blocks of 1 MB and more back to the system when they are freed. Without the
// latter, each sign-in's Argon2 hash (19 MB, in one of libuv's threads) stayed in that thread's
// arena: ~50 MB more RSS at rest, ~70 MB more under load (docs/performance.md, "Memory on PGlite").
const env = {
  ...process.env,
  NODE_ENV: process.env.NODE_ENV ?? 'production',
  NODE_OPTIONS: process.env.NODE_OPTIONS ?? '--max-old-space-size=128 --max-semi-space-size=2',
  MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
  MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '1048576',
};
console.log(`Excellence Club panel: http://localhost:${process.env.PORT ?? 8080}/panel/`);
const server = spawn(process.execPath, ['apps/server/dist/server.js'], { stdio: 'inherit', env });
// Ctrl+C reaches the server from the terminal itself (one process group); a second SIGINT would make it
// stop at once instead of finishing its requests, so this process passes on only what is sent to it alone.
process.on('SIGINT', () => {});
for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
