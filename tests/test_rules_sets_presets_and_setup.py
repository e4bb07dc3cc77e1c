"""RULES.md, "Terms", "Presets" and "Round set-up"."""

import pytest

from mexican_train import Player, Rules, RulesError, full_set, new_match
from mexican_train.dealing import deal
from mexican_train.match import start_round


@pytest.mark.parametrize("top, count", [(6, 28), (9, 55), (12, 91)])
def test_a_double_n_set_holds_every_pair_once(top, count):
    tiles = full_set(top)
    assert len(tiles) == len(set(tiles)) == count
    assert all(0 <= t.low <= t.high <= top for t in tiles)


def test_the_standard_preset_is_the_default():
    rules = Rules.make()
    assert rules.to_dict() == {
        "preset": "standard", "set": 12, "seats": 2, "hand_size": 15, "double_rule": "flexible",
        "blank_double_penalty": 0, "exhausted_suit_exception": False, "opening_chain": False,
        "mexican_after_first_turn": False, "rounds": 13}


def test_the_classic_preset_has_the_opening_chain_and_a_later_mexican_train():
    rules = Rules.make("classic")
    assert rules.opening_chain and rules.mexican_after_first_turn
    assert (rules.double_rule, rules.blank_double_penalty, rules.rounds) == ("flexible", 0, 13)


@pytest.mark.parametrize("preset, top, seats, hand", [
    ("standard", 12, 4, 15), ("standard", 9, 3, 10), ("standard", 6, 2, 7), ("standard", 6, 3, 5),
    ("standard", 6, 4, 5), ("classic", 12, 4, 15), ("classic", 12, 5, 12), ("classic", 12, 6, 12),
    ("classic", 12, 7, 10), ("classic", 12, 8, 10), ("classic", 12, 9, 8), ("classic", 12, 10, 8),
    ("classic", 9, 4, 10), ("classic", 6, 2, 7),
])
def test_hand_sizes_follow_the_preset_table(preset, top, seats, hand):
    assert Rules.make(preset, set=top, seats=seats).hand_size == hand


@pytest.mark.parametrize("preset, top, seats", [
    ("standard", 12, 1), ("standard", 12, 5), ("classic", 12, 11), ("classic", 9, 5), ("classic", 6, 5)])
def test_seat_counts_outside_the_preset_range_are_refused(preset, top, seats):
    with pytest.raises(RulesError, match="players"):
        Rules.make(preset, set=top, seats=seats)


def test_classic_seats_ten_on_double_twelve():
    assert Rules.make("classic", set=12, seats=10).seats == 10


def test_the_hand_size_may_be_overridden_within_what_the_deal_allows():
    assert Rules.make(set=6, seats=2, hand_size=13).hand_size == 13  # 26 dealt, one left to draw
    with pytest.raises(RulesError, match="hand size must be 1 to 13"):
        Rules.make(set=6, seats=2, hand_size=14)
    with pytest.raises(RulesError, match="hand size"):
        Rules.make(set=12, seats=4, hand_size=0)


@pytest.mark.parametrize("length, rounds", [("one", 1), ("short", 3), ("full", 13), (5, 5)])
def test_match_lengths(length, rounds):
    assert Rules.make(rounds=length).rounds == rounds


def test_every_option_stands_alone_on_either_preset():
    rules = Rules.make("standard", opening_chain=True, double_rule="immediate", blank_double_penalty=50,
                       exhausted_suit_exception=True)
    assert rules.preset == "standard" and rules.opening_chain and not rules.mexican_after_first_turn
    assert Rules.make("classic", opening_chain=False).mexican_after_first_turn


@pytest.mark.parametrize("option, value, message", [
    ("double_rule", "strict", "double rule"), ("blank_double_penalty", 10, "penalty"),
    ("set", 15, "set must be"), ("rounds", 14, "rounds"), ("exhausted_suit_exception", "yes", "true or false"),
    ("colour", "red", "unknown rule option"),
])
def test_bad_option_values_are_refused_with_a_clear_message(option, value, message):
    with pytest.raises(RulesError, match=message):
        Rules.make(**{option: value})


def test_round_r_uses_engine_n_minus_r_and_is_started_by_seat_r_mod_seats():
    rules = Rules.make(set=9, seats=3)
    for r in range(10):
        state = start_round(rules, 42, r)
        assert state.engine == 9 - r
        assert state.first_seat == state.seat == r % 3


def test_the_engine_is_set_aside_and_the_rest_is_dealt_into_hands_and_boneyard():
    rules = Rules.make(set=12, seats=4)
    hands, boneyard = deal(rules, 7, 0)
    dealt = [t for h in hands for t in h] + list(boneyard)
    assert sorted(dealt) == sorted(t for t in full_set(12) if t != (12, 12))
    assert [len(h) for h in hands] == [15] * 4 and len(boneyard) == 90 - 60


def test_a_deal_depends_only_on_the_seed_and_the_round_number():
    rules = Rules.make(set=12, seats=4)
    assert deal(rules, 7, 3) == deal(rules, 7, 3)
    assert deal(rules, 7, 3) != deal(rules, 8, 3)
    assert deal(rules, 7, 3) != deal(rules, 7, 4)
    humans = new_match(rules, 7, [Player("A", "human")] * 4)
    cpus = new_match(rules, 7, [Player("B", "strong")] * 4)
    assert humans.round.hands_dealt == cpus.round.hands_dealt


def test_deals_are_fixed_across_machines_and_python_versions():
    # The generator and the shuffle are our own (see dealing.py), so this deal never changes.
    hands, boneyard = deal(Rules.make(set=6, seats=2), 1, 0)
    assert [str(t) for t in hands[0]] == ["3-6", "0-6", "1-3", "3-5", "3-4", "4-5", "0-5"]
    assert [str(t) for t in boneyard[:3]] == ["1-1", "0-4", "4-4"]


def test_the_deal_generator_is_splitmix64():
    from mexican_train.dealing import SplitMix64
    rng = SplitMix64(1234567)  # the reference test vector
    assert [rng.next() for _ in range(3)] == [6457827717110365317, 3203168211198807973, 9817491932198370423]
