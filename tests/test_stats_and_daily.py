"""Lifetime statistics and the daily deal: what is counted, how, and that nothing counted is lost."""

from __future__ import annotations

import datetime as dt
import json
import re

import pytest

from mexican_train import Rules, daily, new_match, stats
from mexican_train.cli import play_out
from mexican_train.match import Player, start_round
from mexican_train.players import get_player, player_rng
from mexican_train.view import seat_view


def finished(players, seed=1, rounds=3, top=6):
    """A match played to its end, people's seats played by Random (statistics only read the results)."""
    rules = Rules.make("standard", set=top, seats=len(players), rounds=rounds)
    match = new_match(rules, seed, [Player(n, k) for n, k in players])
    as_cpus = match._replace(players=tuple(Player(p.name, "random" if p.kind == "human" else p.kind)
                                           for p in match.players))
    return match._replace(rounds=play_out(as_cpus).rounds)


def lowest_wins(scores, seats):
    return min(scores[s] for s in seats) == min(scores)


# -- statistics ---------------------------------------------------------------------------

def test_a_finished_match_counts_its_rounds_points_and_result_for_the_persons_seat():
    match = finished([("Ana", "human"), ("Bot", "strong")])
    record = stats.record(stats.empty(), "m1", match, "2026-11-30")
    [entry] = record["matches"]
    assert entry["opponents"] == "strong" and entry["set"] == 6
    assert [r["points"] for r in entry["rounds"]] == [[r.result.scores[0]] for r in match.rounds]
    assert [r["won"] for r in entry["rounds"]] == [lowest_wins(r.result.scores, (0,)) for r in match.rounds]
    assert entry["won"] == lowest_wins(match.totals, (0,))
    summary = stats.summary(record)
    assert summary["all"]["matches"] == 1 and summary["all"]["rounds"] == 3
    assert summary["by_opponents"]["strong"]["matches_won"] == int(entry["won"])


def test_recording_is_idempotent_and_a_match_replaced_midway_keeps_its_finished_rounds():
    match = finished([("Ana", "human"), ("Bot", "easy")], rounds=3)
    midway = match._replace(rounds=match.rounds[:1] + (start_round(match.rules, match.seed, 1),))   # round 2 in play
    first = stats.record(stats.empty(), "m1", midway, "2026-11-30")
    assert len(first["matches"][0]["rounds"]) == 1 and first["matches"][0]["won"] is None
    assert stats.record(first, "m1", midway, "2026-11-30") is first
    done = stats.record(first, "m1", match, "2026-12-01")
    assert len(done["matches"]) == 1 and len(done["matches"][0]["rounds"]) == 3
    assert stats.summary(first)["all"]["matches"] == 0 and stats.summary(first)["all"]["rounds"] == 1


def test_a_shared_lowest_total_is_a_win():
    match = finished([("Ana", "human"), ("Bot", "easy")])
    scores = match.rounds[0].result.scores
    tied = match._replace(rounds=(match.rounds[0]._replace(result=match.rounds[0].result._replace(
        scores=(scores[0], scores[0]))),) + match.rounds[1:])
    entry = stats.record(stats.empty(), "m", tied, "d")["matches"][0]
    assert entry["rounds"][0]["won"] is True


def test_with_two_or_more_people_a_match_counts_as_with_friends_whatever_the_computers():
    match = finished([("Ana", "human"), ("Ben", "human"), ("Bot", "strong")], top=6)
    entry = stats.record(stats.empty(), "m", match, "d")["matches"][0]
    assert entry["opponents"] == "friends"
    assert all(len(r["points"]) == 2 for r in entry["rounds"])
    assert stats.opponents(finished([("Ana", "human"), ("A", "easy"), ("B", "strong")])) == "mixed"
    assert stats.record(stats.empty(), "m", finished([("A", "easy"), ("B", "strong")]), "d") == stats.empty()


def test_best_round_streaks_and_recent_results():
    record = stats.empty()
    results = []
    for seed in range(1, 8):
        match = finished([("Ana", "human"), ("Bot", "easy")], seed=seed, rounds=1)
        record = stats.record(record, f"m{seed}", match, f"2026-11-{seed:02d}")
        results.append(lowest_wins(match.totals, (0,)))
    summary = stats.summary(record)
    longest = current = 0
    for won in results:
        current = current + 1 if won else 0
        longest = max(longest, current)
    assert summary["longest_streak"] == longest and summary["current_streak"] == current
    points = [m["rounds"][0]["points"][0] for m in record["matches"]]
    assert summary["best_round"]["points"] == min(points)
    assert [r["won"] for r in summary["recent"]] == results
    assert summary["all"]["average_points"] == round(sum(points) / len(points), 1)


def test_the_record_round_trips_as_text_and_an_import_merges_without_losing_anything():
    a = stats.record(stats.empty(), "m1", finished([("Ana", "human"), ("Bot", "easy")], seed=1), "2026-11-01")
    b = stats.record(stats.empty(), "m2", finished([("Ana", "human"), ("Bot", "easy")], seed=2), "2026-11-02")
    assert stats.loads(stats.dumps(a)) == a
    merged = stats.merge(a, b)
    assert [m["id"] for m in merged["matches"]] == ["m1", "m2"]
    assert stats.merge(merged, a) == merged and stats.merge(merged, stats.empty()) == merged


@pytest.mark.parametrize("break_it, field", [
    (lambda d: d.update(format="other"), "format"),
    (lambda d: d.update(version=True), "version"),
    (lambda d: d["matches"][0].update(set="12"), "matches[0].set"),
    (lambda d: d["matches"][0]["rounds"][0].update(points=[True]), "matches[0].rounds[0].points"),
    (lambda d: d["matches"][0]["rounds"][0].update(won=None), "matches[0].rounds[0].won"),
    (lambda d: d["matches"].append(dict(d["matches"][0])), "matches[1].id"),
    (lambda d: d.update(daily=[]), "daily"),
])
def test_a_corrupt_record_is_refused_naming_the_field(break_it, field):
    good = stats.record(stats.empty(), "m1", finished([("Ana", "human"), ("Bot", "easy")]), "2026-11-01")
    data = json.loads(stats.dumps(good))
    break_it(data)
    with pytest.raises(stats.StatsError, match=field.replace("[", r"\[").replace("]", r"\]")):
        stats.loads(json.dumps(data))
    with pytest.raises(stats.StatsError):
        stats.loads("[" * 10_000)


# -- the daily deal ------------------------------------------------------------------------

def test_the_daily_deal_is_the_date_as_a_seed_standard_double_12_two_seats_one_round_against_strong():
    day = dt.date(2026, 11, 30)
    match = daily.match_of(day)
    assert match.seed == 20261130
    assert match.rules == Rules.make("standard", set=12, seats=2, rounds=1)
    assert [p.kind for p in match.players] == ["human", "strong"]
    again = daily.match_of(dt.date.fromisoformat("2026-11-30"))
    assert again.round.hands_dealt == match.round.hands_dealt and again.round.boneyard_dealt == match.round.boneyard_dealt
    assert daily.match_of(dt.date(2026, 12, 1)).round.hands_dealt != match.round.hands_dealt
    assert daily.is_daily(match, day) and not daily.is_daily(match, dt.date(2026, 12, 1))


def play_daily(day):
    match = daily.match_of(day)
    while not match.round.over:
        seat = match.seat
        kind = "strong" if seat == 1 else "normal"
        match = match.apply(get_player(kind)(seat_view(match, seat), player_rng(match.seed, seat)))
    return match


def test_the_first_attempt_of_the_day_counts_and_later_ones_are_practice():
    day = dt.date(2026, 11, 30)
    record, counted = daily.start_attempt(stats.empty(), day)
    assert counted
    record, again = daily.start_attempt(record, day)
    assert not again and record["daily"]["2026-11-30"]["practice"] == 1
    match = play_daily(day)
    record = daily.finish(record, day, match)
    entry = record["daily"]["2026-11-30"]
    assert entry["points"] == match.round.result.scores[0] and entry["practice"] == 1
    assert entry["won"] == (match.round.result.scores[0] <= match.round.result.scores[1])
    assert stats.loads(stats.dumps(record)) == record


def test_the_share_text_has_the_date_the_points_and_the_ending_and_no_tile():
    day = dt.date(2026, 11, 30)
    match = play_daily(day)
    text = daily.share_text(day, daily.result_of(match))
    assert "November\u00a030,\u00a02026" in text and str(match.round.result.scores[0]) in text
    assert not re.search(r"\b\d{1,2}-\d{1,2}\b", text), text   # no tile


def test_the_calendar_shows_the_days_played_and_the_streak():
    record = stats.empty()
    for day in ("2026-11-26", "2026-11-28", "2026-11-29"):
        record["daily"][day] = {"points": 5, "won": True, "ending": "out", "practice": 0}
    record["daily"]["2026-11-30"] = {"practice": 0}   # started today, not finished
    cal = daily.calendar(record, dt.date(2026, 11, 30))
    assert cal["played"] == ["2026-11-26", "2026-11-28", "2026-11-29"]
    assert cal["streak"] == 2 and cal["longest"] == 2
    assert daily.calendar(record, dt.date(2026, 12, 2))["streak"] == 0


def test_a_statistics_file_nested_a_hundred_thousand_deep_is_refused_in_words():
    with pytest.raises(stats.StatsError, match="nested more than 64 levels deep"):
        stats.loads("[" * 100_000)
