"""RULES.md, "Opening turn (classic only)" and its settled points 1-4, on double-6 (engine 6-6)."""

import pytest

from mexican_train import IllegalMoveError
from tests.scenario import legal, play, table


def classic(*hands, boneyard=""):
    return table(*hands, boneyard=boneyard, preset="classic")


def test_a_first_turn_lays_a_chain_on_the_own_train_and_may_stop_after_any_tile():
    state = classic("1-6 1-2 2-4 0-5 0-0", "3-6 3-4 0-1 0-2 0-3")
    assert legal(state) == ["1-6@0"]  # from the engine, on the own train only
    state = play(state, "1-6@0")
    assert legal(state) == ["1-2@0", "stop"]
    state = play(state, "1-2@0 2-4@0")
    assert state.seat == 0  # still the opening turn
    state = play(state, "stop")
    assert state.seat == 1 and " ".join(f"{a}-{b}" for a, b in state.trains[0].tiles) == "6-1 1-2 2-4"


def test_a_double_inside_the_chain_is_covered_by_the_next_tile_of_the_chain():
    state = play(classic("1-6 1-2 2-2 2-4 0-5", "3-6 3-4 0-1 0-2 0-3"), "1-6@0 1-2@0")
    assert legal(state) == ["2-2@0", "2-4@0", "stop"]
    state = play(state, "2-2@0")
    assert legal(state) == ["2-4@0"]  # no stop on a double the seat can cover
    with pytest.raises(IllegalMoveError, match="covered by the next tile"):
        state.apply("stop")
    state = play(state, "2-4@0")
    assert legal(state) == ["stop"]


def test_a_chain_ends_only_with_stop_even_when_no_tile_fits():
    state = play(classic("1-6 0-5 0-4 0-3 0-2", "3-6 3-4 0-1 1-1 2-2"), "1-6@0")
    assert legal(state) == ["stop"]
    with pytest.raises(IllegalMoveError, match="ends only with stop"):
        state.apply("draw")


def test_doubles_inside_an_opening_chain_are_unlimited():
    state = classic("1-6 1-1 1-2 2-2 2-3 3-3 3-4", "4-6 0-1 0-2 0-3 0-4 0-5 4-4")
    state = play(state, "1-6@0 1-1@0 1-2@0 2-2@0 2-3@0 3-3@0")
    assert legal(state) == ["3-4@0"]
    state = play(state, "3-4@0")
    assert state.over and state.result.seat == 0  # the last tile ends the round without a stop


def test_a_chain_ending_on_a_double_it_cannot_cover_draws_and_plays_a_drawn_cover():
    state = play(classic("1-6 1-1 3-4 0-5 2-2", "3-6 0-2 0-3 0-4 4-5", boneyard="1-3"), "1-6@0 1-1@0")
    assert legal(state) == ["stop"]
    state = play(state, "stop")
    assert legal(state) == ["draw"]  # the double rule, with the own train as the only eligible train
    state = play(state, "draw")
    assert legal(state) == ["1-3@0"]
    state = play(state, "1-3@0")
    assert state.seat == 1  # a drawn cover ends the turn


def test_a_chain_ending_on_a_double_whose_drawn_tile_does_not_cover_marks_the_own_train():
    state = play(classic("1-6 1-1 3-4 0-5 2-2", "3-6 0-2 0-3 0-4 4-5", boneyard="2-3 4-4"), "1-6@0 1-1@0 stop draw")
    assert state.seat == 1 and state.trains[0].marked
    assert state.open_doubles == (0,)


def test_a_first_turn_that_begins_bound_by_an_open_double_is_an_ordinary_turn():
    state = play(classic("1-6 1-1 3-4 0-5 2-2", "3-6 0-2 0-3 0-4 4-5", boneyard="2-3 4-4"), "1-6@0 1-1@0 stop draw")
    assert state.phase == "bound"
    assert legal(state) == ["draw"]  # seat 1 cannot cover: it draws, where an opening chain would pass
    state = play(state, "draw")  # 4-4 does not cover either: marked, and that was its whole first turn
    assert state.trains[1].marked and state.seat == 0 and state.had_turn == (True, True)


def test_a_first_turn_cover_of_a_bound_double_ends_the_turn_with_no_chain():
    state = play(classic("1-6 1-1 3-4 0-5 2-2", "3-6 1-3 0-3 0-4 4-5", boneyard="2-3"), "1-6@0 1-1@0 stop draw")
    assert legal(state) == ["1-3@0"]
    state = play(state, "1-3@0")
    assert state.seat == 0 and state.trains[1].tiles == ()


def test_a_seat_that_cannot_start_its_own_train_does_not_draw_and_is_marked():
    state = classic("0-1 2-3 4-5 0-0 1-1", "5-6 4-6 0-2 0-3 0-4")
    assert legal(state) == ["pass"]
    with pytest.raises(IllegalMoveError, match="does not draw"):
        state.apply("draw")
    state = play(state, "pass")
    assert state.boneyard_count == len(state.boneyard_dealt) and state.trains[0].marked


def test_marked_trains_and_the_mexican_train_are_closed_to_a_seat_on_its_first_turn():
    state = play(classic("0-1 2-3 4-5 0-0 1-1", "5-6 4-6 0-2 0-3 0-4"), "pass")
    assert legal(state) == ["4-6@1", "5-6@1"]
    with pytest.raises(IllegalMoveError, match="opening turn"):
        state.apply("5-6@0")
    state = play(state, "4-6@1 stop")
    assert legal(state) == ["draw"]  # seat 0's second turn: own marked train, Mexican Train, no 6 in hand
    state = play(state, "draw")
    assert "5-6@0" in legal(state) and "5-6@M" in legal(state)  # seat 1's second turn
