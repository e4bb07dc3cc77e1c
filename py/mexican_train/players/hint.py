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
from ..kernel import BOUND, CHAIN, DOUBLE, FREE, TWO_DOUBLES
from ..view import SeatView

if TYPE_CHECKING:
    from .strong import Decision
from .base import train_index


def _who(seat: int, names: Sequence[str] | None) -> str:
    return names[seat] if names else f"seat {seat}"


def _train_words(view: SeatView, train: TrainName | None, names: Sequence[str] | None) -> str:
    if train == MEXICAN:
        return "the Mexican Train"
    if train == view.seat:
        return "your own train"
    return f"{_who(int(train or 0), names)}'s train"


def _chain_words(n: int) -> str:
    return "your chain" if n <= 1 else f"your {n}-tile chain"


def reason(view: SeatView, action: Action, decision: Decision | None = None,
           names: Sequence[str] | None = None) -> str:
    """Why ``action`` suits the seat of ``view``; ``decision`` is Strong's ``Decision`` when there is one.

    ``names`` (the players' names, seat by seat) name the other seats; without them they are "seat N".
    """
    seat = view.seat
    kind = action.kind
    if kind == "draw":
        if view.phase is BOUND:
            v = view.trains[view.open_doubles[0]].end
            return f"No tile in your hand covers the open double {v}-{v}, so you must draw one."
        return "No tile in your hand fits a train you may use, so you must draw one."
    if kind == "pass":
        if view.phase is CHAIN:
            return "You cannot start your own train, so you pass and your train gets a marker."
        return "Nothing fits and the boneyard is empty, so you pass; your train gets a marker."
    if kind == "stop":
        plays = [a for a in view.legal if a.kind == "play"]
        if not plays:
            return "No tile you hold extends your opening chain, so you end it here."
        return "Ending the opening chain here keeps your remaining tiles for later turns."

    t = action.tile
    assert t is not None
    a, b = t
    where = _train_words(view, action.train, names)
    if len(view.hand) == 1:
        return f"Plays your last tile, {t}, and ends the round."
    plays = [x for x in view.legal if x.kind == "play"]
    judged = {j.action: j for j in decision.judged} if decision is not None and decision.judged else {}
    j = judged.get(action)
    chain = len(j.chain) if j is not None else 0

    if view.phase is BOUND:
        k = train_index(view, action)
        v = view.trains[k].end
        text = f"Covers the open double {v}-{v} on {where}, which must be answered before anything else"
        text += f", and keeps {_chain_words(chain)} intact." if chain > 1 else "."
    elif len(plays) == 1:
        text = f"{t} on {where} is the only play you have."
    elif view.phase is CHAIN:
        text = f"Extends your opening chain with {t}: every tile laid now is one less to play later."
    elif view.phase in (DOUBLE, TWO_DOUBLES) and view.doubles and _covers(view, action):
        text = f"Covers your double with {t}, so nobody else can change where your train goes."
        if action.train != seat:
            text = f"Covers the double on {where} with {t}, the extra tile the double earned you."
    elif a == b and view.phase is FREE:
        text = f"Plays the double {t} with a tile left to follow it: two tiles out in one turn."
    elif action.train == seat and view.trains[seat].marked:
        text = "Plays on your own marked train to lift the marker before others build on it."
    elif _close(view) and j is not None and a + b >= 10:
        s, c = _closest(view)
        text = (f"Sheds {a + b} pips now: {_who(s, names)} has only {c} tile{'s' if c != 1 else ''} left, "
                "so heavy tiles are the ones to get rid of.")
    elif action.train == seat:
        if chain > 0:
            text = f"Lays the next tile of your planned chain, with {chain} more to follow on your own train."
        else:
            text = f"Extends your own train with {t}, keeping your other tiles where they can still be played."
    elif action.train == MEXICAN:
        if chain > 1:
            text = (f"Puts {t}, a tile your own chain does not need, on the Mexican Train "
                    f"and keeps {_chain_words(chain)} intact.")
        else:
            text = f"Puts {t} on the Mexican Train while it fits there."
    else:
        owner = int(action.train or 0)
        lacks = _lacks(decision, owner)
        new_end = b if a == view.trains[owner].end else a
        if new_end in lacks:
            text = (f"Plays {t} on {_who(owner, names)}'s marked train and leaves it ending in "
                    f"{new_end}, a number that player has shown to lack.")
        else:
            text = f"Uses {_who(owner, names)}'s marked train for {t}, a tile your own chain does not need."

    if decision is not None and decision.results and decision.judged and action != decision.judged[0].action:
        first = decision.judged[0].action
        mine, other = decision.results.get(action), decision.results.get(first)
        if mine is not None and other is not None:
            text = text.rstrip(".") + (f"; played out on {decision.playouts // max(1, len(decision.results))} "
                                       f"guesses of the hidden tiles it does better than {first}.")
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
