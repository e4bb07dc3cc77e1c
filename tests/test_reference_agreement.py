"""The engine against an independent reading of RULES.md (tests/reference_rules.py).

Random rounds are played two ways:
- engine-driven: a random legal action of the engine each step; at every position the reference's legal
  list must equal the engine's, and the round must end at the same step with the same scores;
- reference-driven: a random legal action of the reference each step, which the engine must accept.

Whole matches (``new_match``) check the match flow (engines counting down, rotating first seat, the deal of
each round); single rounds on random deals (``new_round``) add breadth cheaply (any round number, hand
sizes up to the largest the deal allows, so empty boneyards, passes and blocked rounds are common).

Default run: a fixed list of seeds, well under a minute. A larger sweep: MT_REFERENCE_SWEEP=1 (or a number,
the count of configurations per test).
"""

from __future__ import annotations

import os
import random

import pytest

from mexican_train import Rules, full_set, new_match, new_round, parse_tile
from mexican_train.rules import max_hand_size, seat_range

from tests.reference_rules import DEFAULT_CHAIN_DOUBLE, ReferenceRound

CHAIN_DOUBLE = os.environ.get("MT_REFERENCE_CHAIN_DOUBLE", DEFAULT_CHAIN_DOUBLE)
SWEEP = os.environ.get("MT_REFERENCE_SWEEP", "")
N_CONFIGS = (2000 if SWEEP in ("1", "yes", "true") else int(SWEEP)) if SWEEP else 0

OPTION_VALUES = {
    "double_rule": ("flexible", "immediate"),
    "blank_double_penalty": (0, 25, 50),
    "exhausted_suit_exception": (False, True),
    "opening_chain": (False, True),
    "mexican_after_first_turn": (False, True),
}


def random_rules(rng: random.Random, *, rounds=None, hand="any") -> Rules:
    """Random rules: any preset, set, seat count of that preset, every option value, and sometimes a
    hand size other than the preset's (up to the largest the deal allows)."""
    preset = rng.choice(("standard", "classic"))
    top = rng.choice((6, 9, 12))
    seats = rng.choice(list(seat_range(preset, top)))
    options = {}
    for name, values in OPTION_VALUES.items():
        if rng.random() < 0.6:  # else: the preset's default (settled point 8)
            options[name] = rng.choice(values)
    if hand == "any" and rng.random() < 0.5:
        most = max_hand_size(top, seats)
        options["hand_size"] = rng.choice([1, 2, most, most, max(1, most - 1), rng.randint(1, most)])
    if rounds is not None:
        options["rounds"] = rounds
    return Rules.make(preset, set=top, seats=seats, **options)


def describe(rules, number, hands, boneyard, actions, ref_legal=None, eng_legal=None, note=""):
    lines = [note,
             f"rules: {rules.to_dict()}",
             f"round {number} (engine {rules.set - number})",
             "hands: " + " | ".join(" ".join(h) for h in hands),
             "boneyard (head): " + " ".join(boneyard[:12]) + (" ..." if len(boneyard) > 12 else ""),
             f"actions: {' '.join(actions)}"]
    if ref_legal is not None:
        only_ref = sorted(set(ref_legal) - set(eng_legal))
        only_eng = sorted(set(eng_legal) - set(ref_legal))
        lines += [f"reference legal: {ref_legal}", f"engine legal:    {eng_legal}",
                  f"only reference: {only_ref}; only engine: {only_eng}"]
    return "\n".join(lines)


def choose(rng: random.Random, legal: list[str]) -> str:
    """A random legal action, biased now and then towards doubles and towards long chains so that the
    double rules and opening chains get exercised."""
    roll = rng.random()
    if roll < 0.3:
        doubles = [a for a in legal if "@" in a and a.split("@")[0].split("-")[0] == a.split("@")[0].split("-")[1]]
        if doubles:
            return rng.choice(doubles)
    if roll < 0.6:
        plays = [a for a in legal if a != "stop"]
        if plays:
            return rng.choice(plays)
    return rng.choice(legal)


def engine_legal(state) -> list[str]:
    return sorted(str(a) for a in state.legal_actions())


def play_round(rules, number, hands, boneyard, state, rng, *, driver, get_state=None, step=None):
    """Play one round to its end in both implementations; ``state`` is the engine side (a RoundState, or a
    Match when ``get_state``/``step`` are given). Returns the final engine object and the reference."""
    ref = ReferenceRound(rules.to_dict(), number, hands, boneyard, chain_double=CHAIN_DOUBLE)
    get_state = get_state or (lambda s: s)
    step = step or (lambda s, a: (s.apply(a), False))
    actions = []
    while True:
        rnd = get_state(state)
        eng = engine_legal(rnd)
        mine = ref.legal()
        assert mine == eng, describe(rules, number, hands, boneyard, actions, mine, eng,
                                     note=f"legal lists differ ({driver}-driven)")
        if not eng:
            break
        action = choose(rng, eng if driver == "engine" else mine)
        state, round_over = step(state, action)
        ref.apply(action)
        actions.append(action)
        assert ref.over == round_over, describe(
            rules, number, hands, boneyard, actions,
            note=f"round over: reference {ref.over} ({ref.reason}), engine {round_over}")
        if round_over:
            break
    return state, ref, actions


# ------------------------------------------------------------------ single rounds on random deals

def random_deal(rules, number, rng):
    engine = rules.set - number
    tiles = [t for t in full_set(rules.set) if t != (engine, engine)]
    rng.shuffle(tiles)
    h = rules.hand_size
    hands = [tiles[i * h:(i + 1) * h] for i in range(rules.seats)]
    return hands, tiles[rules.seats * h:]


def check_single_round(seed, driver):
    rng = random.Random(seed)
    rules = random_rules(rng)
    number = rng.randrange(rules.set + 1)
    hands, boneyard = random_deal(rules, number, rng)
    hands_text = [[str(t) for t in hand] for hand in hands]
    boneyard_text = [str(t) for t in boneyard]
    state = new_round(rules, number, hands, boneyard)

    def step(s, action):
        s = s.apply(action)
        return s, s.over

    state, ref, actions = play_round(rules, number, hands_text, boneyard_text, state, rng,
                                     driver=driver, step=step)
    assert state.over and ref.over
    assert list(state.result.scores) == ref.scores, describe(
        rules, number, hands_text, boneyard_text, actions,
        note=f"scores: reference {ref.scores} ({ref.reason}), engine {state.result}")


ROUND_SEEDS = list(range(2400))


@pytest.mark.parametrize("seed", ROUND_SEEDS[::2])
def test_single_rounds_engine_driven(seed):
    check_single_round(seed, "engine")


@pytest.mark.parametrize("seed", ROUND_SEEDS[1::2])
def test_single_rounds_reference_driven(seed):
    check_single_round(seed, "reference")


# ------------------------------------------------------------------ whole matches

def check_match(seed, driver, rules=None):
    rng = random.Random(10_000 + seed)
    if rules is None:
        rules = random_rules(rng, rounds=rng.choice(("one", "short", 2)))
    match = new_match(rules, seed)
    totals = [0] * rules.seats
    for number in range(rules.rounds):
        rnd = match.round
        assert rnd.number == number
        assert rnd.engine == rules.set - number if hasattr(rnd, "engine") else True
        hands = [[str(t) for t in hand] for hand in rnd.hands_dealt]
        boneyard = [str(t) for t in rnd.boneyard_dealt]
        # the deal is the set minus this round's engine
        dealt = sorted(t for hand in hands for t in hand) + boneyard
        assert sorted(dealt) == sorted(str(t) for t in full_set(rules.set) if t != (rules.set - number,) * 2)
        before = len(match.rounds)

        def step(m, action, before=before):
            m = m.apply(action)
            return m, (len(m.rounds) != before or m.over)

        match, ref, actions = play_round(rules, number, hands, boneyard, match, rng, driver=driver,
                                         get_state=lambda m: m.round, step=step)
        finished = match.rounds[number]
        assert finished.result is not None
        assert list(finished.result.scores) == ref.scores, describe(
            rules, number, hands, boneyard, actions,
            note=f"scores: reference {ref.scores} ({ref.reason}), engine {finished.result}")
        totals = [a + b for a, b in zip(totals, ref.scores)]
        assert list(match.totals) == totals
    assert match.over


MATCH_SEEDS = list(range(120))


@pytest.mark.parametrize("seed", MATCH_SEEDS)
def test_matches(seed):
    check_match(seed, "engine" if seed % 2 == 0 else "reference")


# classic with 5-10 seats on double-12, the presets' own defaults, one full match each way
@pytest.mark.parametrize("seats", range(5, 11))
def test_classic_many_seats(seats):
    rules = Rules.make("classic", set=12, seats=seats, rounds="short")
    check_match(seats, "engine" if seats % 2 else "reference", rules)


@pytest.mark.parametrize("preset,top,seats", [("standard", 12, 4), ("classic", 12, 4), ("standard", 6, 3),
                                              ("classic", 9, 2)])
def test_full_matches(preset, top, seats):
    rules = Rules.make(preset, set=top, seats=seats)
    check_match(top * 10 + seats, "engine", rules)


# ------------------------------------------------------------------ hand-built positions for rare branches

def scripted(preset, hands, head, script, *, seed=0, top=6, number=0, **options):
    """Deal ``hands`` (seat 0 first; boneyard ``head`` then the rest of the set in canonical order), then
    follow ``script``: pairs (expected reference legal list or None, action). Both sides are compared at
    every position; after the script the round is played out randomly."""
    hand_tiles = [[parse_tile(t) for t in h.split()] for h in hands]
    rules = Rules.make(preset, set=top, seats=len(hands), hand_size=len(hand_tiles[0]), **options)
    engine = rules.engine(number)
    head_tiles = [parse_tile(t) for t in head.split()]
    used = {t for h in hand_tiles for t in h} | set(head_tiles)
    boneyard = head_tiles + [t for t in full_set(top) if t not in used and t != (engine, engine)]
    hands_text = [[str(t) for t in h] for h in hand_tiles]
    boneyard_text = [str(t) for t in boneyard]
    state = new_round(rules, number, hand_tiles, boneyard)
    ref = ReferenceRound(rules.to_dict(), number, hands_text, boneyard_text, chain_double=CHAIN_DOUBLE)
    done = []
    for expected, action in script:
        eng, mine = engine_legal(state), ref.legal()
        assert mine == eng, describe(rules, number, hands_text, boneyard_text, done, mine, eng, note="scripted")
        if expected is not None:
            assert mine == sorted(expected), (done, mine, expected)
        state = state.apply(action)
        ref.apply(action)
        done.append(action)
    rng = random.Random(seed)
    while not state.over:
        eng, mine = engine_legal(state), ref.legal()
        assert mine == eng, describe(rules, number, hands_text, boneyard_text, done, mine, eng, note="scripted")
        action = rng.choice(eng)
        state = state.apply(action)
        ref.apply(action)
        done.append(action)
    assert ref.over and list(state.result.scores) == ref.scores


def test_chain_double_with_a_cover_in_hand_must_be_covered():
    # Opening turn; point 2: "A cover from the hand continues the chain."
    scripted("classic", ["3-6 3-3 1-3 0-0 0-1 0-2 2-2", "4-6 4-4 1-4 1-1 1-2 2-4 0-4"], "", [
        (["3-6@0"], "3-6@0"),
        (["3-3@0", "1-3@0", "stop"], "3-3@0"),
        (["1-3@0"], "1-3@0"),          # no `stop` while the double can be covered from the hand
        (["0-1@0", "stop"], "stop"),
    ])


def test_chain_double_without_cover_stops_then_draws_then_passes_on_an_empty_boneyard():
    # Points 2 and 3; the last boneyard tile is drawn by seat 0, so seat 1 meets the same case with an
    # empty boneyard and passes; the open 2-2 then binds seat 0 on seat 1's (marked) train.
    scripted("classic", ["5-6 5-5 0-2 1-2 2-3 2-4 0-0 0-1 0-3 0-4 0-6 1-1 1-3",
                         "2-6 2-2 0-5 1-5 3-5 4-5 1-4 1-6 3-3 3-4 3-6 4-4 4-6"], "2-5", [
        (["0-6@0", "5-6@0"], "5-6@0"),
        (["5-5@0", "stop"], "5-5@0"),
        (["stop"], "stop"),
        (["draw"], "draw"),
        (["2-5@0"], "2-5@0"),           # a drawn cover is played and ends the turn
        (["1-6@1", "2-6@1", "3-6@1", "4-6@1"], "2-6@1"),
        (["2-2@1", "stop"], "2-2@1"),
        (["stop"], "stop"),
        (["pass"], "pass"),
        (["0-2@1", "1-2@1", "2-3@1", "2-4@1"], "0-2@1"),
    ])


def test_a_second_double_that_would_be_the_last_tile_is_not_an_extra_play():
    # Two doubles: "only if, after placing it, the hand still holds a tile that covers one of the two
    # doubles" -- with the hand empty after 3-3@M it holds none (both implementations read it so).
    scripted("standard", ["1-6 1-1 3-3", "3-6 4-5 0-4"], "2-4", [
        (["1-6@0", "1-6@M"], "1-6@0"),
        (["3-6@1", "3-6@M"], "3-6@M"),
        (["1-1@0", "3-3@M"], "1-1@0"),
        (["draw"], "draw"),             # 2-4 does not fit: seat 0 is marked, 1-1 stays open
        (["draw"], "draw"),             # seat 1 is bound by 1-1 and holds no 1
    ])


# ------------------------------------------------------------------ larger sweep (opt-in)

@pytest.mark.skipif(not N_CONFIGS, reason="set MT_REFERENCE_SWEEP=1 (or a count) for the large sweep")
@pytest.mark.parametrize("block", range(20))
def test_sweep(block):
    for i in range(N_CONFIGS // 20):
        seed = 1_000_000 + block * 100_000 + i
        check_single_round(seed, "engine" if i % 2 == 0 else "reference")
        if i % 10 == 0:
            check_match(seed, "engine" if i % 20 == 0 else "reference")
