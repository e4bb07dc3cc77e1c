"""Friends on their own devices: what the host's Python checks and sends for a seat played elsewhere.

The host's device runs the match. A friend's device sends its taps as the
protocol's events, with the call's ``source`` naming its seat; ``refusal``
checks each one as a tap here is checked, and names what is wrong with one
that is out of turn or illegal (the page's refusal, with a console warning,
and nothing changes). ``Relay.views`` builds the view model each friend's
device draws: for its own seat (``viewmodel.view_model``'s viewer), in its own
language, with what happened since its last view told in sentences for it.
A view model for a seat holds that seat's hand and no other hand, no boneyard
tile, while the round is in play; the host's selection and hint are the host's
own and never go out.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import cast

from ..actions import DRAW, PASS, STOP
from ..errors import MexicanTrainError
from ..i18n import N_, _, language, set_language
from ..match import Match
from ..tiles import parse_tile
from . import protocol
from .controller import Screen, Session, facts, targets_of
from .narrate import narrate, people_here
from .viewmodel import view_model
from .views import GameView, MatchEnd, RoundEnd

NOT_A_FRIEND = N_("The message {type} came for seat {seat}, which no friend's device plays; nothing was changed.")
OUT_OF_TURN = N_("The message {type} from seat {seat}'s device came out of turn; nothing was changed.")
NOT_LEGAL = N_("The message {type} from seat {seat}'s device is not a legal move now; nothing was changed.")
HOST_GOES_ON = N_("The next round starts from the host's device")
HOST_STARTS_NEW = N_("A new match starts from the host's device")

_ACTIONS = {protocol.Command.DRAW: DRAW, protocol.Command.PASS: PASS, protocol.Command.STOP: STOP}


def refusal(session: Session, seat: int, event: protocol.Event) -> str | None:
    """Why the host refuses ``event`` from the device of ``seat`` (a message id of this module), or None when it
    is a tap the seat may make now: its own tile, a train its picked tile may go to, or one of its offered
    commands, at its own turn on the board."""
    match = session.match
    if match is None or seat not in {friend for friend, _lang in session.friends}:
        return NOT_A_FRIEND
    if isinstance(event, protocol.Refresh):
        return None
    known = facts(session)
    if (known.screen != Screen.BOARD or session.paused or session.awaiting_next or match.round.seat != seat
            or seat in dict(session.stand_ins)):
        return OUT_OF_TURN
    if isinstance(event, protocol.PickTile):
        try:
            tile = parse_tile(event.tile, match.rules.set)
        except MexicanTrainError:
            return NOT_LEGAL
        if tile not in match.round.hands[seat] or not (tile == session.selected or targets_of(match, tile)):
            return NOT_LEGAL
        return None
    if isinstance(event, protocol.PickTrain):
        if session.selected is None or event.train not in targets_of(match, session.selected):
            return NOT_LEGAL
        return None
    if isinstance(event, protocol.RunCommand):
        if event.name in _ACTIONS:
            legal = match.legal_actions()
            return None if any(a.kind == _ACTIONS[event.name] for a in legal) else NOT_LEGAL
        if event.name == protocol.Command.CLEAR and session.selected is not None:
            return None
    return NOT_LEGAL


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Speak ``lang`` inside the block, then the language spoken before."""
    before = language()
    set_language(lang)
    try:
        yield
    finally:
        set_language(before)


class Relay:
    """What the host has sent each friend's device: the match its last view showed, so that the next view tells
    what happened since then."""

    def __init__(self) -> None:
        self.shown: dict[int, Match] = {}

    def views(self, session: Session) -> dict[str, GameView]:
        """The view model of ``session`` for each friend's seat, by seat number (as text, for JSON)."""
        match = session.match
        if match is None:
            return {}
        found: dict[str, GameView] = {}
        for seat, lang in session.friends:
            found[str(seat)] = self.view(session, seat, lang)
            self.shown[seat] = match
        return found

    def view(self, session: Session, seat: int, lang: str) -> GameView:
        """The view model of ``session`` for the friend at ``seat``, in ``lang``."""
        match = session.match
        assert match is not None
        hand = match.round.hands[seat]
        own = session._replace(selected=session.selected if session.selected in hand else None, hint=None,
                               announce=(), prompts=(), error=None)
        before = self.shown.get(seat)
        with speaking(lang), people_here(lambda _match: (seat,)):
            vm = view_model(own, facts(own), seat)
            lines = narrate(before, match, viewer=seat)[0] if before is not None and before is not match else ()
            # the host moves the match on: on this device the round's and the match's end say so, on a button
            # that does nothing (the match's end offers nothing else here: no review, no settings)
            end = cast("RoundEnd | None", vm.get("round_end"))
            if end:
                end["button"] = {"id": end["button"]["id"], "label": _(HOST_GOES_ON), "disabled": True}
            final = cast("MatchEnd | None", vm.get("match_end"))
            if final:
                final["button"] = {"id": final["button"]["id"], "label": _(HOST_STARTS_NEW), "disabled": True}
        vm["announce"] = list(lines)
        return vm

    def forget(self) -> None:
        """A new match: no view of it has gone out yet."""
        self.shown.clear()
