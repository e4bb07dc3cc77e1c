#!/usr/bin/env python3
"""Screen Strong with inferred guesses (``bench.infer``) against strong0 (a tuning tool, not a test).

    nice -n 19 python3 -m bench.infer_screen --seed 30 --deals 200 --jobs 2 "iterations=80,factor=4,tau=3.0,last=3"

Each variant is ``key=value`` pairs: a field of ``infer.Options`` (``factor``, ``tau``, ``p``, ``last``,
``superset``, ``nodes``, ``pool``), ``iterations`` or ``candidates`` (``strong.think``'s), or a field of
``strong.Settings``; ``infer=0`` plays plain Strong with those settings. Use seeds 30 and up for tuning.
"""

from __future__ import annotations

import argparse
import functools
import sys
import time

from mexican_train import tournament
from mexican_train.players import strong
from mexican_train.rules import Rules

from bench import infer

VARIANTS: dict[str, object] = {}


def parse(text: str):  # type: ignore[no-untyped-def]
    strong_options: dict[str, object] = {}
    settings: dict[str, object] = {}
    options: dict[str, object] = {}
    use = True
    for item in filter(None, text.split(",")):
        key, _, value = item.partition("=")
        number: object = float(value) if "." in value else int(value)
        if key == "infer":
            use = bool(number)
        elif key in infer.Options._fields:
            options[key] = type(getattr(infer.Options(), key))(number)
        elif key in strong.Settings._fields:
            settings[key] = number
        else:
            strong_options[key] = number
    if settings:
        strong_options["settings"] = strong.SETTINGS._replace(**settings)
    if not use:
        return functools.partial(strong.choose, **strong_options)
    return functools.partial(infer.choose, options=infer.Options(**options), **strong_options)


_chooser = tournament.chooser
_opponents = tournament.opponents


def chooser(kind: str):  # type: ignore[no-untyped-def]
    if kind in VARIANTS:
        return VARIANTS[kind]
    return _chooser(kind)


def opponents():  # type: ignore[no-untyped-def]
    return {**_opponents(), **VARIANTS}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variants", nargs="+")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=30)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--against", default="strong0")
    args = parser.parse_args(argv)
    if args.seed == 1:
        parser.error("seed 1 is the headline's: tune on others")
    for i, text in enumerate(args.variants):
        VARIANTS[f"v{i}"] = parse(text)
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
