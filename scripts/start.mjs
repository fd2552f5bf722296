// `npm start`: builds what is missing, then serves the panel (migrations and demo seed run at start).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const run = (cmd, args) => {
  const result = spawnSync(cmd, args, { stdio: 'inherit', shell: false });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (!existsSync('apps/web/dist/index.html') || process.env.REBUILD === '1')
  run('npm', ['run', 'build', '-w', '@club/web']);
if (!existsSync('apps/server/dist/server.js') || process.env.REBUILD === '1')
  run('npm', ['run', 'build', '-w', '@club/server']);

process.env.NODE_ENV ??= 'production';
console.log(`Excellence Club panel: http://localhost:${process.env.PORT ?? 8080}/panel/`);
await import('../apps/server/dist/server.js');
