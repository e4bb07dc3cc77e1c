#!/usr/bin/env python3
"""Screen Strong with inferred guesses (``bench.infer``) against strong0 (a tuning tool, not a test).

    nice -n 19 python3 -m bench.infer_screen --seed 30 --deals 200 --jobs 2 "iterations=80,factor=4,tau=3.0,last=3"

Each variant is ``key=value`` pairs: a field of ``infer.Options`` (``factor``, ``tau``, ``p``, ``last``,
``superset``, ``nodes``, ``pool``), ``iterations`` or ``candidates`` (``strong.think``'s), or a field of
``strong.Settings``; ``infer=0`` plays plain Strong with those settings. Use seeds 30 and up for tuning.
"""

from __future__ import annotations

import functools
import sys

from mexican_train.players import strong

from bench import infer, screen


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


def main(argv: list[str] | None = None) -> int:
    return screen.main(argv, make=parse, seed=30, doc=__doc__)


if __name__ == "__main__":
    sys.exit(main())
