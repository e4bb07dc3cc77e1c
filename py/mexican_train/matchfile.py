"""The match file of FORMATS.md: a whole match as JSON, the deal of every round and its actions.

``dumps`` writes one; ``loads`` reads one back, checking everything and
refusing anything else with a MatchFileError that says what and where:

1. the text, before it is parsed: at most 4 MB, nested at most 64 deep, no
   duplicate keys, nothing JSON does not allow (``boundedjson``);
2. the type of every field FORMATS.md names, before any of them is used: a
   boolean is not a number, null is not a value (the error's ``field`` is
   the path of the first one that is wrong, like ``rounds[0].scores``);
3. the values: format and version, rules, players, that each deal is exactly
   the set minus the round's engine, that every action is legal when
   replayed, scores and totals.

Names are the one field read with a correction rather than refused: a name
holding control or invisible characters (``names``) is read without them,
and the caller that asks is told which seats (``cleaned``). A name does not
take part in the replay, and a save written before names were checked must
still open; the name shown is the one the setup form would have kept.

Fields the format does not name are welcome (and ignored) anywhere but in
``rules``, where an unknown option would change the game.
"""

from __future__ import annotations

import json
from typing import Any

from . import boundedjson, names
from .actions import parse_action
from .engine import RoundState, check_deal, new_round
from .errors import MatchFileError, MexicanTrainError, Phrase
from .i18n import N_
from .match import Match, Player, start_round
from .players import KINDS
from .rules import Rules
from .tiles import SET_SIZES, Tile, full_set, parse_tile

FORMAT = "mexican-train"
VERSION = 1
MAX_SEED = 2**64 - 1
"""The largest seed: a deal uses the seed modulo 2**64 (``dealing``), so a larger one adds nothing."""
MAX_NAME = 200
"""The longest player name read, in characters (the page's setup form allows 24)."""
_MAX_TILE_TEXT = 16
_MAX_ACTION_TEXT = 24

# -- what the reader says (message ids of the gettext catalogue) --------------------------------
NOT_AN_OBJECT = N_("not a match file: it is not a JSON object")
NO_FORMAT = N_("not a match file: it has no \"format\": \"mexican-train\"")
NOT_THE_FORMAT = N_("not a match file: format is {value}, expected \"mexican-train\"")
VERSION_UNSUPPORTED = N_("match file version {value} is not supported (this is version {version})")
MISSING = N_("{name} is missing")
MISSING_IN_PLAYER = N_("player {seat}: {name} is missing")
MISSING_IN_ROUND = N_("round {round}: {name} is missing")
WRONG_TYPE = N_("{name} must be {expected}, not {value}")
WRONG_TYPE_IN_RULES = N_("rules: {name} must be {expected}, not {value}")
WRONG_TYPE_IN_PLAYER = N_("player {seat}: {name} must be {expected}, not {value}")
WRONG_TYPE_IN_ROUND = N_("round {round}: {name} must be {expected}, not {value}")
EXPECT_WHOLE = N_("a whole number")
EXPECT_TRUE_FALSE = N_("true or false")
EXPECT_TEXT = N_("text")
EXPECT_LIST = N_("a list")
EXPECT_OBJECT = N_("an object")
EXPECT_TILE = N_("a tile written as text, like \"3-9\"")
EXPECT_ACTION = N_("an action written as text, like \"3-9@M\" or \"draw\"")
BAD_RULES = N_("rules: {reason}")
BAD_RULE_CHOICE = N_("rules: {name} must be one of {choices}, not {value}")
BAD_RULE_NUMBER = N_("rules: {name} is out of range: {value}")
BAD_SEED = N_("seed must be a whole number from 0 to {most}, not {value}")
BAD_PLAYER_COUNT = N_("players must list one entry for each of the {seats} seats")
BAD_KIND = N_("player {seat}: kind must be one of {kinds}, not {value}")
LONG_NAME = N_("player {seat}: name is longer than {limit} characters")
NOT_TEXT = N_("player {seat}: name is not valid text")
NO_ROUNDS = N_("rounds must list at least one round")
TOO_MANY_ROUNDS = N_("the file has {count} rounds but the match has {rounds}")
ROUND_NOT_OVER = N_("round {round} follows round {previous}, which is not over")
BAD_TOTALS = N_("totals {totals} do not add up: the rounds give {expected}")
BAD_ENGINE = N_("round {round}: engine must be {expected}, not {value}")
BAD_FIRST_SEAT = N_("round {round}: first_seat must be {expected}, not {value}")
BAD_DEAL = N_("round {round}, deal: {reason}")
NOT_A_TILE = N_("{value} is not a tile")
AFTER_THE_END = N_("round {round}, action {action}: {text} comes after the round ended")
BAD_ACTION = N_("round {round}, action {action}: {reason}")
NOT_AN_ACTION = N_("{value} is not an action")
BAD_SCORES = N_("round {round}: scores {scores} do not match the hands left: {expected}")
EARLY_SCORES = N_("round {round}: has scores but the round is not over")


def to_dict(match: Match) -> dict[str, Any]:
    """The match file as a JSON-ready dict."""
    rounds = []
    for r in match.rounds:
        entry: dict[str, Any] = {
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


def dumps(match: Match) -> str:
    """The match file as text: indented JSON, each list of tiles, actions or scores on one line."""
    return _pretty(to_dict(match), "")


def _pretty(value: Any, indent: str) -> str:
    inner = indent + "  "
    if isinstance(value, dict) and value:
        items = [f"{inner}{json.dumps(k, ensure_ascii=False)}: {_pretty(v, inner)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    if isinstance(value, list) and any(isinstance(v, (list, dict)) for v in value):
        return "[\n" + ",\n".join(inner + _pretty(v, inner) for v in value) + "\n" + indent + "]"
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def loads(text: str, cleaned: list[int] | None = None) -> Match:
    """Read a match file (text); raises MatchFileError naming the first problem and where. The seats
    whose names lost control or invisible characters are added to ``cleaned``, when given."""
    return from_dict(boundedjson.parse(text), cleaned)


def from_dict(data: Any, cleaned: list[int] | None = None) -> Match:
    """Build a Match from a parsed match file, checking every field and replaying every action. The seats
    whose names lost control or invisible characters are added to ``cleaned``, when given."""
    check_types(data)
    rules = _read_rules(data["rules"])
    seed = data["seed"]
    if not 0 <= seed <= MAX_SEED:
        raise MatchFileError(BAD_SEED, field="seed", most=MAX_SEED, value=show(seed))
    players = _read_players(data["players"], rules, cleaned)
    raw_rounds = data["rounds"]
    if not raw_rounds:
        raise MatchFileError(NO_ROUNDS, field="rounds")
    if len(raw_rounds) > rules.rounds:
        raise MatchFileError(TOO_MANY_ROUNDS, field="rounds", count=len(raw_rounds), rounds=rules.rounds)
    rounds: list[RoundState] = []
    for number, raw in enumerate(raw_rounds):
        if rounds and not rounds[-1].over:
            raise MatchFileError(ROUND_NOT_OVER, field=f"rounds[{number}]", round=number + 1, previous=number)
        rounds.append(_read_round(raw, rules, number))
    if rounds[-1].over and len(rounds) < rules.rounds:
        rounds.append(start_round(rules, seed, len(rounds)))  # the next deal follows from the seed
    match = Match(rules, seed, players, tuple(rounds))
    totals = data.get("totals")
    if totals is not None and totals != list(match.totals):
        raise MatchFileError(BAD_TOTALS, field="totals", totals=show(totals), expected=show(list(match.totals)))
    return match


# -- types, before anything is used ---------------------------------------------------------------

def show(value: Any, limit: int = 40) -> str:
    """A value as the file writes it (JSON), cut short: for messages."""
    if isinstance(value, str) and len(value) > limit:
        return json.dumps(value[:limit], ensure_ascii=False)[:-1] + '…"'
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[:limit] + "…"


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _text(value: Any) -> bool:
    return isinstance(value, str)


def _true_false(value: Any) -> bool:
    return isinstance(value, bool)


def _list(value: Any) -> bool:
    return isinstance(value, list)


def _object(value: Any) -> bool:
    return isinstance(value, dict)


_BY_TYPE = {int: (_whole, EXPECT_WHOLE), bool: (_true_false, EXPECT_TRUE_FALSE), str: (_text, EXPECT_TEXT)}
_RULE_TYPES = {name: _BY_TYPE[type(Rules.__dataclass_fields__[name].default)] for name, _ in Rules.options()}


class _Place:
    """Where in the file a check is: the path for ``MatchFileError.field``, and how a message names it."""

    def __init__(self, base: str, missing: str, wrong: str, **params: Any):
        self.base, self.missing, self.wrong, self.params = base, missing, wrong, params

    def path(self, name: str) -> str:
        return f"{self.base}.{name}" if self.base and not name.startswith("[") else self.base + name

    def need(self, obj: dict[str, Any], key: str, test: Any, expected: str, required: bool = True) -> None:
        """``obj[key]`` passes ``test``; a missing key is refused when ``required``."""
        if key not in obj:
            if required:
                raise MatchFileError(self.missing, field=self.path(key), name=key, **self.params)
            return
        self.value(obj[key], key, test, expected)

    def value(self, value: Any, name: str, test: Any, expected: str) -> None:
        """``value`` (the field ``name``, relative to this place) passes ``test``."""
        if not test(value):
            raise MatchFileError(self.wrong, field=self.path(name), name=name, expected=Phrase(expected),
                                 value=show(value), **self.params)


TOP = _Place("", MISSING, WRONG_TYPE)


def check_types(data: Any) -> None:
    """Check that every field FORMATS.md names is there (where it must be) and of its type.

    Raises MatchFileError whose ``field`` is the path of the first field that
    is missing or of the wrong type, in the order of the file; values are
    checked afterwards (``from_dict``).
    """
    if not isinstance(data, dict):
        raise MatchFileError(NOT_AN_OBJECT)
    # what kind of file, and which version, first: they decide how the rest is read
    if "format" not in data:
        raise MatchFileError(NO_FORMAT, field="format")
    if data["format"] != FORMAT:
        raise MatchFileError(NOT_THE_FORMAT, field="format", value=show(data["format"]))
    TOP.need(data, "version", _whole, EXPECT_WHOLE)
    if data["version"] != VERSION:
        raise MatchFileError(VERSION_UNSUPPORTED, field="version", value=show(data["version"]), version=VERSION)
    TOP.need(data, "rules", _object, EXPECT_OBJECT)
    rules = _Place("rules", MISSING, WRONG_TYPE_IN_RULES)
    for name, value in data["rules"].items():
        if name in _RULE_TYPES:
            rules.value(value, name, *_RULE_TYPES[name])
            _check_rule_range(name, value)
    TOP.need(data, "seed", _whole, EXPECT_WHOLE)
    TOP.need(data, "players", _list, EXPECT_LIST)
    for seat, player in enumerate(data["players"]):
        TOP.value(player, f"players[{seat}]", _object, EXPECT_OBJECT)
        place = _Place(f"players[{seat}]", MISSING_IN_PLAYER, WRONG_TYPE_IN_PLAYER, seat=seat)
        place.need(player, "name", _text, EXPECT_TEXT)
        place.need(player, "kind", _text, EXPECT_TEXT)
    TOP.need(data, "rounds", _list, EXPECT_LIST)
    for number, raw in enumerate(data["rounds"]):
        TOP.value(raw, f"rounds[{number}]", _object, EXPECT_OBJECT)
        _check_round_types(raw, _Place(f"rounds[{number}]", MISSING_IN_ROUND, WRONG_TYPE_IN_ROUND,
                                       round=number + 1))
    TOP.need(data, "totals", _list, EXPECT_LIST, required=False)
    for seat, total in enumerate(data.get("totals") or ()):
        TOP.value(total, f"totals[{seat}]", _whole, EXPECT_WHOLE)


_RULE_CHOICES = {name: tuple(value for value, _ in option.choices) for name, option in Rules.options()
                 if option.choices and _RULE_TYPES[name][0] is _text}
_RULE_NUMBER_LIMIT = 10**6


def _check_rule_range(name: str, value: Any) -> None:
    """A text option is one of its choices, a number is not absurd (so a message can quote it)."""
    field = f"rules.{name}"
    if name in _RULE_CHOICES and value not in _RULE_CHOICES[name]:
        raise MatchFileError(BAD_RULE_CHOICE, field=field, name=name, choices=", ".join(_RULE_CHOICES[name]),
                             value=show(value))
    if _whole(value) and abs(value) > _RULE_NUMBER_LIMIT:
        raise MatchFileError(BAD_RULE_NUMBER, field=field, name=name, value=show(value))


def _check_round_types(raw: dict[str, Any], place: _Place) -> None:
    place.need(raw, "engine", _whole, EXPECT_WHOLE)
    place.need(raw, "first_seat", _whole, EXPECT_WHOLE)
    place.need(raw, "hands", _list, EXPECT_LIST)
    for seat, hand in enumerate(raw["hands"]):
        place.value(hand, f"hands[{seat}]", _list, EXPECT_LIST)
        for i, t in enumerate(hand):
            place.value(t, f"hands[{seat}][{i}]", _text, EXPECT_TILE)
    for key, expected in (("boneyard", EXPECT_TILE), ("actions", EXPECT_ACTION)):
        place.need(raw, key, _list, EXPECT_LIST)
        for i, item in enumerate(raw[key]):
            place.value(item, f"{key}[{i}]", _text, expected)
    place.need(raw, "scores", _list, EXPECT_LIST, required=False)
    for seat, score in enumerate(raw.get("scores") or ()):
        place.value(score, f"scores[{seat}]", _whole, EXPECT_WHOLE)


# -- values ------------------------------------------------------------------------------------------

def _read_rules(raw: dict[str, Any]) -> Rules:
    options = dict(raw)
    preset = options.pop("preset", "standard")
    try:
        return Rules.make(preset, **options)
    except MexicanTrainError as err:
        raise MatchFileError(BAD_RULES, field="rules", reason=err) from None


def _read_players(raw: list[Any], rules: Rules, cleaned: list[int] | None) -> tuple[Player, ...]:
    if len(raw) != rules.seats:
        raise MatchFileError(BAD_PLAYER_COUNT, field="players", seats=rules.seats)
    players = []
    for seat, p in enumerate(raw):
        name, kind = p["name"], p["kind"]
        if kind not in KINDS:
            raise MatchFileError(BAD_KIND, field=f"players[{seat}].kind", seat=seat, kinds=", ".join(KINDS),
                                 value=show(kind))
        if len(name) > MAX_NAME:
            raise MatchFileError(LONG_NAME, field=f"players[{seat}].name", seat=seat, limit=MAX_NAME)
        try:
            name.encode("utf-8")
        except UnicodeEncodeError:   # a lone surrogate ("\ud800"): no page or terminal can show it
            raise MatchFileError(NOT_TEXT, field=f"players[{seat}].name", seat=seat) from None
        name, hidden = names.clean(name, most=None)   # empty: the page shows the seat's default name
        if hidden and cleaned is not None:
            cleaned.append(seat)
        players.append(Player(name, kind))
    return tuple(players)


def _read_round(raw: dict[str, Any], rules: Rules, number: int) -> RoundState:
    base = f"rounds[{number}]"
    here = {"round": number + 1}
    engine = rules.engine(number)
    if raw["engine"] != engine:
        raise MatchFileError(BAD_ENGINE, field=f"{base}.engine", expected=engine, value=show(raw["engine"]), **here)
    first = number % rules.seats
    if raw["first_seat"] != first:
        raise MatchFileError(BAD_FIRST_SEAT, field=f"{base}.first_seat", expected=first,
                             value=show(raw["first_seat"]), **here)
    try:
        hands = [[_tile(t, rules) for t in hand] for hand in raw["hands"]]
        boneyard = [_tile(t, rules) for t in raw["boneyard"]]
    except MexicanTrainError as err:
        raise MatchFileError(BAD_DEAL, field=base, reason=err, **here) from None
    problem = check_deal(rules, number, hands, boneyard)
    if problem:
        raise MatchFileError(BAD_DEAL, field=base, reason=problem, **here)
    state = new_round(rules, number, hands, boneyard)
    for index, text in enumerate(raw["actions"]):
        spot = {"round": number + 1, "action": index + 1}
        field = f"{base}.actions[{index}]"
        if state.over:
            raise MatchFileError(AFTER_THE_END, field=field, text=show(text), **spot)
        try:
            if len(text) > _MAX_ACTION_TEXT or not text.isprintable():   # quoted as JSON, on one line
                raise MatchFileError(NOT_AN_ACTION, value=show(text))
            state = state.apply(parse_action(text, rules.set, rules.seats))
        except MexicanTrainError as err:
            raise MatchFileError(BAD_ACTION, field=field, reason=err, **spot) from None
    scores = raw.get("scores")
    if state.over:
        assert state.result is not None
        if scores is not None and scores != list(state.result.scores):
            raise MatchFileError(BAD_SCORES, field=f"{base}.scores", scores=show(scores),
                                 expected=show(list(state.result.scores)), **here)
    elif scores is not None:
        raise MatchFileError(EARLY_SCORES, field=f"{base}.scores", **here)
    return state


_TILES_BY_TEXT = {top: {str(t): t for t in full_set(top)} for top in SET_SIZES}


def _tile(text: str, rules: Rules) -> Tile:
    found = _TILES_BY_TEXT[rules.set].get(text)   # the usual case, at a dictionary's speed
    if found is not None:
        return found
    if len(text) > _MAX_TILE_TEXT or not text.isprintable():   # quoted as JSON, on one line
        raise MatchFileError(NOT_A_TILE, value=show(text))
    return parse_tile(text, rules.set)
