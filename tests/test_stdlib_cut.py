"""The game's cut-down standard library (scripts/make_stdlib.mjs) holds every module the game imports.

In Pyodide under Node, started both ways the page starts it (the usual way with that zip, and from the
memory snapshot, taken with it and given only the modules it had not imported): the whole package imports, every standard module named in
page.py's and PyScript's import statements imports, and a CPU round plays to its end.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PYODIDE = os.path.join(ROOT, "vendor", "pyodide")

pytestmark = pytest.mark.skipif(
    not os.path.exists(os.path.join(PYODIDE, "python_stdlib.game.zip")) or not shutil.which("node"),
    reason="vendor/ is missing or has no cut-down standard library: run bash scripts/setup.sh")


@pytest.mark.parametrize("how", ["plain", "snapshot"])
def test_the_whole_package_and_what_pyscript_imports_load_from_the_cut_down_standard_library(how):
    out = subprocess.run(["node", os.path.join(ROOT, "tests", "stdlib_probe.mjs"), PYODIDE,
                          os.path.join(ROOT, "py"), os.path.join(ROOT, "vendor", "pyscript"), how],
                         capture_output=True, text=True, timeout=180, check=True)
    report = json.loads(out.stdout.strip().splitlines()[-1])
    assert report["failed"] == {}, "missing from the cut-down standard library (bash scripts/setup.sh " \
        f"--vendor-only remakes it): {report['failed']}"
    assert report["steps"] > 10 and report["stdlib"].endswith(".zip")
    # the zip's directory is read already: by the start-up, or before the snapshot was taken (make_snapshot.mjs)
    assert report["zipDirectory"] is True


def test_the_cut_down_zip_is_much_smaller_and_the_original_stays_untouched_for_the_yardstick():
    cut = os.path.getsize(os.path.join(PYODIDE, "python_stdlib.game.zip"))
    full = os.path.join(PYODIDE, "python_stdlib.zip")
    published = os.path.join(ROOT, "node_modules", "pyodide", "python_stdlib.zip")
    assert cut < os.path.getsize(full) / 2
    if os.path.exists(published):
        with open(full, "rb") as a, open(published, "rb") as b:
            assert a.read() == b.read()
