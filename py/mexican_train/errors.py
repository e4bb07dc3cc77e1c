"""The exceptions the engine raises.

Every error is a ``ValueError`` so callers that only care about "bad input"
can catch one thing; the subclasses say which kind of bad input it was.

An error is written in one of two forms:

* a finished English sentence: ``RulesError("hand size must be 1 to 13")``;
* a message id of the gettext catalogue (marked with ``N_``) and its
  parameters: ``MatchFileError(N_("round {round}: {reason}"), round=2,
  reason=other_error)``. A parameter may itself be such an error, or a
  ``Phrase`` (a message id that is translated with the message).

Either way ``str(err)`` is the English message (the command line and the
library speak English), and ``err.localized()`` is the same message in the
language spoken now (the page shows that), with every parameter that is
itself such an error rendered the same way.
"""

from __future__ import annotations

from typing import Any

from .i18n import _


class MexicanTrainError(ValueError):
    """Base class of every error raised by :mod:`mexican_train`."""

    msgid: str
    params: dict[str, Any]

    def __init__(self, msgid: str = "", /, **params: Any) -> None:
        self.msgid = msgid
        self.params = params
        super().__init__(self._render(localized=False))

    def _render(self, localized: bool) -> str:
        template = _(self.msgid) if localized else self.msgid
        if not self.params:
            return template
        values = {name: _as_text(value, localized) for name, value in self.params.items()}
        return template.format(**values)

    def localized(self) -> str:
        """The message in the language spoken now (``str(err)`` is English)."""
        return self._render(localized=True)


class Phrase(str):
    """A message id used as a parameter of another message (like "a whole number"): translated with it."""


def _as_text(value: Any, localized: bool) -> Any:
    if isinstance(value, Phrase):
        return _(value) if localized else str(value)
    if isinstance(value, MexicanTrainError):
        return value._render(localized)
    if isinstance(value, BaseException):
        return str(value)
    return value


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
    """A match file or save that cannot be loaded; the message says what and where.

    ``field`` is the place in the file the message names, as a path like
    ``rounds[1].scores`` or ``rules.seats`` (None when it is about the file as a
    whole: its size, its nesting, its JSON).
    """

    def __init__(self, msgid: str = "", /, *, field: str | None = None, **params: Any) -> None:
        self.field = field
        super().__init__(msgid, **params)
