#!/usr/bin/env python3
"""The game's first and return visits on an emulated mid-range phone, beside a bare Pyodide page.

    python3 -m scripts.build_dist && python3 -m bench.phone_speed
    python3 -m bench.phone_speed --runs 5 --nets fast4g      # more runs, one network
    python3 -m bench.phone_speed --no-match --by-path        # start-up only, bytes of each file
    python3 -m bench.phone_speed --json out.json             # also every raw figure
    python3 -m bench.phone_speed --no-match --own-core       # the page's thread on a core of its own
    python3 -m bench.phone_speed --no-match --core-waits     # each long task: the page's thread ran, waited

The phone: headless Chromium (``CHROMIUM``, default /usr/bin/chromium) at 360x740, device pixel ratio 2,
touch, the processor slowed ``--cpu`` times (default 4, Lighthouse's mobile setting): the page's thread with
the DevTools protocol's ``Emulation.setCPUThrottlingRate``, which does not reach workers, and every worker's
thread (Python's among them) with a CPU quota of 1/rate of a core (bench/throttle.py); the first lines show
that it reaches Python (a fixed loop timed in Python's worker, throttled and not) and the page (a fixed JavaScript
loop on its thread). ``--own-core`` gives the throttled page's thread a core of its own and every other thread
the others: DevTools' throttle spins, and on a machine of 2 cores the page's thread otherwise waits for a core
whenever the rest of the browser is busy (bench/throttle.py). ``--core-waits`` gives each task over 50 ms how
long the page's thread ran in it and how long it waited for a core (its scheduler's figures, read every 2 ms by
another thread of this process: a small share of a core, so not by default). The network is one link
emulated by the server itself (``LINK``): every response waits the link's latency before its head, and every
body's bytes share its download rate in the order they are sent, whoever asked for them: Fast 4G = 40 ms,
9 Mbit/s down; Slow 4G = 150 ms, 1.6 Mbit/s down (Lighthouse's; requests, a few hundred bytes each, are not
slowed on their way up). DevTools' ``Network.emulateNetworkConditions``, used before 2026-12-05, slowed the page's
requests and its read-ahead worker's, but not those of PyScript's worker, which PyScript's frame makes (its 765 kB
standard library in 8 ms on Slow 4G, its first byte after 3-10 ms).

The site is dist/ (``python3 -m scripts.build_dist`` first), served in this process the way a static
host serves it (scripts/static_host.py: brotli or gzip from the precompressed twins, text and wasm
gzipped on the fly otherwise, archives as they are, ETag and 304, ``Cache-Control: no-cache``).
bench/bare.html, bench/bare.js, Pyodide's own python_stdlib.zip and the package's pyodide.asm.mjs are not in
dist/: they are served from the repository by the same server with the same rules (pyodide.asm.mjs gzipped on
the fly: 0.26 MB instead of the brotli twin's 0.21 MB). The bare page loads Pyodide exactly as the pinned npm
package publishes it (vendor/pyodide/ holds copies of its files, pyodide.asm.mjs with the game's one change,
scripts/patch_runtime.py, so the bare page takes that file from node_modules/pyodide/): no snapshot, the whole
standard library.

For each network, ``--runs`` times, the game and the bare page take turns (game first in odd runs):

* **first visit**: a fresh browser context. First contentful paint; *ready* = html[data-py-ready] (the
  ``mt-ready`` mark); the body bytes the server sent from the navigation to ready (page, workers and
  service worker; headers not counted); for the game also the bytes of the whole first visit, until
  its service worker has cached everything for offline play (html[data-offline-ready]); how Python
  started (snapshot or full start-up) and the throughput measured; the longest main-thread task from
  navigation to ready and the number of tasks over 50 ms (PerformanceObserver "longtask", installed before the
  page runs), each printed with where it ran (the page or a frame) and the scripts of the long animation frame
  it began; and how long the page takes to answer a tap: "Change settings" is tapped every 250 ms from the
  first paint to ready, and each tap's answer is the time from the input to the settings' change in the page
  (the slowest of a visit, and the median and 90th percentile of its taps) and, by Event Timing, to the next
  paint after it (the slowest of a visit, against the target: the frame's own style and layout included).
* **return visit**: the same context loaded again (the game from its service worker, the bare page
  from the HTTP cache, revalidated). This reload keeps the first visit's renderer, and with it what that
  renderer compiled: the page's scripts and, in the game, the wasm's functions compiled on their first call
  (after a first visit on Fast 4G, which restored Python from its snapshot, the functions the return visit's
  restore calls; not after one on Slow 4G, which started Python the usual way). Issue 24's target of 2.0 s is
  this one's.
* **return visit in a new tab** (the game only): that tab closed and the game opened in a new one of the same
  context: its service worker and offline cache, a new renderer that has compiled nothing, as a player coming
  back another day gets.

Then, on the first visit's settings but no network throttling, a CPU-vs-CPU match in the game, the one
bench/page_speed.py plays (``--seats`` strong,normal,easy,strong on double-12, one round), at instant
and at normal speed: the longest main-thread task and the tasks over 100 ms from Start to the round's
end. Medians of the runs; the targets of issue 13 last. Always exits 0; a missed target says MISS.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
import functools
import http.server
import json
import os
import statistics
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
from bench.page_speed import fill_match_form, pct, wait_for_round_end
from bench.quiet_page import QuietPage
from bench.throttle import CoreWaits, Pace, Throttle
from scripts.static_host import StaticHandler

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
PHONE = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
NETS = {  # latency ms, download and upload bytes per second
    "fast4g": (40, 9e6 / 8, 1.5e6 / 8),
    "slow4g": (150, 1.6e6 / 8, 750e3 / 8),
}
FROM_REPO = ("bench/bare.html", "bench/bare.js", "vendor/pyodide/python_stdlib.zip",   # the yardstick's own files
             "node_modules/pyodide/pyodide.asm.mjs")
TIMEOUT = 600_000

# Installed before any script of the page: every long task and each tap's answer. Nothing of the benchmark's runs in
# the page as it gets ready: a call from the page into Playwright as Python became ready (an exposed function, which
# counted the bytes sent) was 35 ms of the page's thread at 4x in a trace, inside the page's task before ready.
OBSERVE_JS = """
window.__longtasks = [];
window.__taps = [];
addEventListener("click", (e) => {
  const button = e.target instanceof Element ? e.target.closest("#settings-toggle") : null;
  if (!button) return;
  const input = e.timeStamp;   // when the tap happened, however long it then waited for the thread
  const was = button.getAttribute("aria-expanded");
  const seen = () => {
    if (button.getAttribute("aria-expanded") !== was) window.__taps.push(performance.now() - input);
    else requestAnimationFrame(seen);
  };
  queueMicrotask(seen);
}, true);
// The same taps to the frame that shows their answer (Event Timing: the input to the next paint after the click's
// handlers, the frame's style, layout and paint included; only taps of 16 ms and more, in 8 ms steps).
window.__tapPaints = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const toggle = e.target instanceof Element && e.target.closest("#settings-toggle");
      if (e.name === "click" && toggle) window.__tapPaints.push(e.duration);
    }
  }).observe({type: "event", durationThreshold: 16, buffered: true});
} catch (e) {}
window.__longtaskIn = [];   // the frame each long task ran for: its container's id, "" for the page itself
window.__frames = [];       // long animation frames that blocked: [start, end, the scripts that ran in them]
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__longtasks.push([Math.round(e.startTime), Math.round(e.duration)]);
      window.__longtaskIn.push(e.attribution && e.attribution[0] ? e.attribution[0].containerId || "" : "");
    }
  }).observe({type: "longtask", buffered: true});
} catch (e) {}
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.blockingDuration > 0) window.__frames.push([
      Math.round(e.startTime), Math.round(e.startTime + e.duration),
      e.scripts.map((s) => s.invoker + (s.sourceURL ? " (" + s.sourceURL.split("/").pop() + ")" : ""))]);
  }).observe({type: "long-animation-frame", buffered: true});
} catch (e) {}
"""
METRICS_JS = """() => {
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  const ready = performance.getEntriesByName('mt-ready')[0];
  const at = (name) => { const m = performance.getEntriesByName(name)[0]; return m ? m.startTime : null; };
  return {fcp: fcp ? fcp.startTime : null, ready: ready ? ready.startTime : null,
          python_start: at('mt-python-start'), python_booted: at('mt-python-booted'),
          longtasks: window.__longtasks || [], start: window.mtPythonStart || null, origin: performance.timeOrigin,
          throughput: window.mtThroughput === undefined ? null : window.mtThroughput,
          marks: performance.getEntriesByType('mark').map((m) => [m.name, Math.round(m.startTime)])};
}"""

# The steps of Python's start in PyScript's worker, between two of its marks (static/js/pyodide-boot.js, py/worker.py)
WORKER_STEPS = (("to the wasm instantiated", "mt-python-start", "mt-wasm-instantiated"),
                ("linked and restored", "mt-wasm-instantiated", "mt-python-booted"),
                ("PyScript's start", "mt-python-booted", "mt-worker-py"),
                ("the Page made", "mt-worker-py", "mt-page-open"), ("then ready", "mt-page-open", "mt-ready"))


def worker_steps(figures: dict) -> dict[str, float]:
    """The worker's steps of Python's start (wall clock, ms, from the marks it posts to the page), after when it was
    asked for; a step whose marks are missing (Python on the page's thread, a start without the read-ahead) is left
    out."""
    marks = dict(figures["marks"])
    steps = {"Python's start asked for": marks["mt-python-start"]} if "mt-python-start" in marks else {}
    return steps | {name: marks[end] - marks[start] for name, start, end in WORKER_STEPS
                    if start in marks and end in marks}


class Link:
    """The phone's network, emulated where every request meets it: at the server. A response's head waits the
    latency; its body is sent in chunks, each taking its share of the one download rate in turn (a request's bytes
    and another's interleave as they are sent), so that the page, its frame and every worker share one link."""

    CHUNK = 1 << 14

    def __init__(self):
        self.lock = threading.Lock()
        self.latency = 0.0
        self.rate: float | None = None   # bytes a second; None: no throttling
        self.free_at = 0.0

    def set(self, net: str) -> None:
        """The network of the next loads: a key of NETS, or anything else for none."""
        with self.lock:
            self.latency, self.rate = (NETS[net][0] / 1000, NETS[net][1]) if net in NETS else (0.0, None)
            self.free_at = 0.0

    def wait_latency(self) -> None:
        if self.latency:
            time.sleep(self.latency)

    def send(self, nbytes: int) -> None:
        """Wait until the link has carried ``nbytes`` more, after what was sent before them."""
        with self.lock:
            if not self.rate:
                return
            now = time.monotonic()
            self.free_at = max(now, self.free_at) + nbytes / self.rate
            wait = self.free_at - now
        time.sleep(wait)


LINK = Link()


class Counter:
    """Body bytes the server sent, in total and per path (thread-safe)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.total = 0
        self.log: list[tuple[float, str, int]] = []

    def add(self, path: str, n: int) -> None:
        with self.lock:
            self.total += n
            self.log.append((time.time(), path, n))

    def since(self, mark: int) -> list[tuple[float, str, int]]:
        with self.lock:
            return self.log[mark:]


def make_server(site: str, counter: Counter) -> http.server.ThreadingHTTPServer:
    class Handler(StaticHandler):
        def translate_path(self, path):
            local = path.split("?", 1)[0].split("#", 1)[0].lstrip("/")
            return os.path.join(ROOT, local) if local in FROM_REPO else super().translate_path(path)

        def extra_headers(self, path):
            return {"Cache-Control": "no-cache"}

        def count(self, n):
            counter.add(self.path.split("?", 1)[0], n)

        def send_head(self):
            LINK.wait_latency()
            return super().send_head()

        def copyfile(self, source, outputfile):
            while True:
                chunk = source.read(Link.CHUNK)
                if not chunk:
                    break
                LINK.send(len(chunk))
                try:
                    outputfile.write(chunk)
                except (BrokenPipeError, ConnectionResetError):   # the browser closed while the link was slow
                    return
                self.count(len(chunk))

        def log_message(self, *a):
            pass

    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=site))
    srv.daemon_threads = True
    return srv


def throttle(context, page, net: str, pace: Pace, on_worker=None) -> Throttle:
    """The network of this process's servers (LINK), and the page's processor with its workers' (bench/throttle.py),
    as the phone's."""
    LINK.set(net)
    return pace.throttle(context.new_cdp_session(page), on_worker)


class Visit:
    """One page in one context: its loads, with the server bytes up to ready counted."""

    def __init__(self, browser, counter: Counter, net: str, pace: Pace):
        self.counter = counter
        self.net, self.pace = net, pace
        self.context = browser.new_context(**PHONE)
        self.context.add_init_script(OBSERVE_JS)
        self.errors: list[str] = []
        self._open_page()

    def _open_page(self) -> None:
        self.page = self.context.new_page()
        self.page.set_default_timeout(TIMEOUT)
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.throttle = throttle(self.context, self.page, self.net, self.pace)
        self.quiet = QuietPage(self.throttle.cdp)

    def new_tab(self) -> None:
        """Close this tab and open a new one in the same context (its service worker and caches kept): a new
        renderer, which has compiled nothing of the page yet."""
        self.throttle.close()
        self.page.close()
        time.sleep(1.0)   # the closed tab's renderer gone before the next one is asked for
        self._open_page()

    def load(self, url: str | None, tap: bool = False) -> dict:
        start = self.counter.total
        mark = len(self.counter.log)
        t0 = time.time()
        if url:
            self.page.goto(url, wait_until="commit")
        else:
            self.page.reload(wait_until="commit")
        if tap:
            self.tap_until_ready()
        self.quiet.until_ready()     # no script of Playwright's in the page before ready (bench/quiet_page.py)
        m = self.page.evaluate(METRICS_JS)
        m["by_path"] = self.counter.since(mark)
        m["bytes"] = bytes_until(m["by_path"], m["origin"] + m["ready"] if m["ready"] is not None else None)
        m["longest"] = max([d for s, d in m["longtasks"] if s <= m["ready"]], default=0)
        m["over50"] = sum(1 for s, d in m["longtasks"] if s <= m["ready"])
        m["long_named"] = named_tasks(m, self.page.evaluate("[window.__longtaskIn || [], window.__frames || []]"),
                                      self.pace)
        taps = self.page.evaluate("window.__taps")
        m["taps"], m["slowest_tap"] = len(taps), max(taps, default=None)
        m["tap_p50"], m["tap_p90"] = pct(taps, 50), pct(taps, 90)
        # 0: every tap was painted within Event Timing's floor of 16 ms
        m["slowest_tap_paint"] = max(self.page.evaluate("window.__tapPaints"), default=0) if taps else None
        # where the longest task ran: inside loadPyodide (wasm instantiation, memory restore or Python's
        # start-up) or after it (PyScript, the package, the first view model)
        top = max([(d, s) for s, d in m["longtasks"] if s <= m["ready"]], default=(0, 0))
        m["longest_phase"] = ("before Pyodide" if m["python_start"] is None or top[1] < m["python_start"] else
                              "in loadPyodide" if m["python_booted"] is None or top[1] < m["python_booted"] else
                              "after loadPyodide")
        m["wall"] = time.time() - t0
        m["log_end"] = mark + len(m["by_path"])
        m["start_bytes"] = start
        return m

    def tap_until_ready(self) -> None:
        """Tap "Change settings" every 250 ms from the first paint until Python is ready (where the button is:
        the mouse is pressed there, whatever the page is doing)."""
        quiet = self.quiet
        quiet.until_painted()
        while not quiet.value("document.documentElement.hasAttribute('data-py-ready')"):
            centre = quiet.centre("#settings-toggle")
            if centre:
                quiet.click(*centre)
            self.page.wait_for_timeout(250)

    def close(self):
        self.throttle.close()
        self.context.close()


def bytes_until(log: list[tuple[float, str, int]], at_ms: float | None) -> int:
    """The body bytes of ``log`` (Counter's) sent up to ``at_ms``, ms since the epoch as the page's clock reads it (its
    timeOrigin plus a mark); all of them for no time."""
    return sum(n for t, _, n in log if at_ms is None or t * 1000 <= at_ms)


def named_tasks(m: dict, seen: list, pace: Pace) -> list[str]:
    """Each long task up to ready, with where it ran (the page or a frame, by the long task's attribution) and the
    scripts of the long animation frame it began ("no script named": the browser's own work, such as a frame's commit
    or a module's requests)."""
    where, frames = seen
    named = []
    for i, (start, length) in enumerate(m["longtasks"]):
        if start > m["ready"]:
            continue
        scripts = sorted({s for first, end, ran in frames if first - 1 <= start <= end for s in ran})
        frame = where[i] if i < len(where) and where[i] else "page"
        cores = pace.words(m["origin"] + start, m["origin"] + start + length)
        named.append(f"{length} ms at {start} ms ({frame}: {', '.join(scripts) or 'no script named'}{cores})")
    return named


def by_path(entries) -> str:
    sums: dict[str, list[int]] = {}
    for _, path, n in entries:
        s = sums.setdefault(path, [0, 0])
        s[0] += 1
        s[1] += n
    rows = sorted(sums.items(), key=lambda kv: -kv[1][1])
    return "\n".join(f"      {n / 1e6:7.3f} MB in {k} response(s) {p}" for p, (k, n) in rows if n > 0)


def game_visit(browser, counter, base, net, pace, show_paths) -> tuple[dict, dict, dict | None]:
    v = Visit(browser, counter, net, pace)
    try:
        cold = v.load(base, tap=True)
        # the whole first visit: until the service worker has cached every file for offline play
        v.page.wait_for_selector('html[data-offline-ready="1"]', state="attached")
        cold["whole"] = counter.total - cold["start_bytes"]
        if show_paths:
            print("    game first visit, to ready:\n" + by_path(cold["by_path"]))
            print("    game first visit, ready to offline-ready:\n" + by_path(counter.log[cold["log_end"]:]))
        warm = v.load(None)
        warm["controlled"] = v.page.evaluate("!!(navigator.serviceWorker && navigator.serviceWorker.controller)")
        v.new_tab()
        tab = v.load(base)
        cold["errors"] = v.errors[:]
        return cold, warm, tab
    finally:
        v.close()


def bare_visit(browser, counter, base, net, pace, show_paths) -> tuple[dict, dict, dict | None]:
    v = Visit(browser, counter, net, pace)
    try:
        cold = v.load(base + "bench/bare.html")
        if show_paths:
            print("    bare first visit, to ready:\n" + by_path(cold["by_path"]))
        warm = v.load(None)
        cold["errors"] = v.errors[:]
        return cold, warm, None
    finally:
        v.close()


def cpu_match(browser, counter, base, seats, speed, pace) -> dict:
    """The page_speed match in the game on the phone (no network throttling): long tasks from Start to the end."""
    v = Visit(browser, counter, "none", pace)
    page = v.page
    try:
        page.goto(base + "?test=1&nosw")
        page.wait_for_selector("html[data-py-ready]", state="attached")
        page.set_default_timeout(60_000)   # a form that changed fails in a minute, not in TIMEOUT
        fill_match_form(page, seats, 12, "one", speed, 1)
        t0 = page.evaluate("performance.now()")
        page.click('#setup [data-action="start"]')
        wait_for_round_end(page, TIMEOUT)
        t1 = page.evaluate("performance.now()")
        tasks = [d for s, d in page.evaluate("window.__longtasks") if t0 <= s <= t1]
        return {"speed": speed, "seconds": (t1 - t0) / 1000, "longest": max(tasks, default=0),
                "over100": sum(1 for d in tasks if d > 100), "over50": len(tasks), "errors": v.errors[:],
                "decisions": decisions(page.evaluate("window.mtPerf.steps"))}
    finally:
        v.close()


def decisions(steps: list[dict]) -> list[float]:
    """Each computer decision's wall time, ms: from the page's ``cpu`` request to the answer that shows the move
    (the ``think`` calls between are the same decision), as the page's drawing log (window.mtPerf) has it."""
    found, start = [], None
    for step in steps:
        if step["type"] == "cpu":
            start = step["at"]
        if start is not None and step["type"] in ("cpu", "think") and step.get("part") == "game":
            found.append(step["at"] + step["py"] - start)
            start = None
    return found


# A fixed JavaScript loop on the page's thread, about 11 ms unthrottled on this machine: as long as the tasks
# near the 50 ms line once 4 times slower, so its slow-down is the one those tasks get. The median of 15, each
# in a task of its own.
PAGE_LOOP_JS = """async () => {
  const times = [];
  for (let k = 0; k < 15; k++) {
    await new Promise((r) => setTimeout(r, 37));
    const t = performance.now();
    let x = 0;
    for (let i = 0; i < 3e6; i++) x = (x + i * 7) % 1000003;
    times.push(performance.now() - t + (x < 0 ? 1 : 0));   // x used, so the loop is not left out
  }
  return times.sort((a, b) => a - b)[7];
}"""


def loop_check(browser, counter, base, pace: Pace) -> dict:
    """A fixed Python loop timed in Python's worker, and a fixed JavaScript loop on the page's thread, unthrottled
    and throttled: the slow-down reaches both. {rate: (Python's ms, where Python ran, the page's ms)}."""
    found = {}
    for rate in (1.0, pace.rate):
        v = Visit(browser, counter, "none", dataclasses.replace(pace, rate=rate))
        try:
            v.page.goto(base + "?test=1&nosw")
            v.page.wait_for_selector("html[data-py-ready]", state="attached")
            where = v.page.get_attribute("html", "data-python")
            times = [v.page.evaluate("window.mtTest.call({type: 'loop', n: 2000000}).then((a) => a.view.cpu[0][1])")
                     for _ in range(5)]
            found[rate] = (statistics.median(times), where, v.page.evaluate(PAGE_LOOP_JS))
        finally:
            v.close()
    return found


def med(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def steps_text(steps: dict[str, float]) -> str:
    """worker_steps' figures in a line: "Python's start asked for 706 ms, to the wasm instantiated 469 ms, ..."."""
    return ", ".join(f"{k} {v:,.0f} ms" for k, v in steps.items()) or "-"


def fmt_ms(v):
    return "-" if v is None else f"{v / 1000:.2f} s" if v >= 1000 else f"{v:.0f} ms"


def fmt_mb(v):
    return "-" if v is None else f"{v / 1e6:.2f} MB"


def report(a, results, matches, chromium, load) -> list[str]:
    own = " (the page on a core of its own)" if a.own_core else ""
    lines = [f"phone_speed: {datetime.datetime.now():%Y-%m-%d %H:%M}, Chromium {chromium}, {os.cpu_count()} cores, "
             f"CPU {a.cpu:g}x{own}, {a.runs} runs of each (medians; single runs in brackets), load average "
             f"{load[0][0]:.2f} before, {load[1][0]:.2f} after", ""]
    head = "| network | measure | game (dist/) | bare Pyodide | game / bare |"
    lines += [head, "|---|---|---:|---:|---:|"]
    verdicts = []
    for net in a.nets:
        g, b = results[net]["game"], results[net]["bare"]
        gw, bw, gt = results[net]["game_warm"], results[net]["bare_warm"], results[net]["game_tab"]

        def row(label, key, rs_g, rs_b, f):
            mg, mb = med([r[key] for r in rs_g]), med([r[key] for r in rs_b]) if rs_b is not None else None
            ratio = f"{mg / mb:.2f}" if mg and mb else ""
            singles = lambda rs: ", ".join(f(r[key]) for r in rs)
            lines.append(f"| {net} | {label} | {f(mg)} ({singles(rs_g)}) | "
                         f"{f(mb) + ' (' + singles(rs_b) + ')' if rs_b is not None else ''} | {ratio} |")
            return mg, mb

        row("first visit: first contentful paint", "fcp", g, b, fmt_ms)
        tg, _ = row("first visit: slowest answer to a tap before ready", "slowest_tap", g, None, fmt_ms)
        row("first visit: slowest tap before ready to the frame showing its answer", "slowest_tap_paint", g, None,
            fmt_ms)
        row("first visit: a tap's answer before ready, median of the visit's taps", "tap_p50", g, None, fmt_ms)
        row("first visit: a tap's answer before ready, 90th percentile", "tap_p90", g, None, fmt_ms)
        rg, rb = row("first visit: ready", "ready", g, b, fmt_ms)
        bg, _ = row("first visit: bytes before ready", "bytes", g, b, fmt_mb)
        wg, _ = row("first visit: whole, with the offline cache", "whole", g, None, fmt_mb)
        lg, lb = row("first visit: longest task to ready", "longest", g, b, fmt_ms)
        og, _ = row("first visit: tasks over 50 ms to ready", "over50", g, b, str)
        row("return visit: first contentful paint", "fcp", gw, bw, fmt_ms)
        warm, _ = row("return visit: ready", "ready", gw, bw, fmt_ms)
        lw, _ = row("return visit: longest task to ready", "longest", gw, bw, fmt_ms)
        row("return visit: bytes before ready", "bytes", gw, bw, fmt_mb)
        steps = [worker_steps(r) for r in gw]
        names = [k for k in steps[0] if all(k in s for s in steps)] if steps else []
        lines.append(f"| {net} | return visit: Python's start asked for, then the worker's steps (medians) | "
                     f"{steps_text({k: med([s[k] for s in steps]) for k in names})} | | |")
        if gt:
            row("return visit in a new tab: ready", "ready", gt, None, fmt_ms)
            row("return visit in a new tab: longest task to ready", "longest", gt, None, fmt_ms)
        starts = ", ".join(f"{r['start']} at {r['throughput'] / 1e3:.0f} kB/s" if r["throughput"] not in (None, float("inf"))
                           else str(r["start"]) for r in g)
        lines.append(f"| {net} | how Python started (throughput measured) | {starts} | full start-up | |")
        if net == "fast4g":
            verdicts += [("Fast 4G first visit: ready <= 0.75 x bare", rg and rb and rg <= 0.75 * rb,
                          f"{rg / rb:.2f} x" if rg and rb else "-"),
                         ("Fast 4G first visit: <= 9 MB before ready", bg is not None and bg <= 9e6, fmt_mb(bg)),
                         ("Fast 4G whole first visit <= 12 MB", wg is not None and wg <= 12e6, fmt_mb(wg))]
        if net == "slow4g":
            verdicts.append(("Slow 4G first visit: ready <= 0.9 x bare", rg and rb and rg <= 0.9 * rb,
                             f"{rg / rb:.2f} x" if rg and rb else "-"))
        verdicts.append((f"{net} return visit: ready <= 2.0 s", warm is not None and warm <= 2000, fmt_ms(warm)))
        worst = max([r["longest"] for r in g + gw], default=None)
        verdicts.append((f"{net} first and return visits: no main-thread task over 50 ms (every run)",
                         worst is not None and worst <= 50, fmt_ms(worst)))
        slowest = max([r["slowest_tap_paint"] for r in g if r["slowest_tap_paint"] is not None], default=None)
        verdicts.append((f"{net} a tap before ready answered on screen within 100 ms (every run)",
                         slowest is not None and slowest <= 100, fmt_ms(slowest)))
        if gt:   # issue 24's return visit is the reload; a new tab's is held to the same marks beside it
            tab = med([r["ready"] for r in gt])
            verdicts.append((f"{net} return visit in a new tab (not issue 24's measure): ready <= 2.0 s",
                             tab is not None and tab <= 2000, fmt_ms(tab)))
            worst_tab = max([r["longest"] for r in gt], default=None)
            verdicts.append((f"{net} return visit in a new tab (not issue 24's measure): no task over 50 ms",
                             worst_tab is not None and worst_tab <= 50, fmt_ms(worst_tab)))
    if matches:
        lines += ["", "| CPU-vs-CPU match (" + a.seats + ", double-12, one round) | round took | longest task "
                  "| tasks > 100 ms | tasks > 50 ms |", "|---|---:|---:|---:|---:|"]
        for m in matches:
            lines.append(f"| {m['speed']} speed | {m['seconds']:.1f} s | {fmt_ms(m['longest'])} | {m['over100']} "
                         f"| {m['over50']} |")
            verdicts.append((f"match at {m['speed']} speed: no task over 50 ms", m["longest"] <= 50,
                             fmt_ms(m["longest"])))
    lines += ["", "| target (issue 24) | measured | |", "|---|---:|---|"]
    lines += [f"| {label} | {value} | {'ok' if ok else 'MISS'} |" for label, ok, value in verdicts]
    return lines


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3, help="runs of each page on each network (default 3)")
    ap.add_argument("--nets", default="fast4g,slow4g", help="networks, comma-separated: fast4g, slow4g")
    ap.add_argument("--cpu", type=float, default=4.0, help="CPU slow-down (default 4)")
    ap.add_argument("--site", default=os.path.join(ROOT, "dist"), help="the built site (default dist/)")
    ap.add_argument("--no-match", action="store_true", help="skip the CPU-vs-CPU matches")
    ap.add_argument("--speeds", default="instant,normal", help="CPU speeds of the matches")
    ap.add_argument("--seats", default="strong,normal,easy,strong")
    ap.add_argument("--by-path", action="store_true", help="print the bytes of each file in each first visit")
    ap.add_argument("--json", help="write every raw figure to this file")
    ap.add_argument("--own-core", action="store_true",
                    help="the throttled page's thread on a core of its own, every other thread on the other cores "
                         "(bench/throttle.py: CorePinner)")
    ap.add_argument("--core-waits", action="store_true",
                    help="give each task over 50 ms the time the page's thread ran in it and waited for a core "
                         "(bench/throttle.py: CoreWaits; its scheduler's figures read every 2 ms)")
    a = ap.parse_args(argv)
    a.nets = [n.strip() for n in a.nets.split(",") if n.strip()]
    if not os.path.isfile(os.path.join(a.site, "index.html")):
        raise SystemExit("phone_speed: no site in " + a.site + ": run python3 -m scripts.build_dist first")
    from playwright.sync_api import sync_playwright

    load_before = os.getloadavg()
    counter = Counter()
    srv = make_server(os.path.abspath(a.site), counter)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{srv.server_address[1]}/"
    results = {n: {"game": [], "bare": [], "game_warm": [], "bare_warm": [], "game_tab": []} for n in a.nets}
    matches = []
    problems = []
    cores = None
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            cores = CoreWaits() if a.core_waits else None
            pace = Pace(a.cpu, a.own_core, cores)
            chromium = browser.version
            if a.cpu > 1:
                loops = loop_check(browser, counter, base, pace)
                (plain, where, page_plain), (slowed, _, page_slowed) = loops[1.0], loops[a.cpu]
                print(f"a fixed Python loop in Python's {where} thread: {plain:.0f} ms unthrottled, {slowed:.0f} ms "
                      f"at CPU {a.cpu:g}x ({slowed / plain:.1f} times slower)", flush=True)
                print(f"a fixed JavaScript loop on the page's thread: {page_plain:.1f} ms unthrottled, "
                      f"{page_slowed:.1f} ms at CPU {a.cpu:g}x ({page_slowed / page_plain:.1f} times slower)"
                      + (", the page's thread on a core of its own" if a.own_core else ""), flush=True)
            for net in a.nets:
                for i in range(a.runs):
                    order = ("game", "bare") if i % 2 == 0 else ("bare", "game")
                    for kind in order:
                        visit = game_visit if kind == "game" else bare_visit
                        cold, warm, tab = visit(browser, counter, base, net, pace, a.by_path)
                        results[net][kind].append(cold)
                        results[net][kind + "_warm"].append(warm)
                        if tab:
                            results[net]["game_tab"].append(tab)
                        problems += [f"{net} {kind}: {e}" for e in cold.get("errors", [])]
                        extra = (f", whole {fmt_mb(cold['whole'])}, {cold['start']}"
                                 f" ({(cold['throughput'] or 0) / 1e3:.0f} kB/s)") if kind == "game" else ""
                        print(f"{net} run {i + 1} {kind}: fcp {fmt_ms(cold['fcp'])}, ready {fmt_ms(cold['ready'])}, "
                              f"{fmt_mb(cold['bytes'])} before ready{extra}, longest task {fmt_ms(cold['longest'])} ({cold['longest_phase']}); "
                              f"return visit ready {fmt_ms(warm['ready'])}, {fmt_mb(warm['bytes'])}", flush=True)
                        if tab:
                            print("    return visit's start: " + steps_text(worker_steps(warm)), flush=True)
                            print(f"    return visit in a new tab: ready {fmt_ms(tab['ready'])}, "
                                  + steps_text(worker_steps(tab)), flush=True)
                            for visit_name, m in (("first", cold), ("return", warm), ("new tab's return", tab)):
                                for task in m["long_named"]:
                                    print(f"    {visit_name} visit's task over 50 ms: {task}", flush=True)
            if not a.no_match:
                seats = [s.strip() for s in a.seats.split(",") if s.strip()]
                for speed in a.speeds.split(","):
                    m = cpu_match(browser, counter, base, seats, speed.strip(), pace)
                    matches.append(m)
                    problems += [f"match {speed}: {e}" for e in m["errors"]]
                    ds = sorted(m["decisions"])
                    p95 = ds[max(0, int(len(ds) * 0.95 + 0.5) - 1)] if ds else 0
                    print(f"match at {speed}: {m['seconds']:.1f} s, longest task {fmt_ms(m['longest'])}, "
                          f"{m['over100']} over 100 ms, {m['over50']} over 50 ms; {len(ds)} computer decisions, "
                          f"wall time p50 {fmt_ms(statistics.median(ds) if ds else 0)}, p95 {fmt_ms(p95)}, "
                          f"max {fmt_ms(max(ds, default=0))}", flush=True)
            browser.close()
    finally:
        if cores:
            cores.close()
        srv.shutdown()
    lines = report(a, results, matches, chromium, (load_before, os.getloadavg()))
    print("\n" + "\n".join(lines))
    if problems:
        print("\nproblems seen:\n  " + "\n  ".join(problems))
    print(f"\ncommand: python3 -m bench.phone_speed {' '.join(argv)}".rstrip())
    if a.json:
        for net in results.values():
            for rs in net.values():
                for r in rs:
                    r.pop("by_path", None)
        with open(a.json, "w") as f:
            json.dump({"results": results, "matches": matches}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
