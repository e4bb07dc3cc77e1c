"""Reasons in plain words for a chosen action: the hint a human seat sees.

``reason(view, action, decision)`` describes why ``action`` is a good move
for the seat of ``view``, using what Strong worked out (its judgement of each
play and, when it looked ahead, the play-out results). The sentences are our
own and short: one reason, sometimes with a second clause.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..actions import MEXICAN, Action, TrainName
from ..i18n import N_, NC_, NP_, _, plural
from ..kernel import BOUND, CHAIN, DOUBLE, FREE, TWO_DOUBLES
from ..view import SeatView

if TYPE_CHECKING:
    from .strong import Decision
from .base import train_index

# -- the words (gettext msgids: the hint is shown in the page's language; the command line's is English) --
SEAT_N = N_("seat {n}")  # a seat without a name (the command line)
TRAIN_MEXICAN = N_("the Mexican Train")
TRAIN_OWN = N_("your own train")
TRAIN_SEAT = NC_("inside a sentence", "{name}'s train")
MOVE_PLAY = N_("{tile} on {train}")
MOVE_WORDS = {"draw": N_("draw a tile"), "pass": N_("pass"), "stop": N_("end the chain")}

DRAW_OPEN_DOUBLE = N_("No tile in your hand covers the open double {value}-{value}, so you must draw one.")
DRAW = N_("No tile in your hand fits a train you may use, so you must draw one.")
PASS_OPENING = N_("You cannot start your own train, so you pass and your train gets a marker.")
PASS = N_("Nothing fits and the boneyard is empty, so you pass; your train gets a marker.")
STOP_NOTHING = N_("No tile you hold extends your opening chain, so you end it here.")
STOP = N_("Ending the opening chain here keeps your remaining tiles for later turns.")
LAST_TILE = N_("Plays your last tile, {tile}, and ends the round.")
COVER_OPEN = N_("Covers the open double {value}-{value} on {train}, which must be answered before anything else.")
COVER_OPEN_CHAIN = NP_("Covers the open double {value}-{value} on {train}, which must be answered before anything "
                       "else, and keeps your {n}-tile chain intact.",
                       "Covers the open double {value}-{value} on {train}, which must be answered before anything "
                       "else, and keeps your {n}-tile chain intact.")
ONLY_PLAY = N_("{tile} on {train} is the only play you have.")
OPENING_CHAIN = N_("Extends your opening chain with {tile}: every tile laid now is one less to play later.")
COVER_OWN_DOUBLE = N_("Covers your double with {tile}, so nobody else can change where your train goes.")
COVER_DOUBLE = N_("Covers the double on {train} with {tile}, the extra tile the double earned you.")
PLAY_DOUBLE = N_("Plays the double {tile} with a tile left to follow it: two tiles out in one turn.")
LIFT_MARKER = N_("Plays on your own marked train to lift the marker before others build on it.")
SHED = NP_("Sheds {pips} pips now: {name} has only {n} tile left, so heavy tiles are the ones to get rid of.",
           "Sheds {pips} pips now: {name} has only {n} tiles left, so heavy tiles are the ones to get rid of.")
PLANNED_CHAIN = NP_("Lays the next tile of your planned chain, with {n} more to follow on your own train.",
                    "Lays the next tile of your planned chain, with {n} more to follow on your own train.")
EXTEND_OWN = N_("Extends your own train with {tile}, keeping your other tiles where they can still be played.")
MEXICAN_SPARE = NP_("Puts {tile}, a tile your own chain does not need, on the Mexican Train and keeps your "
                    "{n}-tile chain intact.",
                    "Puts {tile}, a tile your own chain does not need, on the Mexican Train and keeps your "
                    "{n}-tile chain intact.")
MEXICAN_FITS = N_("Puts {tile} on the Mexican Train while it fits there.")
MARKED_LACKING = N_("Plays {tile} on {name}'s marked train and leaves it ending in {end}, a number that player "
                    "has shown to lack.")
MARKED_SPARE = N_("Uses {name}'s marked train for {tile}, a tile your own chain does not need.")
PLAYED_OUT = NP_("{reason} Played out on {n} guess of the hidden tiles, it does better than {other}.",
                 "{reason} Played out on {n} guesses of the hidden tiles, it does better than {other}.")


def _who(seat: int, names: Sequence[str] | None) -> str:
    return names[seat] if names else _(SEAT_N).format(n=seat)


def train_words(view: SeatView, train: TrainName | None, names: Sequence[str] | None) -> str:
    """A train inside a sentence, as the seat of ``view`` says it: "the Mexican Train", "your own train"."""
    if train == MEXICAN:
        return _(TRAIN_MEXICAN)
    if train == view.seat:
        return _(TRAIN_OWN)
    return _(TRAIN_SEAT).format(name=_who(int(train or 0), names))


def move_words(view: SeatView, action: Action, names: Sequence[str] | None) -> str:
    """An action in words, as the seat of ``view`` says it: "3-9 on the Mexican Train", "draw a tile"."""
    if action.kind == "play" and action.tile is not None:
        return _(MOVE_PLAY).format(tile=action.tile, train=train_words(view, action.train, names))
    return _(MOVE_WORDS[action.kind])


def reason(view: SeatView, action: Action, decision: Decision | None = None,
           names: Sequence[str] | None = None) -> str:
    """Why ``action`` suits the seat of ``view``, in the language spoken now (English unless the page set
    another); ``decision`` is Strong's ``Decision`` when there is one.

    ``names`` (the players' names, seat by seat) name the other seats; without them they are "seat N".
    """
    seat = view.seat
    kind = action.kind
    if kind == "draw":
        if view.phase is BOUND:
            v = view.trains[view.open_doubles[0]].end
            return _(DRAW_OPEN_DOUBLE).format(value=v)
        return _(DRAW)
    if kind == "pass":
        return _(PASS_OPENING if view.phase is CHAIN else PASS)
    if kind == "stop":
        plays = [a for a in view.legal if a.kind == "play"]
        return _(STOP if plays else STOP_NOTHING)

    t = action.tile
    assert t is not None
    a, b = t
    where = train_words(view, action.train, names)
    if len(view.hand) == 1:
        return _(LAST_TILE).format(tile=t)
    plays = [x for x in view.legal if x.kind == "play"]
    judged = {j.action: j for j in decision.judged} if decision is not None and decision.judged else {}
    j = judged.get(action)
    chain = len(j.chain) if j is not None else 0

    if view.phase is BOUND:
        k = train_index(view, action)
        v = view.trains[k].end
        if chain > 1:
            text = plural(COVER_OPEN_CHAIN, chain, value=v, train=where)
        else:
            text = _(COVER_OPEN).format(value=v, train=where)
    elif len(plays) == 1:
        text = _(ONLY_PLAY).format(tile=t, train=where)
    elif view.phase is CHAIN:
        text = _(OPENING_CHAIN).format(tile=t)
    elif view.phase in (DOUBLE, TWO_DOUBLES) and view.doubles and _covers(view, action):
        if action.train != seat:
            text = _(COVER_DOUBLE).format(train=where, tile=t)
        else:
            text = _(COVER_OWN_DOUBLE).format(tile=t)
    elif a == b and view.phase is FREE:
        text = _(PLAY_DOUBLE).format(tile=t)
    elif action.train == seat and view.trains[seat].marked:
        text = _(LIFT_MARKER)
    elif _close(view) and j is not None and a + b >= 10:
        s, c = _closest(view)
        text = plural(SHED, c, pips=a + b, name=_who(s, names))
    elif action.train == seat:
        if chain > 0:
            text = plural(PLANNED_CHAIN, chain)
        else:
            text = _(EXTEND_OWN).format(tile=t)
    elif action.train == MEXICAN:
        if chain > 1:
            text = plural(MEXICAN_SPARE, chain, tile=t)
        else:
            text = _(MEXICAN_FITS).format(tile=t)
    else:
        owner = int(action.train or 0)
        lacks = _lacks(decision, owner)
        new_end = b if a == view.trains[owner].end else a
        if new_end in lacks:
            text = _(MARKED_LACKING).format(tile=t, name=_who(owner, names), end=new_end)
        else:
            text = _(MARKED_SPARE).format(name=_who(owner, names), tile=t)

    if decision is not None and decision.results and decision.judged and action != decision.judged[0].action:
        first = decision.judged[0].action
        mine, other = decision.results.get(action), decision.results.get(first)
        if mine is not None and other is not None:
            guesses = decision.playouts // max(1, len(decision.results))
            text = plural(PLAYED_OUT, guesses, reason=text, other=move_words(view, first, names))
    return text


def _covers(view: SeatView, action: Action) -> bool:
    k = train_index(view, action)
    return k in view.doubles and view.trains[k].open_double is not None


def _closest(view: SeatView) -> tuple[int, int]:
    s = min((s for s in range(view.rules.seats) if s != view.seat), key=lambda s: view.hand_counts[s])
    return s, view.hand_counts[s]


def _close(view: SeatView) -> bool:
    return _closest(view)[1] <= 3


def _lacks(decision: Decision | None, seat: int) -> tuple[int, ...]:
    if decision is None or decision.knowledge is None:
        return ()
    return decision.knowledge.lacking[seat]
