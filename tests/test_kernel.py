"""The kernel (``mexican_train.kernel``) is the one statement of each rule; the fast paths are held to it.

The engine and Strong's play-out copy (``players/sim.py``) ask the kernel
every rule question, except in three places where the play-out writes the
answer out for speed (the profile is in the README's "Choices"):

* ``Sim.play``: the phase after a placed tile (``kernel.phase_after_play``);
* ``Sim.end_turn``: the idle count, the next seat and its phase
  (``kernel.end_of_turn``, ``kernel.turn_phase``);
* ``rollout.common_plays``: the legal plays under the common rules
  (``kernel.legal_actions`` through ``Sim.plays``).

The first two are checked here on every combination of what they read, the
third on every position of many random rounds, in the same order.
"""

from __future__ import annotations

import itertools
import random

import pytest

from mexican_train import Rules
from mexican_train import kernel
from mexican_train.kernel import BOUND, CHAIN, DOUBLE, FREE, OVER, TWO_DOUBLES
from mexican_train.match import start_round
from mexican_train.players import rollout
from mexican_train.players.sim import Sim
from mexican_train.tiles import Tile
from mexican_train.view import seat_view

PLAYING = (FREE, BOUND, DOUBLE, TWO_DOUBLES, CHAIN)


def bare_sim(seats: int, **fields) -> Sim:
    """A Sim with every field set plainly (double-12, nothing on the layout), then ``fields``."""
    sim = Sim.__new__(Sim)
    sim.seats, sim.top, sim.immediate, sim.exhausted_rule = seats, 12, False, False
    sim.opening_chain, sim.mexican_later, sim.penalty = False, False, 0
    sim.ends, sim.marked, sim.dbl, sim.laid = [5] * (seats + 1), [False] * (seats + 1), [False] * (seats + 1), [0] * 13
    sim.hands = [[Tile(1, 2)] for _ in range(seats)]
    sim.boneyard, sim.draws, sim.seat, sim.phase = (Tile(3, 4),), 0, 0, FREE
    sim.doubles, sim.chain, sim.drawn, sim.placed = [], 0, None, False
    sim.had_turn, sim.idle, sim.scores, sim.out = [False] * seats, 0, None, None
    for name, value in fields.items():
        setattr(sim, name, value)
    return sim


@pytest.mark.parametrize("phase", PLAYING)
def test_the_play_outs_step_after_a_placed_tile_is_the_kernels(phase):
    for double, exhausted, last_tile, seats in itertools.product((False, True), (False, True), (False, True), (2, 4)):
        t = Tile(6, 6) if double else Tile(5, 6)
        hand = [t] if last_tile else [t, Tile(0, 1)]
        laid = [0] * 13
        if exhausted:
            laid[6] = 12  # every other tile showing a 6 is on the layout
        sim = bare_sim(seats, phase=phase, hands=[list(hand)] + [[Tile(2, 3)] for _ in range(seats - 1)],
                       laid=laid, exhausted_rule=exhausted, doubles=[1] if phase in (DOUBLE, TWO_DOUBLES) else [],
                       chain=1 if phase is CHAIN else 0, ends=[5] * (seats + 1), had_turn=[True] * seats)
        want = kernel.phase_after_play(phase, double and not (exhausted and kernel.suit_exhausted(laid, 6, 12)),
                                       hand[1:])
        doubles_before, chain_before = list(sim.doubles), sim.chain
        sim.play(t, 0)
        case = (phase, double, exhausted, last_tile, seats)
        if want is OVER:
            assert sim.phase is OVER and sim.out == 0, case
        elif want is None:  # the turn ended
            assert sim.seat == 1 and sim.phase is not OVER and sim.doubles == [], case
        elif want is CHAIN:
            assert (sim.seat, sim.phase, sim.chain) == (0, CHAIN, chain_before + 1), case
        else:
            assert (sim.seat, sim.phase, sim.doubles) == (0, want, doubles_before + [0]), case


def test_the_play_outs_end_of_a_turn_is_the_kernels():
    flags = (False, True)
    for seats, seat, idle, placed, empty, opening_chain, first_turn, exhausted_rule, bound in itertools.product(
            (2, 3, 4, 10), (0, 1), (0, 1, 2, 3, 9), flags, flags, flags, flags, flags, (None, "binds", "exhausted")):
        if seat >= seats or idle >= seats:
            continue
        following = (seat + 1) % seats
        had_turn = [True] * seats
        had_turn[following] = not first_turn
        dbl = [False] * (seats + 1)
        ends = [5] * (seats + 1)
        laid = [0] * 13
        if bound is not None:
            dbl[seats] = True
            ends[seats] = 7
            if bound == "exhausted":
                laid[7] = 12
        sim = bare_sim(seats, seat=seat, idle=idle, placed=placed, draws=1 if empty else 0, dbl=dbl, ends=ends,
                       laid=laid, opening_chain=opening_chain, exhausted_rule=exhausted_rule, had_turn=had_turn)
        want_idle, want_seat = kernel.end_of_turn(seat, seats, placed, empty, idle)
        exhausted = kernel.exhausted_values(laid, 12) if exhausted_rule else ()
        binding = kernel.binding_trains([k for k in range(seats + 1) if dbl[k]], ends, exhausted)
        sim.end_turn()
        case = (seats, seat, idle, placed, empty, opening_chain, first_turn, exhausted_rule, bound)
        assert sim.idle == want_idle, case
        if want_seat is None:
            assert sim.phase is OVER and sim.out is None, case
        else:
            assert sim.seat == want_seat, case
            assert sim.phase is kernel.turn_phase(binding, opening_chain, not had_turn[want_seat]), case


COMMON_RULES = [Rules.make(set=12, seats=2), Rules.make(set=6, seats=3), Rules.make(set=9, seats=4),
                Rules.make(set=12, seats=4, blank_double_penalty=50), Rules.make(set=12, seats=3)]


@pytest.mark.parametrize("rules", COMMON_RULES, ids=lambda r: f"{r.set}-{r.seats}-{r.blank_double_penalty}")
def test_the_play_outs_listing_under_the_common_rules_is_the_kernels_in_the_same_order(rules):
    phases = set()
    positions = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = start_round(rules, seed, seed % rules.rounds)
        sim = Sim.from_view(seat_view(state, state.seat), state.hands, state.boneyard)
        assert rollout.uses_common_rules(sim)
        while not state.over:
            plays, reach = rollout.common_plays(sim)
            assert plays == sim.plays(), (seed, state.actions)
            if reach is not None:  # a free turn or a double owed: the ends of the eligible trains
                assert reach == [sim.ends[k] for k in sim.eligible(sim.seat)]
            phases.add(sim.phase)
            positions += 1
            action = rng.choice(state.legal)
            state = state.apply(action)
            sim.apply(action)
    assert {FREE, DOUBLE, BOUND} <= phases and positions > 500


EVERY_OPTION = [
    Rules.make("classic", set=9, seats=4),
    Rules.make("classic", set=12, seats=2, double_rule="immediate"),
    Rules.make("classic", set=12, seats=6),
    Rules.make(set=9, seats=2, double_rule="immediate", exhausted_suit_exception=True, blank_double_penalty=50),
    Rules.make(set=6, seats=4, exhausted_suit_exception=True, mexican_after_first_turn=True),
    Rules.make(set=6, seats=2, exhausted_suit_exception=True),
    Rules.make("classic", set=6, seats=3, exhausted_suit_exception=True, double_rule="immediate"),
    Rules.make(set=12, seats=3, opening_chain=True, blank_double_penalty=25),
]


@pytest.mark.parametrize("rules", EVERY_OPTION + COMMON_RULES[:2],
                         ids=lambda r: f"{r.preset}-{r.set}-{r.seats}-{r.double_rule}-{int(r.exhausted_suit_exception)}")
def test_the_play_outs_listing_under_any_rules_is_the_kernels_in_the_same_order(rules):
    phases = set()
    for seed in range(30):
        rng = random.Random(seed)
        state = start_round(rules, seed, seed % rules.rounds)
        sim = Sim.from_view(seat_view(state, state.seat), state.hands, state.boneyard)
        while not state.over:
            assert rollout.any_rule_plays(sim) == sim.plays(), (seed, state.actions)
            phases.add(sim.phase)
            action = rng.choice(state.legal)
            state = state.apply(action)
            sim.apply(action)
    assert {FREE, BOUND} <= phases
