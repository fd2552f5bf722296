#!/usr/bin/env bash
# Installs a Debian package the tests need when its program is missing (as root; otherwise says how).
# Usage: ensure-apt-package.sh PROGRAM PACKAGE PURPOSE [no-daemon]
#   no-daemon: keep the package from starting its own service (the tests start theirs).
set -euo pipefail
program=$1 package=$2 purpose=$3 daemon=${4:-}
if [ -x "$program" ]; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "$package is missing: run 'sudo apt-get install -y $package' and try again." >&2
  exit 1
fi
echo "Installing Debian's $package for $purpose…"
apt-get update -qq
# policy-rc.d keeps the package from starting its daemon (nginx's on port 80, say) while it installs.
if [ "$daemon" = "no-daemon" ] && [ ! -e /usr/sbin/policy-rc.d ]; then
  printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d
  chmod +x /usr/sbin/policy-rc.d
  trap 'rm -f /usr/sbin/policy-rc.d' EXIT
fi
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" >/dev/null
