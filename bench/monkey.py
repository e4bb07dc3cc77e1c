#!/usr/bin/env python3
"""The monkey, at length: many seeds of random clicks and keys through the real page, checked after every step.

    python3 -m bench.monkey                          # seeds 1-50, 200 steps each
    python3 -m bench.monkey --seeds 500 --steps 300  # longer
    python3 -m bench.monkey --seed-list 17,42        # replay particular seeds
    python3 -m bench.monkey --kinds easy,normal,strong --seeds 20
    python3 -m bench.monkey --all --seeds 50 --steps 200   # every option (below), 10,000 steps

Each seed sets up a match through the setup form (preset, tile set, seats, people and CPUs, hotseat,
every rule option), then takes seeded random steps: clicks on tiles, trains and every button, keys,
reloads followed by Continue, imports of match files. After every step the page must show exactly the
position of its save (replayed by the real engine on CPython), the counts must add up to the set, and
no console error may appear: the checks are e2e/random_play.py's, the same as the suite's short
run (e2e/test_monkey.py). A seed replays identically as long as the page and engine do not change.

Prints a line per seed and a summary. Exits 1 if any seed failed, after writing, for each failure,
``<out>/seed-<N>.txt`` (what was wrong, the settings, the last steps) and ``<out>/seed-<N>.json``
(the save at that moment: open its ``match`` with ``python -m mexican_train`` or the page's
"Open a match file").

``--all`` covers every option: seats up to ten (classic, double-12), CPU kinds random, easy, normal and
strong, every CPU speed (instant most often; slow and normal are slow to watch) and changes of speed in
the menu, hostile files opened (deep nesting, fields of the wrong type, truncated, duplicate keys, over
4 MB) and storage faults (localStorage refusing every write for a while, the save overwritten with
something unreadable); each can also be switched on alone. Needs ``bash scripts/setup.sh`` once; Chromium is ``CHROMIUM`` (default
/usr/bin/chromium).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

from e2e.conftest import ARGS, CHROMIUM, open_game, wait_ready
from e2e.random_play import MonkeyFailure, run_seed
from scripts import build_py, serve


def write_failure(out: str, failure: MonkeyFailure) -> str:
    os.makedirs(out, exist_ok=True)
    base = os.path.join(out, f"seed-{failure.seed}")
    with open(base + ".txt", "w", encoding="utf-8") as f:
        f.write(f"seed {failure.seed}, step {failure.step}\n{failure.message}\n\nsteps:\n")
        f.write("\n".join(failure.trail) + "\n")
    if failure.save:
        with open(base + ".json", "w", encoding="utf-8") as f:
            try:
                json.dump(json.loads(failure.save), f, indent=1)
            except ValueError:
                f.write(failure.save)
    return base


def covered(seeds: list[int], kinds: tuple[str, ...], scope: dict) -> str:
    """Which presets, sets, seat counts, speeds, CPU kinds and rule options the seeds' set-ups drew."""
    import random
    from e2e.random_play import random_settings
    seen: dict[str, set] = {}
    for seed in seeds:
        s = random_settings(random.Random(f"monkey/{seed}"), kinds, scope)
        for key, value in (("preset", s["preset"]), ("set", s["set"]), ("seats", len(s["players"])),
                           ("speed", s["speed"]), ("rounds", s["rounds"]), ("double_rule", s["double_rule"]),
                           ("blank_double_penalty", s["blank_double_penalty"]),
                           ("exhausted_suit_exception", s["exhausted_suit_exception"]),
                           ("opening_chain", s["opening_chain"]),
                           ("mexican_after_first_turn", s["mexican_after_first_turn"]),
                           ("hand_size", "usual" if s["hand_size"] is None else "small"),
                           ("people", sum(k == "human" for _, k in s["players"]))):
            seen.setdefault(key, set()).add(value)
        for _, kind in s["players"]:
            seen.setdefault("kinds", set()).add(kind)
    return "; ".join(f"{k} {', '.join(str(v) for v in sorted(vals, key=str))}" for k, vals in seen.items())


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", type=int, default=50, help="how many seeds (default 50)")
    ap.add_argument("--start", type=int, default=1, help="first seed (default 1)")
    ap.add_argument("--seed-list", help="comma-separated seeds instead of --start/--seeds")
    ap.add_argument("--steps", type=int, default=200, help="random steps per seed (default 200)")
    ap.add_argument("--kinds", default="random,random,easy",
                    help="CPU kinds to draw seats from (default random,random,easy; strong is slow)")
    ap.add_argument("--speeds", help="CPU speeds to draw from, e.g. instant,instant,fast,normal,slow "
                    "(default instant,instant,instant,instant,instant,fast)")
    ap.add_argument("--wide", action="store_true", help="seat counts up to ten (classic, double-12)")
    ap.add_argument("--hostile", action="store_true", help="open hostile files too")
    ap.add_argument("--faults", action="store_true", help="storage faults: writes refused, the save overwritten")
    ap.add_argument("--all", action="store_true", help="all of the above, and every CPU kind and speed")
    ap.add_argument("--out", default=os.path.join(HERE, "monkey-failures"), help="where failures are written")
    ap.add_argument("--stop", action="store_true", help="stop at the first failure")
    a = ap.parse_args(argv)
    seeds = [int(s) for s in a.seed_list.split(",")] if a.seed_list else list(range(a.start, a.start + a.seeds))
    if a.all:
        a.wide = a.hostile = a.faults = True
        a.speeds = a.speeds or "instant,instant,instant,instant,fast,fast,normal,slow"
        if a.kinds == ap.get_default("kinds"):
            a.kinds = "random,random,easy,easy,normal,strong"
    kinds = tuple(k.strip() for k in a.kinds.split(",") if k.strip())
    scope = {"speeds": [s.strip() for s in a.speeds.split(",")] if a.speeds else None, "wide": a.wide,
             "hostile": a.hostile, "faults": a.faults}

    from playwright.sync_api import sync_playwright
    build_py.ensure()
    srv = serve.make_server(0, "/", ROOT)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    url = srv.url + "?test=1"
    totals: dict[str, int] = {}
    failures: list[tuple[int, str, str]] = []
    started = time.time()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            context, page, watch = open_game(browser, url)
            for seed in seeds:
                t0 = time.time()
                try:
                    counts = run_seed(page, watch, seed, a.steps, wait_ready, kinds=kinds, scope=scope)
                except MonkeyFailure as failure:
                    base = write_failure(a.out, failure)
                    failures.append((seed, failure.message, base))
                    print(f"seed {seed}: FAILED at step {failure.step}: {failure.message[:300]}\n"
                          f"  written to {base}.txt / .json", flush=True)
                    context.close()      # a fresh page for the next seed
                    if a.stop:
                        break
                    context, page, watch = open_game(browser, url)
                    continue
                for k, v in counts.items():
                    totals[k] = totals.get(k, 0) + v
                print(f"seed {seed}: ok, {counts['steps']} steps ({counts['clicks']} clicks, {counts['keys']} keys, "
                      f"{counts['reloads']} reloads, {counts['imports']} imports ({counts['hostile']} hostile), "
                      f"{counts['faults']} storage faults, {counts['speed_changes']} speed changes, "
                      f"{counts['rounds_ended']} round ends) in {time.time() - t0:.0f} s", flush=True)
            context.close()
            browser.close()
    finally:
        srv.shutdown()
        srv.server_close()
    ran = len(seeds) if not (a.stop and failures) else seeds.index(failures[-1][0]) + 1
    print(f"\nmonkey: {ran} seeds, {len(failures)} failed; {totals.get('steps', 0)} steps checked in passing seeds "
          f"({totals.get('clicks', 0)} clicks, {totals.get('keys', 0)} keys, {totals.get('reloads', 0)} reloads, "
          f"{totals.get('imports', 0)} imports ({totals.get('hostile', 0)} hostile), {totals.get('faults', 0)} storage "
          f"faults, {totals.get('speed_changes', 0)} speed changes, {totals.get('rounds_ended', 0)} round ends) in "
          f"{time.time() - started:.0f} s")
    if a.all or a.wide or a.speeds or a.kinds != ap.get_default("kinds"):
        print("  settings covered: " + covered(seeds, kinds, scope))
    for seed, message, base in failures:
        print(f"  seed {seed}: {message[:200]}  ({base}.txt)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
