"""The match file of FORMATS.md: a whole match as JSON, the deal of every round and its actions.

``dumps`` writes one; ``loads`` reads one back, checking everything (format,
version, rules, players, that each deal is exactly the set minus the round's
engine, that every action is legal when replayed, scores and totals) and
refusing anything else with a MatchFileError that says what and where.
"""

from __future__ import annotations

import json
import re

from .actions import parse_action
from .engine import check_deal, new_round
from .errors import IllegalMoveError, MatchFileError, MexicanTrainError
from .match import Match, Player, start_round
from .players import KINDS
from .rules import Rules
from .tiles import parse_tile

FORMAT = "mexican-train"
VERSION = 1


def to_dict(match: Match) -> dict:
    """The match file as a JSON-ready dict."""
    rounds = []
    for r in match.rounds:
        entry = {
            "engine": r.engine,
            "first_seat": r.first_seat,
            "hands": [[str(t) for t in hand] for hand in r.hands_dealt],
            "boneyard": [str(t) for t in r.boneyard_dealt],
            "actions": [str(a) for a in r.actions],
        }
        if r.result is not None:
            entry["scores"] = list(r.result.scores)
        rounds.append(entry)
    return {
        "format": FORMAT,
        "version": VERSION,
        "rules": match.rules.to_dict(),
        "seed": match.seed,
        "players": [{"name": p.name, "kind": p.kind} for p in match.players],
        "rounds": rounds,
        "totals": list(match.totals),
    }


_SCALAR_LIST = re.compile(r"\[\s*([^\[\]{}]*?)\s*\]", re.S)


def dumps(match: Match) -> str:
    """The match file as text: indented JSON, each list of tiles or actions on one line."""
    text = json.dumps(to_dict(match), indent=2, ensure_ascii=False)
    return _SCALAR_LIST.sub(lambda m: "[" + re.sub(r",\s+", ", ", m.group(1)) + "]", text)


def loads(text: str) -> Match:
    """Read a match file (text); raises MatchFileError naming the first problem and where."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as err:
        raise MatchFileError(f"not a match file: the JSON does not parse ({err})") from None
    return from_dict(data)


def from_dict(data) -> Match:
    """Build a Match from a parsed match file, checking every field and replaying every action."""
    if not isinstance(data, dict):
        raise MatchFileError("not a match file: expected a JSON object")
    if data.get("format") != FORMAT:
        raise MatchFileError(f"not a match file: format is {data.get('format')!r}, expected {FORMAT!r}")
    if data.get("version") != VERSION:
        raise MatchFileError(f"match file version {data.get('version')!r} is not supported (this is version {VERSION})")
    rules = _read_rules(data.get("rules"))
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise MatchFileError(f"seed must be a whole number 0 or more, not {seed!r}")
    players = _read_players(data.get("players"), rules)
    raw_rounds = data.get("rounds")
    if not isinstance(raw_rounds, list) or not raw_rounds:
        raise MatchFileError("rounds must be a non-empty list")
    if len(raw_rounds) > rules.rounds:
        raise MatchFileError(f"the file has {len(raw_rounds)} rounds but the match has {rules.rounds}")
    rounds = []
    for number, raw in enumerate(raw_rounds):
        if rounds and not rounds[-1].over:
            raise MatchFileError(f"round {number + 1} follows round {number}, which is not over")
        rounds.append(_read_round(raw, rules, number))
    if rounds[-1].over and len(rounds) < rules.rounds:
        rounds.append(start_round(rules, seed, len(rounds)))  # the next deal follows from the seed
    match = Match(rules, seed, players, tuple(rounds))
    totals = data.get("totals")
    if totals is not None and list(totals) != list(match.totals):
        raise MatchFileError(f"totals {totals} do not add up: the rounds give {list(match.totals)}")
    return match


def _read_rules(raw) -> Rules:
    if not isinstance(raw, dict):
        raise MatchFileError("rules must be an object holding every option")
    options = dict(raw)
    preset = options.pop("preset", "standard")
    try:
        return Rules.make(preset, **options)
    except MexicanTrainError as err:
        raise MatchFileError(f"rules: {err}") from None
    except TypeError as err:
        raise MatchFileError(f"rules: {err}") from None


def _read_players(raw, rules: Rules) -> tuple[Player, ...]:
    if not isinstance(raw, list) or len(raw) != rules.seats:
        raise MatchFileError(f"players must list one entry for each of the {rules.seats} seats")
    players = []
    for seat, p in enumerate(raw):
        if not isinstance(p, dict) or not isinstance(p.get("name"), str):
            raise MatchFileError(f"player {seat} must have a name")
        if p.get("kind") not in KINDS:
            raise MatchFileError(f"player {seat}: kind must be one of {', '.join(KINDS)}, not {p.get('kind')!r}")
        players.append(Player(p["name"], p["kind"]))
    return tuple(players)


def _read_round(raw, rules: Rules, number: int):
    where = f"round {number + 1}"
    if not isinstance(raw, dict):
        raise MatchFileError(f"{where}: expected an object")
    if raw.get("engine") != rules.engine(number):
        raise MatchFileError(f"{where}: engine must be {rules.engine(number)}, not {raw.get('engine')!r}")
    if raw.get("first_seat") != number % rules.seats:
        raise MatchFileError(f"{where}: first_seat must be {number % rules.seats}, not {raw.get('first_seat')!r}")
    try:
        hands = raw.get("hands")
        if not isinstance(hands, list) or not all(isinstance(h, list) for h in hands):
            raise MatchFileError(f"{where}: hands must be a list of lists of tiles")
        hands = [[parse_tile(t, rules.set) for t in hand] for hand in hands]
        boneyard = raw.get("boneyard")
        if not isinstance(boneyard, list):
            raise MatchFileError(f"{where}: boneyard must be a list of tiles")
        boneyard = [parse_tile(t, rules.set) for t in boneyard]
    except MatchFileError:
        raise
    except MexicanTrainError as err:
        raise MatchFileError(f"{where}, deal: {err}") from None
    problem = check_deal(rules, number, hands, boneyard)
    if problem:
        raise MatchFileError(f"{where}, deal: {problem}")
    state = new_round(rules, number, hands, boneyard)
    actions = raw.get("actions")
    if not isinstance(actions, list):
        raise MatchFileError(f"{where}: actions must be a list")
    for index, text in enumerate(actions):
        spot = f"{where}, action {index + 1}"
        if state.over:
            raise MatchFileError(f"{spot}: {text} comes after the round ended")
        try:
            state = state.apply(parse_action(text, rules.set, rules.seats))
        except IllegalMoveError as err:
            raise MatchFileError(f"{spot}: {err}") from None
        except MexicanTrainError as err:
            raise MatchFileError(f"{spot}: {err}") from None
    scores = raw.get("scores")
    if state.over:
        if scores is not None and list(scores) != list(state.result.scores):
            raise MatchFileError(f"{where}: scores {scores} do not match the hands left: {list(state.result.scores)}")
    elif scores is not None:
        raise MatchFileError(f"{where}: has scores but the round is not over")
    return state
