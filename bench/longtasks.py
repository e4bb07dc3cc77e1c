#!/usr/bin/env python3
"""Main-thread long tasks during a CPU-vs-CPU match and a 13-round review, with the CPU slowed (a phone's pace).

    python3 -m bench.longtasks                         # 4x slower CPU: instant and normal speed, the review
    python3 -m bench.longtasks --rate 4 --speeds instant --runs 3 --no-review
    python3 -m bench.longtasks --speeds instant --profile      # also dissect each task over 100 ms (--over)
    python3 -m bench.longtasks --phone                         # on bench/phone_speed.py's phone
    python3 -m bench.longtasks --phone --no-match --read-first # the review only, once the coach has read along
    python3 -m bench.longtasks --phone --no-match --played     # the review after a 13-round match on the page
    python3 -m bench.longtasks --phone --over 45 --core-waits  # each task over 45 ms: ran, waited for a core

Serves the repository (scripts/serve.py, a process of its own on a free
port), opens the game in Debian's Chromium (``CHROMIUM``, default
/usr/bin/chromium) through Playwright, slows its CPU once Python is ready (the
page's thread with the DevTools protocol, Python's worker with a CPU quota:
bench/throttle.py) and plays the match bench/page_speed.py plays: Strong,
Normal, Easy and Strong on double-12, one round, at each CPU speed asked.
Then (unless ``--no-review``) it opens a finished 13-round double-12 match
(two seats, the person's played by Normal, as bench/review.py makes it) from a
file and runs "Review my play" on it to the end: at once, or with
``--read-first`` once the page has read the file's rounds ahead (the coach
reads each round over while the page is idle: after a match played on the
page, only the rounds no idle time was left for remain to be judged); with
``--played`` it plays such a match on the page instead and reviews it at its
end. The CPU
is slowed before the file is opened; the review's time is given from the click
and from the file's opening, with the worker's measured slow-down. A
PerformanceObserver counts
the "longtask" entries (tasks over 50 ms) from the first move to the end of
the round, and from the review's start (or the file's opening) to its end. Also printed: the slowest
steps across the bridge (Python plus JSON, and drawing), from app.js's
``window.mtPerf`` hook, to tell what is long. Target (issue 24): no task over
50 ms at all. The script always exits 0.

``--core-waits`` gives each task of a match over ``--over`` ms the time the page's thread ran in it and the time
it waited for a core (bench/throttle.py: CoreWaits, as ``bench.phone_speed --core-waits``), and ``--own-core``
gives that thread a core of its own (as ``bench.phone_speed --own-core``).

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
from bench.throttle import CoreWaits, Pace, Throttle

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


def play(browser, base: str, seats: list[str], speed: str, pace: Pace, seed: int, profile: bool = False,
         phone: bool = False, over: float = 100) -> dict:
    """One match at ``speed`` at the ``pace`` given: the long tasks and the slowest bridge steps."""
    context, page, problems = open_page(browser, base, phone)
    try:
        fill_match_form(page, seats, 12, "one", speed, seed)
        throttle = pace.throttle(context.new_cdp_session(page))
        origin = page.evaluate("performance.timeOrigin")
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
                cores = pace.words(origin + s, origin + s + d)
                culprits.append((d, inside[0] if inside else None, s - start, frame, cores))
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


LOOP = "window.mtTest.call({type: 'loop', n: 2000000}).then((a) => a.view.cpu[0][1])"
"""A fixed Python loop timed in Python's worker, ms (as bench.phone_speed's ``loop_check``)."""


def slow_down(context, page, pace: Pace) -> tuple[Throttle, float]:
    """The page slowed at the ``pace`` given, and how many times slower that made the fixed loop in Python's worker."""
    unthrottled = statistics.median(page.evaluate(LOOP) for _ in range(3))
    throttle = pace.throttle(context.new_cdp_session(page))
    slowed = statistics.median(page.evaluate(LOOP) for _ in range(3))
    return throttle, slowed / unthrottled


def review_at_once(page) -> tuple[float, float, list, int]:
    """"Review my play" clicked on the match's end: when it was clicked and when the review was done (the page's
    ms), the long tasks the page recorded (start, ms) and the items the review listed."""
    start = page.evaluate("performance.now()")
    page.click('#match-dialog [data-action="review"]')
    page.wait_for_selector('html[data-review="done"]', state="attached", timeout=1_800_000)
    end = page.evaluate("performance.now()")
    page.wait_for_timeout(300)  # the last task's entry
    return start, end, page.evaluate("window.mtLong"), page.locator("#review-items li").count()


def review(browser, base: str, pace: Pace, text: str, phone: bool = False, read_first: bool = False) -> dict:
    """The review of a finished match opened from a file, at the ``pace`` given: its long tasks.

    The page starts reading the file's rounds ahead as soon as it opens (the coach reads along): the review is
    asked for at once, or with ``read_first`` once that reading is over (as after a match played on the page,
    where each round is read while the next one is played)."""
    context, page, problems = open_page(browser, base, phone)
    try:
        throttle, worker_slowed = slow_down(context, page, pace)
        opened = page.evaluate("performance.now()")
        page.set_input_files("#import-file", files=[{"name": "match.json", "mimeType": "application/json",
                                                     "buffer": text.encode()}])
        # the file opens on its last round's end; its button leads to the match's end, where the review is
        page.wait_for_selector('#round-dialog #round-button[data-action="final_results"]', state="visible",
                               timeout=60_000)
        page.click("#round-button")
        page.wait_for_selector("#match-dialog", state="visible", timeout=60_000)
        shown = page.evaluate("performance.now()")
        read = None
        if read_first:
            page.wait_for_selector('html[data-read-ahead="0"]', state="attached", timeout=1_800_000)
            read = (page.evaluate("performance.now()") - opened) / 1000
        page.evaluate("window.mtPerf.steps.length = 0")
        # the page keeps its last 2000 steps only: count them all as they come
        page.evaluate("""() => { const steps = window.mtPerf.steps, push = steps.push.bind(steps);
            const all = window.mtReviewSteps = {n: 0, py: 0, render: 0};
            steps.push = (s) => { all.n += 1; all.py += s.py; all.render += s.render; return push(s); }; }""")
        start, end, entries, items = review_at_once(page)
        tasks = [d for s, d in entries if (shown if read_first else start) <= s <= end]
        opening = [d for s, d in entries if opened <= s < shown]
        steps = page.evaluate("window.mtPerf.steps")
        counted = page.evaluate("window.mtReviewSteps")
        throttle.close()
    finally:
        context.close()
    slow = sorted(steps, key=lambda s: -(s["py"] + s["render"]))[:3]
    return {"tasks": tasks, "slow": slow, "seconds": (end - start) / 1000, "problems": problems,
            "from_opening": (end - opened) / 1000, "read": read, "opening": opening,
            "steps": counted["n"], "items": items, "worker_slowed": worker_slowed,
            "py": counted["py"] / 1000, "render": counted["render"] / 1000}


def played_review(browser, base: str, pace: Pace, phone: bool = False, seed: int = 7) -> dict:
    """A 13-round double-12 match played on the page at the ``pace`` given, the person's seat by
    the bench (the first playable tile, as fast as it can click: less idle time for the coach to read along
    than a person leaves) against Strong at instant speed, then "Review my play" at once: how long it takes
    from the click, with the rounds read along while the match was played."""
    from e2e.game import Game
    context, page, problems = open_page(browser, base, phone)
    try:
        throttle, worker_slowed = slow_down(context, page, pace)
        game = Game(page)
        # each answer to the person's taps, ms from the event to the answer (the page keeps its last 2000 steps)
        page.evaluate("""() => { const steps = window.mtPerf.steps, push = steps.push.bind(steps);
            const taps = window.mtTaps = [];
            steps.push = (s) => { if (s.type !== "cpu" && s.type !== "think") taps.push(s.py); return push(s); }; }""")
        game.fill_setup([("Ana", "human"), ("CPU 1", "strong")], set=12, rounds="full", speed="instant", seed=seed)
        started = page.evaluate("performance.now()")
        page.click('#setup [data-action="start"]')
        page.wait_for_selector("#game-screen", state="visible")
        steps = 0
        settled = ("() => { const d = document.documentElement.dataset;"
                   " return d.cpuPending === '0' && !d.thinking && d.busy === '0'; }")

        def act(selector: str) -> None:
            page.click(selector)
            page.wait_for_function(settled, timeout=120_000, polling=100)

        while True:   # what a person at the screen does next, once the computer's move is drawn
            page.wait_for_function(settled, timeout=120_000, polling=100)
            if page.locator("#match-dialog").is_visible():
                break
            steps += 1
            if page.locator("#round-dialog").is_visible():
                act("#round-button")
                continue
            command = next((a for a in ("next", "reveal", "draw", "pass", "stop") if game.shown(a)), None)
            if command:
                act(f'#game-screen [data-action="{command}"]')
                continue
            act(f'#hand-tiles [data-tile="{game.playable()[0]}"]')
            act(f'#trains [data-train="{game.targets()[0]}"]')
        played = (page.evaluate("performance.now()") - started) / 1000
        taps = sorted(page.evaluate("window.mtTaps"))
        unread = page.evaluate("document.documentElement.dataset.readAhead")
        page.evaluate("window.mtPerf.steps.length = 0")
        start, end, entries, items = review_at_once(page)
        tasks = [d for s, d in entries if start <= s <= end]
        throttle.close()
    finally:
        context.close()
    return {"tasks": tasks, "seconds": (end - start) / 1000, "played": played, "person_steps": steps,
            "unread": unread == "1", "items": items, "problems": problems, "worker_slowed": worker_slowed,
            "taps": taps}


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
    parser.add_argument("--no-match", action="store_true", help="skip the CPU match (the review only)")
    parser.add_argument("--played", action="store_true", help="play the 13-round match on the page first (the "
                        "person's seat clicked by the bench), then review it at once")
    parser.add_argument("--read-first", action="store_true", help="ask for the review once the page has read the "
                        "file's rounds ahead (as after a match played on the page), not at once")
    parser.add_argument("--phone", action="store_true", help="bench/phone_speed.py's phone (360x740, touch) "
                        "instead of a 1100x850 window")
    parser.add_argument("--own-core", action="store_true", help="the throttled page's thread on a core of its own, "
                        "every other thread on the other (bench/throttle.py: CorePinner)")
    parser.add_argument("--core-waits", action="store_true", help="give each task over --over ms the time the page's "
                        "thread ran in it and waited for a core (bench/throttle.py: CoreWaits)")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright
    proc, base = start_server(ROOT)
    cores = None
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            cores = CoreWaits() if args.core_waits else None
            pace = Pace(args.rate, args.own_core, cores)
            print(f"Chromium {browser.version}, Python {platform.python_version()} serving; CPU slowed {args.rate:g}x;"
                  f" {args.seats} on double-12, one round")
            for speed in [] if args.no_match else args.speeds.split(","):
                for run in range(args.runs):
                    r = play(browser, base, args.seats.split(","), speed, pace, args.seed + run, args.profile, args.phone,
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
                    for d, s, at, frame, cores in r["culprits"]:
                        inside = f"{s['type']} (python+json {s['py']:.0f} ms, drawing {s['render']:.0f} ms)" if s \
                            else "no bridge call"
                        print(f"    task at {at:,.0f} ms, {d:.0f} ms long: {inside}{cores}")
                        if frame:
                            print("      " + describe_frame(frame))
                    for line in r["profiled"]:
                        print(line)
                    for problem in r["problems"]:
                        print(f"    page error: {problem}")
            if args.played:
                for run in range(args.runs):
                    r = played_review(browser, base, pace, args.phone, 7 + run)
                    tasks = r["tasks"]
                    taps = r["taps"]
                    print(f"played   run {run + 1}: the match took {r['played']:.0f} s ({r['person_steps']} of the"
                          f" person's steps, Python's answers to {len(taps)} taps: median"
                          f" {statistics.median(taps):.0f} ms, p95 {taps[int(0.95 * (len(taps) - 1))]:.0f} ms,"
                          f" slowest {taps[-1]:.0f} ms){', rounds left unread' if r['unread'] else ''}; the review"
                          f" {r['seconds']:.1f} s from the click, {r['items']} items, Python's worker slowed"
                          f" {r['worker_slowed']:.1f}x; long tasks (>50 ms) in it"
                          f" {len(tasks)}, longest {max(tasks, default=0):.0f} ms")
                    for problem in r["problems"]:
                        print(f"    page error: {problem}")
            elif not args.no_review:
                text = review_file()
                for run in range(args.runs):
                    r = review(browser, base, pace, text, args.phone, args.read_first)
                    tasks = r["tasks"]
                    read = f"read ahead in {r['read']:.0f} s, then " if r["read"] is not None else ""
                    print(f"review   run {run + 1}: {read}{r['seconds']:.1f} s from the click ({r['from_opening']:.0f} s"
                          f" from opening the file), {r['steps']} bridge calls ({r['py']:.1f} s waiting for"
                          f" Python, {r['render']:.1f} s drawing), {r['items']} items, Python's worker slowed"
                          f" {r['worker_slowed']:.1f}x;"
                          f" long tasks (>50 ms) {len(tasks)}, longest {max(tasks, default=0):.0f} ms"
                          f" (opening the file, before: {len(r['opening'])}, longest"
                          f" {max(r['opening'], default=0):.0f} ms)")
                    for s in r["slow"]:
                        print(f"    slowest bridge calls: {s['type']:8} python+json {s['py']:.0f} ms,"
                              f" drawing {s['render']:.0f} ms")
                    for problem in r["problems"]:
                        print(f"    page error: {problem}")
            browser.close()
    finally:
        if cores:
            cores.close()
        proc.terminate()
        proc.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
