"""One round of Mexican Train: its immutable state and its transitions.

``RoundState`` is a value: ``apply(action)`` returns a new state and never
changes the old one, so states can be compared, hashed, kept for undo-free
search and replayed. Every rule of RULES.md that governs a round lives here,
each in one place:

* where a tile may go: ``_eligible_trains`` (own train, Mexican Train,
  marked trains; first-turn limits),
* open double first: ``_binding_trains`` and the ``BOUND`` phase,
* the double rule (flexible / immediate, two doubles, exhausted suits):
  the ``DOUBLE`` and ``TWO_DOUBLES`` phases,
* draw one, must play, pass, markers: ``_draw``, ``_pass``, ``_mark``,
* the classic opening chain: the ``CHAIN`` phase and ``stop``,
* the end of a round (out or blocked) and scoring: ``_end_turn``, ``_finish``.

A turn moves through phases. ``legal_actions`` depends only on the phase, the
layout and the hand, and is computed once when a state is made.
"""

from __future__ import annotations

from bisect import insort
from typing import NamedTuple

from .actions import PLAYS, DRAW, DRAW_ACTION, MEXICAN, PASS, PASS_ACTION, PLAY, STOP, STOP_ACTION, Action
from .errors import IllegalMoveError
from .rules import Rules
from .tiles import Tile

# Phases of a turn.
FREE = "free"                # an ordinary turn: any eligible train
BOUND = "bound"              # an open double left by an earlier turn must be covered
DOUBLE = "double"            # a double was just played: one more play is owed
TWO_DOUBLES = "two-doubles"  # two doubles this turn: the next play covers one of them
CHAIN = "chain"              # classic opening turn: a chain on the seat's own train
OVER = "over"                # the round has ended


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


class Event(NamedTuple):
    """One public happening, for narration and for reasoning about hidden tiles.

    kinds: ``play`` (tile, train), ``draw`` (no tile: the drawn tile stays
    hidden), ``pass``, ``stop``, ``mark`` (train marked), ``unmark`` (the owner
    played on its marked train), ``out`` (seat emptied its hand), ``blocked``.
    ``lacks`` on ``draw`` and ``pass`` lists the values the seat has just shown
    it holds no tile of (doubles of those values excepted when
    ``may_hold_doubles``: a second double can be refused for want of a cover).
    """

    kind: str
    seat: int
    tile: Tile | None = None
    train: int | str | None = None
    lacks: tuple[int, ...] = ()
    may_hold_doubles: bool = False


class RoundResult(NamedTuple):
    """How a round ended: ``reason`` is ``out`` (``seat`` emptied its hand) or ``blocked``."""

    reason: str
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
    phase: str
    doubles: tuple[int, ...]
    chain: int
    drawn: Tile | None
    placed: bool
    had_turn: tuple[bool, ...]
    idle_turns: int
    history: tuple | None
    log: tuple | None
    result: RoundResult | None
    legal: tuple[Action, ...]

    # -- public API -------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions of the seat to move, sorted; empty once the round is over."""
        return self.legal

    def apply(self, action: Action | str) -> "RoundState":
        """The state after ``action`` (an Action or its notation); raises IllegalMoveError."""
        return apply(self, action)

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
        return _binding_trains(self)

    def train_name(self, index: int) -> int | str:
        """The notation name of train ``index``: the seat number, or ``M``."""
        return MEXICAN if index == self.rules.seats else index

    def train_index(self, name: int | str) -> int:
        """The index in ``trains`` of a train named in the notation."""
        return self.rules.seats if name == MEXICAN else name

    def pips(self, seat: int) -> int:
        """The score of ``seat``'s hand if the round ended now."""
        return _hand_score(self.hands[seat], self.rules.blank_double_penalty)


def _unroll(linked: tuple | None) -> tuple:
    items = []
    while linked is not None:
        item, linked = linked
        items.append(item)
    items.reverse()
    return tuple(items)


# -- setting up a round ----------------------------------------------------

def new_round(rules: Rules, number: int, hands, boneyard) -> RoundState:
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
        had_turn=(False,) * seats, idle_turns=0, history=None, log=None, result=None, legal=None,
    )
    d = _Draft(state)
    _begin_turn(d, first)
    return d.freeze()


def check_deal(rules: Rules, number: int, hands, boneyard) -> str | None:
    """Why a deal is not a proper deal for this round, or None if it is.

    A proper deal holds every tile of the set but the round's engine exactly
    once, with ``hand_size`` tiles in each of ``seats`` hands.
    """
    from .tiles import full_set
    engine = rules.engine(number)
    if len(hands) != rules.seats:
        return f"the deal has {len(hands)} hands for {rules.seats} seats"
    for seat, hand in enumerate(hands):
        if len(hand) != rules.hand_size:
            return f"seat {seat} was dealt {len(hand)} tiles, not {rules.hand_size}"
    dealt = [t for hand in hands for t in hand] + list(boneyard)
    seen = set()
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


# -- the rules of play -------------------------------------------------------

def _eligible_trains(state: RoundState, seat: int) -> tuple[int, ...]:
    """Trains a seat may play on when no double restricts it (RULES: where a tile may go)."""
    rules = state.rules
    first_turn = not state.had_turn[seat]
    if first_turn and rules.opening_chain:
        return (seat,)  # opening turn: the seat's own train only
    eligible = tuple([k for k, train in enumerate(state.trains) if k == seat or train.marked])
    if first_turn and rules.mexican_after_first_turn:
        return eligible
    return eligible + (rules.seats,)  # the Mexican Train (never marked) is last


def _suit_exhausted(state: RoundState, value: int) -> bool:
    """Exhausted-suit exception: every tile of ``value`` but its double is on the layout."""
    if not state.rules.exhausted_suit_exception:
        return False
    count = 0
    for train in state.trains:
        for a, b in train.tiles:
            if (a == value or b == value) and a != b:
                count += 1
    return count == state.rules.set


def _binding_trains(state: RoundState) -> tuple[int, ...]:
    """Trains ending in an open double that binds every seat (rule: open double first)."""
    found = ()
    for k, train in enumerate(state.trains):
        if train.tiles:
            a, b = train.tiles[-1]
            if a == b and not _suit_exhausted(state, a):
                found += (k,)
    return found


def _plays(state: RoundState, tiles, targets) -> list[Action]:
    """Every play of one of ``tiles`` on one of the ``targets`` trains, in canonical order."""
    trains = state.trains
    seats = state.rules.seats
    ends = [(trains[k].end, MEXICAN if k == seats else k) for k in targets]
    found = []
    for t in tiles:  # tiles ascend and targets ascend: the plays come out sorted
        for end, name in ends:
            if end in t:
                found.append(PLAYS[t][name])
    return found


def _owed_double_plays(state: RoundState, tiles) -> list[Action]:
    """Plays that pay the extra tile owed after one double (phase DOUBLE)."""
    rules = state.rules
    first = state.doubles[0]
    if rules.double_rule == "immediate":
        return _plays(state, tiles, (first,))
    targets = _eligible_trains(state, state.seat)
    if first not in targets:
        targets = tuple(sorted(targets + (first,)))
    found = []
    hand = state.hands[state.seat]
    first_value = state.trains[first].end
    for action in _plays(state, tiles, targets):
        t = action.tile
        if t.is_double and not _suit_exhausted(state, t.low):
            # Two doubles in one turn: only with a cover for one of them left in hand.
            if not any(u != t and (first_value in u or t.low in u) for u in hand):
                continue
        found.append(action)
    return found


def _compute_legal(state: RoundState) -> tuple[Action, ...]:
    phase = state.phase
    if phase == OVER:
        return ()
    seat = state.seat
    tiles = (state.drawn,) if state.drawn is not None else state.hands[seat]
    if phase == CHAIN:
        plays = _plays(state, tiles, (seat,))
        if state.chain == 0:
            # Opening turn: a seat that cannot start its own train does not draw.
            return tuple(plays) if plays else (PASS_ACTION,)
        if plays and state.trains[seat].open_double is not None:
            return tuple(plays)  # a double inside the chain is covered by the next tile
        return tuple(plays) + (STOP_ACTION,)
    if phase == FREE:
        plays = _plays(state, tiles, _eligible_trains(state, seat))
    elif phase == BOUND:
        plays = _plays(state, tiles, _binding_trains(state))
    elif phase == DOUBLE:
        plays = _owed_double_plays(state, tiles)
    else:  # TWO_DOUBLES: doubles are kept in the order played; plays are listed by train
        plays = _plays(state, tiles, sorted(state.doubles))
    if plays:
        return tuple(plays)
    return (DRAW_ACTION,) if state.draws < len(state.boneyard_dealt) else (PASS_ACTION,)


class _Draft:
    """A mutable copy of a RoundState that one ``apply`` edits, then freezes once."""

    __slots__ = RoundState._fields

    # Written out field by field (as namedtuple itself does): this is the hot path.
    exec(f"def __init__(self, state):\n    ({', '.join('self.' + f for f in RoundState._fields)},) = state")
    exec(f"def _values(self):\n    return ({', '.join('self.' + f for f in RoundState._fields)},)")

    def freeze(self) -> RoundState:
        if self.legal is None:  # not known yet (a draw that fits has already listed them)
            self.legal = _compute_legal(self)
        return tuple.__new__(RoundState, self._values())


def _begin_turn(d: _Draft, seat: int) -> None:
    """Start ``seat``'s turn: bound by an open double, an opening chain, or free."""
    d.seat, d.doubles, d.chain, d.drawn, d.placed = seat, (), 0, None, False
    if _binding_trains(d):
        d.phase = BOUND  # also on a classic first turn: then an ordinary turn (settled point 1)
    elif d.rules.opening_chain and not d.had_turn[seat]:
        d.phase = CHAIN
    else:
        d.phase = FREE


def _hand_score(hand, blank_double_penalty: int) -> int:
    return sum(blank_double_penalty if t == (0, 0) else t[0] + t[1] for t in hand)


def _log(d: _Draft, event: Event) -> None:
    d.log = (event, d.log)


def _finish(d: _Draft, reason: str, seat: int | None) -> None:
    penalty = d.rules.blank_double_penalty
    scores = tuple(_hand_score(hand, penalty) for hand in d.hands)
    d.phase, d.result, d.legal, d.doubles, d.drawn = OVER, RoundResult(reason, seat, scores), (), (), None
    _log(d, Event(reason, -1 if seat is None else seat))


def _end_turn(d: _Draft) -> None:
    """Close the seat's turn; count it toward a blocked round; pass play on."""
    seat = d.seat
    boneyard_empty = d.draws == len(d.boneyard_dealt)
    # Blocked round: consecutive turns that placed no tile and ended with an empty boneyard.
    d.idle_turns = d.idle_turns + 1 if (not d.placed and boneyard_empty) else 0
    if not d.had_turn[seat]:
        d.had_turn = d.had_turn[:seat] + (True,) + d.had_turn[seat + 1:]
    if d.idle_turns >= d.rules.seats:
        _finish(d, "blocked", None)
    else:
        _begin_turn(d, (seat + 1) % d.rules.seats)


def _mark(d: _Draft) -> None:
    """The seat's own train becomes marked (after a failed draw, or a pass)."""
    seat = d.seat
    d.trains = d.trains[:seat] + (d.trains[seat]._replace(marked=True),) + d.trains[seat + 1:]
    _log(d, Event("mark", seat, train=seat))


def _shown_lacking(d: _Draft) -> tuple[tuple[int, ...], bool]:
    """What a draw or a pass shows: the seat holds no tile that fits where it had to play."""
    seat = d.seat
    phase = d.phase
    may_hold_doubles = False
    if phase == CHAIN:
        targets = (seat,)
    elif phase == BOUND:
        targets = _binding_trains(d)
    elif phase == TWO_DOUBLES:
        targets = d.doubles
    elif phase == DOUBLE and d.rules.double_rule == "immediate":
        targets = d.doubles[:1]
    else:
        targets = _eligible_trains(d, seat)
        if phase == DOUBLE:
            targets += tuple(k for k in d.doubles if k not in targets)
            may_hold_doubles = True  # a second double may have been refused for want of a cover
    return tuple(sorted({d.trains[k].end for k in targets})), may_hold_doubles


def _place(d: _Draft, action: Action) -> None:
    seat = d.seat
    t = action.tile
    k = d.rules.seats if action.train == MEXICAN else action.train
    train = d.trains[k]
    new_end = t[1] if t[0] == train.end else t[0]
    unmark = k == seat and train.marked  # only the owner's own play removes a marker
    placed_train = Train(train.tiles + ((train.end, new_end),), new_end, train.marked and not unmark)
    d.trains = d.trains[:k] + (placed_train,) + d.trains[k + 1:]
    hand = list(d.hands[seat])
    hand.remove(t)
    d.hands = d.hands[:seat] + (tuple(hand),) + d.hands[seat + 1:]
    d.drawn, d.placed = None, True
    _log(d, Event("play", seat, t, action.train))
    if unmark:
        _log(d, Event("unmark", seat, train=seat))
    if not hand:
        _finish(d, "out", seat)  # even on a double
        return
    phase = d.phase
    if phase == CHAIN:
        d.chain += 1
    elif phase in (FREE, DOUBLE) and t[0] == t[1] and not _suit_exhausted(d, t[0]):
        if phase == FREE:
            d.phase, d.doubles = DOUBLE, (k,)
        else:
            d.phase, d.doubles = TWO_DOUBLES, d.doubles + (k,)
    else:
        _end_turn(d)


def _draw(d: _Draft) -> None:
    seat = d.seat
    lacks, may_hold_doubles = _shown_lacking(d)
    t = d.boneyard_dealt[d.draws]
    hand = list(d.hands[seat])
    insort(hand, t)
    d.hands = d.hands[:seat] + (tuple(hand),) + d.hands[seat + 1:]
    d.draws += 1
    d.drawn = t
    _log(d, Event("draw", seat, lacks=lacks, may_hold_doubles=may_hold_doubles))
    legal = _compute_legal(d)
    if legal[0].kind == PLAY:
        d.legal = legal  # the turn goes on with the drawn tile: these are the legal actions
    else:
        # The drawn tile does not fit either: the own train is marked and the turn ends.
        d.drawn = None
        _mark(d)
        _end_turn(d)


def _pass(d: _Draft) -> None:
    lacks, may_hold_doubles = _shown_lacking(d)
    _log(d, Event("pass", d.seat, lacks=lacks, may_hold_doubles=may_hold_doubles))
    _mark(d)
    _end_turn(d)


def _stop(d: _Draft) -> None:
    seat = d.seat
    _log(d, Event("stop", seat))
    value = d.trains[seat].open_double
    if value is not None and not _suit_exhausted(d, value):
        # The chain ends on a double: the double rule applies, own train only.
        d.phase, d.doubles, d.chain = DOUBLE, (seat,), 0
    else:
        _end_turn(d)


_STEPS = {PLAY: _place, DRAW: lambda d, action: _draw(d), PASS: lambda d, action: _pass(d),
          STOP: lambda d, action: _stop(d)}


def apply(state: RoundState, action: Action | str) -> RoundState:
    """The state after the seat to move takes ``action``.

    ``action`` is an Action or its notation. Malformed text raises
    NotationError; an action the rules refuse raises IllegalMoveError, whose
    message names the action and the rule.
    """
    if isinstance(action, str):
        from .actions import parse_action
        action = parse_action(action, state.rules.set, state.rules.seats)
    if action not in state.legal:
        rule, reason = explain_illegal(state, action)
        raise IllegalMoveError(action, rule, reason)
    d = _Draft(state)
    d.history, d.legal = (action, state.history), None
    _STEPS[action.kind](d, action)
    return d.freeze()


# -- explaining refusals -------------------------------------------------------

def train_label(state: RoundState, name: int | str) -> str:
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


def _explain_play(state: RoundState, action: Action, plays) -> tuple[str, str]:
    seat, phase = state.seat, state.phase
    t, name = action.tile, action.train
    if name != MEXICAN and name >= state.rules.seats:
        return "trains", f"there is no seat {name}: seats count 0 to {state.rules.seats - 1}"
    k = state.train_index(name)
    train = state.trains[k]
    where = train_label(state, name)
    first_turn = not state.had_turn[seat]
    if t not in state.hands[seat]:
        return "hands", f"seat {seat} does not hold {t}"
    if state.drawn is not None and t != state.drawn:
        return "draw one", f"only the tile just drawn ({state.drawn}) may be played now"
    if phase == BOUND and k not in _binding_trains(state):
        value = state.trains[_binding_trains(state)[0]].end
        owner = train_label(state, state.train_name(_binding_trains(state)[0]))
        return "open double first", f"the open double {value}-{value} on {owner} must be covered first"
    if phase == TWO_DOUBLES and k not in state.doubles:
        return "two doubles", "after a second double the next tile must cover one of the two doubles"
    if phase == DOUBLE and state.rules.double_rule == "immediate" and k != state.doubles[0]:
        return "immediate cover", "under immediate cover the tile after a double must cover that double"
    if phase in (CHAIN, DOUBLE) and state.rules.opening_chain and first_turn and k != seat:
        return "opening turn", "on its opening turn a seat builds only its own train"
    if phase in (FREE, DOUBLE) and k not in _eligible_trains(state, seat) and k not in state.doubles:
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
