"""The coach (FORMATS.md, "review"): decisions where Strong would have played otherwise and it cost points."""

from __future__ import annotations

import io
import json
import random
from contextlib import redirect_stdout

import pytest

from mexican_train import Rules, full_set, matchfile, new_match, review
from mexican_train.cli import main, play_out
from mexican_train.match import Player
from mexican_train.players import get_player, player_rng, strong
from mexican_train.players.base import finish
from mexican_train.view import seat_view


def hand_made(hands, actions, kinds=("human", "normal")):
    """A one-round double-6 match file from a hand-made deal (the rest of the set is the boneyard)."""
    rules = Rules.make("standard", set=6, seats=2, hand_size=len(hands[0]), rounds=1).to_dict()
    used = {t for h in hands for t in h}
    boneyard = [str(t) for t in full_set(6) if str(t) not in used and str(t) != "6-6"]
    return matchfile.from_dict({
        "format": "mexican-train", "version": 1, "rules": rules, "seed": 1,
        "players": [{"name": "Ana", "kind": kinds[0]}, {"name": "Bot", "kind": kinds[1]}],
        "rounds": [{"engine": 6, "first_seat": 0, "hands": hands, "boneyard": boneyard, "actions": actions}]})


# Ana holds 2-2 and 2-4 on her own train's end 2: the double, then 2-4 on it, empties her hand.
NOT_GOING_OUT = hand_made([["2-6", "2-2", "2-4"], ["5-6", "5-5", "1-3"]], ["2-6@0", "5-6@1", "2-4@0"])
# Bot is down to two tiles (it goes out next turn); Ana keeps the heavy 5-6 and plays the light 0-3.
DUMPING_LOW = hand_made([["3-6", "0-3", "5-6"], ["2-6", "2-2", "1-2"]], ["3-6@0", "2-6@1", "0-3@0"])


@pytest.mark.parametrize("seed", range(4))
def test_a_missed_way_to_go_out_is_flagged_with_its_cost(seed):
    items = [i for i in review.review(NOT_GOING_OUT, seed=seed) if i.action == 2]
    assert [(i.round, i.seat, str(i.played), str(i.better)) for i in items] == [(0, 0, "2-4@0", "2-2@0")]
    assert items[0].cost >= 1.0


@pytest.mark.parametrize("seed", range(4))
def test_a_light_tile_dumped_while_a_heavy_one_stays_and_an_opponent_is_about_to_go_out_is_flagged(seed):
    items = [i for i in review.review(DUMPING_LOW, seed=seed) if i.action == 2]
    assert [(str(i.played), str(i.better)) for i in items] == [("0-3@0", "5-6@M")]
    assert items[0].cost >= 1.0
    c = items[0].contrast               # the reason says it from the fields: 5-6 lays 8 points more than 0-3
    assert "pips" in c.claims and (c.pips_better, c.pips_played) == (11, 3) and c.closest_left <= review.CLOSE
    assert "it lays down 8 points more while" in items[0].reason


def played_by_strong(seed, rounds=3):
    """A match in which seat 0 (a person's seat) made every decision as `move --player strong --seed seed`."""
    rules = Rules.make("standard", set=6, seats=3, rounds=rounds)
    match = new_match(rules, 11, [Player("Ana", "human"), Player("Bot", "normal"), Player("Cy", "easy")])
    rngs = {}
    while not match.over:
        seat, number = match.seat, match.round.number
        view = seat_view(match, seat)
        if seat == 0:
            action = strong.choose(view, player_rng(seed, 0, number))   # a fresh generator, as each `move` run
        else:
            rng = rngs.setdefault((seat, number), player_rng(match.seed, seat, number))
            action = get_player(match.players[seat].kind)(view, rng)
        match = match.apply(action)
    return match


def test_a_seat_that_played_as_strong_with_seed_s_is_reviewed_with_seed_s_and_nothing_is_listed(monkeypatch):
    match = played_by_strong(seed=42)
    found = review.decisions(match, [0])
    assert len(found) >= 5
    assert review.review(match, seed=42) == []
    # `move --player strong --seed 42` at one of those positions plays what the seat played
    d = found[len(found) // 2]
    monkeypatch.setattr("sys.stdin", io.StringIO(matchfile.dumps(d.position)))
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["move", "-", "--player", "strong", "--seed", "42"]) == 0
    assert out.getvalue().strip() == str(d.played)


def test_the_same_file_and_seed_give_the_same_review_and_the_command_line_prints_formats_json(tmp_path):
    path = tmp_path / "match.json"
    path.write_text(matchfile.dumps(DUMPING_LOW))
    runs = []
    for _ in range(2):
        out = io.StringIO()
        with redirect_stdout(out):
            assert main(["review", str(path), "--json", "--seed", "3"]) == 0
        runs.append(out.getvalue())
    assert runs[0] == runs[1]
    items = json.loads(runs[0])
    assert items and set(items[0]) == {"round", "action", "seat", "played", "better", "cost", "reason"}
    assert all(i["cost"] > 0 and i["round"] == 0 for i in items)
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["review", str(path), "--seed", "3"]) == 0
    assert out.getvalue().splitlines()[-1].startswith("round 1, action 3 (seat 0): played 0-3@0; better 5-6@M, about ")


def test_decisions_judged_before_are_taken_as_they_were_and_the_review_is_the_same():
    match = play_out(new_match(Rules.make("standard", set=6, seats=2, rounds=3), 4,
                               [Player("Ana", "normal"), Player("Bot", "strong")]))
    plain = review.review(match, [0])
    judged: review.Judged = {}
    for number in range(3):   # round by round, as the page reads them while the person plays on
        finish(review.review_steps(match, [0], rounds=[number], judged=judged))
    assert len(judged) == len(review.decisions(match, [0])) and plain
    assert finish(review.review_steps(match, [0], judged=judged)) == plain
    stand_in = plain[0]._replace(cost=99.0)   # what is kept is what is used: nothing is judged again
    key = next(k for k, item in judged.items() if item == plain[0])
    judged[key] = stand_in
    assert finish(review.review_steps(match, [0], judged=judged))[0] == stand_in


def test_the_review_is_honest_two_positions_with_the_same_view_get_the_same_verdict():
    d = review.decisions(DUMPING_LOW, [0])[-1]
    state = d.position.round
    hidden = list(state.hands[1]) + list(state.boneyard)
    rng = random.Random(5)
    for _ in range(3):
        rng.shuffle(hidden)
        n = len(state.hands[1])
        other = state._replace(hands=(state.hands[0], tuple(sorted(hidden[:n]))),
                               boneyard_dealt=state.boneyard_dealt[:state.draws] + tuple(hidden[n:]))
        position = d.position._replace(rounds=(other,))
        assert seat_view(position, 0) == seat_view(d.position, 0)
        assert review.judge(seat_view(position, 0), d.played, 1, 0, d.action) == \
            review.judge(seat_view(d.position, 0), d.played, 1, 0, d.action)


def test_a_seat_out_of_range_is_one_line_on_stderr(tmp_path, capsys):
    path = tmp_path / "match.json"
    path.write_text(matchfile.dumps(DUMPING_LOW))
    assert main(["review", str(path), "--seat", "7"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "seats count 0 to 1" in err
