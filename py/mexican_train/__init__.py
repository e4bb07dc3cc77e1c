"""Mexican Train dominoes: a pure, immutable rules engine.

>>> from mexican_train import Rules, new_match
>>> match = new_match(Rules.make("standard", set=6, seats=2), seed=1)
>>> action = match.legal_actions()[0]
>>> match = match.apply(action)

The rules follow RULES.md; the notation and the match file follow FORMATS.md.
"""

from .actions import MEXICAN, Action, parse_action, play
from .engine import Event, RoundResult, RoundState, Train, new_round
from .errors import IllegalMoveError, MatchFileError, MexicanTrainError, NotationError, RulesError
from .match import Match, Player, new_match, start_round
from .rules import Rules
from .tiles import Tile, full_set, parse_tile, tile

__all__ = [
    "MEXICAN", "Action", "parse_action", "play", "Event", "RoundResult", "RoundState", "Train", "new_round",
    "IllegalMoveError", "MatchFileError", "MexicanTrainError", "NotationError", "RulesError",
    "Match", "Player", "new_match", "start_round", "Rules", "Tile", "full_set", "parse_tile", "tile",
]
