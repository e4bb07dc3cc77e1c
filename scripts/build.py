#!/usr/bin/env python3
"""Build what the page loads from the sources: every step, in its order, written once here.

    python3 -m scripts.build                    # every step whose output is stale
    python3 -m scripts.build --quick            # the same, the snapshot without its brotli twin (~6 s, not ~1 min)
    python3 -m scripts.build --vendor DIR       # the runtime is in DIR/ (scripts/setup.sh's VENDOR_DIR)

The steps, each of which does nothing when its output is newer than its sources:

1. ``catalogues``: the gettext catalogues, .po -> .mo (scripts/catalogs.py);
2. ``protocol``: the JavaScript's declarations of the protocol, types/protocol.d.ts (scripts/build_protocol.py);
3. ``package``: the package the page unpacks, py/mexican_train.zip (scripts/build_py.py);
4. ``snapshot``: Python's memory snapshot with that package imported (scripts/build_snapshot.py; needs Node
   and vendor/);
5. ``pages``: index.html, index.<lang>.html and their manifests (scripts/build_page.py);
6. ``sw``: the offline service worker's list of every file above and below, sw.js (scripts/build_sw.py; only
   for the runtime in the repository's vendor/, which it lists).

scripts/setup.sh, scripts/play.sh, scripts/serve.py (on each request for a page, the package or sw.js,
without the snapshot and the declarations) and scripts/build_dist.py (then writing dist/'s own sw.js) run
these steps through ``run``, and nothing else runs them.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Collection
from typing import NamedTuple

from scripts import build_page, build_protocol, build_py, build_snapshot, build_sw, catalogs

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Options(NamedTuple):
    """What one run builds for: the repository's root, the runtime's folder, the snapshot's brotli twin."""

    root: str
    vendor: str
    brotli: bool


def _catalogues(o: Options) -> bool:
    return bool(catalogs.ensure())


def _protocol(o: Options) -> bool:
    return build_protocol.ensure()


def _package(o: Options) -> bool:
    return build_py.ensure(os.path.join(o.root, "py", "mexican_train.zip"), os.path.join(o.root, "py", "mexican_train"))


def _snapshot(o: Options) -> bool:
    return build_snapshot.ensure(o.root, o.vendor, brotli=o.brotli)


def _pages(o: Options) -> bool:
    return build_page.ensure(o.root)


def _sw(o: Options) -> bool:
    if os.path.abspath(o.vendor) != os.path.join(os.path.abspath(o.root), "vendor"):
        return False   # sw.js lists the runtime beside the pages: another folder's is not the site's
    return build_sw.ensure(o.root)


STEPS: tuple[tuple[str, Callable[[Options], bool]], ...] = (
    ("catalogues", _catalogues), ("protocol", _protocol), ("package", _package), ("snapshot", _snapshot),
    ("pages", _pages), ("sw", _sw))
"""Every step, in the order they run: each one's output is an input of the steps after it."""
NAMES = tuple(name for name, _step in STEPS)
SERVED = ("catalogues", "package", "pages", "sw")
"""What scripts/serve.py keeps current on request: what a reload of the page fetches (the snapshot takes
seconds to remake, and the page imports the game anew while it is stale; the declarations are the type check's)."""


def run(root: str = ROOT, *, vendor: str | None = None, brotli: bool = True, only: Collection[str] = NAMES,
        through: str = NAMES[-1]) -> list[str]:
    """Run the steps named in ``only``, in their order, up to and including ``through``; returns those that
    remade their output."""
    unknown = (set(only) | {through}) - set(NAMES)
    if unknown:
        raise ValueError(f"no build step called {', '.join(sorted(unknown))}; the steps are {', '.join(NAMES)}")
    options = Options(root, vendor or os.path.join(root, "vendor"), brotli)
    remade = []
    for name, step in STEPS[:NAMES.index(through) + 1]:
        if name in only and step(options):
            remade.append(name)
    return remade


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="the snapshot without its brotli twin")
    ap.add_argument("--vendor", help="the runtime's folder (default: vendor/ in the repository)")
    a = ap.parse_args(argv)
    remade = run(vendor=os.path.abspath(a.vendor) if a.vendor else None, brotli=not a.quick)
    print("build: " + (f"remade {', '.join(remade)}" if remade else "everything up to date"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
