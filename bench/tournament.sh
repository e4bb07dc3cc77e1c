#!/usr/bin/env bash
# The CPU ladder benchmark of the README (not a test): 2-seat double-12 rounds under the standard
# rules, 1000 seeded deals per pairing, each played from both sides (2000 rounds per pairing),
# on two worker processes. Extra options are passed on (e.g. --deals 100 for a quick look).
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHONPATH=py exec python -m mexican_train tournament \
  --pairings strong-easy,strong-normal,normal-easy --deals 1000 --set 12 --seats 2 --seed 1 --jobs 2 "$@"
