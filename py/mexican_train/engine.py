"""One round of Mexican Train: its immutable state and its transitions.

``RoundState`` is a value: ``apply(action)`` returns a new state and never
changes the old one, so states can be compared, hashed, kept for undo-free
search and replayed. Each decision of the rules is made by a function of
``kernel`` (which Strong's play-out copy, ``players/sim.py``, calls too);
this module keeps the state, the history and the public event log:

* where a tile may go: ``eligible_trains`` and ``binding_trains``, public
  and shared with the seat's view (``view.SeatView``),
* the legal actions of a position: ``_compute_legal``,
* the steps: ``_place``, ``_draw``, ``_pass``, ``_stop``, ``_end_turn``, ``_finish``,
* why an action is refused, in words naming the rule: ``explain_illegal``.

A turn moves through phases (``kernel.Phase``). ``legal_actions`` depends
only on the phase, the layout and the hand, and is computed once when a state
is made.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Iterable, Sequence
from enum import StrEnum
from typing import NamedTuple, Protocol, TypeVar

from . import kernel
from .actions import (DRAW, DRAW_ACTION, MEXICAN, PASS, PASS_ACTION, PLAY, PLAYS, STOP, STOP_ACTION, Action,
                      ActionKind, TrainName, parse_action, train_index, train_name)
from .errors import IllegalMoveError
from .kernel import (BOUND, CHAIN, DOUBLE, FREE, OVER, TWO_DOUBLES, Other, Phase, RoundEnd, end_of_turn, hand_score,
                     legal_actions, phase_after_play, phase_after_stop, play_targets, turn_phase)
from .rules import IMMEDIATE, Rules
from .tiles import Tile, full_set

OUT, BLOCKED = RoundEnd.OUT, RoundEnd.BLOCKED

T = TypeVar("T")
Linked = tuple[T, "Linked[T]"] | None
"""A linked list ``(item, rest)``, newest first: adding to it costs nothing."""

__all__ = ["FREE", "BOUND", "DOUBLE", "TWO_DOUBLES", "CHAIN", "OVER", "Phase", "RoundEnd", "Train", "Event",
           "EventKind", "RoundResult", "RoundState", "Layout", "new_round", "check_deal", "apply", "eligible_trains",
           "binding_trains", "explain_illegal", "train_label"]


class Train(NamedTuple):
    """A train: its tiles as placed (matching half first), its open end, its marker."""

    tiles: tuple[tuple[int, int], ...]
    end: int
    marked: bool = False

    @property
    def open_double(self) -> int | None:
        """The value of the double at the end of this train, if one stands there uncovered."""
        if self.tiles:
            a, b = self.tiles[-1]
            if a == b:
                return a
        return None


class EventKind(StrEnum):
    """What a public event records; a ``StrEnum``, so the words are the event log's as they always were."""

    PLAY = "play"        # tile, train
    DRAW = "draw"        # no tile: the drawn tile stays hidden
    PASS = "pass"
    STOP = "stop"        # the end of a classic opening chain
    MARK = "mark"        # the seat's own train marked (also when it was marked already)
    UNMARK = "unmark"    # the owner played on its marked train
    OUT = "out"          # the seat emptied its hand: the round is over
    BLOCKED = "blocked"  # nobody could play: the round is over


class Event(NamedTuple):
    """One public happening, for narration and for reasoning about hidden tiles (``kind``: ``EventKind``).

    ``lacks`` on ``draw`` and ``pass`` lists the values the seat has just shown
    it holds no tile of (doubles of those values excepted when
    ``may_hold_doubles``: a second double can be refused for want of a cover).
    """

    kind: EventKind
    seat: int
    tile: Tile | None = None
    train: TrainName | None = None
    lacks: tuple[int, ...] = ()
    may_hold_doubles: bool = False


PLAYED, DREW, PASSED, STOPPED, MARKED, UNMARKED = (EventKind.PLAY, EventKind.DRAW, EventKind.PASS, EventKind.STOP,
                                                  EventKind.MARK, EventKind.UNMARK)
_END_EVENTS = {OUT: EventKind.OUT, BLOCKED: EventKind.BLOCKED}
"""The event that says how a round ended."""


class RoundResult(NamedTuple):
    """How a round ended: ``reason`` is ``out`` (``seat`` emptied its hand) or ``blocked``."""

    reason: RoundEnd
    seat: int | None
    scores: tuple[int, ...]


class RoundState(NamedTuple):
    """Everything about a round in play. Immutable; build one with ``new_round``.

    Trains are indexed by seat, with the Mexican Train last (index ``seats``).
    ``history`` and ``log`` are linked lists ``(item, rest)`` so that adding
    to them costs nothing; ``actions`` and ``events`` give them as tuples.
    ``legal`` caches the legal actions, derived from the rest when the state
    is made.
    """

    rules: Rules
    number: int
    engine: int
    first_seat: int
    hands_dealt: tuple[tuple[Tile, ...], ...]
    boneyard_dealt: tuple[Tile, ...]
    hands: tuple[tuple[Tile, ...], ...]
    draws: int
    trains: tuple[Train, ...]
    seat: int
    phase: Phase
    doubles: tuple[int, ...]
    chain: int
    drawn: Tile | None
    placed: bool
    had_turn: tuple[bool, ...]
    idle_turns: int
    history: Linked[Action]
    log: Linked[Event]
    result: RoundResult | None
    legal: tuple[Action, ...]

    # -- public API -------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions of the seat to move, sorted; empty once the round is over."""
        return self.legal

    def apply(self, action: Action | str) -> RoundState:
        """The state after ``action`` (an Action or its notation); raises IllegalMoveError."""
        return apply(self, action)  # replaced by ``apply`` itself below the class: one call fewer

    @property
    def boneyard(self) -> tuple[Tile, ...]:
        """The tiles still in the boneyard, in draw order (hidden from every seat)."""
        return self.boneyard_dealt[self.draws:]

    @property
    def boneyard_count(self) -> int:
        """How many tiles the boneyard holds."""
        return len(self.boneyard_dealt) - self.draws

    @property
    def over(self) -> bool:
        """True once the round has ended."""
        return self.result is not None

    @property
    def seats(self) -> int:
        """Number of seats."""
        return self.rules.seats

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action of the round so far, in order."""
        return _unroll(self.history)

    @property
    def events(self) -> tuple[Event, ...]:
        """The public event log of the round, in order."""
        return _unroll(self.log)

    @property
    def open_doubles(self) -> tuple[int, ...]:
        """Train indices whose end is an uncovered double that binds the seat to move."""
        return binding_trains(self)

    def train_name(self, index: int) -> TrainName:
        """The notation name of train ``index``: the seat number, or ``M`` (``actions.train_name``)."""
        return train_name(index, self.rules.seats)

    def train_index(self, name: TrainName) -> int:
        """The index in ``trains`` of a train named in the notation (``actions.train_index``)."""
        return train_index(name, self.rules.seats)

    def pips(self, seat: int) -> int:
        """The score of ``seat``'s hand if the round ended now."""
        return hand_score(self.hands[seat], self.rules.blank_double_penalty)


def _unroll(linked: Linked[T]) -> tuple[T, ...]:
    items = []
    while linked is not None:
        item, linked = linked
        items.append(item)
    items.reverse()
    return tuple(items)


# -- setting up a round ----------------------------------------------------

def new_round(rules: Rules, number: int, hands: Iterable[Iterable[Tile]], boneyard: Iterable[Tile]) -> RoundState:
    """A round ready for its first action, from a deal (hands, boneyard in draw order).

    The deal is taken as given; ``check_deal`` tells whether it is a proper one.
    """
    engine = rules.engine(number)
    seats = rules.seats
    first = number % seats
    trains = tuple(Train((), engine) for _ in range(seats + 1))
    state = RoundState(
        rules=rules, number=number, engine=engine, first_seat=first,
        hands_dealt=tuple(tuple(h) for h in hands), boneyard_dealt=tuple(boneyard),
        hands=tuple(tuple(sorted(h)) for h in hands), draws=0, trains=trains,
        seat=first, phase=FREE, doubles=(), chain=0, drawn=None, placed=False,
        had_turn=(False,) * seats, idle_turns=0, history=None, log=None, result=None, legal=(),
    )
    d = _Draft(state)
    d.legal = None
    _begin_turn(d, first)
    return d.freeze()


def check_deal(rules: Rules, number: int, hands: Sequence[Sequence[Tile]], boneyard: Sequence[Tile]) -> str | None:
    """Why a deal is not a proper deal for this round, or None if it is.

    A proper deal holds every tile of the set but the round's engine exactly
    once, with ``hand_size`` tiles in each of ``seats`` hands.
    """
    engine = rules.engine(number)
    if len(hands) != rules.seats:
        return f"the deal has {len(hands)} hands for {rules.seats} seats"
    for seat, hand in enumerate(hands):
        if len(hand) != rules.hand_size:
            return f"seat {seat} was dealt {len(hand)} tiles, not {rules.hand_size}"
    dealt = [t for hand in hands for t in hand] + list(boneyard)
    seen: set[Tile] = set()
    for t in dealt:
        if t.is_double and t.low == engine:
            return f"{t} is this round's engine and cannot be dealt"
        if t in seen:
            return f"{t} is dealt twice"
        seen.add(t)
    missing = [str(t) for t in full_set(rules.set) if t not in seen and not (t.is_double and t.low == engine)]
    if missing:
        return f"the deal is missing {', '.join(missing[:5])}{' ...' if len(missing) > 5 else ''}"
    return None


# -- where a seat may play (the public interface the seat's view shares) -----------------

class Layout(Protocol):
    """What the rules of where a tile may go read: a ``RoundState`` and a ``SeatView`` both have it."""

    @property
    def rules(self) -> Rules: ...

    @property
    def trains(self) -> tuple[Train, ...]: ...

    @property
    def had_turn(self) -> tuple[bool, ...]: ...


def eligible_trains(position: Layout, seat: int) -> tuple[int, ...]:
    """Train indices ``seat`` may play on when no double restricts it (see ``kernel.eligible_trains``)."""
    rules = position.rules
    return tuple(kernel.eligible_trains(seat, rules.seats, not position.had_turn[seat],
                                        [t[2] for t in position.trains], rules.opening_chain,
                                        rules.mexican_after_first_turn))


def binding_trains(position: Layout) -> tuple[int, ...]:
    """Train indices ending in an open double that binds every seat (see ``kernel.binding_trains``)."""
    return tuple(_binding(position))


def _binding(position: Layout) -> list[int]:
    # A train's tiles are stored matching half first, so it ends in a double when its last tile's
    # first half is the train's end.
    opens = []
    k = 0
    for tiles, end, _ in position.trains:
        if tiles and tiles[-1][0] == end:
            opens.append(k)
        k += 1
    if not opens:
        return opens
    return kernel.binding_trains(opens, [t[1] for t in position.trains], _exhausted(position))


def _exhausted(position: Layout) -> frozenset[int] | tuple[()]:
    """The exhausted suits (none unless the exhausted-suit exception is on)."""
    rules = position.rules
    if not rules.exhausted_suit_exception:
        return ()
    top = rules.set
    return kernel.exhausted_values(kernel.laid_counts((p for t in position.trains for p in t[0]), top), top)


def _binds(position: Layout, value: int) -> bool:
    """A double of ``value`` just placed binds (its suit is not exhausted)."""
    return value not in _exhausted(position)


_TABLES: dict[int, dict[Tile, tuple[Action, ...]]] = {
    seats: {t: tuple(PLAYS[t][k] for k in range(seats)) + (PLAYS[t][MEXICAN],) for t in PLAYS} for seats in range(2, 11)}
"""``_TABLES[seats][tile][train index]``: the shared play Action, for ``kernel.legal_actions``."""


def _targets(state: RoundState | _Draft, phase: Phase, immediate: bool) -> Sequence[int]:
    """The trains a play may go on in the current phase (``kernel.play_targets``)."""
    rules = state.rules
    seat = state.seat
    eligible: Sequence[int] = ()
    binding: Sequence[int] = ()
    if phase is FREE or (phase is DOUBLE and not immediate):
        eligible = kernel.eligible_trains(seat, rules.seats, not state.had_turn[seat], [t[2] for t in state.trains],
                                          rules.opening_chain, rules.mexican_after_first_turn)
    elif phase is BOUND:
        binding = _binding(state)
    return play_targets(phase, seat, state.doubles, immediate, eligible, binding)


def _compute_legal(state: RoundState | _Draft) -> tuple[Action, ...]:
    phase = state.phase
    if phase is OVER:
        return ()
    seat = state.seat
    rules = state.rules
    trains = state.trains
    immediate = rules.double_rule == IMMEDIATE
    targets: Sequence[int]
    if phase is FREE:  # a free turn's targets are the eligible trains (kernel.play_targets), the common case
        targets = kernel.eligible_trains(seat, rules.seats, not state.had_turn[seat], [t[2] for t in trains],
                                         rules.opening_chain, rules.mexican_after_first_turn)
    else:
        targets = _targets(state, phase, immediate)
        if phase is DOUBLE or phase is TWO_DOUBLES:
            targets = sorted(targets)  # the legal actions are listed in canonical order: by tile, then train
    doubles = state.doubles
    hand = state.hands[seat]
    drawn = state.drawn
    return tuple(legal_actions(
        phase, hand if drawn is None else (drawn,), [(trains[k][1], k) for k in targets], immediate,
        trains[doubles[0]][1] if doubles else -1, hand, _exhausted(state) if phase is DOUBLE else (),
        _TABLES[rules.seats], state.chain,
        phase is CHAIN and trains[seat].open_double is not None, state.draws < len(state.boneyard_dealt), _OTHER))


_OTHER = {Other.DRAW: DRAW_ACTION, Other.PASS: PASS_ACTION, Other.STOP: STOP_ACTION}

_new = tuple.__new__
"""Builds a NamedTuple from all its values without a Python-level call (the hot paths use it)."""


class _Draft:
    """A mutable copy of a RoundState that one ``apply`` edits, then freezes once."""

    __slots__ = RoundState._fields

    rules: Rules
    number: int
    engine: int
    first_seat: int
    hands_dealt: tuple[tuple[Tile, ...], ...]
    boneyard_dealt: tuple[Tile, ...]
    hands: tuple[tuple[Tile, ...], ...]
    draws: int
    trains: tuple[Train, ...]
    seat: int
    phase: Phase
    doubles: tuple[int, ...]
    chain: int
    drawn: Tile | None
    placed: bool
    had_turn: tuple[bool, ...]
    idle_turns: int
    history: Linked[Action]
    log: Linked[Event]
    result: RoundResult | None
    legal: tuple[Action, ...] | None

    def __init__(self, state: RoundState) -> None:
        # Field by field, as namedtuple itself unpacks: this is the hot path.
        (self.rules, self.number, self.engine, self.first_seat, self.hands_dealt, self.boneyard_dealt, self.hands,
         self.draws, self.trains, self.seat, self.phase, self.doubles, self.chain, self.drawn, self.placed,
         self.had_turn, self.idle_turns, self.history, self.log, self.result, self.legal) = state

    def freeze(self) -> RoundState:
        legal = self.legal
        if legal is None:  # not known yet (a draw that fits has already listed them)
            legal = _compute_legal(self)
        return _new(RoundState, (
            self.rules, self.number, self.engine, self.first_seat, self.hands_dealt, self.boneyard_dealt, self.hands,
            self.draws, self.trains, self.seat, self.phase, self.doubles, self.chain, self.drawn, self.placed,
            self.had_turn, self.idle_turns, self.history, self.log, self.result, legal))


def _begin_turn(d: _Draft, seat: int) -> None:
    """Start ``seat``'s turn: bound by an open double, an opening chain, or free."""
    d.seat, d.doubles, d.chain, d.drawn, d.placed = seat, (), 0, None, False
    d.phase = turn_phase(_binding(d), d.rules.opening_chain, not d.had_turn[seat])


def _finish(d: _Draft, reason: RoundEnd, seat: int | None) -> None:
    penalty = d.rules.blank_double_penalty
    scores = tuple(hand_score(hand, penalty) for hand in d.hands)
    d.phase, d.result, d.legal, d.doubles, d.drawn = OVER, RoundResult(reason, seat, scores), (), (), None
    d.log = (Event(_END_EVENTS[reason], -1 if seat is None else seat), d.log)


def _end_turn(d: _Draft) -> None:
    """Close the seat's turn; count it toward a blocked round; pass play on."""
    seat = d.seat
    d.idle_turns, following = end_of_turn(seat, d.rules.seats, d.placed, d.draws == len(d.boneyard_dealt),
                                          d.idle_turns)
    if not d.had_turn[seat]:
        d.had_turn = d.had_turn[:seat] + (True,) + d.had_turn[seat + 1:]
    if following is None:
        _finish(d, BLOCKED, None)
    else:  # _begin_turn(d, following), written out: this is the hot path
        d.seat, d.doubles, d.chain, d.drawn, d.placed = following, (), 0, None, False
        d.phase = turn_phase(_binding(d), d.rules.opening_chain, not d.had_turn[following])


def _mark(d: _Draft) -> None:
    """The seat's own train becomes marked (after a failed draw, or a pass)."""
    seat = d.seat
    train = d.trains[seat]
    d.trains = d.trains[:seat] + (_new(Train, (train[0], train[1], True)),) + d.trains[seat + 1:]
    d.log = (_new(Event, (MARKED, seat, None, seat, (), False)), d.log)


def _shown_lacking(d: _Draft) -> tuple[tuple[int, ...], bool]:
    """What a draw or a pass shows: the seat holds no tile that fits where it had to play.

    After a double under the flexible rule the seat may still hold doubles of
    those numbers: a second double can be refused for want of a cover.
    """
    phase = d.phase
    immediate = d.rules.double_rule == IMMEDIATE
    targets = _targets(d, phase, immediate)
    may_hold_doubles = phase is DOUBLE and not immediate
    return tuple(sorted({d.trains[k].end for k in targets})), may_hold_doubles


def _place(d: _Draft, action: Action) -> None:
    seat = d.seat
    t: Tile = action.tile  # type: ignore[assignment]  # a play's tile and train are set (Action)
    # train_index(action.train, d.rules.seats), written out: this is the hot path
    k: int = d.rules.seats if action.train == MEXICAN else action.train  # type: ignore[assignment]
    train = d.trains[k]
    end = train.end
    new_end = t[1] if t[0] == end else t[0]
    unmark = k == seat and train.marked  # only the owner's own play removes a marker
    placed_train = _new(Train, (train.tiles + ((end, new_end),), new_end, train.marked and not unmark))
    d.trains = d.trains[:k] + (placed_train,) + d.trains[k + 1:]
    hand = d.hands[seat]
    i = hand.index(t)
    hand = hand[:i] + hand[i + 1:]
    d.hands = d.hands[:seat] + (hand,) + d.hands[seat + 1:]
    d.drawn, d.placed = None, True
    d.log = (_new(Event, (PLAYED, seat, t, action.train, (), False)), d.log)
    if unmark:
        d.log = (_new(Event, (UNMARKED, seat, None, seat, (), False)), d.log)
    phase = d.phase
    nxt = phase_after_play(phase, t[0] == t[1] and _binds(d, t[0]), hand)
    if nxt is None:
        _end_turn(d)
    elif nxt is OVER:
        _finish(d, OUT, seat)
    elif nxt is CHAIN:
        d.chain += 1
    else:
        d.phase, d.doubles = nxt, d.doubles + (k,)


def _draw(d: _Draft, action: Action) -> None:
    seat = d.seat
    lacks, may_hold_doubles = _shown_lacking(d)
    t = d.boneyard_dealt[d.draws]
    hand = list(d.hands[seat])
    insort(hand, t)
    d.hands = d.hands[:seat] + (tuple(hand),) + d.hands[seat + 1:]
    d.draws += 1
    d.drawn = t
    d.log = (_new(Event, (DREW, seat, None, None, lacks, may_hold_doubles)), d.log)
    legal = _compute_legal(d)
    if legal[0].kind is PLAY:
        d.legal = legal  # the turn goes on with the drawn tile: these are the legal actions
    else:
        # The drawn tile does not fit either: the own train is marked and the turn ends.
        d.drawn = None
        _mark(d)
        _end_turn(d)


def _pass(d: _Draft, action: Action) -> None:
    lacks, may_hold_doubles = _shown_lacking(d)
    d.log = (_new(Event, (PASSED, d.seat, None, None, lacks, may_hold_doubles)), d.log)
    _mark(d)
    _end_turn(d)


def _stop(d: _Draft, action: Action) -> None:
    seat = d.seat
    d.log = (Event(STOPPED, seat), d.log)
    value = d.trains[seat].open_double
    nxt = phase_after_stop(value is not None and _binds(d, value))
    if nxt is None:
        _end_turn(d)
    else:  # the chain ends on a double: the double rule applies, own train only
        d.phase, d.doubles, d.chain = nxt, (seat,), 0


_STEPS: dict[ActionKind, Callable[[_Draft, Action], None]] = {
    PLAY: _place, DRAW: _draw, PASS: _pass, STOP: _stop}


def apply(state: RoundState, action: Action | str) -> RoundState:
    """The state after the seat to move takes ``action``.

    ``action`` is an Action or its notation. Malformed text raises
    NotationError; an action the rules refuse raises IllegalMoveError, whose
    message names the action and the rule.
    """
    if action not in state.legal:  # (text never is: it is read first)
        if isinstance(action, str):
            return apply(state, parse_action(action, state.rules.set, state.rules.seats))
        rule, reason = explain_illegal(state, action)
        raise IllegalMoveError(action, rule, reason)
    d = _Draft(state)
    d.history, d.legal = (action, state.history), None
    _STEPS[action.kind](d, action)
    legal = d.legal
    if legal is None:  # not known yet (a draw that fits has already listed them)
        legal = _compute_legal(d)
    return _new(RoundState, (  # d.freeze(), written out: this is the hot path
        d.rules, d.number, d.engine, d.first_seat, d.hands_dealt, d.boneyard_dealt, d.hands, d.draws, d.trains,
        d.seat, d.phase, d.doubles, d.chain, d.drawn, d.placed, d.had_turn, d.idle_turns, d.history, d.log,
        d.result, legal))


RoundState.apply = apply  # type: ignore[assignment, method-assign]


# -- explaining refusals -------------------------------------------------------

def train_label(state: RoundState, name: TrainName) -> str:
    """Plain words for a train: 'the Mexican Train' or "seat 2's train"."""
    return "the Mexican Train" if name == MEXICAN else f"seat {name}'s train"


def explain_illegal(state: RoundState, action: Action) -> tuple[str, str]:
    """The rule an action breaks here and why, in plain words that name the rule: ``(rule, reason)``."""
    if state.phase == OVER:
        return "end of a round", "the round is over"
    seat = state.seat
    plays = [a for a in state.legal if a.kind == PLAY]
    kind = action.kind
    if kind == PLAY:
        return _explain_play(state, action, plays)
    if kind == DRAW:
        if plays and state.drawn is not None:
            return "draw one", f"only one tile is drawn: the drawn {state.drawn} fits, so it must be played"
        if plays:
            return "must play", f"a seat that can play must play ({plays[0]} is legal), so seat {seat} may not draw"
        if state.phase == CHAIN and state.chain == 0:
            return "opening turn", "a seat that cannot start its own train on its opening turn does not draw: it passes"
        if state.phase == CHAIN:
            return "opening turn", "an opening chain ends only with stop"
        return "draw one", "the boneyard is empty: with no play the seat passes"
    if kind == PASS:
        if plays:
            return "must play", f"a seat that can play must play ({plays[0]} is legal), so seat {seat} may not pass"
        if state.phase == CHAIN:
            return "opening turn", "an opening chain ends only with stop"
        return "draw one", "the boneyard still has tiles: a seat with no play draws one"
    if state.phase != CHAIN:
        return "opening turn", "stop only ends a classic opening chain"
    if state.chain == 0:
        return "opening turn", "a chain has at least one tile before it can stop"
    return "doubles", "a double in the chain is covered by the next tile of the chain, and this seat can cover it"


def _explain_play(state: RoundState, action: Action, plays: list[Action]) -> tuple[str, str]:
    seat, phase = state.seat, state.phase
    t, name = action.tile, action.train
    assert t is not None and name is not None
    if name != MEXICAN and int(name) >= state.rules.seats:
        return "trains", f"there is no seat {name}: seats count 0 to {state.rules.seats - 1}"
    k = state.train_index(name)
    train = state.trains[k]
    where = train_label(state, name)
    first_turn = not state.had_turn[seat]
    if t not in state.hands[seat]:
        return "hands", f"seat {seat} does not hold {t}"
    if state.drawn is not None and t != state.drawn:
        return "draw one", f"only the tile just drawn ({state.drawn}) may be played now"
    binding = binding_trains(state)
    if phase == BOUND and k not in binding:
        value = state.trains[binding[0]].end
        owner = train_label(state, state.train_name(binding[0]))
        return "open double first", f"the open double {value}-{value} on {owner} must be covered first"
    if phase == TWO_DOUBLES and k not in state.doubles:
        return "two doubles", "after a second double the next tile must cover one of the two doubles"
    if phase == DOUBLE and state.rules.double_rule == IMMEDIATE and k != state.doubles[0]:
        return "immediate cover", "under immediate cover the tile after a double must cover that double"
    if phase in (CHAIN, DOUBLE) and state.rules.opening_chain and first_turn and k != seat:
        return "opening turn", "on its opening turn a seat builds only its own train"
    if phase in (FREE, DOUBLE) and k not in eligible_trains(state, seat) and k not in state.doubles:
        if name == MEXICAN:
            return "Mexican Train", "the Mexican Train opens to a seat from its second turn of the round"
        return "private trains", f"{where} is private: only its owner plays there until it is marked"
    if t[0] != train.end and t[1] != train.end:
        return "matching", f"{t} does not match the open end {train.end} of {where}"
    if phase == CHAIN and train.open_double is not None:
        return "doubles", "a double in the chain is covered by the next tile of the chain"
    if phase == DOUBLE and t.is_double:
        return ("two doubles",
                "a second double is allowed only while the hand keeps a tile that covers one of the two doubles")
    return "legal actions", f"it is not among the legal actions ({', '.join(map(str, state.legal))})"
