#!/usr/bin/env python3
"""Play-out policies as players of their own (a tuning tool): a policy that plays better as a player
is a candidate for Strong's play-outs. ``nice -n 19 python3 -m bench.policy_lab A-B --deals 2000``"""

from __future__ import annotations

import argparse
import sys
import time

from mexican_train import tournament
from mexican_train.players import rollout
from mexican_train.players.base import forced, train_index
from mexican_train.players.sim import Sim
from mexican_train.rules import Rules

POLICIES = {"p0": rollout.choose_play}
from bench.playout_variants import POLICIES as _VARIANTS  # noqa: E402
POLICIES.update(_VARIANTS)


def player(policy):  # type: ignore[no-untyped-def]
    def choose(view, rng):  # type: ignore[no-untyped-def]
        action = forced(view)
        if action is not None:
            return action
        me = view.seat
        sim = Sim.from_view(view, [list(view.hand) if s == me else [] for s in range(view.rules.seats)], ())
        plays, reach = rollout.common_plays(sim)
        plans = rollout.Plans(view.rules.seats)
        t, k = policy(sim, plays, plans, reach)
        for a in view.legal:
            if a.tile == t and train_index(view, a) == k:
                return a
        raise AssertionError((t, k, view.legal))
    return choose


_chooser = tournament.chooser
_opponents = tournament.opponents


JUDGES: dict[str, dict[str, float]] = {}


def judge_player(weights):  # type: ignore[no-untyped-def]
    import functools
    from mexican_train.players import strong
    return functools.partial(strong.choose, iterations=0, weights=weights)


def chooser(kind):  # type: ignore[no-untyped-def]
    if kind in JUDGES:
        return judge_player(JUDGES[kind])
    return player(POLICIES[kind]) if kind in POLICIES else _chooser(kind)


def opponents():  # type: ignore[no-untyped-def]
    return {**_opponents(), **POLICIES, **JUDGES}


def judge_kind(spec):  # type: ignore[no-untyped-def]
    """``J`` and ``key=value`` changes of Strong's judge weights, joined by ``/``: ``J/chain=8/pips=0.5``."""
    from mexican_train.players import strong
    w = dict(strong.WEIGHTS)
    for item in spec.split("/")[1:]:
        key, _, value = item.partition("=")
        w[key] = float(value.replace("~", "-"))
    return w


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("pairings", nargs="+")
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    tournament.chooser = chooser  # type: ignore[assignment]
    tournament.opponents = opponents  # type: ignore[assignment]
    rules = Rules.make(set=12, seats=2)
    for pairing in args.pairings:
        for kind in pairing.split("-"):
            if kind.startswith("J"):
                JUDGES[kind] = judge_kind(kind)
    for pairing in args.pairings:
        started = time.perf_counter()
        s = tournament.run([pairing], args.deals, rules, seed=args.seed, jobs=args.jobs, progress=None)[0]
        print(f"{pairing}: {100 * s.won[0]:.1f}% ± {100 * s.won[1]:.1f} of {s.rounds} rounds (seed {args.seed}), "
              f"{time.perf_counter() - started:.0f}s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
