"""Lifetime statistics of the people who play on one device, and the record that keeps them.

The record is plain JSON (the page keeps it in the browser under
``mexican-train:stats``; Export writes the same text to a file)::

    {"format": "mexican-train-stats", "version": 1,
     "matches": [{"id": "5f0c…", "set": 12, "opponents": "strong", "day": "2026-11-30",
                  "rounds": [{"points": [14], "won": true}, …], "won": true}, …],
     "daily": {"2026-11-30": {"points": 9, "won": true, "ending": "out", "practice": 2}, …}}

* A match is recorded round by round as its rounds finish (``record``), so a
  match replaced before its end still counts the rounds it had; ``won`` is set
  when it ends (``null`` until then).
* Statistics count the people's seats: ``points`` holds each person's score of
  the round. A round (a match) is won when a person has the lowest score
  (total); a shared lowest counts as a win.
* ``opponents`` is the level of the computers when one person plays against
  computers of one level, ``mixed`` for several levels, and ``friends`` when
  two or more people play (then levels do not matter).
* ``daily`` holds the counted attempt of each day's deal (``mexican_train.daily``).

Everything here is pure: functions take a record and return a new one.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any

from .errors import MexicanTrainError
from .i18n import N_
from .match import Match

FORMAT = "mexican-train-stats"
VERSION = 1
FRIENDS = "friends"
MIXED = "mixed"
RECENT = 20
"""How many of the latest matches the chart of recent results shows."""

Record = dict[str, Any]


class StatsError(MexicanTrainError):
    """A statistics record (or file) that cannot be read; the message says what is wrong (a message id and
    its parameters, so the page says it in its language and the command line in English)."""


NOT_STATS = N_("not a statistics file: {reason}")
FILE_NOT_OBJECT = N_("the file must be a JSON object")
MUST_BE = N_("{field} must be {value}")
MUST_BE_LIST = N_("{field} must be a list")
MUST_BE_OBJECT = N_("{field} must be an object")
MUST_BE_ID = N_("{field} must be a text found once")
MUST_BE_SET = N_("{field} must be 6, 9 or 12")
MUST_BE_TEXT = N_("{field} must be a text")
MUST_BE_DATE = N_("{field} must be a date")
MUST_BE_RESULT = N_("{field} must be true, false or null")
MUST_BE_BOOL = N_("{field} must be true or false")
MUST_BE_POINTS = N_("{field} must list whole numbers of points")
MUST_BE_WHOLE = N_("{field} must be a whole number")
MUST_BE_ENDING = N_("{field} must be out or blocked")


def empty() -> Record:
    """A record with nothing in it."""
    return {"format": FORMAT, "version": VERSION, "matches": [], "daily": {}}


def opponents(match: Match, seats: tuple[int, ...] | None = None) -> str:
    """Who the people (``seats``: by default every person's) played against: a CPU level, ``mixed`` or
    ``friends`` (two or more people, or a person against another device's)."""
    if seats is not None and len(seats) < len(match.humans):
        return FRIENDS
    seats = match.humans
    if len(seats) >= 2:
        return FRIENDS
    levels = {p.kind for s, p in enumerate(match.players) if s not in seats}
    return levels.pop() if len(levels) == 1 else MIXED


def _won(scores: Iterable[int], seats: tuple[int, ...]) -> bool:
    scores = list(scores)
    best = min(scores)
    return any(scores[s] == best for s in seats)


def record(stats: Record, match_id: str, match: Match, day: str, seats: tuple[int, ...] | None = None) -> Record:
    """The record with ``match``'s finished rounds (and its result, once over) counted under ``match_id``, for
    the people at ``seats`` (by default every person's seat; the page names those at its own device).

    Calling it again for the same match adds only what is new, so the page may call it after every move.
    A match with no person at the table is not recorded.
    """
    everyone = seats is None
    seats = match.humans if seats is None else seats
    if not seats:
        return stats
    finished = [r for r in match.rounds if r.result is not None]
    entry = next((m for m in stats["matches"] if m["id"] == match_id), None)
    if entry is not None and len(entry["rounds"]) == len(finished) and (entry["won"] is not None) == match.over:
        return stats
    if entry is None and not finished:
        return stats
    out = copy.deepcopy(stats)
    if entry is None:
        entry = {"id": match_id, "set": match.rules.set, "opponents": opponents(match, None if everyone else seats), "day": day,
                 "rounds": [], "won": None}
        out["matches"].append(entry)
    else:
        entry = next(m for m in out["matches"] if m["id"] == match_id)
    for r in finished[len(entry["rounds"]):]:
        assert r.result is not None      # a finished round has its result
        scores = r.result.scores
        entry["rounds"].append({"points": [scores[s] for s in seats], "won": _won(scores, seats)})
    if match.over:
        entry["won"] = _won(match.totals, seats)
        entry["day"] = day
    return out


def _tally(matches: list[dict[str, Any]]) -> dict[str, Any]:
    rounds = [r for m in matches for r in m["rounds"]]
    points = [p for r in rounds for p in r["points"]]
    finished = [m for m in matches if m["won"] is not None]
    return {
        "matches": len(finished), "matches_won": sum(1 for m in finished if m["won"]),
        "rounds": len(rounds), "rounds_won": sum(1 for r in rounds if r["won"]),
        "average_points": round(sum(points) / len(points), 1) if points else None,
    }


def summary(stats: Record) -> dict[str, Any]:
    """What the statistics screen shows: totals, by opponents and by set, best round, streaks, recent results."""
    matches = stats["matches"]
    groups: dict[str, list[dict[str, Any]]] = {}
    for m in matches:
        groups.setdefault(m["opponents"], []).append(m)
    sets: dict[int, list[dict[str, Any]]] = {}
    for m in matches:
        sets.setdefault(m["set"], []).append(m)
    best = None
    for m in matches:
        for number, r in enumerate(m["rounds"]):
            for p in r["points"]:
                if best is None or p < best["points"]:
                    best = {"points": p, "match": m["id"], "round": number, "day": m["day"], "set": m["set"]}
    longest = current = 0
    for m in (m for m in matches if m["won"] is not None):
        current = current + 1 if m["won"] else 0
        longest = max(longest, current)
    recent = [{"id": m["id"], "day": m["day"], "won": m["won"], "opponents": m["opponents"],
               "average_points": round(sum(sum(r["points"]) / len(r["points"]) for r in m["rounds"])
                                       / len(m["rounds"]), 1)}
              for m in matches if m["won"] is not None and m["rounds"]][-RECENT:]
    return {
        "all": _tally(matches),
        "by_opponents": {name: _tally(group) for name, group in sorted(groups.items())},
        "by_set": {top: _tally(group) for top, group in sorted(sets.items())},
        "best_round": best,
        "longest_streak": longest,
        "current_streak": current,
        "recent": recent,
    }


# -- reading and writing --------------------------------------------------------------------

def dumps(stats: Record) -> str:
    """The record as JSON text (what the page stores and what Export writes)."""
    import json
    return json.dumps(stats, separators=(",", ":"), ensure_ascii=False)


def _need(ok: bool, where: str, what: str, **params: object) -> None:
    """Refuse the record unless ``ok``: ``what`` is the message id that says what ``where`` must be."""
    if not ok:
        raise StatsError(NOT_STATS, reason=MexicanTrainError(what, field=where, **params))


def _int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def validate(data: object) -> Record:
    """``data`` (parsed JSON) as a checked record; raises StatsError naming the first field that is wrong."""
    _need(isinstance(data, dict), "", FILE_NOT_OBJECT)
    assert isinstance(data, dict)
    _need(data.get("format") == FORMAT, "format", MUST_BE, value=repr(FORMAT))
    _need(data.get("version") == VERSION and _int(data.get("version")), "version", MUST_BE, value=VERSION)
    matches = data.get("matches")
    _need(isinstance(matches, list), "matches", MUST_BE_LIST)
    assert isinstance(matches, list)
    seen = set()
    for i, m in enumerate(matches):
        where = f"matches[{i}]"
        _need(isinstance(m, dict), where, MUST_BE_OBJECT)
        _need(isinstance(m.get("id"), str) and m["id"] not in seen, f"{where}.id", MUST_BE_ID)
        seen.add(m["id"])
        _need(m.get("set") in (6, 9, 12) and _int(m.get("set")), f"{where}.set", MUST_BE_SET)
        _need(isinstance(m.get("opponents"), str), f"{where}.opponents", MUST_BE_TEXT)
        _need(isinstance(m.get("day"), str), f"{where}.day", MUST_BE_DATE)
        _need(m.get("won") is None or isinstance(m.get("won"), bool), f"{where}.won", MUST_BE_RESULT)
        rounds = m.get("rounds")
        _need(isinstance(rounds, list), f"{where}.rounds", MUST_BE_LIST)
        for j, r in enumerate(rounds):
            at = f"{where}.rounds[{j}]"
            _need(isinstance(r, dict) and isinstance(r.get("won"), bool), f"{at}.won", MUST_BE_BOOL)
            points = r.get("points")
            _need(isinstance(points, list) and bool(points) and all(_int(p) and 0 <= p <= 10_000 for p in points),
                  f"{at}.points", MUST_BE_POINTS)
    daily = data.get("daily")
    _need(isinstance(daily, dict), "daily", MUST_BE_OBJECT)
    assert isinstance(daily, dict)
    for day, result in daily.items():
        at = f"daily[{day}]"
        _need(isinstance(result, dict), at, MUST_BE_OBJECT)
        _need(_int(result.get("practice", 0)) and result.get("practice", 0) >= 0, f"{at}.practice",
              MUST_BE_WHOLE)
        if "points" in result:
            _need(_int(result["points"]) and result["points"] >= 0, f"{at}.points", MUST_BE_WHOLE)
            _need(isinstance(result.get("won"), bool), f"{at}.won", MUST_BE_BOOL)
            _need(result.get("ending") in ("out", "blocked"), f"{at}.ending", MUST_BE_ENDING)
    return data


def loads(text: str) -> Record:
    """Read a record (the stored text or an imported file); raises StatsError saying why it cannot."""
    from . import boundedjson   # size and nesting checked before the parser (a deep file would crash it)
    try:
        data = boundedjson.parse(text)
    except MexicanTrainError as err:
        raise StatsError(NOT_STATS, reason=err) from None
    return validate(data)


def merge(ours: Record, theirs: Record) -> Record:
    """Both records in one (an import never loses what is already counted): matches by id, the
    one with more finished rounds kept; days by date, the one with a result kept."""
    out = copy.deepcopy(ours)
    index = {m["id"]: i for i, m in enumerate(out["matches"])}
    for m in theirs["matches"]:
        i = index.get(m["id"])
        if i is None:
            out["matches"].append(copy.deepcopy(m))
        elif len(m["rounds"]) > len(out["matches"][i]["rounds"]) or (
                m["won"] is not None and out["matches"][i]["won"] is None):
            out["matches"][i] = copy.deepcopy(m)
    for day, result in theirs["daily"].items():
        mine = out["daily"].get(day)
        if mine is None or ("points" not in mine and "points" in result):
            out["daily"][day] = copy.deepcopy(result)
    out["matches"].sort(key=lambda m: m["day"])
    return out
