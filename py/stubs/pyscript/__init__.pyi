# What py/page.py uses of PyScript (pinned @pyscript/core 0.7), for mypy on CPython, where PyScript is absent.
from typing import Any

window: Any
"""The page's global object (a proxy of JavaScript's ``window``)."""
