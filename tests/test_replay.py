"""The replay: every position of a match file, drawn as a bystander sees it."""

from __future__ import annotations

import json
import re

from mexican_train import Rules, matchfile, new_match
from mexican_train.cli import play_out
from mexican_train.match import Player
from mexican_train.ui import replay
from mexican_train.ui.parts.replaying import view_model


def played(rounds=2, seed=4, people=1):
    rules = Rules.make("standard", set=6, seats=3, rounds=rounds)
    players = [Player(f"P{s}", "random") for s in range(3)]
    match = play_out(new_match(rules, seed, players))
    return match._replace(players=tuple(Player(p.name, "human" if s < people else "easy")
                                        for s, p in enumerate(match.players)))


def test_every_step_is_the_engines_replay_of_the_file_action_by_action():
    match = played()
    found = replay.steps(match)
    assert len(found) == sum(len(r.actions) + 1 for r in match.rounds)
    for step in found:
        state = step.match.rounds[step.round]
        assert state.actions == match.rounds[step.round].actions[:step.action]
        assert step.match.rounds[:step.round] == match.rounds[:step.round]
    assert replay.round_starts(found) == [0, len(match.rounds[0].actions) + 1]
    assert replay.index_of(found, 1, 3) == replay.round_starts(found)[1] + 3


def test_hands_are_shown_once_their_round_is_over_in_the_file_and_narration_names_the_move():
    match = played()
    found = replay.steps(match)
    vm = view_model(found, 5, match)
    assert vm["hands_shown"] and all("tiles" in h for h in vm["hands"])
    assert vm["said"] and vm["where"] == f"Round 1 of 2, before action 6 of {len(match.rounds[0].actions)}"
    assert view_model(found, 0, match)["said"] == ["Round 1: the tiles are dealt."]


def test_no_hidden_tile_is_shown_during_an_unfinished_round():
    match = played(rounds=1)
    # the file of an unfinished round: its first 9 actions only
    data = matchfile.to_dict(match)
    data["rounds"][0]["actions"] = data["rounds"][0]["actions"][:9]
    del data["rounds"][0]["scores"]
    data["totals"] = [0, 0, 0]
    unfinished = matchfile.from_dict(data)
    found = replay.steps(unfinished)
    for i, step in enumerate(found):
        vm = view_model(found, i, unfinished)
        state = step.match.rounds[0]
        on_layout = {tuple(sorted(t)) for train in state.trains for t in train.tiles}
        hidden = {(t.low, t.high) for h in state.hands for t in h} | {(t.low, t.high) for t in state.boneyard}
        text = json.dumps(vm)
        shown = {tuple(sorted(map(int, m))) for m in re.findall(r"\b(\d{1,2})-(\d{1,2})\b", text)}
        assert not (shown & (hidden - on_layout)), (i, shown & hidden)
        assert not vm["hands_shown"] and all("tiles" not in h for h in vm["hands"])
        assert not any(t["eligible"] or t["target"] for t in vm["trains"])


def test_the_replay_counts_rounds_as_the_match_does_and_a_round_not_begun_is_not_played_yet():
    rules = Rules.make("standard", set=6, seats=2, rounds=7)
    full = play_out(new_match(rules, 4, [Player("A", "random"), Player("B", "random")]))
    # the file of a match in play: two rounds over, the third dealt and not begun
    data = matchfile.to_dict(full)
    data["rounds"] = data["rounds"][:3]
    data["rounds"][2]["actions"] = []
    del data["rounds"][2]["scores"]
    data["totals"] = [sum(r["scores"][s] for r in data["rounds"][:2]) for s in range(2)]
    match = matchfile.from_dict(data)
    found = replay.steps(match)
    assert {step.round for step in found} == {0, 1}              # nothing to step through in round 3
    last = view_model(found, len(found) - 1, match)
    assert last["where"] == f"Round 2 of 7, after its last action ({len(match.rounds[1].actions)} actions)"
    assert last["round_labels"] == ["Round 1", "Round 2"]
    assert last["rounds_later"] == [f"Round {n}: not played yet" for n in range(3, 8)]
    first = view_model(found, 0, match)
    assert first["where"].startswith("Round 1 of 7, before action 1 of ")


def test_a_review_item_and_the_replay_it_opens_say_the_same_action_number():
    match = played()
    found = replay.steps(match)
    for round_index, action_index in ((0, 0), (0, 4), (1, 0), (1, 2)):
        at = view_model(found, replay.index_of(found, round_index, action_index), match)
        assert f"Round {round_index + 1} of 2, before action {action_index + 1} of " in at["where"]
