"""The tournament: seeded deals played from both sides, the command, and the ladder of levels.

* changing any seat's strength leaves every deal identical (matches and tournaments);
* each deal is played twice, the levels swapping seats;
* or once a seat, one level in that seat among the other level (par is one round in the seats' number,
  and a level against itself wins exactly par);
* ``python -m mexican_train tournament`` prints per pairing the rounds won,
  mean points with 95% intervals and decision times, with progress on stderr;
* the ladder: on a fixed set of deals, Strong beats Easy.
"""

import itertools

import pytest

from mexican_train import Rules, new_match
from mexican_train.cli import main, play_out
from mexican_train.match import Player, start_round
from mexican_train import tournament


def deals_of(match):
    return [(r.hands_dealt, r.boneyard_dealt) for r in match.rounds]


def test_changing_any_seats_strength_leaves_every_deal_identical():
    rules = Rules.make(set=6, seats=3, rounds=4)
    lineups = [("easy", "easy", "easy"), ("strong", "easy", "normal"), ("normal", "strong", "random"),
               ("random", "random", "strong")]
    played = [play_out(new_match(rules, 21, [Player(k, k) for k in lineup])) for lineup in lineups]
    expected = [start_round(rules, 21, n) for n in range(rules.rounds)]
    for match in played:
        assert match.over
        assert deals_of(match) == [(r.hands_dealt, r.boneyard_dealt) for r in expected]
    # the play itself did differ: otherwise the test would prove nothing
    assert len({tuple(str(a) for r in m.rounds for a in r.actions) for m in played}) > 1


def test_a_tournament_deal_is_the_same_whoever_plays_it():
    rules = Rules.make(set=9, seats=2)
    for kinds in itertools.permutations(["easy", "normal", "strong:16"], 2):
        for deal in (0, 1, 12):
            seed, number = tournament.deal_of(rules, 5, deal)
            assert (seed, number) == (5 * tournament.DEAL_STRIDE + deal, deal % rules.rounds)
    first = start_round(rules, 5 * tournament.DEAL_STRIDE + 3, 3)
    for kinds in (["easy", "strong:16"], ["strong:16", "easy"], ["normal", "normal"]):
        scores, _ = tournament.play_round(rules, 5 * tournament.DEAL_STRIDE + 3, 3, kinds)
        assert start_round(rules, 5 * tournament.DEAL_STRIDE + 3, 3) == first
        assert sum(1 for s in scores if s == 0) <= 1


def test_each_deal_is_played_from_both_sides():
    assert tournament.sides(2, "alternate") == [[0, 1], [1, 0]]
    assert tournament.sides(4, "alternate") == [[0, 1, 0, 1], [1, 0, 1, 0]]
    rules = Rules.make(set=6, seats=2)
    result = tournament.play_deal(rules, 2, ("normal", "easy"), 4)
    seed, number = tournament.deal_of(rules, 2, 4)
    assert result.scores[0] == tuple(tournament.play_round(rules, seed, number, ["normal", "easy"])[0])
    assert result.scores[1] == tuple(tournament.play_round(rules, seed, number, ["easy", "normal"])[0])
    a_first = result.scores[0][0] < result.scores[0][1]
    a_second = result.scores[1][1] < result.scores[1][0]
    ties = (result.scores[0][0] == result.scores[0][1]) + (result.scores[1][0] == result.scores[1][1])
    assert result.won == a_first + a_second + 0.5 * ties


def test_one_among_others_plays_each_deal_once_a_seat():
    assert tournament.sides(4, "one") == [[0, 1, 1, 1], [1, 0, 1, 1], [1, 1, 0, 1], [1, 1, 1, 0]]
    rules = Rules.make(set=6, seats=3)
    result = tournament.play_deal(rules, 2, ("normal", "easy"), 1, "one")
    seed, number = tournament.deal_of(rules, 2, 1)
    assert result.scores == tuple(
        tuple(tournament.play_round(rules, seed, number, kinds)[0])
        for kinds in (["normal", "easy", "easy"], ["easy", "normal", "easy"], ["easy", "easy", "normal"]))
    assert result.won == sum(tournament.share_of_a(scores, side, "one")
                             for scores, side in zip(result.scores, tournament.sides(3, "one")))


def test_one_among_others_wins_a_round_by_the_lowest_score_a_k_way_tie_counting_1_over_k():
    one = [0, 1, 1, 1]
    assert tournament.share_of_a([3, 5, 9, 4], one, "one") == 1
    assert tournament.share_of_a([5, 3, 9, 4], one, "one") == 0
    assert tournament.share_of_a([3, 3, 9, 4], one, "one") == 1 / 2
    assert tournament.share_of_a([0, 0, 0, 4], one, "one") == 1 / 3
    # alternate seats: the sides' best scores compared, a tie half
    assert tournament.share_of_a([3, 3, 3, 4], [0, 1, 0, 1], "alternate") == 1 / 2


def test_a_level_among_copies_of_itself_wins_exactly_par():
    rules = Rules.make(set=6, seats=4)
    summary = tournament.run(["normal-normal"], 3, rules, seed=5, progress=None, lineup="one")[0]
    assert summary.rounds == 12
    assert summary.won[0] == pytest.approx(1 / 4)


def test_results_do_not_depend_on_the_number_of_worker_processes():
    rules = Rules.make(set=6, seats=2)
    one = tournament.run(["normal-easy"], 8, rules, seed=3, jobs=1, progress=None, chunk=3)
    two = tournament.run(["normal-easy"], 8, rules, seed=3, jobs=2, progress=None, chunk=3)
    assert [(s.won, s.points) for s in one] == [(s.won, s.points) for s in two]


def test_the_tournament_command_prints_a_table_per_pairing_with_progress_on_stderr(capsys):
    code = main(["tournament", "--pairings", "strong:16-easy,normal-easy", "--deals", "3", "--set", "6",
                 "--seats", "2", "--seed", "4"])
    out, err = capsys.readouterr()
    assert code == 0
    assert "strong:16-easy: 3/3 deals" in err and "normal-easy: 3/3 deals" in err
    rows = [line for line in out.splitlines() if line.startswith("| strong:16-easy") or
            line.startswith("| normal-easy")]
    assert len(rows) == 8  # two levels per pairing, in the results table and the timing table
    assert "rounds won (95% CI)" in out and "points per round (95% CI)" in out
    assert "median / p95" in out
    assert "6 rounds" in out or "| 6 |" in out


def test_the_tournament_command_seats_one_level_among_the_other(capsys):
    code = main(["tournament", "--pairings", "normal-easy", "--deals", "2", "--set", "6", "--seats", "4",
                 "--lineup", "one", "--quiet"])
    out, _ = capsys.readouterr()
    assert code == 0
    assert "played once a seat" in out and "8 rounds" in out
    assert "| normal-easy | normal | 8 |" in out
    assert "| normal-easy | easy, the other 3 seats | 8 |" in out   # their share together: 100% less Normal's


def test_the_tournament_command_refuses_unknown_levels(capsys):
    assert main(["tournament", "--pairings", "strong-expert", "--deals", "1"]) == 1
    assert "expert" in capsys.readouterr().err


@pytest.mark.parametrize("seats", [3])
def test_a_tournament_seats_levels_alternately_at_larger_tables(seats):
    rules = Rules.make(set=6, seats=seats)
    summary = tournament.run(["normal-easy"], 2, rules, seed=1, progress=None)[0]
    assert summary.rounds == 4 and 0 <= summary.won[0] <= 1


def test_ladder_strong_beats_easy_on_fixed_deals():
    """A small fixed-seed ladder check: if Strong stops beating Easy, this fails (the full benchmark is in the README)."""
    rules = Rules.make(set=12, seats=2)
    summary = tournament.run(["strong-easy"], 12, rules, seed=2026, progress=None)[0]
    assert summary.won[0] >= 0.6, f"Strong won only {100 * summary.won[0]:.0f}% of 24 rounds against Easy"


def test_the_frozen_old_strong_plays_in_a_tournament_but_is_no_level_a_match_may_name():
    from mexican_train.players import KINDS, PLAYERS
    assert "strong0" not in PLAYERS and "strong0" not in KINDS
    summary = tournament.run(["strong0-easy"], 2, Rules.make(set=6, seats=2), seed=3, progress=None)[0]
    assert summary.rounds == 4
