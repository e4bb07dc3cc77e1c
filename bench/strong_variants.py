#!/usr/bin/env python3
"""Decision times of Strong variants on the golden positions (a tuning tool): CPU ms median, p95, max.

    nice -n 19 python3 -m bench.strong_variants --every 8 "" "steps=1,most=4.0"
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from bench.screen import parse
from bench.strong import golden_views
from mexican_train.players import strong


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("variants", nargs="+")
    parser.add_argument("--every", type=int, default=8)
    parser.add_argument("--two", action="store_true", help="only the 2-seat double-12 positions")
    args = parser.parse_args(argv)
    cases = golden_views(1)
    if args.two:
        cases = [c for c in cases if c[0].rules.seats == 2 and c[0].rules.set == 12]
    cases = cases[::args.every]
    for text in args.variants:
        options = parse(text)
        ms = []
        for view, seed, _ in cases:
            start = time.process_time()
            strong.choose(view, random.Random(seed), **options)  # type: ignore[arg-type]
            ms.append((time.process_time() - start) * 1000)
        ms.sort()
        p95 = ms[min(len(ms) - 1, int(round(0.95 * (len(ms) - 1))))]
        print(f"{text or 'default'}: {len(ms)} positions, CPU ms median {statistics.median(ms):.1f}, "
              f"p95 {p95:.1f}, max {ms[-1]:.1f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
