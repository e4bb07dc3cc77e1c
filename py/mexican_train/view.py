"""What one seat may know: the public layout and history, and its own hand.

Everything that decides for a seat (CPU players, hints) is handed a
``SeatView`` and nothing else: no other hand, no boneyard contents or order.
"""

from __future__ import annotations

from typing import NamedTuple

from .actions import Action
from .engine import Event, RoundState, Train, binding_trains, eligible_trains
from .kernel import OVER, Phase
from .match import Match
from .rules import Rules
from .tiles import Tile, full_set


class SeatView(NamedTuple):
    """One seat's knowledge of a round in play (and of the match around it).

    Public: the rules, the layout (``trains``, Mexican Train last), markers,
    every seat's tile count, the boneyard count, the phase of the turn, the
    history of actions and events, past scores. Private to this seat: ``hand``,
    ``legal`` (empty when another seat is to move) and ``drawn`` (the tile it
    drew and must play, if any).
    """

    rules: Rules
    seat: int
    round_number: int
    engine: int
    first_seat: int
    to_move: int
    phase: Phase
    doubles: tuple[int, ...]
    chain: int
    placed: bool
    had_turn: tuple[bool, ...]
    idle_turns: int
    trains: tuple[Train, ...]
    hand_counts: tuple[int, ...]
    boneyard_count: int
    actions: tuple[Action, ...]
    events: tuple[Event, ...]
    round_scores: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    hand: tuple[Tile, ...]
    legal: tuple[Action, ...]
    drawn: Tile | None

    @property
    def seats(self) -> int:
        """Number of seats."""
        return self.rules.seats

    @property
    def over(self) -> bool:
        """True when the round has ended."""
        return self.phase is OVER

    @property
    def open_doubles(self) -> tuple[int, ...]:
        """Train indices ending in an open double that binds (open double first)."""
        return binding_trains(self)

    def eligible_trains(self, seat: int | None = None) -> tuple[int, ...]:
        """Train indices ``seat`` (default: this seat) may play on when no double restricts it."""
        return eligible_trains(self, self.seat if seat is None else seat)

    def unseen_tiles(self) -> tuple[Tile, ...]:
        """Tiles this seat cannot see: in other hands or in the boneyard, in canonical order."""
        seen: set[tuple[int, int]] = set(self.hand)
        for train in self.trains:
            for a, b in train.tiles:
                seen.add((a, b) if a <= b else (b, a))
        return tuple(t for t in full_set(self.rules.set)
                     if t not in seen and not (t.is_double and t.low == self.engine))


def seat_view(game: Match | RoundState, seat: int) -> SeatView:
    """The view of ``seat`` on the round in play of a Match (or on a RoundState)."""
    if isinstance(game, Match):
        state = game.round
        finished = [r.result.scores for r in game.rounds if r.result is not None and r is not state]
        totals = game.totals_before(state.number)
    else:
        state, finished, totals = game, [], (0,) * game.rules.seats
    mine = state.seat == seat and not state.over
    return SeatView(
        rules=state.rules, seat=seat, round_number=state.number, engine=state.engine,
        first_seat=state.first_seat, to_move=state.seat, phase=state.phase, doubles=state.doubles,
        chain=state.chain, placed=state.placed, had_turn=state.had_turn, idle_turns=state.idle_turns,
        trains=state.trains, hand_counts=tuple(len(h) for h in state.hands),
        boneyard_count=state.boneyard_count, actions=state.actions, events=state.events,
        round_scores=tuple(finished), totals=totals, hand=state.hands[seat],
        legal=state.legal if mine else (), drawn=state.drawn if mine else None,
    )
