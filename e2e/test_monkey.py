"""Random play through the real page never breaks it: a short, fixed-seed run of the monkey.

Seeded random clicks and keys (tiles, trains, every button, Escape, arrows, Enter, Tab, the letter
shortcuts), a reload with Continue in the middle, across seeds that vary the preset, the tile set,
the seats, people against CPUs and people passing the device, and every rule option. After every
step the page must show exactly the position its save holds (the save replayed by the real engine on
CPython), the tile counts must add up to the set, and no console error may appear. See
e2e/random_play.py for the checks; ``python3 -m bench.monkey`` runs many more seeds.
"""

from __future__ import annotations

import time

import pytest
from e2e.conftest import open_game, wait_ready
from e2e.random_play import MonkeyFailure, run_seed

SEEDS = (2, 6, 23, 10, 29)   # one person on double-12, hotseats (classic, 4 seats), CPUs alone, classic
STEPS = 55


@pytest.fixture(scope="module")
def monkey_page(browser, server):
    context, page, watch = open_game(browser, server + "?test=1")
    yield page, watch
    context.close()


def test_random_play_through_the_page_keeps_a_legal_consistent_position(monkey_page):
    page, watch = monkey_page
    started = time.time()
    totals: dict[str, int] = {}
    for n, seed in enumerate(SEEDS):
        try:
            counts = run_seed(page, watch, seed, STEPS, wait_ready, reload_at=(STEPS // 2,) if n == 0 else ())
        except MonkeyFailure as failure:
            pytest.fail(str(failure) + f"\n  save: {(failure.save or '')[:2000]}")
        for k, v in counts.items():
            totals[k] = totals.get(k, 0) + v
    assert totals["steps"] == len(SEEDS) * STEPS
    assert totals["reloads"] >= 1 and totals["clicks"] > totals["keys"] > 0
    print(f"\nmonkey: {len(SEEDS)} seeds, {totals} in {time.time() - started:.0f} s")
    watch.check()
