#!/usr/bin/env python3
"""Our one change to Pyodide's runtime (pyodide.asm.mjs), made by scripts/setup.sh as it copies the file into vendor/.

    python3 -m scripts.patch_runtime vendor/pyodide/pyodide.asm.mjs           # apply it (again: nothing to do)
    python3 -m scripts.patch_runtime --check vendor/pyodide/pyodide.asm.mjs   # exit 1 unless it is applied

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

The text replaced must appear exactly once in the pinned Pyodide (314.0.x); another release fails here, loudly,
rather than running unpatched with a snapshot taken patched.
"""

from __future__ import annotations

import sys

from scripts import vendor_patch

EAGER_GOT = "assignWasmExports(wasmExports);updateGOT(origExports);LDSO.init();loadDylibs();"
LAZY_GOT = 'assignWasmExports(wasmExports);LDSO.init();loadDylibs();Module["mtLinkedTable"]=wasmTable.length;'
"""The linking without the eager update, then the length of the table it made kept on the module (without
dynamic libraries ``loadDylibs`` resolves the imports at once): make_snapshot.mjs records it, the page compares."""


def patched(text: str) -> bool:
    """Whether ``text`` (pyodide.asm.mjs) has the change; an error if it is neither Pyodide's file nor ours."""
    eager, lazy = text.count(EAGER_GOT), text.count(LAZY_GOT)
    if (eager, lazy) == (1, 0):
        return False
    if (eager, lazy) == (0, 1):
        return True
    raise ValueError("pyodide.asm.mjs: the main module's linking is not the one scripts/patch_runtime.py knows "
                     f"({eager} eager and {lazy} lazy GOT updates): another Pyodide release?")


def patch(text: str) -> str:
    """pyodide.asm.mjs with the main module's GOT filled on demand (the same text if it is already)."""
    return text if patched(text) else text.replace(EAGER_GOT, LAZY_GOT)


def main(argv: list[str]) -> int:
    return vendor_patch.command(argv, __doc__.split("\n\n")[1], lambda path: path, patched, patch)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
