"""RULES.md, "End of a round" and "End of a match", on double-6 (engine 6-6)."""

import pytest

from mexican_train import IllegalMoveError, Match, Player, Rules, new_match
from mexican_train.matchfile import from_dict, to_dict
from tests.scenario import legal, play, table

# 26 of the 27 tiles dealt; 5-5 is the boneyard. Every train comes back to 6 once the
# six 6-tiles are down, and nobody holds a 6: the round can only block.
BLOCK = ("0-6 0-1 1-6 4-6 5-6 4-4 3-5 3-4 2-5 3-3 2-4 0-0 0-3",
         "2-6 2-3 3-6 4-5 0-2 0-4 0-5 1-1 1-2 1-3 1-4 1-5 2-2")
ALL_TRAINS_TO_SIX = "0-6@0 2-6@1 0-1@0 2-3@1 1-6@0 3-6@1 4-6@M 4-5@M 5-6@M"


def test_with_no_play_and_an_empty_boneyard_the_seat_passes_and_its_train_is_marked():
    state = play(table(*BLOCK), ALL_TRAINS_TO_SIX + " draw")
    assert state.boneyard_count == 0
    assert legal(state) == ["pass"]
    with pytest.raises(IllegalMoveError, match="boneyard is empty"):
        state.apply("draw")


def test_a_round_blocks_when_every_seat_in_turn_ends_a_turn_without_placing_a_tile():
    state = play(table(*BLOCK), ALL_TRAINS_TO_SIX)
    state = play(state, "draw")  # seat 1 draws the last tile and fails: that turn counts
    assert state.idle_turns == 1 and not state.over
    state = play(state, "pass")  # seat 0 passes: two seats, two such turns
    assert state.over
    assert state.result.reason == "blocked" and state.result.seat is None


def test_a_placed_tile_restarts_the_count_of_turns_toward_a_block():
    state = table("1-2 3-4 0-5 1-1", "5-6 0-1 0-2 0-3", boneyard="2-2")
    state = play(state, "draw")  # boneyard not empty after the draw: no count
    assert state.idle_turns == 0
    state = play(state, "5-6@1")
    assert state.idle_turns == 0


def test_each_seat_scores_the_pips_left_in_its_hand():
    state = play(table(*BLOCK), ALL_TRAINS_TO_SIX + " draw pass")
    # seat 0 keeps 4-4 3-5 3-4 2-5 3-3 2-4 0-0 0-3; seat 1 keeps nine tiles and the drawn 5-5
    assert state.result.scores == (45, 45)


@pytest.mark.parametrize("penalty", [0, 25, 50])
def test_the_double_blank_scores_the_blank_double_penalty(penalty):
    state = play(table(*BLOCK, blank_double_penalty=penalty), ALL_TRAINS_TO_SIX + " draw pass")
    assert state.result.scores == (45 + penalty, 45)


def test_a_seat_that_empties_its_hand_ends_the_round_at_once():
    state = play(table("2-6 1-1", "4-6 3-5"), "2-6@0 4-6@1 draw")
    assert not state.over
    state = play(table("2-6", "4-6"), "2-6@0")
    assert state.over and state.result.reason == "out" and state.result.seat == 0
    assert state.result.scores == (0, 10)
    assert state.legal_actions() == ()


def _one_round_match(hands, actions, **options):
    rules = Rules.make("standard", set=6, seats=2, hand_size=13, rounds=1, **options)
    match = new_match(rules, seed=0, players=[Player("Ana"), Player("Ben")])
    data = to_dict(match)
    data["rounds"][0]["hands"] = [h.split() for h in hands]
    data["rounds"][0]["boneyard"] = ["5-5"]
    data["rounds"][0]["actions"] = actions.split()
    del data["totals"]  # the file says nothing about totals; they follow from the rounds
    return from_dict(data)


def test_equal_lowest_totals_share_the_win():
    match = _one_round_match(BLOCK, ALL_TRAINS_TO_SIX + " draw pass")
    assert match.over and match.totals == (45, 45)
    assert match.winners == (0, 1)


def test_the_lowest_total_wins_the_match():
    match = _one_round_match(BLOCK, ALL_TRAINS_TO_SIX + " draw pass", blank_double_penalty=25)
    assert match.totals == (70, 45) and match.winners == (1,)


def test_scores_add_up_over_the_rounds_and_the_match_ends_after_its_last_round():
    from mexican_train.cli import play_out
    rules = Rules.make("standard", set=6, seats=3, rounds="short")
    match = play_out(new_match(rules, 5, [Player(f"P{s}", "random") for s in range(3)]))
    assert match.over and len(match.rounds) == 3
    assert match.totals == tuple(sum(r.result.scores[s] for r in match.rounds) for s in range(3))
    assert match.winners == tuple(s for s in range(3) if match.totals[s] == min(match.totals))
    assert isinstance(match, Match) and match.legal_actions() == ()
