#!/usr/bin/env bash
# Writes apps/web/src/styles/fonts/*-polish-*.woff2: the Polish letters beyond Latin-1 (ą ć ę ł ń ś ź ż
# and capitals) cut out of Fontsource's latin-ext files, a few KB each instead of 20–85 KB
# (docs/performance.md). Run again after updating the font packages. Needs Debian's fonttools and
# python3-brotli (apt-get install -y fonttools python3-brotli).
set -euo pipefail
cd "$(dirname "$0")/.."
POLISH='U+0104-0107,U+0118-0119,U+0141-0144,U+015A-015B,U+0179-017C'
OUT=apps/web/src/styles/fonts
subset() { # source file, output name
  pyftsubset "$1" --unicodes="$POLISH" --layout-features='*' --flavor=woff2 --output-file="$OUT/$2"
  echo "$OUT/$2: $(stat -c %s "$OUT/$2") bytes"
}
subset node_modules/@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2 inter-polish-wght-normal.woff2
for w in 500 600; do
  subset "node_modules/@fontsource/cormorant-garamond/files/cormorant-garamond-latin-ext-$w-normal.woff2" \
    "cormorant-garamond-polish-$w-normal.woff2"
done
