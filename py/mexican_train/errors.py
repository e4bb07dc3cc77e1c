"""The exceptions the engine raises.

Every error is a ``ValueError`` so callers that only care about "bad input"
can catch one thing; the subclasses say which kind of bad input it was.
"""


class MexicanTrainError(ValueError):
    """Base class of every error raised by :mod:`mexican_train`."""


class NotationError(MexicanTrainError):
    """Text that is not a tile or an action in the notation of FORMATS.md."""


class IllegalMoveError(MexicanTrainError):
    """A well-formed action that the rules do not allow in this position.

    ``action`` is the refused action, ``rule`` a short name of the rule it
    breaks; the message says both in plain words.
    """

    def __init__(self, action: object, rule: str, reason: str) -> None:
        self.action = action
        self.rule = rule
        self.reason = reason
        super().__init__(f"{action} is not legal: {reason}")


class RulesError(MexicanTrainError):
    """A rule option, or a combination of options, that the game does not allow."""


class MatchFileError(MexicanTrainError):
    """A match file that cannot be loaded; the message says what and where."""
