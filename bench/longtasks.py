#!/usr/bin/env python3
"""Main-thread long tasks during a CPU-vs-CPU match and a 13-round review, with the CPU slowed (a phone's pace).

    python3 -m bench.longtasks                         # 4x slower CPU: instant and normal speed, the review
    python3 -m bench.longtasks --rate 4 --speeds instant --runs 3 --no-review
    python3 -m bench.longtasks --speeds instant --profile      # also dissect each task over 100 ms (--over)
    python3 -m bench.longtasks --phone                         # on bench/phone_speed.py's phone

Serves the repository (scripts/serve.py, a process of its own on a free
port), opens the game in Debian's Chromium (``CHROMIUM``, default
/usr/bin/chromium) through Playwright, slows its CPU once Python is ready (the
page's thread with the DevTools protocol, Python's worker with a CPU quota:
bench/throttle.py) and plays the match bench/page_speed.py plays: Strong,
Normal, Easy and Strong on double-12, one round, at each CPU speed asked.
Then (unless ``--no-review``) it opens a finished 13-round double-12 match
(two seats, the person's played by Normal, as bench/review.py makes it) from a
file and runs "Review my play" on it to the end. A PerformanceObserver counts
the "longtask" entries (tasks over 50 ms) from the first move to the end of
the round, and from the review's start to its end. Also printed: the slowest
steps across the bridge (Python plus JSON, and drawing), from app.js's
``window.mtPerf`` hook, to tell what is long. Target (issue 24): no task over
50 ms at all. The script always exits 0.

``--profile`` records Chromium's trace of the match (as bench/boot_profile.py does for the start-up)
and prints, for every task over 100 ms, the browser's events inside it that took longest (a function
call, style, layout, paint) and what the CPU profiler's samples there were running, by function.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import platform
import statistics
import sys

from bench.page_speed import READY_MS, fill_match_form, start_server, wait_for_round_end
from bench.throttle import Throttle

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
DESKTOP = {"width": 1100, "height": 850}

OBSERVE = """
window.mtLong = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.mtLong.push([e.startTime, e.duration]);
}).observe({ type: "longtask", buffered: true });
// Long animation frames (Chromium's "long-animation-frame"): without a trace, what a long task was doing: its
// scripts (what called them, their own forced style and layout) and the frame's own style, layout and paint.
window.mtFrames = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const end = e.startTime + e.duration;
      window.mtFrames.push({start: e.startTime, duration: e.duration,
        render: e.renderStart ? end - e.renderStart : 0,
        styleLayout: e.styleAndLayoutStart ? end - e.styleAndLayoutStart : 0,
        scripts: e.scripts.map((x) => ({invoker: x.invoker, fn: x.sourceFunctionName,
          url: (x.sourceURL || "").split("/").pop(), at: x.sourceCharPosition, duration: x.duration,
          forced: x.forcedStyleAndLayoutDuration}))});
    }
  }).observe({ type: "long-animation-frame", buffered: true });
} catch (e) { /* not Chromium */ }
"""


def dissect(data: bytes, start_ms: float, end_ms: float, over_ms: float = 100, top: int = 6) -> list[str]:
    """Lines naming what ran in each main-thread task over ``over_ms`` between two ``performance.now()``
    times, from a trace that holds the page's ``mt-match-start`` mark (its clock's zero)."""
    from bench.boot_profile import TASK_NAMES, complete_events, main_thread, samples
    trace = json.loads(data)
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    pid, tid = main_thread(events)
    mark = next(e for e in events if e["pid"] == pid and e.get("name") == "mt-match-start"
                and isinstance(e.get("args", {}).get("data"), dict))
    zero = mark["ts"] - mark["args"]["data"]["startTime"] * 1000
    timed = complete_events(events, pid, tid)
    tasks = [e for e in timed if e["name"] in TASK_NAMES and e["dur"] >= over_ms * 1000
             and start_ms <= (e["ts"] - zero) / 1000 <= end_ms]
    outer = [t for t in tasks if not any(o is not t and o["ts"] <= t["ts"] and t["ts"] + t["dur"] <= o["ts"] + o["dur"]
                                         for o in tasks)]
    sampled = samples(events, pid, tid)
    lines = []
    for t in outer:
        begin, end = t["ts"], t["ts"] + t["dur"]
        lines.append(f"    task at {(begin - zero) / 1000 - start_ms:,.0f} ms, {t['dur'] / 1000:,.0f} ms long "
                     f"({t.get('tdur', 0) / 1000:,.0f} ms of it running)")
        inner = [e for e in timed if begin <= e["ts"] and e["ts"] + e["dur"] <= end and e is not t
                 and e["name"] not in TASK_NAMES and e["dur"] >= 2000]
        for e in sorted(inner, key=lambda e: -e["dur"])[:top]:
            detail = e.get("args", {}).get("data", {}) or {}
            what = detail.get("functionName") or detail.get("url") or detail.get("type") or ""
            what = str(what).rsplit("/", 1)[-1][:50]
            lines.append(f"        {e['dur'] / 1000:6,.0f} ms  {e['name']}{' ' + what if what else ''}")
        inside = collections.Counter(name for ts, name in sampled if begin <= ts <= end)
        total = sum(inside.values())
        for name, n in inside.most_common(top):
            lines.append(f"        {100 * n / total:5.1f} % of samples  {name}")
    return lines


def describe_frame(frame: dict) -> str:
    """A long animation frame in a line: its scripts (invoker, function, own time, forced style and layout) and
    the frame's rendering (style and layout, then the rest: paint, commit)."""
    parts = [f"{x['invoker'] or '?'}{' ' + x['fn'] if x['fn'] else ''} {x['url']}: {x['duration']:.0f} ms"
             + (f" ({x['forced']:.0f} forced style+layout)" if x["forced"] >= 1 else "") for x in frame["scripts"]]
    rendering = (f"rendering {frame['render']:.0f} ms (style+layout {frame['styleLayout']:.0f})"
                 if frame["render"] else "no rendering")
    return f"frame {frame['duration']:.0f} ms: " + "; ".join(parts + [rendering])


def open_page(browser, base: str, phone: bool):
    """The game in a new context (the phone's or a 1100x850 window), ready, its long tasks observed and its
    errors collected."""
    if phone:
        from bench.phone_speed import PHONE
        context = browser.new_context(**PHONE)
    else:
        context = browser.new_context(viewport=DESKTOP)
    problems: list[str] = []
    page = context.new_page()
    page.on("console", lambda m: m.type == "error" and problems.append(m.text))
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.add_init_script(OBSERVE)
    page.goto(base + "?test=1&nosw")
    page.wait_for_selector("html[data-py-ready]", state="attached", timeout=READY_MS)
    return context, page, problems


def play(browser, base: str, seats: list[str], speed: str, rate: float, seed: int, profile: bool = False,
         phone: bool = False, over: float = 100) -> dict:
    """One match at ``speed`` under a CPU slowed ``rate`` times: the long tasks and the slowest bridge steps."""
    context, page, problems = open_page(browser, base, phone)
    try:
        fill_match_form(page, seats, 12, "one", speed, seed)
        throttle = Throttle(context.new_cdp_session(page), rate)
        page.evaluate("window.mtPerf.steps.length = 0")
        if profile:
            from bench.boot_profile import CATEGORIES
            browser.start_tracing(page=page, categories=CATEGORIES)
        start = page.evaluate("performance.mark('mt-match-start'), performance.now()")
        page.click('#setup [data-action="start"]')
        wait_for_round_end(page, 1_800_000)
        end = page.evaluate("performance.now()")
        page.wait_for_timeout(300)  # the last task's entry
        long = [(s, d) for s, d in page.evaluate("window.mtLong") if start <= s <= end]
        frames = page.evaluate("window.mtFrames")
        tasks = [d for _, d in long]
        steps = page.evaluate("window.mtPerf.steps")
        # each task over ``over`` ms, when it began in the match, with the bridge call that ran inside it (if one did)
        culprits = []
        for s, d in long:
            if d > over:
                inside = [x for x in steps if s <= x.get("at", -1) <= s + d]
                frame = next((f for f in frames if f["start"] <= s + 1 and s < f["start"] + f["duration"]), None)
                culprits.append((d, inside[0] if inside else None, s - start, frame))
        throttle.close()
        profiled = dissect(browser.stop_tracing(), start, end, over) if profile else []
    finally:
        context.close()
    slow = sorted(steps, key=lambda s: -(s["py"] + s["render"]))[:5]
    return {"tasks": tasks, "slow": slow, "seconds": (end - start) / 1000, "problems": problems,
            "steps": len(steps), "culprits": culprits, "profiled": profiled}


def review_file(seed: int = 7) -> str:
    """A finished 13-round double-12 match of two seats, the person's seat (0) played by Normal against
    Strong (bench/review.py's match), as a match file."""
    from mexican_train import Rules, matchfile, new_match
    from mexican_train.cli import play_out
    from mexican_train.match import Player
    match = play_out(new_match(Rules.make("standard", set=12, seats=2), seed, [Player("Ana", "normal"),
                                                                              Player("CPU 1", "strong")]))
    return matchfile.dumps(match._replace(players=(Player("Ana", "human"),) + match.players[1:]))


def review(browser, base: str, rate: float, text: str, phone: bool = False) -> dict:
    """The review of a finished match opened from a file, under a CPU slowed ``rate`` times: its long tasks."""
    context, page, problems = open_page(browser, base, phone)
    try:
        page.set_input_files("#import-file", files=[{"name": "match.json", "mimeType": "application/json",
                                                     "buffer": text.encode()}])
        # the file opens on its last round's end; its button leads to the match's end, where the review is
        page.wait_for_selector('#round-dialog #round-button[data-action="final_results"]', state="visible",
                               timeout=60_000)
        page.click("#round-button")
        page.wait_for_selector("#match-dialog", state="visible", timeout=60_000)
        throttle = Throttle(context.new_cdp_session(page), rate)
        page.evaluate("window.mtPerf.steps.length = 0")
        start = page.evaluate("performance.now()")
        page.click('#match-dialog [data-action="review"]')
        page.wait_for_selector('html[data-review="done"]', state="attached", timeout=1_800_000)
        end = page.evaluate("performance.now()")
        page.wait_for_timeout(300)  # the last task's entry
        tasks = [d for s, d in page.evaluate("window.mtLong") if start <= s <= end]
        steps = page.evaluate("window.mtPerf.steps")
        items = page.locator("#review-items li").count()
        throttle.close()
    finally:
        context.close()
    slow = sorted(steps, key=lambda s: -(s["py"] + s["render"]))[:3]
    return {"tasks": tasks, "slow": slow, "seconds": (end - start) / 1000, "problems": problems,
            "steps": len(steps), "items": items}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rate", type=float, default=4.0, help="CPU slow-down factor (default 4)")
    parser.add_argument("--speeds", default="instant,normal", help="CPU speeds to play at (default instant,normal)")
    parser.add_argument("--seats", default="strong,normal,easy,strong", help="CPU kinds of the match, by seat")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=1, help="matches per speed (seeds seed, seed+1, ...)")
    parser.add_argument("--profile", action="store_true", help="trace the match and dissect each task over --over ms")
    parser.add_argument("--over", type=float, default=100, help="name (and with --profile dissect) each task over this, "
                        "ms (default 100)")
    parser.add_argument("--no-review", action="store_true", help="skip the review of a 13-round match")
    parser.add_argument("--phone", action="store_true", help="bench/phone_speed.py's phone (360x740, touch) "
                        "instead of a 1100x850 window")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright
    proc, base = start_server(ROOT)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            print(f"Chromium {browser.version}, Python {platform.python_version()} serving; CPU slowed {args.rate:g}x;"
                  f" {args.seats} on double-12, one round")
            for speed in args.speeds.split(","):
                for run in range(args.runs):
                    r = play(browser, base, args.seats.split(","), speed, args.rate, args.seed + run, args.profile, args.phone,
                             args.over)
                    tasks = r["tasks"]
                    over = [d for d in tasks if d > 100]
                    print(f"{speed:8} seed {args.seed + run}: {r['seconds']:.0f} s, {r['steps']} bridge calls;"
                          f" long tasks (>50 ms) {len(tasks)}, over 100 ms {len(over)},"
                          f" longest {max(tasks, default=0):.0f} ms"
                          + (f", median of those {statistics.median(tasks):.0f} ms" if tasks else ""))
                    for s in r["slow"]:
                        print(f"    slowest bridge calls: {s['type']:8} python+json {s['py']:.0f} ms,"
                              f" drawing {s['render']:.0f} ms")
                    for d, s, at, frame in r["culprits"]:
                        inside = f"{s['type']} (python+json {s['py']:.0f} ms, drawing {s['render']:.0f} ms)" if s \
                            else "no bridge call"
                        print(f"    task at {at:,.0f} ms, {d:.0f} ms long: {inside}")
                        if frame:
                            print("      " + describe_frame(frame))
                    for line in r["profiled"]:
                        print(line)
                    for problem in r["problems"]:
                        print(f"    page error: {problem}")
            if not args.no_review:
                text = review_file()
                for run in range(args.runs):
                    r = review(browser, base, args.rate, text, args.phone)
                    tasks = r["tasks"]
                    print(f"review   run {run + 1}: {r['seconds']:.0f} s, {r['steps']} bridge calls, {r['items']} items;"
                          f" long tasks (>50 ms) {len(tasks)}, longest {max(tasks, default=0):.0f} ms")
                    for s in r["slow"]:
                        print(f"    slowest bridge calls: {s['type']:8} python+json {s['py']:.0f} ms,"
                              f" drawing {s['render']:.0f} ms")
                    for problem in r["problems"]:
                        print(f"    page error: {problem}")
            browser.close()
    finally:
        proc.terminate()
        proc.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
