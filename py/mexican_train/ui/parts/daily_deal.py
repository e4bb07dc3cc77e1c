"""The daily deal's screen: today's deal against Strong, its own save, its attempt counted once.

The deal is played by the page's second ``MatchApp`` (``Apps.daily``), saved
under ``records.DAILY_KEY``; while it is on screen the match's events go to
it. The first attempt of the day counts from its first action; later ones
are practice.
"""

# (No ``from __future__ import annotations``: TypedDict reads ``NotRequired`` from live annotations.)
import datetime as dt
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, TypedDict

from ... import daily, stats
from ...i18n import _, long_date, month_year, plural, weekdays_short
from ...match import HUMAN, Match
from .. import protocol, records, storage
from .. import strings as S
from ..controller import default_name
from ..protocol import AnswerBase, Dialog, Event, GameAnswer, NoneAnswer
from ..saves import Stores
from ..views import DailyEnd, ShareNotes
from . import Part, part
from .statistics import Statistics

if TYPE_CHECKING:
    from ..dispatch import Page

NAME = "daily"


# -- its events, view and answer --------------------------------------------------------------------------------

@protocol.declare("daily", NAME)
@dataclass(frozen=True)
class OpenDaily(Event):
    """The daily deal's screen."""


@protocol.declare("daily_play", NAME)
@dataclass(frozen=True)
class PlayDaily(Event):
    """Play today's deal: the attempt in progress, or a new one; at the setup screen's computer speed."""

    cpu_speed: str | None = None


@protocol.declare("daily_again", NAME)
@dataclass(frozen=True)
class PlayDailyAgain(Event):
    """A new attempt at today's deal (practice once one has counted)."""

    cpu_speed: str | None = None


@protocol.declare("daily_leave", NAME)
@dataclass(frozen=True)
class LeaveDaily(Event):
    """Back from the daily deal to the match in play, if any."""


# -- the daily deal -----------------------------------------------------------------------------------------

class CalendarDay(TypedDict):
    """A day of the daily deal's calendar."""

    day: int
    date: str
    played: bool
    today: bool
    future: bool
    label: str


class Calendar(TypedDict):
    """The last weeks, Monday first, each day played or not."""

    title: str
    weekdays: list[str]
    weeks: list[list[CalendarDay]]


class DailyPlay(TypedDict):
    """The daily deal's main button: what it does and its words."""

    action: Literal["daily_play", "daily_again"]
    label: str


class DailyView(TypedDict):
    """The daily deal's screen."""

    title: str
    about: str
    status: str
    play: DailyPlay
    share: str | None
    streak: str
    longest: str
    calendar: Calendar
    notes: ShareNotes



@protocol.declare_answer
class DailyAnswer(AnswerBase):
    """The daily deal's screen (``part`` "daily")."""

    part: Literal["daily"]
    view: DailyView


protocol.declare_dialogs(Dialog("daily-dialog", True))

CALENDAR_WEEKS = 5


@part(NAME)
class DailyDeal(Part):
    """Today's deal for this tab: its match is the page's second (``Apps.daily``)."""

    def __init__(self, page: "Page") -> None:
        super().__init__(page)
        self.apps = page.apps

    @property
    def statistics(self) -> Statistics:
        """The statistics part, which keeps the record the attempts count in."""
        return self.page.part(Statistics)

    def handle(self, event: Event, stores: Stores) -> DailyAnswer | GameAnswer | NoneAnswer:
        """One event of the daily deal's screen."""
        match event:
            case PlayDaily(cpu_speed=speed):
                return self.play(stores, again=False, speed=speed)
            case PlayDailyAgain(cpu_speed=speed):
                return self.play(stores, again=True, speed=speed)
            case LeaveDaily():
                self.apps.active = self.apps.main
                if self.apps.main.session.match is None:
                    return {"seq": -1, "part": "none", "thinking": None, "writes": []}
                return self.apps.main.handle(protocol.Refresh(), stores)
        return {"seq": -1, "part": "daily", "thinking": None, "writes": [], "view": self.view(stores)}

    def settings(self, day: dt.date, speed: object = None) -> dict[str, object]:
        """The setup settings that start the daily deal of ``day`` (``daily.match_of``); ``speed``: the
        computer's speed chosen on the setup screen (else the match's, else the default)."""
        main = self.apps.main
        if not isinstance(speed, str):
            speed = main.session.cpu_speed if main.session.match is not None else None
        return {"preset": "standard", "set": 12, "seats": 2, "rounds": "one", "seed": daily.seed_of(day),
                "players": [{"name": default_name(0, HUMAN, 1), "kind": HUMAN}, {"name": _(daily.STRONG), "kind": "strong"}],
                **({"cpu_speed": speed} if speed else {})}

    def todays_match(self, stores: Stores) -> Match | None:
        """Today's daily deal as this tab or the save holds it (None: not begun today)."""
        today = self.statistics.today()
        app = self.apps.daily
        match = app.session.match
        if match is not None and daily.is_daily(match, today):
            return match
        saved = storage.load(app.store_of(stores)).session
        found = saved.match if saved is not None else None
        return found if found is not None and daily.is_daily(found, today) else None

    def play(self, stores: Stores, again: bool = False, speed: object = None) -> GameAnswer:
        """Put today's deal on screen: the attempt in progress, or a new one."""
        today = self.statistics.today()
        app = self.apps.active = self.apps.daily
        live = app.session.match
        if not again and live is not None and daily.is_daily(live, today):
            return app.handle(protocol.Refresh(), stores)
        if not again:
            saved = self.todays_match(stores)
            if saved is not None and not saved.over:
                return app.handle(protocol.ContinueSaved(), stores)
        return app.handle(protocol.NewMatch(self.settings(today, speed)), stores)

    def view(self, stores: Stores) -> DailyView:
        """The daily deal's screen: today's state, what to press, the share text, the streak, the calendar."""
        today = self.statistics.today()
        record = records.load(stores.local).record
        entry = record["daily"].get(daily.key_of(today))
        match = self.todays_match(stores)
        in_progress = match is not None and not match.over and _actions(match) > 0
        counted = entry is not None and "points" in entry
        lines = []
        if counted:
            lines.append(_(S.DAILY_COUNTED).format(result=daily.result_sentence(entry, spoken_to=True)))
        elif in_progress:
            attempt_counts = entry is not None and entry.get("attempt") == self._attempt_id(match, stores)
            lines.append(_(S.DAILY_IN_PROGRESS if attempt_counts or entry is None else S.DAILY_IN_PROGRESS_PRACTICE))
        elif entry is not None:
            lines.append(_(S.DAILY_COUNTED_UNFINISHED))
        else:
            lines.append(_(S.DAILY_NOT_PLAYED))
        if entry is not None and entry.get("practice"):
            lines.append(plural(S.DAILY_PRACTICE, entry["practice"]))
        play: DailyPlay
        if in_progress:
            play = {"action": "daily_play", "label": _(S.DAILY_CONTINUE)}
        elif entry is None and (match is None or _actions(match) == 0):
            play = {"action": "daily_play", "label": _(S.DAILY_PLAY)}
        else:
            play = {"action": "daily_again", "label": _(S.DAILY_AGAIN)}
        cal = daily.calendar(record, today)
        share = daily.share_text(today, entry) if counted else None
        return {"title": _(S.DAILY_TITLE).format(day=long_date(today)), "about": _(S.DAILY_ABOUT),
                "status": " ".join(lines), "play": play, "share": share,
                "streak": plural(S.DAILY_STREAK, cal["streak"]), "longest": plural(S.DAILY_LONGEST, cal["longest"]),
                "calendar": _calendar(set(cal["played"]), today), "notes": share_notes()}

    def _attempt_id(self, match: Match | None, stores: Stores) -> str | None:
        app = self.apps.daily
        if match is not None and match is app.session.match:
            return app.keeper.match_id
        try:
            return storage.match_id_of(app.store_of(stores).get_item(storage.MATCH_KEY))
        except Exception:  # noqa: BLE001
            return None

    def end(self, stores: Stores) -> DailyEnd | None:
        """For the daily deal's end screen: the share text of the counted result, or that this was practice."""
        app = self.apps.daily
        match = app.session.match
        if self.apps.active is not app or match is None or not match.over:
            return None
        day = day_of(match)
        entry = records.load(stores.local).record["daily"].get(daily.key_of(day)) if day else None
        if day is not None and entry is not None and "points" in entry and entry.get("attempt") == app.keeper.match_id:
            return {"share": daily.share_text(day, entry), "practice": None, "notes": share_notes(),
                    "again": _(S.DAILY_AGAIN)}
        return {"share": None, "practice": _(S.DAILY_PRACTICE_END), "notes": share_notes(), "again": _(S.DAILY_AGAIN)}

    def noticed(self, before: Match | None, stores: Stores) -> None:
        """The daily deal moved on from ``before``: an attempt starts with its first action (the first taken in
        this tab: a save continued elsewhere has started already), and its result counts when it ends."""
        app = self.apps.daily
        match = app.session.match
        if match is None or match is before:
            return
        day = day_of(match)
        if day is None:
            return
        attempt = app.keeper.match_id
        if before is not None and _actions(before) == 0 and _actions(match) >= 1 and before.seed == match.seed:
            def start(record: stats.Record) -> stats.Record:
                after, counted = daily.start_attempt(record, day)
                if counted:
                    after["daily"][daily.key_of(day)]["attempt"] = attempt
                return after
            self.statistics.update(stores, start)
        if match.over:
            def finish(record: stats.Record) -> stats.Record:
                entry = record["daily"].get(daily.key_of(day))
                if entry is None or "points" in entry or entry.get("attempt") != attempt:
                    return record
                return daily.finish(record, day, match)
            self.statistics.update(stores, finish)


def _actions(match: Match) -> int:
    return sum(len(r.actions) for r in match.rounds)


def day_of(match: Match) -> dt.date | None:
    """The day whose daily deal ``match`` is (from its seed), or None when it is no daily deal."""
    seed = match.seed
    try:
        day = dt.date(seed // 10_000, seed // 100 % 100, seed % 100)
    except ValueError:
        return None
    return day if daily.is_daily(match, day) else None


def share_notes() -> ShareNotes:
    """What the page says after the share button: shared, copied, or copy it yourself."""
    return {"shared": _(S.DAILY_SHARE_SHARED), "copied": _(S.DAILY_SHARE_COPIED), "select": _(S.DAILY_SHARE_SELECT)}


def _calendar(played: set[str], today: dt.date) -> Calendar:
    """The last ``CALENDAR_WEEKS`` weeks, Monday first, ending with this week: each day played or not."""
    start = today - dt.timedelta(days=today.weekday() + 7 * (CALENDAR_WEEKS - 1))
    weeks = []
    for w in range(CALENDAR_WEEKS):
        week: list[CalendarDay] = []
        for d in range(7):
            day = start + dt.timedelta(days=7 * w + d)
            key = day.isoformat()
            label = _(S.DAILY_DAY_PLAYED if key in played else S.DAILY_DAY_NOT_PLAYED).format(day=long_date(day))
            if day == today:
                label = _(S.DAILY_DAY_TODAY).format(day=label)
            week.append({"day": day.day, "date": key, "played": key in played, "today": day == today,
                         "future": day > today, "label": label})
        weeks.append(week)
    first = month_year(start)
    last = month_year(today)
    months = first if first == last else _(S.DAILY_MONTHS).format(first=first, last=last)
    return {"title": _(S.DAILY_CALENDAR).format(months=months), "weekdays": weekdays_short(), "weeks": weeks}
