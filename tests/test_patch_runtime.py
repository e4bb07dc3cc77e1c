"""Our two changes to Pyodide's runtime (scripts/patch_runtime.py): the main module's GOT filled on demand, and the
module's one function compiled in the module's first parse.

The first alters the layout of the wasm's function table, whose indices Python's memory holds, so these tests
also pin what keeps a snapshot and its runtime together: the length of the table the linking made, recorded
with the snapshot and given to the page (e2e/test_page.py serves the published runtime instead and sees the
snapshot refused).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess

import pytest

from scripts import build_page, patch_runtime

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENDOR = os.path.join(ROOT, "vendor", "pyodide")
PUBLISHED = os.path.join(ROOT, "node_modules", "pyodide")

LINKING = ("function receiveInstance(instance,module){mergeLibSymbols(wasmExports,\"main\");"
           + patch_runtime.EAGER_GOT + "updateMemoryViews();return wasmExports}")
# Pyodide's file in small: one function, the module's default export
RUNTIME = ("async function _createPyodideModule(moduleArg={}){var moduleRtn;" + LINKING
           + "moduleRtn=Module;return moduleRtn}export default _createPyodideModule;\n")


def test_the_patch_drops_the_eager_update_of_the_main_modules_GOT_and_keeps_the_table_length_it_links():
    done = patch_runtime.patch(RUNTIME)
    assert "updateGOT(origExports)" not in done
    assert 'LDSO.init();loadDylibs();Module["mtLinkedTable"]=wasmTable.length;updateMemoryViews()' in done
    assert patch_runtime.patched(done) and not patch_runtime.patched(RUNTIME)
    assert patch_runtime.patch(done) == done   # applied twice, the same file


def test_the_patch_makes_the_modules_function_an_expression_in_parentheses_exported_under_the_same_name():
    done = patch_runtime.patch(RUNTIME)
    assert done.startswith("var _createPyodideModule=(async function(moduleArg={}){var moduleRtn;")
    assert done.endswith(";return moduleRtn});export default _createPyodideModule;\n")
    assert "async function _createPyodideModule" not in done


def test_a_runtime_patched_with_the_first_change_only_gets_the_second():
    first_only = RUNTIME.replace(patch_runtime.EAGER_GOT, patch_runtime.LAZY_GOT)
    assert not patch_runtime.patched(first_only)
    assert patch_runtime.patch(first_only) == patch_runtime.patch(RUNTIME)


@pytest.mark.parametrize("text", ["", "no linking here", RUNTIME + RUNTIME, LINKING,
                                  RUNTIME.replace("return moduleRtn}export", "return moduleRtn}\nexport")])
def test_a_runtime_the_patch_does_not_know_is_refused_loudly(text):
    with pytest.raises(ValueError, match="another Pyodide release"):
        patch_runtime.patch(text)


def test_the_command_patches_a_file_once_and_checks_it(tmp_path):
    runtime = tmp_path / "pyodide.asm.mjs"
    runtime.write_text(RUNTIME, encoding="utf-8")
    assert patch_runtime.main(["--check", str(runtime)]) == 1
    assert patch_runtime.main([str(runtime)]) == 0
    assert patch_runtime.main(["--check", str(runtime)]) == 0
    assert runtime.read_text(encoding="utf-8") == patch_runtime.patch(RUNTIME)
    runtime.write_text("something else", encoding="utf-8")
    assert patch_runtime.main([str(runtime)]) == 1


@pytest.mark.skipif(not os.path.exists(os.path.join(VENDOR, "python-snapshot.json")) or not shutil.which("node"),
                    reason="vendor/ has no snapshot: run bash scripts/setup.sh")
def test_the_vendored_runtime_is_patched_and_the_snapshot_and_page_know_the_table_its_linking_makes():
    with open(os.path.join(VENDOR, "pyodide.asm.mjs"), encoding="utf-8") as f:
        assert patch_runtime.patched(f.read())
    with open(os.path.join(VENDOR, "python-snapshot.json"), encoding="utf-8") as f:
        table = json.load(f)["table"]
    assert build_page.snapshot_table() == table
    probe = ("const [dir] = process.argv.slice(1);"
             "const { loadPyodide } = await import(dir + '/pyodide.mjs');"
             "const factory = (await import(dir + '/pyodide.asm.mjs')).default;"
             "let made = null;"
             "await loadPyodide({ indexURL: dir + '/', stdLibURL: dir + '/python_stdlib.game.zip',"
             "  createPyodideModule: async (s) => (made = await factory(s)) });"
             "console.log(JSON.stringify([made.mtLinkedTable ?? null, made.wasmTable.length]));")
    out = subprocess.run(["node", "--input-type=module", "-e", probe, VENDOR],
                         capture_output=True, text=True, timeout=120, check=True)
    linked, length = json.loads(out.stdout.strip().splitlines()[-1])
    assert linked == table == length   # under Node nothing adds a slot after the linking
    published = os.path.join(PUBLISHED, "pyodide.asm.mjs")
    if os.path.exists(published):   # the package itself stays as published
        with open(published, encoding="utf-8") as f:
            assert not patch_runtime.patched(f.read())
