"""Stepping through a match action by action, as a bystander sees it.

``steps(match)`` lists every position of a match (of its file): for each
round, the deal, then the position after each of its actions; ``index_of``
finds the step before an action (where a review item jumps). The replay
screen draws them (``parts.replaying``).
"""

from __future__ import annotations

from typing import NamedTuple

from ..engine import new_round
from ..match import Match


class Step(NamedTuple):
    """One position of a replay: round ``round`` (an index of ``match.rounds``) after ``action`` of its actions."""

    round: int
    action: int
    match: Match


def steps(match: Match) -> list[Step]:
    """Every position of ``match``: each round's deal, then the position after each of its actions. A round
    dealt but not begun (the next one of a match in play) is not a step: nothing happened in it yet; the
    first round's deal is always one."""
    found: list[Step] = []
    for number, played in enumerate(match.rounds):
        if number and not played.actions:
            continue
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
