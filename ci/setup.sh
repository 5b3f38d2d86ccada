#!/usr/bin/env bash
# Install every Debian package in ci/packages.txt that is missing, then let
# Why3 detect the provers.  Idempotent; needs root (or sudo) for apt-get.
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t wanted < <(grep -v '^\s*#' ci/packages.txt | grep -v '^\s*$')
missing=()
for p in "${wanted[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
if [ "${#missing[@]}" -gt 0 ]; then
    echo "setup: installing ${missing[*]}"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
    echo "setup: all ${#wanted[@]} packages present"
fi
# speedscope for tests/profiles, at the version package-lock.json pins
if ! command -v npm >/dev/null; then
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends npm
fi
(cd tests/profiles && npm ci --no-audit --no-fund --loglevel=error)
# No Why3 configuration to detect: every proof run names proofs/why3.conf.
echo "setup: done"
