"""Stepping through a match action by action, as a bystander sees it.

``steps(match)`` lists every position of a match (of its file): for each
round, the deal, then the position after each of its actions. ``view_model``
draws one of them for the replay screen:

* the board (trains, engine, boneyard count, every seat's tile count and the
  match totals before the round) as anyone at the table sees it;
* every hand face up once its round is over in the file, and only counts while
  the round is unfinished (nothing a bystander may not see: no hand, no
  boneyard tile, no list of where a hand could play);
* the step narrated in the game's own sentences, and where it is (round r of
  n, action k of m), with the first step of every round to jump to.
"""

from __future__ import annotations

from typing import NamedTuple

from ..engine import RoundState, new_round
from ..i18n import _, plural
from ..match import Match
from . import strings as S
from .controller import Session, facts
from .narrate import narrate
from .viewmodel import _players, _trains, rules_summary, tile_face
from .views import ReplayHand, ReplayItem, ReplayView


class Step(NamedTuple):
    """One position of a replay: round ``round`` (an index of ``match.rounds``) after ``action`` of its actions."""

    round: int
    action: int
    match: Match


def steps(match: Match) -> list[Step]:
    """Every position of ``match``: each round's deal, then the position after each of its actions."""
    found: list[Step] = []
    for number, played in enumerate(match.rounds):
        earlier = match.rounds[:number]
        state = new_round(match.rules, number, played.hands_dealt, played.boneyard_dealt)
        found.append(Step(number, 0, match._replace(rounds=earlier + (state,))))
        for k, action in enumerate(played.actions):
            state = state.apply(action)
            found.append(Step(number, k + 1, match._replace(rounds=earlier + (state,))))
    return found


def index_of(found: list[Step], round_index: int, action_index: int) -> int:
    """The step just before action ``action_index`` (0-based) of round ``round_index``: where a review item jumps."""
    for i, step in enumerate(found):
        if step.round == round_index and step.action == action_index:
            return i
    raise ValueError(f"the match has no action {action_index + 1} in round {round_index + 1}")


def round_starts(found: list[Step]) -> list[int]:
    """The index of each round's first step (its deal)."""
    return [i for i, step in enumerate(found) if step.action == 0]


def _state(step: Step) -> RoundState:
    return step.match.rounds[step.round]


def view_model(found: list[Step], index: int, full: Match, items: list[ReplayItem] | None = None) -> ReplayView:
    """What the replay screen draws at step ``index`` of ``found`` (the steps of ``full``), with the review's
    ``items`` to jump to."""
    index = max(0, min(index, len(found) - 1))
    step = found[index]
    state = _state(step)
    position = step.match
    # a paused session shows no one's hand and lists no legal play: the board as a bystander sees it
    session = Session(match=position, paused=True, rounds_seen=len(position.rounds))
    bystander = facts(session)._replace(viewer=None, human_to_move=None, needs_reveal=False)
    over_in_file = full.rounds[step.round].result is not None
    said: tuple[str, ...] = ()
    if step.action > 0:
        before = found[index - 1].match
        said, _moves = narrate(before, position, viewer=None)
    hands: list[ReplayHand] = []
    for seat, player in enumerate(full.players):
        tiles = state.hands[seat]
        row: ReplayHand = {"seat": seat, "name": player.name, "count": len(tiles),
                           "count_text": plural(S.TILES_IN_HAND, len(tiles))}
        if over_in_file:
            row["tiles"] = [tile_face(t) for t in tiles]
        hands.append(row)
    actions = len(full.rounds[step.round].actions)
    return {
        "index": index, "last": len(found) - 1,
        "round": step.round, "action": step.action,
        "where": _(S.REPLAY_WHERE).format(round=step.round + 1, rounds=len(full.rounds), action=step.action,
                                          actions=actions),
        "engine_text": _(S.ENGINE).format(value=state.engine),
        "boneyard_text": _(S.BONEYARD).format(count=state.boneyard_count),
        "players": _players(bystander, position, state, None),
        "trains": _trains(session, bystander, position, state, None),
        "hands": hands, "hands_shown": over_in_file,
        "said": list(said) or ([_(S.REPLAY_DEAL).format(round=step.round + 1)] if step.action == 0 else []),
        "round_starts": round_starts(found),
        "rules": rules_summary(full.rules),
        "items": items or [],
        "hidden_text": _(S.REPLAY_HAND_HIDDEN),
        "round_labels": [_(S.ROUND_N).format(number=n + 1) for n in range(len(full.rounds))],
    }
