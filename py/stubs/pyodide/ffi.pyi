# What py/worker.py uses of Pyodide's ``pyodide.ffi``, for mypy on CPython.
from collections.abc import Callable
from typing import Any

def create_proxy(function: Callable[..., Any]) -> Any:
    """A JavaScript proxy of ``function`` that lives until it is destroyed."""
