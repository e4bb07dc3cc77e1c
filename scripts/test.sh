#!/usr/bin/env bash
# Run every test from nothing: installs what is missing (chromium, npm packages,
# the Python package with its test tools, the runtime in vendor/), then runs the
# unit, property, reference and end-to-end tests. Extra arguments go to pytest.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash "$ROOT/scripts/setup.sh"
cd "$ROOT"
exec python3 -m pytest -q "$@"
