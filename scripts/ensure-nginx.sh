#!/usr/bin/env bash
# The scale-out tests put Debian's nginx in front of two server processes; install it when missing.
set -euo pipefail
if [ -x /usr/sbin/nginx ]; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "nginx is missing: run 'sudo apt-get install -y nginx-light' (or nginx) and try again." >&2
  exit 1
fi
echo "Installing Debian's nginx for the scale-out tests…"
apt-get update -qq
# policy-rc.d keeps the package from starting its own daemon on port 80: the tests start theirs.
if [ ! -e /usr/sbin/policy-rc.d ]; then
  printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d
  chmod +x /usr/sbin/policy-rc.d
  trap 'rm -f /usr/sbin/policy-rc.d' EXIT
fi
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null
