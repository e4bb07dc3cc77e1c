"""The command line of FORMATS.md: ``python -m mexican_train selfplay | legal | apply | move | review``,
and ``tournament`` (CPU levels against each other, see ``tournament``)."""

from __future__ import annotations

import argparse
import random
import sys

from . import boundedjson, matchfile
from .errors import MexicanTrainError
from .match import Match, Player, new_match
from .rules import Rules
from .view import seat_view


def _read(path: str) -> str:
    """A file's text (``-``: standard input), reading no more than the largest match file allowed."""
    limit = boundedjson.MAX_BYTES + 1
    if path == "-":
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:   # a text stream (tests replace stdin with one)
            text = sys.stdin.read(limit)
            boundedjson.check_size(boundedjson.utf8_size(text))
            return text
        return boundedjson.decode(stream.read(limit))
    with open(path, "rb") as f:
        return boundedjson.decode(f.read(limit))


def _load(path: str) -> Match:
    """The match file at ``path``. Names read without their control or invisible characters are said in
    one warning line on stderr (the file is read; the names take no part in the replay)."""
    cleaned: list[int] = []
    match = matchfile.loads(_read(path), cleaned)
    if cleaned:
        fields = ", ".join(f"players[{seat}].name" for seat in cleaned)
        print(f"warning: control or invisible characters were taken out of {fields}", file=sys.stderr)
    return match


def play_out(match: Match, rngs: dict[tuple[int, int], random.Random] | None = None) -> Match:
    """Play a match to its end with the CPU kinds its players name.

    ``rngs`` maps (round number, seat) to the generator that seat uses in that round; the ones
    missing are made with ``player_rng`` (and added to it).
    """
    from .players import get_player, player_rng
    choosers = [get_player(p.kind) for p in match.players]
    rngs = {} if rngs is None else rngs
    while not match.over:
        state = match.round
        seat = state.seat
        key = (state.number, seat)
        if key not in rngs:
            rngs[key] = player_rng(match.seed, seat, state.number)
        match = match.apply(choosers[seat](seat_view(match, seat), rngs[key]))
    return match


def cmd_selfplay(args: argparse.Namespace) -> int:
    kinds = args.players.split(",")
    if len(kinds) == 1:
        kinds = kinds * args.seats
    if len(kinds) != args.seats:
        raise MexicanTrainError(f"--players names {len(kinds)} players for {args.seats} seats")
    from .players import PLAYERS
    for kind in kinds:
        if kind not in PLAYERS:
            raise MexicanTrainError(f"--players: no CPU player called {kind!r}; there are {', '.join(PLAYERS)}")
    if not 0 <= args.seed <= matchfile.MAX_SEED:
        raise MexicanTrainError(f"--seed must be a whole number from 0 to {matchfile.MAX_SEED}")
    options = {name: getattr(args, name) for name, _ in Rules.options() if name != "preset"}
    rules = Rules.make(args.preset, **options)
    players = [Player(f"{kind.capitalize()} {seat}", kind) for seat, kind in enumerate(kinds)]
    match = play_out(new_match(rules, args.seed, players))
    print(matchfile.dumps(match))
    return 0


def cmd_legal(args: argparse.Namespace) -> int:
    match = _load(args.file)
    if match.over:
        print("over")
        return 0
    print(f"seat {match.seat}")
    for action in match.legal_actions():
        print(action)
    return 0


def cmd_apply(args: argparse.Namespace) -> int:
    match = _load(args.file)
    for text in args.actions:
        if match.over:
            raise MexicanTrainError(f"{text}: the match is over")
        match = match.apply(text)
    print(matchfile.dumps(match))
    return 0


def cmd_move(args: argparse.Namespace) -> int:
    from .players import get_player, player_rng
    match = _load(args.file)
    if match.over:
        raise MexicanTrainError("the match is over: there is no move to make")
    seat = match.round.seat       # the match is not over, so its round has a seat to move
    view = seat_view(match, seat)
    rng = player_rng(match.seed if args.seed is None else args.seed, seat, match.round.number)
    if args.explain:
        from .players import explain
        action, reason = explain(args.player, view, rng)
        print(action)
        print(reason)
    else:
        print(get_player(args.player)(view, rng))
    return 0


def cmd_review(args: argparse.Namespace) -> int:
    import json
    from . import review
    match = _load(args.file)
    if args.seat is not None and not 0 <= args.seat < match.rules.seats:
        raise MexicanTrainError(f"--seat {args.seat}: seats count 0 to {match.rules.seats - 1}")
    items = review.review(match, None if args.seat is None else [args.seat], args.seed)
    if args.json:
        print(json.dumps(review.as_json(items), ensure_ascii=False))
    else:
        for item in items:
            print(review.as_line(item))
    return 0


def cmd_tournament(args: argparse.Namespace) -> int:
    from . import tournament
    rules = Rules.make(args.preset, set=args.set, seats=args.seats)
    if args.deals < 1:
        raise MexicanTrainError("--deals must be at least 1")
    if args.jobs < 1:
        raise MexicanTrainError("--jobs must be at least 1")
    summaries = tournament.run(args.pairings.split(","), args.deals, rules, seed=args.seed, jobs=args.jobs,
                               progress=None if args.quiet else sys.stderr, lineup=args.lineup)
    if args.lineup == "one":
        how = f"played once a seat, the first level in that seat and the second in the others: " \
              f"{args.seats * args.deals} rounds"
    else:
        how = f"each played from both sides: {2 * args.deals} rounds"
    print(f"{args.deals} deals per pairing, {how}; "
          f"{args.preset} rules, double-{args.set}, {args.seats} seats, seed {args.seed}")
    print()
    print(tournament.format_table(summaries))
    return 0


def add_rule_flags(parser: argparse.ArgumentParser) -> None:
    """A flag for every rule option besides the preset, set, seats and rounds (which have their own):
    ``--hand-size N``, ``--double-rule immediate``, ``--exhausted-suit-exception`` / ``--no-...``; left out,
    an option takes the preset's value. Drawn from ``Rules.options()``, so a new option gets its flag."""
    for name, option in Rules.options():
        if name in ("preset", "set", "seats", "rounds"):
            continue
        flag = "--" + name.replace("_", "-")
        kind = type(Rules.__dataclass_fields__[name].default)
        if kind is bool:
            parser.add_argument(flag, action=argparse.BooleanOptionalAction, default=None, help=option.help)
        elif option.choices:
            parser.add_argument(flag, type=kind, choices=[value for value, _ in option.choices], help=option.help)
        else:
            parser.add_argument(flag, type=kind, help=option.help)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``python -m mexican_train``."""
    parser = argparse.ArgumentParser(prog="python -m mexican_train", description="Mexican Train dominoes engine")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("selfplay", help="play a whole match with CPU seats and print the match file")
    p.add_argument("--seats", type=int, required=True)
    p.add_argument("--set", type=int, required=True)
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--preset", choices=["standard", "classic"], default="standard")
    p.add_argument("--rounds", type=int)
    p.add_argument("--players", default="random", help="comma-separated CPU kinds, or one for every seat")
    add_rule_flags(p)
    p.set_defaults(run=cmd_selfplay)

    p = sub.add_parser("legal", help="print the seat to move and its legal actions")
    p.add_argument("file")
    p.set_defaults(run=cmd_legal)

    p = sub.add_parser("apply", help="apply actions in order and print the new match file")
    p.add_argument("file")
    p.add_argument("actions", nargs="+")
    p.set_defaults(run=cmd_apply)

    p = sub.add_parser("move", help="print the action a CPU player would choose for the seat to move")
    p.add_argument("file")
    p.add_argument("--player", default="strong")
    p.add_argument("--seed", type=int)
    p.add_argument("--explain", action="store_true")
    p.set_defaults(run=cmd_move)

    p = sub.add_parser("review", help="the coach: the decisions of a seat where Strong would have played "
                                      "differently, and about how many points each cost")
    p.add_argument("file")
    p.add_argument("--seat", type=int, help="the seat to review (default: every seat a person played)")
    p.add_argument("--seed", type=int, help="Strong's generator seed, as move --seed (default: the match seed)")
    p.add_argument("--json", action="store_true", help="one JSON list instead of a line per item")
    p.set_defaults(run=cmd_review)

    p = sub.add_parser("tournament", help="play CPU levels against each other on seeded deals, both sides of each")
    p.add_argument("--pairings", default="strong-easy,strong-normal,normal-easy",
                   help="comma-separated pairs of CPU levels, like strong-easy (also strong0, the frozen "
                        "Strong of before, and strong:N, Strong on N play-outs)")
    p.add_argument("--deals", type=int, default=100, help="deals per pairing; each is played twice (seats swapped)"
                   " or, with --lineup one, once a seat")
    from .tournament import LINEUPS
    p.add_argument("--lineup", choices=LINEUPS, default="alternate",
                   help="alternate: the two levels in alternate seats, then swapped (a tie counts half); one: the "
                        "first level in one seat, rotated through all, the second in the others (a k-way tie for "
                        "the lowest score counts 1/k)")
    p.add_argument("--set", type=int, default=12)
    p.add_argument("--seats", type=int, default=2)
    p.add_argument("--preset", choices=["standard", "classic"], default="standard")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default 1: no multiprocessing)")
    p.add_argument("--quiet", action="store_true", help="no progress line on stderr")
    p.set_defaults(run=cmd_tournament)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    Whatever the input, a problem is one line on stderr and status 1 (argparse's usage errors: 2),
    never a traceback.
    """
    args = build_parser().parse_args(argv)
    try:
        return int(args.run(args))
    except (MexicanTrainError, OSError) as err:
        return _fail(str(err))
    except RecursionError:   # cannot come from a file (boundedjson refuses deep nesting first): a bug
        return _fail("internal error: recursion too deep; please report this with the file that caused it")
    except Exception as err:  # noqa: BLE001 - a bug, but the command line still answers in one line
        return _fail(f"internal error ({type(err).__name__}: {err}); please report this with the file "
                     "that caused it")


def _fail(message: str) -> int:
    print("error: " + " ".join(message.split()), file=sys.stderr)
    return 1
