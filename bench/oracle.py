#!/usr/bin/env python3
"""How much the hidden tiles are worth to Strong: Strong that sees the other hands, against strong0 (a yardstick, not
a player: no level, match file or page ever meets it).

    nice -n 19 python3 -m bench.oracle --deals 200 --seed 13          # sees the hands, not the boneyard's order
    nice -n 19 python3 -m bench.oracle --deals 200 --seed 13 --draws  # the boneyard's order too

Strong decides from its seat's view and guesses the hidden tiles (``sampling.Knowledge``). Here every guess is
the truth instead: the real hands of the other seats (and with ``--draws`` the boneyard in its real order; without
it the boneyard is shuffled for each guess). Everything else is today's Strong. Its margin over strong0 is the most
that better guessing alone could give Strong's look-ahead. 2 seats, double-12, standard rules, each deal played
from both sides; use seeds other than 1 (the headline tournaments').
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from typing import Any

from mexican_train import tournament
from mexican_train.players import sampling, strong
from mexican_train.rules import Rules
from mexican_train.tiles import Tile
from mexican_train.view import SeatView

_CURRENT: dict[str, Any] = {}
_seat_view = tournament.seat_view
_sample = sampling.Knowledge.sample


def _watched_seat_view(state: Any, seat: int) -> SeatView:
    """tournament.play_round asks for the view just before the chooser: the state behind it is kept."""
    _CURRENT["state"] = state
    return _seat_view(state, seat)


def oracle(view: SeatView, rng: random.Random, draws: bool = False) -> Any:
    """Strong's choice with every guess of the hidden tiles replaced by the truth."""
    state = _CURRENT["state"]

    def truth(self: sampling.Knowledge, rng: random.Random, tries: int = 8) -> tuple[list[list[Tile]], list[Tile]]:
        pool = list(state.boneyard)
        if not draws:
            rng.shuffle(pool)
        return [list(h) for h in state.hands], pool

    sampling.Knowledge.sample = truth  # type: ignore[method-assign]
    try:
        return strong.choose(view, rng)
    finally:
        sampling.Knowledge.sample = _sample  # type: ignore[method-assign]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--draws", action="store_true", help="the boneyard's order is known too")
    args = parser.parse_args(argv)
    chooser, opponents = tournament.chooser, tournament.opponents
    player = (lambda view, rng: oracle(view, rng, draws=True)) if args.draws else oracle
    tournament.seat_view = _watched_seat_view  # type: ignore[assignment]
    tournament.chooser = lambda kind: player if kind == "oracle" else chooser(kind)  # type: ignore[assignment]
    tournament.opponents = lambda: {**opponents(), "oracle": player}  # type: ignore[assignment]
    started = time.perf_counter()
    s = tournament.run([("oracle", "strong0")], args.deals, Rules.make(set=12, seats=2), seed=args.seed,
                       jobs=args.jobs, progress=None)[0]
    print(f"oracle{' (and the draws)' if args.draws else ''} vs strong0: {100 * s.won[0]:.1f}% ± {100 * s.won[1]:.1f} "
          f"of {s.rounds} rounds (seed {args.seed}), points per round {s.points[0][0]:.1f} vs {s.points[1][0]:.1f}, "
          f"{time.perf_counter() - started:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
