// `npm run dev`: the API (tsx watch, embedded database) and the Vite dev server side by side.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@club/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@club/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
