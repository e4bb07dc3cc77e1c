"""The daily deal: one round a day, the same deal for everyone, you against Strong.

The match of a day is fixed by the date alone: standard rules, double-12, two
seats, one round, and the match seed is the UTC date as the number YYYYMMDD
(2026-11-30 -> 20261130). The person sits in seat 0 and Strong in seat 1, so
everybody gets the same tiles and the same opponent, on any machine.

An attempt counts from its first action. The first attempt of a day is the
one that counts (``start_attempt`` says whether an attempt counts; its result
goes into the statistics record's ``daily`` section with ``finish``); later
attempts the same day are practice, only counted as such. ``share_text``
gives a spoiler-free line (date, points, how the round ended) and
``calendar`` the days played and the streak.
"""

from __future__ import annotations

import copy
import datetime as dt
from typing import Any

from .i18n import N_, NP_, _, long_date, plural
from .match import HUMAN, Match, Player, new_match
from .rules import Rules
from .stats import Record

SHARE = N_("Mexican Train daily deal, {day}: {result}")
RESULT_OUT_YOU = N_("I went out first, with 0 points.")
RESULT_OUT_STRONG = NP_("Strong went out first; I kept {n} point.", "Strong went out first; I kept {n} points.")
RESULT_BLOCKED = NP_("The round was blocked; I kept {n} point.", "The round was blocked; I kept {n} points.")
# the same results said to the person on screen (the daily deal's status line): the shared text stays in the first person
SAID_OUT_YOU = N_("you went out first, with 0 points.")
SAID_OUT_STRONG = NP_("Strong went out first; you kept {n} point.", "Strong went out first; you kept {n} points.")
SAID_BLOCKED = NP_("the round was blocked; you kept {n} point.", "the round was blocked; you kept {n} points.")
STRONG = N_("Strong")
YOU = N_("You")


def seed_of(day: dt.date) -> int:
    """The match seed of a day's deal: the date as the number YYYYMMDD."""
    return day.year * 10_000 + day.month * 100 + day.day


def key_of(day: dt.date) -> str:
    """The day as the record writes it: YYYY-MM-DD."""
    return day.isoformat()


def rules() -> Rules:
    """The daily deal's rules: standard, double-12, two seats, one round."""
    return Rules.make("standard", set=12, seats=2, rounds=1)


def match_of(day: dt.date) -> Match:
    """The day's match, about to begin: the person in seat 0, Strong in seat 1."""
    return new_match(rules(), seed_of(day), [Player(_(YOU), HUMAN), Player(_(STRONG), "strong")])


def is_daily(match: Match, day: dt.date) -> bool:
    """True when ``match`` is the deal of ``day`` (same rules, seed and seats)."""
    return (match.rules == rules() and match.seed == seed_of(day)
            and [p.kind for p in match.players] == [HUMAN, "strong"])


def start_attempt(stats: Record, day: dt.date) -> tuple[Record, bool]:
    """An attempt's first action: the record after it, and whether this attempt is the day's counted one."""
    out = copy.deepcopy(stats)
    entry = out["daily"].get(key_of(day))
    if entry is None:
        out["daily"][key_of(day)] = {"practice": 0}
        return out, True
    entry["practice"] = entry.get("practice", 0) + 1
    return out, False


def result_of(match: Match) -> dict[str, Any]:
    """The person's result of a finished daily round: points left, won (lowest score), how it ended."""
    result = match.rounds[0].result
    assert result is not None, "the round is not over"
    points = result.scores[0]
    return {"points": points, "won": points <= result.scores[1], "ending": result.reason,
            "out": result.seat}


def finish(stats: Record, day: dt.date, match: Match) -> Record:
    """The record with the day's counted attempt finished as ``match`` ended (its practice count kept)."""
    out = copy.deepcopy(stats)
    entry = out["daily"].setdefault(key_of(day), {"practice": 0})
    found = result_of(match)
    entry.update(points=found["points"], won=found["won"], ending=found["ending"])
    return out


def result_sentence(result: dict[str, Any], spoken_to: bool = False) -> str:
    """How the person's round ended, in one sentence with no tile in it (points and the ending): in the first
    person, as the person shares it, or ``spoken_to`` the person (the screen's own voice)."""
    points = result["points"]
    if result["ending"] == "out" and points == 0:
        return _(SAID_OUT_YOU if spoken_to else RESULT_OUT_YOU)
    if result["ending"] == "out":
        return plural(SAID_OUT_STRONG if spoken_to else RESULT_OUT_STRONG, points)
    return plural(SAID_BLOCKED if spoken_to else RESULT_BLOCKED, points)


def share_text(day: dt.date, result: dict[str, Any]) -> str:
    """One line to share, with no tile in it: the date (as the language writes it), the points and how the
    round ended."""
    return _(SHARE).format(day=long_date(day), result=result_sentence(result))


def calendar(stats: Record, today: dt.date) -> dict[str, Any]:
    """The days with a finished counted attempt, and the streak: consecutive such days up to today
    (or up to yesterday, while today's deal is still to play), and the longest streak."""
    played = sorted(day for day, entry in stats["daily"].items() if "points" in entry)
    days = {dt.date.fromisoformat(d) for d in played}
    streak = 0
    cursor = today if today in days else today - dt.timedelta(days=1)
    while cursor in days:
        streak += 1
        cursor -= dt.timedelta(days=1)
    longest = run = 0
    previous = None
    for d in sorted(days):
        run = run + 1 if previous is not None and d - previous == dt.timedelta(days=1) else 1
        longest = max(longest, run)
        previous = d
    return {"played": played, "streak": streak, "longest": longest,
            "today": stats["daily"].get(key_of(today))}
