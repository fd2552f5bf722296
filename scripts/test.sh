#!/usr/bin/env bash
# `npm test`: lint and types, unit and API tests (PGlite and PostgreSQL), then the browser tests
# against a fresh production build. At the end (also after a failure) it prints the time of each phase
# and the slowest test files of each runner, and keeps them in .test-reports/<run>.json (docs/testing.md).
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

RUN_ID="$(date -u +%Y%m%dT%H%M%SZ)"
RUN_DIR=".test-reports/$RUN_ID"
mkdir -p "$RUN_DIR"
printf '{"startedAt":"%s","loadAverage":"%s","cpus":%s}\n' "$(date -u +%FT%TZ)" \
  "$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')" "$(nproc 2>/dev/null || echo null)" >"$RUN_DIR/meta.json"
trap 'status=$?; node scripts/test-report.mjs "$RUN_DIR" "$status" || true; exit $status' EXIT

# phase <name> <command…>: runs the command, records its time (ms) and exit status, fails the run when it fails.
phase() {
  local name=$1 start end status=0
  shift
  start=$(date +%s%N)
  "$@" || status=$?
  end=$(date +%s%N)
  printf '%s\t%s\t%s\n' "$name" "$(( (end - start) / 1000000 ))" "$status" >>"$RUN_DIR/phases.tsv"
  return "$status"
}

# The build (first: the header tests also check the built app's assets) runs beside the static checks:
# each of them keeps one core busy at most (tsc, Rollup), and the machine has two. Its output is shown
# when it ends; a failure of either fails the run.
echo "== build (beside the static checks; its output follows them)"
phase build npm run build >"$RUN_DIR/build.log" 2>&1 &
build_pid=$!
static_status=0
echo "== lint and format (biome)" &&
  phase biome npx biome check . &&
  echo "== dead exports, files and dependencies (knip)" &&
  phase knip npx knip &&
  echo "== typecheck" &&
  phase typecheck npm run typecheck &&
  echo "== boundaries (features apart, no domain cycles, seed and src apart from tests)" &&
  phase boundaries node scripts/check-boundaries.mjs ||
  static_status=$?
if [ "$static_status" -ne 0 ]; then
  pkill -TERM -P "$build_pid" 2>/dev/null || true
  kill "$build_pid" 2>/dev/null || true
  exit "$static_status"
fi
build_status=0
wait "$build_pid" || build_status=$?
echo "== build output"
cat "$RUN_DIR/build.log"
if [ "$build_status" -ne 0 ]; then exit "$build_status"; fi
echo "== unit and API tests"
phase vitest npx vitest run --reporter=default --reporter=json --outputFile.json="$PWD/$RUN_DIR/vitest.json"
echo "== scale-out and fault tests (two processes behind nginx, PostgreSQL, Redis)"
bash scripts/ensure-nginx.sh
phase scale-out npx vitest run --config apps/server/scale-out/vitest.config.ts \
  --reporter=default --reporter=json --outputFile.json="$PWD/$RUN_DIR/scale-out.json"
echo "== browser tests"
bash scripts/ensure-chromium.sh
# Without traces: recording one for every test cost a tenth of the browser phase's CPU (docs/testing.md),
# and the run's output is what CI keeps. A failed test prints its error and keeps a screenshot; run its
# file again with `npx playwright test <file>` for the trace, or set E2E_TRACE=1 here.
phase playwright env PLAYWRIGHT_JSON_OUTPUT_NAME="$PWD/$RUN_DIR/playwright.json" npx playwright test --reporter=list,json \
  $([ "${E2E_TRACE:-0}" = 1 ] || echo --trace off)
