"""The game in Spanish and French, in the browser: the page follows the browser's language, every screen
speaks it (no text equals an English catalogue string), axe finds nothing, nothing is wider than a
360 px phone, and the language can be switched in the middle of a match without losing anything.

Pictures of the board in each language (docs/screenshots/board-<lang>.png, 1280 x 800) are written when
MT_SCREENSHOTS=1, as e2e/test_screenshots.py does; otherwise they go to a temporary folder.
"""

from __future__ import annotations

import datetime as dt
import io
import json
import os
import re
import string
import zipfile
from typing import NamedTuple

import pytest
from babel.messages.pofile import read_po
from e2e.conftest import DESKTOP, open_game, wait_ready
from e2e.game import Game
from e2e.test_accessibility import assert_no_violations, no_overflow, run_axe
from e2e.test_first_minute import CUT_JS

from scripts import catalogs
from tests.test_no_english import english_fragments, english_in

PHONE = {"width": 360, "height": 740}
ZOOMED = {"width": 640, "height": 400}   # a 1280 x 800 window at 200% zoom
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


# Every visible control whose words run past its edges (wider than its box, or its padding eaten up).
FIT_JS = """() => [...document.querySelectorAll('button, .btn, select, summary, label, option')].filter(e => {
  if (!e.checkVisibility() || e.closest('.sr, svg')) return false;
  const words = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);   // the words a person sees (not .sr ones)
  let seen = '';
  for (let n = words.nextNode(); n; n = words.nextNode()) if (!n.parentElement.closest('.sr')) seen += n.nodeValue;
  if (!seen.trim()) return false;
  const r = e.getBoundingClientRect();
  if (r.width <= 1 || r.height <= 1) return false;
  return e.scrollWidth > e.clientWidth + 1;
}).map(e => (e.id || e.dataset.action || e.className || e.tagName) + ': ' + e.textContent.trim().slice(0, 40))"""

# The default name of the one person at the device put where a name goes ("Tú jugó", "Train de Vous").
DEFAULT_NAME_AS_NAME = {
    "es": re.compile(r"\bTú (jugó|robó|pasó|se quedó|terminó|gana)\b|\bde Tú\b|\bTú \(tú\)|Tú, |\bTú y "),
    "fr": re.compile(r"\bVous (a|n’a) \b|\bde Vous\b|\bd’Vous\b|\bVous \(vous\)|Vous, |\bVous et "),
}


class Checks:
    """What one walk through the screens found: English left, axe violations, overflow at 360 px and at 200%
    zoom, cut text and words past their control's edge, numbers and dates in English form, the default name
    of the person at the device used as a name."""

    def __init__(self, page, lang):
        self.page = page
        self.lang = lang
        self.patterns = english_patterns(lang) if lang != "en" else []
        self.fragments = english_fragments(lang) if lang != "en" else set()
        self.english: list[str] = []
        self.axe: dict = {}
        self.cut: list[str] = []
        self.forms: list[str] = []
        self.texts: set[str] = set()

    def screen(self, name: str, axe: bool = True) -> None:
        page = self.page
        for text in page.evaluate(TEXTS_JS):
            self.texts.add(text)
            for english in self.patterns:
                if english.said_by(text):
                    self.english.append(f"[{name}] {text!r} is the English {english.msgid!r}")
            if self.lang != "en":
                found = english_in(text, self.fragments)
                if found:
                    self.english.append(f"[{name}] {text[:120]!r} holds the English {found}")
                if re.search(r"\d\.\d", text) or re.search(r"\b\d{4}-\d\d-\d\d\b", text):
                    self.forms.append(f"[{name}] a number or a date in English form: {text[:120]!r}")
                if DEFAULT_NAME_AS_NAME[self.lang].search(text):
                    self.forms.append(f"[{name}] the default name used as a name: {text[:120]!r}")
        if axe:
            run_axe(page, f"{self.lang}: {name}", self.axe)
        size = page.viewport_size
        for viewport, label in ((PHONE, "360 px"), (ZOOMED, "200% zoom")):
            if page.viewport_size != viewport:
                page.set_viewport_size(viewport)
                page.wait_for_timeout(60)
            no_overflow(page, f"{self.lang}: {name} at {label}")
            self.cut += [f"[{name} at {label}] {c}" for c in page.evaluate(CUT_JS, "body")]
            self.cut += [f"[{name} at {label}] past its edge: {c}" for c in page.evaluate(FIT_JS)]
        if size != page.viewport_size:
            page.set_viewport_size(size)
            page.wait_for_timeout(60)

    def verify(self) -> None:
        assert not self.english, "English on the page:\n" + "\n".join(self.english)
        assert not self.forms, "\n".join(self.forms)
        assert_no_violations(self.axe)
        assert not self.cut, "text cut off or past its control's edge:\n" + "\n".join(self.cut)


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


# Before the page's scripts: every layout shift is noted from the first paint on, and the statistics hold a
# finished match (an average with a decimal, a best round with its day) and today's counted daily deal.
def _before_the_page(today: str) -> str:
    record = {"format": "mexican-train-stats", "version": 1,
              "matches": [{"id": "m1", "set": 6, "opponents": "easy", "day": today, "won": True,
                           "rounds": [{"points": [7], "won": True}, {"points": [8], "won": False}]}],
              "daily": {today: {"points": 12, "won": False, "ending": "out", "practice": 0}}}
    return """
      window.__shifts = [];
      new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput)
        window.__shifts.push([Math.round(e.startTime), e.value,
          (e.sources || []).map((s) => s.node ? (s.node.id || s.node.className || s.node.nodeName) : '').join(',')]);
      }).observe({ type: 'layout-shift', buffered: true });
      if (!localStorage.getItem('mexican-train:stats')) localStorage.setItem('mexican-train:stats', %s);
    """ % json.dumps(json.dumps(record))


@pytest.mark.parametrize("lang", list(LOCALES))
def test_every_screen_speaks_the_browsers_language_passes_axe_and_fits_a_phone(browser, server, tmp_path, lang):
    today = dt.datetime.now(dt.timezone.utc).date().isoformat()
    context, page, watch = open_game(browser, server + "?test=1", bypass_csp=True, viewport=PHONE,
                                     locale=LOCALES[lang], reduced_motion="reduce", init_script=_before_the_page(today))
    try:
        assert page_file(page) == f"index.{lang}.html"      # chosen before the first paint
        assert page.get_attribute("html", "lang") == lang
        # one first screen from the first paint to ready: nothing moved (the summary's room is kept)
        assert page.evaluate("window.__shifts") == [], page.evaluate("window.__shifts")
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
        review_replay_daily_and_statistics(page, checks, lang, tmp_path)
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


REVIEW_ITEM = {"es": r"Ronda (\d+), jugada (\d+)", "fr": r"Manche (\d+), coup (\d+)"}
BEFORE_ACTION = {"es": "antes de la jugada {action} de", "fr": "avant le coup {action} sur"}


def review_replay_daily_and_statistics(page, checks: Checks, lang: str, tmp_path, pictures: bool = True) -> None:
    """After a match: its review, an item opened in the replay (the same action number), Escape back; the daily
    deal with today's counted result; the statistics with a refused file (in view), a file that is not UTF-8
    and one with a byte-order mark. Each screen checked, and pictured at 360 px (unless ``pictures`` is
    false)."""
    picture = shot if pictures else (lambda *_args: None)
    page.click('#match-dialog [data-action="review"]')
    page.wait_for_selector('html[data-review="done"]', state="attached")
    checks.screen("review")
    picture(page, f"phone-review-{lang}", tmp_path)
    items = page.locator("#review-items li")
    assert items.count() >= 1, page.inner_text("#review-summary")
    where = re.search(REVIEW_ITEM[lang], items.nth(0).inner_text())
    assert where, items.nth(0).inner_text()
    page.click('#review-items li >> nth=0 >> [data-action="review_jump"]')
    page.wait_for_selector("#replay-screen", state="visible")
    assert BEFORE_ACTION[lang].format(action=where[2]) in page.inner_text("#replay-where")   # the same number
    page.click('#replay-screen [data-action="replay_next"]')
    checks.screen("replay")
    picture(page, f"phone-replay-{lang}", tmp_path)
    page.focus("#replay-round")
    page.keyboard.press("Escape")                      # Escape leaves the replay, even from its round list
    page.wait_for_selector("#game-screen", state="visible")
    page.wait_for_selector("#review-dialog", state="visible")
    page.click('#review-dialog [data-action="close_dialog"]')
    Game(page).open_setup()
    page.click('#more [data-action="daily"]')
    page.wait_for_selector("#daily-dialog", state="visible")
    day = dt.datetime.now(dt.timezone.utc).date().isoformat()
    counted = page.evaluate("Object.keys(JSON.parse(localStorage.getItem('mexican-train:stats') || '{}').daily || {})")
    if day in counted:   # the day's deal is counted: its share, without spoilers
        assert page.locator("#daily-share figcaption").is_visible() and page.inner_text("#daily-share blockquote")
    else:                # the UTC day turned while the test ran: the new day's deal is not played yet
        assert not page.locator("#daily-share figcaption").is_visible()
    checks.screen("daily deal")
    picture(page, f"phone-daily-{lang}", tmp_path)
    page.click('#daily-dialog [data-action="close_dialog"]')
    page.click('#more [data-action="stats"]')
    page.wait_for_selector("#stats-dialog", state="visible")
    checks.screen("statistics")
    exported = page.evaluate("localStorage.getItem('mexican-train:stats')")
    for content, kind in ((b'{"format": "mexican-train-stats", "version": 1, "matches": [{"id": "x", "set": 7}]}',
                           "refused"), (b"\xff\xfe{}", "not text"), (b"\xef\xbb\xbf" + exported.encode(), "nothing new")):
        page.evaluate("() => { const e = document.getElementById('stats-message'); e.hidden = true; e.textContent = ''; }")
        page.set_input_files("#stats-file", files=[{"name": "s.json", "mimeType": "application/json", "buffer": content}])
        page.wait_for_selector("#stats-message", state="visible")
        box = page.evaluate("""() => { const m = document.getElementById('stats-message').getBoundingClientRect();
            const d = document.getElementById('stats-dialog').getBoundingClientRect();
            return m.top >= d.top && m.bottom <= d.bottom && m.bottom <= innerHeight; }""")
        assert box, f"{kind}: the answer to the import is out of sight"
        checks.screen(f"statistics: {kind}", axe=False)
        assert "6, 9" in page.inner_text("#stats-message") or kind != "refused"
    page.click('#stats-dialog [data-action="close_dialog"]')


SENTINEL = "ZqxDefaultYou"
ARCHIVE = os.path.join(catalogs.ROOT, "py", "mexican_train.zip")


def sentinel_archive() -> bytes:
    """The package archive of a test build whose default name of the one person at the device is SENTINEL in
    every language (no catalogue translates it). Its own tag (zip comment): the page drops the snapshot's
    modules and imports these (static/js/pyodide-boot.js, adoptPackage)."""
    out = io.BytesIO()
    with zipfile.ZipFile(ARCHIVE) as z, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as w:
        changed = ("mexican_train/ui/strings.py", "mexican_train/daily.py")
        stale = tuple(name.rsplit("/", 1)[0] + "/__pycache__/" + name.rsplit("/", 1)[1][:-3] + "." for name in changed)
        for info in z.infolist():
            if info.filename.startswith(stale):   # their bytecode is not checked against the source: left out
                continue
            data = z.read(info)
            if info.filename in changed:
                text = data.decode()
                assert text.count('YOU = N_("You")') == 1, info.filename
                data = text.replace('YOU = N_("You")', f'YOU = N_("{SENTINEL}")').encode()
            w.writestr(info, data)
        w.comment = b"sentinel test build"
    return out.getvalue()


class SentinelChecks:
    """Every text the page shows, screen after screen; those holding the sentinel."""

    def __init__(self, page):
        self.page = page
        self.seen = 0
        self.leaks: list[str] = []

    def screen(self, name: str, axe: bool = True) -> None:
        texts = self.page.evaluate(TEXTS_JS)
        self.seen += len(texts)
        self.leaks += [f"[{name}] {text[:160]!r}" for text in texts if SENTINEL in text]


@pytest.mark.parametrize("lang", list(LOCALES))
def test_in_a_build_whose_default_name_is_a_sentinel_the_sentinel_never_shows(browser, server, tmp_path, lang):
    # The default name of the one person at the device is never where a name goes, on any screen: the live
    # log, the round's and the match's end, the review, the replay, the daily deal, the statistics.
    archive = sentinel_archive()
    today = dt.datetime.now(dt.timezone.utc).date().isoformat()
    context, page, watch = open_game(browser, server + "?test=1", viewport=PHONE, locale=LOCALES[lang],
                                     reduced_motion="reduce", init_script=_before_the_page(today),
                                     route=("**/py/mexican_train.zip", archive))
    try:
        assert page.evaluate("window.mtSnapshotPackage") == "other", "the page runs the test build's modules"
        game = Game(page)
        checks = SentinelChecks(page)
        game.new_match([("", "human"), ("", "easy")], set=6, rounds="one", speed="instant", seed=12, after_turn="go")
        saved = page.evaluate("localStorage.getItem('mexican-train:match')") or ""
        assert f'"{SENTINEL}"' in saved, "the test build's default name is the name of the seat"
        for _ in range(400):
            checks.screen("board")
            if page.locator("#round-dialog").is_visible():
                checks.screen("round end")
            if not game.step_once():
                break
        checks.screen("match end")
        review_replay_daily_and_statistics(page, checks, lang, tmp_path, pictures=False)
        assert checks.seen > 200
        assert not checks.leaks, "the default name shown:\n" + "\n".join(checks.leaks[:20])
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
