"""RULES.md, "A turn" (open double first) and "Doubles", on double-6 (engine 6-6)."""

import pytest

from mexican_train import IllegalMoveError
from tests.scenario import legal, play, table

# Seat 0 starts its train at 3, seat 1 at 5; then seat 0 holds 3-3 and 0-6.
DOUBLES = ("3-6 3-3 0-6 3-5", "5-6 3-4 0-5 1-1")


def test_a_double_obliges_one_more_play_which_under_flexible_may_go_on_any_eligible_train():
    state = play(table(*DOUBLES), "3-6@0 5-6@1 3-3@0")
    assert state.seat == 0
    assert legal(state) == ["0-6@M", "3-5@0"]


def test_under_immediate_cover_the_extra_play_must_cover_the_double():
    state = play(table(*DOUBLES, double_rule="immediate"), "3-6@0 5-6@1 3-3@0")
    assert legal(state) == ["3-5@0"]
    with pytest.raises(IllegalMoveError, match="immediate cover"):
        state.apply("0-6@M")


def test_an_open_double_binds_the_next_seat_whoever_owns_its_train():
    state = play(table(*DOUBLES), "3-6@0 5-6@1 3-3@0 0-6@M")
    assert state.seat == 1 and state.open_doubles == (0,)
    # 0-5 fits seat 1's own train, but only a cover of 3-3 counts, even on seat 0's unmarked train.
    assert legal(state) == ["3-4@0"]
    with pytest.raises(IllegalMoveError, match="open double 3-3 on seat 0's train must be covered first"):
        state.apply("0-5@1")
    state = play(state, "3-4@0")
    assert state.open_doubles == () and state.seat == 0


def test_a_seat_that_cannot_cover_an_open_double_draws_and_is_marked_if_the_tile_does_not_cover():
    state = play(table("3-6 3-3 0-6 3-5", "5-6 4-4 0-5 1-1", boneyard="2-4 0-3"), "3-6@0 5-6@1 3-3@0 0-6@M")
    assert legal(state) == ["draw"]
    state = play(state, "draw")  # 2-4 covers nothing
    assert state.trains[1].marked and state.seat == 0
    assert state.open_doubles == (0,)  # still open: it binds seat 0 too
    assert legal(state) == ["3-5@0"]


def test_with_no_extra_play_the_seat_draws_and_plays_the_tile_if_it_fits():
    state = play(table("3-6 3-3 1-2 1-4", "5-6 3-4 0-5 1-1", boneyard="2-3"), "3-6@0 5-6@1 3-3@0")
    assert legal(state) == ["draw"]
    state = play(state, "draw")
    assert legal(state) == ["2-3@0"]


def test_with_no_extra_play_and_a_tile_that_does_not_fit_the_train_is_marked_and_the_double_stays_open():
    state = play(table("3-6 3-3 1-2 1-4", "5-6 3-4 0-5 1-1", boneyard="2-4"), "3-6@0 5-6@1 3-3@0 draw")
    assert state.seat == 1
    assert state.trains[0].marked
    assert state.open_doubles == (0,)
    assert legal(state) == ["3-4@0"]


def test_a_double_played_as_the_last_tile_ends_the_round_at_once():
    state = play(table("3-6 3-3", "5-6 0-1"), "3-6@0 5-6@1 3-3@0")
    assert state.over
    assert state.result.reason == "out" and state.result.seat == 0
    assert state.result.scores == (0, 1)


# Two doubles: seat 0 opens its train at 3, seat 1 brings the Mexican Train to 5.
def test_two_doubles_in_one_turn_when_a_tile_left_in_hand_covers_one_of_them():
    state = play(table("3-6 3-3 5-5 2-5 1-1", "5-6 0-1 0-2 0-3 0-4"), "3-6@0 5-6@M 3-3@0")
    assert legal(state) == ["2-5@M", "5-5@M"]
    state = play(state, "5-5@M")
    assert state.phase == "two-doubles"
    assert legal(state) == ["2-5@M"]  # the next play covers one of the two
    state = play(state, "2-5@M")
    assert state.seat == 1
    assert state.open_doubles == (0,)  # the other double binds the following turns
    assert legal(state) == ["0-3@0"]


def test_no_second_double_without_a_tile_in_hand_to_cover_one_of_the_two():
    state = play(table("3-6 3-3 5-5 1-2 1-1", "5-6 0-1 0-2 0-4 0-5", boneyard="2-5"), "3-6@0 5-6@M 3-3@0")
    assert legal(state) == ["draw"]
    with pytest.raises(IllegalMoveError, match="second double"):
        state.apply("5-5@M")
    state = play(state, "draw")  # you may not draw to obtain the cover: 2-5 fits, so it is played
    assert legal(state) == ["2-5@M"]


def test_never_a_third_double_the_play_after_two_doubles_covers_one_of_them():
    state = play(table("3-6 3-3 5-5 3-5 2-2", "5-6 0-1 0-2 0-4 2-6"), "3-6@0 5-6@M 3-3@0 5-5@M")
    assert legal(state) == ["3-5@0", "3-5@M"]
    assert all(not a.tile.is_double for a in state.legal_actions())


def test_immediate_cover_allows_no_second_double():
    state = play(table("3-6 3-3 5-5 2-5 1-1", "5-6 0-1 0-2 0-3 0-4", double_rule="immediate"), "3-6@0 5-6@M 3-3@0")
    assert legal(state) == ["draw"]


def test_a_double_from_a_drawn_tile_owes_its_extra_play_and_failing_it_draws_again():
    state = play(table("4-6 1-2 1-3 0-1", "5-6 0-2 0-3 0-5", boneyard="4-4 2-3"), "4-6@0 5-6@1 draw")
    assert legal(state) == ["4-4@0"]
    state = play(state, "4-4@0")
    assert legal(state) == ["draw"]  # the extra play is owed like after any double
    state = play(state, "draw")
    kinds = [e.kind for e in state.events if e.seat == 0]
    assert kinds[-4:] == ["draw", "play", "draw", "mark"]
    assert state.seat == 1 and state.open_doubles == (0,)


# Exhausted-suit exception: the six 5-tiles other than 5-5 reach the layout.
EXHAUST = ("5-6 4-5 2-6 2-5 0-4 5-5 0-0 1-1", "1-6 1-5 0-5 0-3 3-5 0-1 2-2 2-3")
FIVES = "5-6@0 1-6@1 4-5@0 1-5@1 2-6@M 0-5@1 2-5@M 0-3@1 0-4@0 3-5@1"


def test_an_exhausted_double_needs_no_extra_tile_and_binds_no_one():
    state = play(table(*EXHAUST, exhausted_suit_exception=True), FIVES + " 5-5@M")
    assert state.seat == 1 and state.phase == "free"
    assert state.open_doubles == ()


def test_without_the_exception_the_same_double_owes_its_extra_play():
    state = play(table(*EXHAUST), FIVES + " 5-5@M")
    assert state.seat == 0 and state.phase == "double"
    assert legal(state) == ["draw"]


def test_an_exhausted_double_is_not_a_second_double():
    state = play(table(*EXHAUST, exhausted_suit_exception=True), FIVES + " 0-0@0")
    assert legal(state) == ["5-5@M"]  # no cover needed: it is an ordinary tile
    state = play(state, "5-5@M")
    assert state.seat == 1 and state.open_doubles == (0,)  # 0-0 still binds
    assert legal(state) == ["0-1@0"]
    assert legal(play(table(*EXHAUST), FIVES + " 0-0@0")) == ["draw"]


def test_whether_an_open_double_binds_is_judged_at_the_start_of_each_turn():
    # Seat 1 plays 5-5 while 3-5 is still out, then 3-5 elsewhere as its extra tile.
    hands = ("5-6 4-5 2-6 2-5 0-4 1-1 1-2 2-2", "1-6 1-5 0-5 0-3 5-5 3-5 0-0 0-1")
    moves = "5-6@0 1-6@1 4-5@0 1-5@1 2-6@M 0-5@1 2-5@M 0-3@1 0-4@0 5-5@M 3-5@1"
    state = play(table(*hands, exhausted_suit_exception=True), moves)
    assert state.trains[2].open_double == 5
    assert state.seat == 0 and state.phase == "free" and state.open_doubles == ()
    bound = play(table(*hands), moves)
    assert bound.phase == "bound" and bound.open_doubles == (2,)


def test_after_two_doubles_the_covers_are_listed_train_by_train_whatever_the_order_of_the_doubles():
    state = play(table("2-6 3-3 2-2 2-3 1-1", "3-6 0-1 0-4 0-5 1-4"), "2-6@0 3-6@M 3-3@M 2-2@0")
    assert legal(state) == ["2-3@0", "2-3@M"]
