"""The screens beside the board, one module each: statistics, the daily deal, the replay, the review.

A screen's module holds all of its Python: its events (``protocol.declare``,
with this part's name as their route), its view and its answer
(``protocol.declare_answer``), its dialogs (``protocol.declare_dialogs``) and
the class that handles its events, registered with ``part``. ``load`` imports
every module of this package, so a new screen needs no other Python file: the
page build, the JavaScript's declarations and the page's loader
(static/js/app.js imports static/js/parts/<name>.js) find it from here.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from ..dispatch import Page
    from ..protocol import Event
    from ..saves import Stores


class Part:
    """A screen's part: made with the page's Python (``dispatch.Page``, for the matches and the other parts),
    it answers the events the route table gives it."""

    name: str = ""

    def __init__(self, page: Page) -> None:
        self.page = page

    def handle(self, event: Event, stores: Stores) -> Mapping[str, Any]:
        """Answer one of this part's events (an answer this part declared)."""
        raise NotImplementedError

    def saved_state(self) -> dict[str, Any]:
        """What a call may change in this part, to put back if its writes fail (containers copied)."""
        return {k: (v.copy() if isinstance(v, (dict, list, set)) else v) for k, v in vars(self).items()}

    def put_back(self, state: dict[str, Any]) -> None:
        """Put back what ``saved_state`` gave."""
        vars(self).update({k: (v.copy() if isinstance(v, (dict, list, set)) else v) for k, v in state.items()})


PARTS: dict[str, type[Part]] = {}
"""Every screen's part, by name, in the order their modules load."""

P = TypeVar("P", bound=type[Part])


def part(name: str) -> Callable[[P], P]:
    """Register a screen's part under ``name`` (the route of its events)."""
    def register(cls: P) -> P:
        cls.name = name
        PARTS[name] = cls
        return cls
    return register


def load() -> dict[str, type[Part]]:
    """Import every screen's module (each registers itself); the parts by name."""
    # (the folder is listed: Pyodide's standard library has no pkgutil)
    for name in sorted(os.listdir(os.path.dirname(__file__))):
        stem, ext = os.path.splitext(name)
        if ext == ".py" and stem != "__init__" and not stem.startswith("."):
            importlib.import_module(f"{__name__}.{stem}")
    return PARTS
