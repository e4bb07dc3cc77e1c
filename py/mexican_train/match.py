"""A match: rounds played one after another, engines counting down, scores adding up."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from .actions import Action
from .dealing import deal
from .engine import RoundState, new_round
from .errors import RulesError
from .rules import Rules

HUMAN = "human"
"""The ``kind`` of a seat a person plays (any other kind names a CPU level, ``players.LEVELS``)."""


class Player(NamedTuple):
    """A seat's name and who plays it: ``HUMAN`` or a CPU level."""

    name: str
    kind: str = HUMAN


class Match(NamedTuple):
    """A whole match. Immutable: ``apply`` returns a new Match.

    ``rounds`` holds every round so far, finished ones included; the last is
    the round in play (or the final round, once the match is over).
    """

    rules: Rules
    seed: int
    players: tuple[Player, ...]
    rounds: tuple[RoundState, ...]

    @property
    def round(self) -> RoundState:
        """The round in play (the last one)."""
        return self.rounds[-1]

    @property
    def seat(self) -> int | None:
        """The seat to move, or None once the match is over."""
        return None if self.over else self.rounds[-1].seat

    @property
    def over(self) -> bool:
        """True when the last round of the match has ended."""
        return self.rounds[-1].over and len(self.rounds) == self.rules.rounds

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats people play, in seat order."""
        return tuple(seat for seat, p in enumerate(self.players) if p.kind == HUMAN)

    @property
    def finished(self) -> int:
        """How many rounds have ended (every round but the last has; the last, once it is over)."""
        return len(self.rounds) - (self.rounds[-1].result is None)

    @property
    def running_totals(self) -> tuple[tuple[int, ...], ...]:
        """Each seat's total after each finished round, round by round: the first entry is round 0's scores,
        the last the match totals so far."""
        found: list[tuple[int, ...]] = []
        totals = (0,) * self.rules.seats
        for r in self.rounds:
            if r.result is None:
                break
            totals = tuple(total + score for total, score in zip(totals, r.result.scores))
            found.append(totals)
        return tuple(found)

    def totals_before(self, number: int) -> tuple[int, ...]:
        """Each seat's total before round ``number`` (0-based) began: the sum of the rounds before it."""
        return self.running_totals[number - 1] if number > 0 else (0,) * self.rules.seats

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's total over the finished rounds."""
        return self.totals_before(self.finished)

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats with the lowest total (several share the win); empty until the match is over."""
        if not self.over:
            return ()
        totals = self.totals
        best = min(totals)
        return tuple(seat for seat, total in enumerate(totals) if total == best)

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions of the seat to move (empty once the match is over)."""
        return self.rounds[-1].legal

    def apply(self, action: Action | str) -> "Match":
        """The match after the seat to move takes ``action``; a finished round deals the next one."""
        current = self.rounds[-1].apply(action)
        rounds = self.rounds[:-1] + (current,)
        if current.over and len(rounds) < self.rules.rounds:
            rounds += (start_round(self.rules, self.seed, len(rounds)),)
        return self._replace(rounds=rounds)


def start_round(rules: Rules, seed: int, number: int) -> RoundState:
    """Round ``number`` of a match, dealt from the match seed."""
    hands, boneyard = deal(rules, seed, number)
    return new_round(rules, number, hands, boneyard)


def new_match(rules: Rules, seed: int, players: Iterable[Player | tuple[str, str]] | None = None) -> Match:
    """A match about to begin: round 0 dealt from ``seed``.

    ``players`` is a list of Player (or (name, kind) pairs); by default seat 0
    is a human and the others are Normal CPUs.
    """
    if players is None:
        players = [Player("You", HUMAN)] + [Player(f"CPU {s}", "normal") for s in range(1, rules.seats)]
    seated = tuple(p if isinstance(p, Player) else Player(*p) for p in players)
    if len(seated) != rules.seats:
        raise RulesError(f"{len(seated)} players for {rules.seats} seats")
    return Match(rules, seed, seated, (start_round(rules, seed, 0),))
