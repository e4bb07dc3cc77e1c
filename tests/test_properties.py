"""Invariants over random seeds, sets, seat counts, presets and options (hypothesis)."""

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mexican_train import IllegalMoveError, Rules, full_set, new_match
from mexican_train.actions import DRAW_ACTION, MEXICAN, PASS_ACTION, STOP_ACTION, play
from mexican_train.matchfile import dumps, loads
from mexican_train.rules import max_hand_size, seat_range
from mexican_train.view import seat_view


@st.composite
def rules_strategy(draw):
    preset = draw(st.sampled_from(["standard", "classic"]))
    top = draw(st.sampled_from([6, 9, 12]))
    seats = draw(st.sampled_from(list(seat_range(preset, top))))
    hand_size = draw(st.one_of(st.none(), st.integers(1, max_hand_size(top, seats))))
    return Rules.make(
        preset, set=top, seats=seats, hand_size=hand_size, rounds=draw(st.integers(1, 2)),
        double_rule=draw(st.sampled_from(["flexible", "immediate"])),
        blank_double_penalty=draw(st.sampled_from([0, 25, 50])),
        exhausted_suit_exception=draw(st.booleans()),
        opening_chain=draw(st.booleans()),
        mexican_after_first_turn=draw(st.booleans()),
    )


GAMES = dict(rules=rules_strategy(), seed=st.integers(0, 2**63), moves=st.integers(0, 2**32))
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_match(rules, seed, moves):
    """Every position of a match played with random legal actions, first to last."""
    rng = random.Random(moves)
    match = new_match(rules, seed)
    yield match
    while not match.over:
        match = match.apply(rng.choice(match.legal_actions()))
        yield match


def layout_tiles(state):
    return [(min(a, b), max(a, b)) for train in state.trains for a, b in train.tiles]


@SETTINGS
@given(**GAMES)
def test_tiles_are_conserved_after_every_action(rules, seed, moves):
    for match in random_match(rules, seed, moves):
        state = match.round
        every = [t for h in state.hands for t in h] + list(state.boneyard) + layout_tiles(state)
        expected = [t for t in full_set(rules.set) if t != (state.engine, state.engine)]
        assert Counter(every) == Counter(expected)


@SETTINGS
@given(**GAMES)
def test_legal_actions_are_sorted_unique_and_every_one_applies(rules, seed, moves):
    for match in random_match(rules, seed, moves):
        legal = match.legal_actions()
        assert len(set(legal)) == len(legal)
        assert [str(a) for a in legal] == [str(a) for a in sorted(legal, key=lambda a: _key(a, rules.seats))]
        for action in legal:
            match.apply(action)


def _key(action, seats):
    from mexican_train.actions import sort_key
    return sort_key(action, seats)


@SETTINGS
@given(**GAMES, sample=st.randoms(use_true_random=False))
def test_a_sample_of_unlisted_actions_is_refused(rules, seed, moves, sample):
    trains = list(range(rules.seats)) + [MEXICAN]
    tiles = full_set(rules.set)
    for match in random_match(rules, seed, moves):
        if match.over:
            break
        legal = set(match.legal_actions())
        candidates = [DRAW_ACTION, PASS_ACTION, STOP_ACTION] + [
            play(sample.choice(tiles), sample.choice(trains)) for _ in range(6)]
        for action in candidates:
            if action not in legal:
                try:
                    match.apply(action)
                except IllegalMoveError as err:
                    assert str(action) in str(err) and err.rule
                else:
                    raise AssertionError(f"{action} was applied but is not listed as legal")


@SETTINGS
@given(**GAMES)
def test_every_round_ends_within_a_bound(rules, seed, moves):
    positions = list(random_match(rules, seed, moves))
    final = positions[-1]
    assert final.over
    for state in final.rounds:
        tiles = len(full_set(rules.set)) - 1
        placements, draws = tiles, len(state.boneyard_dealt)
        # every turn places a tile, draws, or is one of at most `seats` idle turns in a row
        bound = placements + draws + rules.seats * (placements + draws + 1) + rules.seats
        assert len(state.actions) <= bound


@SETTINGS
@given(**GAMES, cut=st.floats(0, 1))
def test_a_match_file_saved_at_any_point_loads_to_an_equal_state(rules, seed, moves, cut):
    positions = list(random_match(rules, seed, moves))
    match = positions[int(cut * (len(positions) - 1))]
    again = loads(dumps(match))
    assert again == match
    assert again.legal_actions() == match.legal_actions()


@SETTINGS
@given(**GAMES)
def test_replaying_a_file_gives_the_same_state(rules, seed, moves):
    final = list(random_match(rules, seed, moves))[-1]
    replayed = new_match(rules, seed)
    for state in final.rounds:
        for action in state.actions:
            replayed = replayed.apply(action)
    assert replayed == final


@SETTINGS
@given(**GAMES)
def test_a_view_never_holds_another_seats_tile(rules, seed, moves):
    for match in random_match(rules, seed, moves):
        state = match.round
        for seat in range(rules.seats):
            view = seat_view(match, seat)
            hidden = {t for s, h in enumerate(state.hands) if s != seat for t in h} | set(state.boneyard)
            shown = set(view.hand) | {a.tile for a in view.legal if a.tile} | {e.tile for e in view.events if e.tile}
            shown |= {(min(a, b), max(a, b)) for train in view.trains for a, b in train.tiles}
            assert not hidden & shown
            assert view.hand == state.hands[seat]
            assert view.hand_counts == tuple(len(h) for h in state.hands)
            assert view.boneyard_count == len(state.boneyard)
            assert "boneyard_dealt" not in view._fields and "hands" not in view._fields
