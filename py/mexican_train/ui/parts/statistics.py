"""The statistics screen, and the counting of every finished round of the match in play.

The record lives under ``records.STATS_KEY``; every change reads it afresh
from the call's texts and writes it back (``records.update``), so two tabs
never undo each other's counting.
"""

# (No ``from __future__ import annotations``: TypedDict reads ``NotRequired`` from live annotations.)
import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, TypedDict

from ... import stats
from ...errors import MexicanTrainError
from ...i18n import _, decimal, long_date, plural
from ...match import Match
from ...players import LEVELS
from .. import controller, protocol, records
from .. import strings as S
from ..matchapp import MatchApp
from ..protocol import AnswerBase, Dialog, Event, FileAnswer
from ..saves import Stores
from ..views import Chart
from . import Part, part

if TYPE_CHECKING:
    from ..dispatch import Page

NAME = "stats"


# -- its events, view and answer --------------------------------------------------------------------------------

@protocol.declare("stats", NAME)
@dataclass(frozen=True)
class OpenStats(Event):
    """The statistics screen."""


@protocol.declare("stats_export", NAME)
@dataclass(frozen=True)
class ExportStats(Event):
    """The statistics as a file."""


@protocol.declare("stats_import", NAME)
@dataclass(frozen=True)
class ImportStats(Event):
    """A statistics file (its text), merged into the record."""

    text: str


@protocol.declare("stats_reset", NAME)
@dataclass(frozen=True)
class ResetStats(Event):
    """Empty the statistics (the page asked first)."""


class Figure(TypedDict):
    """A label and its value, in words."""

    label: str
    value: str


class FigureGroup(TypedDict):
    """A table of figures with its caption."""

    title: str
    rows: list[Figure]


class StatsView(TypedDict):
    """The statistics screen."""

    rows: list[Figure]
    groups: list[FigureGroup]
    chart: Chart | None
    empty: str | None
    message: str | None


@protocol.declare_answer
class StatsAnswer(AnswerBase):
    """The statistics screen (``part`` "stats"), with a refusal of an imported file in ``error``."""

    part: Literal["stats"]
    view: StatsView
    error: str | None


protocol.declare_dialogs(Dialog("stats-dialog", True), Dialog("stats-reset-dialog", True))


def utc_day(ms: float) -> dt.date:
    """The UTC date at ``ms`` milliseconds since 1970 (the daily deal's day changes at midnight UTC)."""
    return (dt.datetime(1970, 1, 1) + dt.timedelta(milliseconds=ms)).date()


def number(value: float | None) -> str:
    """A figure as the screens write it: one decimal when it has one (with the language's decimal sign), a
    dash when there is none."""
    return "–" if value is None else decimal(value)


def day_text(day: str) -> str:
    """A day of the record (YYYY-MM-DD) as the language writes it; as it is when it is no such date."""
    try:
        return long_date(dt.date.fromisoformat(day))
    except ValueError:
        return day


@part(NAME)
class Statistics(Part):
    """The statistics of this browser."""

    def __init__(self, page: "Page") -> None:
        super().__init__(page)
        self.clock = page.clock
        self.message: str | None = None   # said once on the statistics screen (a record kept aside)

    def today(self) -> dt.date:
        """Today's UTC date."""
        return utc_day(self.clock())

    def handle(self, event: Event, stores: Stores) -> StatsAnswer | FileAnswer:
        """One event of the statistics screen."""
        store = stores.local
        match event:
            case ExportStats():
                return {"seq": -1, "part": "file", "thinking": None, "writes": [],
                        "view": {"text": stats.dumps(records.load(store).record), "name": _(S.STATS_FILE_NAME)}}
            case ImportStats(text=text):
                try:
                    theirs = stats.loads(text)
                except MexicanTrainError as err:
                    return self.answer(stores, error=_(S.STATS_IMPORT_ERROR).format(reason=err.localized()))
                before = records.load(store).record
                after = self.update(stores, lambda record: stats.merge(record, theirs))
                return self.answer(stores, imported_note(before, after))
            case ResetStats():
                self.update(stores, lambda record: stats.empty())
                return self.answer(stores, _(S.STATS_RESET_DONE))
        return self.answer(stores)

    def update(self, stores: Stores, change: Callable[[stats.Record], stats.Record]) -> stats.Record:
        """Change the record (read afresh); a problem reading or writing it is said on the next screen."""
        found = records.update(stores.local, change)
        if found.message:
            self.message = found.message
        return found.record

    def noticed(self, app: MatchApp, before: Match | None, stores: Stores) -> None:
        """The match in play moved on from ``before``: count its finished rounds."""
        match = app.session.match
        if match is None or match is before or app.keeper.match_id is None:
            return
        if not match.finished:
            return
        day = self.today().isoformat()
        match_id = app.keeper.match_id
        here = controller.local_people(app.session)   # a friend's seat counts on the friend's device, not here
        self.update(stores, lambda record: stats.record(record, match_id, match, day, here))

    def answer(self, stores: Stores, note: str | None = None, error: str | None = None) -> StatsAnswer:
        """The statistics screen's answer."""
        return {"seq": -1, "part": "stats", "thinking": None, "writes": [], "view": self.view(stores, note),
                "error": error}

    def view(self, stores: Stores, note: str | None = None) -> StatsView:
        """The statistics screen: rows of figures, the groups, the chart of recent results."""
        found = records.load(stores.local)
        message = " ".join(m for m in (self.message, found.message, note) if m) or None
        self.message = None
        summary = stats.summary(found.record)
        tally = summary["all"]
        best = summary["best_round"]
        rows = [
            (S.STATS_MATCHES, str(tally["matches"])), (S.STATS_MATCHES_WON, str(tally["matches_won"])),
            (S.STATS_ROUNDS, str(tally["rounds"])), (S.STATS_ROUNDS_WON, str(tally["rounds_won"])),
            (S.STATS_AVERAGE, number(tally["average_points"]) if tally["rounds"] else _(S.STATS_DASH)),
            (S.STATS_BEST, plural(S.STATS_BEST_VALUE, best["points"], day=day_text(best["day"])) if best else _(S.STATS_DASH)),
            (S.STATS_STREAK, str(summary["longest_streak"])), (S.STATS_STREAK_NOW, str(summary["current_streak"])),
        ]
        groups: list[FigureGroup] = [
            {"title": _(S.STATS_BY_OPPONENTS),
             "rows": [{"label": _opponents_label(name), "value": _group_line(t)}
                      for name, t in summary["by_opponents"].items()]},
            {"title": _(S.STATS_BY_SET),
             "rows": [{"label": _(S.STATS_SET).format(set=top), "value": _group_line(t)}
                      for top, t in summary["by_set"].items()]},
        ]
        recent = summary["recent"]
        points = [float(m["average_points"]) for m in recent]
        chart: Chart | None = None
        if recent:
            title = _(S.STATS_CHART_TITLE)
            said = ", ".join(_(S.STATS_CHART_POINT).format(points=number(m["average_points"]),
                                                          result=_(S.STATS_WON if m["won"] else S.STATS_LOST))
                             for m in recent)
            chart = {"title": title, "rounds": len(recent), "label": _(S.STATS_CHART_LABEL).format(title=title,
                                                                                                    summary=said),
                     "series": [{"points": points, "summary": said, "winner": False}]}
        return {"rows": [{"label": _(label), "value": value} for label, value in rows],
                "groups": [g for g in groups if g["rows"]], "chart": chart,
                "empty": _(S.STATS_NONE) if not found.record["matches"] else None, "message": message}


def imported_note(before: stats.Record, after: stats.Record) -> str:
    """What an import changed: how many matches and days of the daily deal it added or completed, or that it
    changed nothing."""
    if before == after:
        return _(S.STATS_IMPORTED_NOTHING)
    old = {m["id"]: m for m in before["matches"]}
    matches = sum(1 for m in after["matches"] if old.get(m["id"]) != m)
    days = sum(1 for day, entry in after["daily"].items() if before["daily"].get(day) != entry)
    return _(S.STATS_IMPORTED).format(matches=plural(S.STATS_IMPORTED_MATCHES, matches),
                                      days=plural(S.STATS_IMPORTED_DAYS, days))


def _opponents_label(name: str) -> str:
    if name == stats.FRIENDS:
        return _(S.STATS_FRIENDS)
    if name == stats.MIXED:
        return _(S.STATS_MIXED)
    level = next((lv for lv in LEVELS if lv.name == name), None)
    return _(S.STATS_VS_LEVEL).format(level=_(level.label) if level else name)


def _group_line(tally: dict[str, Any]) -> str:
    return _(S.STATS_GROUP_LINE).format(matches=plural(S.STATS_MATCHES_VALUE, tally["matches"]),
                                        won=tally["matches_won"], rounds_won=tally["rounds_won"],
                                        rounds=tally["rounds"], average=number(tally["average_points"]))
