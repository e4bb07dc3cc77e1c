#!/usr/bin/env python3
"""Our one change to PyScript's module (the chunk vendor/pyscript/core.js re-exports), made by scripts/setup.sh as
it copies the files into vendor/.

    python3 -m scripts.patch_pyscript vendor/pyscript           # apply it (again: nothing to do)
    python3 -m scripts.patch_pyscript --check vendor/pyscript   # exit 1 unless it is applied

**PyScript's evaluation gives the thread back four times.** The chunk's top level (coincident, polyscript and
PyScript itself, 136 kB) ran as one task in PyScript's frame, which shares the page's thread: in WebKit, with the
page's steps up to its worker, a stretch of 58-108 ms without a break on first visits, and tasks of 50-56 ms in the
emulated phone's first visits (the target is none over 50 ms; README: In three engines). Four top-level awaits of a zero
timer cut it where its statements took the longest (marks between every top-level statement, WebKitGTK 2.50,
first visits): after the module's IndexedDB store and its ``SharedArrayBuffer`` probe; before coincident; before
the loop that reads each interpreter's configuration; before the loop that defines each interpreter's scripts
and custom element. The module is then evaluated asynchronously: ``import()`` of core.js (the frame's, or the
page's own for Python on the page's thread) settles once its last piece has run. The breaks wait for a timer and
nothing else, so no module the chunk imports (its plugins import it back) can hold it up.

Each place is found by the text that starts the statement, which must appear exactly once in the pinned
@pyscript/core (0.7.x); another release fails here, loudly, rather than running with breaks in the wrong places.
"""

from __future__ import annotations

import os
import re
import sys

from scripts import vendor_patch

BREAK = "/*mt: the page's turn*/await new Promise(r=>setTimeout(r,0));"
"""A task's break at the module's top level: a timer's task, since awaiting a settled promise would go on in the
same task."""

PLACES = (
    "class h extends Map{#s;#o;constructor(...e){super(),this.#s=new y(...e)",
    "var gr=hr.bind(Promise);const{assign:wr,create:Ar}=Object,br=`coincident",
    "for(const[e]of Fs){let t,n,r,s,o,a,i,c,l=mn(`${e}-config`)",
    "for(const[e,n]of Fs){if(Ho)break;",
)
"""The start of each top-level statement that a break goes before, in the order they come."""


def chunk_of(folder: str) -> str:
    """The path of the chunk ``folder``/core.js re-exports."""
    with open(os.path.join(folder, "core.js"), encoding="utf-8") as f:
        found = re.findall(r'from"\./(core-[\w-]+\.js)"', f.read())
    if len(found) != 1:
        raise ValueError(f"{folder}/core.js: not the one-line re-export scripts/patch_pyscript.py knows "
                         f"({len(found)} chunks named): another PyScript release?")
    return os.path.join(folder, found[0])


def patched(text: str) -> bool:
    """Whether ``text`` (the chunk) has the change; an error if it is neither PyScript's chunk nor ours."""
    states = []
    for place in PLACES:
        plain, broken = text.count(place), text.count(BREAK + place)
        if plain != 1 or broken not in (0, 1):
            raise ValueError(f"PyScript's chunk: {place[:40]!r} appears {plain} times, not once: "
                             "another PyScript release?")
        states.append(broken == 1)
    if len(set(states)) != 1 or text.count(BREAK) != (len(PLACES) if states[0] else 0):
        raise ValueError("PyScript's chunk: partly patched; copy it again (bash scripts/setup.sh --vendor-only)")
    return states[0]


def patch(text: str) -> str:
    """The chunk with a task's break before each of ``PLACES`` (the same text if it has them already)."""
    if patched(text):
        return text
    for place in PLACES:
        text = text.replace(place, BREAK + place)
    return text


def main(argv: list[str]) -> int:
    return vendor_patch.command(argv, __doc__.split("\n\n")[1], chunk_of, patched, patch)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
