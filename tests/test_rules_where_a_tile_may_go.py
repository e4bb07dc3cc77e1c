"""RULES.md, "Where a tile may go" and "A turn": one scenario per rule, on double-6 (engine 6-6)."""

import pytest

from mexican_train import IllegalMoveError
from tests.scenario import legal, play, table, train


def test_a_tile_fits_when_one_half_matches_the_end_and_its_other_half_becomes_the_new_end():
    state = table("2-6 3-4", "0-1 1-2")
    assert legal(state) == ["2-6@0", "2-6@M"]
    state = play(state, "2-6@0")
    assert train(state, 0) == "6-2"  # the matching half touches the engine
    assert state.trains[0].end == 2
    assert state.seat == 1


def test_zero_is_an_ordinary_value_that_matches_only_zero():
    state = table("0-3 1-2", "4-5 1-1", number=6)  # the seventh round of double-6: engine 0-0
    assert state.engine == 0
    assert legal(state) == ["0-3@0", "0-3@M"]
    state = play(state, "0-3@0")
    assert state.trains[0].end == 3
    assert legal(state) == ["draw"]  # 4-5 and 1-1 match neither 0 nor 3: zero is no wildcard


def test_a_seat_may_play_on_its_own_train_even_when_marked_and_that_removes_the_marker():
    state = table("1-2 3-4 0-5", "5-6 0-1 2-3", boneyard="4-4")
    state = play(state, "draw")  # 4-4 does not fit: seat 0's train is marked
    assert state.trains[0].marked and state.seat == 1
    state = play(state, "5-6@0")  # another seat starts the marked train...
    assert state.trains[0].marked  # ...and the marker stays
    assert "0-5@0" in legal(state)
    state = play(state, "0-5@0")  # the owner plays there...
    assert not state.trains[0].marked  # ...and the marker goes


def test_the_mexican_train_starts_with_a_tile_that_matches_the_engine():
    state = table("1-2 3-6", "0-1 4-5")
    assert legal(state) == ["3-6@0", "3-6@M"]
    state = play(state, "3-6@M")
    assert train(state, "M") == "6-3"
    assert state.trains[0].tiles == ()  # the own train need not be started first


def test_the_mexican_train_waits_for_a_seats_second_turn_when_the_option_says_so():
    state = table("3-6 1-6 0-0", "5-6 4-6 0-1", mexican_after_first_turn=True)
    assert legal(state) == ["1-6@0", "3-6@0"]
    with pytest.raises(IllegalMoveError, match="second turn"):
        state.apply("3-6@M")
    state = play(state, "1-6@0 5-6@1")
    assert "3-6@M" in legal(state)  # seat 0's second turn


def test_any_seat_may_play_on_a_marked_train_even_one_never_started():
    state = table("1-2 3-4 0-5", "5-6 0-1 2-3", boneyard="4-4")
    state = play(state, "draw")
    assert state.trains[0].tiles == () and state.trains[0].marked
    assert legal(state) == ["5-6@0", "5-6@1", "5-6@M"]  # it starts with an engine match, like any train


def test_no_seat_may_play_on_another_seats_unmarked_train():
    state = table("2-6 0-1", "2-3 4-5")
    state = play(state, "2-6@0")
    with pytest.raises(IllegalMoveError, match="seat 0's train is private"):
        state.apply("2-3@0")
    assert legal(state) == ["draw"]


def test_a_seat_that_can_play_must_play_and_may_not_draw():
    state = table("2-6 0-1", "2-3 4-5")
    with pytest.raises(IllegalMoveError, match="must play"):
        state.apply("draw")
    with pytest.raises(IllegalMoveError, match="may not pass"):
        state.apply("pass")


def test_with_no_play_a_seat_draws_one_tile_and_must_play_it_if_it_fits():
    state = table("1-2 3-4", "0-5 2-3", boneyard="5-6 0-0")
    assert legal(state) == ["draw"]
    state = play(state, "draw")
    assert state.seat == 0  # still seat 0's turn
    assert legal(state) == ["5-6@0", "5-6@M"]  # only the drawn tile, and it must be played
    with pytest.raises(IllegalMoveError, match="must be played"):
        state.apply("draw")
    state = play(state, "5-6@M")
    assert state.seat == 1 and not state.trains[0].marked


def test_a_drawn_tile_that_does_not_fit_marks_the_own_train_and_ends_the_turn():
    state = table("1-2 3-4", "0-5 2-3", boneyard="0-0 5-6")
    state = play(state, "draw")
    assert state.seat == 1
    assert state.trains[0].marked
    assert [e.kind for e in state.events] == ["draw", "mark"]
    assert state.hands[0] == tuple(sorted(state.hands_dealt[0] + ((0, 0),)))


def test_an_ordinary_play_ends_the_turn():
    state = table("2-6 1-6", "0-1 4-5")
    state = play(state, "2-6@0")
    assert state.seat == 1


def test_a_play_by_another_seat_leaves_the_marker_and_only_the_owner_removes_it():
    state = table("1-2 3-4 0-5", "5-6 0-1 5-5", boneyard="4-4")
    state = play(state, "draw 5-6@0")
    assert state.trains[0].marked
    state = play(state, "0-5@0")
    assert not state.trains[0].marked
    assert [e.kind for e in state.events][-2:] == ["play", "unmark"]


def test_an_illegal_action_names_the_action_and_the_rule():
    state = table("2-6 0-1", "2-3 4-5")
    with pytest.raises(IllegalMoveError) as err:
        state.apply("0-1@M")
    assert str(err.value) == "0-1@M is not legal: 0-1 does not match the open end 6 of the Mexican Train"
    assert err.value.rule == "matching"
    with pytest.raises(IllegalMoveError, match="does not hold 4-5"):
        state.apply("4-5@0")
