"""Engine speed under random play: full rounds per second, microseconds per legal_actions call.

    python3 -m bench.engine [--set 12] [--seats 4] [--seconds 10]
    valgrind --tool=callgrind python3 -m bench.engine --rounds 200   # a fixed workload

With ``--rounds N`` it plays exactly N rounds (the deals of seeds 0..N-1, the
same choices every time) and stops: a fixed amount of work, for counting
instructions with callgrind rather than timing on a busy machine.

Plays whole rounds (double-12, 4 seats by default) choosing uniformly among
the legal actions, on one core. ``legal_actions`` is timed separately on
positions collected from those rounds (its result is also cached in each
state, so the figure is the cost of computing it when a state is made).
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time

from mexican_train import Rules
from mexican_train.engine import _compute_legal
from mexican_train.match import start_round


def rounds_per_second(rules: Rules, seconds: float) -> tuple[float, float]:
    """Whole random rounds per second, and the mean number of actions in a round."""
    rng = random.Random(1)
    rounds = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = start_round(rules, rounds, 0)
        while state.result is None:
            state = state.apply(rng.choice(state.legal))
            actions += 1
        rounds += 1
    elapsed = time.perf_counter() - start
    return rounds / elapsed, actions / rounds


def fixed_rounds(rules: Rules, rounds: int) -> int:
    """Play exactly ``rounds`` random rounds (seeds 0..rounds-1); the number of actions taken."""
    rng = random.Random(1)
    actions = 0
    for seed in range(rounds):
        state = start_round(rules, seed, 0)
        while state.result is None:
            state = state.apply(rng.choice(state.legal))
            actions += 1
    return actions


def legal_actions_microseconds(rules: Rules, positions: int) -> float:
    """Mean cost of computing the legal actions of a position, over positions from random rounds."""
    rng = random.Random(2)
    states = []
    seed = 0
    while len(states) < positions:
        state = start_round(rules, 10_000 + seed, 0)
        seed += 1
        while state.result is None:
            states.append(state)
            state = state.apply(rng.choice(state.legal))
    states = states[:positions]
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for state in states:
            _compute_legal(state)
        best = min(best, (time.perf_counter() - start) / len(states))
    return best * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", type=int, default=12)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=0, help="play exactly this many rounds, then stop")
    args = parser.parse_args()
    rules = Rules.make("standard", set=args.set, seats=args.seats, rounds=1)
    if args.rounds:
        actions = fixed_rounds(rules, args.rounds)
        print(f"{args.rounds} rounds, {actions} actions (double-{args.set}, {args.seats} seats, random play)")
        return
    print(f"Python {platform.python_version()} on {platform.machine()}, double-{args.set}, {args.seats} seats,"
          f" random play")
    runs = [rounds_per_second(rules, args.seconds) for _ in range(args.repeats)]
    rates = [r for r, _ in runs]
    print(f"full rounds per second: median {statistics.median(rates):.0f} (runs: {', '.join(f'{r:.0f}' for r in rates)});"
          f" {runs[0][1]:.1f} actions a round")
    print(f"legal_actions: {legal_actions_microseconds(rules, 20_000):.2f} microseconds a call")


if __name__ == "__main__":
    main()
