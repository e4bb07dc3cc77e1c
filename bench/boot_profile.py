#!/usr/bin/env python3
"""Where the main thread's time goes while the game boots on the emulated phone: a trace, its long tasks.

    python3 -m scripts.build_dist && python3 -m bench.boot_profile            # the return visit
    python3 -m bench.boot_profile --visit first --net fast4g                  # the first visit
    python3 -m bench.boot_profile --query boot=plain --visit first            # forced plain start-up
    python3 -m bench.boot_profile --trace /tmp/boot.json                      # keep the trace (DevTools opens it)
    python3 -m bench.boot_profile --worker --net fast4g                       # PyScript's worker, by function

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

``--worker`` profiles PyScript's worker instead, in a load without tracing: the DevTools protocol's CPU profiler
is started in that worker while it waits for the debugger (bench/throttle.py's ``on_worker``), so its first line is
sampled too; printed are the worker's steps from its marks and its functions by their own time and by the time
spent in them and what they call.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import statistics
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
from bench.phone_speed import (ARGS, CHROMIUM, OBSERVE_JS, PHONE, TIMEOUT, Counter, make_server, steps_text,
                                throttle, worker_steps)
from bench.quiet_page import QuietPage
from bench.throttle import Pace

CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8", "v8.execute", "v8.wasm",
              "disabled-by-default-v8.wasm.detailed", "disabled-by-default-v8.cpu_profiler", "blink", "loading",
              "toplevel", "blink.user_timing"]
TASK_NAMES = {"RunTask", "ThreadControllerImpl::RunTask"}


class Phone:
    """One emulated phone (context) on one site: loads of the game, traced or not."""

    def __init__(self, browser, base: str, net: str, cpu: float, query: str, on_worker=None):
        self.browser = browser
        self.context = browser.new_context(**PHONE)
        self.context.add_init_script(OBSERVE_JS)
        self.page = self.context.new_page()
        self.page.set_default_timeout(TIMEOUT)
        self.errors: list[str] = []
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.throttle = throttle(self.context, self.page, net, Pace(cpu), on_worker)
        self.quiet = QuietPage(self.throttle.cdp)
        self.url = base + ("?" + query if query else "")

    def first_visit(self) -> None:
        """Load the game and wait until its service worker has cached everything (for return visits)."""
        self.page.goto(self.url, wait_until="commit")
        self.page.wait_for_selector('html[data-offline-ready="1"]', state="attached")

    def load(self, first: bool) -> dict:
        """A load (the first visit, or a reload), untraced: the page's figures once it is ready."""
        if first:
            self.page.goto(self.url, wait_until="commit")
        else:
            self.page.reload(wait_until="commit")
        self.quiet.until_ready()     # no script of Playwright's in the page before ready (bench/quiet_page.py)
        self.page.wait_for_timeout(300)
        figures = self.page.evaluate("""() => ({
            ready: performance.getEntriesByName('mt-ready')[0].startTime,
            marks: performance.getEntriesByType('mark').map((m) => [m.name, Math.round(m.startTime)]),
            longtasks: window.__longtasks || [], start: window.mtPythonStart || null})""")
        figures["errors"] = self.errors[:]
        return figures

    def traced_load(self, first: bool, categories: list[str]) -> tuple[bytes, dict]:
        """A load (the first visit, or a reload) under Chromium's tracing: the trace and the page's figures."""
        self.browser.start_tracing(page=self.page, categories=categories)
        figures = self.load(first)
        return self.browser.stop_tracing(), figures

    def close(self) -> None:
        self.context.close()


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
    if url.startswith("blob:"):   # PyScript's worker is a blob: module made by polyscript
        return f"{fn} (polyscript's worker)"
    return f"{fn} {url.rsplit('/', 1)[-1]}:{frame.get('lineNumber', -1) + 1}"


class WorkerProfile:
    """A CPU profile of PyScript's worker (the blob: module worker polyscript makes), sampled from its first line:
    Chromium's tracing sees the worker's tasks but not what runs inside Pyodide's steps, and its sampler there
    slows the worker more than this profiler does."""

    def __init__(self) -> None:
        self.armed = False            # profile only the workers of the load to come (not the first visit's)
        self.sessions: list[str] = []
        self.profiles: dict[int, dict] = {}
        self.asked: dict[int, str] = {}

    def started(self, throttle, session_id: str, info: dict) -> None:
        """Throttle's on_worker: PyScript's worker waits for the debugger; start sampling every 0.25 ms."""
        if not self.armed or not info.get("url", "").startswith("blob:"):
            return
        self.sessions.append(session_id)
        throttle.send_to(session_id, "Profiler.enable")
        throttle.send_to(session_id, "Profiler.setSamplingInterval", {"interval": 250})
        throttle.send_to(session_id, "Profiler.start")

    def collect(self, phone: "Phone") -> list[dict]:
        """Stop every profile started and return them (Profiler.stop's answers)."""
        def answer(event) -> None:
            message = json.loads(event["message"])
            if message.get("id") in self.asked and "result" in message:
                self.profiles[message["id"]] = message["result"]["profile"]
        phone.throttle.cdp.on("Target.receivedMessageFromTarget", answer)
        for session in self.sessions:
            self.asked[phone.throttle.send_to(session, "Profiler.stop")] = session
        for _ in range(100):
            if len(self.profiles) == len(self.asked):
                break
            phone.page.wait_for_timeout(100)
        return list(self.profiles.values())


def profile_lines(profile: dict, top: int = 15) -> list[str]:
    """A worker's CPU profile in a few lines: its busy time, then functions by their own time and by the time spent
    in them and what they call (Pyodide's wasm as one: its functions have no names)."""
    nodes = {n["id"]: n for n in profile["nodes"]}
    parent = {c: n["id"] for n in profile["nodes"] for c in n.get("children", [])}
    at = profile["startTime"]
    times = []
    for node, delta in zip(profile["samples"], profile["timeDeltas"]):
        at += delta
        times.append((at, node))
    own: collections.Counter = collections.Counter()
    total: collections.Counter = collections.Counter()
    busy = 0.0
    for (t, node), (t_next, _) in zip(times, times[1:]):
        names = []
        while node in nodes:
            names.append(name_of(nodes[node]["callFrame"]))
            node = parent.get(node)
        ms = (t_next - t) / 1000
        if names and names[0] == "(idle)":
            continue
        busy += ms
        own[names[0]] += ms
        for name in set(names) - {"(root)"}:
            total[name] += ms
    span = (times[-1][0] - profile["startTime"]) / 1000 if times else 0
    lines = [f"PyScript's worker: busy {busy:,.0f} ms of the {span:,.0f} ms from its first line to the profile's end"]
    lines.append("  by own time:")
    lines += [f"    {ms:7,.0f} ms  {name}" for name, ms in own.most_common(top)]
    lines.append("  by time in it and what it calls:")
    lines += [f"    {ms:7,.0f} ms  {name}" for name, ms in total.most_common(top)]
    return lines


def main_thread_work(data: bytes, figures: dict) -> dict[str, float]:
    """The main thread's work up to ready, from the trace: the processor time of its tasks (``tdur``: the
    time the thread really ran, whatever else the machine did, and without the emulated slow-down's
    pauses) in each phase the page's marks divide, and the longest task (wall clock, as the page saw it)."""
    trace = json.loads(data)
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    pid, tid = main_thread(events)
    zero = navigation_start(events, pid)
    marks = dict(figures["marks"])
    edges = [("before Python's start", marks.get("mt-python-start")),
             ("in loadPyodide", marks.get("mt-python-booted")), ("to ready", figures["ready"])]
    timed = complete_events(events, pid, tid)
    tasks = [e for e in timed if e["name"] in TASK_NAMES and 0 <= (e["ts"] - zero) / 1000 <= figures["ready"]]
    outer = []
    for t in tasks:   # a task nested in another (a nested run loop) counts through its outer task
        if outer and t["ts"] < outer[-1]["ts"] + outer[-1]["dur"]:
            continue
        outer.append(t)
    out = {name: 0.0 for name, _ in edges}
    for t in outer:
        at = (t["ts"] - zero) / 1000
        phase = next((name for name, end in edges if end is not None and at < end), edges[-1][0])
        out[phase] += t.get("tdur", 0) / 1000
    out["main thread, all"] = sum(out[name] for name, _ in edges)
    out["ready"] = figures["ready"]
    out["longest task"] = max((d for s_, d in figures["longtasks"] if s_ <= figures["ready"]), default=0)
    return out


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
        lines.append(f"\ntask at {(start - zero) / 1000:,.0f} ms, {t['dur'] / 1000:,.0f} ms long "
                     f"({t.get('tdur', 0) / 1000:,.0f} ms of it running)")
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
    ap.add_argument("--ab", help="compare built sites instead (comma-separated folders): return visits, "
                    "alternating, the main thread's work by phase (medians)")
    ap.add_argument("--runs", type=int, default=7, help="return visits of each site with --ab (default 7)")
    ap.add_argument("--worker", action="store_true", help="profile PyScript's worker instead (an untraced load): "
                    "where its time goes, by function")
    a = ap.parse_args(argv)
    sites = a.ab.split(",") if a.ab else [a.site]
    for site in sites:
        if not os.path.isfile(os.path.join(site, "index.html")):
            raise SystemExit("boot_profile: no site in " + site + ": run python3 -m scripts.build_dist first")
    from playwright.sync_api import sync_playwright

    servers = [make_server(os.path.abspath(site), Counter()) for site in sites]
    for srv in servers:
        threading.Thread(target=srv.serve_forever, daemon=True).start()
    bases = [f"http://127.0.0.1:{srv.server_address[1]}/" for srv in servers]
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            if a.ab:
                ab(browser, sites, bases, a)
            elif a.worker:
                profiler = WorkerProfile()
                phone = Phone(browser, bases[0], a.net, a.cpu, a.query, on_worker=profiler.started)
                if a.visit == "return":
                    phone.first_visit()
                profiler.armed = True
                figures = phone.load(a.visit == "first")
                print(f"{a.visit} visit, CPU {a.cpu:g}x, network {a.net}: ready at {figures['ready']:,.0f} ms; the "
                      "worker's steps: " + steps_text(worker_steps(figures)))
                for profile in profiler.collect(phone):
                    print("\n".join(profile_lines(profile)))
                phone.close()
            else:
                phone = Phone(browser, bases[0], a.net, a.cpu, a.query)
                if a.visit == "return":
                    phone.first_visit()
                data, figures = phone.traced_load(a.visit == "first", CATEGORIES)
                phone.close()
                report(data, figures, a)
            browser.close()
    finally:
        for srv in servers:
            srv.shutdown()
    return 0


def report(data: bytes, figures: dict, a) -> None:
    """Print one traced load: its figures, the main thread's work by phase, every long task dissected."""
    if a.trace:
        with open(a.trace, "wb") as f:
            f.write(data)
    longest = max((d for s_, d in figures["longtasks"] if s_ <= figures["ready"]), default=0)
    print(f"{a.visit} visit, CPU {a.cpu:g}x, network {a.net}: ready at {figures['ready']:,.0f} ms, Python: "
          f"{figures['start']}, longest task (PerformanceObserver) {longest:,} ms, load average "
          f"{os.getloadavg()[0]:.2f}")
    print("marks: " + ", ".join(f"{n} {t:,}" for n, t in figures["marks"]))
    work = main_thread_work(data, figures)
    print("main thread's processor time in tasks: " + ", ".join(
        f"{k} {v:,.0f} ms" for k, v in work.items() if k not in ("ready", "longest task")))
    print("\n".join(analyse(data, a.over, figures["ready"])))
    if figures["errors"]:
        print("console errors:\n  " + "\n  ".join(figures["errors"]))


def ab(browser, sites: list[str], bases: list[str], a) -> None:
    """Return visits of each site in turn (one phone each, its service worker installed first), traced
    without the sampling profiler; prints each, then the medians."""
    light = [c for c in CATEGORIES if "cpu_profiler" not in c and "wasm.detailed" not in c]
    phones = [Phone(browser, base, a.net, a.cpu, a.query) for base in bases]
    for phone in phones:
        phone.first_visit()
    results: list[list[dict]] = [[] for _ in sites]
    for i in range(a.runs):
        order = list(range(len(sites))) if i % 2 == 0 else list(reversed(range(len(sites))))
        for k in order:
            data, figures = phones[k].traced_load(False, light)
            work = main_thread_work(data, figures) | worker_steps(figures)
            results[k].append(work)
            print(f"run {i + 1} {sites[k]}: " + ", ".join(f"{n} {v:,.0f}" for n, v in work.items()), flush=True)
    for phone, site in zip(phones, sites):
        if phone.errors:
            print(f"{site}: console errors: {phone.errors}")
        phone.close()
    print(f"\nmedians of {a.runs} return visits each, CPU {a.cpu:g}x, load average {os.getloadavg()[0]:.2f} "
          "(main thread: processor time in its tasks, ms; ready, longest task, the worker's steps: wall clock, ms)")
    for site, rs in zip(sites, results):
        keys = [k for k in rs[0] if all(k in r for r in rs)]
        print(f"  {site}: " + ", ".join(
            f"{k} {statistics.median(r[k] for r in rs):,.0f} ({min(r[k] for r in rs):,.0f}-{max(r[k] for r in rs):,.0f})"
            for k in keys))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
