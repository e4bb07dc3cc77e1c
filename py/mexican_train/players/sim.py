"""A small, mutable, fast copy of the round rules, for play-outs inside a CPU's head.

The engine (``engine.py``) is the authority: it is immutable and keeps a full
history, which is what a match needs but more than a play-out does. ``Sim``
holds only what the rules of the rest of a round depend on (open ends,
markers, open doubles, hands, the boneyard still to come, the phase of the
turn) in plain lists it edits in place, and follows ``engine.py`` step for
step: the same phases, the same legal plays, the same automatic steps.
``tests/test_players.py`` checks that both agree on every position of many
random rounds.

A ``Sim`` is built from a seat's view plus a guess at what that seat cannot
see (the other hands and the boneyard order; see ``sampling``). Trains are
indexed as in the engine: seats first, the Mexican Train last. A play is a
pair ``(tile, train index)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .. import kernel
from ..actions import MEXICAN, PLAY, DRAW, PASS, Action
from ..kernel import BOUND, CHAIN, DOUBLE, FREE, OVER, TWO_DOUBLES, Other, Phase
from ..tiles import Tile, full_set

if TYPE_CHECKING:
    from ..view import SeatView

__all__ = ["Sim", "Play", "FREE", "BOUND", "DOUBLE", "TWO_DOUBLES", "CHAIN", "OVER"]

Play = tuple[Tile, int]
"""A play in a play-out: the tile and the index of the train it goes on."""

_PAIRS: dict[int, dict[Tile, tuple[Play, ...]]] = {
    seats: {t: tuple((t, k) for k in range(seats + 1)) for t in full_set(12)} for seats in range(2, 11)}
"""``_PAIRS[seats][tile][train]``: the play as a pair, for ``kernel.legal_actions``."""
_KINDS = {kind: kind for kind in Other}


class Sim:
    """The state of a round, mutable. Build one with ``from_view``; ``copy`` before trying a line of play."""

    __slots__ = ("seats", "top", "immediate", "exhausted_rule", "opening_chain", "mexican_later", "penalty",
                 "ends", "marked", "dbl", "laid", "hands", "boneyard", "draws", "seat", "phase", "doubles",
                 "chain", "drawn", "placed", "had_turn", "idle", "scores", "out")

    seats: int
    top: int
    immediate: bool
    exhausted_rule: bool
    opening_chain: bool
    mexican_later: bool
    penalty: int
    ends: list[int]
    marked: list[bool]
    dbl: list[bool]
    laid: list[int]
    hands: list[list[Tile]]
    boneyard: tuple[Tile, ...]
    draws: int
    seat: int
    phase: Phase
    doubles: list[int]
    chain: int
    drawn: Tile | None
    placed: bool
    had_turn: list[bool]
    idle: int
    scores: list[int] | None
    out: int | None

    @classmethod
    def from_view(cls, view: SeatView, hands: Sequence[Sequence[Tile]], boneyard: Sequence[Tile]) -> Sim:
        """The round as ``view`` shows it, with ``hands`` (one per seat) and ``boneyard`` (draw order) filled in."""
        sim = cls.__new__(cls)
        rules = view.rules
        sim.seats = rules.seats
        sim.top = rules.set
        sim.immediate = rules.double_rule == "immediate"
        sim.exhausted_rule = rules.exhausted_suit_exception
        sim.opening_chain = rules.opening_chain
        sim.mexican_later = rules.mexican_after_first_turn
        sim.penalty = rules.blank_double_penalty
        sim.ends = [t.end for t in view.trains]
        sim.marked = [t.marked for t in view.trains]
        sim.dbl = [t.open_double is not None for t in view.trains]
        sim.laid = kernel.laid_counts((p for train in view.trains for p in train.tiles), rules.set)
        sim.hands = [list(h) for h in hands]
        sim.boneyard = tuple(boneyard)
        sim.draws = 0
        sim.seat = view.to_move
        sim.phase = view.phase
        sim.doubles = list(view.doubles)
        sim.chain = view.chain
        sim.drawn = view.drawn if view.to_move == view.seat else None
        sim.placed = view.placed
        sim.had_turn = list(view.had_turn)
        sim.idle = view.idle_turns
        sim.scores = None
        sim.out = None
        return sim

    def copy(self) -> Sim:
        """An independent copy (the boneyard, never edited, is shared)."""
        sim = Sim.__new__(Sim)
        sim.seats, sim.top, sim.immediate, sim.exhausted_rule = self.seats, self.top, self.immediate, \
            self.exhausted_rule
        sim.opening_chain, sim.mexican_later, sim.penalty = self.opening_chain, self.mexican_later, self.penalty
        sim.ends, sim.marked, sim.dbl, sim.laid = self.ends[:], self.marked[:], self.dbl[:], self.laid[:]
        sim.hands = [h[:] for h in self.hands]
        sim.boneyard, sim.draws, sim.seat, sim.phase = self.boneyard, self.draws, self.seat, self.phase
        sim.doubles, sim.chain, sim.drawn, sim.placed = self.doubles[:], self.chain, self.drawn, self.placed
        sim.had_turn, sim.idle, sim.scores, sim.out = self.had_turn[:], self.idle, self.scores, self.out
        return sim

    # -- what the rules allow (kernel) ----------------------------------------------------

    def exhausted(self, value: int) -> bool:
        """Exhausted-suit exception: every tile of ``value`` but its double is on the layout."""
        return self.exhausted_rule and kernel.suit_exhausted(self.laid, value, self.top)

    def exhausted_values(self) -> frozenset[int] | tuple[()]:
        """The exhausted suits (none unless the exhausted-suit exception is on)."""
        return kernel.exhausted_values(self.laid, self.top) if self.exhausted_rule else ()

    def binding(self) -> list[int]:
        """Trains ending in an open double that binds the seat to move."""
        dbl = self.dbl
        return kernel.binding_trains([k for k in range(self.seats + 1) if dbl[k]], self.ends, self.exhausted_values())

    def eligible(self, seat: int) -> list[int]:
        """Trains ``seat`` may play on when no double restricts it."""
        return kernel.eligible_trains(seat, self.seats, not self.had_turn[seat], self.marked, self.opening_chain,
                                      self.mexican_later)

    def targets(self) -> Sequence[int]:
        """The trains a play may go on in the current phase (before the two-doubles check)."""
        phase = self.phase
        immediate = self.immediate
        eligible = self.eligible(self.seat) if phase is FREE or (phase is DOUBLE and not immediate) else ()
        return kernel.play_targets(phase, self.seat, self.doubles, immediate, eligible,
                                   self.binding() if phase is BOUND else ())

    def legal(self, others: bool = False) -> list[Play | Other]:
        """The legal plays ``(tile, train)`` of the seat to move, then (with ``others``) the other actions."""
        phase = self.phase
        if phase is OVER:
            return []
        seat = self.seat
        immediate = self.immediate
        ends = self.ends
        doubles = self.doubles
        hand = self.hands[seat]
        eligible: Sequence[int] = ()
        if phase is FREE or (phase is DOUBLE and not immediate):
            eligible = kernel.eligible_trains(seat, self.seats, not self.had_turn[seat], self.marked,
                                              self.opening_chain, self.mexican_later)
        targets = kernel.play_targets(phase, seat, doubles, immediate, eligible,
                                      self.binding() if phase is BOUND else ())
        return kernel.legal_actions(
            phase, hand if self.drawn is None else (self.drawn,), [(ends[k], k) for k in targets], immediate,
            ends[doubles[0]] if doubles else -1, hand,
            self.exhausted_values() if phase is DOUBLE else (), _PAIRS[self.seats],
            self.chain, self.dbl[seat], self.draws < len(self.boneyard), _KINDS if others else None)

    def plays(self) -> list[Play]:
        """Every legal play ``(tile, train)`` of the seat to move: tile by tile, then train by train."""
        return self.legal()  # type: ignore[return-value]

    def specials(self) -> list[str]:
        """The legal non-play actions: ``draw``, ``pass`` or ``stop``."""
        return [str(a) for a in self.legal(others=True) if isinstance(a, Other)]

    # -- steps -----------------------------------------------------------------------

    def play(self, t: Tile, k: int) -> None:
        """Place tile ``t`` on train ``k`` (a legal play)."""
        seat = self.seat
        a, b = t
        end = self.ends[k]
        self.ends[k] = b if a == end else a
        if k == seat and self.marked[k]:
            self.marked[k] = False
        self.dbl[k] = a == b
        if a != b:
            self.laid[a] += 1
            self.laid[b] += 1
        hand = self.hands[seat]
        hand.remove(t)
        self.drawn = None
        self.placed = True
        # kernel.phase_after_play, written out: the play-out's hottest step (the README gives the profile;
        # tests/test_kernel.py holds it to the kernel in every phase under every rule option).
        if not hand:
            self.finish(seat)
            return
        phase = self.phase
        if phase is CHAIN:
            self.chain += 1
        elif a == b and (phase is FREE or phase is DOUBLE) and not self.exhausted(a):
            self.phase = DOUBLE if phase is FREE else TWO_DOUBLES
            self.doubles.append(k)
        else:
            self.end_turn()

    def draw(self) -> bool:
        """Draw one tile; returns True when it must be played now (else the train is marked, the turn over)."""
        self.take_draw()
        if self.plays():
            return True
        self.drawn_does_not_fit()
        return False

    def take_draw(self) -> None:
        """The first half of ``draw``: the next tile of the boneyard into the hand, to be played if it fits."""
        t = self.boneyard[self.draws]
        self.draws += 1
        self.hands[self.seat].append(t)
        self.drawn = t

    def drawn_does_not_fit(self) -> None:
        """The second half of ``draw`` when no play is legal with the drawn tile: mark the train, end the turn."""
        self.drawn = None
        self.marked[self.seat] = True
        self.end_turn()

    def pass_turn(self) -> None:
        """No play and nothing to draw (or no opening chain): mark the own train, end the turn."""
        self.marked[self.seat] = True
        self.end_turn()

    def stop(self) -> None:
        """End an opening chain."""
        seat = self.seat
        phase = kernel.phase_after_stop(self.dbl[seat] and not self.exhausted(self.ends[seat]))
        if phase is None:
            self.end_turn()
        else:
            self.phase = phase
            self.doubles = [seat]
            self.chain = 0

    def end_turn(self) -> None:
        """Close the seat's turn: count it toward a blocked round, pass play on."""
        # kernel.end_of_turn and kernel.turn_phase, written out: a play-out ends a turn at almost every
        # step (the README gives the profile; tests/test_kernel.py holds this to the kernel under every option).
        seat = self.seat
        self.idle = self.idle + 1 if (not self.placed and self.draws == len(self.boneyard)) else 0
        self.had_turn[seat] = True
        if self.idle >= self.seats:
            self.finish(None)
            return
        seat = (seat + 1) % self.seats
        self.seat = seat
        self.doubles = []
        self.chain = 0
        self.drawn = None
        self.placed = False
        if True in self.dbl and (not self.exhausted_rule or self.binding()):
            self.phase = BOUND
        elif self.opening_chain and not self.had_turn[seat]:
            self.phase = CHAIN
        else:
            self.phase = FREE

    def finish(self, out: int | None) -> None:
        """End the round: score every hand."""
        penalty = self.penalty
        self.scores = [kernel.hand_score(h, penalty) for h in self.hands]
        self.out = out
        self.phase = OVER
        self.doubles = []
        self.drawn = None

    @property
    def over(self) -> bool:
        """True once the round has ended."""
        return self.phase is OVER

    # -- engine actions (for tests and for the first step of a play-out) ----------------

    def apply(self, action: Action) -> None:
        """Apply an engine ``Action`` (``play``/``draw``/``pass``/``stop``)."""
        kind = action.kind
        if kind is PLAY:
            self.play(action.tile, self.seats if action.train == MEXICAN else action.train)  # type: ignore[arg-type]
        elif kind is DRAW:
            self.draw()
        elif kind is PASS:
            self.pass_turn()
        else:
            self.stop()
