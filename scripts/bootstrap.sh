#!/usr/bin/env bash
# Entry point of `npm start` and `npm test` on any machine: installs the dependencies when they are
# missing or stale (the system Node may be older), then runs the given script on the project's own
# Node 24 from node_modules/.bin.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 NX_NO_CLOUD=true NX_DAEMON=false
stamp=node_modules/.package-lock.json
# `npm install` rather than `npm ci`: the lock file lacks the optional native binaries of other
# platforms (swc, nx) when it is written on a machine whose registry serves only its own, and
# `npm ci` refuses such a lock. `npm install` installs exactly the locked versions all the same.
if [ ! -x node_modules/.bin/node ] || [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ]; then
  echo "[datebook] installing dependencies (npm install)…"
  npm install --no-audit --no-fund
fi
script="$1"
shift
exec node_modules/.bin/node "$script" "$@"
