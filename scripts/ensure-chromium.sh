#!/usr/bin/env bash
# The browser tests use Debian's Chromium (never a downloaded browser); install it when missing.
exec bash "$(dirname "$0")/ensure-apt-package.sh" /usr/bin/chromium chromium 'the browser tests'
