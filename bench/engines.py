#!/usr/bin/env python3
"""Time to ready in the three engines players use: Chromium, Firefox and WebKit (issue 22).

    python3 -m bench.engines                     # 3 runs of each engine, start and visit; medians
    python3 -m bench.engines --runs 5 --engines webkit --boots plain
    python3 -m bench.engines --json out.json     # also every raw figure

Debian's Chromium through Playwright, Firefox ESR through puppeteer-core over WebDriver BiDi and WebKitGTK
through WebKitWebDriver and Selenium under Xvfb (e2e/engines/drivers.py; ``bash scripts/setup.sh`` installs
them). The game is served from the repository, on the loopback, unthrottled, by the smoke suite's server
(e2e/engines/served.py), which writes bench/freeze.js into the page before its own scripts, inline (its hash
added to the page's policy: a ``<script src>`` would hold the parser for its fetch): a 10 ms timer that notes
the time Python is ready (html[data-py-ready], from the navigation's start) and the longest gap between
two of its ticks until then, the longest the page's main thread could not run a task.

Each run: a fresh browser context (no cache, no storage) on an origin of its own; the **first visit** with
``?boot=snapshot`` or ``?boot=plain`` (Python from its memory snapshot, or its usual start-up); once the
game has cached itself for offline play (html[data-offline-ready]), the **return visit**: the same address
again in the same context, every file from the service worker's cache. Runs take turns by engine and start.
Below the table, the return visit's steps: the page's ``mt-`` marks (the workers' relayed to it), medians.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import statistics
import sys
import time

from e2e.engines import drivers
from e2e.engines.served import WatchedServer
from scripts import build_py, build_snapshot

HERE = os.path.dirname(os.path.abspath(__file__))
FREEZE = os.path.join(HERE, "freeze.js")
ENGINES = ("chromium", "firefox", "webkit")
BOOTS = ("snapshot", "plain")
READY = "() => { const f = window.__benchFreeze; return f && f.readyMs !== null ? f : null; }"
OFFLINE = "() => document.documentElement.dataset.offlineReady === '1'"
# the page's marks of Python's start (the workers' marks are relayed to the page's timeline), ms from navigation
MARKS = ("() => Object.fromEntries(performance.getEntriesByType('mark').filter((m) => m.name.startsWith('mt-'))"
         ".map((m) => [m.name, Math.round(m.startTime)]))")


class Chromium(drivers.Driver):
    """Debian's Chromium through Playwright, as e2e/ drives it."""

    name = "chromium"

    def __init__(self) -> None:
        from playwright.sync_api import sync_playwright
        from e2e.conftest import ARGS, CHROMIUM
        self._pw = sync_playwright().start()
        self._browser = self._pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        self.version = self._browser.version
        self._context = None
        self._page = None

    def open(self, url: str, fresh: bool = True) -> None:
        if self._context is not None:
            self._context.close()
        self._context = self._browser.new_context(viewport={"width": 1100, "height": 850})
        self._page = self._context.new_page()
        self._page.goto(url, wait_until="domcontentloaded")

    def js(self, fn: str, *args, frame: str | None = None):
        try:
            return self._page.evaluate(f"({fn})(...{json.dumps(list(args))})")
        except Exception as err:   # a page being left
            raise drivers.DriverError(str(err)) from None

    def _goto(self, url: str) -> None:
        self._page.goto(url, wait_until="domcontentloaded")

    def quit(self) -> None:
        if self._context is not None:
            self._context.close()
        self._browser.close()
        self._pw.stop()


def launch(engine: str) -> drivers.Driver:
    return Chromium() if engine == "chromium" else drivers.launch(engine)


def one_run(driver: drivers.Driver, boot: str) -> dict:
    """A first and a return visit on a new origin: {"first": {...}, "return": {...}} in ms."""
    server = WatchedServer(scripts={"freeze.js": FREEZE}, inline=True)
    try:
        url = server.url + "?boot=" + boot
        driver.open(url)
        first = driver.wait(READY, timeout=300, what="ready")
        first["marks"] = driver.js(MARKS)
        driver.wait(OFFLINE, timeout=300, what="the offline cache")
        driver.goto(url)
        back = driver.wait(READY, timeout=300, what="ready on the return visit")
        back["marks"] = driver.js(MARKS)
        return {"first": first, "return": back}
    finally:
        server.stop()


def phase(visit: dict) -> str:
    """Where a visit's longest freeze began: before the first contentful paint (the page's parse, its first style and
    layout: the page's own document), before PyScript's module had loaded (``mt-pyscript-loaded``: its evaluation
    in PyScript's frame, on the page's thread), or after both (Python's start and the first screen's answer)."""
    at, paint = visit["longestAt"], visit.get("paintMs")
    loaded = (visit.get("marks") or {}).get("mt-pyscript-loaded")
    if paint is not None and at < paint:
        return "before the first paint"
    if loaded is not None and at < loaded:
        return "while PyScript's module loaded"
    return "after PyScript's module"


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--engines", default=",".join(ENGINES))
    ap.add_argument("--boots", default=",".join(BOOTS))
    ap.add_argument("--json", help="write every raw figure to this file")
    a = ap.parse_args(argv)
    engines = [e for e in a.engines.split(",") if e]
    boots = [b for b in a.boots.split(",") if b]
    for engine in engines:
        why = engine != "chromium" and drivers.missing(engine)
        if why:
            print(f"{engine}: {why}", file=sys.stderr)
            return 1
    build_py.ensure()
    build_snapshot.ensure(brotli=False)
    load_before = os.getloadavg()
    started = datetime.datetime.now()
    browsers = {e: launch(e) for e in engines}
    raw: dict[str, dict[str, list[dict]]] = {e: {b: [] for b in boots} for e in engines}
    try:
        for run in range(a.runs):
            for engine in engines:
                for boot in boots:
                    t = time.monotonic()
                    got = one_run(browsers[engine], boot)
                    raw[engine][boot].append(got)
                    print(f"run {run + 1} {engine:8} {boot:8} first {got['first']['readyMs'] / 1000:6.2f} s "
                          f"(freeze {got['first']['longestMs']:3.0f} ms at {got['first']['longestAt'] / 1000:.2f} s, "
                          f"{phase(got['first'])}), return {got['return']['readyMs'] / 1000:6.2f} s (freeze "
                          f"{got['return']['longestMs']:3.0f} ms at {got['return']['longestAt'] / 1000:.2f} s, "
                          f"{phase(got['return'])})  [{time.monotonic() - t:.0f} s]", flush=True)
        versions = {e: browsers[e].version for e in engines}
    finally:
        for b in browsers.values():
            b.quit()
    load_after = os.getloadavg()

    def cell(runs: list[dict], visit: str, key: str) -> str:
        values = [r[visit][key] / 1000 for r in runs]
        return f"{median(values):.2f} s ({', '.join(f'{v:.2f}' for v in values)})"

    def freeze(runs: list[dict], visit: str) -> str:
        """In ms, whole: the target is under 50 ms, which seconds with two decimals cannot tell."""
        values = [r[visit]["longestMs"] for r in runs]
        return f"{median(values):.0f} ms ({', '.join(f'{v:.0f}' for v in values)})"

    print(f"\n{started:%Y-%m-%d %H:%M}, {a.runs} runs, load average {load_before[0]:.1f} before, "
          f"{load_after[0]:.1f} after; " + ", ".join(f"{e} {v}" for e, v in versions.items()))
    print("\n| engine | start | first visit: ready | longest freeze before ready | return visit: ready "
          "| longest freeze before ready |\n|---|---|---:|---:|---:|---:|")
    for engine in engines:
        for boot in boots:
            runs = raw[engine][boot]
            print(f"| {engine} | {boot} | {cell(runs, 'first', 'readyMs')} | {freeze(runs, 'first')} "
                  f"| {cell(runs, 'return', 'readyMs')} | {freeze(runs, 'return')} |")
    print("\nWhere each visit's longest freeze began (bench/freeze.js; the parse over and the first paint, medians):\n")
    for engine in engines:
        for boot in boots:
            for visit in ("first", "return"):
                runs = [r[visit] for r in raw[engine][boot]]
                parsed = median([r["parsedMs"] for r in runs if r.get("parsedMs") is not None])
                paint = median([r["paintMs"] for r in runs if r.get("paintMs") is not None])
                print(f"{engine} {boot} {visit} visit: " + "; ".join(f"{r['longestMs']:.0f} ms {phase(r)}" for r in runs)
                      + f" (parse over at {parsed:,.0f} ms, first paint at {paint:,.0f} ms)")
    print("\nThe return visit's steps, the page's marks (ms from navigation, medians):\n")
    for engine in engines:
        for boot in boots:
            marks = [r["return"].get("marks") or {} for r in raw[engine][boot]]
            medians = {n: median([m[n] for m in marks if n in m]) for n in {n for m in marks for n in m}}
            steps = sorted(medians.items(), key=lambda step: step[1])
            print(f"{engine} {boot}: " + ", ".join(f"{name} {ms:,.0f}" for name, ms in steps))
    if a.json:
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump({"started": started.isoformat(), "load": [load_before, load_after], "versions": versions,
                       "runs": raw}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
