"""The coach's review of the person's play: worked out a slice at a time, kept once done.

``review.review_steps`` judges each decision of the people's seats from what
they knew; the page's one job runner (``dispatch.Page``) runs it in slices
behind a progress bar, and the finished review is kept for the match it
belongs to, so the replay can offer its items.

The coach also reads along: while the page is idle (``read_ahead``, in the
idle time the warm-up used before the first match), it judges the decisions
of each round that is over, so that the review asked for at the match's end
finds most of them judged and only shows them (a 13-round match's review
took 38-48 s on the emulated phone when worked out from the start).
"""

# (No ``from __future__ import annotations``: TypedDict reads ``NotRequired`` from live annotations.)
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Literal, NotRequired, TypedDict

from ... import review
from ...i18n import _, plural
from ...actions import Action
from ...match import Match
from .. import controller, protocol, replay
from .. import strings as S
from ..jobs import Job
from ..narrate import describe_move, is_you, train_name
from ..protocol import AnswerBase, Dialog, Event
from ..saves import Stores
from . import Part, part
from .statistics import number

if TYPE_CHECKING:
    from ..dispatch import Page

NAME = "review"


# -- its events, view and answer --------------------------------------------------------------------------------

class ReviewScope(StrEnum):
    """What the review looks at: the round just over, or the whole match."""

    ROUND = "round"
    MATCH = "match"


@protocol.declare("review", NAME)
@dataclass(frozen=True)
class OpenReview(Event):
    """Review the person's play: the round just over, or the whole match."""

    scope: ReviewScope


class ReviewItemView(TypedDict):
    """One decision of the review: where, what was played, what Strong would play, what it cost, why."""

    round: int
    action: int
    where: str
    played: str
    better: str
    cost: str
    reason: str


class ReviewView(TypedDict):
    """The review: its progress while it runs (``running``), then its items."""

    running: bool
    title: str
    done: NotRequired[int]
    total: NotRequired[int]
    text: NotRequired[str]
    summary: NotRequired[str]
    items: NotRequired[list[ReviewItemView]]
    jump: NotRequired[str]



@protocol.declare_answer
class ReviewAnswer(AnswerBase):
    """The review (``part`` "review"), running or done; ``view`` None and ``error`` when there is none."""

    part: Literal["review"]
    view: ReviewView | None
    error: str | None


protocol.declare_dialogs(Dialog("review-dialog", True))

Key = tuple[Match, ReviewScope, tuple[int, ...] | None]
"""A review: of which match, of what scope, of which rounds (None: all of them)."""


@part(NAME)
class Reviewing(Part):
    """The reviews of this tab's matches (one match's kept) and the one in progress."""

    def __init__(self, page: "Page") -> None:
        super().__init__(page)
        self.apps = page.apps
        self.done: dict[Key, list[review.Item]] = {}
        self.running: tuple[Key, str] | None = None   # the review in progress and its title
        self.judged: review.Judged = {}   # the decisions of one match judged so far (``review.review_steps``)
        self.judged_of: tuple[Any, ...] | None = None   # which match: its seed, rules and players
        self.read: set[int] = set()   # the rounds of that match read ahead (every decision judged)
        self.read_for: tuple[int, ...] = ()   # for which seats (the people at this device)
        self.reading: tuple[int, Job[list[review.Item]]] | None = None   # the round being read ahead

    def handle(self, event: Event, stores: Stores) -> Mapping[str, Any]:
        """Show the review of the match on screen (the round just over, or the whole match), or start it as
        the page's job (its first slice's progress is the answer)."""
        assert isinstance(event, OpenReview)
        answer, job = self.open(event)
        if job is None:
            return answer
        return self.page.start(job, stores)

    def open(self, event: OpenReview) -> tuple[ReviewAnswer, Job[list[review.Item]] | None]:
        """The review's answer, and the job to run when it must be worked out first."""
        match = self.apps.active.session.match
        if match is None:
            return _answer(None, _(S.REPLAY_NOTHING)), None
        last = match.finished - 1   # the round just over
        rounds: tuple[int, ...] | None
        if event.scope == ReviewScope.ROUND and last >= 0:
            rounds, title = (last,), _(S.REVIEW_TITLE_ROUND).format(round=last + 1)
        else:
            rounds, title = None, _(S.REVIEW_TITLE_MATCH)
        key: Key = (match, event.scope, rounds)
        if key in self.done:
            return self.answer_done(key, title), None
        self.running = (key, title)
        people = controller.local_people(self.apps.active.session)
        job: Job[list[review.Item]] = Job("review", review.review_steps(match, people, rounds=rounds,
                                                                        judged=self._judged(match)),
                                          lambda: self.running is not None and self.running[0] == key,
                                          lambda items, stores: self._finished(key, items),
                                          report=self.after)
        return self.progress(job), job

    def _judged(self, match: Match) -> review.Judged:
        """The decisions of ``match`` judged so far (those of another match are dropped)."""
        of = (match.seed, match.rules, match.players)
        if of != self.judged_of:
            self.judged, self.judged_of, self.read, self.reading = {}, of, set(), None
        return self.judged

    def read_ahead(self, budget_ms: float) -> bool:
        """Judge, for ``budget_ms``, the people's decisions in the rounds of the match on screen that are over
        (one round at a time, the earliest first); whether any is left to judge. Run while the page is idle."""
        session = self.apps.active.session
        match = session.match
        people = controller.local_people(session)
        if match is None or not people:
            return False
        judged = self._judged(match)
        if people != self.read_for:
            self.read, self.reading, self.read_for = set(), None, people
        left = [r for r in range(match.finished) if r not in self.read]
        busy = self.page.job
        if not left or (busy is not None and busy.wanted()):   # the page's own job first: it sends think
            return bool(left)
        if self.reading is None:
            self.reading = (left[0], Job("review", review.review_steps(match, people, rounds=(left[0],),
                                                                       judged=judged),
                                         lambda: True, lambda items, stores: None))
        number, job = self.reading
        finished, _items = job.run(budget_ms)
        if finished:
            self.read.add(number)
            self.reading = None
        return any(r not in self.read for r in range(match.finished))

    def _finished(self, key: Key, items: list[review.Item]) -> None:
        self.done = {k: v for k, v in self.done.items() if k[0] is key[0]}   # one match's reviews kept
        self.done[key] = list(items)

    def after(self, job: Job[Any], done: bool) -> ReviewAnswer:
        """The answer after a slice of the review: its progress, or its items once done."""
        if not done or self.running is None:
            return self.progress(job)
        key, title = self.running
        self.running = None
        return self.answer_done(key, title)

    def progress(self, job: Job[Any]) -> ReviewAnswer:
        """The review's progress bar."""
        title = self.running[1] if self.running else ""
        finished, total = job.progress if isinstance(job.progress, tuple) else (0, 0)
        return _answer({"running": True, "title": title, "done": finished, "total": total,
                        "text": _(S.REVIEW_PROGRESS).format(done=min(finished + 1, max(total, 1)),
                                                            total=max(total, 1))}, None, thinking=True)

    def answer_done(self, key: Key, title: str) -> ReviewAnswer:
        """The finished review: its summary and items."""
        match = key[0]
        items = self.done[key]
        found = replay.steps(match)
        shown: list[ReviewItemView] = []
        for item in items:
            position = found[replay.index_of(found, item.round, item.action)].match
            name = match.players[item.seat].name
            where = _(S.REVIEW_WHERE_YOURS) if is_you(match, item.seat, item.seat) else _(S.REVIEW_WHERE)
            shown.append({
                "round": item.round, "action": item.action,
                "where": where.format(round=item.round + 1, action=item.action + 1, name=name),
                "played": _(S.REVIEW_PLAYED).format(move=describe_move(position, item.played, item.seat)),
                "better": _(S.REVIEW_BETTER).format(move=describe_move(position, item.better, item.seat)),
                "cost": _(S.REVIEW_COST).format(cost=number(item.cost)),
                # from the contrast's fields, in the page's words: the move played and Strong's, nothing else
                "reason": _reason(item, position, match),
            })
        if not match.humans:
            summary = _(S.REVIEW_NO_PERSON)
        elif not items:
            summary = _(S.REVIEW_NOTHING)
        else:
            summary = plural(S.REVIEW_COUNT, len(items))
        return _answer({"running": False, "title": title, "summary": summary, "items": shown,
                        "jump": _(S.REVIEW_JUMP)}, None)

    def items_of(self, match: Match) -> list[review.Item]:
        """Every item the finished reviews of ``match`` list."""
        return [item for key, listed in self.done.items() if key[0] is match for item in listed]


def _reason(item: review.Item, position: Match, match: Match) -> str:
    """An item's reason in the page's words, from its contrast's fields (the move played and Strong's)."""

    def move(action: Action) -> str:
        return describe_move(position, action, item.seat)

    def train(action: Action) -> str:
        return train_name(position, action.train, item.seat) if action.train is not None else ""

    def name(seat: int) -> str:
        return match.players[seat].name

    return review.reason_text(item.contrast, move, train, name)


def _answer(view: Any, error: str | None, thinking: bool = False) -> ReviewAnswer:
    return {"seq": -1, "part": "review", "thinking": "review" if thinking else None, "writes": [], "view": view,
            "error": error}
