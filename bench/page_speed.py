#!/usr/bin/env python3
"""How quick the page is, in headless Chromium on a local server, against the targets of the build.

    python3 -m bench.page_speed                 # 5 runs of each start, then a CPU-vs-CPU match
    python3 -m bench.page_speed --runs 9 --rounds short
    python3 -m bench.page_speed --no-match      # only the start-up figures
    python3 -m bench.page_speed --json out.json # also write every raw figure
    python3 -m bench.page_speed --query worker=0 # the game's pages with Python on the page's thread
    python3 -m bench.page_speed --warm-in-new-tab  # the warm start in a new tab, not the same tab reloaded

It serves the repository with scripts/serve.py (a process of its own, on a free
port) and drives Debian's Chromium (``CHROMIUM``, default /usr/bin/chromium)
through Playwright. Run ``bash scripts/setup.sh`` once first.

Start-up, measured ``--runs`` times each, the kinds taking turns within every
run (game, bare, bare from the snapshot; then bare, bare from the snapshot,
game; ...):

* **game, cold**: index.html in a fresh browser context (empty HTTP cache, no
  service worker yet). First paint is the ``first-contentful-paint`` entry;
  *ready* is the ``mt-ready`` mark app.js sets once the game is playable
  (html[data-py-ready]).
* **bare Pyodide, cold**: bench/bare.html, a page that only imports
  vendor/pyodide/pyodide.mjs and calls ``loadPyodide`` with the same files (no
  PyScript, no game; pyodide.asm.mjs as the package publishes it, without the
  game's two changes, scripts/patch_runtime.py), in a fresh context: Pyodide out
  of the box, running Python's whole start-up. Its *ready* is the same mark. This is the yardstick
  of the target.
* **bare Pyodide from the snapshot, cold**: bench/bare.html?snapshot, the same
  page restoring the game's memory snapshot (vendor/pyodide/python-snapshot.gz)
  as the game does: what is left of the game's start once Python's own
  start-up is skipped, so the game's overhead over it is PyScript and the game.
* **game, warm**: the cold game's context once its service worker has cached
  every file (html[data-offline-ready]); the page is loaded again, in the same
  tab (a reload: its first paint waits for the cold page's teardown, PyScript's
  frame and workers included), or with ``--warm-in-new-tab`` in a new tab once
  the first is closed, as a player coming back opens it.

Bytes are Resource Timing ``transferSize`` (headers included; 0 for what a
cache or the service worker answered) over the navigation and every resource,
plus the snapshot worker's and the read-ahead's downloads (``window.mtWorkerBytes``,
``window.mtEarlyBytes``, from each worker's own Resource Timing).

CPU-vs-CPU (``--seats``, default strong,normal,easy,strong on double-12, CPU
speed instant, ``--rounds one``): every CPU step's Python time (the CPU's
choice plus the move applied, from the ``timings`` event, through the page's test hook ``window.mtTest``), the whole
step across the bridge (JSON both ways, the view model, the save), and every
screen update that drew something (app.js's ``mtPerf``: drawing the view model plus style and
layout). Medians and 95th percentiles.

The script always exits 0; figures that miss a target are marked MISS.
Targets: first paint < 300 ms; ready <= 110 % of the bare Pyodide boot; warm
start <= 70 % of a cold one; CPU decision p95 < 200 ms; screen update p95 < 50 ms.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
DESKTOP = {"width": 1100, "height": 850}
READY_MS = 120_000

TARGETS = {"paint": 300.0, "overhead": 0.10, "warm": 0.70, "decision": 200.0, "update": 50.0}

METRICS_JS = """() => {
  const paint = Object.fromEntries(performance.getEntriesByType('paint').map(e => [e.name, e.startTime]));
  const mark = performance.getEntriesByName('mt-ready')[0];
  const nav = performance.getEntriesByType('navigation')[0];
  const res = performance.getEntriesByType('resource');
  const all = nav ? [nav, ...res] : res;
  const at = (name) => { const m = performance.getEntriesByName(name)[0]; return m ? m.startTime : null; };
  return {
    paint: paint['first-contentful-paint'] ?? paint['first-paint'] ?? null,
    ready: mark ? mark.startTime : null,
    python_start: at('mt-python-start'),
    python_booted: at('mt-python-booted'),
    bytes: all.reduce((a, r) => a + (r.transferSize || 0), 0) + (window.mtWorkerBytes || 0) + (window.mtEarlyBytes || 0),
    requests: all.length,
    network: all.filter(r => r.transferSize > 0).length,
    files: res.map(r => [r.name.replace(location.origin, ''), r.transferSize, Math.round(r.startTime),
                         Math.round(r.responseEnd)]),
    stages: window.mtBoot ? window.mtBoot.events : null,
    controlled: !!(navigator.serviceWorker && navigator.serviceWorker.controller),
  };
}"""


# ---------------------------------------------------------------------------------------------- server

def start_server(root: str):
    """scripts/serve.py on a free port, in a process of its own; returns (process, base URL)."""
    proc = subprocess.Popen([sys.executable, "-m", "scripts.serve", "--port", "0", "--root", root],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    port = None
    deadline = time.time() + 30
    while time.time() < deadline and port is None:
        line = proc.stdout.readline()
        m = re.match(r"PORT (\d+)", line or "")
        if m:
            port = int(m.group(1))
        elif proc.poll() is not None:
            break
    if port is None:
        proc.kill()
        raise SystemExit("page_speed: scripts/serve.py did not start")
    threading.Thread(target=proc.stdout.read, daemon=True).start()
    return proc, f"http://127.0.0.1:{port}/"


# ---------------------------------------------------------------------------------------------- start-up

class Problems:
    """Console errors and page errors: a figure from a broken page is no figure."""

    def __init__(self, page, label):
        self.label = label
        self.seen: list[str] = []
        page.on("console", lambda m: m.type == "error" and self.seen.append(f"{label}: console.error {m.text}"))
        page.on("pageerror", lambda e: self.seen.append(f"{label}: page error {e}"))


def load(page, url: str) -> dict:
    page.goto(url)
    page.wait_for_selector("html[data-py-ready]", state="attached", timeout=READY_MS)
    page.wait_for_function("() => performance.getEntriesByName('mt-ready').length > 0", timeout=READY_MS)
    return page.evaluate(METRICS_JS)


def game_cold_and_warm(browser, base: str, problems: list, query: str = "",
                       new_tab: bool = False) -> tuple[dict, dict | None]:
    """The game's cold start in a fresh context, then its warm start in the same context: the cold start's tab
    loaded again, or with ``new_tab`` that tab closed and the game opened in a new one (so the warm start's
    figures leave out the teardown of the page before it)."""
    context = browser.new_context(viewport=DESKTOP)
    url = base + ("?" + query if query else "")
    try:
        page = context.new_page()
        watch = Problems(page, "game")
        cold = load(page, url)
        warm = None
        try:
            page.wait_for_selector('html[data-offline-ready="1"]', state="attached", timeout=READY_MS)
            if new_tab:
                problems += watch.seen
                page.close()
                page = context.new_page()
                watch = Problems(page, "game, warm")
            warm = load(page, url)
            if not warm["controlled"]:
                problems.append("warm start: the page was not controlled by the service worker")
        except Exception as err:  # no service worker here: report the cold figures only
            problems.append(f"warm start not measured: {str(err).splitlines()[0]}")
        problems += watch.seen
        return cold, warm
    finally:
        context.close()


def bare_cold(browser, base: str, problems: list, snapshot: bool = False) -> dict:
    context = browser.new_context(viewport=DESKTOP)
    try:
        page = context.new_page()
        watch = Problems(page, "bare")
        result = load(page, base + "bench/bare.html" + ("?snapshot" if snapshot else ""))
        problems += watch.seen
        return result
    finally:
        context.close()


# ---------------------------------------------------------------------------------------------- CPU match

WAIT_FOR_END = """(ms) => new Promise((resolve, reject) => {
  const done = () => document.querySelector("#round-dialog[open], #match-dialog[open]");
  if (done()) { resolve(); return; }
  const watch = new MutationObserver(() => { if (done()) { watch.disconnect(); resolve(); } });
  watch.observe(document.body, { subtree: true, attributes: true, attributeFilter: ["open"] });
  setTimeout(() => reject(new Error("no round end in " + ms + " ms")), ms);
})"""


def wait_for_round_end(page, timeout_ms: float) -> None:
    """Wait until a round's or the match's end dialog opens, without polling the page: Playwright's
    wait_for_selector queries the page at every frame, work that would count in the page's long tasks."""
    page.evaluate(WAIT_FOR_END, timeout_ms)


def fill_match_form(page, seats: list[str], set_: int, rounds: str, speed: str, seed: int) -> None:
    """Fill the setup form for the benchmarks' CPU match (the form opens behind its toggle)."""
    if page.get_attribute("#settings-toggle", "aria-expanded") != "true":
        page.click("#settings-toggle")
    page.select_option("#preset", "classic" if len(seats) > 4 else "standard")
    page.check(f'input[name="set"][value="{set_}"]')
    page.select_option("#seats", str(len(seats)))
    for i, kind in enumerate(seats):
        page.select_option(f"#seat-kind-{i}", kind)
    page.check(f'input[name="rounds"][value="{rounds}"]')
    page.select_option("#cpu_speed", speed)
    page.click(".advanced summary")
    page.fill("#seed", str(seed))


def cpu_match(browser, base: str, seats: list[str], set_: int, rounds: str, seed: int, problems: list,
              query: str = "") -> dict:
    """Play a whole CPU-only match at instant speed; returns the raw timings."""
    context = browser.new_context(viewport=DESKTOP)
    decisions: list[list] = []
    steps: list[dict] = []
    try:
        page = context.new_page()
        page.set_default_timeout(30_000)
        watch = Problems(page, "match")
        page.goto(base + "?test=1&nosw" + ("&" + query if query else ""))
        page.wait_for_selector("html[data-py-ready]", state="attached", timeout=READY_MS)
        fill_match_form(page, seats, set_, rounds, "instant", seed)
        page.evaluate("window.mtPerf.layout = true; window.mtPerf.steps.length = 0; window.mtTest.call({type: 'timings'})")
        page.click('#setup [data-action="start"]')
        if page.locator("#confirm-dialog").is_visible():
            page.click('[data-action="confirm_new"]')

        def collect():
            decisions.extend(page.evaluate("window.mtTest.call({type: 'timings'}).then((a) => a.view.cpu)"))
            steps.extend(page.evaluate("window.mtPerf.steps.splice(0)"))

        while True:
            wait_for_round_end(page, 600_000)
            collect()
            if page.locator("#match-dialog").is_visible():
                break
            page.click("#round-button")
        problems += watch.seen
    finally:
        context.close()
    return {"decisions": decisions, "steps": steps}


# ---------------------------------------------------------------------------------------------- report

def pct(values, p):
    if not values:
        return None
    s = sorted(values)
    k = (len(s) - 1) * p / 100
    lo, hi = int(k), min(int(k) + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def ms(v):
    return "-" if v is None else f"{v:,.0f} ms" if v >= 10 else f"{v:.1f} ms"


def spread(values):
    values = [v for v in values if v is not None]
    return f"{min(values):,.0f}-{max(values):,.0f}" if values else "-"


def verdict(ok):
    return "" if ok is None else "ok" if ok else "MISS"


def machine() -> str:
    model = ""
    try:
        with open("/proc/cpuinfo") as f:
            m = re.search(r"model name\s*:\s*(.+)", f.read())
            model = m.group(1).strip() if m else ""
    except OSError:
        pass
    return f"{os.cpu_count()} cores{', ' + model if model else ''}, {platform.system()} {platform.release()}"


def report(a, runs: dict, match: dict | None, load_before, load_after, chromium: str, problems: list) -> None:
    game, bare, snap, warm = runs["game"], runs["bare"], runs["bare_snapshot"], runs["warm"]
    print()
    print(f"page_speed: {datetime.datetime.now().strftime('%Y-%m-%d %H:%M')}, {machine()}, Chromium {chromium}")
    print(f"load average before {load_before[0]:.2f} {load_before[1]:.2f} {load_before[2]:.2f}, "
          f"after {load_after[0]:.2f} {load_after[1]:.2f} {load_after[2]:.2f}; "
          f"{a.runs} runs of each start (median, min-max)")
    print()
    rows = []
    g_paint, g_ready = median([r["paint"] for r in game]), median([r["ready"] for r in game])
    b_ready, w_ready = median([r["ready"] for r in bare]), median([r["ready"] for r in warm])
    w_paint = median([r["paint"] for r in warm])
    rows.append(("first paint, game cold", ms(g_paint), spread([r["paint"] for r in game]), "< 300 ms",
                 verdict(g_paint is not None and g_paint < TARGETS["paint"])))
    rows.append(("first paint, game warm (SW)", ms(w_paint), spread([r["paint"] for r in warm]), "< 300 ms",
                 verdict(None if w_paint is None else w_paint < TARGETS["paint"])))
    rows.append(("ready, game cold", ms(g_ready), spread([r["ready"] for r in game]), "", ""))
    rows.append(("ready, bare Pyodide cold", ms(b_ready), spread([r["ready"] for r in bare]), "", ""))
    if g_ready and b_ready:
        over = g_ready / b_ready - 1
        pairs = [g["ready"] / b["ready"] - 1 for g, b in zip(game, bare)]
        rows.append(("  game over bare", f"{over * 100:+.1f} %", f"{min(pairs) * 100:+.0f}..{max(pairs) * 100:+.0f} %",
                     "<= +10 %", verdict(over <= TARGETS["overhead"])))
    s_ready = median([r["ready"] for r in snap])
    rows.append(("ready, bare Pyodide from the snapshot", ms(s_ready), spread([r["ready"] for r in snap]), "", ""))
    if g_ready and s_ready:
        pairs = [g["ready"] / b["ready"] - 1 for g, b in zip(game, snap)]
        rows.append(("  game over bare from the snapshot", f"{(g_ready / s_ready - 1) * 100:+.1f} %",
                     f"{min(pairs) * 100:+.0f}..{max(pairs) * 100:+.0f} %", "(PyScript + game)", ""))
    rows.append(("ready, game warm (SW)", ms(w_ready), spread([r["ready"] for r in warm]), "", ""))
    if w_ready and g_ready:
        rows.append(("  warm / cold", f"{w_ready / g_ready * 100:.0f} %", "", "<= 70 %",
                     verdict(w_ready / g_ready <= TARGETS["warm"])))
    for label, rs in (("bytes, game cold", game), ("bytes, bare Pyodide cold", bare),
                      ("bytes, bare from the snapshot", snap), ("bytes, game warm (SW)", warm)):
        if rs:
            b = median([r["bytes"] for r in rs])
            rows.append((label, f"{b / 1e6:.2f} MB" if b >= 1e5 else f"{b:,.0f} B",
                         f"{median([r['requests'] for r in rs]):.0f} requests, {median([r['network'] for r in rs]):.0f} "
                         "from the network", "", ""))
    if match:
        decisions = match["decisions"]
        all_ms = [m for _, m in decisions]
        d95 = pct(all_ms, 95)
        rows.append((f"CPU decision (Python), {len(all_ms)} steps", f"p50 {ms(pct(all_ms, 50))}", f"p95 {ms(d95)}",
                     "p95 < 200 ms", verdict(d95 is not None and d95 < TARGETS["decision"])))
        for kind in sorted({k for k, _ in decisions}):
            mine = [m for k, m in decisions if k == kind]
            rows.append((f"  {kind}, {len(mine)} steps", f"p50 {ms(pct(mine, 50))}", f"p95 {ms(pct(mine, 95))}",
                         f"max {ms(max(mine))}", ""))
        cpu = [s for s in match["steps"] if s["type"] == "cpu"]
        py = [s["py"] for s in cpu]
        rows.append(("CPU step across the bridge", f"p50 {ms(pct(py, 50))}", f"p95 {ms(pct(py, 95))}",
                     "(decision + view model + save)", ""))
        upd = [s["render"] for s in match["steps"] if s["render"] > 0]   # the steps that drew something
        u95 = pct(upd, 95)
        rows.append((f"screen update (draw + layout), {len(upd)}", f"p50 {ms(pct(upd, 50))}", f"p95 {ms(u95)}",
                     "p95 < 50 ms", verdict(u95 is not None and u95 < TARGETS["update"])))
    width = [max(len(str(r[i])) for r in rows) for i in range(5)]
    for r in rows:
        print("  ".join(str(c).ljust(width[i]) for i, c in enumerate(r)).rstrip())
    print()
    def phases(rs):
        """Median ms: navigation -> Python's start requested -> Pyodide booted -> playable."""
        keep = [r for r in rs if r.get("python_start") is not None and r.get("python_booted") is not None]
        if not keep:
            return None
        return (median([r["python_start"] for r in keep]),
                median([r["python_booted"] - r["python_start"] for r in keep]),
                median([r["ready"] - r["python_booted"] for r in keep]))
    for label, rs in (("game cold", game), ("bare Pyodide cold", bare), ("bare from the snapshot", snap),
                      ("game warm", warm)):
        ph = phases(rs)
        if ph:
            print(f"{label + ':':23} Pyodide started at {ph[0]:,.0f} ms, booted in {ph[1]:,.0f} ms, "
                  f"then playable {ph[2]:,.0f} ms later")
    if problems:
        print("\nproblems seen:")
        for p in problems:
            print("  " + p)
    print(f"\ncommand: python3 -m bench.page_speed {' '.join(sys.argv[1:])}".rstrip())


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=5, help="runs of each start (default 5)")
    ap.add_argument("--no-match", action="store_true", help="skip the CPU-vs-CPU match")
    ap.add_argument("--seats", default="strong,normal,easy,strong", help="CPU kinds of the match, by seat")
    ap.add_argument("--set", type=int, default=12, choices=(6, 9, 12))
    ap.add_argument("--rounds", default="one", choices=("one", "short", "full"))
    ap.add_argument("--seed", type=int, default=1, help="the match's deal number")
    ap.add_argument("--json", help="write every raw figure to this file")
    ap.add_argument("--query", default="", help="added to the game's address, e.g. worker=0 (not to the bare page's)")
    ap.add_argument("--warm-in-new-tab", action="store_true",
                    help="the warm start in a new tab, the cold start's closed (default: the cold start's tab reloaded)")
    a = ap.parse_args(argv)
    if not os.path.exists(os.path.join(ROOT, "vendor", "pyodide", "pyodide.asm.wasm")):
        raise SystemExit("page_speed: vendor/ is missing: run bash scripts/setup.sh first")

    from playwright.sync_api import sync_playwright
    load_before = os.getloadavg()
    proc, base = start_server(ROOT)
    problems: list[str] = []
    runs = {"game": [], "bare": [], "bare_snapshot": [], "warm": []}
    match = None
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            chromium = browser.version
            kinds = ("game", "bare", "bare_snapshot")
            for i in range(a.runs):
                for kind in kinds[i % 3:] + kinds[:i % 3]:
                    if kind == "game":
                        cold, warm = game_cold_and_warm(browser, base, problems, a.query, a.warm_in_new_tab)
                        runs["game"].append(cold)
                        if warm:
                            runs["warm"].append(warm)
                        print(f"run {i + 1}: game cold paint {ms(cold['paint'])} ready {ms(cold['ready'])}"
                              + (f", warm paint {ms(warm['paint'])} ready {ms(warm['ready'])}" if warm else ""),
                              flush=True)
                    else:
                        bare = bare_cold(browser, base, problems, snapshot=kind == "bare_snapshot")
                        runs[kind].append(bare)
                        print(f"run {i + 1}: {kind.replace('_', ' from the ')} ready {ms(bare['ready'])}", flush=True)
            if not a.no_match:
                seats = [s.strip() for s in a.seats.split(",") if s.strip()]
                t0 = time.time()
                match = cpu_match(browser, base, seats, a.set, a.rounds, a.seed, problems, a.query)
                print(f"match: {len(match['decisions'])} CPU steps in {time.time() - t0:.0f} s", flush=True)
            browser.close()
    finally:
        proc.terminate()
        proc.wait(10)
    load_after = os.getloadavg()
    report(a, runs, match, load_before, load_after, chromium, problems)
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"runs": runs, "match": match, "load": [load_before, load_after]}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
