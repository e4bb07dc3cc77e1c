#!/usr/bin/env bash
# Play the game in a browser on this machine, in one command:
#
#   bash scripts/play.sh            # http://127.0.0.1:8000/
#   PORT=0 bash scripts/play.sh     # any free port (the address is printed)
#
# Runs scripts/setup.sh first when the browser runtime in vendor/ (with Python's
# memory snapshot) is missing or differs from node_modules (a full setup when
# node_modules is missing or older than package-lock.json), builds what is stale
# (python3 -m scripts.build --quick: the memory snapshot, which holds the game's
# modules, without its brotli twin, a few seconds), then serves the site. While it
# serves, an edited module is packed again on the next reload; the snapshot then
# no longer matches it and the page imports the game anew (correct, ~0.5 s
# slower) until play.sh restarts.
# The static site for a host: python3 -m scripts.build_dist (writes dist/).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

same() { [ -f "$1" ] && [ -f "$2" ] && cmp -s "$1" "$2"; }

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  bash scripts/setup.sh
elif ! same node_modules/pyodide/pyodide.mjs vendor/pyodide/pyodide.mjs \
  || ! same node_modules/pyodide/pyodide.asm.wasm vendor/pyodide/pyodide.asm.wasm \
  || ! same node_modules/@pyscript/core/dist/core.js vendor/pyscript/core.js \
  || ! python3 -m scripts.patch_runtime --check vendor/pyodide/pyodide.asm.mjs 2>/dev/null \
  || ! python3 -m scripts.patch_pyscript --check vendor/pyscript 2>/dev/null \
  || [ ! -f vendor/pyodide/python-snapshot.bin ]; then
  bash scripts/setup.sh --vendor-only
fi
python3 -m scripts.build --quick   # the snapshot holds the game: remade when the package changed (~6 s)
echo "Open the address below in a browser (Ctrl+C stops the server)."
exec python3 -m scripts.serve --port "${PORT:-8000}"
