"""The page, end to end: what a person sees and does, through the stable hooks.

Hooks: ``data-tile="a-b"`` on hand tiles, ``data-train="M"`` / ``"N"`` on train
ends, ``data-action="..."`` on commands; ``html[data-screen]``,
``html[data-step]``, ``html[data-cpu-pending]`` tell where the match is.
"""

from __future__ import annotations

import functools
import gzip
import io
import os
import re
import threading
import time
import urllib.request
import zipfile

import pytest
from e2e.conftest import DESKTOP, ROOT, Watch, wait_ready
from e2e.game import Game, first_turn_draws_and_marks, mentions, open_double_line, tile_texts

from mexican_train.dealing import deal
from mexican_train.rules import Rules
from scripts import build_py, serve

VS_CPU = [("Ana", "human"), ("Bot", "random")]


def test_change_settings_and_how_to_play_answer_before_the_page_s_modules_have_run(fresh_page):
    """On a slow phone the page's modules run only once it is all parsed, seconds after the first paint: the
    first screen's two buttons answer from the first paint on, and once the modules run they answer alone."""
    page, watch, url = fresh_page()
    held = []
    page.route("**/static/js/app.js", lambda route: held.append(route))   # the page's modules wait
    page.goto(url, wait_until="commit")
    page.wait_for_selector("#settings-toggle", state="visible")
    page.click("#settings-toggle")
    assert page.locator("#setup").is_visible() and page.get_attribute("#settings-toggle", "aria-expanded") == "true"
    assert page.locator("#seats").is_visible()   # its fields with it, though the parse is not over
    page.click("#settings-toggle")
    assert not page.locator("#setup").is_visible() and page.get_attribute("#settings-toggle", "aria-expanded") == "false"
    page.click('#setup-screen [data-action="help"]')
    assert page.locator("#help-dialog").is_visible()
    page.click('#help-dialog [data-action="close_dialog"]')
    assert not page.locator("#help-dialog").is_visible()
    assert held and page.evaluate("window.mtInput") is None, "the page's modules ran already"
    held[0].continue_()
    page.unroute("**/static/js/app.js")
    wait_ready(page)
    page.click("#settings-toggle")                                       # one answer, not two
    assert page.locator("#setup").is_visible() and page.get_attribute("#settings-toggle", "aria-expanded") == "true"


def test_first_paint_comes_before_python_and_an_early_start_waits_for_it(fresh_page):
    page, watch, url = fresh_page()
    held = []
    page.route("**/vendor/pyodide/pyodide.asm.wasm", lambda route: held.append(route))
    page.goto(url)
    # Python cannot start: the wasm is held back. The first screen and the setup form are already usable.
    page.wait_for_selector("#quick-start", state="visible")
    assert page.locator("#loading").is_visible()
    assert page.get_attribute("html", "data-py-ready") is None
    page.click('#setup-screen [data-action="help"]')                # the help works without Python too
    assert page.locator("#help-dialog").is_visible()
    assert page.evaluate("document.activeElement.dataset.action") == "close_dialog"
    page.keyboard.press("Escape")
    assert not page.locator("#help-dialog").is_visible()
    page.click("#settings-toggle")
    page.check('input[name="set"][value="6"]')
    page.check('input[name="rounds"][value="one"]')
    page.select_option("#seat-kind-1", "random")
    page.select_option("#cpu_speed", "instant")
    page.fill("#seat-name-0", "Early")
    page.click(".advanced summary")
    page.fill("#seed", "11")
    page.click('#setup [data-action="start"]')
    assert page.get_attribute("html", "data-queued") == "start"
    assert "as soon as the game engine is ready" in page.inner_text("#start-wait")
    paint = page.evaluate("performance.getEntriesByType('paint').map(e => [e.name, e.startTime])")
    assert dict(paint).get("first-contentful-paint") is not None
    for _ in range(100):
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the page never asked for the wasm"
    # Real progress: the snapshot's bytes are counted while the wasm is held back (a start from the snapshot, and
    # only the standard modules it had not imported: the whole cut-down zip is not fetched for it)
    page.wait_for_function("() => (window.mtDownload || {})['python-snapshot.bin']?.[0] > 0", timeout=30_000)
    assert page.evaluate("window.mtDownload")["python_stdlib.game.zip"] is None
    page.wait_for_selector("#load-stage:text-matches('Downloading the game engine: [0-9]+%')")
    assert 8 <= page.eval_on_selector("#load-bar", "b => b.value") < 80
    for route in held:
        route.continue_()
    page.wait_for_selector("#game-screen", state="visible", timeout=90_000)
    counted = page.evaluate("window.mtDownload")
    # every byte of the runtime arrived (counted inflated: a compressed transfer does not say its inflated size)
    assert counted["pyodide.asm.wasm"][0] == os.path.getsize(os.path.join(ROOT, "vendor", "pyodide", "pyodide.asm.wasm"))
    assert page.eval_on_selector("#load-bar", "b => b.value") == 100
    timings = page.evaluate("({fcp: performance.getEntriesByType('paint').find(e => e.name === 'first-contentful-paint').startTime,"
                            " ready: window.mtBoot.readyMs})")
    assert timings["fcp"] < timings["ready"]
    assert page.get_attribute("html", "data-screen") == "board"
    assert "Early" in page.inner_text("#trains") or "Your train" in page.inner_text("#trains")
    print(f"\nfirst contentful paint {timings['fcp']:.0f} ms, Python ready {timings['ready']:.0f} ms (wasm held)")


class PageInThreeParts(serve.Handler):
    """The game's files; the page itself sent up to its body's start, then up to the middle of its first screen
    (before the Start button), then the rest, with a pause after each of the first two parts."""

    pause_s = 0.6

    def do_GET(self):
        if not serve._is_page(self._local()):
            return super().do_GET()
        with open(os.path.join(self.directory, "index.html"), "rb") as f:
            page = f.read()
        body = page.index(b"<body>") + len(b"<body>")
        start_button = page.rindex(b"<", 0, page.index(b'id="quick-start"'))
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        for part in (page[:body], page[body:start_button]):
            self.wfile.write(part)
            self.wfile.flush()
            time.sleep(self.pause_s)
        self.wfile.write(page[start_button:])


def test_no_frame_is_drawn_before_the_first_screen_is_whole_and_the_saved_preferences_are_on_it(browser, server):
    """The page's first script stands in the body, where the parser may give the thread back and a frame could be
    drawn before it has run: nothing is drawn until the whole first screen has been parsed, its preferences applied,
    however the page's bytes arrive (here they stop at the body's start, then in the middle of the first screen)."""
    urllib.request.urlopen(server).read()   # the pages are built
    srv = serve.make_server(0, "/", ROOT)
    srv.RequestHandlerClass = functools.partial(PageInThreeParts, directory=ROOT)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script("""
      localStorage.setItem("mexican-train:prefs:ui", JSON.stringify({contrast: true}));
      requestAnimationFrame(() => {
        window.__firstFrame = {body: !!document.body, firstScreen: !!document.getElementById("quick-start"),
                               contrast: document.documentElement.dataset.contrast || null,
                               at: Math.round(performance.now()), elements: document.getElementsByTagName("*").length};
      });""")
    page = context.new_page()
    watch = Watch(page)
    try:
        page.goto(srv.url + "?test=1&nosw", wait_until="commit")
        page.wait_for_function("() => window.__firstFrame", timeout=20_000)
        first = page.evaluate("window.__firstFrame")
        assert {k: first[k] for k in ("body", "firstScreen", "contrast")} == {
            "body": True, "firstScreen": True, "contrast": "high"}, first
        page.wait_for_selector("#quick-start", state="visible")
        watch.check()
    finally:
        context.close()
        srv.shutdown()
        srv.server_close()


class PageInThreeQuickParts(PageInThreeParts):
    pause_s = 0.3


def test_the_page_s_modules_are_asked_for_once_the_page_is_drawn_and_app_js_once_it_is_parsed(browser, server):
    """WebKit ran the page's modules before it drew anything (docs/measurements/engines.md): the page's first script
    asks for them after the first contentful paint, and for app.js, which reads the whole page, once the parse is
    over too. The page's bytes come in three parts, so the parse, the paint and the requests are far apart."""
    urllib.request.urlopen(server).read()   # the pages are built
    srv = serve.make_server(0, "/", ROOT)
    srv.RequestHandlerClass = functools.partial(PageInThreeQuickParts, directory=ROOT)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    watch = Watch(page)
    try:
        page.goto(srv.url + "?test=1&nosw", wait_until="commit")
        wait_ready(page)
        at = page.evaluate("""() => {
          const asked = (name) => performance.getEntriesByType("resource").filter((e) => e.name.includes(name))
            .map((e) => e.startTime)[0];
          return {paint: performance.getEntriesByName("first-contentful-paint")[0].startTime,
                  parsed: performance.getEntriesByType("navigation")[0].domInteractive,
                  python: asked("/static/js/python.js"), app: asked("/static/js/app.js")};
        }""")
        assert at["paint"] > 500, at   # the page's last part came after two pauses
        assert at["paint"] <= at["python"], at
        assert max(at["paint"], at["parsed"]) <= at["app"], at
        watch.check()
    finally:
        context.close()
        srv.shutdown()
        srv.server_close()


def test_the_board_s_fonts_are_laid_out_while_the_first_screen_waits_and_nothing_is_left_behind(fresh_page):
    # render.warmBoardFonts: the board's fonts, taken from its own rules while it is hidden, laid out off screen
    page, _, url = fresh_page()
    page.goto(url)
    wait_ready(page)
    page.wait_for_function("() => window.mtTest.fonts && !document.querySelector('body > div[aria-hidden=\"true\"][style*=\"-10000px\"]')")
    assert page.evaluate("document.getElementById('trains').children.length") == 0
    assert page.get_attribute("html", "data-screen") != "board"
    warmed = page.evaluate("window.mtTest.fonts")
    assert len(warmed) >= 8
    # and every font the first board's text is set in was among them
    game = Game(page)
    game.new_match(VS_CPU, set=6, rounds="one", seed=5)
    used = page.evaluate("""() => [...document.querySelectorAll('#game-screen *')].filter((el) =>
        [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())).map((el) => {
        const s = getComputedStyle(el); return `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`; })""")
    assert used and set(used) <= set(warmed), set(used) - set(warmed)


# Notes, at the end of each task that changes them, whether the game screen was hidden when the trains' rows came
# and when the screen was shown (MutationObserver callbacks run at the end of the task that made the changes).
WATCH_FIRST_BOARD = """(() => {
  const seen = window.mtFirstBoard = [];
  addEventListener("DOMContentLoaded", () => {
    const screen = document.getElementById("game-screen");
    if (!screen) return;   // PyScript's frame
    new MutationObserver(() => seen.push(["rows", screen.hidden, document.getElementById("trains").children.length]))
      .observe(document.getElementById("trains"), { childList: true });
    new MutationObserver(() => seen.push(["screen", screen.hidden]))
      .observe(screen, { attributes: true, attributeFilter: ["hidden"] });
  });
})();"""


def test_a_new_matchs_board_is_drawn_while_its_screen_is_hidden_and_shown_in_a_task_of_its_own(fresh_page):
    # app.js send(..., later), render.prepareBoard: the board's script and the new screen's first style and layout
    # are not one task on a phone (docs/measurements/longtasks.md)
    page, _, url = fresh_page()
    page.add_init_script(WATCH_FIRST_BOARD)
    page.goto(url)
    wait_ready(page)
    game = Game(page)
    game.fill_setup(VS_CPU, set=6, rounds="one", seed=5)
    page.evaluate("window.mtFirstBoard.length = 0")   # the font warm-up's sample row came and went before
    page.click('#setup [data-action="start"]')
    page.wait_for_selector("#game-screen", state="visible")
    game.idle()
    # (the font warm-up's sample row, should it come and go meanwhile, leaves no rows)
    seen = [e for e in page.evaluate("window.mtFirstBoard") if e[:1] != ["rows"] or e[2] > 0]
    # the rows (two players' trains and the Mexican Train) came while the screen was still hidden, at the end of
    # their task; the screen was shown in a later one (shown first in the same task, the rows would see it shown)
    assert seen[:2] == [["rows", True, 3], ["screen", False]], seen
    step = page.evaluate("window.mtPerf.steps.find((s) => s.type === 'new_match')")
    assert step["prepared"] > 0 and step["render"] >= step["prepared"], step


def test_the_first_screen_and_its_settings_keep_to_five_faces(fresh_page):
    # Each size and weight of the face is set up by the browser in the frame that first shows it, a few ms each on
    # a phone: the first frame and the first opening of the settings (static/css/app.css, docs/measurements/phone.md)
    page, _, url = fresh_page(viewport={"width": 360, "height": 740})
    page.goto(url)
    wait_ready(page)
    page.click("#settings-toggle")
    page.click("#setup-screen .advanced summary")
    faces = page.evaluate("""() => [...document.querySelectorAll('#setup-screen *')].filter((el) =>
        el.getClientRects().length && [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()))
        .map((el) => { const s = getComputedStyle(el); return `${s.fontStyle} ${s.fontWeight} ${s.fontSize}`; })""")
    assert len(set(faces)) <= 5, sorted(set(faces))


def test_a_closed_settings_form_is_out_of_reach_of_the_keyboard_and_screen_readers(fresh_page):
    # Closed, the form keeps its layout for its next opening (content-visibility: hidden instead of display: none,
    # static/css/app.css): it must be as absent as any hidden part of the page, to the eye, the Tab key and the
    # accessibility tree.
    page, _, url = fresh_page(viewport={"width": 360, "height": 740})
    page.goto(url)
    wait_ready(page)
    page.click("#settings-toggle")
    opened = page.locator("#setup-screen").aria_snapshot()
    page.click("#settings-toggle")                                       # opened once, closed again
    assert page.eval_on_selector("#setup", "(e) => getComputedStyle(e).contentVisibility") == "hidden"
    assert not page.locator("#setup").is_visible() and not page.locator("#setup select").first.is_visible()
    closed = page.locator("#setup-screen").aria_snapshot()
    page.eval_on_selector("#setup", "(e) => e.style.setProperty('display', 'none', 'important')")   # the usual way
    assert page.locator("#setup-screen").aria_snapshot() == closed != opened
    page.eval_on_selector("#setup", "(e) => e.style.removeProperty('display')")
    page.focus("#settings-toggle")
    for _ in range(12):
        page.keyboard.press("Tab")
        assert page.evaluate("!document.activeElement.closest('#setup')"), page.evaluate("document.activeElement.outerHTML")


def test_as_the_parse_ends_the_page_has_no_form_field_and_no_closed_form_or_details_laid_out(fresh_page):
    # Right after DOMContentLoaded, in the task that also runs the page's modules, Chromium looks at every form field
    # of the page and asks each whether it can take focus, which lays out the fields of a closed form kept by
    # content-visibility and of a closed <details> (docs/measurements/phone.md). So the fields are held in templates until
    # the task after (scripts/build_page.py hold_fields), and the closed form and details are under display: none.
    page, _, url = fresh_page(viewport={"width": 360, "height": 740})
    page.add_init_script("localStorage.setItem('mexican-train:prefs:ui', JSON.stringify({numerals: true}))")
    page.add_init_script("""document.addEventListener("DOMContentLoaded", () => {
        const form = document.getElementById("setup");   // the game's page, not PyScript's frame
        if (form) window.atParseEnd = [getComputedStyle(form).display,
            [...document.querySelectorAll("details:not([open]) > :not(summary)")].map((e) => getComputedStyle(e).display),
            document.querySelectorAll("input, select, textarea").length, document.querySelectorAll("template[data-field]").length];
    });""")
    page.goto(url)
    page.wait_for_function("() => document.documentElement.dataset.parsed === '1'")
    form, details, fields, held = page.evaluate("window.atParseEnd")
    assert form == "none" and len(details) >= 2 and set(details) == {"none"}, (form, details)
    assert fields == 0 and held >= 30, (fields, held)
    assert page.eval_on_selector("#setup", "(e) => getComputedStyle(e).contentVisibility") == "hidden"   # from then on
    # every one of them in place, the display preferences' set as stored
    assert page.evaluate("document.querySelectorAll('template[data-field]').length") == 0
    assert page.evaluate("document.querySelectorAll('input, select, textarea').length") >= held
    assert page.is_checked("#pref-numerals") and not page.is_checked("#pref-contrast")


def test_the_settings_form_is_laid_out_one_group_a_task_and_opens_whole(fresh_page):
    # Laid out at once, the form's first layout was 40-70 ms of a phone's thread in one task: a tap's, or Chromium's
    # look at its fields (docs/measurements/phone.md). Its groups after the first are held back (.later) and let go
    # one a task: a mutation observer's callbacks come at the end of a task, one for each task that changed classes.
    page, watch, url = fresh_page(viewport={"width": 360, "height": 740})
    page.add_init_script("""window.laterLetGo = [];
      new MutationObserver((records) => {
        const let_go = records.filter((r) => r.target.parentElement && r.target.parentElement.id === "setup"
          && /\\blater\\b/.test(r.oldValue || "") && !r.target.classList.contains("later"));
        if (let_go.length) window.laterLetGo.push(let_go.map((r) => r.target.tagName));
      }).observe(document, {subtree: true, attributes: true, attributeFilter: ["class"], attributeOldValue: true});""")
    held = []
    page.route("**/static/js/app.js", lambda route: held.append(route))   # the first screen's own answers
    page.goto(url, wait_until="commit")
    page.wait_for_function("() => document.documentElement.dataset.parsed === '1'")
    page.wait_for_function("() => !document.querySelector('#setup > .later')")
    groups = page.evaluate("document.getElementById('setup').children.length")
    assert page.evaluate("window.laterLetGo") == [[tag] for tag in page.evaluate(
        "[...document.getElementById('setup').children].slice(2).map((e) => e.tagName)")], groups
    page.click("#settings-toggle")
    assert all(page.evaluate("[...document.querySelectorAll('#setup > :not([hidden])')].map((e) => e.offsetHeight > 0)"))
    held[0].continue_()
    page.unroute("**/static/js/app.js")
    wait_ready(page)
    watch.check()


def test_no_form_has_a_text_field_and_enter_in_a_name_still_starts_the_match(app):
    # Firefox's password manager wakes up for the first form of a page that gets a text or e-mail field: a task of
    # 12-20 ms on this machine, unthrottled, in the page's first second (docs/measurements/engines.md). So the
    # players' names belong to no form, and Enter in one starts the match as a form's field would.
    page = app.page
    app.fill_setup([("Zoe", "human"), ("Robo", "random")], set=6, rounds="one", seed=3)
    assert page.evaluate("""[...document.querySelectorAll("input")].filter((i) => i.form
        && ["text", "email", "password"].includes(i.type)).map((i) => i.id)""") == []
    page.press("#seat-name-1", "Enter")
    page.wait_for_selector("#confirm-dialog, #game-screen:not([hidden])", state="visible")
    if page.locator("#confirm-dialog").is_visible():
        page.click('[data-action="confirm_new"]')
    page.wait_for_selector("#game-screen", state="visible")
    app.idle()
    assert "Private: only Robo plays here" in page.inner_text("#trains")


def test_python_starts_from_its_memory_snapshot(app):
    # scripts/make_snapshot.mjs took it; restoring it skips Python's own start-up.
    assert app.page.evaluate("window.mtPythonStart") == "snapshot"
    assert app.page.evaluate("window.mtDownload['python-snapshot.bin']")[0] > 1_000_000
    # it holds the game's modules, imported from this very archive (its tag matched): the page uses them
    assert app.page.evaluate("window.mtSnapshotPackage") == "same"
    # and the archive's files are unpacked all the same (catalogues, PyScript's bytecode, the sources), by the page
    # itself; the sources of the modules the snapshot holds once the game is up (only a traceback quotes them)
    with zipfile.ZipFile(os.path.join(ROOT, "py", "mexican_train.zip")) as z:
        files = [n for n in z.namelist() if not n.endswith("/")]
    app.page.wait_for_function("() => window.mtUnpackedLater !== undefined")
    written, later = app.page.evaluate("[window.mtUnpacked, window.mtUnpackedLater]")
    assert written + later == len(files)
    modules = [n for n in files if n.startswith("mexican_train/") and n.endswith(".py")]
    assert 30 <= later < len(modules)   # not the screens' (ui.parts lists its folder when the Page is made)


def test_a_snapshot_holding_another_build_of_the_game_never_runs_that_code(fresh_page):
    # The page downloads an archive other than the one the snapshot imported (a new release, or a module
    # edited while scripts/serve.py runs): the snapshot's game modules are dropped and the downloaded
    # ones imported. Here the archive's strings.py names the Mexican Train differently, without bytecode.
    with zipfile.ZipFile(os.path.join(ROOT, "py", "mexican_train.zip")) as z:
        entries = [(i.filename, z.read(i)) for i in z.infolist()
                   if not re.fullmatch(r"mexican_train/ui/__pycache__/strings\..*\.pyc", i.filename)]
    entries = [(name, data + b'\nMEXICAN_TRAIN = N_("Mexican Train (this build)")\n'
                if name == "mexican_train/ui/strings.py" else data) for name, data in entries]
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.comment = build_py.entries_tag(entries).encode()
        for name, data in entries:
            z.writestr(name, data)
    page, watch, url = fresh_page("?test=1&nosw")
    page.route("**/py/mexican_train.zip", lambda route: route.fulfill(
        status=200, body=buf.getvalue(), headers={"Content-Type": "application/zip"}))
    said = []
    page.on("console", lambda m: m.type == "info" and said.append(m.text))
    page.goto(url)
    page.wait_for_selector("html[data-py-ready]", state="attached", timeout=90_000)
    assert page.evaluate("[window.mtPythonStart, window.mtSnapshotPackage]") == ["snapshot", "other"]
    assert any("another build of the game" in s for s in said), said
    game = Game(page)
    game.new_match(VS_CPU, set=6, rounds="one", seed=5)
    assert "Mexican Train (this build)" in page.inner_text("#trains")


@pytest.mark.parametrize("answer", ["missing", "another build", "another runtime", "slow network", "slow measured",
                                    "uncompressed"])
def test_without_a_usable_snapshot_python_starts_the_usual_way(fresh_page, answer):
    page, watch, url = fresh_page("?test=1&nosw")   # no service worker: it would fetch the snapshot to cache it
    asked = []
    page.context.on("request", lambda r: "python-snapshot" in r.url and asked.append(r.url.rsplit("/", 1)[1]))
    with open(os.path.join(ROOT, "vendor", "pyodide", "python-snapshot.bin"), "rb") as f:
        memory = f.read()
    if answer == "missing":
        page.context.route("**/python-snapshot.bin*", lambda route: route.fulfill(status=404, body="not here"))
    elif answer == "another build":   # the real snapshot with another build id in its header: Pyodide refuses it
        other = bytearray(memory)
        other[16] ^= 0xFF                 # the header: magic, offsets, then the build id from byte 16
        body = gzip.compress(bytes(other), compresslevel=1)
        page.context.route("**/python-snapshot.bin", lambda route: route.fulfill(status=404, body="not here"))
        page.context.route("**/python-snapshot.bin.gz", lambda route: route.fulfill(
            status=200, body=body, headers={"Content-Type": "application/gzip"}))
    elif answer == "another runtime":   # Pyodide's own runtime, unpatched (a stale copy in some cache): another table
        with open(os.path.join(ROOT, "node_modules", "pyodide", "pyodide.asm.mjs"), "rb") as f:
            published = f.read()
        page.context.route("**/vendor/pyodide/pyodide.asm.mjs", lambda route: route.fulfill(
            status=200, body=published, headers={"Content-Type": "text/javascript"}))
    elif answer == "uncompressed":   # a host that does not compress: the plain .gz file instead, and it works
        page.context.route("**/python-snapshot.bin", lambda route: route.fulfill(
            status=200, body=memory[:100_000], headers={"Content-Type": "application/octet-stream"}))
    elif answer == "slow network":   # the browser says the connection is slow: the first visit does not download it
        page.add_init_script("Object.defineProperty(navigator, 'connection', "
                             "{value: {effectiveType: '3g', saveData: false}})")
    else:   # the page measures a slow download of its package (throttled until the choice is made)
        cdp = page.context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 20,
                 "downloadThroughput": 150_000, "uploadThroughput": 150_000})
    said = []
    page.on("console", lambda m: m.type in ("warning", "info") and said.append(m.text))
    # on the throttled link, the load event waits for whatever the read-ahead's downloads leave of 150 kB/s: 1.6 s
    # here, over 20 s once in a fresh-clone run on a busy machine; nothing below needs it
    page.goto(url, wait_until="commit" if answer == "slow measured" else "load")
    if answer == "slow measured":
        for _ in range(1200):   # polled from here: the page's CSP refuses wait_for_function's eval
            if page.evaluate("window.mtThroughput !== undefined"):
                break
            page.wait_for_timeout(50)
        cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 0,
                 "downloadThroughput": -1, "uploadThroughput": -1})
    page.wait_for_selector("html[data-py-ready]", state="attached", timeout=90_000)
    if answer == "uncompressed":
        assert page.evaluate("window.mtPythonStart") == "snapshot"
        assert asked == ["python-snapshot.bin", "python-snapshot.bin.gz"], asked
    else:
        assert page.evaluate("window.mtPythonStart") == "full start-up"
        reason = {"missing": "HTTP 404", "another build": "build id mismatch", "another runtime": "another runtime",
                  "slow network": "slow", "slow measured": "kB/s, below"}[answer]
        assert any("Python starts without its snapshot" in w and reason in w for w in said), said
        if answer not in ("another build", "another runtime"):   # the progress bar does not wait for it
            assert page.evaluate("window.mtDownload['python-snapshot.bin']") is None
        assert bool(asked) == (answer in ("missing", "another build", "another runtime")), asked
        if answer.startswith("slow"):   # the read-ahead read the package and the wasm, and left the snapshot
            assert page.evaluate("window.mtEarlyUsed") == {"module": True, "memory": False, "package": True}
    game = Game(page)                                  # and the game plays as ever: a whole one-round match
    game.new_match(VS_CPU, set=6, rounds="one", seed=5)
    game.play_to_the_end()


def test_a_one_round_match_against_a_cpu_on_double_six_to_the_end_screen(app):
    app.new_match(VS_CPU, set=6, rounds="one", speed="instant", seed=7)
    page = app.page
    page.click('.topbar [data-action="sound"]')                  # sound on: synthesized, no errors
    assert page.get_attribute('.topbar [data-action="sound"]', "aria-pressed") == "true"
    assert app.train_row("M").is_visible() and app.train_row("0").is_visible() and app.train_row("1").is_visible()
    app.play_to_the_end()                                          # the match-end dialog shows
    text = page.inner_text("#match-text")
    assert "wins" in text or text.startswith("You win with") or "share the win" in text
    rows = page.inner_text("#match-rows")
    assert "Ana" in rows and "Bot" in rows
    svg = page.locator("#chart svg[role=img]")
    assert svg.count() == 1
    assert "Scores after each round" in svg.locator("title").text_content()
    assert page.locator("#chart-text li").count() == 2
    # the main button has focus and is "Play again"
    assert page.evaluate("document.activeElement.dataset.action") == "new_match"


def test_hotseat_the_next_hand_is_not_in_the_page_until_revealed(app):
    seed = 21
    app.new_match([("Ana", "human"), ("Ben", "human")], set=6, seed=seed)
    page = app.page
    hands, _ = deal(Rules.make("standard", set=6, seats=2), seed, 0)
    ana, ben = tile_texts(hands[0]), tile_texts(hands[1])

    def absent(tiles):
        html = page.content()
        assert page.locator("[data-tile]").count() == 0
        assert not [t for t in tiles if mentions(html, t)]

    assert app.shown("reveal") and "Ana" in app.banner()
    absent(ana + ben)
    assert page.evaluate("document.activeElement.dataset.action") == "reveal"
    app.click("reveal")
    assert sorted(app.hand()) == sorted(ana)
    absent_ben = [t for t in ben if mentions(page.content(), t)]
    assert not absent_ben
    # Ana plays (or draws), then the board waits for Next player with her hand gone
    while not app.shown("next"):
        if app.shown("draw") or app.shown("pass"):
            app.click("draw" if app.shown("draw") else "pass")
            continue
        page.click(f'#hand-tiles [data-tile="{app.playable()[0]}"]')
        page.click(f'#trains [data-train="{app.targets()[0]}"]')
    assert page.locator("[data-tile]").count() == 0
    played = {"-".join(sorted(t.split("-"), key=int)) for t in re.findall(r"\d+-\d+", " ".join(
        page.eval_on_selector_all("#trains .tlist", "els => els.map(e => e.textContent)")))}
    app.click("next")
    assert app.shown("reveal") and "Ben" in app.banner()
    absent(ben + [t for t in ana if t not in played])
    assert page.locator("#trains .ttile").count() >= 1     # the layout stays in view
    app.click("reveal")
    assert sorted(app.hand()) == sorted(ben)
    # opening the settings keeps the match: Back returns to it as it was
    app.open_setup()
    assert page.locator("#setup-screen").is_visible()
    page.click('#saved-panel [data-action="back"]')
    assert page.locator("#game-screen").is_visible() and sorted(app.hand()) == sorted(ben)


def test_selecting_and_cancelling_only_undo_the_preparation(app):
    app.new_match(VS_CPU, set=6, seed=3)
    page = app.page
    tiles = app.playable()
    assert tiles, "seed 3 gives Ana a play"
    tile = tiles[0]
    # focus starts on the first playable tile (once the new board has been painted: render.js afterPaint): Enter
    # selects it, focus moves to a target, Enter plays
    page.wait_for_function("() => document.activeElement && document.activeElement.dataset.tile !== undefined", timeout=5_000)
    assert page.evaluate("document.activeElement.dataset.tile") == tile
    step = app.attr("data-step")

    def select():
        page.click(f'#hand-tiles [data-tile="{tile}"]')
        assert app.selected() == [tile] and app.targets()
        assert "Now pick a train" in app.banner()

    select()
    page.click(f'#hand-tiles [data-tile="{tile}"]')            # the same tile again
    assert app.selected() == [] and not app.targets()
    select()
    page.click("#rules")                                         # an empty part of the board
    assert app.selected() == []
    select()
    page.keyboard.press("Escape")
    assert app.selected() == [] and not page.locator("#pause-dialog").is_visible()
    select()
    app.click("clear")
    assert app.selected() == []
    assert app.attr("data-step") == step                         # nothing was played
    # keyboard: two presses from the hand to a play
    page.focus(f'#hand-tiles [data-tile="{tile}"]')
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.dataset.train") in app.targets()
    page.keyboard.press("Enter")
    assert app.attr("data-step") != step and app.shown("next")
    assert page.evaluate("document.activeElement.dataset.action") == "next"


def test_a_seat_with_no_play_draws_and_its_train_is_marked_in_words(app):
    seed = first_turn_draws_and_marks(VS_CPU)
    app.new_match(VS_CPU, set=6, seed=seed)
    page = app.page
    assert app.playable() == [] and app.shown("draw") and not app.shown("pass")
    assert app.banner() == "No tile fits: draw one."
    assert page.evaluate("document.activeElement.dataset.action") == "draw"
    before = len(app.hand())
    page.keyboard.press("d")
    assert len(app.hand()) == before + 1
    row = app.train_row("0")
    assert "st-marked" in row.get_attribute("class")
    assert "Marked: open to everyone" in row.locator(".tstate").inner_text()
    assert "marked" in page.inner_text("#log").lower()
    assert app.shown("next")


def test_an_open_double_must_be_covered_by_the_next_player(app):
    seed, steps, bound = open_double_line()
    app.new_match([("Ana", "human"), ("Ben", "human")], set=6, seed=seed)
    app.replay(steps)
    app.click("reveal")
    banner = app.banner()
    assert banner.startswith("Cover the open double")
    rows = app.page.locator("#trains .train.st-double")
    assert rows.count() == 1
    assert "Open double: cover it first" in rows.locator(".tstate").inner_text()
    double_train = rows.get_attribute("data-row")
    value = int(rows.locator(".needs").inner_text().split()[-1])
    playable = app.playable()
    assert playable, "the chosen deal lets the bound seat cover"
    assert all(str(value) in t.split("-") for t in playable)
    hand = app.hand()
    assert [t for t in hand if str(value) in t.split("-")] == playable
    app.page.click(f'#hand-tiles [data-tile="{playable[0]}"]')
    assert app.targets() == [double_train]


def test_cpu_play_waits_while_the_menu_or_help_covers_the_board(app):
    page = app.page
    app.new_match([("Bot", "random"), ("Cy", "random"), ("Ana", "human")], set=6, rounds="one", speed="fast",
                  seed=5, wait=False)
    page.wait_for_selector('html[data-cpu-pending="1"]', state="attached")
    for opener, dialog in (('.topbar [data-action="menu"]', "#menu-dialog"), ('.topbar [data-action="help"]',
                                                                              "#help-dialog")):
        if app.attr("data-cpu-pending") != "1":
            break
        page.click(opener)
        assert page.locator(dialog).is_visible()
        step = app.attr("data-step")
        page.wait_for_timeout(1500)                  # five CPU steps' worth at this speed
        assert app.attr("data-step") == step, f"CPU play went on under {dialog}"
        page.keyboard.press("Escape")
        for _ in range(60):                          # closed: CPU play resumes by itself
            if app.attr("data-step") != step:
                break
            page.wait_for_timeout(50)
        assert app.attr("data-step") != step, f"CPU play did not resume after {dialog} closed"


def test_pause_and_continue_by_button_and_keys_stop_cpu_play(app):
    app.new_match([("Bot A", "random"), ("Bot B", "random")], set=6, rounds="one", speed="normal", seed=5,
                  wait=False)
    page = app.page

    def frozen(seconds=1.3):
        step = app.attr("data-step")
        page.wait_for_timeout(seconds * 1000)
        assert app.attr("data-step") == step, "a CPU moved while paused"

    def moves(timeout=4000):
        step = app.attr("data-step")
        deadline = time.time() + timeout / 1000
        while time.time() < deadline:
            if app.attr("data-step") != step or page.locator("#round-dialog").is_visible():
                return
            page.wait_for_timeout(100)
        raise AssertionError("the CPUs did not move after Continue")

    page.click('.topbar [data-action="pause"]')
    assert page.locator("#pause-dialog").is_visible()
    assert page.evaluate("document.activeElement.dataset.action") == "resume"
    assert "Paused" in app.banner()
    frozen()
    page.click('#pause-dialog [data-action="resume"]')
    moves()
    page.keyboard.press("p")
    assert page.locator("#pause-dialog").is_visible()
    frozen()
    page.keyboard.press("p")
    assert not page.locator("#pause-dialog").is_visible()
    moves()
    page.keyboard.press("Escape")
    assert page.locator("#pause-dialog").is_visible()
    frozen(0.9)
    page.keyboard.press("Escape")
    moves()
    # leaving the tab pauses; coming back keeps it paused until Continue
    page.evaluate("""() => {
        Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => 'hidden'});
        document.dispatchEvent(new Event('visibilitychange'));
    }""")
    page.evaluate("""() => {
        Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => 'visible'});
        document.dispatchEvent(new Event('visibilitychange'));
    }""")
    # the pause is Python's answer to the hidden tab, which may come after the tab is visible again
    page.wait_for_selector("#pause-dialog", state="visible", timeout=10_000)
    frozen(0.9)
    page.click('#pause-dialog [data-action="resume"]')
    moves()
    page.evaluate("() => { delete document.visibilityState; }")


def test_on_a_phone_the_hand_the_train_ends_and_the_draw_control_fit_on_screen(app):
    page = app.page
    page.set_viewport_size({"width": 360, "height": 740})
    app.new_match([("You", "human"), ("C1", "random"), ("C2", "random"), ("C3", "random")], set=12,
                  rounds="one", speed="instant", seed=2)
    assert len(app.hand()) == 15
    boxes = page.eval_on_selector_all(
        "#hand-tiles .htile, #trains .train.eligible .end, #actions button:not([hidden])",
        "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.top, r.bottom, r.left, r.right, r.width, r.height]; })")
    assert boxes
    for top, bottom, left, right, width, height in boxes:
        assert 0 <= top and bottom <= 740 and 0 <= left and right <= 360, (top, bottom, left, right)
        assert width >= 44 and height >= 44
    assert page.evaluate("document.scrollingElement.scrollHeight") <= 740
    # board tiles stay readable
    app.step_once()
    app.idle()
    sizes = page.eval_on_selector_all("#trains .ttile", "els => els.map(e => [e.offsetWidth, e.offsetHeight])")
    assert sizes and all(w >= 56 and h >= 28 for w, h in sizes)
    # the large-numbers face: numerals instead of pips, on the board and in the hand
    page.click('.topbar [data-action="menu"]')
    page.check("#menu-numerals")
    page.click('#menu-dialog [data-action="close_dialog"]')
    assert page.locator("#hand-tiles svg text").count() >= 2 * len(app.hand()) - len(app.hand())
    assert page.locator("#hand-tiles svg path.pips").count() == 0
    page.click('.topbar [data-action="menu"]')
    page.uncheck("#menu-numerals")
    page.click('#menu-dialog [data-action="close_dialog"]')
    assert page.locator("#hand-tiles svg path.pips").count() > 0


def test_a_saved_match_continues_exactly_after_a_reload(app, fresh_page, shared):
    app.new_match(VS_CPU, set=6, rounds="short", speed="instant", seed=9)
    app.step_once()
    app.idle()
    step, hand = app.attr("data-step"), app.hand()
    other, watch, url = fresh_page(context=shared[2])
    other.goto(url)
    other.wait_for_selector('#saved-panel [data-action="continue_saved"]', state="visible")
    other.wait_for_selector("html[data-py-ready]", state="attached", timeout=90_000)
    assert "Ana and Bot" in other.inner_text("#saved-text")
    # Start asks before replacing the saved match; keeping it changes nothing
    other.click("#quick-start")
    assert other.locator("#confirm-dialog").is_visible()
    other.click('[data-action="cancel_new"]')
    other.click('[data-action="continue_saved"]')
    other.wait_for_selector("#game-screen", state="visible")
    assert other.get_attribute("html", "data-step") == step
    assert sorted(other.eval_on_selector_all("#hand-tiles [data-tile]", "els => els.map(e => e.dataset.tile)")) == sorted(hand)
    assert "Saved match restored." in other.inner_text("#log")


def test_hint_highlights_a_tile_and_a_train(app):
    from mexican_train import players
    if not hasattr(players, "explain"):
        pytest.skip("players.explain (the hint) has not landed yet")
    app.new_match(VS_CPU, set=6, seed=3)
    app.click("hint")
    assert app.page.locator("#hand-tiles .htile.hinted").count() == 1
    assert app.page.locator("#trains .train.hinted").count() == 1
    assert "Hint:" in app.page.inner_text("#log")


def test_the_site_works_from_a_sub_path(browser, fresh_page):
    srv = serve.make_server(0, "/some/sub/path/")
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    try:
        page, watch, _ = fresh_page()
        page.goto(srv.url + "?test=1&seed=12")
        page.wait_for_selector("html[data-py-ready]", state="attached", timeout=90_000)
        game = Game(page)
        assert page.input_value("#seed") == "12"
        game.new_match(VS_CPU, set=6, rounds="one", speed="instant", seed=12)
        assert page.get_attribute("html", "data-screen") == "board"
        assert len(game.hand()) == 7
    finally:
        srv.shutdown()
        srv.server_close()


def test_classic_preset_seats_up_to_ten_and_plays_an_opening_chain(app):
    page = app.page
    app.open_setup()
    page.select_option("#preset", "standard")
    page.check('input[name="set"][value="12"]')
    assert page.locator('#seats option[value="5"]').is_disabled()
    page.select_option("#preset", "classic")
    assert not page.locator('#seats option[value="10"]').is_disabled()
    assert page.is_checked("#opening_chain") and page.is_checked("#mexican_after_first_turn")
    players = [("Ana", "human")] + [(f"C{i}", "random") for i in range(1, 6)]
    app.new_match(players, set=12, rounds="one", speed="instant", seed=8, preset="classic")
    assert "Classic rules" in page.inner_text("#rules")
    assert page.locator("#trains .train").count() == 7
    assert "Opening turn" in app.banner()
    saw_stop = False
    for _ in range(400):
        saw_stop = saw_stop or app.shown("stop")
        if not app.step_once():
            break
    assert page.locator("#match-dialog").is_visible()
    assert saw_stop, "the opening chain offers End chain"
