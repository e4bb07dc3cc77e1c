#!/usr/bin/env bash
# Run every test from nothing: installs what is missing (chromium, npm packages,
# the Python package with its test tools, the runtime in vendor/), then runs the
# unit, property, reference and end-to-end tests. Extra arguments go to pytest.
#
# Two pytest workers (MT_TEST_WORKERS), each taking whole files: a browser test spends much of its time
# waiting for its page, so two at once use a 2-core machine's cores (12 min 45 s against about 20 alone,
# measured 2026-12-01, load 5-9). `-n 0` after the command runs everything in one process.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash "$ROOT/scripts/setup.sh"
cd "$ROOT"
exec python3 -m pytest -q -n "${MT_TEST_WORKERS:-2}" --dist loadfile "$@"
