#!/usr/bin/env python3
"""The fuzz suite of the match file readers, at length: as many hostile files as asked.

    python3 -m bench.fuzz                       # 20,000 files, seed 1
    python3 -m bench.fuzz --files 100000 --seed 7

The same mutations and checks as tests/test_fuzz_match_files.py (tests/fuzz_matchfiles.py: every field
replaced by every JSON type, deep nesting, huge numbers and strings, truncation, duplicate keys, garbage,
and the same match written differently), each file read by ``matchfile.loads``, the save loader and the
command line. A different seed gives different files. Prints how many files of each kind were loaded or
refused and the time taken; on the first failure, hypothesis prints the smallest file it can find that
fails, and the script exits 1.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter

from hypothesis import HealthCheck, given, seed, settings

from tests.fuzz_matchfiles import cases, check


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--files", type=int, default=20_000, help="how many files (default 20,000)")
    ap.add_argument("--seed", type=int, default=1, help="which files (default 1)")
    a = ap.parse_args(argv)
    seen: Counter = Counter()

    @seed(a.seed)
    @settings(max_examples=a.files, database=None, deadline=None, suppress_health_check=list(HealthCheck))
    @given(cases())
    def one_file(case):
        seen[case.kind, check(case)] += 1

    started = time.time()
    try:
        one_file()
    except Exception as err:  # noqa: BLE001 - hypothesis has printed the failing file
        print(f"fuzz: FAILED after {sum(seen.values())} files: {type(err).__name__}: {err}", file=sys.stderr)
        return 1
    total = sum(seen.values())
    print(f"fuzz: {total} files, seed {a.seed}, 0 failures, in {time.time() - started:.0f} s")
    for kind in sorted({k for k, _ in seen}):
        print(f"  {kind:<10} loaded {seen[kind, 'loaded']:>6}   refused {seen[kind, 'refused']:>6}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
