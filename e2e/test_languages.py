"""The game in Spanish and French, in the browser: the page follows the browser's language, every screen
speaks it (no text equals an English catalogue string), axe finds nothing, nothing is wider than a
360 px phone, and the language can be switched in the middle of a match without losing anything.

Pictures of the board in each language (docs/screenshots/board-<lang>.png, 1280 x 800) are written when
MT_SCREENSHOTS=1, as e2e/test_screenshots.py does; otherwise they go to a temporary folder.
"""

from __future__ import annotations

import os
import re
import string
from typing import NamedTuple

import pytest
from babel.messages.pofile import read_po
from e2e.conftest import DESKTOP, open_game, wait_ready
from e2e.game import Game
from e2e.test_accessibility import assert_no_violations, no_overflow, run_axe
from e2e.test_first_minute import CUT_JS

from scripts import catalogs

PHONE = {"width": 360, "height": 740}
LOCALES = {"es": "es-MX", "fr": "fr-FR"}
SHOTS = os.path.join(catalogs.ROOT, "docs", "screenshots")
LANG_KEY = "mexican-train:prefs:lang"

# Every text of the page: its text nodes, the whole text of elements that mix text and markup (a help
# paragraph with <strong>), and the words in attributes a person meets (labels, placeholders, titles).
TEXTS_JS = """() => {
  const skip = 'script, style, template, mpy-config';
  const norm = (t) => (t || '').replace(/\\s+/g, ' ').trim();
  const out = new Set([document.title, norm((document.querySelector('meta[name=description]') || {}).content)]);
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.parentElement.closest(skip)) out.add(norm(n.nodeValue));
  }
  for (const e of document.body.querySelectorAll('p, li, dt, dd, td, th, h1, h2, h3, label, button, legend, '
                                                  + 'summary, caption, figcaption, small, span, option')) {
    if (e.children.length && !e.closest(skip)) out.add(norm(e.textContent));
  }
  for (const e of document.querySelectorAll('[aria-label], [title], [placeholder], [alt], [aria-description]')) {
    for (const a of ['aria-label', 'title', 'placeholder', 'alt', 'aria-description']) out.add(norm(e.getAttribute(a)));
  }
  out.delete('');
  return [...out];
}"""


def _pattern(text: str) -> tuple[re.Pattern, int]:
    """A catalogue string as a pattern for a whole text ({fields} match anything, markup is dropped), and
    how many letters its own words have."""
    plain = re.sub(r"</?\w+>", "", text)
    parts = [(literal, field) for literal, field, _, _ in string.Formatter().parse(plain)]
    letters = sum(c.isalpha() for literal, _ in parts for c in literal)
    regex = "".join(re.escape(literal) + ("(.+?)" if field is not None else "") for literal, field in parts)
    return re.compile(regex, re.S), letters


class English(NamedTuple):
    msgid: str
    pattern: re.Pattern
    letters: int
    translated: tuple[re.Pattern, ...]

    def said_by(self, text: str) -> bool:
        """The text is this English string: it matches it, most of its letters are the string's own words
        (not a short string like "{tile} on {train}" found inside a long sentence), and it is not also
        what the language itself says for it (French "{n} points" is English "{n} points" too)."""
        return (self.pattern.fullmatch(text) is not None
                and 2 * self.letters >= sum(c.isalpha() for c in text)
                and not any(t.fullmatch(text) for t in self.translated))


def english_patterns(lang: str) -> list[English]:
    """Each English catalogue string with its translations in ``lang``, except those the language writes
    the same way and those with too few words of their own to tell."""
    with open(catalogs.TEMPLATE, "rb") as f:
        template = read_po(f)
    with open(catalogs.po_file(lang), "rb") as f:
        catalogue = {m.id: m for m in read_po(f) if m.id}
    patterns = []
    for m in template:
        own = catalogue.get(m.id)
        if not m.id or own is None or own.string == m.id:
            continue
        forms = own.string if isinstance(own.string, tuple) else (own.string,)
        translated = tuple(_pattern(form)[0] for form in forms if form)
        for text in (m.id if isinstance(m.id, tuple) else (m.id,)):
            pattern, letters = _pattern(text)
            if letters >= 2:
                patterns.append(English(text, pattern, letters, translated))
    return patterns


class Checks:
    """What one walk through the screens found: English left, axe violations, overflow, cut text."""

    def __init__(self, page, lang):
        self.page = page
        self.lang = lang
        self.patterns = english_patterns(lang) if lang != "en" else []
        self.english: list[str] = []
        self.axe: dict = {}
        self.cut: list[str] = []

    def screen(self, name: str, axe: bool = True) -> None:
        page = self.page
        for text in page.evaluate(TEXTS_JS):
            for english in self.patterns:
                if english.said_by(text):
                    self.english.append(f"[{name}] {text!r} is the English {english.msgid!r}")
        if axe:
            run_axe(page, f"{self.lang}: {name}", self.axe)
        no_overflow(page, f"{self.lang}: {name}")
        self.cut += [f"[{name}] {c}" for c in page.evaluate(CUT_JS, "body")]

    def verify(self) -> None:
        assert not self.english, "English on the page:\n" + "\n".join(self.english)
        assert_no_violations(self.axe)
        assert not self.cut, "text cut off at 360 px:\n" + "\n".join(self.cut)


def shot(page, name: str, tmp_path) -> None:
    folder = SHOTS if os.environ.get("MT_SCREENSHOTS") else str(tmp_path)
    os.makedirs(folder, exist_ok=True)
    page.evaluate("document.activeElement && document.activeElement.blur()")
    path = os.path.join(folder, name + ".png")
    page.screenshot(path=path)
    assert os.path.getsize(path) > 10_000


def board_picture(page, lang, tmp_path) -> None:
    """The board at a desktop's size (docs/screenshots/board-<lang>.png), then back to the phone."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_timeout(150)
    shot(page, f"board-{lang}", tmp_path)
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(150)


@pytest.mark.parametrize("lang", list(LOCALES))
def test_every_screen_speaks_the_browsers_language_passes_axe_and_fits_a_phone(browser, server, tmp_path, lang):
    context, page, watch = open_game(browser, server + "?test=1", bypass_csp=True, viewport=PHONE,
                                     locale=LOCALES[lang], reduced_motion="reduce")
    try:
        assert page_file(page) == f"index.{lang}.html"      # chosen before the first paint
        assert page.get_attribute("html", "lang") == lang
        game = Game(page)
        checks = Checks(page, lang)
        # the first screen, every setting open
        checks.screen("first screen")
        page.click("#settings-toggle")
        page.click("#display-prefs summary")
        page.click(".advanced summary")
        checks.screen("settings")
        page.click('#setup-screen [data-action="help"]')
        checks.screen("help")
        page.keyboard.press("Escape")
        # settings that cannot start a match: the reason is in the language too
        game.fill_setup([("", "human"), ("", "easy")], set=6, seed=4)
        page.fill("#hand_size", "30")
        page.click('#setup [data-action="start"]')
        page.wait_for_selector("#setup-error", state="visible")
        checks.screen("bad settings")
        page.fill("#hand_size", "")
        # a match against two computers: the board, a tile picked, the hint, the menu, the pause
        game.new_match([("", "human"), ("Ana", "normal"), ("", "easy")], set=9, rounds="one", speed="instant",
                       seed=12, after_turn="go")
        checks.screen("board")
        board_picture(page, lang, tmp_path)
        page.click(f'#hand-tiles [data-tile="{game.playable()[0]}"]')
        checks.screen("tile picked")
        page.keyboard.press("Escape")
        game.click("hint")
        page.wait_for_function("() => document.querySelector('#log').textContent.length > 0")
        checks.screen("hint", axe=False)
        page.click('.topbar [data-action="menu"]')
        checks.screen("menu")
        page.keyboard.press("Escape")
        page.click('.topbar [data-action="pause"]')
        checks.screen("pause")
        page.click('#pause-dialog [data-action="resume"]')
        game.idle()
        if game.selected():                       # step_once below starts from an empty selection
            page.keyboard.press("Escape")
        for _ in range(400):                      # to the round's end and the match's
            if page.locator("#round-dialog").is_visible():
                checks.screen("round end")
            if not game.step_once():
                break
        checks.screen("match end")
        # friends on one device: the hand is handed over, Export warns about the hands in the file, and a
        # new match asks before it replaces this one
        game.new_match([("Ana", "human"), ("Ben", "human")], set=6, seed=3)
        checks.screen("hand over the device")
        page.click('.topbar [data-action="menu"]')
        page.click('#menu-dialog [data-action="export"]')
        checks.screen("export warning")
        page.keyboard.press("Escape")
        page.keyboard.press("Escape")
        game.fill_setup([("", "human"), ("", "easy")], set=6, seed=5)
        page.click('#setup [data-action="start"]')
        page.wait_for_selector("#confirm-dialog", state="visible")
        checks.screen("replace the saved match?")
        page.click('[data-action="cancel_new"]')
        checks.verify()
        watch.check()
    finally:
        context.close()


def snapshot(page) -> dict:
    """Where the match stands, in language-neutral terms: the step, the hand, every train's tiles."""
    return page.evaluate("""() => ({
        step: document.documentElement.dataset.step,
        hand: [...document.querySelectorAll('#hand-tiles [data-tile]')].map(e => e.dataset.tile),
        trains: [...document.querySelectorAll('#trains .train')].map(r => r.dataset.row + ':' +
            [...r.querySelectorAll('.ttile')].length),
    })""")


def page_file(page) -> str:
    """The page's file: the default page may be served as the folder ("/")."""
    name = page.url.split("?")[0].rsplit("/", 1)[1]
    return name or "index.html"


def switch_language(page, picker: str, lang: str, page_file: str) -> None:
    page.select_option(picker, lang)
    page.wait_for_url(re.compile(re.escape(page_file) + r"(\?|$)"))
    wait_ready(page)


def test_the_language_is_switched_mid_match_kept_and_remembered(browser, server, tmp_path):
    context, page, watch = open_game(browser, server + "?test=1", viewport=PHONE, locale="en-US",
                                     reduced_motion="reduce")
    try:
        assert page_file(page) == "index.html" and page.get_attribute("html", "lang") == "en"
        game = Game(page)
        game.new_match([("", "human"), ("Ana", "normal"), ("", "easy")], set=9, rounds="one", speed="instant",
                       seed=12, after_turn="go")
        board_picture(page, "en", tmp_path)
        game.step_once()
        game.idle()
        page.click(f'#hand-tiles [data-tile="{game.playable()[0]}"]')   # a half-made move: a tile picked
        before = snapshot(page)
        picked = game.selected()
        assert "Your train" in page.inner_text("#trains")

        # the menu's picker: the Spanish page, the same position, the tile still picked
        page.click('.topbar [data-action="menu"]')
        switch_language(page, "#menu-language", "es", "index.es.html")
        page.wait_for_selector("#game-screen", state="visible")
        game.idle()
        assert page.get_attribute("html", "lang") == "es"
        assert snapshot(page) == before and game.selected() == picked
        assert "Tu tren" in page.inner_text("#trains")
        assert "Compu 2" in page.inner_text("#trains")            # a default name follows the language
        assert page.evaluate(f"localStorage.getItem('{LANG_KEY}')") == "es"

        # remembered: the default page opens in Spanish, and the saved match is offered in Spanish
        page.goto(server + "?test=1")
        wait_ready(page)
        assert page_file(page) == "index.es.html"
        page.wait_for_selector('#saved-panel [data-action="continue_saved"]', state="visible")
        assert "Tú contra Ana y Compu 2" in page.inner_text("#saved-text")
        page.click('#saved-panel [data-action="continue_saved"]')
        game.idle()
        assert snapshot(page) == before

        # the first screen's picker: French, from the menu's way back to the settings
        game.open_setup()
        page.click("#display-prefs summary")
        switch_language(page, "#setup-language", "fr", "index.fr.html")
        assert page.get_attribute("html", "lang") == "fr"
        assert page.evaluate(f"localStorage.getItem('{LANG_KEY}')") == "fr"
        page.click('#saved-panel [data-action="continue_saved"]')
        game.idle()
        assert snapshot(page) == before and "Train d’Ana" in page.inner_text("#trains")

        # an address that names a language wins over the one kept, without replacing it
        page.goto(server + "?test=1&lang=en")
        wait_ready(page)
        assert page_file(page) == "index.html" and page.get_attribute("html", "lang") == "en"
        assert page.evaluate(f"localStorage.getItem('{LANG_KEY}')") == "fr"
        watch.check()
    finally:
        context.close()
