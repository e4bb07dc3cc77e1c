# What py/worker.py uses of polyscript (PyScript's core, pinned @pyscript/core 0.7), for mypy on CPython.
from typing import Any

class _Sync:
    """The worker's ``sync`` (``pyscript.sync`` in a worker): the functions the page may await, set as attributes."""

    def __setattr__(self, name: str, value: Any) -> None: ...

class _XWorker:
    """The worker's side of polyscript's XWorker."""

    sync: _Sync

xworker: _XWorker
