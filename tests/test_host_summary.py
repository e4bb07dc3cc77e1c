"""What a page embedding the game may learn from the view model (static/js/host.js): the match's summary."""

from __future__ import annotations

import json

from mexican_train.ui.controller import cpu_step, handle, start
from mexican_train.ui.viewmodel import view_model
from tests.helpers import settings


def played_out(*players, **options):
    session = start(settings(*players, **options))
    seen = [session]
    while not session.match.over:
        session = cpu_step(session)
        if session.match.round.number != seen[-1].match.round.number or session.match.over:
            seen.append(session)
        if not session.match.over and session.rounds_seen < sum(r.result is not None for r in session.match.rounds):
            session = handle(session, {"type": "command", "name": "next_round"})
    return session, seen


def test_the_summary_counts_rounds_from_their_scores_and_names_the_winners_only_at_the_end():
    session, seen = played_out(("Ana", "easy"), ("Bo", "normal"), rounds="short", seed=5)
    match = session.match
    first = view_model(seen[0])["summary"]
    assert first["rounds"] == [] and first["totals"] == [0, 0] and not first["over"] and first["winners"] == []
    summary = view_model(session)["summary"]
    assert summary["rounds"] == [list(r.result.scores) for r in match.rounds] and len(summary["rounds"]) == 3
    running = [0, 0]
    for scores, after in zip(summary["rounds"], summary["totals_after"]):
        running = [a + b for a, b in zip(running, scores)]
        assert after == running
    assert summary["totals"] == running == list(match.totals)
    assert summary["over"] and summary["winners"] == list(match.winners)
    assert summary["rules"] == match.rules.to_dict()
    assert summary["kinds"] == ["easy", "normal"] and summary["names"] == ["Ana", "Bo"]


def test_the_summary_holds_no_tile_and_tells_matches_apart():
    session, seen = played_out(("Ana", "easy"), ("Bo", "normal"), seed=9)
    text = json.dumps([view_model(s)["summary"] for s in seen + [session]])
    tiles = {f"{t.low}-{t.high}" for s in seen for hand in s.match.round.hands for t in hand}
    assert tiles and not [t for t in tiles if t in text]
    assert set(view_model(session)["summary"]) == {"match", "rules", "kinds", "names", "rounds", "totals_after",
                                                   "totals", "over", "winners"}
    other = start(settings(("Ana", "easy"), ("Bo", "normal"), seed=10))
    assert view_model(other)["summary"]["match"] != view_model(session)["summary"]["match"]
    assert view_model(seen[0])["summary"]["match"] == view_model(session)["summary"]["match"]
