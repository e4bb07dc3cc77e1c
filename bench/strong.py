#!/usr/bin/env python3
"""Strong's decision time on fixed positions: decisions per second, median and p95 per decision.

    python3 -m bench.strong                  # every 8th position of the golden file, 3 passes
    python3 -m bench.strong --every 1 --passes 1
    valgrind --tool=callgrind python3 -m bench.strong --every 16 --passes 1   # instructions, not time
    valgrind --tool=callgrind python3 -m bench.strong --every 16 --passes 0   # ... minus loading the views

The positions are those of ``tests/golden/strong_choices.json.gz`` (views with
a real choice under every preset and rule option, 2 to 10 seats), each with
its recorded generator seed, so every run does exactly the same work. Views
are built before the clock starts; each decision is timed on its own with
``time.perf_counter``. A pass decides every chosen position once; the figure
of a position is its fastest pass (the least disturbed by other work on the
machine). ``--check`` also compares each choice with the recorded one.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time

from mexican_train.players import strong
from mexican_train.view import SeatView


def golden_views(every: int = 1) -> list[tuple[SeatView, int, str]]:
    """Every ``every``-th position of the golden file: (view, generator seed, recorded action), read as the
    golden test reads it."""
    from tests.test_strong_golden import golden_positions
    return [(view, seed, expected) for _label, view, seed, expected in golden_positions()][::every]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--every", type=int, default=8, help="take every N-th golden position (default 8)")
    parser.add_argument("--passes", type=int, default=3, help="decide every position this many times")
    parser.add_argument("--check", action="store_true", help="also compare each choice with the recorded one")
    args = parser.parse_args(argv)
    cases = golden_views(args.every)
    if args.passes <= 0:  # views only: the baseline to subtract from an instruction count
        print(f"{len(cases)} golden positions loaded, none decided")
        return 0
    best = [float("inf")] * len(cases)
    differ = 0
    for _ in range(args.passes):
        for i, (view, seed, expected) in enumerate(cases):
            rng = random.Random(seed)
            start = time.perf_counter()
            action = strong.choose(view, rng)
            elapsed = time.perf_counter() - start
            best[i] = min(best[i], elapsed)
            if args.check and str(action) != expected:
                differ += 1
    ms = sorted(t * 1000 for t in best)
    p95 = ms[min(len(ms) - 1, int(round(0.95 * (len(ms) - 1))))]
    print(f"Python {platform.python_version()} on {platform.machine()}: Strong on {len(cases)} golden positions "
          f"(every {args.every}th), fastest of {args.passes} pass(es) each")
    print(f"decisions per second: {len(ms) / (sum(ms) / 1000):.1f}")
    print(f"per decision: median {statistics.median(ms):.2f} ms, p95 {p95:.2f} ms, max {ms[-1]:.2f} ms")
    if args.check:
        print(f"choices differing from the golden file: {differ}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
