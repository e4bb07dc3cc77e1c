"""The page's coach, replay, statistics and daily deal: what ``window.mtApi.coach`` answers (py/page.py).

``Coach`` sits beside the page's two Apps (``page.App``): the match in play,
saved under ``mexican-train:match``, and the daily deal, saved under
``mexican-train:daily`` (``records.daily_storage``). ``active`` says which of
them the game screen is showing; the page's ``dispatch`` goes to that one.
Everything it returns is JSON-ready; every word comes from ``strings``.

Events (``handle``), each a dict with ``type``:

==================  ==========================================================
``stats``           the statistics screen (``stats_view``)
``stats_export``    ``{"text", "name"}``: the record as a file
``stats_import``    ``{"text"}``: merged into the record (nothing counted is lost)
``stats_reset``     the record emptied (the page asks first)
``daily``           the daily deal's screen (``daily_view``)
``daily_play``      play today's deal (continue today's save, or start it):
                    ``{"vm"}``, the game's view model; the daily App is active
``daily_again``     a new attempt at today's deal (practice once one is counted)
``daily_leave``     back to the match in play: ``{"vm"}`` (None: no match)
``replay_open``     ``{"source": "current" | "saved" | "daily" | "file",
                    "text"}``: the replay's first position (``replay_view``)
``replay_go``       ``{"index"}``: the replay at that step
``replay_item``     ``{"round", "action"}``: the replay just before that action
``review``          ``{"scope": "round" | "match"}``: start (or show) the review
                    of the active match; ``review_think`` runs its next slice
==================  ==========================================================

The review runs a few milliseconds per call (``slice_ms``), as the page's CPU
thinking does: while it runs the answer is ``{"review": {"running": true,
"done", "total", "text"}}`` and the page calls ``review_think`` after
yielding to the browser.

``dispatch(event)`` hands the game's events to the active App, then
``noticed`` counts the match's finished rounds in the statistics, and for the
daily deal an attempt's start and its result.
"""

from __future__ import annotations

import datetime as dt
import time
from typing import Any

from .. import daily, review, stats
from ..errors import MexicanTrainError
from ..i18n import _, plural
from ..match import Match
from ..players import LEVELS
from . import records, replay, storage
from . import strings as S
from .narrate import describe_move

CALENDAR_WEEKS = 5
MAIN_ONLY = frozenset({"new_match", "import", "continue_saved"})
"""Events of the setup screen: they are about the match, never the daily deal."""


def utc_day(ms: float) -> dt.date:
    """The UTC date at ``ms`` milliseconds since 1970 (the daily deal's day changes at midnight UTC)."""
    return (dt.datetime(1970, 1, 1) + dt.timedelta(milliseconds=ms)).date()


def _actions(match: Match | None) -> int:
    return sum(len(r.actions) for r in match.rounds) if match is not None else 0


def _number(value: float | None) -> str:
    return "–" if value is None else (f"{value:.1f}" if value != int(value) else str(int(value)))


class Coach:
    """Statistics, the daily deal, the replay and the review, for one tab. ``main`` and ``daily_app`` are
    the page's Apps (``session``, ``match_id``, ``dispatch``); ``store`` is localStorage; ``clock()``
    gives ms since 1970."""

    def __init__(self, store: Any, clock: Any, main: Any, daily_app: Any, slice_ms: float = 8.0):
        self.store = store
        self.clock = clock
        self.main = main
        self.daily = daily_app
        self.active = main
        self.slice_ms = slice_ms
        self.message: str | None = None   # said once on the statistics screen (a record kept aside)
        self.replaying: tuple[list[replay.Step], Match] | None = None
        self.reviewed: dict[tuple[Any, ...], list[review.Item]] = {}   # finished reviews, by match and scope
        self.job: dict[str, Any] | None = None                         # the review in progress

    # -- the page's Apps ----------------------------------------------------------------------
    def app(self) -> Any:
        """The App the game screen shows (the page sends it the game's events)."""
        return self.active

    def today(self) -> dt.date:
        return utc_day(self.clock())

    def noticed(self, app: Any, before: Match | None) -> None:
        """After ``app`` handled an event that moved its match from ``before``: count what is new."""
        match = app.session.match
        if match is None or match is before:
            return
        if app is self.daily:
            self._daily_noticed(match, before)
            return
        if app.match_id is None or not any(r.result is not None for r in match.rounds):
            return
        day = self.today().isoformat()
        self._update(lambda record: stats.record(record, app.match_id, match, day))

    def _daily_noticed(self, match: Match, before: Match | None) -> None:
        day = _day_of(match)
        if day is None:
            return
        attempt = self.daily.match_id
        # an attempt starts with its first action (the first action taken in this tab: a save continued
        # elsewhere has started already)
        if before is not None and _actions(before) == 0 and _actions(match) >= 1 and before.seed == match.seed:
            def start(record: stats.Record) -> stats.Record:
                after, counted = daily.start_attempt(record, day)
                if counted:
                    after["daily"][daily.key_of(day)]["attempt"] = attempt
                return after
            self._update(start)
        if match.over:
            def finish(record: stats.Record) -> stats.Record:
                entry = record["daily"].get(daily.key_of(day))
                if entry is None or "points" in entry or entry.get("attempt") != attempt:
                    return record
                return daily.finish(record, day, match)
            self._update(finish)

    def _update(self, change: Any) -> stats.Record:
        found = records.update(self.store, change)
        if found.message:
            self.message = found.message
        return found.record

    def dispatch(self, event: Any) -> dict[str, Any]:
        """A game event from the page, for the App on screen (a new match, an import or Continue of the
        saved match always go to the match's App, which comes back on screen); counts what changed."""
        if isinstance(event, dict) and event.get("type") in MAIN_ONLY:
            self.active = self.main
        app = self.active
        before = app.session.match
        answer: dict[str, Any] = app.dispatch(event)
        self.noticed(app, before)
        if not answer.get("same"):
            answer["daily_end"] = self.daily_end()
        return answer

    # -- events -----------------------------------------------------------------------------
    def handle(self, event: dict[str, Any]) -> dict[str, Any]:
        """One event of the coach's screens; returns what to draw."""
        kind = event.get("type")
        if kind == "stats":
            return {"stats": self.stats_view()}
        if kind == "stats_export":
            return {"text": stats.dumps(records.load(self.store).record), "name": _(S.STATS_FILE_NAME)}
        if kind == "stats_import":
            try:
                theirs = stats.loads(str(event.get("text") or ""))
            except MexicanTrainError as err:
                return {"stats": self.stats_view(), "error": _(S.STATS_IMPORT_ERROR).format(reason=err.localized())}
            self._update(lambda record: stats.merge(record, theirs))
            return {"stats": self.stats_view(_(S.STATS_IMPORTED))}
        if kind == "stats_reset":
            self._update(lambda record: stats.empty())
            return {"stats": self.stats_view(_(S.STATS_RESET_DONE))}
        if kind == "daily":
            return {"daily": self.daily_view()}
        if kind in ("daily_play", "daily_again"):
            return {"vm": self.daily_play(again=kind == "daily_again", speed=event.get("cpu_speed"))}
        if kind == "daily_leave":
            self.active = self.main
            return {"vm": self.main.dispatch({"type": "refresh"}) if self.main.session.match is not None else None}
        if kind == "replay_open":
            return self.replay_open(str(event.get("source") or ""), str(event.get("text") or ""))
        if kind == "replay_go":
            return self.replay_at(_int(event.get("index")))
        if kind == "replay_item":
            if self.replaying is None:
                return {"error": _(S.REPLAY_NOTHING)}
            try:
                index = replay.index_of(self.replaying[0], _int(event.get("round")), _int(event.get("action")))
            except ValueError:
                index = 0
            return self.replay_at(index)
        if kind == "review":
            return self.review_start(str(event.get("scope") or "match"))
        if kind == "review_think":
            return self.review_think()
        return {"error": f"unknown event {kind!r}"}

    # -- statistics -------------------------------------------------------------------------
    def stats_view(self, note: str | None = None) -> dict[str, Any]:
        """The statistics screen: rows of figures, the groups, the chart of recent results."""
        found = records.load(self.store)
        message = " ".join(m for m in (self.message, found.message, note) if m) or None
        self.message = None
        summary = stats.summary(found.record)
        tally = summary["all"]
        best = summary["best_round"]
        rows = [
            (S.STATS_MATCHES, str(tally["matches"])), (S.STATS_MATCHES_WON, str(tally["matches_won"])),
            (S.STATS_ROUNDS, str(tally["rounds"])), (S.STATS_ROUNDS_WON, str(tally["rounds_won"])),
            (S.STATS_AVERAGE, _number(tally["average_points"]) if tally["rounds"] else _(S.STATS_DASH)),
            (S.STATS_BEST, plural(S.STATS_BEST_VALUE, best["points"], day=best["day"]) if best else _(S.STATS_DASH)),
            (S.STATS_STREAK, str(summary["longest_streak"])), (S.STATS_STREAK_NOW, str(summary["current_streak"])),
        ]
        groups = [
            {"title": _(S.STATS_BY_OPPONENTS),
             "rows": [{"label": _opponents_label(name), "value": _group_line(t)}
                      for name, t in summary["by_opponents"].items()]},
            {"title": _(S.STATS_BY_SET),
             "rows": [{"label": _(S.STATS_SET).format(set=top), "value": _group_line(t)}
                      for top, t in summary["by_set"].items()]},
        ]
        recent = summary["recent"]
        points = [m["average_points"] for m in recent]
        chart = None
        if recent:
            title = _(S.STATS_CHART_TITLE)
            said = ", ".join(_(S.STATS_CHART_POINT).format(points=_number(m["average_points"]),
                                                          result=_(S.STATS_WON if m["won"] else S.STATS_LOST))
                             for m in recent)
            chart = {"title": title, "rounds": len(recent), "label": _(S.STATS_CHART_LABEL).format(title=title,
                                                                                                    summary=said),
                     "series": [{"points": points, "summary": said, "winner": False}]}
        return {"rows": [{"label": _(label), "value": value} for label, value in rows],
                "groups": [g for g in groups if g["rows"]], "chart": chart,
                "empty": _(S.STATS_NONE) if not found.record["matches"] else None, "message": message}

    # -- the daily deal ---------------------------------------------------------------------
    def daily_settings(self, day: dt.date, speed: object = None) -> dict[str, Any]:
        """The setup settings that start the daily deal of ``day`` (``daily.match_of``); ``speed``: the
        computer's speed chosen on the setup screen (else the match's, else the default)."""
        if not isinstance(speed, str):
            speed = self.main.session.cpu_speed if self.main.session.match is not None else None
        return {"preset": "standard", "set": 12, "seats": 2, "rounds": "one", "seed": daily.seed_of(day),
                "players": [{"name": _(daily.YOU), "kind": "human"}, {"name": _(daily.STRONG), "kind": "strong"}],
                **({"cpu_speed": speed} if speed else {})}

    def _daily_match(self) -> Match | None:
        """Today's daily deal as this tab or the save holds it (None: not begun today)."""
        today = self.today()
        match = self.daily.session.match
        if match is not None and daily.is_daily(match, today):
            return match  # type: ignore[no-any-return]
        saved = storage.load(self.daily.store).session
        found = saved.match if saved is not None else None
        return found if found is not None and daily.is_daily(found, today) else None

    def daily_play(self, again: bool = False, speed: object = None) -> dict[str, Any]:
        """Make the daily App active with today's deal: the attempt in progress, or a new one."""
        today = self.today()
        self.active = self.daily
        live = self.daily.session.match
        if not again and live is not None and daily.is_daily(live, today):
            return self.daily.dispatch({"type": "refresh"})  # type: ignore[no-any-return]
        if not again:
            saved = self._daily_match()
            if saved is not None and not saved.over:
                return self.daily.dispatch({"type": "continue_saved"})  # type: ignore[no-any-return]
        return self.daily.dispatch({"type": "new_match", "settings": self.daily_settings(today, speed)})  # type: ignore[no-any-return]

    def daily_view(self) -> dict[str, Any]:
        """The daily deal's screen: today's state, what to press, the share text, the streak, the calendar."""
        today = self.today()
        record = records.load(self.store).record
        entry = record["daily"].get(daily.key_of(today))
        match = self._daily_match()
        in_progress = match is not None and not match.over and _actions(match) > 0
        counted = entry is not None and "points" in entry
        lines = []
        if counted:
            lines.append(_(S.DAILY_COUNTED).format(result=daily.result_sentence(entry)))
        elif in_progress:
            attempt_counts = entry is not None and entry.get("attempt") == self._daily_attempt_id(match)
            lines.append(_(S.DAILY_IN_PROGRESS if attempt_counts or entry is None else S.DAILY_IN_PROGRESS_PRACTICE))
        elif entry is not None:
            lines.append(_(S.DAILY_COUNTED_UNFINISHED))
        else:
            lines.append(_(S.DAILY_NOT_PLAYED))
        if entry is not None and entry.get("practice"):
            lines.append(plural(S.DAILY_PRACTICE, entry["practice"]))
        if in_progress:
            play = {"action": "daily_play", "label": _(S.DAILY_CONTINUE)}
        elif entry is None and (match is None or _actions(match) == 0):
            play = {"action": "daily_play", "label": _(S.DAILY_PLAY)}
        else:
            play = {"action": "daily_again", "label": _(S.DAILY_AGAIN)}
        cal = daily.calendar(record, today)
        share = daily.share_text(today, entry) if counted else None
        return {"title": _(S.DAILY_TITLE).format(day=daily.key_of(today)), "about": _(S.DAILY_ABOUT),
                "status": " ".join(lines), "play": play, "share": share,
                "streak": plural(S.DAILY_STREAK, cal["streak"]), "longest": plural(S.DAILY_LONGEST, cal["longest"]),
                "calendar": _calendar(set(cal["played"]), today), "notes": share_notes()}

    def _daily_attempt_id(self, match: Match | None) -> str | None:
        if match is not None and match is self.daily.session.match:
            return self.daily.match_id  # type: ignore[no-any-return]
        try:
            return storage.match_id_of(self.daily.store.get_item(storage.MATCH_KEY))
        except Exception:  # noqa: BLE001
            return None

    def daily_end(self) -> dict[str, Any] | None:
        """For the daily deal's end screen: the share text of the counted result, or that this was practice."""
        match = self.daily.session.match
        if self.active is not self.daily or match is None or not match.over:
            return None
        day = _day_of(match)
        entry = records.load(self.store).record["daily"].get(daily.key_of(day)) if day else None
        if day is not None and entry is not None and "points" in entry and entry.get("attempt") == self.daily.match_id:
            return {"share": daily.share_text(day, entry), "practice": None, "notes": share_notes(),
                    "again": _(S.DAILY_AGAIN)}
        return {"share": None, "practice": _(S.DAILY_PRACTICE_END), "notes": share_notes(), "again": _(S.DAILY_AGAIN)}

    # -- the replay -------------------------------------------------------------------------
    def replay_open(self, source: str, text: str) -> dict[str, Any]:
        """Open a match to replay: the one in play (``current``), the saved one, today's daily deal, a file."""
        match: Match | None = None
        try:
            if source == "current":
                match = self.active.session.match
            elif source == "daily":
                match = self.daily.session.match or self._saved_match(self.daily.store)
            elif source == "saved":
                match = self.main.session.match or self._saved_match(self.store)
            elif source == "file":
                match = storage.import_text(text).match
        except MexicanTrainError as err:
            return {"error": _(S.REPLAY_UNREADABLE).format(reason=err.localized())}
        if match is None:
            return {"error": _(S.REPLAY_NOTHING)}
        self.replaying = (replay.steps(match), match)
        return self.replay_at(0)

    @staticmethod
    def _saved_match(store: Any) -> Match | None:
        try:
            text = store.get_item(storage.MATCH_KEY)
        except Exception:  # noqa: BLE001 - a storage that refuses holds nothing to replay
            return None
        return storage.read_session(text).match if text is not None else None

    def replay_at(self, index: int) -> dict[str, Any]:
        """The replay screen at step ``index`` (clamped), with the review's items for this match, if any."""
        if self.replaying is None:
            return {"error": _(S.REPLAY_NOTHING)}
        found, match = self.replaying
        vm = replay.view_model(found, index, match)
        items = []
        for (key_match, _scope, _rounds), listed in self.reviewed.items():
            if key_match is match:
                for item in listed:
                    items.append({"index": replay.index_of(found, item.round, item.action),
                                  "label": _(S.REPLAY_REVIEW_ITEM).format(round=item.round + 1, action=item.action + 1,
                                                                         cost=_number(item.cost))})
        vm["items"] = sorted({i["index"]: i for i in items}.values(), key=lambda i: i["index"])
        vm["hidden_text"] = _(S.REPLAY_HAND_HIDDEN)
        vm["round_labels"] = [_(S.ROUND_N).format(number=n + 1) for n in range(len(match.rounds))]
        return {"replay": vm}

    # -- the review -------------------------------------------------------------------------
    def review_start(self, scope: str) -> dict[str, Any]:
        """Start the review of the active match (the round just over, or the whole match), or show it."""
        match = self.active.session.match
        if match is None:
            return {"error": _(S.REPLAY_NOTHING)}
        finished = [i for i, r in enumerate(match.rounds) if r.result is not None]
        if scope == "round" and finished:
            rounds: tuple[int, ...] | None = (finished[-1],)
            title = _(S.REVIEW_TITLE_ROUND).format(round=finished[-1] + 1)
        else:
            rounds, title = None, _(S.REVIEW_TITLE_MATCH)
        key = (match, scope, rounds)
        if key in self.reviewed:
            return self._review_view(match, title, self.reviewed[key])
        if self.job is None or self.job["key"] != key:
            self.job = {"key": key, "title": title, "match": match, "progress": (0, 0),
                        "steps": review.review_steps(match, rounds=rounds)}
        return self.review_think()

    def review_think(self) -> dict[str, Any]:
        """Run the review in progress for one slice: its progress, or its items once done."""
        job = self.job
        if job is None:
            return {"error": _(S.REPLAY_NOTHING)}
        started = time.perf_counter()
        try:
            while (time.perf_counter() - started) * 1000 < self.slice_ms:
                job["progress"] = next(job["steps"])
        except StopIteration as done:
            self.job = None
            self.reviewed = {k: v for k, v in self.reviewed.items() if k[0] is job["match"]}  # one match kept
            self.reviewed[job["key"]] = list(done.value)
            return self._review_view(job["match"], job["title"], self.reviewed[job["key"]])
        finished, total = job["progress"]
        return {"review": {"running": True, "title": job["title"], "done": finished, "total": total,
                           "text": _(S.REVIEW_PROGRESS).format(done=min(finished + 1, max(total, 1)),
                                                               total=max(total, 1))}}

    def _review_view(self, match: Match, title: str, items: list[review.Item]) -> dict[str, Any]:
        found = replay.steps(match)
        shown = []
        for item in items:
            position = found[replay.index_of(found, item.round, item.action)].match
            name = match.players[item.seat].name
            shown.append({
                "round": item.round, "action": item.action,
                "where": _(S.REVIEW_WHERE).format(round=item.round + 1, action=item.action + 1, name=name),
                "played": _(S.REVIEW_PLAYED).format(move=describe_move(position, item.played, item.seat)),
                "better": _(S.REVIEW_BETTER).format(move=describe_move(position, item.better, item.seat)),
                "cost": _(S.REVIEW_COST).format(cost=_number(item.cost)),
                "reason": item.reason,
            })
        if not review.human_seats(match):
            summary = _(S.REVIEW_NO_PERSON)
        elif not items:
            summary = _(S.REVIEW_NOTHING)
        else:
            summary = plural(S.REVIEW_COUNT, len(items))
        return {"review": {"running": False, "title": title, "summary": summary, "items": shown,
                           "jump": _(S.REVIEW_JUMP)}}


# -- helpers ------------------------------------------------------------------------------------

def _int(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _day_of(match: Match) -> dt.date | None:
    """The day whose daily deal ``match`` is (from its seed), or None when it is no daily deal."""
    seed = match.seed
    try:
        day = dt.date(seed // 10_000, seed // 100 % 100, seed % 100)
    except ValueError:
        return None
    return day if daily.is_daily(match, day) else None


def share_notes() -> dict[str, str]:
    """What the page says after the share button: shared, copied, or copy it yourself."""
    return {"shared": _(S.DAILY_SHARE_SHARED), "copied": _(S.DAILY_SHARE_COPIED), "select": _(S.DAILY_SHARE_SELECT)}


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
                                        rounds=tally["rounds"], average=_number(tally["average_points"]))


def _calendar(played: set[str], today: dt.date) -> dict[str, Any]:
    """The last ``CALENDAR_WEEKS`` weeks, Monday first, ending with this week: each day played or not."""
    start = today - dt.timedelta(days=today.weekday() + 7 * (CALENDAR_WEEKS - 1))
    weeks = []
    for w in range(CALENDAR_WEEKS):
        week = []
        for d in range(7):
            day = start + dt.timedelta(days=7 * w + d)
            key = day.isoformat()
            label = _(S.DAILY_DAY_PLAYED if key in played else S.DAILY_DAY_NOT_PLAYED).format(day=key)
            if day == today:
                label = _(S.DAILY_DAY_TODAY).format(day=label)
            week.append({"day": day.day, "date": key, "played": key in played, "today": day == today,
                         "future": day > today, "label": label})
        weeks.append(week)
    return {"title": _(S.DAILY_CALENDAR), "weekdays": [_(w) for w in S.WEEKDAYS], "weeks": weeks}
