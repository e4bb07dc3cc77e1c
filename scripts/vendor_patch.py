"""The command line of our changes to the vendored runtime (scripts/patch_runtime.py, scripts/patch_pyscript.py)."""

from __future__ import annotations

import os
import sys
from typing import Callable


def command(argv: list[str], usage: str, locate: Callable[[str], str], patched: Callable[[str], bool],
            patch: Callable[[str], str]) -> int:
    """Apply a change to the file ``locate(argument)`` names (again: nothing to do), or with ``--check`` exit 1
    unless it is applied; 1 also for a file the change does not know (``patched`` raises ValueError), 2 for a
    wrong command line."""
    check = "--check" in argv
    arguments = [a for a in argv if not a.startswith("--")]
    if len(arguments) != 1:
        print(usage, file=sys.stderr)
        return 2
    try:
        path = locate(arguments[0])
        with open(path, encoding="utf-8") as f:
            text = f.read()
        done = patched(text)
    except (OSError, ValueError) as err:
        print(err, file=sys.stderr)
        return 1
    if check:
        if not done:
            print(f"{path}: not patched: run bash scripts/setup.sh --vendor-only", file=sys.stderr)
        return 0 if done else 1
    if not done:
        with open(path + ".tmp", "w", encoding="utf-8") as f:
            f.write(patch(text))
        os.replace(path + ".tmp", path)
    return 0
