#!/usr/bin/env node
/**
 * The house's boundaries, in `npm test` (issue 13, STYLE.md): dependency-cruiser checks the rules of
 * .dependency-cruiser.cjs over the three workspaces, and this script adds one more from the same
 * graph: the server's domain folders (apps/server/src/modules/<domain>) import each other one way
 * only, with no cycle (cart → orders → payments, never back).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const json = execFileSync(
  'npx',
  [
    'depcruise',
    'apps/web/src',
    'apps/server/src',
    'packages/shared/src',
    '--config',
    '.dependency-cruiser.cjs',
    '--output-type',
    'json',
  ],
  { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
);
const result = JSON.parse(json);
const problems = result.summary.violations.map(
  (v) => `${v.rule.name}: ${v.from} → ${v.to}${v.comment ? ` (${v.comment})` : ''}`,
);

// Module folder → the module folders it imports.
const MODULE = /^apps\/server\/src\/modules\/([^/]+)\//;
// Specs and their fixtures may reach across domains; only product code counts.
const TEST_CODE = /(\.test\.tsx?$|\/test-fixtures\.ts$)/;
const edges = new Map();
const via = new Map();
const domains = new Set();
for (const m of result.modules) {
  const from = MODULE.exec(m.source)?.[1];
  if (!from || TEST_CODE.test(m.source)) continue;
  domains.add(from);
  for (const d of m.dependencies) {
    const to = MODULE.exec(d.resolved)?.[1];
    if (!to || to === from) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    edges.get(from).add(to);
    via.set(`${from}→${to}`, `${m.source} → ${d.resolved}`);
  }
}

// Tarjan's strongly connected components: any with more than one folder is a cycle.
let index = 0;
const stack = [];
const state = new Map();
function connect(v) {
  state.set(v, { index, low: index, onStack: true });
  index++;
  stack.push(v);
  for (const w of edges.get(v) ?? []) {
    if (!state.has(w)) {
      connect(w);
      state.get(v).low = Math.min(state.get(v).low, state.get(w).low);
    } else if (state.get(w).onStack) {
      state.get(v).low = Math.min(state.get(v).low, state.get(w).index);
    }
  }
  if (state.get(v).low === state.get(v).index) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      state.get(w).onStack = false;
      component.push(w);
    } while (w !== v);
    if (component.length > 1) {
      const links = component.flatMap((a) =>
        component.filter((b) => edges.get(a)?.has(b)).map((b) => `    ${via.get(`${a}→${b}`)}`),
      );
      problems.push(`server-module-cycle: ${component.sort().join(' ↔ ')}\n${links.join('\n')}`);
    }
  }
}
for (const v of edges.keys()) if (!state.has(v)) connect(v);

// ARCHITECTURE.md carries the server's domain graph; `--write` redraws it, the check fails when stale.
const graph = [
  '```mermaid',
  'graph LR',
  ...[...domains]
    .sort()
    .flatMap((from) =>
      edges.has(from) ? [...edges.get(from)].sort().map((to) => `  ${from} --> ${to}`) : [`  ${from}`],
    ),
  '```',
].join('\n');
const START = '<!-- module-graph:start (scripts/check-boundaries.mjs --write) -->';
const END = '<!-- module-graph:end -->';
const architecturePath = path.join(root, 'ARCHITECTURE.md');
const architecture = readFileSync(architecturePath, 'utf8');
const block = new RegExp(`${START.replace(/[()./-]/g, '\\$&')}[\\s\\S]*?${END}`);
const current = `${START}\n${graph}\n${END}`;
if (!block.test(architecture)) problems.push(`ARCHITECTURE.md: the module graph's markers are missing`);
else if (process.argv.includes('--write'))
  writeFileSync(architecturePath, architecture.replace(block, current));
else if (architecture.match(block)[0] !== current)
  problems.push('ARCHITECTURE.md: the module graph is stale (npm run boundaries -- --write)');

if (problems.length > 0) {
  console.error(`Boundaries broken (${problems.length}):\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(
  `Boundaries hold: ${result.summary.totalCruised} modules, ${result.summary.totalDependenciesCruised} imports; ` +
    `server domains: ${[...edges].map(([a, bs]) => `${a} → ${[...bs].sort().join(', ')}`).join('; ')}`,
);
