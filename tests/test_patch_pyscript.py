"""Our three changes to PyScript (scripts/patch_pyscript.py): its module's evaluation gives the page's thread back,
its Python package is imported by the scripts that use it, not before every script, and its worker does not write
the package's files at all.

The chunk's top level ran as one task in PyScript's frame, on the page's thread; a top-level await of a timer before
four of its statements makes it four tasks more. The Python PyScript runs before each script imported its package,
which the worker's script does not use, and in the worker it wrote the package's files, which nothing there reads.
The browser tests (e2e/, e2e/engines/) run the patched module.
"""

from __future__ import annotations

import ast
import os

import pytest

from scripts import patch_pyscript

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENDOR = os.path.join(ROOT, "vendor", "pyscript")
PUBLISHED = os.path.join(ROOT, "node_modules", "@pyscript", "core", "dist")

# Each place the patch knows, between statements as the minifier writes them, and the import it drops.
CHUNK = ";".join(("const a=1", *(place + "}" for place in patch_pyscript.PLACES),
                  "ho.push(`import os as _os`)," + patch_pyscript.EAGER_IMPORT,
                  "l={main:{...Bo(vo,e)}," + patch_pyscript.WORKER_HOOKS + "return jo(this,`onReady`)}}", "export{a}"))
OURS = CHUNK.replace(patch_pyscript.EAGER_IMPORT, patch_pyscript.NO_EAGER_IMPORT).replace(
    patch_pyscript.WORKER_HOOKS, patch_pyscript.WORKER_HOOKS_WITHOUT_PACKAGE)


def test_the_patch_puts_a_timers_await_before_each_place_and_nowhere_else():
    done = patch_pyscript.patch(CHUNK)
    for place in patch_pyscript.PLACES:
        assert done.count("await new Promise(r=>setTimeout(r,0));" + place) == 1
    assert done.count("await ") == len(patch_pyscript.PLACES)
    assert done.replace(patch_pyscript.BREAK, "") == OURS
    assert patch_pyscript.patched(done) and not patch_pyscript.patched(CHUNK)
    assert patch_pyscript.patch(done) == done   # applied twice, the same file


@pytest.mark.parametrize("text", ["", "no PyScript here", CHUNK + CHUNK, CHUNK.replace(patch_pyscript.PLACES[2], "")])
def test_a_chunk_whose_statements_the_patch_does_not_know_is_refused_loudly(text):
    with pytest.raises(ValueError, match="another PyScript release"):
        patch_pyscript.patch(text)


def test_the_python_pyscript_runs_before_each_script_no_longer_imports_its_package_but_still_tidies_its_names():
    done = patch_pyscript.patch(CHUNK)
    assert "import pyscript" not in done and "_pyscript" not in done
    assert 'ho.push(...["_Path","_path","_os"].map(e=>`del ${e}`))' in done


def test_the_workers_script_imports_nothing_of_pyscripts_package_so_the_worker_never_loads_it():
    with open(os.path.join(ROOT, "py", "worker.py"), encoding="utf-8") as f:
        tree = ast.parse(f.read())
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert not {name for name in imported if name == "pyscript" or name.startswith("pyscript.")}, imported
    assert "polyscript" in imported   # the worker's sync, which pyscript.sync is


def test_the_worker_runs_its_own_hooks_code_before_each_script_and_not_the_packages_files_the_page_still_gets_them():
    done = patch_pyscript.patch(CHUNK)
    worker = done[done.index("worker:{"):]
    assert worker.startswith("worker:{...Bo(Eo,e),codeBeforeRun:()=>[...Eo(\"codeBeforeRun\")]")
    assert 'codeBeforeRunAsync:()=>[...Eo("codeBeforeRunAsync")].map(E).join("\\n")' in worker
    assert "main:{...Bo(vo,e)}" in done   # the page's scripts: as published


@pytest.mark.parametrize("text", [CHUNK.replace(patch_pyscript.EAGER_IMPORT, ""),
                                  CHUNK.replace(patch_pyscript.EAGER_IMPORT, patch_pyscript.EAGER_IMPORT * 2),
                                  CHUNK.replace(patch_pyscript.WORKER_HOOKS, ""),
                                  CHUNK.replace(patch_pyscript.WORKER_HOOKS, patch_pyscript.WORKER_HOOKS * 2)])
def test_a_chunk_without_the_import_or_the_worker_hooks_the_patch_knows_is_refused_loudly(text):
    with pytest.raises(ValueError, match="another PyScript release"):
        patch_pyscript.patch(text)


def test_a_chunk_patched_in_some_places_only_is_refused():
    half = CHUNK.replace(patch_pyscript.PLACES[0], patch_pyscript.BREAK + patch_pyscript.PLACES[0])
    with pytest.raises(ValueError, match="partly patched"):
        patch_pyscript.patched(half)
    breaks_only = patch_pyscript.patch(CHUNK).replace(patch_pyscript.NO_EAGER_IMPORT, patch_pyscript.EAGER_IMPORT)
    with pytest.raises(ValueError, match="partly patched"):   # a vendor/ copied before the second change
        patch_pyscript.patched(breaks_only)
    two_of_three = patch_pyscript.patch(CHUNK).replace(patch_pyscript.WORKER_HOOKS_WITHOUT_PACKAGE,
                                                       patch_pyscript.WORKER_HOOKS)
    with pytest.raises(ValueError, match="partly patched"):   # a vendor/ copied before the third change
        patch_pyscript.patched(two_of_three)


def test_the_command_finds_the_chunk_core_js_names_patches_it_once_and_checks_it(tmp_path):
    (tmp_path / "core.js").write_text('export{q as PyWorker}from"./core-Ab1_x.js";\n', encoding="utf-8")
    chunk = tmp_path / "core-Ab1_x.js"
    chunk.write_text(CHUNK, encoding="utf-8")
    assert patch_pyscript.main(["--check", str(tmp_path)]) == 1
    assert patch_pyscript.main([str(tmp_path)]) == 0
    assert patch_pyscript.main(["--check", str(tmp_path)]) == 0
    assert chunk.read_text(encoding="utf-8") == patch_pyscript.patch(CHUNK)
    (tmp_path / "core.js").write_text("export{}\n", encoding="utf-8")
    assert patch_pyscript.main([str(tmp_path)]) == 1


@pytest.mark.skipif(not os.path.exists(os.path.join(VENDOR, "core.js")), reason="no vendor/: run bash scripts/setup.sh")
def test_the_vendored_chunk_is_patched():
    with open(patch_pyscript.chunk_of(VENDOR), encoding="utf-8") as f:
        assert patch_pyscript.patched(f.read())


@pytest.mark.skipif(not os.path.exists(os.path.join(PUBLISHED, "core.js")), reason="no node_modules/: npm ci")
def test_the_pinned_pyscript_has_each_place_once():
    with open(patch_pyscript.chunk_of(PUBLISHED), encoding="utf-8") as f:
        text = f.read()
    assert not patch_pyscript.patched(text)
    assert patch_pyscript.patched(patch_pyscript.patch(text))
