"""The page's JavaScript is typed too: the TypeScript compiler (``typescript``, pinned in package.json), strict and
checking JavaScript, finds no error in static/js/*.js, examples/host.js and scripts/sw.template.js (tsconfig.json),
and no comment switches the check off for a line or a file."""

from __future__ import annotations

import glob
import json
import os
import re
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TSC = os.path.join(ROOT, "node_modules", ".bin", "tsc")
PROJECTS = {"tsconfig.page.json": ["static/js/*.js", "static/js/parts/*.js", "examples/host.js"],
            "static/js/worker/tsconfig.json": ["static/js/worker/*.js"],
            "scripts/tsconfig.sw.json": ["scripts/sw.template.js"]}
# What the page uses of the vendor runtime, declared: scripts/setup.sh puts these beside the files, where tsc finds them.
VENDOR_DECLARATIONS = ["vendor/pyodide/pyodide.d.mts", "vendor/pyscript/core.d.ts", "vendor/qr/qrcode.d.mts"]
# A comment that turns the check off: none anywhere the check reads.
SWITCHES_OFF = re.compile(r"@ts-(ignore|nocheck|expect-error)\b")
# ``any`` in a type (JSDoc or a declaration) stops the check there.
ANY_TYPE = re.compile(r"(@(type|param|returns?|typedef|property|template)\s*\{[^}]*\b(any)\b|\{\s*\*\s*\})"
                      r"|(:\s*any\b|<any>|\bany\[\])")


def checked_files() -> list[str]:
    """Every file the type check reads that is the project's own: the scripts and the declarations."""
    found = []
    for patterns in PROJECTS.values():
        for pattern in patterns:
            found += glob.glob(os.path.join(ROOT, pattern))
    found += glob.glob(os.path.join(ROOT, "types", "**", "*.d.*ts"), recursive=True)
    found += glob.glob(os.path.join(ROOT, "scripts", "*.d.ts"))
    return sorted(found)


def tsc(*args: str) -> subprocess.CompletedProcess[str]:
    if not os.path.exists(TSC):
        pytest.fail("node_modules/.bin/tsc is missing: run bash scripts/setup.sh (npm ci installs typescript)")
    return subprocess.run([TSC, *args], cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_tsc_finds_no_error_in_the_pages_javascript_the_example_host_and_the_service_worker():
    missing = [p for p in VENDOR_DECLARATIONS if not os.path.exists(os.path.join(ROOT, p))]
    assert not missing, f"{', '.join(missing)} missing: run bash scripts/setup.sh (it copies them from types/runtime/)"
    done = tsc("-b", "tsconfig.json")
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("project", sorted(PROJECTS))
def test_each_project_is_strict_checks_javascript_and_covers_every_file(project):
    done = tsc("-p", project, "--showConfig")
    assert done.returncode == 0, done.stdout + done.stderr
    config = json.loads(done.stdout)
    options = config["compilerOptions"]
    assert options["strict"] is True and options["checkJs"] is True and options["noEmit"] is True
    assert not options.get("skipLibCheck"), "the declarations in types/ would go unchecked"
    listed = {os.path.normpath(os.path.join(ROOT, os.path.dirname(project), f)) for f in config["files"]}
    wanted = {os.path.normpath(p) for pattern in PROJECTS[project] for p in glob.glob(os.path.join(ROOT, pattern))}
    assert wanted and wanted <= listed, sorted(wanted - listed)


def test_no_comment_switches_the_check_off_and_no_type_is_any():
    found = []
    for path in checked_files():
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                if SWITCHES_OFF.search(line) or ANY_TYPE.search(line):
                    found.append(f"{os.path.relpath(path, ROOT)}:{number}: {line.strip()}")
    assert not found, "\n".join(found)
