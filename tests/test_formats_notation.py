"""FORMATS.md, "Action notation": every action reads and writes back the same; anything else is refused."""

import pytest

from mexican_train import MEXICAN, NotationError, parse_action, parse_tile, play, tile
from mexican_train.actions import DRAW_ACTION, PASS_ACTION, STOP_ACTION
from mexican_train.errors import IllegalMoveError, MexicanTrainError


@pytest.mark.parametrize("text", ["3-9@M", "3-9@0", "0-0@3", "12-12@M", "draw", "pass", "stop"])
def test_each_action_reads_and_writes_back_the_same(text):
    assert str(parse_action(text)) == text


def test_plays_name_a_tile_low_high_and_a_train():
    assert parse_action("3-9@M") == play(tile(9, 3), MEXICAN)
    assert parse_action("3-9@2") == play(tile(3, 9), 2)
    assert (parse_action("draw"), parse_action("pass"), parse_action("stop")) == (DRAW_ACTION, PASS_ACTION,
                                                                                   STOP_ACTION)


@pytest.mark.parametrize("text, message", [
    ("9-3@M", "lower number first"), ("3-9", "not an action"), ("3-9@X", "names no train"),
    ("3-9@01", "names no train"), ("3-13@M", "not a tile of the double-12 set"), ("three-nine@M", "not a tile"),
    ("DRAW", "not an action"), ("3-9@10", "seats count 0 to 9"), ("", "not an action"), ("03-9@M", "write it as"),
])
def test_malformed_text_is_refused_with_a_notation_error(text, message):
    with pytest.raises(NotationError, match=message):
        parse_action(text)


def test_a_notation_error_is_not_an_illegal_move_error_but_both_are_mexican_train_errors():
    assert not issubclass(NotationError, IllegalMoveError) and not issubclass(IllegalMoveError, NotationError)
    assert issubclass(NotationError, MexicanTrainError) and issubclass(IllegalMoveError, ValueError)


def test_tile_values_are_bounded_by_the_set():
    assert parse_tile("5-6", 6) == (5, 6)
    with pytest.raises(NotationError, match="double-6"):
        parse_tile("5-7", 6)
