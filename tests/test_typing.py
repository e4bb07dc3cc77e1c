"""Every Python file the page runs is typed: mypy --strict, configured in pyproject.toml (the package and
py/page.py), finds no error, and no ``type: ignore`` stands where a type could."""

from __future__ import annotations

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_mypy_strict_covers_every_python_file_the_page_runs():
    import tomllib
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        config = tomllib.load(f)["tool"]["mypy"]
    assert config["strict"] is True and {"py/mexican_train", "py/page.py", "py/worker.py"} <= set(config["files"])


def test_no_type_ignore_in_the_page_layer():
    # the page layer is typed by its declarations (ui/protocol.py, ui/views.py), never excused
    for folder in ("ui",):
        base = os.path.join(ROOT, "py", "mexican_train", folder)
        for dirpath, _dirs, files in os.walk(base):
            for name in files:
                if name.endswith(".py"):
                    with open(os.path.join(dirpath, name), encoding="utf-8") as f:
                        assert "type: ignore" not in f.read(), os.path.join(dirpath, name)
    for glue in ("page.py", "worker.py"):
        with open(os.path.join(ROOT, "py", glue), encoding="utf-8") as f:
            assert "type: ignore" not in f.read(), glue


def test_mypy_strict_finds_no_error_in_the_package():
    done = subprocess.run([sys.executable, "-m", "mypy", "--config-file", os.path.join(ROOT, "pyproject.toml")],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
