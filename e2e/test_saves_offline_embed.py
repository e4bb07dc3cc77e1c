"""Saves that never lose a match, offline play after the first visit, embedding, and the built site.

* a corrupted save: the message in plain words, the save kept aside, a full storage never stops play;
* two tabs of one match: each notices the other at once, neither overwrites the other's save;
* an iframe on another site, in a small frame (the compact layout), from a sub-path;
* offline: load once, really stop the server, reload, continue mid-turn to the identical position, finish;
* dist/ on a plain ``python3 -m http.server`` under a sub-path, then a new release replacing the cache.

Each Pyodide start costs seconds, so each test boots as few pages as it can.
"""

from __future__ import annotations

import http.server
import json
import os
import re
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

import pytest
from e2e.conftest import DESKTOP, READY_MS, ROOT, Watch, open_game, wait_ready
from e2e.game import Game
from tests.helpers import send, settings

from mexican_train.ui.controller import facts, start

VS_CPU = [("Ana", "human"), ("Bot", "random")]
SAVE = "mexican-train:match"
KEPT = "mexican-train:unreadable/"

# Hand tiles, the ends of trains a tile may go on now, and the shown actions: inside the viewport, and the ends
# inside the board's visible part (the board scrolls, the page must not).
IN_VIEW = """() => {
  const board = document.getElementById("board").getBoundingClientRect();
  const off = [];
  const els = document.querySelectorAll(
    "#hand-tiles .htile, #trains .train.eligible .end, #actions button:not([hidden])");
  for (const e of els) {
    const r = e.getBoundingClientRect();
    const outside = r.top < -0.5 || r.bottom > innerHeight + 0.5 || r.left < -0.5 || r.right > innerWidth + 0.5;
    const hidden = e.closest("#board") && (r.top < board.top - 0.5 || r.bottom > board.bottom + 0.5);
    if (outside || hidden) off.push(e.className + " " + (e.dataset.tile || e.dataset.train || e.dataset.action));
  }
  return {count: els.length, off, scroll: document.scrollingElement.scrollHeight, height: innerHeight};
}"""


def position(page):
    """What a person sees of the match: enough to tell two positions apart."""
    return {
        "step": page.get_attribute("html", "data-step"),
        "hand": sorted(page.eval_on_selector_all("#hand-tiles [data-tile]", "els => els.map(e => e.dataset.tile)")),
        "playable": sorted(page.eval_on_selector_all("#hand-tiles .htile.playable",
                                                     "els => els.map(e => e.dataset.tile)")),
        "actions": page.eval_on_selector_all("#actions button:not([hidden])", "els => els.map(e => e.dataset.action)"),
        "banner": page.inner_text("#banner"),
        "trains": page.inner_text("#trains"),
        "status": page.inner_text(".topbar .status"),
    }


def draws_a_tile_that_fits(players=VS_CPU, tries=400):
    """A seed where seat 0 opens with nothing to play and the drawn tile fits: a turn half done."""
    for seed in range(tries):
        session = start(settings(*players, seed=seed, cpu_speed="instant"))
        if facts(session).human_to_move != 0 or {a.kind for a in session.match.legal_actions()} != {"draw"}:
            continue
        after = send(session, {"type": "command", "name": "draw"})
        if after.match.round.drawn is not None and facts(after).human_to_move == 0:
            return seed
    raise AssertionError("no such deal")


def spawn(cmd, pattern, log_path):
    """Start a server process; returns (process, port) once it prints its port."""
    log = open(log_path, "w")
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=log, text=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1", "SERVE_LOG": "1"})
    deadline = time.time() + 20
    while time.time() < deadline:
        line = proc.stdout.readline()
        m = re.search(pattern, line or "")
        if m:
            threading.Thread(target=proc.stdout.read, daemon=True).start()   # keep the pipe drained
            return proc, int(m.group(1))
        if proc.poll() is not None:
            break
    proc.kill()
    raise AssertionError(f"the server did not start: {' '.join(cmd)}")


def stop(proc, port):
    """Really stop a server process, and check that nothing answers on its port any more."""
    proc.terminate()
    proc.wait(10)
    with pytest.raises((urllib.error.URLError, ConnectionError)):
        urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=3)


def test_a_corrupted_save_is_explained_and_kept_aside_and_a_full_storage_never_stops_play(shared, fresh_page):
    first, _, context = shared
    broken = '{"save_version": 2, "match": {"format": "mexican-train", "rou'
    first.evaluate("([key, text]) => localStorage.setItem(key, text)", [SAVE, broken])
    page, watch, url = fresh_page(context=context)
    page.goto(url)
    wait_ready(page)
    message = page.locator("#saved-message")
    message.wait_for(state="visible")
    text = message.inner_text()
    assert "could not be read (the file is not valid JSON at line " in text and "kept aside" in text
    assert not page.locator('#saved-panel [data-action="continue_saved"]').is_visible()
    stored = page.evaluate("() => Object.fromEntries(Object.keys(localStorage).map(k => [k, localStorage.getItem(k)]))")
    assert SAVE not in stored
    assert broken in [v for k, v in stored.items() if k.startswith(KEPT)], "the unreadable save was not kept"
    assert all(k.startswith("mexican-train:") for k in stored), "every key is prefixed"
    # a full storage: every write fails from now on; the player is told, and plays on
    page.evaluate("""() => { Storage.prototype.setItem = function () {
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError"); }; }""")
    game = Game(page)
    game.new_match(VS_CPU, set=6, rounds="one", speed="instant", seed=4)
    notice = page.inner_text("#game-error")
    assert "could not be saved" in notice and "storage for this site is full" in notice
    step = game.attr("data-step")
    game.step_once()
    game.idle()
    assert game.attr("data-step") != step and page.get_attribute("html", "data-screen") in ("board", "round_end")
    # with no storage, the match file still moves the match: export, play another, import it back
    step, hand = game.attr("data-step"), sorted(game.hand())
    page.click('.topbar [data-action="menu"]')
    with page.expect_download() as download:
        page.click('#menu-dialog [data-action="export"]')
    with open(download.value.path(), encoding="utf-8") as f:
        exported = f.read()
    assert json.loads(exported)["format"] == "mexican-train" and download.value.suggested_filename.endswith(".json")
    page.click('#menu-dialog [data-action="close_dialog"]')
    game.new_match(VS_CPU, set=6, rounds="one", speed="instant", seed=9)
    game.open_setup()
    page.set_input_files("#import-file", files=[{"name": "match.json", "mimeType": "application/json",
                                                 "buffer": exported.encode()}])
    page.wait_for_selector("#game-screen", state="visible")
    # the same match at the same action (the file holds the match, not where the screen was)
    assert game.attr("data-step").split("/")[:2] == step.split("/")[:2] and sorted(game.hand()) == hand


def test_two_tabs_of_one_match_notice_each_other_and_never_overwrite_silently(app, shared, fresh_page):
    app.new_match(VS_CPU, set=6, rounds="one", speed="instant", seed=5)
    a = app.page
    app.step_once()
    app.idle()
    step = app.attr("data-step")
    b, watch, url = fresh_page(context=shared[2])
    b.goto(url)
    wait_ready(b)
    elsewhere = b.locator("#saved-elsewhere")
    elsewhere.wait_for(state="visible")          # tab A answered: the match is in play there
    assert "open in another tab" in elsewhere.inner_text()
    b.click('#saved-panel [data-action="continue_saved"]')
    b.wait_for_selector("#game-screen", state="visible")
    assert b.get_attribute("html", "data-step") == step
    # tab A is told at once, stops saving, and offers to carry on here
    a.wait_for_selector('html[data-blocked="1"]', state="attached", timeout=10_000)
    assert "another tab" in a.inner_text("#game-error")
    assert a.locator('#game-screen [data-action="take_over"]').is_visible()
    saved = b.evaluate("(key) => localStorage.getItem(key)", SAVE)
    before = a.get_attribute("html", "data-step")
    for action in ("next", "draw", "pass"):       # tab A acts (CPU play is held there)
        if app.shown(action):
            app.click(action)
            break
    else:
        a.click(f'#hand-tiles [data-tile="{app.playable()[0]}"]')
        a.click(f'#trains [data-train="{app.targets()[0]}"]')
    assert a.get_attribute("html", "data-step") != before, "tab A could not act"
    assert b.evaluate("(key) => localStorage.getItem(key)", SAVE) == saved, "tab A overwrote tab B's save"
    # "Continue here": A carries on from the latest save, and now B is the one told
    a.click('#game-screen [data-action="take_over"]')
    a.wait_for_selector('html[data-blocked="0"]', state="attached")
    assert a.get_attribute("html", "data-step") == step and a.locator("#game-error").is_hidden()
    b.wait_for_selector('html[data-blocked="1"]', state="attached", timeout=10_000)
    assert "another tab" in b.inner_text("#game-error")


def test_the_game_plays_in_a_small_frame_on_another_site_from_a_sub_path(browser, tmp_path):
    from scripts import serve
    game_srv = serve.make_server(0, "/games/mexican-train/")
    threading.Thread(target=game_srv.serve_forever, daemon=True).start()
    game_url = game_srv.url + "?test=1"
    (tmp_path / "index.html").write_text(
        "<!doctype html><html lang=en><head><meta charset=utf-8><title>A games site</title>"
        "<link rel=icon href='data:,'></head><body>"
        "<h1>Games</h1><iframe id=game title='Mexican Train' width=360 height=480 style='border:0' "
        f"src='{game_url}'></iframe></body></html>")
    handler = type("Quiet", (http.server.SimpleHTTPRequestHandler,), {"log_message": lambda *a: None})
    site = http.server.ThreadingHTTPServer(("127.0.0.1", 0), lambda *a: handler(*a, directory=str(tmp_path)))
    threading.Thread(target=site.serve_forever, daemon=True).start()
    context = browser.new_context(viewport={"width": 800, "height": 640})
    try:
        page = context.new_page()
        page.set_default_timeout(20_000)
        watch = Watch(page)
        page.goto(f"http://localhost:{site.server_address[1]}/")      # another origin, another site
        page.wait_for_selector("iframe#game")
        frame = page.frame(url=lambda u: "/games/mexican-train/" in u)
        assert frame is not None
        frame.wait_for_selector("html[data-py-ready]", state="attached", timeout=READY_MS)
        assert page.evaluate("location.origin") != frame.evaluate("location.origin")
        storage = frame.evaluate("() => { try { return localStorage.length >= 0; } catch (e) { return false; } }")
        if not storage:      # this Chromium blocks third-party storage: the game says so, and plays anyway
            assert "does not let the game use its storage" in frame.inner_text("#saved-message")
        print(f"\nin the third-party frame: storage {'partitioned' if storage else 'blocked'}, "
              f"service worker {frame.get_attribute('html', 'data-offline')}")
        game = Game(frame)
        game.new_match(VS_CPU, set=6, rounds="one", speed="instant", seed=12)
        seen = 0
        for _ in range(300):         # the compact layout holds at every human turn, then the round ends
            if frame.locator("#hand-tiles .htile.playable").count() or game.shown("draw"):
                view = frame.evaluate(IN_VIEW)
                assert view["height"] == 480 and not view["off"] and view["scroll"] <= 480, view
                seen += 1
            if not game.step_once():
                break
        assert frame.locator("#match-dialog").is_visible() and seen >= 2
        # offline play may or may not be allowed in a third-party frame; either way, no error
        assert frame.get_attribute("html", "data-offline") in ("installing", "ready", "unavailable", "off")
        watch.check()
    finally:
        context.close()
        for srv in (game_srv, site):
            srv.shutdown()
            srv.server_close()


def test_offline_after_the_first_visit_a_reload_continues_mid_turn_and_the_round_finishes(browser, tmp_path):
    proc, port = spawn([sys.executable, "-m", "scripts.serve", "--port", "0", "--prefix", "/play/"], r"^PORT (\d+)",
                       tmp_path / "server.log")
    url = f"http://127.0.0.1:{port}/play/"
    context = browser.new_context(viewport=DESKTOP)
    try:
        page = context.new_page()
        page.set_default_timeout(20_000)
        watch = Watch(page)
        requested = []
        page.on("request", lambda r: requested.append(r.url))
        page.goto(url + "?test=1")
        wait_ready(page)
        game = Game(page)
        game.new_match(VS_CPU, set=6, rounds="one", speed="instant", seed=draws_a_tile_that_fits())
        game.click("draw")                              # the drawn tile fits: the turn is half done
        assert game.playable() and not game.shown("draw")
        page.wait_for_selector("html[data-offline-ready]", state="attached", timeout=120_000)
        # the worker caches every file the page asked for
        with urllib.request.urlopen(url + "sw.js") as res:
            listed = json.loads(re.search(r"const FILES = (\[.*?\n\]);", res.read().decode(), re.S).group(1))
        cached = {url + u[2:] for u, _ in listed}
        asked = {u.split("?")[0] for u in requested if u.startswith(url)} - {url + "sw.js"}
        assert asked <= cached, f"requested but not cached: {sorted(asked - cached)}"
        page.keyboard.press("p")                        # and paused
        page.wait_for_selector("#pause-dialog", state="visible")
        page.keyboard.press("p")
        before = position(page)
        page.keyboard.press("p")
        stop(proc, port)

        page.reload()
        wait_ready(page)
        assert page.evaluate("window.mtPythonStart") == "snapshot"   # its worker's download came from the cache
        # chosen at once: the service worker answers, so there is no network to measure or spare
        assert page.evaluate("[window.mtFromCache, window.mtThroughput === Infinity]") == [True, True]
        # and its wasm and memory were read ahead, offline too, from the page's first script on
        assert page.evaluate("window.mtEarlyUsed") == {"module": True, "memory": True, "package": False}
        page.click('#saved-panel [data-action="continue_saved"]')
        page.wait_for_selector("#game-screen", state="visible")
        assert page.locator("#pause-dialog").is_visible(), "the pause was not restored"
        page.click('#pause-dialog [data-action="resume"]')
        assert position(page) == before
        game.play_to_the_end()
        assert page.get_attribute("html", "data-offline-ready") == "1"
        watch.check()
    finally:
        context.close()
        if proc.poll() is None:
            proc.kill()


# Holds Python back, on the first page a service worker loads, until another worker takes over: the
# new release then takes over before Python is ready (the browser's own update check at page load does it).
HOLD_PYTHON_UNTIL_TAKEOVER = """if (navigator.serviceWorker && navigator.serviceWorker.controller
        && !sessionStorage.getItem("held")) {
    sessionStorage.setItem("held", "1");
    const takeover = new Promise((resolve) =>
        navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
    // Python starts in a worker that static/js/python.js makes once PyScript has defined <py-script>: that
    // wait is held until the takeover (and the page's own wasm too, for the fallback on this thread)
    const defined = customElements.whenDefined.bind(customElements);
    customElements.whenDefined = async (name) => { const done = await defined(name); await takeover; return done; };
    for (const name of ["instantiate", "instantiateStreaming"]) {
        const plain = WebAssembly[name];
        WebAssembly[name] = async (...args) => { await takeover; return plain.apply(WebAssembly, args); };
    }
}"""


@pytest.mark.parametrize("takeover", ["after Python is ready", "before Python is ready"])
def test_the_built_site_on_a_plain_static_server_and_a_new_release_replacing_the_cache(browser, tmp_path, takeover):
    from scripts import build_dist
    from scripts import build_sw
    out = tmp_path / "host" / "some" / "sub" / "path"
    build_dist.build(str(out))
    log = tmp_path / "server.log"
    proc, port = spawn([sys.executable, "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory",
                        str(tmp_path / "host")], r"port (\d+)", log)
    url = f"http://127.0.0.1:{port}/some/sub/path/"
    early = takeover == "before Python is ready"
    context, page, watch = open_game(browser, url + "?test=1", init_script=HOLD_PYTHON_UNTIL_TAKEOVER if early else None)
    try:
        game = Game(page)
        game.new_match(VS_CPU, set=6, rounds="one", speed="instant", seed=12)
        for _ in range(3):
            game.step_once()
        game.idle()
        step = game.attr("data-step")
        page.wait_for_selector("html[data-offline-ready]", state="attached", timeout=120_000)
        old = page.get_attribute("html", "data-sw-version")
        assert old == build_sw.render(str(out))[1]

        # a new release: one file changes and sw.js is written again
        changed = out / "static" / "js" / "text.js"
        changed.write_text(changed.read_text() + "\n// release 2\n")
        build_sw.ensure(str(out))
        new = build_sw.render(str(out))[1]
        mark = len(log.read_text().splitlines())
        page.reload()                                  # still the old release, from its cache ...
        wait_ready(page)
        notice = page.locator("#update-notice-setup")  # ... until the new one takes over and says so
        notice.locator("button.btn.primary").wait_for(state="visible", timeout=60_000)
        assert "new version" in notice.inner_text()
        names = page.evaluate("caches.keys()")
        for _ in range(100):         # the new worker takes over first, then deletes the old cache (activate)
            if len(names) == 1:
                break
            page.wait_for_timeout(100)
            names = page.evaluate("caches.keys()")
        assert len(names) == 1 and names[0].endswith("#" + new) and url in names[0], names
        fetched = {m.group(1) for m in re.finditer(r'"GET ([^ ?]+)[^"]*" 200', "\n".join(
            log.read_text().splitlines()[mark:]))}
        assert fetched <= {"/some/sub/path/sw.js", "/some/sub/path/static/js/text.js"}, fetched
        with page.expect_navigation():
            notice.locator("button.btn.primary").click()
        wait_ready(page)
        page.wait_for_selector("html[data-offline-ready]", state="attached", timeout=60_000)
        assert page.get_attribute("html", "data-sw-version") == new
        assert "release 2" in page.evaluate("fetch('static/js/text.js').then(r => r.text())")
        # the match survived the update
        page.click('#saved-panel [data-action="continue_saved"]')
        page.wait_for_selector("#game-screen", state="visible")
        assert game.attr("data-step") == step
        watch.check()
    finally:
        context.close()
        if proc.poll() is None:
            proc.kill()
