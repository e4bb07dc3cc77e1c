"""Player names and imported files are text everywhere, and a strict Content-Security-Policy holds.

* Names typed into the setup form (``<img src=x onerror=alert(1)>``, cut to the form's 24 characters,
  and ``"><svg onload=alert(2)>``) and names in an imported match file (whole, any length) show as
  the same characters on every screen that names players: the board, the hand, the banners and
  handover screens, the live region, the round's end, the match's end and its chart, the saved-match
  line on the setup screen. No element comes from them, no dialog opens.
* The page's CSP (a meta tag: the page is served by any static host) allows scripts only from the
  page's own origin plus WebAssembly compilation ('wasm-unsafe-eval', which Pyodide needs) and the
  page's one inline script by its hash; styles only the page's inline style, by its hash: no other
  inline script or style, no eval, no plugins, no foreign base URL. Playing through Pyodide's start,
  a match, a reload and an import raises no CSP violation.
"""

from __future__ import annotations

import json
import os
import re
import sys

import pytest
from e2e.conftest import ROOT, open_game, wait_ready

from scripts import csp
from e2e.game import Game

IMG = "<img src=x onerror=alert(1)>"
SVG = '"><svg onload=alert(2)>'
SCRIPT = "</p><script>alert(3)</script>"
LONG = "<b onmouseover=alert(4)>bold</b> & <i>co</i>"

COLLECT_CSP = """(() => {
  window.__csp = [];
  document.addEventListener('securitypolicyviolation', (e) =>
    window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
})();"""

# Elements a name could have turned into, and inline handlers anywhere. The page's own: its inline scripts,
# the friends' QR codes (the join screen's, and one per seat in the lobby and the away panel), and the hidden frame
# PyScript loads in (static/js/python.js).
INJECTED_JS = """() => {
  const bad = [];
  const own = 'img#reply-qr.qr, #lobby-seats img.qr[data-invite-qr], #away-seats img.qr[data-invite-qr], iframe#pyscript-frame';
  for (const el of document.querySelectorAll('img, svg[onload], script:not([src]), script[src*="alert"], b, i, iframe, object, embed'))
    if (!(el.tagName === 'SCRIPT' && el.type === 'py') && !['display-prefs-script', 'mt-data'].includes(el.id)
        && !el.matches(own)) bad.push(el.outerHTML.slice(0, 120));
  for (const el of document.querySelectorAll('*'))
    for (const a of el.attributes) if (/^on/i.test(a.name)) bad.push(`${el.tagName} ${a.name}=${a.value}`);
  return bad;
}"""


def text_of(page, selector) -> str:
    return page.evaluate("(s) => [...document.querySelectorAll(s)].map(e => e.textContent).join('\\n')", selector)


@pytest.fixture(scope="module")
def xss(browser, server):
    """A page that records every CSP violation from its first byte, and every dialog that opens."""
    context, page, watch = open_game(browser, server + "?test=1", init_script=COLLECT_CSP)
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    yield page, watch, dialogs
    context.close()


def no_markup_ran(page, dialogs, where):
    assert page.evaluate(INJECTED_JS) == [], f"{where}: an element or handler came from a name"
    assert page.locator('img[src="x"]').count() == 0, where
    assert dialogs == [], f"{where}: a dialog opened: {dialogs}"


def test_names_with_markup_typed_into_the_form_show_as_text_on_every_screen(xss):
    page, watch, dialogs = xss
    game = Game(page)
    game.fill_setup([(IMG, "human"), (SVG, "human")], set=6, rounds="one", speed="instant", seed=5)
    typed = page.input_value("#seat-name-0")
    assert typed == IMG[:24] or typed == IMG, typed          # the form keeps at most 24 characters
    page.click('#setup [data-action="start"]')
    if page.locator("#confirm-dialog").is_visible():
        page.click('[data-action="confirm_new"]')
    page.wait_for_selector("#game-screen", state="visible")
    name0 = IMG[:24]
    seen = set()
    for _ in range(300):
        game.idle()
        no_markup_ran(page, dialogs, f"screen {page.get_attribute('html', 'data-screen')}")
        banner, log = page.inner_text("#banner"), text_of(page, "#log p")
        trains = page.inner_text("#trains")
        if name0 in banner or SVG in banner:
            seen.add("banner")
        if name0 in log and SVG in log:
            seen.add("log")
        if f"{name0}'s train" in trains and f"{SVG}'s train" in trains:
            seen.add("trains")
        if page.locator("#hand-title").is_visible() and "'s hand" in page.inner_text("#hand-title"):
            assert page.inner_text("#hand-title").split("'s hand")[0] in (name0, SVG)
            seen.add("hand")
        if page.locator("#round-dialog").is_visible():
            rows = page.inner_text("#round-rows")
            assert name0 in rows and SVG in rows
            seen.add("round end")
        if not game.step_once():
            break
    assert page.locator("#match-dialog").is_visible()
    no_markup_ran(page, dialogs, "match end")
    ended = page.inner_text("#match-dialog")
    assert name0 in page.inner_text("#match-rows") and SVG in page.inner_text("#match-rows")
    assert name0 in ended or SVG in ended
    chart = page.locator("#chart svg title").text_content() + text_of(page, "#chart-text li")
    assert name0 in chart and SVG in chart
    assert {"banner", "log", "trains", "hand", "round end"} <= seen, seen
    assert page.evaluate("window.__csp") == [], "CSP violations while playing"
    # the saved match offered after a reload names its players as text too
    page.reload()
    wait_ready(page)
    page.wait_for_selector('#saved-panel [data-action="continue_saved"]', state="visible")
    saved = page.inner_text("#saved-text")
    assert name0 in saved and SVG in saved, saved
    no_markup_ran(page, dialogs, "saved match")
    watch.check()


def test_an_imported_match_file_with_markup_names_shows_them_as_text(xss, tmp_path):
    page, watch, dialogs = xss
    from mexican_train import matchfile
    from mexican_train.ui.controller import start
    names = [IMG, SCRIPT + LONG]                               # whole: an imported file is not cut to 24
    match = start({"set": 6, "seats": 2, "rounds": "one", "seed": 3, "cpu_speed": "instant",
                   "players": [{"name": names[0], "kind": "human"}, {"name": names[1], "kind": "random"}]}).match
    for _ in range(4):                                         # a few moves in, either seat to move
        match = match.apply(match.legal_actions()[0])
    data = json.loads(matchfile.dumps(match))
    for player, name in zip(data["players"], names):         # the form cuts names to 24 characters; a file does not
        player["name"] = name
    Game(page).open_setup()
    with page.expect_file_chooser() as chooser:
        page.click('#setup-screen [data-action="import"]')
    chooser.value.set_files({"name": "markup.json", "mimeType": "application/json",
                             "buffer": json.dumps(data).encode()})
    page.wait_for_selector("#game-screen", state="visible")
    Game(page).idle()
    trains = page.inner_text("#trains")
    assert f"{names[1]}'s train" in trains, trains
    log = text_of(page, "#log p")
    assert names[1] in log or names[0] in log or "restored" in log
    assert names[1] in page.get_attribute('#trains [data-train="1"]', "aria-label")
    no_markup_ran(page, dialogs, "imported match")
    watch.check()


def test_a_strict_content_security_policy_is_in_force_and_nothing_violates_it(xss):
    page, watch, dialogs = xss
    with open(f"{ROOT}/index.html", encoding="utf-8") as f:
        source = f.read()
    metas = re.findall(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', source)
    assert len(metas) == 1 and source.index(metas[0]) < source.index("<script"), "one CSP, before any script"
    live = page.evaluate("document.querySelector('meta[http-equiv=\"Content-Security-Policy\"]').content")
    assert live == metas[0]
    policy = {d.split()[0]: d.split()[1:] for d in (p.strip() for p in live.split(";")) if d}
    assert policy["default-src"] == ["'self'"]
    inline = csp.inline_hashes(source)
    assert len(inline["script-src"]) == 1 and len(inline["style-src"]) == 1
    assert policy["script-src"] == ["'self'", "'wasm-unsafe-eval'", *inline["script-src"]], \
        "the page's one inline script, no other, no eval, no other host"
    assert policy["style-src"] == inline["style-src"], "the page's inline style, no other"
    assert policy["object-src"] == ["'none'"] and policy["base-uri"] == ["'self'"]
    assert policy["form-action"] == ["'self'"]
    for directive, sources in policy.items():
        assert not {"*", "'unsafe-inline'", "'unsafe-eval'", "http:", "https:"} & set(sources), directive
        allowed = {"data:"} | ({"blob:"} if directive == "worker-src" else set())
        assert all(s.startswith("'") or s in allowed for s in sources), (directive, sources)
    # PyScript makes Python's worker from a blob: URL, and that is all blob: may be: no script, no frame
    assert policy["worker-src"] == ["'self'", "blob:"], "workers of the page's own files, and PyScript's blob: one"
    assert page.get_attribute("html", "data-python") == "worker", "Python's worker runs under this policy"
    # everything the page did in this file (start-up, a match, reloads, an import, a game now): no violation
    game = Game(page)
    game.new_match([("Ana", "human"), ("Bot", "random")], set=6, rounds="one", speed="instant", seed=8)
    page.click('.topbar [data-action="sound"]')
    game.click("hint")
    if game.targets():                                         # the hint picked a tile: play it
        page.click(f'#trains [data-train="{game.targets()[0]}"]')
    for _ in range(300):
        if not game.step_once():
            break
    assert page.evaluate("window.__csp") == [], "CSP violations while playing"
    # the policy is enforced: an inline script is refused, and reported
    page.evaluate("""() => { const s = document.createElement('script'); s.textContent = 'window.__ran = 1';
                             document.head.appendChild(s); }""")
    # and so is an inline style
    page.evaluate("""() => { const s = document.createElement('style'); s.textContent = 'body { opacity: 0.5 }';
                             document.head.appendChild(s); }""")
    page.wait_for_timeout(300)
    assert page.evaluate("window.__ran") is None
    assert page.evaluate("getComputedStyle(document.body).opacity") == "1"
    reports = page.evaluate("window.__csp.splice(0)")
    assert any(r.startswith("script-src") for r in reports), reports
    assert any(r.startswith("style-src") for r in reports), reports
    watch.errors = [e for e in watch.errors if "Content Security Policy" not in e]   # the one just provoked
    watch.check()
