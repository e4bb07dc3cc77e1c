#!/usr/bin/env python3
"""Each language's way of writing numbers and dates, from Babel's CLDR data, into a module the package ships.

    python3 -m scripts.locale_formats        # writes py/mexican_train/locale_formats.py

The package stays standard-library only (it runs in the page's Pyodide, where there is no Babel): this
build step writes, for every language of the game, its decimal sign, its month and weekday names and its
date patterns as plain Python data; ``mexican_train.i18n`` formats with them. tests/test_numbers_and_dates.py
checks that the module is what Babel says today, and that its dates are Babel's own.
"""

from __future__ import annotations

import os
import pprint
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "py", "mexican_train", "locale_formats.py")
HEADER = '''"""Each language's decimal sign, month and weekday names and date patterns (CLDR, through Babel).

Written by ``python3 -m scripts.locale_formats`` at build time: do not edit. ``mexican_train.i18n``
formats numbers and dates with it; weekdays and months count from Monday and January.
"""

from typing import Any

FORMATS: dict[str, dict[str, Any]] = '''


def formats(lang: str) -> dict[str, object]:
    """What the game needs of one language's CLDR data."""
    from babel import Locale
    from babel.numbers import get_decimal_symbol, get_group_symbol
    loc = Locale.parse(lang)
    return {
        "decimal": get_decimal_symbol(loc), "group": get_group_symbol(loc),
        "months": [loc.months["format"]["wide"][m] for m in range(1, 13)],
        "months_alone": [loc.months["stand-alone"]["wide"][m] for m in range(1, 13)],
        "weekdays": [loc.days["format"]["wide"][d] for d in range(7)],
        "weekdays_short": [loc.days["stand-alone"]["abbreviated"][d] for d in range(7)],
        "date": loc.date_formats["long"].pattern,
        "month_year": loc.datetime_skeletons["yMMMM"].pattern,
    }


def source() -> str:
    """The module's text, for every language of the game."""
    sys.path.insert(0, os.path.join(ROOT, "py"))
    from mexican_train.i18n import LANGUAGES
    table = {lang: formats(lang) for lang in LANGUAGES}
    return HEADER + pprint.pformat(table, width=110, sort_dicts=True, compact=True) + "\n"


def main() -> int:
    text = source()
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"locale_formats: wrote {os.path.relpath(OUT, ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
