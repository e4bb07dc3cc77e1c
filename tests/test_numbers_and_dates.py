"""Numbers and dates by each language's rules: the decimal sign, dates in the language's own form with the
month named, never split across two lines; from CLDR data that Babel writes at build time into the package
(which stays standard-library only)."""

from __future__ import annotations

import datetime as dt
import json
import re

import pytest
from babel.dates import format_date
from tests.browser_side import Tab
from tests.test_coach_glue import DAY_MS, Clock, play_through

from mexican_train import locale_formats
from mexican_train.i18n import LANGUAGES, NO_BREAK, decimal, long_date, month_year, set_language, weekdays_short
from scripts import catalogs
from scripts import locale_formats as build


@pytest.fixture(autouse=True)
def speak():
    catalogs.ensure()
    yield set_language
    set_language("en")


def test_the_shipped_formats_are_what_babel_says_now():
    with open(locale_formats.__file__, encoding="utf-8") as f:
        assert f.read() == build.source(), "run python3 -m scripts.locale_formats"


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_day_of_two_years_is_written_as_babel_writes_it(speak, lang):
    speak(lang)
    day = dt.date(2026, 1, 1)
    while day.year < 2028:
        assert long_date(day) == format_date(day, "long", locale=lang).replace(" ", NO_BREAK)
        assert month_year(day) == format_date(day, "MMMM y" if lang != "es" else "MMMM 'de' y",
                                              locale=lang).replace(" ", NO_BREAK)
        day += dt.timedelta(days=1)


@pytest.mark.parametrize("lang, written", [("en", "35.8"), ("es", "35,8"), ("fr", "35,8")])
def test_a_decimal_takes_the_languages_sign_and_a_whole_number_none(speak, lang, written):
    speak(lang)
    assert decimal(35.8) == written and decimal(12.0) == "12" and decimal(0.25) in ("0.2", "0,2")


@pytest.mark.parametrize("lang, month, head", [("en", "December", "Mon"), ("es", "diciembre", "lun"),
                                               ("fr", "décembre", "lun.")])
def test_the_screens_write_decimals_and_dates_in_the_language(speak, lang, month, head):
    speak(lang)
    day_ms = 1_796_083_200_000 + 3_600_000   # 2026-12-01, 01:00 UTC
    tab = Tab(clock=Clock(day_ms))
    vm = tab.send({"type": "new_match", "settings": {
        "set": 6, "seats": 2, "rounds": 3, "seed": 4, "cpu_speed": "instant",
        "players": [{"name": "Ana", "kind": "human"}, {"name": "Bot", "kind": "easy"}]}})
    play_through(tab, vm)
    screen = tab.call({"type": "stats"})["view"]
    text = json.dumps(screen, ensure_ascii=False)
    sign = "." if lang == "en" else ","
    other = "," if lang == "en" else "."
    average = next(r["value"] for r in screen["rows"] if r["value"][:1].isdigit() and not r["value"].isdigit()
                   and len(r["value"]) < 6)
    assert sign in average and other not in average
    assert "2026-12-01" not in text and month in text          # the best round's day, in words
    daily = tab.call({"type": "daily"})["view"]
    assert month in daily["title"] and "2026-12" not in daily["title"]
    date = daily["title"][daily["title"].index("1"):]
    assert " " not in date                                     # no break inside the date
    assert month in daily["calendar"]["title"] and daily["calendar"]["weekdays"][0] == head
    assert all(not re.search(r"\d{4}-\d\d-\d\d", day["label"]) for week in daily["calendar"]["weeks"] for day in week)
    assert weekdays_short()[0] == head
