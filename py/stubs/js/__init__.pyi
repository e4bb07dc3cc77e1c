# What py/worker.py uses of Pyodide's ``js`` module (the worker's JavaScript global), for mypy on CPython.
from collections.abc import Awaitable
from typing import Any

Date: Any
"""JavaScript's Date."""

def mtSlices(one_slice: Any, ms: float) -> Awaitable[None]:
    """``one_slice()`` (a proxy of a Python function) once a task of the worker's event loop while it returns
    true, for up to ``ms`` (static/js/worker/py-worker.js)."""

def mtMark(name: str) -> None:
    """A performance mark on the page's clock (static/js/worker/py-worker.js)."""

def mtIdle() -> None:
    """The game is up: what can wait may run now (static/js/worker/py-worker.js)."""
