"""Hand-made deals for the rulebook tests.

``table("1-6 2-3", "4-6 0-0", boneyard="5-5")`` deals those hands (seat 0
first) on a double-6 set; the boneyard starts with the tiles named and goes
on with the rest of the set in canonical order. ``play(state, "1-6@0 draw")``
applies actions one by one and returns the new state.
"""

from mexican_train import Rules, full_set, new_round, parse_tile


def tiles(text):
    return [parse_tile(t) for t in text.split()]


def table(*hands, boneyard="", set=6, preset="standard", number=0, **options):
    dealt = [tiles(h) for h in hands]
    rules = Rules.make(preset, set=set, seats=len(dealt), hand_size=len(dealt[0]), **options)
    head = tiles(boneyard)
    engine = rules.engine(number)
    used = {t for hand in dealt for t in hand} | {t for t in head}
    rest = [t for t in full_set(set) if t not in used and t != (engine, engine)]
    return new_round(rules, number, dealt, head + rest)


def play(state, actions):
    for action in actions.split():
        state = state.apply(action)
    return state


def legal(state):
    return [str(a) for a in state.legal_actions()]


def hand(state, seat):
    return " ".join(str(t) for t in state.hands[seat])


def train(state, name):
    """A train's tiles as placed, matching half first: '6-1 1-2'."""
    return " ".join(f"{a}-{b}" for a, b in state.trains[state.train_index(name)].tiles)
