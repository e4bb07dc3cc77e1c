#!/usr/bin/env python3
"""Our two changes to Pyodide's runtime (pyodide.asm.mjs), made by scripts/setup.sh as it copies the file into
vendor/.

    python3 -m scripts.patch_runtime vendor/pyodide/pyodide.asm.mjs           # apply them (again: nothing to do)
    python3 -m scripts.patch_runtime --check vendor/pyodide/pyodide.asm.mjs   # exit 1 unless both are applied

**The main module's GOT is filled on demand.** Once Python's wasm is instantiated, Emscripten's dynamic linker
(``receiveInstance``) calls ``updateGOT(origExports)``: a global-offset-table entry (a ``WebAssembly.Global``) for
each of the main module's 8,560 exports and a slot of the function table for each of its 7,415 functions, so
that a side module loaded later finds them; then ``reportUndefinedSymbols`` walks all those entries for the few
the main module itself imports. The game loads no side module, and the linker fills an entry when a module asks
for it anyway: its ``GOTHandler`` makes the entry, ``reportUndefinedSymbols`` resolves it from the main module's
exports (``resolveGlobalSymbol``). Without the eager call the main module's own 280 imports are resolved that
way and nothing else is made. Measured on the emulated phone (``python3 -m bench.boot_profile --ab``, return
visits, 9 each, alternating): the worker's linking and restore 413 ms (389-594) before, 322 ms (300-583) after.

The function table is then shorter (8,992 slots instead of 14,174 once linked), so the functions' indices differ,
and Python's memory holds such indices: a snapshot fits only the runtime it was taken with. scripts/build_snapshot.py
remakes it when this file changes (its ``runtime`` input). The patched linking also keeps the length of the table
it made on the module (``mtLinkedTable``; a browser adds a slot of its own after it, Node does not), which
scripts/make_snapshot.mjs records (python-snapshot.json) and the page compares before a restore: a runtime that
links another table, or is not patched at all, is refused the snapshot and starts Python the usual way
(static/js/pyodide-boot.js), as for any snapshot of another build.

**The module's one function is compiled in the module's first parse.** The whole file is one function,
``_createPyodideModule`` (1.2 MB), and the module that exports it. V8 pre-parses a function declaration when the
module is compiled and parses it again, fully, when it is first called, on the thread that imports it: PyScript's
worker, where Chromium neither streams a module's compile to another thread nor keeps its code cache (traced: the
module compiled in 100-151 ms and the function again in 60-99 ms on the emulated phone's worker, at every start). A
function expression in parentheses is one V8 expects to be called at once and compiles in the first parse. Timed
in a module worker, taking turns (the import, then a call that compiles the function and stops at its first line):
84 ms as published, 66 ms in parentheses (Chromium, unthrottled, 8 each); 278 and 242 ms with the worker at a
quarter of a core, as on the emulated phone (12 each); Firefox 109 and 102 ms, WebKit 52 and 53 ms (8 each). The
function and what it does are the same; the snapshot is remade with the file, as for any change to it.

Each text replaced must appear exactly once in the pinned Pyodide (314.0.x); another release fails here, loudly,
rather than running unpatched with a snapshot taken patched.
"""

from __future__ import annotations

import sys

from scripts import vendor_patch

EAGER_GOT = "assignWasmExports(wasmExports);updateGOT(origExports);LDSO.init();loadDylibs();"
LAZY_GOT = 'assignWasmExports(wasmExports);LDSO.init();loadDylibs();Module["mtLinkedTable"]=wasmTable.length;'
"""The linking without the eager update, then the length of the table it made kept on the module (without
dynamic libraries ``loadDylibs`` resolves the imports at once): make_snapshot.mjs records it, the page compares."""

DECLARED = ("async function _createPyodideModule(moduleArg={}){",
            ";return moduleRtn}export default _createPyodideModule;")
IN_PARENTHESES = ("var _createPyodideModule=(async function(moduleArg={}){",
                  ";return moduleRtn});export default _createPyodideModule;")
"""The module's function as Pyodide declares it (the file's first and last text), and as an expression in
parentheses given the same name."""

CHANGES: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = (
    ("the main module's linking", (EAGER_GOT,), (LAZY_GOT,)),
    ("the module's function", DECLARED, IN_PARENTHESES),
)
"""Each change: what it changes, Pyodide's texts, ours in their place."""


def applied(text: str, what: str, theirs: tuple[str, ...], ours: tuple[str, ...]) -> bool:
    """Whether ``text`` has one change; an error unless it has each of Pyodide's texts once and none of ours, or
    the other way round."""
    found = {(text.count(a), text.count(b)) for a, b in zip(theirs, ours)}
    if found == {(1, 0)}:
        return False
    if found == {(0, 1)}:
        return True
    raise ValueError(f"pyodide.asm.mjs: {what} is not the one scripts/patch_runtime.py knows (Pyodide's text and "
                     f"ours found {sorted(found)} times): another Pyodide release?")


def patched(text: str) -> bool:
    """Whether ``text`` (pyodide.asm.mjs) has both changes; an error if it is neither Pyodide's file nor ours."""
    return all([applied(text, *change) for change in CHANGES])


def patch(text: str) -> str:
    """pyodide.asm.mjs with both changes (the same text if it has them already)."""
    for what, theirs, ours in CHANGES:
        if not applied(text, what, theirs, ours):
            for a, b in zip(theirs, ours):
                text = text.replace(a, b)
    return text


def main(argv: list[str]) -> int:
    return vendor_patch.command(argv, __doc__.split("\n\n")[1], lambda path: path, patched, patch)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
