"""Python off the page's thread (issue 24): it runs in PyScript's worker, the page answers taps while it works,
a move is saved before it is shown, and where no worker can be had the page says so and plays on its own thread.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import threading

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from e2e.conftest import DESKTOP, ROOT, Watch, wait_ready
from e2e.game import Game, match_on_fresh_page

from mexican_train.ui.storage import MATCH_KEY
from scripts import serve

VS_CPU = [("Ana", "human"), ("Bot", "random")]
ONE_ROUND = dict(set=6, rounds="one", speed="instant", seed=4)


def test_python_is_not_on_the_pages_thread_and_a_tap_is_answered_while_it_works(fresh_page):
    page, watch, url = fresh_page()
    page.goto(url)
    wait_ready(page)
    assert page.get_attribute("html", "data-python") == "worker"
    # nothing of Pyodide or of the game's Python on the page: no interpreter, no door but the worker's
    assert page.evaluate("() => [typeof window.pyodide, typeof window.loadPyodide, typeof window.mtApi]") == \
        ["undefined", "undefined", "undefined"]
    # PyScript's module, in its frame, asked the frame's stand-in whether SharedArrayBuffer can be made (the cheap
    # answer, static/js/pyscript-frame.js says why), and the stand-in is gone again
    assert page.evaluate("""() => { const frame = document.getElementById('pyscript-frame').contentWindow;
        return [frame.mtSharedArrayBufferAsked, 'SharedArrayBuffer' in frame]; }""") == [True, False]
    # PyScript's evaluation imports its error plugin's module (switched off, it still is told so): the frame's
    # preloads asked for it (scripts/build_page.pyscript_modules) before PyScript's chunk had even arrived, so
    # not inside that chunk's evaluation
    asked = page.evaluate("""() => Object.fromEntries(document.getElementById('pyscript-frame').contentWindow
        .performance.getEntriesByType('resource').map((e) => [e.name.replace(/^.*\\/vendor\\/pyscript\\//, '')
        .replace(/-[^-.]+\\.js$/, ''), [e.startTime, e.responseEnd]]))""")
    assert asked["error"][0] < asked["core"][1], asked
    # Python works without a break for 20 s (a test hook)...
    page.evaluate("""() => { window.spinDone = false;
        window.mtTest.call({type: 'spin', ms: 20000}).then(() => { window.spinDone = true; }); }""")
    # ...and the page answers meanwhile: the settings open, then the help
    page.click("#settings-toggle")
    page.wait_for_selector("#setup", state="visible", timeout=5_000)
    page.click('#setup-screen [data-action="help"]')
    page.wait_for_selector("#help-dialog", state="visible", timeout=5_000)
    assert page.evaluate("window.spinDone") is False, "the page only answered once Python was done"
    page.click('#help-dialog [data-action="close_dialog"]')
    page.wait_for_function("() => window.spinDone", timeout=40_000)


def strong_thinking(fresh_page):
    """A page where two Strong computers play at instant speed, the first one's thinking under way."""
    page, watch, url = fresh_page()
    page.goto(url)
    wait_ready(page)
    game = Game(page)
    game.fill_setup([("Ana", "strong"), ("Bob", "strong")], set=12, speed="instant", seed=5)
    # started by a script's click: Playwright's own would wait for the page to be quiet (conftest.py). A person's
    # click takes the focus to the button; a script's leaves it on the last field filled in (the seed), which the
    # form's hiding blurs only at the next frame, and a key pressed before then is typed there (input.js typing).
    page.evaluate("() => { document.querySelector('#setup [data-action=\\'start\\']').click();"
                  " document.activeElement.blur(); }")
    page.wait_for_function("() => document.documentElement.dataset.thinking === 'cpu'", timeout=20_000)
    return page, game


def test_a_computers_thinking_gives_way_to_a_pause_at_once(fresh_page):
    page, game = strong_thinking(fresh_page)
    page.keyboard.press("p")
    page.wait_for_selector("#pause-dialog", state="visible", timeout=5_000)
    step = game.attr("data-step")
    page.wait_for_timeout(500)
    assert game.attr("data-step") == step, "a computer moved while the match was paused"
    page.click('#pause-dialog [data-action="resume"]')
    page.wait_for_function(f"() => document.documentElement.dataset.step !== {json.dumps(step)}", timeout=20_000)


# Every write of the save notes the step the screen showed at that moment; the page's own step attribute
# (data-step: round/actions/...) changes only when a move is drawn.
SAVES_BEFORE_SHOWN = """(() => {
  window.savesSeen = [];
  const set = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    set.call(this, key, value);
    if (key === %s) window.savesSeen.push({shown: document.documentElement.dataset.step || "", text: value});
  };
})()""" % json.dumps(MATCH_KEY)


def test_a_moves_save_is_written_before_the_move_is_shown(fresh_page):
    page, watch, game = match_on_fresh_page(fresh_page, VS_CPU, SAVES_BEFORE_SHOWN, **ONE_ROUND)
    drawn = []
    for _ in range(6):
        if not game.step_once():
            break
        game.idle()
        drawn.append(game.attr("data-step"))
    saves = page.evaluate("window.savesSeen")
    assert len(saves) >= 4
    for seen in saves:
        record = json.loads(seen["text"])
        rounds = record["match"]["rounds"]
        saved = (len(rounds) - 1, len(rounds[-1]["actions"]))
        shown = tuple(int(x) for x in seen["shown"].split("/")[:2]) if seen["shown"] else (-1, -1)
        assert shown <= saved, f"the screen showed {shown} before the save of {saved} was written"
    last = json.loads(saves[-1]["text"])["match"]["rounds"]
    assert drawn[-1].split("/")[:2] == [str(len(last) - 1), str(len(last[-1]["actions"]))]


class NoBlobWorkers(serve.Handler):
    """The game's files, sent with a policy that forbids workers from blob: URLs (PyScript makes its worker so)."""

    def end_headers(self):
        self.send_header("Content-Security-Policy", "worker-src 'self'")
        super().end_headers()


@pytest.fixture
def strict_server():
    handler = type("Strict", (NoBlobWorkers,), {"prefix": "/"})
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=serve.ROOT))
    srv.daemon_threads = True
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{srv.server_address[1]}/"
    srv.shutdown()
    srv.server_close()


def test_without_a_worker_python_runs_on_the_pages_thread_and_the_page_says_so(browser, strict_server):
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    watch = Watch(page)
    try:
        page.goto(strict_server + "?test=1&nosw")
        wait_ready(page)
        assert page.get_attribute("html", "data-python") == "page"
        assert page.locator("#load-fallback").is_visible()
        assert "in the page itself" in page.inner_text("#load-fallback")
        game = Game(page)
        game.new_match(VS_CPU, set=6, rounds="one", speed="instant", seed=4)
        step = game.attr("data-step")
        game.step_once()
        game.idle()
        assert game.attr("data-step") != step
        # the browser said why the worker could not start: that one line is expected
        watch.errors = [e for e in watch.errors if "worker-src" not in e and "blob:" not in e]
        watch.check()
    finally:
        context.close()


def test_the_address_can_keep_python_on_the_pages_thread(fresh_page):
    page, watch, url = fresh_page("?test=1&worker=0")
    page.goto(url)
    wait_ready(page)
    assert page.get_attribute("html", "data-python") == "page"
    assert page.locator("#load-fallback").is_hidden()
    game = Game(page)
    game.new_match(VS_CPU, set=6, rounds="one", speed="instant", seed=4)
    game.step_once()
    game.idle()


# The read-ahead's worker cannot start (as where a browser refuses it): the page's inline script hears its error.
READ_AHEAD_FAILS = """(() => {
  if (location.pathname.endsWith("/pyscript.html")) return;   // PyScript's frame makes no read-ahead
  const Plain = window.Worker;
  window.Worker = function Worker(url, options) {
    window.Worker = Plain;   // only the first: PyScript's own worker class is made from the browser's
    if (!String(url).split("#")[0].endsWith("/worker/early.js")) return new Plain(url, options);
    const refused = new EventTarget();
    refused.postMessage = () => {};
    refused.terminate = () => {};
    setTimeout(() => refused.onerror && refused.onerror({ message: "refused by the test" }), 0);
    return refused;
  };
})();"""


MARKS = "Object.fromEntries(performance.getEntriesByType('mark').map(m => [m.name, m.startTime]))"


def test_a_read_ahead_done_before_the_pages_modules_run_is_taken_whole_and_ended(browser, server):
    """On a slow phone the read-ahead's worker can have read everything, and said so in its last message, before
    python.js runs: its messages wait in window.mtEarly.parts, and python.js takes them all as it starts (a state
    it reads there must already exist), uses the pieces and ends the worker."""
    context = browser.new_context(viewport=DESKTOP, service_workers="block")
    page = context.new_page()
    page.set_default_timeout(20_000)
    watch = Watch(page)
    held = []
    page.route("**/static/js/python.js", lambda route: held.append(route))
    try:
        page.goto(server + "?test=1&nosw", wait_until="commit")
        page.wait_for_function("() => window.mtEarly && window.mtEarly.parts.some((m) => m.name === 'mtEarlyFrom')",
                               timeout=60_000)
        assert held, "python.js was never asked for"
        for route in held:
            route.continue_()
        wait_ready(page)
        assert page.evaluate("[window.mtEarly.first, window.mtPythonStart, window.mtEarlyUsed]") == \
            [True, "snapshot", {"module": True, "memory": True, "package": True}]
        page.wait_for_function("() => window.mtEarlyEnded")
        watch.check()
    finally:
        context.close()


def test_every_visit_reads_pythons_wasm_and_memory_ahead_and_does_without_when_it_cannot(browser, server):
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.set_default_timeout(20_000)
    watch = Watch(page)
    try:
        page.goto(server + "?test=1")
        wait_ready(page)
        # a first visit: the package first, from the page's first script on; its download was quick enough for
        # the snapshot, so the wasm and the snapshot followed, and PyScript's worker used all three
        assert page.evaluate("[window.mtEarly.first, window.mtPythonStart, window.mtEarlyUsed]") == \
            [True, "snapshot", {"module": True, "memory": True, "package": True}]
        # none of them had to be read in PyScript's worker instead (each went through the page, in a message to
        # PyScript's worker itself: python.js says why never on a MessagePort)
        assert page.evaluate("window.mtEarlyWhy") == {}
        marks = page.evaluate(MARKS)
        assert marks["mt-early-package"] <= min(marks["mt-early-compiled"], marks["mt-early-snapshot"])
        assert marks["mt-early-compiled"] <= marks["mt-wasm-compiled"]
        # its work done, the read-ahead's worker is ended only once the game is ready and the page idle (ending
        # one that read from the network is a long task of the browser's own: python.js endEarlyWorker)
        page.wait_for_function("() => window.mtEarlyEnded")
        assert page.evaluate("window.mtEarlyEnded") >= page.evaluate(MARKS)["mt-ready"]
        page.wait_for_selector('html[data-offline-ready="1"]', state="attached", timeout=120_000)
        page.reload()
        wait_ready(page)
        # the game is cached for offline play: both were read ahead at once, straight from its offline cache
        # rather than through the service worker, and used (the package is the cache's)
        assert page.evaluate("[window.mtEarly.first, window.mtPythonStart, window.mtEarlyUsed]") == \
            [False, "snapshot", {"module": True, "memory": True, "package": False}]
        assert page.evaluate("window.mtEarlyWhy") == {}
        page.wait_for_function("() => window.mtEarlyFrom")
        assert page.evaluate("window.mtEarlyFrom") == {"wasm": "cache", "snapshot": "cache"}
        marks = page.evaluate(MARKS)
        assert marks["mt-early-compiled"] <= marks["mt-wasm-compiled"]
        assert marks["mt-early-snapshot"] <= marks["mt-snapshot-arrived"]
        # having read the offline cache, it ends at once, before ready (quick to end)
        assert page.evaluate("window.mtEarlyEnded") < marks["mt-ready"]
        # two releases' caches (a new one being installed): which one is the page's, only the service worker knows
        page.evaluate("caches.open('mexican-train:offline:' + new URL('./', location.href).href + '#a-new-release')")
        page.reload()
        wait_ready(page)
        page.wait_for_function("() => window.mtEarlyFrom")
        assert page.evaluate("[window.mtPythonStart, window.mtEarlyUsed, window.mtEarlyFrom]") == \
            ["snapshot", {"module": True, "memory": True, "package": False}, {"wasm": "fetch", "snapshot": "fetch"}]
        context.add_init_script(READ_AHEAD_FAILS)
        page.reload()
        wait_ready(page)
        assert page.evaluate("[window.mtPythonStart, window.mtEarlyUsed, window.mtEarlyWhy]") == \
            ["snapshot", {"module": False, "memory": False, "package": False}, {"all": "refused by the test"}]
        game = Game(page)
        game.new_match(VS_CPU, set=6, rounds="one", speed="instant", seed=4)
        step = game.attr("data-step")
        game.step_once()
        game.idle()
        assert game.attr("data-step") != step
        watch.check()
    finally:
        context.close()
    # and a first visit whose read-ahead cannot start: PyScript's worker fetches the package and the rest itself
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(READ_AHEAD_FAILS)
    page = context.new_page()
    watch = Watch(page)
    try:
        page.goto(server + "?test=1&nosw")
        wait_ready(page)
        assert page.evaluate("[window.mtEarly.first, window.mtPythonStart, window.mtEarlyUsed]") == \
            [True, "snapshot", {"module": False, "memory": False, "package": False}]
        game = Game(page)
        game.new_match(VS_CPU, set=6, rounds="one", speed="instant", seed=4)
        watch.check()
    finally:
        context.close()


# The read-ahead's worker says nothing until PyScript's worker has asked for the pieces a while ago (as seen once
# in Firefox under load): its messages are held back by the page, not lost.
READ_AHEAD_LATE = """(() => {
  if (location.pathname.endsWith("/pyscript.html")) return;
  const Plain = window.Worker;
  window.Worker = function Worker(url, options) {
    window.Worker = Plain;
    const real = new Plain(url, options);
    if (!String(url).split("#")[0].endsWith("/worker/early.js")) return real;
    const held = [];
    let handler = null;
    let late = false;
    real.onmessage = (event) => (late && handler ? handler(event) : held.push(event));
    const release = () => {
      if (!performance.getEntriesByName("mt-worker-made").length) return setTimeout(release, 20);
      setTimeout(() => { late = true; held.splice(0).forEach((event) => handler(event)); }, 1500);
    };
    release();
    return {
      set onmessage(f) { handler = f; },
      set onerror(f) { real.onerror = f; },
      set onmessageerror(f) { real.onmessageerror = f; },
      postMessage: (message, transfer) => real.postMessage(message, transfer),
      terminate: () => real.terminate(),
    };
  };
})();"""


def test_a_read_ahead_that_says_nothing_until_pythons_worker_has_asked_is_waited_for_and_used(fresh_page):
    page, watch, url = fresh_page("?test=1&nosw")
    page.add_init_script(READ_AHEAD_LATE)
    page.goto(url)
    wait_ready(page)
    assert page.evaluate("[window.mtPythonStart, window.mtEarlyUsed, window.mtEarlyWhy]") == \
        ["snapshot", {"module": True, "memory": True, "package": True}, {}]
    watch.check()


def test_pythons_memory_is_made_and_linked_while_its_snapshot_is_still_on_its_way(fresh_page):
    # the page's data gives the snapshot's size, so the wasm is instantiated before the snapshot's bytes are there
    page, watch, url = fresh_page("?test=1&nosw")
    held = []
    page.context.route("**/python-snapshot.bin", lambda route: held.append(route))
    page.goto(url)
    for _ in range(400):   # polled from here: the page's policy refuses wait_for_function's eval
        if page.evaluate("performance.getEntriesByName('mt-wasm-instantiated').length") and held:
            break
        page.wait_for_timeout(50)
    assert held and page.evaluate("performance.getEntriesByName('mt-wasm-instantiated').length") == 1
    assert page.evaluate("performance.getEntriesByName('mt-snapshot-arrived').length") == 0
    for route in held:
        route.continue_()
    wait_ready(page)
    assert page.evaluate("window.mtPythonStart") == "snapshot"
    marks = page.evaluate(MARKS)
    assert marks["mt-wasm-instantiated"] < marks["mt-snapshot-arrived"] < marks["mt-python-booted"]


@pytest.mark.parametrize("boot, runs", [("snapshot", 9), ("plain", None)])
def test_a_start_from_the_snapshot_runs_its_first_python_from_bytecode_the_snapshot_holds(fresh_page, boot, runs):
    # scripts/make_snapshot.mjs compiled the texts a restored Python runs first: Pyodide's own 4
    # (finalizeBootstrap's), the page's 4 checks (static/js/restored-python.js; not the fifth, for another build's
    # snapshot) and py/worker.py as PyScript runs it; none is parsed or compiled again. A usual start has no such
    # bytecode, and nothing to count.
    page, watch, url = fresh_page(f"?test=1&nosw&boot={boot}")
    page.goto(url)
    wait_ready(page)
    for _ in range(200):   # polled from here: the page's policy refuses wait_for_function's eval
        if page.evaluate("'mtPrecompiledRuns' in window"):
            break
        page.wait_for_timeout(50)
    assert page.evaluate("[window.mtPythonStart, window.mtPrecompiledRuns]") == \
        ["snapshot" if boot == "snapshot" else "full start-up", runs]
    watch.check()


def test_a_snapshot_of_another_size_than_the_page_says_is_restored_once_it_is_there(fresh_page):
    # a page whose data gives another size than its snapshot's (a page and a snapshot of two builds): the memory
    # made ahead does not fit it, so Python is restored the way that waits for the snapshot, and plays
    page, watch, url = fresh_page("?test=1&nosw")
    size = os.path.getsize(os.path.join(ROOT, "vendor", "pyodide", "python-snapshot.bin"))

    def other_size(route):
        body = route.fetch().text()
        assert f'"snapshotBytes":{size}' in body
        route.fulfill(body=body.replace(f'"snapshotBytes":{size}', f'"snapshotBytes":{size - 65536}'),
                      headers={"Content-Type": "text/html; charset=utf-8"})

    page.route(url, other_size)
    page.goto(url)
    wait_ready(page)
    assert page.evaluate("window.mtPythonStart") == "snapshot"
    game = Game(page)
    game.new_match(VS_CPU, set=6, rounds="one", speed="instant", seed=4)


# Another tab saves the match (it took it over) after Python answered this tab's move and before the page
# wrote that answer's save: the page writes nothing over it, Python hears why and decides again.
ANOTHER_TAB_SAVES = """(key) => window.mtTest.meanwhile(() => {
  const save = JSON.parse(localStorage.getItem(key));
  localStorage.setItem(key, JSON.stringify({...save, tab: "another-tab", saved_at: save.saved_at + 1}));
  window.theirSave = localStorage.getItem(key);
})"""


def test_a_save_another_tab_writes_while_python_works_is_never_written_over(fresh_page):
    page, watch, game = match_on_fresh_page(fresh_page, VS_CPU, **ONE_ROUND)
    tile = game.playable()[0]
    page.click(f'#hand-tiles [data-tile="{tile}"]')
    page.evaluate(ANOTHER_TAB_SAVES, MATCH_KEY)
    page.click(f'#trains [data-train="{game.targets()[0]}"]')
    page.wait_for_selector('html[data-blocked="1"]', state="attached")
    assert page.evaluate("(key) => localStorage.getItem(key) === window.theirSave", MATCH_KEY)
    assert "another tab" in page.inner_text("#game-error")
    assert tile not in game.hand(), "the move played here left the screen"


# Counts each time the page says a computer is thinking (html[data-cpu-thinking] appears).
COUNT_SIGNS = """(() => {
  window.signs = 0;
  const watch = () => new MutationObserver(() => {
    const on = document.documentElement.hasAttribute("data-cpu-thinking");
    if (on && !window.signOn) window.signs += 1;
    window.signOn = on;
  }).observe(document.documentElement, {attributes: true, attributeFilter: ["data-cpu-thinking"]});
  if (document.documentElement) watch(); else document.addEventListener("DOMContentLoaded", watch);
})()"""


def test_a_computer_slow_to_move_says_it_is_thinking_and_a_quick_one_never_does(fresh_page):
    page, watch, game = match_on_fresh_page(fresh_page, VS_CPU, COUNT_SIGNS, **ONE_ROUND)
    for _ in range(4):
        game.step_once()
    game.idle()
    assert page.evaluate("window.signs") == 0, "a quick computer's move flashed the thinking sign"

    # two Strong computers: while the first thinks, Python is kept busy for 2 s (a test hook), so its move
    # comes late; the sign shows on its train after 300 ms and goes with the move, whether Python had answered
    # the move's first slice before the hook's job or not (busy with it before any answer: the same wait)
    # (under load the move under way may still come before the hook's job: then the next one is the late one;
    # on a loaded machine the page may even ask for that one only after the hook's job is over, so the hook is
    # given up to three tries, and the sign must show in one of them)
    page, game = strong_thinking(fresh_page)
    for _ in range(3):
        page.evaluate("() => { window.mtTest.call({type: 'spin', ms: 2000}); }")
        try:
            page.wait_for_function("() => document.documentElement.hasAttribute('data-cpu-thinking')", timeout=2_500)
            break
        except PlaywrightTimeout:
            continue
    else:
        pytest.fail("three moves kept 2 s late, and the thinking sign never showed")
    step = game.attr("data-step")
    sign = page.locator(".train.to-move .tthinking")
    assert sign.is_visible() and sign.inner_text() == "thinking…"
    page.wait_for_function(f"() => document.documentElement.dataset.step !== {json.dumps(step)}", timeout=20_000)
    page.wait_for_function("() => !document.documentElement.hasAttribute('data-cpu-thinking')", timeout=1_000)
    assert not page.locator(".tthinking:visible").count()
