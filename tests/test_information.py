"""RULES.md, "Information": a seat's view holds the public game and its own hand, nothing else."""

from mexican_train import Rules, new_match
from mexican_train.view import seat_view
from tests.scenario import play, table


def test_a_view_holds_the_layout_the_counts_and_the_own_hand():
    state = play(table("1-2 3-4 0-5", "5-6 0-1 2-3", boneyard="4-4"), "draw 5-6@0")
    view = seat_view(state, 0)
    assert view.hand == state.hands[0]
    assert view.hand_counts == (4, 2)
    assert view.boneyard_count == state.boneyard_count
    assert view.trains == state.trains
    assert [str(a) for a in view.actions] == ["draw", "5-6@0"]
    assert view.legal == state.legal  # seat 0 is to move


def test_a_view_holds_no_other_hand_and_nothing_of_the_boneyard():
    state = play(table("1-2 3-4 0-5", "5-6 0-1 2-3", boneyard="4-4"), "draw")
    view = seat_view(state, 1)
    hidden = set(state.hands[0]) | set(state.boneyard)
    assert not hidden & set(_tiles_in(view))
    assert view.hand == state.hands[1]


def test_a_view_of_a_seat_not_to_move_lists_no_legal_actions():
    state = table("1-2 3-6", "0-1 4-5")
    assert seat_view(state, 1).legal == ()


def test_a_draw_by_another_seat_shows_no_tile():
    state = play(table("1-2 3-4 0-5", "5-6 0-1 2-3", boneyard="4-4"), "draw")
    draw = [e for e in seat_view(state, 1).events if e.kind == "draw"][0]
    assert draw.seat == 0 and draw.tile is None


def test_a_draw_shows_which_numbers_the_seat_lacked():
    state = play(table("1-2 3-4 0-5", "5-6 0-1 2-3", boneyard="4-4"), "draw")
    draw = state.events[0]
    assert draw.lacks == (6,)  # its own train and the Mexican Train both needed a 6


def test_the_view_of_a_match_carries_the_scores_of_finished_rounds():
    from mexican_train.cli import play_out
    from mexican_train import Player
    match = play_out(new_match(Rules.make(set=6, seats=2, rounds=3), 3, [Player("a", "random")] * 2))
    done = match._replace(rounds=match.rounds[:2])
    view = seat_view(done, 0)
    assert view.round_scores == (match.rounds[0].result.scores,)
    assert view.totals == match.rounds[0].result.scores


def _tiles_in(value):
    """Every tile object anywhere inside a view, and every tile laid on its trains."""
    from mexican_train import Tile, Train
    if isinstance(value, Tile):
        yield value
    elif isinstance(value, Train):
        yield from (Tile(min(a, b), max(a, b)) for a, b in value.tiles)
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from _tiles_in(item)
