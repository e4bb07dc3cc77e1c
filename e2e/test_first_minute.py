"""The first minute and every minute after, as a newcomer meets them: one tap to play, Continue
exactly where they were, the "After my turn" setting, every word whole on a phone, every control a
fingertip wide (also at 200% zoom), every place to play in view, and what the live region says.

Most tests open pages of their own (a fresh browser storage: a first visit, a reload, a phone, a zoomed
window); the rest share the session's page (``app``).
"""

from __future__ import annotations

import pytest
from e2e.conftest import wait_ready
from e2e.game import Game
from e2e.test_accessibility import measure
from tests.helpers import settings

from mexican_train.ui.controller import CPU_SPEEDS, cpu_step, handle, start
from mexican_train.ui.viewmodel import view_model

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}
ZOOMED = {"width": 640, "height": 400}          # a 1280 x 800 window at 200% zoom, in CSS pixels
VS_CPU = [("Ana", "human"), ("Bot", "random")]
FRIENDS = [("Ana", "human"), ("Ben", "human")]

IN_VIEW_JS = """sel => { const e = document.querySelector(sel); if (!e || !e.checkVisibility()) return false;
  const r = e.getBoundingClientRect();
  return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; }"""

# An element is on screen when the browser finds it (or something inside it) at its own centre: not scrolled
# away inside the board, not under a pinned row, not outside the window.
ON_SCREEN_JS = """els => els.map(e => { const r = e.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const hit = x >= 0 && y >= 0 && x < innerWidth && y < innerHeight ? document.elementFromPoint(x, y) : null;
  return [e.dataset.train, !!hit && e.contains(hit)]; })"""

# Every element on the game screen whose text is cut: it hides overflow (an ellipsis, a clip) while its
# content is wider or taller than its box.
CUT_JS = """root => [...document.querySelectorAll(root + ' *')].filter(e => {
  if (!e.checkVisibility() || e.closest('.sr, svg')) return false;
  for (let a = e; a; a = a.parentElement) {            // hidden from the eye on purpose: read by screen readers only
    const r = a.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1 || getComputedStyle(a).clipPath === 'inset(50%)') return false;
  }
  const s = getComputedStyle(e);
  if (s.textOverflow === 'ellipsis') return true;
  const clips = /hidden|clip/.test(s.overflowX + s.overflowY);
  return clips && e.textContent.trim() && (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)
    && !e.matches('.board, .ttiles, .help-body, dialog');
}).map(e => (e.id || e.className || e.tagName) + ': ' + e.textContent.trim().slice(0, 60))"""


def fresh(fresh_page, viewport, query="?test=1"):
    """A first visit in a window of this size: (page, game)."""
    page, _, url = fresh_page(query, viewport=viewport)
    page.goto(url)
    wait_ready(page)
    return page, Game(page)


def in_view(page, selector) -> bool:
    return page.evaluate(IN_VIEW_JS, selector)


def said_lines(page):
    """Record every line the live region says from now on (read back with ``page.evaluate('window.said')``)."""
    page.evaluate("""() => { window.said = []; new MutationObserver(records => { for (const r of records)
        for (const n of r.addedNodes) window.said.push(n.textContent); }).observe(document.getElementById('log'),
        {childList: true}); }""")


# -- one tap to play; Continue -----------------------------------------------------------------------

@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_start_and_continue_are_in_view_unscrolled_and_one_tap_plays(fresh_page, viewport):
    page, game = fresh(fresh_page, viewport)
    # a first visit: Start, with the default match summed up beside it, in view without scrolling
    assert page.evaluate("scrollY") == 0 and in_view(page, "#quick-start")
    assert "primary" in page.get_attribute("#quick-start", "class")
    assert page.locator("#setup").is_hidden() and in_view(page, "#settings-toggle")
    summary = page.inner_text("#quick-summary")
    assert "You" in summary and "CPU 1 (Normal)" in summary and "Double-12" in summary and "Full match" in summary
    page.click("#quick-start")                                       # one tap
    page.wait_for_selector("#game-screen", state="visible")
    assert page.get_attribute("html", "data-screen") == "board" and len(game.hand()) == 15
    # the next visit: Continue is the one tap; Start asks before it replaces the save
    page.reload()
    wait_ready(page)
    page.wait_for_selector('#saved-panel [data-action="continue_saved"]', state="visible")
    assert page.evaluate("scrollY") == 0
    assert in_view(page, '#saved-panel [data-action="continue_saved"]') and in_view(page, "#quick-start")
    assert "primary" in page.get_attribute('#saved-panel [data-action="continue_saved"]', "class")
    assert "primary" not in page.get_attribute("#quick-start", "class")
    page.click("#quick-start")
    assert page.locator("#confirm-dialog").is_visible()
    page.click('[data-action="cancel_new"]')
    assert page.evaluate("document.activeElement.id") == "quick-start"
    page.click('#saved-panel [data-action="continue_saved"]')
    page.wait_for_selector("#game-screen", state="visible")
    assert len(game.hand()) == 15


def test_the_settings_are_one_tap_away_and_kept_for_the_next_visit(fresh_page):
    page, game = fresh(fresh_page, PHONE)
    page.click("#settings-toggle")
    assert page.get_attribute("#settings-toggle", "aria-expanded") == "true" and page.locator("#setup").is_visible()
    # the form opens right under its button, its first setting on screen without scrolling
    assert page.evaluate("scrollY") == 0 and in_view(page, "#seats")
    page.check('input[name="set"][value="9"]')
    page.check('input[name="rounds"][value="short"]')
    page.select_option("#seat-kind-1", "strong")
    page.fill("#seat-name-0", "Zoé")
    assert page.inner_text("#quick-summary").split() == "Zoé CPU 1 (Strong) Double-9 · Three rounds · Standard rules".split()
    page.reload()                                                  # kept without starting a match
    wait_ready(page)
    assert page.inner_text("#quick-summary").split() == "Zoé CPU 1 (Strong) Double-9 · Three rounds · Standard rules".split()
    page.click("#quick-start")
    page.wait_for_selector("#game-screen", state="visible")
    assert len(game.hand()) == 10 and "New match: Zoé and CPU 1." in page.inner_text("#log")


def test_continue_is_not_paused_and_keeps_the_chosen_tile(fresh_page):
    page, game = fresh(fresh_page, PHONE)
    game.new_match(VS_CPU, set=6, rounds="one", speed="instant", seed=3, after_turn="go")
    tile = game.playable()[0]
    page.click(f'#hand-tiles [data-tile="{tile}"]')
    targets = game.targets()
    page.reload()                                                  # the page is hidden first: a pause nobody chose
    wait_ready(page)
    page.click('#saved-panel [data-action="continue_saved"]')
    page.wait_for_selector("#game-screen", state="visible")
    assert not page.locator("#pause-dialog").is_visible() and "Paused" not in game.banner()
    assert game.selected() == [tile] and game.targets() == targets
    assert page.get_attribute("html", "data-focus") == "trains"
    # a pause the player chose is kept
    page.click('.topbar [data-action="pause"]')
    page.reload()
    wait_ready(page)
    page.click('#saved-panel [data-action="continue_saved"]')
    page.wait_for_selector("#pause-dialog", state="visible")
    page.click('#pause-dialog [data-action="resume"]')
    assert game.selected() == [tile]


def test_continue_with_friends_asks_for_reveal_hand_before_the_hand_shows(fresh_page):
    page, game = fresh(fresh_page, DESKTOP)
    game.new_match(FRIENDS, set=6, rounds="one", speed="instant", seed=21)
    game.click("reveal")
    tile = game.playable()[0]
    page.click(f'#hand-tiles [data-tile="{tile}"]')
    page.reload()
    wait_ready(page)
    page.click('#saved-panel [data-action="continue_saved"]')
    page.wait_for_selector("#game-screen", state="visible")
    assert game.shown("reveal") and page.locator("[data-tile]").count() == 0
    assert page.evaluate("document.activeElement.dataset.action") == "reveal"
    game.click("reveal")
    assert game.selected() == [tile]


# -- After my turn ------------------------------------------------------------------------------------

def test_after_my_turn_follows_the_table_until_chosen_and_is_obeyed_both_ways(fresh_page):
    page, game = fresh(fresh_page, DESKTOP)
    page.click("#settings-toggle")
    assert page.input_value("#after_turn") == "go"                 # one person against a computer
    page.select_option("#seat-kind-1", "human")
    assert page.input_value("#after_turn") == "wait"               # friends at the device
    page.select_option("#seat-kind-1", "random")
    assert page.input_value("#after_turn") == "go"
    said_lines(page)
    # going straight on: the computer answers at once, and nobody is told to press Next player
    game.new_match(VS_CPU, set=6, rounds="one", speed="instant", seed=3, after_turn="go")
    for _ in range(4):                                             # Ana's turn (a double asks for one more tile)
        game.step_once()
        if "Bot's turn." in page.evaluate("window.said"):
            break
    game.idle()
    assert not game.shown("next")
    said = page.evaluate("window.said")
    assert "Bot's turn." in said and not [line for line in said if "Next player" in line]
    # the menu changes it for this match and the next
    page.click('.topbar [data-action="menu"]')
    assert page.input_value("#menu-after-turn") == "go"
    page.select_option("#menu-after-turn", "wait")
    page.keyboard.press("Escape")
    game.step_once()
    game.idle()
    while not game.shown("next"):                                  # a double asks for one more tile
        game.step_once()
    assert "Look at the board, then press Next player." in page.inner_text("#banner")
    page.reload()
    wait_ready(page)
    page.click("#settings-toggle")
    assert page.input_value("#after_turn") == "wait"
    page.select_option("#seat-kind-1", "human")                    # chosen: the table no longer changes it
    page.select_option("#seat-kind-1", "random")
    assert page.input_value("#after_turn") == "wait"


# -- every word whole, every tile readable, nothing moves ------------------------------------------------

def test_on_a_phone_no_word_is_cut_and_board_tiles_are_64_by_32_with_doubles_across(fresh_page):
    page, game = fresh(fresh_page, PHONE)
    players = [("You", "human"), ("Strong one", "strong"), ("CPU 2", "normal"), ("Bot with a long name", "easy")]
    game.new_match(players, set=9, rounds="short", speed="instant", seed=4, after_turn="go")
    problems, doubles = [], 0
    for turn in range(25):
        if page.locator("#round-dialog").is_visible():
            # the table is left out of showModal's own layout and shown in the same task (static/js/render.js)
            assert page.locator("#round-dialog table").is_visible()
            assert page.locator("#round-rows tr").count() == len(players)
            cut = page.evaluate(CUT_JS, "#round-dialog")
            labels = page.evaluate("""() => [...document.querySelectorAll('#round-rows .tile-label')]
                .filter(e => e.getClientRects().length > 1).map(e => e.textContent)""")
            assert not cut and not labels, (cut, labels)
            break
        problems += [f"turn {turn}: {c}" for c in page.evaluate(CUT_JS, "#game-screen")]
        # the line under the banner says what happened, never what the banner says already
        visible = page.eval_on_selector_all("#log p.shown", "els => els.map(e => e.textContent)")
        assert len(visible) <= 1 and not set(visible) & {game.banner(), "Your turn.", "Next player"}, visible
        assert not [line for line in visible if line.endswith(" selected.") or line.endswith("'s turn.")], visible
        meta = page.inner_text('#trains [data-row="1"] .tmeta')
        assert "Strong" in meta and "Match total:" in meta and "face down" in meta, meta
        # one evaluation: eval_on_selector_all finds the tiles and measures them in two steps, and a
        # computer's move drawn between the two leaves detached tiles that measure 0 x 0
        sizes = page.evaluate("""() => [...document.querySelectorAll('#trains .ttile')].map(e =>
            [e.classList.contains('across'), e.offsetWidth, e.offsetHeight, e.className])""")
        for across, w, h, cls in sizes:
            assert (min(w, h), max(w, h)) >= (32, 64) and (h > w) == across, (w, h, cls)
            assert across == ("double" in cls)
            doubles += across
        if turn == 2 and game.shown("hint"):                      # the hint's reason, whole
            game.click("hint")
            shown = page.inner_text("#log p.shown")
            assert shown.startswith("Hint: ") and len(shown) > 40, shown
            problems += page.evaluate(CUT_JS, "#game-screen")
            page.keyboard.press("Escape")
        game.step_once()
    assert not problems, "\n".join(problems)
    assert doubles, "no double came onto the board: choose another deal"


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_picking_a_tile_moves_nothing_in_the_hand(app, viewport):
    page, game = app.page, app
    page.set_viewport_size(viewport)
    game.new_match(VS_CPU, set=12, rounds="one", speed="instant", seed=2, after_turn="go")
    boxes = """() => [...document.querySelectorAll('#hand, #hand-tiles .htile')].map(e => {
        const r = e.getBoundingClientRect(); return [e.dataset.tile || 'hand', Math.round(r.left), Math.round(r.top)]; })"""
    before = page.evaluate(boxes)
    tile = game.playable()[0]
    page.click(f'#hand-tiles [data-tile="{tile}"]')
    assert game.selected() == [tile] and game.shown("clear")
    after = page.evaluate(boxes)
    # the picked tile lifts by a pixel more than the other playable ones; everything else stays where it was
    moved = [(b, a) for b, a in zip(before, after) if b != a and not (b[0] == tile and abs(b[2] - a[2]) <= 2)]
    assert not moved, moved


# -- every place to play in view ------------------------------------------------------------------------

@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_with_many_players_every_train_a_picked_tile_can_go_to_is_on_screen(fresh_page, viewport):
    page, game = fresh(fresh_page, viewport)
    # the person sits last: their own train is the board's last row, far from the Mexican Train's first
    players = [(f"C{i}", "random") for i in range(1, 9)] + [("Ana", "human")]
    game.new_match(players, set=12, rounds="one", speed="instant", seed=40, preset="classic", after_turn="go")
    checked = apart = 0
    for _ in range(60):
        if page.locator("#round-dialog").is_visible() or apart >= 3:
            break
        game.idle()
        for tile in game.playable():
            page.click(f'#hand-tiles [data-tile="{tile}"]')
            ends = page.eval_on_selector_all('#trains .end:not([aria-disabled="true"])', ON_SCREEN_JS)
            assert ends and all(ok for _, ok in ends), (tile, ends)
            # a pinned row hides the rows passing under it: its background has no transparency
            colours = page.eval_on_selector_all("#trains .train.pinned", "els => els.map(e => getComputedStyle(e).backgroundColor)")
            assert colours and all(c.startswith("rgb(") for c in colours), colours
            if checked == 0:                                    # every end, reached by keyboard, is not hidden
                for _ in range(len(players) + 1):               # under a pinned row (WCAG 2.4.11)
                    page.keyboard.press("ArrowDown")
                    focused = page.evaluate("document.activeElement.dataset.train")
                    seen = page.eval_on_selector_all(f'#trains [data-train="{focused}"]', ON_SCREEN_JS)
                    assert seen[0][1], (focused, seen)
            checked += 1
            # the first row and a row far below it, both in view at once: more than the board can show unscrolled
            apart += "M" in dict(ends) and any(train not in ("M", "0", "1", "2") for train, _ in ends)
            page.click(f'#hand-tiles [data-tile="{tile}"]')           # put it back
        game.step_once()
    assert checked >= 5 and apart >= 2, (checked, apart)
    assert page.evaluate("document.scrollingElement.scrollHeight") <= page.viewport_size["height"]


# -- controls a fingertip wide, at 360 px and at 200% zoom -------------------------------------------------

@pytest.mark.parametrize("viewport", [PHONE, ZOOMED], ids=["phone", "zoom-200"])
def test_no_control_under_44_px_and_nothing_cut_off(browser, fresh_page, viewport):
    # 200% zoom: the CSS pixels of a 1280 x 800 window, each drawn as two device pixels
    context = browser.new_context(viewport=viewport, device_scale_factor=2 if viewport is ZOOMED else 1)
    page, _, url = fresh_page("?test=1", context=context)
    try:
        page.goto(url)
        wait_ready(page)
        game = Game(page)
        problems = []

        def check(where):
            problems.extend(f"{where}: {name} {w}x{h}" for name, w, h in measure(page) if w < 44 or h < 44)
            width, inner = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
            if width > inner:
                problems.append(f"{where}: the page is {width} px wide in a {inner} px window")
            problems.extend(f"{where}: cut: {c}" for c in page.evaluate(CUT_JS, "body"))

        check("first screen")
        page.click("#settings-toggle")
        page.click(".advanced summary")
        check("settings")
        players = [("You", "human"), ("C1", "random"), ("C2", "random"), ("C3", "random")]
        game.new_match(players, set=12, rounds="one", speed="instant", seed=2, after_turn="go")
        check("board")
        header = page.eval_on_selector_all("#trains .thead", "els => els.map(e => [e.scrollWidth <= e.clientWidth, e.textContent])")
        assert all(fits for fits, _ in header), header
        page.click(f'#hand-tiles [data-tile="{game.playable()[0]}"]')
        check("tile picked")
        page.keyboard.press("Escape")
        for name in ("menu", "help", "pause"):
            page.click(f'.topbar [data-action="{name}"]')
            check(name)
            page.keyboard.press("Escape")
        game.new_match(players, set=6, rounds="one", speed="instant", seed=2, after_turn="go")   # a short round
        for _ in range(300):
            if page.locator("#round-dialog").is_visible():
                check("round end")
            if not game.step_once():
                break
        check("match end")
        assert not problems, "\n".join(problems)
    finally:
        page.close()
        context.close()


# -- what the live region says, at every speed ------------------------------------------------------------

def _first_legal(session):
    """What Game.step_once does, on CPython: the first command shown, else the first playable tile on the
    first train that takes it (both in the page's order)."""
    vm = view_model(session)
    shown = {c["id"] for c in vm["commands"] if c["shown"]}
    for name in ("next", "reveal", "draw", "pass", "stop"):
        if name in shown:
            return handle(session, {"type": "command", "name": name})
    t = next(t for t in vm["hand"]["tiles"] if t["playable"])
    session = handle(session, {"type": "tile", "tile": t["id"]})
    said = session.announce
    target = next(x["id"] for x in view_model(session)["trains"] if x["target"])
    session = handle(session, {"type": "train", "train": target})
    return session._replace(announce=said + session.announce)


def expected_lines(seed, speed):
    """Every line the live region says in a one-round double-6 match of Ana (first legal) against Bot."""
    session = start(settings(*VS_CPU, seed=seed, cpu_speed=speed, after_turn="go"))
    said = list(session.announce)
    while view_model(session)["screen"] == "board":
        session = cpu_step(session) if view_model(session)["cpu"]["pending"] else _first_legal(session)
        said += session.announce
    return said


SEED = 3   # Bot leaves open doubles, Ana's train is marked twice, and Bot plays the last tile


def test_the_live_region_says_the_round_end_open_doubles_and_new_markers_at_every_speed(fresh_page):
    page, game = fresh(fresh_page, DESKTOP)
    page.clock.install()                     # the computer's pauses pass at once: slow is as quick as instant
    said_lines(page)
    for speed in CPU_SPEEDS:
        expected = expected_lines(SEED, speed)
        assert "Bot played the last tile: the round is over." in expected
        doubles = [line for line in expected if line.startswith("The double ")]
        assert doubles and all(line.endswith("is open: it must be covered first.") for line in doubles)
        assert expected.count("Your train is now marked: open to everyone.") == 2
        game.fill_setup(VS_CPU, set=6, rounds="one", speed=speed, seed=SEED, after_turn="go")
        page.evaluate("window.said.length = 0")
        page.click('#setup [data-action="start"]')
        for _ in range(300):
            # step_once itself closes a round's end that comes while it waits: the match's end counts too
            if page.locator("#round-dialog").is_visible() or page.locator("#match-dialog").is_visible():
                break
            if page.get_attribute("html", "data-cpu-pending") == "1":
                page.clock.run_for(CPU_SPEEDS[speed] + 10)
            else:
                game.step_once()
        assert page.evaluate("window.said") == expected, speed
        # the round's end is in the log, not an empty paragraph or a nameless region
        assert page.locator("#banner").is_hidden() and page.locator("#hand").is_hidden()
        tree = page.locator("#game-screen").aria_snapshot()
        assert "- region:" not in tree and "paragraph:\n" not in tree + "\n", tree
        if page.locator("#round-dialog").is_visible():
            page.click("#round-button")                                # on to the results


def test_the_board_reads_words_not_symbols_and_a_friend_is_never_you(app):
    app.new_match([("", "human"), ("", "human")], set=6, rounds="one", speed="instant", seed=21)
    page = app.page
    app.click("reveal")
    text = page.locator("#game-screen").aria_snapshot() + page.inner_text("#trains")
    assert "Player 1's train" in text and "You's" not in text and "Your train" not in text
    for symbol in "▶⚑★✓":
        assert symbol not in page.locator("#game-screen").aria_snapshot()
    # every symbol drawn by the style has an empty alternative text ("▶" / ""), the winner's star included
    drawn = page.evaluate("""() => [...document.styleSheets].flatMap(s => [...s.cssRules]).flatMap(function all(r) {
        return r.cssRules && r.cssRules.length ? [...r.cssRules].flatMap(all) : [r]; }).filter(r => r.style && /[▶⚑★✓]/.test(r.style.content))
        .map(r => [r.selectorText, r.style.content])""")
    assert len(drawn) >= 4 and all(content.endswith('/ ""') for _, content in drawn), drawn


# -- Export ----------------------------------------------------------------------------------------------

def test_export_during_a_round_with_friends_asks_first_and_says_it_shows_every_hand(app):
    page = app.page
    app.new_match(FRIENDS, set=6, rounds="one", speed="instant", seed=21)
    page.click('.topbar [data-action="menu"]')
    page.click('#menu-dialog [data-action="export"]')
    assert page.locator("#export-dialog").is_visible()
    assert "every player's tiles" in page.inner_text("#export-dialog")
    assert page.evaluate("document.activeElement.dataset.action") == "export_confirmed"
    page.click('#export-dialog [data-action="close_dialog"]')          # Cancel: nothing is saved
    assert not page.locator("#export-dialog").is_visible()
    page.click('#menu-dialog [data-action="export"]')
    with page.expect_download() as download:
        page.click('#export-dialog [data-action="export_confirmed"]')
    assert download.value.suggested_filename.endswith(".json")
    page.keyboard.press("Escape")
    # alone against a computer there is nobody to hide a hand from: Export saves at once
    app.new_match(VS_CPU, set=6, rounds="one", speed="instant", seed=3)
    page.click('.topbar [data-action="menu"]')
    with page.expect_download():
        page.click('#menu-dialog [data-action="export"]')
    assert not page.locator("#export-dialog").is_visible()
    page.keyboard.press("Escape")
