"""Thinking in steps: a CPU's decision (and the hint) run a step at a time is exactly the decision in one call.

The page runs Strong a few milliseconds at a time so that input is handled
while it thinks. Its choice may not depend on where those slices end: every
position below is decided one step at a time, two decisions interleaved step
by step, and must give the action the golden file recorded.
"""

from __future__ import annotations

import random

from mexican_train.players import PLAYERS, explain, explain_steps, get_player, strong, think
from mexican_train.players.base import finish
from tests.test_strong_golden import golden_positions

SAMPLE = 6  # every 6th golden position: a few hundred, under every preset and rule option


def test_strong_decided_a_step_at_a_time_interleaved_with_another_decision_picks_the_recorded_action():
    cases = list(golden_positions())[::SAMPLE]
    assert len(cases) >= 300
    differ = []
    for first, second in zip(cases[0::2], cases[1::2]):
        jobs = [think("strong", view, random.Random(seed)) for _, view, seed, _ in (first, second)]
        results: list[str | None] = [None, None]
        while any(r is None for r in results):
            for i, job in enumerate(jobs):
                if results[i] is None:
                    try:
                        next(job)
                    except StopIteration as done:
                        results[i] = str(done.value)
        for (label, _, _, expected), got in zip((first, second), results):
            if got != expected:
                differ.append(f"{label}: recorded {expected}, now {got}")
    assert not differ, f"{len(differ)} choices changed:\n" + "\n".join(differ[:20])


def test_a_look_ahead_is_many_small_steps():
    label, view, seed, _ = next(c for c in golden_positions() if len([a for a in c[1].legal if a.kind == "play"]) >= 4)
    steps = 0
    job = strong.think(view, random.Random(seed))
    while True:
        try:
            next(job)
            steps += 1
        except StopIteration:
            break
    assert steps >= 20, f"{label}: only {steps} steps"


def test_every_level_and_the_hint_give_in_steps_what_they_give_in_one_call():
    cases = list(golden_positions())[::97]
    for kind in PLAYERS:
        for _, view, seed, _ in cases:
            assert finish(think(kind, view, random.Random(seed))) == get_player(kind)(view, random.Random(seed))
    for _, view, seed, _ in cases[:6]:
        for kind in ("strong", "normal"):
            assert finish(explain_steps(kind, view, random.Random(seed), None)) == \
                explain(kind, view, random.Random(seed))
