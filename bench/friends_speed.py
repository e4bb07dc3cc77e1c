#!/usr/bin/env python3
"""A friend's device joining a match, timed on an emulated mid-range phone (issue 28's two times).

    python3 -m scripts.build_dist && python3 -m bench.friends_speed            # dist/, as a static host serves it
    python3 -m bench.friends_speed --runs 5 --root .                           # the repository's own files

It runs in a network namespace with only loopback (it starts itself again under ``unshare -n``, as root), so
every WebRTC candidate is 127.0.0.1, like the browser tests. The friend is a fresh browser context on
bench/phone_speed.py's phone (360x740, DPR 2, touch), its page's thread slowed 4x
(``Emulation.setCPUThrottlingRate``: the friend's page has no worker) and its network Fast 4G (40 ms, 9 Mbit/s
down, 1.5 up): a first visit. The host is a desktop context at full speed with Python ready and its lobby open.

* **invitation to reply link**: from the friend's navigation to the invitation until its reply link is shown
  (the ``mt-reply-shown`` mark: the page loaded, the offer inflated, the answer made and its candidates
  gathered, the reply deflated into the link);
* **reply to first board**: from the host's tab receiving the reply (``mt-reply-received``, in friends.js)
  until the friend's page has drawn its first board (``mt-friend-board``, in friend.js): the data channel
  opens, the host deals, its Python builds the friend's view, the channel carries it, the friend draws it.
  The two marks are on two pages' clocks, compared as wall-clock times (``timeOrigin`` + the mark).

Prints each run and the medians, with the target (3 s each) and the machine's load.
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)

from bench.phone_speed import ARGS, CHROMIUM, NETS, PHONE   # noqa: E402
from scripts import serve   # noqa: E402

RTC = ["--use-fake-ui-for-media-stream", "--allow-loopback-in-peer-connection",
       "--disable-features=WebRtcHideLocalIpsWithMdns"]
TARGET_MS = 3000
WALL = "(name) => { const m = performance.getEntriesByName(name)[0]; return m ? performance.timeOrigin + m.startTime : null; }"


def one_run(browser, url: str, cpu: float) -> tuple[float, float]:
    host = browser.new_context(viewport={"width": 1100, "height": 850})
    page = host.new_page()
    page.goto(url + "?set=6&seats=3&seat0=human&seat1=friend&name1=Ana&seat2=normal&rounds=one&autostart=1&nosw")
    page.wait_for_selector("html[data-py-ready]", state="attached", timeout=120_000)
    page.wait_for_function("() => (document.querySelector('[data-invite-link]') || {href: ''}).href.includes('#join=')")
    invite = page.get_attribute("[data-invite-link]", "href")
    phone = browser.new_context(**PHONE)
    friend = phone.new_page()
    cdp = phone.new_cdp_session(friend)
    cdp.send("Network.enable")
    latency, down, up = NETS["fast4g"]
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": latency, "downloadThroughput": down,
                                                  "uploadThroughput": up, "connectionType": "cellular4g"})
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
    friend.goto(invite)
    friend.wait_for_selector("[data-reply-link]", state="visible", timeout=60_000)
    reply_ms = friend.evaluate("() => performance.getEntriesByName('mt-reply-shown')[0].startTime")
    reply = friend.get_attribute("[data-reply-link]", "href")
    tab = host.new_page()
    tab.goto(reply)
    friend.wait_for_selector("#game-screen", state="visible", timeout=60_000)
    friend.wait_for_function("() => performance.getEntriesByName('mt-friend-board').length > 0")
    received = page.evaluate(WALL, "mt-reply-received")
    drawn = friend.evaluate(WALL, "mt-friend-board")
    phone.close()
    host.close()
    return reply_ms, drawn - received


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--cpu", type=float, default=4.0)
    ap.add_argument("--root", default=os.path.join(ROOT, "dist"), help="the site to serve (default dist/)")
    a = ap.parse_args(argv)
    if [name for _i, name in socket.if_nameindex()] != ["lo"]:
        inner = f"ip link set lo up && exec {sys.executable} -m bench.friends_speed " + " ".join(argv)
        return subprocess.run(["unshare", "-n", "sh", "-c", inner], cwd=ROOT).returncode
    from playwright.sync_api import sync_playwright
    srv = serve.make_server(0, "/", os.path.abspath(a.root))
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    print(f"load average before: {os.getloadavg()[0]:.2f}; site {os.path.relpath(a.root, ROOT)}; phone {a.cpu:g}x CPU, Fast 4G")
    joins, boards = [], []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS + RTC)
            for run in range(a.runs):
                join, board = one_run(browser, srv.url, a.cpu)
                joins.append(join)
                boards.append(board)
                print(f"run {run + 1}: invitation -> reply link {join:.0f} ms; reply -> friend's first board {board:.0f} ms")
            browser.close()
    finally:
        srv.shutdown()
        srv.server_close()
    for name, found in (("invitation -> reply link", joins), ("reply -> friend's first board", boards)):
        median = statistics.median(found)
        print(f"median {name}: {median:.0f} ms (target {TARGET_MS} ms: {'ok' if median <= TARGET_MS else 'MISS'})")
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
