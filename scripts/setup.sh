#!/usr/bin/env bash
# Install everything the game and its browser tests need, from nothing, on a
# Debian machine (Node 20 + npm and Python 3 already present). Idempotent;
# runnable from any directory.
#
#   bash scripts/setup.sh                 # full setup
#   bash scripts/setup.sh --vendor-only   # only (re)copy the runtime into vendor/, then build
#
# Both end with python3 -m scripts.build: everything the page loads, built from the sources
# (scripts/build.py lists the steps and their order).
#
# VENDOR_DIR=/some/dir overrides where the runtime is copied (default: vendor/
# at the repository root, beside index.html).
#
# Result:
#   vendor/pyodide/   pyodide.mjs, pyodide.asm.mjs, pyodide.asm.wasm,
#                     python_stdlib.zip, pyodide-lock.json  (exactly what
#                     pyodide.mjs fetches at boot; measured; unmodified, as
#                     bench/bare.html loads them), python_stdlib.game.zip
#                     (scripts/make_stdlib.mjs: the modules the game imports),
#                     python-snapshot.bin (scripts/make_snapshot.mjs: Python's
#                     memory after start-up with the game imported, which the
#                     page restores), and precompressed twins (.br, .gz) of the
#                     big files
#   vendor/pyscript/  @pyscript/core dist/ without source maps (core.js,
#                     core.css and the chunks core.js may import), its main
#                     chunk with four task breaks, without the import of
#                     its Python package before every script and without its
#                     files written in the worker (scripts/patch_pyscript.py)
#   vendor/qr/        qrcode-generator's ES module (qrcode.mjs): the friends' links as QR codes
#   vendor/jsqr/      jsQR (jsQR.js): the host's camera view reads a reply's QR code where the browser
#                     has no BarcodeDetector (static/js/qr.js loads it only then)
#   and, beside pyodide.mjs and core.js, the declarations of what the page uses of them (types/runtime/: the
#   JavaScript type check reads them; the page never loads them)
# axe-core is not copied: tests inject it from node_modules/axe-core/axe.min.js.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENDOR_DIR="${VENDOR_DIR:-$ROOT/vendor}"
VENDOR_ONLY=0
for arg in "$@"; do
  case "$arg" in
    --vendor-only) VENDOR_ONLY=1 ;;
    -h|--help) sed -n '2,/^set /{/^#/p}' "$0"; exit 0 ;;
    *) echo "setup.sh: unknown argument: $arg" >&2; exit 2 ;;
  esac
done

log() { printf '[setup] %s\n' "$*"; }

SUDO=""
if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then SUDO="sudo"; fi

if [ "$VENDOR_ONLY" -eq 0 ]; then
  # 1. The browsers from Debian (Playwright cannot download its own browsers here): Chromium for the
  #    browser tests (Playwright), Firefox ESR (driven over WebDriver BiDi by puppeteer-core) and WebKitGTK's
  #    WebDriver (WebKitWebDriver, driven by Selenium) with Xvfb for the engine smoke suite (e2e/engines/);
  #    iproute2's ip for the friends' tests, which bring up loopback in a network namespace of their own.
  #    One `apt-get update`, and only when something is missing.
  MISSING=""
  for need in chromium:/usr/bin/chromium firefox-esr:/usr/bin/firefox-esr \
              webkit2gtk-driver:/usr/bin/WebKitWebDriver xvfb:/usr/bin/xvfb-run iproute2:/usr/sbin/ip; do
    if [ -x "${need#*:}" ]; then
      log "${need%%:*} present: $("${need#*:}" --version 2>/dev/null | head -n1)"
    else
      MISSING="$MISSING ${need%%:*}"
    fi
  done
  if [ -n "$MISSING" ]; then
    log "installing$MISSING (apt)"
    $SUDO apt-get update
    APT="$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y"
    case "$MISSING" in *chromium*) $APT chromium ;; esac
    # The smoke suite's engines without their recommends (57 packages instead of 225: no media codecs, which the
    # game does not use).
    ENGINES="$(printf '%s\n' $MISSING | grep -vx chromium | tr '\n' ' ' || true)"
    # shellcheck disable=SC2086
    if [ -n "${ENGINES// /}" ]; then $APT --no-install-recommends $ENGINES; fi
  fi

  # 2. The npm packages pinned in package-lock.json (Pyodide, PyScript, axe-core, puppeteer-core, TypeScript).
  cd "$ROOT"
  log "npm ci"
  npm ci --no-audit --no-fund

  # 3. The package and its build and test tools (the [test] extra of pyproject.toml: pytest, Playwright, ...).
  log "pip install -e .[test]"
  python3 -m pip install -e ".[test]"
fi

# 4. Copy the runtime files served to the browser into vendor/.
NM="$ROOT/node_modules"
for f in pyodide/package.json @pyscript/core/package.json @pyscript/core/dist/core.js \
         qrcode-generator/dist/qrcode.mjs jsqr/dist/jsQR.js; do
  if [ ! -f "$NM/$f" ]; then
    echo "setup.sh: $NM/$f missing; run without --vendor-only first" >&2
    exit 1
  fi
done

PYODIDE_FILES="pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm python_stdlib.zip pyodide-lock.json"
TMP="$(mktemp -d "${VENDOR_DIR%/}.tmp.XXXXXX" 2>/dev/null || mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$TMP/pyodide" "$TMP/pyscript" "$TMP/qr" "$TMP/jsqr"
cp "$NM/qrcode-generator/dist/qrcode.mjs" "$TMP/qr/qrcode.mjs"
cp "$NM/jsqr/dist/jsQR.js" "$TMP/jsqr/jsQR.js"
cp "$ROOT/types/runtime/qrcode.d.mts" "$TMP/qr/qrcode.d.mts"
for f in $PYODIDE_FILES; do
  cp "$NM/pyodide/$f" "$TMP/pyodide/$f"
done
# Our two changes to Pyodide's runtime: the main module's GOT filled on demand, and the module's one function compiled
# in the module's first parse (scripts/patch_runtime.py says why).
(cd "$ROOT" && python3 -m scripts.patch_runtime "$TMP/pyodide/pyodide.asm.mjs")
find "$NM/@pyscript/core/dist" -maxdepth 1 -type f ! -name '*.map' -exec cp {} "$TMP/pyscript/" \;
# Our three changes to PyScript: its module's evaluation gives the thread back four times, its Python package is
# imported by the scripts that use it, not before every script, and the worker does not write the package's files
# (scripts/patch_pyscript.py).
(cd "$ROOT" && python3 -m scripts.patch_pyscript "$TMP/pyscript")
# What the page uses of each, declared for the JavaScript type check (tsconfig.page.json): found beside the file.
cp "$ROOT/types/runtime/pyodide.d.mts" "$TMP/pyodide/pyodide.d.mts"
cp "$ROOT/types/runtime/pyscript-core.d.ts" "$TMP/pyscript/core.d.ts"
# The game's cut-down standard library (the modules the game, PyScript and Pyodide import), made before
# anything in vendor/ is replaced.
log "python_stdlib.game.zip (node scripts/make_stdlib.mjs, ~10 s)"
node "$ROOT/scripts/make_stdlib.mjs" "$TMP/pyodide" "$ROOT/py" "$TMP/pyscript"

chmod 644 "$TMP"/pyodide/* "$TMP"/pyscript/* "$TMP"/qr/* "$TMP"/jsqr/*
mkdir -p "$VENDOR_DIR"
for d in pyodide pyscript qr jsqr; do
  rm -rf "${VENDOR_DIR:?}/$d"
  mv "$TMP/$d" "$VENDOR_DIR/$d"
done

pv="$(node -p "require('$NM/pyodide/package.json').version")"
sv="$(node -p "require('$NM/@pyscript/core/package.json').version")"
# 5. Precompressed twins (.br, .gz) of the big runtime files, for hosts that serve them
#    (scripts/precompress.mjs, ~30 s), in the background while everything the page loads is built
#    (python3 -m scripts.build, which says each step and its order: the catalogues, the package the page
#    unpacks, Python's memory snapshot taken with it from these very runtime files (~1 min; the page
#    restores it instead of running Python's start-up and importing the game), the pages and the offline
#    service worker): all git-ignored build outputs.
log "precompressed twins (background), python3 -m scripts.build (~1 min)"
P="$VENDOR_DIR/pyodide"
node "$ROOT/scripts/precompress.mjs" "$P/pyodide.asm.wasm" "$P/pyodide.asm.mjs" "$P/pyodide.mjs" \
  "$P/pyodide-lock.json" "$VENDOR_DIR"/pyscript/*.js > /dev/null &
TWINS=$!
(cd "$ROOT" && python3 -m scripts.build --vendor "$VENDOR_DIR")
wait "$TWINS"
chmod 644 "$VENDOR_DIR"/pyodide/* "$VENDOR_DIR"/pyscript/*

log "vendor/pyodide: pyodide $pv, $(du -sh --apparent-size "$VENDOR_DIR/pyodide" | cut -f1)"
log "vendor/pyscript: @pyscript/core $sv, $(find "$VENDOR_DIR/pyscript" -type f | wc -l) files, $(du -sh --apparent-size "$VENDOR_DIR/pyscript" | cut -f1)"
log "done"
