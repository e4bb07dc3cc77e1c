#!/usr/bin/env python3
"""Where the main thread's time goes while the game boots on the emulated phone: a trace, its long tasks.

    python3 -m scripts.build_dist && python3 -m bench.boot_profile            # the return visit
    python3 -m bench.boot_profile --visit first --net fast4g                  # the first visit
    python3 -m bench.boot_profile --query boot=plain --visit first            # forced plain start-up
    python3 -m bench.boot_profile --trace /tmp/boot.json                      # keep the trace (DevTools opens it)

The phone is bench/phone_speed.py's (360x740, DPR 2, touch, CPU slowed ``--cpu`` times, default 4;
``--net`` throttles the network as there, default none). The site is dist/, served as a static host
serves it. A return visit is a first visit until the service worker has cached everything, then a
reload, traced; a first visit is traced from the navigation.

The trace is Chromium's own (categories ``devtools.timeline``, ``v8``, ``v8.wasm`` and the sampling
CPU profiler), on one clock. For every main-thread task over ``--over`` ms (default 50) up to ready
it prints: when it started and how long it took, the trace events inside it that took longest (what
the browser says it was doing: compiling, instantiating, a function call, a script's evaluation), and
what the CPU profiler's samples inside it were running, by function (self time, the wasm functions
of Python's interpreter grouped as one), so that a long step is named with evidence, not guessed.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)
from bench.phone_speed import ARGS, CHROMIUM, OBSERVE_JS, PHONE, TIMEOUT, Counter, make_server, throttle  # noqa: E402

CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8", "v8.execute", "v8.wasm",
              "disabled-by-default-v8.wasm.detailed", "disabled-by-default-v8.cpu_profiler", "blink", "loading",
              "toplevel", "blink.user_timing"]
TASK_NAMES = {"RunTask", "ThreadControllerImpl::RunTask"}


def trace_visit(browser, base: str, visit: str, net: str, cpu: float, query: str) -> tuple[bytes, dict]:
    """The trace of one load of the game and the page's own figures (ready, marks, long tasks)."""
    context = browser.new_context(**PHONE)
    context.add_init_script(OBSERVE_JS)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    errors: list[str] = []
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.expose_function("__benchReady", lambda: None)
    throttle(context, page, net, cpu)
    url = base + ("?" + query if query else "")
    try:
        if visit == "return":
            page.goto(url, wait_until="commit")
            page.wait_for_selector('html[data-offline-ready="1"]', state="attached")
        browser.start_tracing(page=page, categories=CATEGORIES)
        if visit == "return":
            page.reload(wait_until="commit")
        else:
            page.goto(url, wait_until="commit")
        page.wait_for_selector("html[data-py-ready]", state="attached")
        page.wait_for_function("performance.getEntriesByName('mt-ready').length > 0")
        page.wait_for_timeout(300)
        figures = page.evaluate("""() => ({
            ready: performance.getEntriesByName('mt-ready')[0].startTime,
            marks: performance.getEntriesByType('mark').map((m) => [m.name, Math.round(m.startTime)]),
            longtasks: window.__longtasks || [], start: window.mtPythonStart || null})""")
        data = browser.stop_tracing()
        figures["errors"] = errors
        return data, figures
    finally:
        context.close()


def main_thread(events: list[dict]) -> tuple[int, int]:
    """(pid, tid) of the renderer main thread that ran the page: the CrRendererMain with the most tasks."""
    names = {(e["pid"], e["tid"]) for e in events if e.get("ph") == "M" and e.get("name") == "thread_name"
             and e["args"].get("name") == "CrRendererMain"}
    counts = collections.Counter((e["pid"], e["tid"]) for e in events
                                 if (e["pid"], e["tid"]) in names and e.get("name") in TASK_NAMES)
    return counts.most_common(1)[0][0]


def navigation_start(events: list[dict], pid: int) -> float:
    """The trace time (µs) of performance.now()'s zero: from the page's own mark (its trace time and startTime)."""
    for e in events:
        data = e.get("args", {}).get("data", {}) if isinstance(e.get("args"), dict) else {}
        if e["pid"] == pid and e.get("name") == "mt-ready" and isinstance(data, dict) and "startTime" in data:
            return e["ts"] - data["startTime"] * 1000
    raise SystemExit("boot_profile: no mt-ready mark in the trace")


def complete_events(events: list[dict], pid: int, tid: int) -> list[dict]:
    """The main thread's events with a duration: X events, and B/E pairs joined."""
    out, stack = [], collections.defaultdict(list)
    for e in events:
        if e["pid"] != pid or e["tid"] != tid:
            continue
        if e.get("ph") == "X" and "dur" in e:
            out.append(e)
        elif e.get("ph") == "B":
            stack[e["name"]].append(e)
        elif e.get("ph") == "E" and stack[e["name"]]:
            b = stack[e["name"]].pop()
            out.append({**b, "ph": "X", "dur": e["ts"] - b["ts"]})
    return sorted(out, key=lambda e: (e["ts"], -e["dur"]))


def samples(events: list[dict], pid: int, tid: int) -> list[tuple[float, str]]:
    """The CPU profiler's samples on the main thread: (trace time µs, the sampled function's name)."""
    nodes: dict[tuple[str, int], dict] = {}
    out = []
    chunks = [e for e in events if e.get("name") in ("Profile", "ProfileChunk") and e["pid"] == pid]
    profiles = {e["id"]: e for e in chunks if e["name"] == "Profile" and e["tid"] == tid}
    time_of = {pid_: p["args"]["data"].get("startTime", p["ts"]) for pid_, p in profiles.items()}
    for e in chunks:
        if e["name"] != "ProfileChunk" or e["id"] not in profiles:
            continue
        data = e["args"]["data"]
        for node in data.get("cpuProfile", {}).get("nodes", []):
            frame = node.get("callFrame", {})
            nodes[(e["id"], node["id"])] = frame
        ids = data.get("cpuProfile", {}).get("samples", [])
        for node_id, delta in zip(ids, data.get("timeDeltas", [])):
            time_of[e["id"]] += delta
            frame = nodes.get((e["id"], node_id), {})
            out.append((time_of[e["id"]], name_of(frame)))
    return sorted(out)


def name_of(frame: dict) -> str:
    """A sampled frame in a few words: the wasm interpreter as one, JS functions by name and file."""
    fn, url = frame.get("functionName") or "(anonymous)", frame.get("url") or ""
    code = frame.get("codeType", "")
    if url.startswith("wasm://") or code == "wasm" or fn.startswith(("$", "wasm-function")):
        return "(Python: Pyodide's wasm)"
    if fn.startswith("(") and not url:
        return fn
    return f"{fn} {url.rsplit('/', 1)[-1]}:{frame.get('lineNumber', -1) + 1}"


def analyse(data: bytes, over_ms: float, ready_ms: float, top: int = 8) -> list[str]:
    """Lines describing every main-thread task over ``over_ms`` up to ready: events and sampled functions."""
    trace = json.loads(data)
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    pid, tid = main_thread(events)
    zero = navigation_start(events, pid)
    timed = complete_events(events, pid, tid)
    tasks = [e for e in timed if e["name"] in TASK_NAMES and e["dur"] >= over_ms * 1000
             and (e["ts"] - zero) / 1000 <= ready_ms]
    # a RunTask nested in another (a nested run loop) is reported through its outer task
    outer = [t for t in tasks if not any(o is not t and o["ts"] <= t["ts"] and t["ts"] + t["dur"] <= o["ts"] + o["dur"]
                                         for o in tasks)]
    sampled = samples(events, pid, tid)
    lines = [f"main thread: {len(outer)} tasks over {over_ms:g} ms before ready ({ready_ms / 1000:.2f} s)"]
    for t in outer:
        start, end = t["ts"], t["ts"] + t["dur"]
        lines.append(f"\ntask at {(start - zero) / 1000:,.0f} ms, {t['dur'] / 1000:,.0f} ms long")
        inner = [e for e in timed if start <= e["ts"] and e["ts"] + e["dur"] <= end and e is not t
                 and e["name"] not in TASK_NAMES and e["dur"] >= max(1000, t["dur"] * 0.02)]
        for e in sorted(inner, key=lambda e: -e["dur"])[:top]:
            detail = e.get("args", {}).get("data", {}) or {}
            what = detail.get("url") or detail.get("functionName") or detail.get("type") or ""
            what = str(what).rsplit("/", 1)[-1][:60]
            lines.append(f"    {e['dur'] / 1000:8,.0f} ms  {e['name']}{' ' + what if what else ''}  "
                         f"(at +{(e['ts'] - start) / 1000:,.0f} ms)")
        inside = collections.Counter(name for ts, name in sampled if start <= ts <= end)
        total = sum(inside.values())
        if total:
            lines.append(f"    sampled ({total} samples):")
            for name, n in inside.most_common(top):
                lines.append(f"    {100 * n / total:7.1f} %  {name}")
    return lines


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--visit", choices=("return", "first"), default="return")
    ap.add_argument("--net", default="none", help="fast4g, slow4g or none (default)")
    ap.add_argument("--cpu", type=float, default=4.0, help="CPU slow-down (default 4)")
    ap.add_argument("--query", default="", help="added to the page's address, e.g. boot=plain")
    ap.add_argument("--over", type=float, default=50, help="report tasks longer than this, ms (default 50)")
    ap.add_argument("--site", default=os.path.join(ROOT, "dist"), help="the built site (default dist/)")
    ap.add_argument("--trace", help="also write the trace here (open it in DevTools' Performance panel)")
    a = ap.parse_args(argv)
    if not os.path.isfile(os.path.join(a.site, "index.html")):
        raise SystemExit("boot_profile: no site in " + a.site + ": run python3 -m scripts.build_dist first")
    from playwright.sync_api import sync_playwright

    srv = make_server(os.path.abspath(a.site), Counter())
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{srv.server_address[1]}/"
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            data, figures = trace_visit(browser, base, a.visit, a.net, a.cpu, a.query)
            browser.close()
    finally:
        srv.shutdown()
    if a.trace:
        with open(a.trace, "wb") as f:
            f.write(data)
    longest = max((d for s, d in figures["longtasks"] if s <= figures["ready"]), default=0)
    print(f"{a.visit} visit, CPU {a.cpu:g}x, network {a.net}: ready at {figures['ready']:,.0f} ms, Python: "
          f"{figures['start']}, longest task (PerformanceObserver) {longest:,} ms, load average "
          f"{os.getloadavg()[0]:.2f}")
    print("marks: " + ", ".join(f"{n} {t:,}" for n, t in figures["marks"]))
    print("\n".join(analyse(data, a.over, figures["ready"])))
    if figures["errors"]:
        print("console errors:\n  " + "\n  ".join(figures["errors"]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
