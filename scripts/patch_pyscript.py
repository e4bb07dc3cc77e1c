#!/usr/bin/env python3
"""Our three changes to PyScript's module (the chunk vendor/pyscript/core.js re-exports), made by scripts/setup.sh as
it copies the files into vendor/.

    python3 -m scripts.patch_pyscript vendor/pyscript           # apply them (again: nothing to do)
    python3 -m scripts.patch_pyscript --check vendor/pyscript   # exit 1 unless they are applied

**PyScript's evaluation gives the thread back four times.** The chunk's top level (coincident, polyscript and
PyScript itself, 136 kB) ran as one task in PyScript's frame, which shares the page's thread: in WebKit, with the
page's steps up to its worker, a stretch of 58-108 ms without a break on first visits, and tasks of 50-56 ms in the
emulated phone's first visits (the target is none over 50 ms; docs/measurements/engines.md). Four top-level awaits of a zero
timer cut it where its statements took the longest (marks between every top-level statement, WebKitGTK 2.50,
first visits): after the module's IndexedDB store and its ``SharedArrayBuffer`` probe; before coincident; before
the loop that reads each interpreter's configuration; before the loop that defines each interpreter's scripts
and custom element. The module is then evaluated asynchronously: ``import()`` of core.js (the frame's, or the
page's own for Python on the page's thread) settles once its last piece has run. The breaks wait for a timer and
nothing else, so no module the chunk imports (its plugins import it back) can hold it up.

**PyScript's Python package is imported by the scripts that use it, not before every script.** The Python that
PyScript runs before each script (``codeBeforeRun``) writes the package's files, then imported it (``import pyscript
as _pyscript``, deleted at once): its modules and what they ask of the JavaScript side, 47-87 ms of the worker's
start on the emulated phone (a return visit, 4x). The worker's script (py/worker.py) needs only the worker's
``sync`` (polyscript's, which ``pyscript.sync`` is) and Pyodide's ``create_proxy``; py/page.py, on the page's thread,
imports what it uses of the package itself, and any other script can as well: the files are still written.

**PyScript's worker does not write PyScript's Python package.** The Python PyScript runs before each script writes the
package's files (a ``write_text`` of each, all of them string literals in one source), in the worker as on the page.
The worker's one script needs none of them (its imports: tests/test_patch_pyscript.py), and that source, compiled
and run in a Python just restored, was 20 ms of the worker's start in Chromium and 75-142 ms in WebKitGTK (whose
first runs of Python's wasm are slow: docs/measurements/engines.md). The worker's scripts now run after the worker's
own ``codeBeforeRun`` hooks only (none by default); the page's scripts still get the package.

Each text is found exactly: a break's place by the text that starts the statement, the import by the statement
that adds it, the worker's hooks by the start of their object, each once in the pinned @pyscript/core (0.7.x);
another release fails here, loudly, rather than running with breaks in the wrong places.
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


EAGER_IMPORT = 'ho.push("import pyscript as _pyscript"),ho.push(...["_Path","_path","_os","_pyscript"].map(e=>`del ${e}`))'
NO_EAGER_IMPORT = 'ho.push(...["_Path","_path","_os"].map(e=>`del ${e}`))'
"""The end of the Python PyScript runs before each script: as published (the package imported, then the helpers'
names deleted) and ours (the names deleted)."""

WORKER_HOOKS = "worker:{...Bo(Eo,e),get onReady(){"
WORKER_HOOKS_WITHOUT_PACKAGE = (r'worker:{...Bo(Eo,e),'
                                r'codeBeforeRun:()=>[...Eo("codeBeforeRun")].map(E).join("\n"),'
                                r'codeBeforeRunAsync:()=>[...Eo("codeBeforeRunAsync")].map(E).join("\n"),'
                                r'get onReady(){')
"""The start of the hooks PyScript gives a worker: as published (``Bo`` puts the package's files first in the Python
run before each script) and ours (the worker's own ``codeBeforeRun`` hooks only, as ``Bo`` joins them)."""

REPLACED = ((EAGER_IMPORT, NO_EAGER_IMPORT, "the import of its package before each script"),
            (WORKER_HOOKS, WORKER_HOOKS_WITHOUT_PACKAGE, "the Python its worker runs before each script"))
"""Each text the patch replaces, ours in its place, and what it is (for the errors)."""


def patched(text: str) -> bool:
    """Whether ``text`` (the chunk) has all three changes; an error if it is neither PyScript's chunk nor ours."""
    states = []
    for place in PLACES:
        plain, broken = text.count(place), text.count(BREAK + place)
        if plain != 1 or broken not in (0, 1):
            raise ValueError(f"PyScript's chunk: {place[:40]!r} appears {plain} times, not once: "
                             "another PyScript release?")
        states.append(broken == 1)
    for published, ours, what in REPLACED:
        counts = (text.count(published), text.count(ours))
        if counts not in ((1, 0), (0, 1)):
            raise ValueError(f"PyScript's chunk: {what} appears {counts[0]} times and our text {counts[1]} times, "
                             "not one of them once: another PyScript release?")
        states.append(counts == (0, 1))
    if len(set(states)) != 1 or text.count(BREAK) != (len(PLACES) if states[0] else 0):
        raise ValueError("PyScript's chunk: partly patched; copy it again (bash scripts/setup.sh --vendor-only)")
    return states[0]


def patch(text: str) -> str:
    """The chunk with a task's break before each of ``PLACES``, without the import of PyScript's package before
    each script and without its files written in the worker (the same text if it has them already)."""
    if patched(text):
        return text
    for place in PLACES:
        text = text.replace(place, BREAK + place)
    for published, ours, _what in REPLACED:
        text = text.replace(published, ours)
    return text


def main(argv: list[str]) -> int:
    return vendor_patch.command(argv, __doc__.split("\n\n")[1], chunk_of, patched, patch)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
