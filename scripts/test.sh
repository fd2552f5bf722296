#!/usr/bin/env bash
# `npm test`: lint and types, unit and API tests (PGlite and PostgreSQL), then the browser tests
# against a fresh production build.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

echo "== lint and format (biome)"
npx biome check .
echo "== dead exports, files and dependencies (knip)"
npx knip
echo "== typecheck"
npm run typecheck
echo "== boundaries (features apart, no domain cycles, seed and src apart from tests)"
node scripts/check-boundaries.mjs
echo "== build (first: the header tests also check the built app's assets)"
npm run build
echo "== unit and API tests"
npx vitest run
echo "== scale-out and fault tests (two processes behind nginx, PostgreSQL, Redis)"
bash scripts/ensure-nginx.sh
npx vitest run --config apps/server/scale-out/vitest.config.ts
echo "== browser tests"
bash scripts/ensure-chromium.sh
npx playwright test
