#!/usr/bin/env python3
"""Screen variants of Strong against the frozen old one (a tuning tool, not a test).

    nice -n 19 python3 -m bench.screen --seed 7 --deals 200 --jobs 2 "horizon=400" "iterations=80,candidates=3"

Each variant is ``key=value`` pairs: ``iterations``, ``candidates`` (``strong.think``'s arguments) or a field
of ``strong.Settings``; each is played against ``strong0`` as ``strong-strong0`` in ``tournament.run``.
Use seeds other than 1 (the headline's) for tuning.
"""

from __future__ import annotations

import argparse
import functools
import sys
import time

from mexican_train import tournament
from mexican_train.players import strong
from mexican_train.rules import Rules

VARIANTS: dict[str, object] = {}   # each variant's chooser, by its name in the tournament


def parse(text: str) -> dict[str, object]:
    options: dict[str, object] = {}
    fields = strong.Settings._fields
    settings = {}
    for item in filter(None, text.split(",")):
        key, _, value = item.partition("=")
        number: object = float(value) if "." in value else int(value)
        if key in fields:
            settings[key] = number
        else:
            options[key] = number
    if settings:
        options["settings"] = strong.SETTINGS._replace(**settings)
    return options


_chooser = tournament.chooser
_opponents = tournament.opponents


def chooser(kind: str):  # type: ignore[no-untyped-def]
    if kind in VARIANTS:
        return VARIANTS[kind]
    return _chooser(kind)


def opponents():  # type: ignore[no-untyped-def]
    return {**_opponents(), **{k: None for k in VARIANTS}}


def strong_variant(text: str):  # type: ignore[no-untyped-def]
    """Strong with the knobs of ``text`` (``parse``)."""
    return functools.partial(strong.choose, **parse(text))


def main(argv: list[str] | None = None, make=strong_variant, seed: int = 7, doc: str | None = None) -> int:
    """Play each variant (``make(text)`` gives its chooser) against ``--against`` and print a line each."""
    parser = argparse.ArgumentParser(description=(doc or __doc__).splitlines()[0])
    parser.add_argument("variants", nargs="+")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=seed)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--against", default="strong0")
    args = parser.parse_args(argv)
    if args.seed == 1:
        parser.error("seed 1 is the headline's: tune on others")
    for i, text in enumerate(args.variants):
        VARIANTS[f"v{i}"] = make(text)
    tournament.chooser = chooser  # type: ignore[assignment]
    tournament.opponents = opponents  # type: ignore[assignment]
    rules = Rules.make(set=12, seats=2)
    for i, text in enumerate(args.variants):
        started = time.perf_counter()
        s = tournament.run([(f"v{i}", args.against)], args.deals, rules, seed=args.seed, jobs=args.jobs,
                           progress=None)[0]
        t = s.times[0]
        print(f"{text or 'default'} vs {args.against}: {100 * s.won[0]:.1f}% ± {100 * s.won[1]:.1f} of {s.rounds} "
              f"rounds (seed {args.seed}), points per round {s.points[0][0]:.1f} vs {s.points[1][0]:.1f}, cpu ms with a choice median/p95 {t.cpu_choice[0]:.1f}/{t.cpu_choice[1]:.1f}"
              f" vs {s.times[1].cpu_choice[0]:.1f}/{s.times[1].cpu_choice[1]:.1f}, "
              f"{time.perf_counter() - started:.0f}s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
