"""Strong's choices are pinned: every position of the golden file gets today's action again.

``tests/golden/strong_choices.json.gz`` (written by ``tests/golden/record_strong.py``
before any of Strong's code was reshaped) holds short matches between all
levels under every preset and option, and in them a few thousand positions with
a real choice, each with the seed of the generator handed to Strong and the
action Strong picked. A refactor of Strong, of its play-outs or of the rules
they run on must reproduce every one.
"""

from __future__ import annotations

import gzip
import json
import os
import random

import pytest

from mexican_train import matchfile, new_match
from mexican_train.match import Player
from mexican_train.players import strong, strong0
from mexican_train.view import seat_view

GOLDEN = os.path.join(os.path.dirname(__file__), "golden", "strong_choices.json.gz")


def golden_positions():
    """(label, view, seed, expected action) for every case of the golden file, in file order."""
    with gzip.open(GOLDEN, "rt", encoding="utf-8") as f:
        data = json.load(f)
    assert data["format"] == "mexican-train/strong-golden"
    for g, game in enumerate(data["games"]):
        final = matchfile.from_dict(game["match"])
        wanted = {(r, k): (seed, action) for r, k, seed, action in game["cases"]}
        match = new_match(final.rules, final.seed, [Player(p.name, p.kind) for p in final.players])
        for number, played in enumerate(final.rounds):
            for k, action in enumerate(played.actions):
                if (number, k) in wanted:
                    seed, expected = wanted.pop((number, k))
                    yield f"game {g}, round {number + 1}, action {k + 1}", seat_view(match, match.seat), seed, expected
                match = match.apply(action)
        assert not wanted, f"game {g}: positions the file names but the match never reached: {sorted(wanted)}"


def test_the_golden_file_holds_a_few_thousand_positions_under_every_preset():
    cases = list(golden_positions())
    assert len(cases) >= 2000
    rules = {(v.rules.preset, v.rules.set, v.rules.seats, v.rules.double_rule, v.rules.exhausted_suit_exception)
             for _, v, _, _ in cases}
    assert {r[0] for r in rules} == {"standard", "classic"}
    assert {r[1] for r in rules} == {6, 9, 12}
    assert max(r[2] for r in rules) == 10
    assert {r[3] for r in rules} == {"flexible", "immediate"}


def test_strong_picks_the_recorded_action_at_every_golden_position():
    differ = []
    for label, view, seed, expected in golden_positions():
        got = str(strong.choose(view, random.Random(seed)))
        if got != expected:
            differ.append(f"{label}: recorded {expected}, now {got}")
    assert not differ, f"{len(differ)} choices changed:\n" + "\n".join(differ[:20])


def test_strong0_the_frozen_old_strong_picks_the_recorded_action_at_every_8th_golden_position():
    differ = []
    for label, view, seed, expected in list(golden_positions())[::8]:
        got = str(strong0.choose(view, random.Random(seed)))
        if got != expected:
            differ.append(f"{label}: recorded {expected}, now {got}")
    assert not differ, f"{len(differ)} choices changed:\n" + "\n".join(differ[:20])
