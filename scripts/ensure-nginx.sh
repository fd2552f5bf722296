#!/usr/bin/env bash
# The scale-out tests put Debian's nginx in front of two server processes; install it when missing.
exec bash "$(dirname "$0")/ensure-apt-package.sh" /usr/sbin/nginx nginx 'the scale-out tests' no-daemon
