# What py/page.py uses of PyScript (pinned @pyscript/core 0.7), for mypy on CPython, where PyScript is absent.
from typing import Any

window: Any
"""The page's global object (a proxy of JavaScript's ``window``)."""

class _Sync:
    """``pyscript.sync`` in a worker: the functions the page may await, set as attributes."""

    def __setattr__(self, name: str, value: Any) -> None: ...

sync: _Sync
