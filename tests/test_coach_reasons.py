"""The coach's reasons are true of the move: each is built from fields that say what differs between the move
played and Strong's (the tile, the train, the chain, the points), the move compared is the one played, and
a reason never claims what both moves share."""

from __future__ import annotations

import re

import pytest

from mexican_train import Rules, new_match, review
from mexican_train.actions import PLAY
from mexican_train.cli import play_out
from mexican_train.i18n import set_language
from mexican_train.match import Player
from mexican_train.players.base import train_index
from mexican_train.ui import replay
from mexican_train.view import seat_view


def reviewed(seeds=range(16)):
    """Items of many reviewed decisions: a person's seat played at random, among easy computers."""
    rules = Rules.make("standard", set=6, seats=3, rounds=1)
    for seed in seeds:
        match = play_out(new_match(rules, seed, [Player("A", "random"), Player("B", "easy"), Player("C", "easy")]))
        match = match._replace(players=(Player("A", "human"),) + match.players[1:])
        for item in review.review(match, samples=4):
            yield match, item


@pytest.fixture(scope="module")
def items():
    found = list(reviewed())
    assert len(found) >= 15, len(found)
    return found


def test_the_move_compared_is_the_one_played_and_the_fields_are_those_of_the_two_moves(items):
    for match, item in items:
        c = item.contrast
        assert c.played == item.played == match.rounds[item.round].actions[item.action]   # the move made there
        assert c.better == item.better != item.played
        steps = replay.steps(match)
        view = seat_view(steps[replay.index_of(steps, item.round, item.action)].match, item.seat)
        both = c.played.kind == PLAY and c.better.kind == PLAY
        assert c.same_tile == (both and c.played.tile == c.better.tile)
        assert c.same_train == (both and c.played.train == c.better.train and c.played.tile != c.better.tile)
        for action, pips, covers in ((c.played, c.pips_played, c.covers_played), (c.better, c.pips_better, c.covers_better)):
            assert pips == (sum(action.tile) if action.kind == PLAY else 0)
            assert covers == (action.kind == PLAY and train_index(view, action) in view.open_doubles)


def test_every_claim_is_true_of_the_suggestion_and_not_of_the_move_played(items):
    seen = set()
    for _match, item in items:
        c = item.contrast
        assert c.claims, item
        for claim in c.claims:
            seen.add(claim)
            if claim == "chain":
                assert c.chain_better > c.chain_played
            elif claim == "pips":
                assert c.pips_better > c.pips_played and not c.same_tile
            elif claim == "cover":
                assert c.covers_better and not c.covers_played
            elif claim == "unmark":
                assert c.unmarks_better and not c.unmarks_played
            elif claim == "out":
                assert c.out_better
            else:
                assert claim == "played_out" and item.cost >= review.THRESHOLD and len(c.claims) == 1
    assert {"chain", "played_out"} <= seen, seen


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_a_reason_names_no_tile_but_the_two_moves(items, lang):
    set_language(lang)
    try:
        for _match, item in items:
            text = review.reason_text(item.contrast, str, lambda a: str(a.train))
            named = set(re.findall(r"\b\d{1,2}-\d{1,2}\b", text))
            moves = {str(a.tile) for a in (item.played, item.better) if a.tile is not None}
            assert named <= moves, (text, moves)
    finally:
        set_language("en")
