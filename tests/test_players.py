"""CPU players Easy, Normal and Strong, and the hint: legal, deterministic, honest, from the view alone.

* every level returns one legal action, under every rule option;
* a level is a function of (view, its own generator): the same seed gives the
  same action, the global generator and the deal are never touched;
* honesty: two states that show a seat the same view, but hide different
  tiles, get the same decision;
* the parts Strong rests on: the play-out copy of the rules agrees with the
  engine (and its quicker listing for the common rules with the copy), the
  guesses at hidden tiles respect what the seat has seen, the chain search is
  exact;
* the hint (``explain``) gives Strong's action with a reason in plain words.
"""

import itertools
import json
import random

import pytest

from mexican_train import Rules, full_set, new_match
from mexican_train.cli import main
from mexican_train.match import Player, start_round
from mexican_train.players import PLAYERS, explain, get_player, player_rng, rollout, sampling, strong, strong0
from mexican_train.players.base import plan_chain
from mexican_train.players.sampling import Knowledge, tile_bits
from mexican_train.players.sim import BOUND, DOUBLE, FREE, OVER, Sim
from mexican_train.view import seat_view

LEVELS = ("easy", "normal", "strong")

RULES = [
    Rules.make(set=12, seats=2),
    Rules.make(set=6, seats=3),
    Rules.make("classic", set=9, seats=4),
    Rules.make("classic", set=12, seats=2, double_rule="immediate"),
    Rules.make(set=9, seats=2, double_rule="immediate", exhausted_suit_exception=True, blank_double_penalty=50),
    Rules.make(set=6, seats=4, exhausted_suit_exception=True, mexican_after_first_turn=True),
]


def quick(kind):
    """The level's chooser, with Strong on a small budget where many positions are needed."""
    if kind == "strong":
        return lambda view, rng: strong.choose(view, rng, iterations=24)
    return get_player(kind)


def round_states(rules, seed, kinds, number=None):
    """Every state of one round played by the given CPU kinds (one per seat, cycled)."""
    number = seed % rules.rounds if number is None else number
    state = start_round(rules, seed, number)
    choosers = [quick(kinds[s % len(kinds)]) for s in range(rules.seats)]
    rngs = [player_rng(seed, s, number) for s in range(rules.seats)]
    while not state.over:
        yield state
        state = state.apply(choosers[state.seat](seat_view(state, state.seat), rngs[state.seat]))
    yield state


def with_other_hidden_tiles(state, seat, rng):
    """The same state with every tile ``seat`` cannot see dealt out again at random."""
    hidden = [t for s, h in enumerate(state.hands) if s != seat for t in h] + list(state.boneyard)
    rng.shuffle(hidden)
    hands = list(state.hands)
    i = 0
    for s in range(state.rules.seats):
        if s != seat:
            n = len(hands[s])
            hands[s] = tuple(sorted(hidden[i:i + n]))
            i += n
    return state._replace(hands=tuple(hands), boneyard_dealt=state.boneyard_dealt[:state.draws] + tuple(hidden[i:]))


# -- every level plays legally ---------------------------------------------------------

def test_the_levels_are_registered_by_the_names_of_the_match_file():
    for kind in LEVELS + ("random",):
        assert PLAYERS[kind] is get_player(kind)
    with pytest.raises(ValueError):
        get_player("human")


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.preset}-{r.set}-{r.seats}-{r.double_rule}")
def test_every_level_returns_a_legal_action_under_every_rule_option(rules):
    for seed in range(3):
        kinds = [LEVELS[(seed + s) % 3] for s in range(rules.seats)]
        for state in round_states(rules, seed, kinds):
            if state.over:
                continue
            view = seat_view(state, state.seat)
            for kind in LEVELS:
                assert quick(kind)(view, random.Random(seed)) in state.legal


def test_strong_at_its_full_budget_returns_legal_actions_through_a_whole_round():
    for state in round_states(Rules.make(set=12, seats=2), 4, ["strong", "normal"]):
        if not state.over and state.seat == 0:
            assert strong.choose(seat_view(state, 0), random.Random(1)) in state.legal


# -- pure functions of (view, generator) --------------------------------------------------

def sample_positions(rules, seeds, every=5):
    """A spread of positions, from the opening to late in the round, where the seat to move has a choice."""
    for seed in seeds:
        for i, state in enumerate(round_states(rules, seed, ["normal", "easy"])):
            if not state.over and len(state.legal) > 1 and i % every == 0:
                yield state


@pytest.mark.parametrize("kind", LEVELS)
def test_the_same_view_and_seed_give_the_same_action(kind):
    chooser = get_player(kind)
    for state in itertools.islice(sample_positions(Rules.make(set=12, seats=2), [1, 2]), 6):
        view = seat_view(state, state.seat)
        first = chooser(view, random.Random(99))
        assert all(chooser(view, random.Random(99)) == first for _ in range(2))


@pytest.mark.parametrize("kind", LEVELS)
def test_a_level_never_touches_the_global_generator_nor_the_deal(kind):
    rules = Rules.make(set=9, seats=2)
    random.seed(12345)
    before = random.getstate()
    match = new_match(rules, 8, [Player("a", kind), Player("b", kind)])
    dealt = match.round.hands_dealt, match.round.boneyard_dealt
    chooser = quick(kind)
    for _ in range(40):
        if match.over:
            break
        seat = match.seat
        match = match.apply(chooser(seat_view(match, seat), player_rng(8, seat, match.round.number)))
    assert random.getstate() == before
    assert (match.rounds[0].hands_dealt, match.rounds[0].boneyard_dealt) == dealt
    assert dealt == (start_round(rules, 8, 0).hands_dealt, start_round(rules, 8, 0).boneyard_dealt)


# -- honesty: the hidden tiles never decide -----------------------------------------------

@pytest.mark.parametrize("rules", [Rules.make(set=12, seats=2), Rules.make(set=6, seats=3),
                                   Rules.make("classic", set=9, seats=2)], ids=["d12-2", "d6-3", "classic-d9-2"])
def test_states_that_show_a_seat_the_same_view_get_the_same_decision_at_every_level(rules):
    rng = random.Random(7)
    checked = 0
    lacks_seen = False
    for state in sample_positions(rules, [3, 5, 11], every=4):
        seat = state.seat
        view = seat_view(state, seat)
        other = with_other_hidden_tiles(state, seat, rng)
        assert other.hands != state.hands or other.boneyard != state.boneyard or not view.unseen_tiles()
        assert seat_view(other, seat) == view
        lacks_seen = lacks_seen or any(e.lacks for e in view.events)
        for kind in LEVELS + ("strong0",):
            seed = rng.randrange(10**6)
            player = strong0.choose if kind == "strong0" else get_player(kind)
            mine = player(view, random.Random(seed))
            theirs = player(seat_view(other, seat), random.Random(seed))
            assert mine == theirs, (kind, str(mine), str(theirs))
        checked += 1
        if checked >= 8:
            break
    assert checked >= 4 and lacks_seen


def test_the_hint_is_honest_too():
    rules = Rules.make(set=12, seats=2)
    for state in itertools.islice(sample_positions(rules, [6], every=3), 4):
        seat = state.seat
        other = with_other_hidden_tiles(state, seat, random.Random(1))
        assert explain("strong", seat_view(state, seat), random.Random(4)) == \
            explain("strong", seat_view(other, seat), random.Random(4))


# -- what Strong rests on --------------------------------------------------------------

def full_copy(state) -> Sim:
    """The play-out copy of a round, built from the mover's view with every hand and the boneyard filled in."""
    return Sim.from_view(seat_view(state, state.seat), state.hands, state.boneyard)


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.preset}-{r.set}-{r.seats}-{r.double_rule}")
def test_the_play_out_copy_of_the_rules_agrees_with_the_engine(rules):
    for seed in range(12):
        rng = random.Random(seed)
        state = start_round(rules, seed, seed % rules.rounds)
        sim = full_copy(state)
        while True:
            plays = sorted((a.tile, state.train_index(a.train)) for a in state.legal if a.kind == "play")
            assert sorted(sim.plays()) == plays
            assert sorted(sim.specials()) == sorted(a.kind for a in state.legal if a.kind != "play")
            assert (sim.seat, sim.phase) == (state.seat, state.phase)
            assert [sorted(h) for h in sim.hands] == [list(h) for h in state.hands]
            assert sim.ends == [t.end for t in state.trains] and sim.marked == [t.marked for t in state.trains]
            if state.over:
                assert list(sim.scores) == list(state.result.scores)
                break
            # a copy built afresh from the view agrees as well
            fresh = full_copy(state)
            assert sorted(fresh.plays()) == plays
            action = rng.choice(state.legal)
            state = state.apply(action)
            sim.apply(action)


COMMON_RULES = [Rules.make(set=12, seats=2), Rules.make(set=6, seats=3), Rules.make(set=9, seats=4),
                Rules.make(set=12, seats=4, blank_double_penalty=50)]


@pytest.mark.parametrize("rules", COMMON_RULES, ids=lambda r: f"{r.set}-{r.seats}")
def test_the_play_outs_fast_path_lists_the_same_plays_as_the_play_out_copy(rules):
    # Under the common rules the play-out lists plays its own quicker way (rollout.common_plays);
    # it must list exactly sim.plays(), which the test above holds to the engine, in every phase.
    phases = set()
    for seed in range(16):
        rng = random.Random(seed)
        state = start_round(rules, seed, seed % rules.rounds)
        sim = full_copy(state)
        assert rollout.uses_common_rules(sim)
        while not state.over:
            plays, reach = rollout.common_plays(sim)
            assert sorted(plays) == sorted(sim.plays()), (seed, state.actions)
            if reach is not None:   # a free turn: the ends of the trains the seat may choose among
                assert {sim.ends[k] for _, k in plays} <= set(reach) | {sim.ends[d] for d in sim.doubles}
            phases.add(sim.phase)
            action = rng.choice(state.legal)
            state = state.apply(action)
            sim.apply(action)
    assert {FREE, DOUBLE, BOUND} <= phases   # the walk went through every phase the fast path handles


def listing_every_step(sim, plans, max_steps):
    """The play-out loop listing the plays afresh at every step, a drawn tile's too (``rollout.play_out`` takes
    a drawn tile's plays from the trains it listed before the draw)."""
    steps, drawn, reach = 0, [], None
    while sim.phase is not OVER and steps < max_steps:
        steps += 1
        if drawn:
            plays, drawn = drawn, []
        else:
            plays, reach = rollout.common_plays(sim)
        if plays:
            seat = sim.seat
            t, k = plays[0] if len(plays) == 1 else rollout.choose_play(sim, plays, plans, reach)
            sim.play(t, k)
            plans.played(seat, t, k)
        elif sim.draws < len(sim.boneyard):
            sim.take_draw()
            drawn, reach = rollout.common_plays(sim)
            if not drawn:
                sim.drawn_does_not_fit()
        else:
            sim.pass_turn()
    return steps


@pytest.mark.parametrize("rules", COMMON_RULES, ids=lambda r: f"{r.set}-{r.seats}")
def test_the_play_out_after_a_draw_plays_as_if_it_listed_the_plays_again(rules):
    # Played to the end from every position of a few rounds, the quick loop lays, draws and passes exactly as
    # the loop that lists every step's plays afresh.
    for seed in range(6):
        for state in round_states(rules, seed, ["normal", "easy"]):
            if state.over:
                break
            quick, fresh = full_copy(state), full_copy(state)
            steps = rollout.play_out(quick, rollout.Plans(rules.seats), 10_000)
            assert steps == listing_every_step(fresh, rollout.Plans(rules.seats), 10_000)
            assert (quick.scores, quick.hands, quick.ends, quick.marked, quick.draws) == \
                (fresh.scores, fresh.hands, fresh.ends, fresh.marked, fresh.draws)


def test_a_guess_shuffles_the_unseen_tiles_as_the_generators_own_shuffle_does():
    # sampling.shuffle is random.Random.shuffle written out for speed: the same order and the same draws, so
    # every guess, and every choice of Strong's, stays what the golden file recorded.
    for seed in range(200):
        tiles = list(full_set(12))[: seed % 92]
        ours, theirs = random.Random(seed), random.Random(seed)
        mine, reference = list(tiles), list(tiles)
        sampling.shuffle(ours, mine)
        theirs.shuffle(reference)
        assert mine == reference
        assert ours.getstate() == theirs.getstate()


@pytest.mark.parametrize("rules", RULES[2:], ids=lambda r: f"{r.preset}-{r.set}-{r.seats}-{r.double_rule}")
def test_other_rules_play_out_through_the_copy_itself(rules):
    state = start_round(rules, 3, 0)
    assert not rollout.uses_common_rules(full_copy(state))


@pytest.mark.parametrize("rules", RULES[:3], ids=["d12-2", "d6-3", "classic-d9-4"])
def test_guesses_at_the_hidden_tiles_respect_counts_and_shown_lacks(rules):
    bits = tile_bits(rules.set)
    constrained = 0
    for seed in range(4):
        rng = random.Random(seed)
        for state in round_states(rules, seed, ["normal", "easy", "random"]):
            if state.over:
                break
            for seat in range(rules.seats):
                view = seat_view(state, seat)
                knowledge = Knowledge(view)
                assert knowledge.consistent
                for other in range(rules.seats):
                    if other == seat:
                        continue
                    masks = sorted(knowledge.slots[other], key=lambda m: -bin(m).count("1"))
                    constrained += any(masks)
                    # the true hand fits the slots: the j most constrained slots have j true tiles they allow
                    for j, mask in enumerate(masks):
                        assert sum(1 for t in state.hands[other] if not bits[t] & mask) >= j + 1
                    for value in knowledge.lacking[other]:
                        assert not any(value in t and t[0] != t[1] for t in state.hands[other])
                hands, boneyard = knowledge.sample(rng)
                assert [len(h) for h in hands] == [len(h) for h in state.hands]
                assert hands[seat] == list(view.hand)
                hidden = sorted([t for s, h in enumerate(hands) if s != seat for t in h] + boneyard)
                assert hidden == sorted(view.unseen_tiles())
                for other in range(rules.seats):
                    if other != seat and knowledge.slots[other]:
                        loosest = min(knowledge.slots[other], key=lambda m: bin(m).count("1"))
                        assert all(not bits[t] & loosest for t in hands[other])
    assert constrained > 0


def test_the_chain_search_finds_the_longest_chain():
    rng = random.Random(3)
    tiles = full_set(6)
    for _ in range(150):
        hand = rng.sample(tiles, rng.randrange(1, 8))
        start = rng.randrange(7)
        chain = plan_chain(hand, start)
        # the chain is playable from start, one tile after another
        end = start
        for t in chain.tiles:
            assert end in t
            end = t[1] if t[0] == end else t[0]
        assert chain.end == end and chain.complete
        assert len(chain) == _longest(hand, start)


def _longest(hand, end):
    best = 0
    for i, t in enumerate(hand):
        if end in t:
            rest = hand[:i] + hand[i + 1:]
            best = max(best, 1 + _longest(rest, t[1] if t[0] == end else t[0]))
    return best


def deal(rules, *hands):
    """A round of double-6 with these hands; the boneyard is the rest of the set in canonical order."""
    from mexican_train.engine import new_round
    from mexican_train.tiles import parse_tile
    dealt = [[parse_tile(t) for t in h.split()] for h in hands]
    used = {t for h in dealt for t in h}
    engine = rules.engine(0)
    return new_round(rules, 0, dealt, [t for t in full_set(rules.set) if t not in used and t != (engine, engine)])


def test_strong_puts_a_spare_on_the_mexican_train_and_keeps_its_chain():
    # From the engine 6, 6-3 3-1 1-4 is a three-tile chain for the own train; 2-6 is spare.
    state = deal(Rules.make(set=6, seats=2, hand_size=4), "3-6 1-3 1-4 2-6", "0-0 0-1 0-2 0-3")
    view = seat_view(state, 0)
    assert str(strong.choose(view, random.Random(1))) == "2-6@M"
    assert "chain" in explain("strong", view, random.Random(1))[1]


def test_strong_starts_its_own_train_with_the_chain_when_that_is_the_only_six():
    state = deal(Rules.make(set=6, seats=2, hand_size=5), "3-6 1-3 1-4 2-5 5-5", "0-0 0-1 0-2 0-3 0-4")
    assert str(strong.choose(seat_view(state, 0), random.Random(1))) == "3-6@0"


# -- the hint ---------------------------------------------------------------------------

def test_explain_gives_strongs_action_with_a_reason_in_plain_words():
    rules = Rules.make(set=12, seats=2)
    for state in itertools.islice(sample_positions(rules, [2], every=2), 8):
        view = seat_view(state, state.seat)
        action, reason = explain("strong", view, random.Random(5))
        assert action == strong.choose(view, random.Random(5))
        assert isinstance(reason, str) and 10 < len(reason) < 240 and reason[0].isupper()


def test_explain_works_for_every_level_and_every_kind_of_action():
    rules = Rules.make(set=6, seats=2)
    kinds_seen = set()
    for seed in range(6):
        for state in round_states(rules, seed, ["easy", "normal"]):
            if state.over:
                break
            view = seat_view(state, state.seat)
            for kind in LEVELS:
                action, reason = explain(kind, view, random.Random(seed))
                assert action in state.legal and reason
                kinds_seen.add(action.kind)
                if action.kind == "draw":
                    assert "draw" in reason
                if action.kind == "pass":
                    assert "pass" in reason
    assert {"play", "draw"} <= kinds_seen


def test_the_hint_names_an_open_double_that_must_be_covered():
    rules = Rules.make(set=6, seats=2, hand_size=4)
    for other, expected in (("2-6 2-3 0-1 4-5", "4-5@0"), ("2-6 2-3 0-1 0-3", "draw")):
        state = deal(rules, "4-6 4-4 1-6 0-5", other)
        state = state.apply("4-6@0").apply("2-6@1").apply("4-4@0").apply("1-6@M")  # 4-4 is left open
        view = seat_view(state, 1)
        assert view.phase == "bound"
        action, reason = explain("strong", view, random.Random(1))
        assert str(action) == expected and "4-4" in reason


def test_move_explain_prints_the_action_and_a_reason(capsys, tmp_path):
    code = main(["selfplay", "--seats", "2", "--set", "9", "--seed", "4", "--rounds", "1", "--players", "easy"])
    data = json.loads(capsys.readouterr().out)
    data["rounds"][0]["actions"] = data["rounds"][0]["actions"][:6]
    data["rounds"][0].pop("scores")
    data["totals"] = [0, 0]
    path = tmp_path / "m.json"
    path.write_text(json.dumps(data))
    assert code == 0
    assert main(["move", str(path), "--explain", "--seed", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    from mexican_train.matchfile import loads
    match = loads(path.read_text())
    assert len(lines) == 2 and lines[0] in [str(a) for a in match.legal_actions()] and lines[1]


def test_the_hint_calls_the_other_seats_by_their_names_when_it_has_them():
    from mexican_train.players import hint
    state = deal(Rules.make(set=6, seats=2, hand_size=4), "4-6 5-6 2-6 0-5", "1-1 1-2 1-3 1-4")
    state = state.apply("4-6@0").apply("draw")   # seat 1 holds no 6 and draws none: its train is marked
    assert state.trains[1].marked
    view = seat_view(state, 0)
    action = next(a for a in view.legal if a.train == 1)
    assert "Ben's marked train" in hint.reason(view, action, None, names=["Ana", "Ben"])
    assert "seat 1's marked train" in hint.reason(view, action, None)
