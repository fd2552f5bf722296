#!/usr/bin/env node
// Renders deploy/nginx.conf.template (docs/deploying.md), e.g.
//   node deploy/render-nginx-conf.mjs --listen 80 --upstream 127.0.0.1:8081 --upstream 127.0.0.1:8082 \
//     --access-log /var/log/nginx/panel.access.log > /etc/nginx/nginx.conf
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

export const TEMPLATE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'nginx.conf.template');

/** Fills the template's placeholders; every upstream becomes one `server` line. */
export function renderNginxConf({ listen, upstreams, accessLog = '/var/log/nginx/panel.access.log' }) {
  if (!listen || upstreams.length === 0) throw new Error('--listen and at least one --upstream are needed');
  const servers = upstreams.map((u) => `server ${u} max_fails=1 fail_timeout=2s;`).join('\n    ');
  return readFileSync(TEMPLATE, 'utf8')
    .replaceAll('{{LISTEN}}', String(listen))
    .replaceAll('{{UPSTREAM_SERVERS}}', servers)
    .replaceAll('{{ACCESS_LOG}}', accessLog);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      listen: { type: 'string' },
      upstream: { type: 'string', multiple: true, default: [] },
      'access-log': { type: 'string' },
    },
  });
  process.stdout.write(
    renderNginxConf({ listen: values.listen, upstreams: values.upstream, accessLog: values['access-log'] }),
  );
}
