#!/usr/bin/env python3
"""What a seat's last play says about its hand, and what Strong's guesses say (a measurement, not a test; see
docs/strong-notes.md, "What the hidden tiles are worth").

    nice -n 19 python3 -m bench.signs --deals 30

strong0 plays strong0 (2 seats, double-12, standard rules, the tournament's deals of ``--seed``, default 99). At each
decision with a choice, for the other seat: does it hold a tile showing its own train's open end, in truth, and in
``Knowledge.sample``'s guesses (the share of 20 guesses that do)? Split by the other seat's last move: a play on its
own train, a play elsewhere, a draw, a pass. Where truth and guesses differ, the guesses miss something the record
shows.
"""

from __future__ import annotations

import argparse
import collections
import random
import sys

from mexican_train import tournament
from mexican_train.actions import train_index
from mexican_train.match import start_round
from mexican_train.players import player_rng, strong0
from mexican_train.players.sampling import Knowledge
from mexican_train.rules import Rules
from mexican_train.view import seat_view


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--seed", type=int, default=99)
    parser.add_argument("--guesses", type=int, default=20)
    args = parser.parse_args(argv)
    rules = Rules.make(set=12, seats=2)
    rows: dict[str, list[float]] = collections.defaultdict(lambda: [0, 0, 0.0])  # decisions, truly held, guessed
    for deal in range(args.deals):
        deal_seed, number = tournament.deal_of(rules, args.seed, deal)
        state = start_round(rules, deal_seed, number)
        rngs = [player_rng(deal_seed, s, number) for s in range(rules.seats)]
        guesser = random.Random(deal)
        while not state.over:
            seat = state.seat
            view = seat_view(state, seat)
            if len(view.legal) > 1:
                other = 1 - seat
                end = view.trains[other].end
                knowledge = Knowledge(view)
                guessed = sum(any(end in t for t in knowledge.sample(guesser)[0][other])
                              for _ in range(args.guesses)) / args.guesses
                last = next((e for e in reversed(view.events)
                             if e.seat == other and e.kind in ("play", "draw", "pass")), None)
                kind = ("none yet" if last is None else
                        "play, own train" if last.kind == "play" and last.train is not None
                        and train_index(last.train, rules.seats) == other else
                        "play, elsewhere" if last.kind == "play" else str(last.kind))
                for key in ("every decision", kind):
                    row = rows[key]
                    row[0] += 1
                    row[1] += any(end in t for t in state.hands[other])
                    row[2] += guessed
            state = state.apply(strong0.choose(view, rngs[seat]))
    print(f"the other seat holds a tile showing its own train's open end ({args.deals} deals, seed {args.seed}):")
    for key, (n, held, guessed) in sorted(rows.items(), key=lambda kv: -kv[1][0]):
        print(f"  after {key:16} {int(n):5} decisions: in truth {held / n:.3f}, in the guesses {guessed / n:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
