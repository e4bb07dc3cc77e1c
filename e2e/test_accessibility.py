"""Accessible to everyone: audits, a whole match by keyboard alone, spoken names checked against the engine,
touch targets, no sideways scrolling, and the display preferences (large numbers, high contrast, motion).

axe-core (node_modules/axe-core, pinned in package.json) is injected into the page; the page's CSP allows
no inline script, so these pages run in a context with ``bypass_csp=True``. Python boots once for this file
(``a11y`` below, one page for most tests); the preferences test holds Python back and never boots it.
"""

from __future__ import annotations

import os
import re
import time

import pytest
from e2e.conftest import DESKTOP, ROOT, Watch, open_game
from e2e.game import Game, open_double_line
from tests.helpers import settings

from mexican_train.actions import MEXICAN
from mexican_train.ui.controller import cpu_step, facts, handle, start

AXE = os.path.join(ROOT, "node_modules", "axe-core", "axe.min.js")
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
PHONE = {"width": 360, "height": 740}
VS_CPU = [("Ana", "human"), ("Bot", "random")]

ACTIVE_JS = """() => {
  const a = document.activeElement;
  if (!a || a === document.body || a === document.documentElement) return {body: true};
  const d = a.dataset || {};
  return {body: false, tag: a.tagName, id: a.id || null, tile: d.tile || null, train: d.train || null,
          action: d.action || null, disabled: a.getAttribute('aria-disabled') === 'true',
          pressed: a.getAttribute('aria-pressed'), dialog: (a.closest('dialog[open]') || {}).id || null,
          visible: a.checkVisibility ? a.checkVisibility() : a.offsetParent !== null};
}"""


# ------------------------------------------------------------------------------ helpers

def run_axe(page, screen: str, found: dict) -> None:
    """Audit the page as it is now against WCAG 2.2 A/AA; violations are collected under ``screen``."""
    if not page.evaluate("() => !!window.axe"):
        page.add_script_tag(path=AXE)
    result = page.evaluate(
        """tags => axe.run(document, {runOnly: {type: 'tag', values: tags},
               rules: {'label-content-name-mismatch': {enabled: true}},
               resultTypes: ['violations', 'incomplete']})""", TAGS)
    found[screen] = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]], v["nodes"][0].get("failureSummary", ""))
                     for v in result["violations"]]
    review = sorted({i["id"] for i in result["incomplete"]})
    if os.environ.get("AXE_REVIEW"):     # "incomplete": what axe could not decide (e.g. one-digit numerals)
        for i in result["incomplete"]:
            for n in i["nodes"][:8]:
                print("   review", i["id"], n["target"], (n.get("any") or [{}])[0].get("message", "")[:160])
    note = f" (to review: {', '.join(review)}; AXE_REVIEW=1 lists them)" if review else ""
    print(f"axe {screen}: {len(result['violations'])} violations{note}")


def assert_no_violations(found: dict) -> None:
    bad = {screen: v for screen, v in found.items() if v}
    if bad:
        lines = []
        for screen, violations in bad.items():
            for rule, impact, nodes, summary in violations:
                lines.append(f"[{screen}] {rule} ({impact}): {nodes}\n    {summary}")
        pytest.fail("axe violations:\n" + "\n".join(lines))


def active(page) -> dict:
    return page.evaluate(ACTIVE_JS)


def focus_kept(page, where: str) -> dict:
    a = active(page)
    assert not a["body"], f"focus lost to <body> {where}"
    assert a["visible"], f"focus on a hidden element {a} {where}"
    return a


def press(page, key: str) -> dict:
    page.keyboard.press(key)
    return active(page)


def tab_to(page, test, limit=80, back=False):
    """Tab (or Shift+Tab) until the focused element passes ``test``; returns it."""
    for _ in range(limit):
        a = press(page, "Shift+Tab" if back else "Tab")
        if not a["body"] and test(a):
            return a
    raise AssertionError("Tab never reached the control")


def tab_to_id(page, element_id, limit=80):
    return tab_to(page, lambda a: a["id"] == element_id, limit)


def dialog_open(page, name) -> bool:
    return page.evaluate(f"() => document.getElementById('{name}').open")


def names(page, selector) -> list[str]:
    """The accessible names of the buttons under ``selector``, from Chromium's accessibility tree (aria snapshot)."""
    found = []
    for line in page.locator(selector).aria_snapshot().splitlines():
        item = line.strip()[2:] if line.strip().startswith("- ") else ""
        if item.startswith("'"):                 # YAML single-quoted key ('' is a quote), then maybe ": text"
            key, i = [], 1
            while i < len(item) and not (item[i] == "'" and item[i + 1:i + 2] != "'"):
                key.append(item[i])
                i += 2 if item[i] == "'" else 1
            item = "".join(key)
        m = re.match(r'button "(.*?)"(?: \[[^\]]*\])*(?::|$)', item)
        if m:
            found.append(m.group(1))
    return found


def measure(page) -> list:
    """Every visible interactive element's box (radio and check boxes: their label, the real target)."""
    return page.evaluate("""() => {
      const sel = 'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';
      const top = [...document.querySelectorAll('dialog[open]')].pop();
      const root = top || document;
      return [...root.querySelectorAll(sel)].filter(e => e.checkVisibility() && !e.closest('[inert]')).map(e => {
        const target = (e.type === 'checkbox' || e.type === 'radio') && e.closest('label') ? e.closest('label') : e;
        const r = target.getBoundingClientRect();
        return [e.id || e.dataset.action || e.dataset.tile || e.dataset.train || e.className || e.tagName,
                Math.round(r.width * 10) / 10, Math.round(r.height * 10) / 10];
      });
    }""")


def no_overflow(page, where):
    width, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= inner, f"{where}: the page is {width} px wide in a {inner} px window"


def small_targets(page, where):
    return [f"{where}: {name} {w}x{h}" for name, w, h in measure(page) if w < 44 or h < 44]


# ------------------------------------------------------------------------------ fixtures

@pytest.fixture(scope="module")
def a11y(browser, server):
    """One page for this file, axe allowed in; it starts with an unreadable save (the error screen)."""
    context, page, watch = open_game(browser, server + "?test=1", bypass_csp=True, init_script="""
        if (!sessionStorage.getItem('a11y-seeded')) {
            sessionStorage.setItem('a11y-seeded', '1');
            localStorage.setItem('mexican-train:match', '{"save_version": 2, "match": {broken');
        }""")
    yield page, watch
    context.close()


@pytest.fixture
def a11y_page(a11y):
    page, watch = a11y
    watch.errors, watch.foreign = [], []
    page.set_viewport_size(DESKTOP)
    yield page
    watch.check()


# ------------------------------------------------------------------------------ the tests

def test_preferences_apply_before_python_and_persist_across_a_reload(browser, server):
    """Large numbers, high contrast and motion: on <html> at the first frame, long before Python, and kept."""
    context = browser.new_context(viewport=PHONE, bypass_csp=True, reduced_motion="reduce")
    # What <html> says at the first animation frame, i.e. before the first paint.
    context.add_init_script("""requestAnimationFrame(() => {
        window.firstFrame = Object.assign({}, document.documentElement.dataset);
        window.firstFrameBg = document.body ? getComputedStyle(document.body).backgroundColor : null;
    });""")
    page = context.new_page()
    page.set_default_timeout(20_000)
    watch = Watch(page)
    held = []
    page.route("**/vendor/pyodide/pyodide.asm.wasm", lambda route: held.append(route))   # Python never starts
    found = {}
    try:
        page.goto(server + "?test=1")
        page.wait_for_selector("#quick-start", state="visible")
        page.wait_for_function("() => window.firstFrame")
        first = page.evaluate("window.firstFrame")
        # nothing saved yet: pips, normal contrast, and motion follows the system (reduce, in this context)
        assert (first["face"], first["contrast"], first["motion"]) == ("pips", "normal", "reduce")
        assert page.get_attribute("html", "data-py-ready") is None and page.locator("#loading").is_visible()
        run_axe(page, "loading", found)
        no_overflow(page, "loading at 360 px")
        # the display choices work on the setup screen before Python, by keyboard
        page.click("#display-prefs summary")
        page.check("#pref-numerals")
        page.check("#pref-contrast")
        page.select_option("#pref-motion", "full")
        html = page.evaluate("Object.assign({}, document.documentElement.dataset)")
        assert (html["face"], html["contrast"], html["motion"]) == ("numerals", "high", "full")
        saved = page.evaluate("JSON.parse(localStorage.getItem('mexican-train:prefs:ui'))")
        assert saved == {"numerals": True, "contrast": True, "motion": "full"}
        run_axe(page, "loading, high contrast", found)
        small = small_targets(page, "setup")
        assert not small, small
        # after a reload (Python still held back) they are there at the first frame
        page.reload()
        page.wait_for_selector("#quick-start", state="visible")
        page.wait_for_function("() => window.firstFrame")
        first = page.evaluate("window.firstFrame")
        assert (first["face"], first["contrast"], first["motion"]) == ("numerals", "high", "full")
        assert page.evaluate("window.firstFrameBg") == "rgb(0, 0, 0)"      # the high-contrast page, first paint
        assert page.get_attribute("html", "data-py-ready") is None
        assert page.is_checked("#pref-numerals") and page.is_checked("#pref-contrast")
        assert page.input_value("#pref-motion") == "full"
        # "As set on this device" follows the system again
        page.click("#display-prefs summary")
        page.select_option("#pref-motion", "system")
        assert page.get_attribute("html", "data-motion") == "reduce"
        page.emulate_media(reduced_motion="no-preference")
        page.wait_for_selector('html[data-motion="full"]', state="attached")   # followed live
        assert_no_violations(found)
        watch.check()
    finally:
        page.unroute("**/vendor/pyodide/pyodide.asm.wasm")
        for route in held:
            try:
                route.abort()
            except Exception:   # the reload already cancelled it
                pass
        context.close()


def test_a_whole_match_by_keyboard_alone(a11y_page):
    """Set up and play a one-round double-6 match against a CPU with key presses only; focus is never lost."""
    page = a11y_page
    found = {}
    # the unreadable save is explained on the setup screen (the error screen)
    page.wait_for_selector("#saved-message", state="visible")
    assert "could not be read" in page.inner_text("#saved-message")
    run_axe(page, "error: unreadable save", found)

    # everything the live region says, in order (read only: a MutationObserver, no input)
    page.evaluate("""() => { window.said = []; new MutationObserver(records => { for (const r of records)
        for (const n of r.addedNodes) window.said.push(n.textContent); }).observe(document.getElementById('log'),
        {childList: true}); }""")
    # -- the setup form, by keyboard: "Change settings" opens it and moves focus into it
    tab_to_id(page, "settings-toggle")
    press(page, "Enter")
    assert page.get_attribute("#settings-toggle", "aria-expanded") == "true"
    tab_to_id(page, "seat-kind-1")
    press(page, "End")                                        # CPU: Random (testing), the last choice
    assert page.input_value("#seat-kind-1") == "random"
    cpu = page.get_attribute("#seat-name-1", "placeholder")   # the name it gets when none is typed ("CPU 1")
    tab_to(page, lambda a: a["tag"] == "INPUT" and page.evaluate("document.activeElement.name") == "set")
    press(page, "ArrowDown")
    press(page, "ArrowDown")
    assert page.evaluate("document.querySelector('input[name=set]:checked').value") == "6"
    tab_to(page, lambda a: a["tag"] == "INPUT" and page.evaluate("document.activeElement.name") == "rounds")
    press(page, "ArrowUp")
    press(page, "ArrowUp")
    assert page.evaluate("document.querySelector('input[name=rounds]:checked').value") == "one"
    tab_to_id(page, "cpu_speed")
    press(page, "ArrowDown")                                  # Normal -> Fast: CPU turns take a moment, summarised
    assert page.input_value("#cpu_speed") == "fast"
    tab_to(page, lambda a: a["tag"] == "SUMMARY" and page.evaluate(
        "document.activeElement.parentElement.classList.contains('advanced')"))
    press(page, "Enter")                                      # open "Advanced options"
    tab_to_id(page, "seed")
    for digit in "17":
        press(page, digit)
    assert page.input_value("#seed") == "17"
    tab_to_id(page, "start")
    press(page, "Enter")
    if dialog_open(page, "confirm-dialog"):
        assert active(page)["action"] == "confirm_new"
        press(page, "Enter")
    page.wait_for_selector("#game-screen", state="visible")
    game = Game(page)

    # -- the match
    plays = 0
    done = set()          # the side trips made once: help, pause, Escape, arrows, a wrong train, a Tab round
    nexts = 0
    for _ in range(400):
        # while a CPU plays, focus stays on a control
        deadline = time.time() + 30
        while page.get_attribute("html", "data-cpu-pending") == "1" and time.time() < deadline:
            focus_kept(page, "during a CPU turn")
            page.wait_for_timeout(60)
        game.idle()
        a = focus_kept(page, "after a move")
        if dialog_open(page, "match-dialog"):
            assert a["action"] == "new_match" and a["dialog"] == "match-dialog"
            run_axe(page, "match end (keyboard)", found)
            # the dialog holds the focus
            for key in ["Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"]:
                assert press(page, key)["dialog"] == "match-dialog"
            break
        if dialog_open(page, "round-dialog"):
            assert a["id"] == "round-button" and a["dialog"] == "round-dialog"
            assert press(page, "Tab")["dialog"] == "round-dialog"     # to "Review my play", inside the dialog
            assert press(page, "Shift+Tab")["id"] == "round-button"
            press(page, "Enter")
            continue
        if game.shown("next"):
            assert a["action"] == "next", a
            press(page, "n" if nexts % 2 else "Enter")      # the shortcut, or Enter on the focused button
            nexts += 1
            continue
        focus = page.get_attribute("html", "data-focus")
        assert focus == "hand", (focus, page.inner_text("#log"))
        playable = game.playable()
        if not playable:
            assert a["action"] in ("draw", "pass"), a
            press(page, {"draw": "d", "pass": "s"}[a["action"]] if "draw_or_pass" in done else "Enter")
            done.add("draw_or_pass")
            continue
        # a human turn begins: focus is on a playable tile, two presses from a play
        assert a["tile"] in playable, (a, playable)
        step = page.get_attribute("html", "data-step")
        if "help" not in done:
            done.add("help")
            h = press(page, "?")
            assert h["dialog"] == "help-dialog" and h["action"] == "close_dialog"
            for key in ["Tab"] * 4 + ["Shift+Tab"] * 5:
                assert press(page, key)["dialog"] == "help-dialog", "focus left the help"
            back = press(page, "Escape")
            assert not dialog_open(page, "help-dialog") and back["tile"] == a["tile"]
        if "pause" not in done:
            done.add("pause")
            p = press(page, "p")
            assert p["dialog"] == "pause-dialog" and p["action"] == "resume"
            assert press(page, "Tab")["dialog"] == "pause-dialog"
            back = press(page, "Escape")
            assert not dialog_open(page, "pause-dialog")
            assert back["tile"] in playable
            a = back
        if "tab_cycle" not in done:
            done.add("tab_cycle")
            seen = set()
            for _ in range(40):
                b = press(page, "Shift+Tab")
                assert not b["body"]
                seen.add(b["action"] or ("train" if b["train"] else None) or ("tile" if b["tile"] else b["id"]))
                if b["action"] == "menu":
                    break
            assert {"train", "menu", "hint"} <= seen, seen   # the trains (every one), the tools, the commands
            a = tab_to(page, lambda b: b["tile"] is not None)
        if "arrows" not in done and len(playable) >= 1:
            done.add("arrows")
            tiles = game.hand()
            b = press(page, "End")
            assert b["tile"] == tiles[-1]
            b = press(page, "Home")
            assert b["tile"] == tiles[0]
            b = press(page, "ArrowLeft")
            assert b["tile"] == tiles[-1]
            b = press(page, "ArrowRight")
            assert b["tile"] == tiles[0]
            while b["tile"] not in playable:
                b = press(page, "ArrowRight")
            a = b
        # Enter picks the tile; focus goes to a train that takes it
        t = press(page, "Enter")
        assert t["train"] is not None and not t["disabled"], t
        assert game.selected() == [a["tile"]]
        if "escape" not in done:
            done.add("escape")
            back = press(page, "Escape")
            assert game.selected() == [] and back["tile"] == a["tile"]
            t = press(page, "Enter")
            assert t["train"] is not None and not t["disabled"]
        if "wrong_train" not in done:
            trains = page.eval_on_selector_all("#trains .end", "els => els.map(e => e.dataset.train)")
            wrong = [x for x in trains if x not in game.targets()]
            if wrong:
                done.add("wrong_train")
                b = t
                for _ in range(len(trains)):
                    b = press(page, "ArrowDown")
                    if b["train"] == wrong[0]:
                        break
                assert b["train"] == wrong[0] and b["disabled"]
                press(page, "Enter")                       # not there: it says so, nothing changes
                assert "cannot go on" in page.inner_text("#log")
                assert page.get_attribute("html", "data-step") == step
                while not (b["train"] and not b["disabled"]):
                    b = press(page, "ArrowUp")
                t = b
        press(page, "Enter")                              # (without the side trips: Enter, Enter)
        plays += 1
        assert page.get_attribute("html", "data-step") != step, "Enter on the train did not play"
    else:
        raise AssertionError("the match did not end")
    assert plays, "the human never played"
    assert {"help", "pause", "escape", "arrows", "tab_cycle"} <= done, done
    # one live region, a few lines at most; each turn change said, each CPU turn (fast) in one sentence
    said = page.evaluate("window.said")
    assert page.locator("[aria-live], [role=log], [role=status], [role=alert]").count() >= 1
    assert page.locator("#game-screen [aria-live], #game-screen [role=log], #game-screen [role=status]").count() == 1
    assert page.locator("#log p").count() <= 4
    assert not [line for line in said if line.startswith(f"{cpu} played") or line.startswith(f"{cpu} drew")], said
    summaries = [i for i, line in enumerate(said) if line.startswith(f"{cpu}: ")]
    assert summaries, said
    assert "Your turn." in said and f"{cpu}'s turn." in said
    for i in summaries:        # a CPU turn: its turn is said first, then one sentence, then whose turn it is now
        assert f"{cpu}'s turn." in said[:i]
        after = [line for line in said[i + 1:] if not line.startswith("The double ")]   # an open double it left
        if after:
            assert after[0] == "Your turn." or "round" in after[0].lower(), said[i:i + 3]
    assert_no_violations(found)


def test_spoken_names_of_tiles_and_trains_match_the_engine(a11y_page):
    page = a11y_page
    game = Game(page)
    seed = 3
    game.new_match(VS_CPU, set=6, rounds="one", speed="instant", seed=seed)
    session = start(settings(*VS_CPU, seed=seed, cpu_speed="instant", after_turn="wait"))   # as Game.new_match

    def train_words(match, index):
        state = match.round
        seats = match.rules.seats
        if index in state.open_doubles:
            return "open double"
        if index == seats:
            return "shared"
        return "marked" if state.trains[index].marked else "private"

    def train_title(match, index):
        if index == match.rules.seats:
            return "Mexican Train"
        return "Your train" if index == 0 else f"{match.players[index].name}'s train"

    def check(session, selected=None):
        match = session.match
        state = match.round
        legal = match.legal_actions() if facts(session).human_to_move is not None else ()
        # the hand: values, then where each tile may go (or that it may not)
        hand = names(page, "#hand-tiles")
        assert len(hand) == len(state.hands[0])
        shown = {}
        for name in hand:
            m = re.match(r"(?:double (\d+)|(\d+) and (\d+)), (.*)$", name)
            assert m, name
            low, high = (int(m.group(1)),) * 2 if m.group(1) else (int(m.group(2)), int(m.group(3)))
            shown[(low, high)] = m.group(4)
        assert sorted(shown) == sorted((t.low, t.high) for t in state.hands[0])
        for t in state.hands[0]:
            rest = shown[(t.low, t.high)]
            where = {str(a.train) for a in legal if a.kind == "play" and a.tile == t}
            if selected == t:
                assert rest.startswith("selected"), rest
            elif where:
                assert rest.startswith("playable on: "), rest
                listed = rest[len("playable on: "):].split(", ")
                expect = {("the Mexican Train" if w == MEXICAN else train_title(match, int(w)).replace("Your", "your"))
                          for w in where}
                assert set(listed) == expect, (t, listed, expect)
            else:
                assert rest.startswith("not playable"), rest
        # the trains: owner, state in words, tiles, the open end; and whether the chosen tile goes there
        keys = page.eval_on_selector_all("#trains .end", "els => els.map(e => e.dataset.train)")
        assert len(keys) == match.rules.seats + 1
        spoken = {key: names(page, f'#trains [data-train="{key}"]')[0]
                  for key in keys}
        for index in range(match.rules.seats + 1):
            key = MEXICAN if index == match.rules.seats else str(index)
            train = state.trains[index]
            targets = {str(a.train) for a in legal if a.kind == "play" and a.tile == selected} if selected else set()
            name = spoken[key]
            visible = (("Play here, " if key in targets else "") + f"Needs {train.end}, ")
            assert name.startswith(visible), name           # the visible words come first
            assert train_title(match, index) in name
            assert train_words(match, index) in name.lower(), (name, train_words(match, index))
            if train.tiles:
                count = len(train.tiles)
                assert f"{count} tile{'s' if count != 1 else ''}, ends at {train.end}" in name, name
            else:
                assert f"Not started: starts with a {train.end}" in name, name
            assert bool(re.search(r", play \d+-\d+ here$", name)) == (key in targets), name
            if selected is not None and key in targets:
                assert name.endswith(f", play {selected.low}-{selected.high} here"), name
            disabled = page.get_attribute(f'#trains [data-train="{key}"]', "aria-disabled") == "true"
            assert disabled == (key not in targets)
        # face-down hands say only how many tiles there are
        meta = page.inner_text('#trains [data-row="1"] .tmeta')
        count = len(state.hands[1])
        assert f"{count} tiles, face down" in meta or (count == 1 and "1 tile, face down" in meta)

    check(session)
    tile = next(t for t in session.match.round.hands[0] if any(
        a.kind == "play" and a.tile == t for a in session.match.legal_actions()))
    text = f"{tile.low}-{tile.high}"
    page.click(f'#hand-tiles [data-tile="{text}"]')
    session = handle(session, {"type": "tile", "tile": text})
    check(session, selected=tile)
    target = game.targets()[0]
    page.click(f'#trains [data-train="{target}"]')
    session = handle(session, {"type": "train", "train": target})
    if session.awaiting_next:
        page.keyboard.press("n")
        session = handle(session, {"type": "command", "name": "next"})
    game.idle()
    while facts(session).cpu_to_move:
        session = cpu_step(session)
    assert page.get_attribute("html", "data-step").split("/")[1] == str(len(session.match.round.actions))
    check(session)


def test_no_audit_violations_on_any_screen(a11y_page):
    page = a11y_page
    game = Game(page)
    found = {}
    # setup and help, and an error: settings that cannot start a match
    game.open_setup()
    run_axe(page, "setup", found)
    page.click('#setup-screen [data-action="help"]')
    run_axe(page, "help", found)
    page.keyboard.press("Escape")
    game.fill_setup(VS_CPU, set=6, seed=4)
    page.fill("#hand_size", "30")
    page.click('#setup [data-action="start"]')
    if page.locator("#confirm-dialog").is_visible():
        run_axe(page, "confirm new match", found)
        page.click('[data-action="confirm_new"]')
    page.wait_for_selector("#setup-error", state="visible")
    run_axe(page, "error: bad settings", found)
    page.fill("#hand_size", "")
    # a human turn, the menu, pause; high contrast with large numbers
    game.new_match(VS_CPU, set=6, rounds="one", speed="instant", seed=3)
    run_axe(page, "board, human turn", found)
    page.click(f'#hand-tiles [data-tile="{game.playable()[0]}"]')
    run_axe(page, "board, tile selected", found)
    page.keyboard.press("Escape")
    page.click('.topbar [data-action="menu"]')
    run_axe(page, "menu", found)
    page.check("#menu-contrast")
    page.check("#menu-numerals")
    page.keyboard.press("Escape")
    run_axe(page, "board, high contrast, large numbers", found)
    page.click('.topbar [data-action="menu"]')
    page.uncheck("#menu-contrast")
    page.uncheck("#menu-numerals")
    page.keyboard.press("Escape")
    page.click('.topbar [data-action="pause"]')
    run_axe(page, "pause", found)
    page.keyboard.press("Escape")
    # a CPU turn (slow, so it is still thinking while audited)
    game.new_match([("Bot", "random"), ("Ana", "human")], set=6, rounds="one", speed="slow", seed=5, wait=False)
    page.wait_for_selector('html[data-cpu-pending="1"]', state="attached")
    run_axe(page, "board, CPU turn", found)
    focus_kept(page, "during a CPU turn")
    # hotseat: the handover, Export's warning, then an open double to cover
    seed, steps, _ = open_double_line()
    game.new_match([("Ana", "human"), ("Ben", "human")], set=6, seed=seed)
    run_axe(page, "hotseat handover", found)
    page.click('.topbar [data-action="menu"]')
    page.click('#menu-dialog [data-action="export"]')
    run_axe(page, "export warning", found)
    page.keyboard.press("Escape")
    page.keyboard.press("Escape")
    game.replay(steps)
    game.click("reveal")
    assert page.locator("#trains .train.st-double").count() == 1
    run_axe(page, "open double", found)
    # round end and match end
    game.new_match(VS_CPU, set=6, rounds="one", speed="instant", seed=7)
    for _ in range(300):
        if page.locator("#round-dialog").is_visible():
            run_axe(page, "round end", found)
        if not game.step_once():
            break
    assert page.locator("#match-dialog").is_visible()
    run_axe(page, "match end", found)
    assert_no_violations(found)


def test_no_audit_violations_on_the_first_screen(browser, server):
    """The first screen on a first visit, with its settings open, with a saved match to continue, and with a
    match in play behind it; on a phone, where it must all fit."""
    context, page, watch = open_game(browser, server + "?test=1", bypass_csp=True, viewport=PHONE)
    try:
        found = {}
        run_axe(page, "first screen", found)
        page.click("#settings-toggle")
        run_axe(page, "first screen, settings open", found)
        page.click("#quick-start")
        page.wait_for_selector("#game-screen", state="visible")
        page.reload()
        page.wait_for_selector("html[data-py-ready]", state="attached", timeout=90_000)
        page.wait_for_selector('#saved-panel [data-action="continue_saved"]', state="visible")
        run_axe(page, "first screen, saved match", found)
        page.click('#saved-panel [data-action="continue_saved"]')
        page.click('.topbar [data-action="menu"]')
        page.click('#menu-dialog [data-action="setup"]')
        run_axe(page, "first screen, match in play", found)
        assert_no_violations(found)
        watch.check()
    finally:
        context.close()


def test_touch_targets_and_no_sideways_scrolling_on_a_phone(a11y_page):
    page = a11y_page
    game = Game(page)
    page.set_viewport_size(PHONE)
    problems = []
    game.open_setup()
    page.click("#display-prefs summary")
    if not page.locator("#seed").is_visible():
        page.click(".advanced summary")
    for width in (320, 360):
        page.set_viewport_size({"width": width, "height": 740})
        no_overflow(page, f"setup at {width} px")
    problems += small_targets(page, "setup")
    page.click('#setup-screen [data-action="help"]')
    no_overflow(page, "help")
    problems += small_targets(page, "help")
    page.keyboard.press("Escape")
    game.new_match([("You", "human"), ("C1", "random"), ("C2", "random"), ("C3", "random")], set=12,
                   rounds="one", speed="instant", seed=2)
    for _ in range(8):                                       # a few turns: long trains, "earlier tiles"
        game.step_once()
    game.idle()
    for width in (320, 360):
        page.set_viewport_size({"width": width, "height": 740})
        page.wait_for_timeout(200)
        no_overflow(page, f"board at {width} px")
    problems += small_targets(page, "board")
    # every train's open end is on screen inside its row, and the board scrolls by keyboard
    ends = page.evaluate("""() => [...document.querySelectorAll('#trains .train')].map(row => {
        const r = row.getBoundingClientRect(), e = row.querySelector('.end').getBoundingClientRect();
        return [row.dataset.row, e.left >= r.left && e.right <= r.right && e.top >= r.top && e.bottom <= r.bottom];
    })""")
    assert all(ok for _, ok in ends), ends
    page.click(f'#hand-tiles [data-tile="{game.playable()[0]}"]' if game.playable() else "#rules")
    problems += small_targets(page, "board, tile selected")
    page.keyboard.press("Escape")
    for name in ("menu", "pause"):
        page.click(f'.topbar [data-action="{name}"]')
        no_overflow(page, name)
        problems += small_targets(page, name)
        page.keyboard.press("Escape")
    for _ in range(300):
        if page.locator("#round-dialog").is_visible():
            no_overflow(page, "round end")
            problems += small_targets(page, "round end")
        if not game.step_once():
            break
    no_overflow(page, "match end")
    problems += small_targets(page, "match end")
    assert not problems, "targets under 44 x 44 px:\n" + "\n".join(problems)


def test_reduced_motion_follows_the_system_unless_the_player_chooses(a11y_page):
    page = a11y_page
    game = Game(page)
    game.new_match(VS_CPU, set=6, rounds="one", speed="instant", seed=3)
    page.click(f'#hand-tiles [data-tile="{game.playable()[0]}"]')     # target trains glow

    def motion(expect=None):
        if expect:     # a media change reaches the page as an event, a moment later
            page.wait_for_function("m => document.documentElement.dataset.motion === m", arg=expect)
        return page.evaluate("""() => ({html: document.documentElement.dataset.motion,
            glow: getComputedStyle(document.querySelector('#trains .train.target .end')).animationName,
            lift: getComputedStyle(document.querySelector('#hand-tiles .htile')).transitionDuration})""")

    try:
        assert motion() == {"html": "full", "glow": "glow", "lift": "0.12s, 0.12s"}
        page.emulate_media(reduced_motion="reduce")
        assert motion("reduce") == {"html": "reduce", "glow": "none", "lift": "0s"}
        page.click('.topbar [data-action="menu"]')
        page.select_option("#menu-motion", "full")                    # the player's choice wins
        assert motion("full")["glow"] == "glow"
        page.select_option("#menu-motion", "reduce")
        page.emulate_media(reduced_motion="no-preference")
        page.wait_for_timeout(100)
        assert motion("reduce")["glow"] == "none"
        page.select_option("#menu-motion", "system")
        assert motion("full")["glow"] == "glow"
        page.keyboard.press("Escape")
    finally:
        page.emulate_media(reduced_motion="no-preference")


def test_no_audit_violations_and_keyboard_use_when_saves_fail_and_an_unreadable_save_is_in_the_way(a11y_page):
    from e2e.test_hostile_files import STORAGE_BACK, STORAGE_FULL
    from mexican_train.ui.storage import MATCH_KEY
    page = a11y_page
    game = Game(page)
    found = {}
    game.new_match(VS_CPU, set=6, rounds="one", speed="instant", seed=3)
    try:
        page.evaluate(STORAGE_FULL)
        game.step_once()
        game.idle()
        page.wait_for_selector("#unsaved-row:not([hidden])", state="attached")
        run_axe(page, "board, not saved (Export offered)", found)
        # something unreadable takes the save's place, and there is no room to copy it aside
        page.evaluate("(key) => window.__realSetItem.call(localStorage, key, '{broken')", MATCH_KEY)
        game.step_once()
        page.wait_for_selector("#unreadable-dialog", state="visible")
        run_axe(page, "unreadable save in the way: the question", found)
        assert page.evaluate("() => document.activeElement.dataset.action") == "download_unreadable"
        page.keyboard.press("Escape")                      # keep it: the question closes, play goes on unsaved
        page.wait_for_selector("#unreadable-dialog", state="hidden")
        run_axe(page, "board, unreadable save kept, not saved", found)
        page.focus('#unsaved-row [data-action="show_unreadable"]')
        page.keyboard.press("Enter")                       # ask again, then answer by keyboard
        page.wait_for_selector("#unreadable-dialog", state="visible")
        page.evaluate(STORAGE_BACK)
        page.keyboard.press("Tab")
        assert page.evaluate("() => document.activeElement.dataset.action") == "replace_unreadable"
        page.keyboard.press("Enter")
        page.wait_for_selector('html[data-unsaved=""]', state="attached")
        assert page.locator("#unreadable-dialog").is_hidden() and page.locator("#unsaved-row").is_hidden()
        assert '"save_version"' in page.evaluate("(key) => localStorage.getItem(key)", MATCH_KEY)
        focus_kept(page, "after the unreadable save was replaced")
    finally:
        page.evaluate(STORAGE_BACK)
    assert_no_violations(found)
