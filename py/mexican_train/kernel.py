"""Each rule of a round, stated once, as pure functions over plain values.

Two round machines run these rules: the immutable engine (``engine.py``,
the authority, which keeps a whole history) and Strong's mutable play-out
copy (``players/sim.py``, which keeps only flat lists). Both call the
functions below for every decision the rules make, so a rule is changed in
one place:

==============================  ==================================================
``eligible_trains``             where a tile may go when no double restricts the seat
``binding_trains``              open double first: which open doubles bind the seat
``suit_exhausted``              the exhausted-suit exception
``play_targets``                the trains a play may go on in each phase of a turn
``legal_actions``               the plays (with the two-doubles cover rule), then the others
``other_actions``               draw, pass or stop: when each is the legal non-play
``turn_phase``                  how a turn begins (bound, opening chain or free)
``phase_after_play``            what a placed tile does to the turn
``phase_after_stop``            what ending an opening chain on a double does
``end_of_turn``                 the blocked-round count and the next seat
``tile_score``, ``hand_score``  scoring at the end of a round
==============================  ==================================================

The values are the ones both machines hold anyway: train ends, markers and
"ends in a double" flags as sequences indexed like the trains (seats first,
the Mexican Train last), hands as sequences of tiles (pairs ``(low, high)``),
and the counts of non-double tiles of each value on the layout (``laid``).
Nothing here builds an object of either machine; ``legal_actions`` looks its
results up in a table the caller passes, so the engine gets its shared
``Action`` values and the play-out its ``(tile, train)`` pairs.

Where a profile showed Strong's play-outs slowed by these calls, the play-out
writes a few answers out again (``Sim.play``, ``Sim.end_turn``,
``rollout.common_plays``, ``rollout.any_rule_plays``); ``tests/test_kernel.py``
holds each of them to the functions here (the README's "Choices" gives the profile).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from enum import StrEnum
from typing import TypeVar

Pair = tuple[int, int]
"""A tile as plain values: ``(low, high)`` (a ``Tile`` is one)."""

P = TypeVar("P")
T = TypeVar("T", bound=Pair)


class Phase(StrEnum):
    """The phase of a turn; its value is the word the view model and tests use."""

    FREE = "free"                # an ordinary turn: any eligible train
    BOUND = "bound"              # an open double left by an earlier turn must be covered
    DOUBLE = "double"            # a double was just played: one more play is owed
    TWO_DOUBLES = "two-doubles"  # two doubles this turn: the next play covers one of them
    CHAIN = "chain"              # classic opening turn: a chain on the seat's own train
    OVER = "over"                # the round has ended


class RoundEnd(StrEnum):
    """How a round ended: a seat went ``out``, or play was ``blocked``."""

    OUT = "out"
    BLOCKED = "blocked"


class Other(StrEnum):
    """The actions that place no tile (their values are the notation's words)."""

    DRAW = "draw"
    PASS = "pass"
    STOP = "stop"


# Module constants: the hot paths compare phases by identity.
FREE, BOUND, DOUBLE, TWO_DOUBLES, CHAIN, OVER = (
    Phase.FREE, Phase.BOUND, Phase.DOUBLE, Phase.TWO_DOUBLES, Phase.CHAIN, Phase.OVER)
_DRAW, _PASS, _STOP = (Other.DRAW,), (Other.PASS,), (Other.STOP,)


# -- where a tile may go ---------------------------------------------------------------

def eligible_trains(seat: int, seats: int, first_turn: bool, marked: Sequence[bool],
                    opening_chain: bool, mexican_after_first_turn: bool) -> list[int]:
    """The trains ``seat`` may play on when no double restricts it, in train order.

    Its own train, every marked train and the Mexican Train (last). On a
    classic opening turn only its own train; with ``mexican_after_first_turn``
    the Mexican Train opens from the seat's second turn of the round.
    ``marked`` is indexed by seat.
    """
    if first_turn and opening_chain:
        return [seat]
    found = [k for k in range(seats) if k == seat or marked[k]]
    if not (first_turn and mexican_after_first_turn):
        found.append(seats)
    return found


def suit_exhausted(laid: Sequence[int], value: int, top: int) -> bool:
    """Exhausted-suit exception: every tile showing ``value`` but its double is on the layout.

    ``laid[value]`` counts the non-double tiles showing ``value`` on the
    layout; a double-``top`` set has ``top`` of them. Call it only when the
    rule option is on.
    """
    return laid[value] == top


def laid_counts(layout: Iterable[Pair], top: int) -> list[int]:
    """For each value 0..top, how many non-double tiles showing it are on the layout."""
    laid = [0] * (top + 1)
    for a, b in layout:
        if a != b:
            laid[a] += 1
            laid[b] += 1
    return laid


def exhausted_values(laid: Sequence[int], top: int) -> frozenset[int]:
    """The values whose suit is exhausted (see ``suit_exhausted``)."""
    return frozenset(v for v in range(top + 1) if laid[v] == top)


def binding_trains(open_doubles: Iterable[int], ends: Sequence[int], exhausted: Collection[int]) -> list[int]:
    """Open double first: of the trains ending in an uncovered double (``open_doubles``, in train
    order), those that bind every seat: all of them, but a double whose suit is exhausted
    (``exhausted``: empty unless that option is on) binds nobody. Its value is the train's end."""
    return [k for k in open_doubles if ends[k] not in exhausted] if exhausted else list(open_doubles)


def play_targets(phase: Phase, seat: int, doubles: Sequence[int], immediate: bool,
                 eligible: Sequence[int], binding: Sequence[int]) -> Sequence[int]:
    """The trains a play may go on in ``phase`` (before the two-doubles check of ``legal_actions``).

    ``eligible`` (see ``eligible_trains``) is read on free turns and after a
    flexible double, ``binding`` (see ``binding_trains``) on a bound turn;
    ``doubles`` are the trains of the doubles played this turn, in order.

    * free turn: the eligible trains;
    * bound: the trains whose open double binds;
    * one double played: under ``immediate`` that double's train only, else
      any eligible train or the double's own (appended when not eligible);
    * two doubles played: the trains of those two doubles;
    * classic opening chain: the seat's own train.
    """
    if phase is FREE:
        return eligible
    if phase is BOUND:
        return binding
    if phase is DOUBLE:
        first = doubles[0]
        if immediate:
            return (first,)
        return eligible if first in eligible else [*eligible, first]
    if phase is TWO_DOUBLES:
        return doubles
    if phase is CHAIN:
        return (seat,)
    return ()


def legal_actions(phase: Phase, tiles: Iterable[T], reach: Sequence[tuple[int, int]], immediate: bool,
                  first_double_end: int, hand: Sequence[T], exhausted: Collection[int],
                  table: Mapping[T, Sequence[P]], chain: int, own_open_double: bool, boneyard_left: bool,
                  others: Mapping[Other, P] | None) -> list[P]:
    """The legal actions of the seat to move: every legal play of ``tiles``, then the other actions.

    Plays: ``reach`` pairs the open end of each target train (see
    ``play_targets``) with its index; a tile goes on a train whose open end it
    shows. ``tiles`` is the hand, or only the tile just drawn. After one
    double under the flexible rule (its train's end is ``first_double_end``),
    a second double of a suit not exhausted is allowed only while ``hand``
    keeps a tile that covers one of the two doubles. Plays are listed tile by
    tile, then train by train in the order of ``reach``; each is
    ``table[tile][train]``.

    Then, unless ``others`` is None, the other legal actions (see
    ``other_actions``), each as ``others[kind]``.
    """
    if phase is DOUBLE and not immediate:
        # Two doubles in one turn: only with a cover for one of them left in hand.
        owed = first_double_end
        tiles = [t for t in tiles if t[0] != t[1] or t[0] in exhausted
                 or any(u != t and (owed in u or t[0] in u) for u in hand)]
    found: list[P] = []
    for t in tiles:
        for end, k in reach:
            if end in t:
                found.append(table[t][k])
    if others is not None and (phase is CHAIN or not found):  # a seat that can play must play (but may stop)
        for kind in other_actions(phase, bool(found), chain, own_open_double, boneyard_left):
            found.append(others[kind])
    return found


def other_actions(phase: Phase, can_play: bool, chain: int, own_open_double: bool,
                  boneyard_left: bool) -> tuple[Other, ...]:
    """The legal actions besides plays (given whether any play is legal).

    A seat that can play must play. With no play it draws one tile while the
    boneyard has any, else passes. On a classic opening turn a seat that
    cannot start its train passes (it does not draw); a chain ends with
    ``stop``, which a double inside the chain (``own_open_double``: the
    seat's own train ends in one) waits for until it is covered.
    """
    if phase is CHAIN:
        if chain == 0:
            return () if can_play else _PASS
        if can_play and own_open_double:
            return ()
        return _STOP
    if can_play or phase is OVER:
        return ()
    return _DRAW if boneyard_left else _PASS


# -- how a turn goes on ------------------------------------------------------------------

def end_of_turn(seat: int, seats: int, placed: bool, boneyard_empty: bool, idle_turns: int) -> tuple[int, int | None]:
    """The count of idle turns after ``seat``'s turn, and the next seat (None: the round is blocked).

    A turn that placed no tile while the boneyard is empty is idle; when every
    seat in a row has had one, nobody can play and the round is blocked.
    Otherwise play passes to the left.
    """
    idle = idle_turns + 1 if (not placed and boneyard_empty) else 0
    return idle, (None if idle >= seats else (seat + 1) % seats)


def turn_phase(binding: Sequence[int], opening_chain: bool, first_turn: bool) -> Phase:
    """The phase a turn begins in: bound when an open double binds (``binding``: see
    ``binding_trains``; also on a classic first turn, which is then an ordinary turn), a classic
    opening chain on the seat's first turn, else free."""
    if binding:
        return BOUND
    if opening_chain and first_turn:
        return CHAIN
    return FREE


def phase_after_play(phase: Phase, binding_double: bool, hand_left: Sequence[Pair]) -> Phase | None:
    """The phase after a tile is placed, or None when the seat's turn ends.

    ``binding_double``: the tile is a double of a suit not exhausted;
    ``hand_left``: the hand after the play. An empty hand ends the round, even
    on a double. An opening chain goes on. A double
    on a free turn owes one more play; a second one after it owes a cover of
    one of the two. Anything else ends the turn.
    """
    if not hand_left:
        return OVER
    if phase is CHAIN:
        return CHAIN
    if binding_double:
        if phase is FREE:
            return DOUBLE
        if phase is DOUBLE:
            return TWO_DOUBLES
    return None


def phase_after_stop(binding_double: bool) -> Phase | None:
    """Ending an opening chain on a double (of a suit not exhausted) owes a play under the double
    rule, on the seat's own train; else the turn ends (None)."""
    return DOUBLE if binding_double else None


# -- scoring -------------------------------------------------------------------------------

def tile_score(t: Pair, blank_double_penalty: int) -> int:
    """What a tile left in hand scores: its pips, or the penalty for the 0-0 when one is set."""
    return blank_double_penalty if t[0] == 0 and t[1] == 0 else t[0] + t[1]


def hand_score(hand: Iterable[Pair], blank_double_penalty: int) -> int:
    """A hand's score at the end of a round: the sum of its tiles' scores."""
    if not blank_double_penalty:
        return sum(a + b for a, b in hand)
    return sum(tile_score(t, blank_double_penalty) for t in hand)
