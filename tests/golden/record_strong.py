#!/usr/bin/env python3
"""Record the golden file of Strong's choices: positions, seeds, and the action Strong picks today.

    python3 tests/golden/record_strong.py            # rewrites tests/golden/strong_choices.json.gz

The file pins Strong's behaviour: ``tests/test_strong_golden.py`` replays every
position and requires the same action, so a refactor of Strong's code (or of
the rules code its play-outs run on) can prove it changed nothing. Re-record
only when a change of Strong's play is intended, and say so in the commit.

Positions come from seeded short matches between all levels under many rule
sets; a case is a position where the seat to move has two or more legal
actions, with the integer seed of the ``random.Random`` handed to Strong.
"""

from __future__ import annotations

import gzip
import json
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(HERE)), "py"))

from mexican_train import Rules, matchfile, new_match  # noqa: E402
from mexican_train.match import Player  # noqa: E402
from mexican_train.players import get_player, player_rng, strong  # noqa: E402
from mexican_train.view import seat_view  # noqa: E402

GOLDEN = os.path.join(HERE, "strong_choices.json.gz")

# (rules, seats' kinds, matches): every preset, set and option, 2 to 10 seats.
TABLES = [
    (dict(set=12, seats=2), "strong,normal", 6),
    (dict(set=12, seats=3), "strong,easy,normal", 3),
    (dict(set=12, seats=4), "strong,normal,easy,strong", 3),
    (dict(set=9, seats=2), "strong,strong", 4),
    (dict(set=9, seats=4, double_rule="immediate"), "strong,random,normal,easy", 3),
    (dict(set=6, seats=2), "strong,easy", 6),
    (dict(set=6, seats=3, blank_double_penalty=50), "strong,normal,strong", 4),
    (dict(set=12, seats=2, exhausted_suit_exception=True), "strong,normal", 3),
    (dict(set=9, seats=3, exhausted_suit_exception=True, double_rule="immediate"), "strong,easy,normal", 3),
    (dict(preset="classic", set=12, seats=2), "strong,normal", 3),
    (dict(preset="classic", set=12, seats=6), "strong,normal,easy,strong,random,normal", 2),
    (dict(preset="classic", set=12, seats=10), "strong,normal,easy,strong,random,normal,strong,easy,normal,strong", 1),
    (dict(preset="classic", set=9, seats=3, double_rule="immediate"), "strong,normal,easy", 3),
    (dict(preset="classic", set=6, seats=2, exhausted_suit_exception=True), "strong,strong", 4),
    (dict(set=12, seats=2, mexican_after_first_turn=True, hand_size=11), "strong,normal", 3),
    (dict(set=12, seats=4, opening_chain=True, blank_double_penalty=25), "strong,normal,strong,easy", 2),
]
ROUNDS = 2            # rounds per match
PER_MATCH = 60        # cases kept per match, spread over its decisions


def play(rules: Rules, seed: int, kinds: list[str]):
    """A match played to its end by the given levels (Strong on its full budget); yields each match position."""
    players = [Player(f"{k} {s}", k) for s, k in enumerate(kinds)]
    match = new_match(rules, seed, players)
    rngs = {}
    while not match.over:
        yield match
        seat = match.seat
        key = (match.round.number, seat)
        rng = rngs.setdefault(key, player_rng(seed, seat, match.round.number))
        match = match.apply(get_player(kinds[seat])(seat_view(match, seat), rng))
    yield match


def main() -> int:
    games = []
    pick = random.Random(20261130)
    total = 0
    for t, (options, kinds, matches) in enumerate(TABLES):
        options = dict(options)
        preset = options.pop("preset", "standard")
        kinds = kinds.split(",")
        for m in range(matches):
            seed = 1000 * t + m
            rules = Rules.make(preset, rounds=min(ROUNDS, options.get("set", 12) + 1), **options)
            choices = []
            final = None
            for match in play(rules, seed, kinds):
                final = match
                if not match.over and len(match.legal_actions()) >= 2:
                    choices.append((match.round.number, len(match.round.actions), match.seat))
            keep = sorted(pick.sample(choices, min(PER_MATCH, len(choices))))
            cases = []
            positions = {(r, k) for r, k, _ in keep}
            found = {}
            for match in play(rules, seed, kinds):
                where = (match.round.number, len(match.round.actions)) if not match.over else None
                if where in positions:
                    found[where] = match
            for r, k, seat in keep:
                rng_seed = pick.randrange(2**32)
                view = seat_view(found[(r, k)], seat)
                cases.append([r, k, rng_seed, str(strong.choose(view, random.Random(rng_seed)))])
            total += len(cases)
            games.append({"match": matchfile.to_dict(final), "cases": cases})
            print(f"table {t} match {m}: {len(cases)} cases ({total} in all)", file=sys.stderr)
    commit = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True, cwd=HERE).stdout.strip()
    data = {"format": "mexican-train/strong-golden", "version": 1, "recorded_at_commit": commit,
            "cases": total, "games": games}
    with gzip.open(GOLDEN, "wt", encoding="utf-8", compresslevel=9) as f:
        json.dump(data, f, separators=(",", ":"))
    print(f"{GOLDEN}: {total} cases from {len(games)} matches", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
