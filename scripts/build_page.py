#!/usr/bin/env python3
"""Build the page: page/index.html (a Jinja2 template) -> index.html and index.<lang>.html.

    python3 -m scripts.build_page              # build the pages beside page/ if a source changed
    python3 -m scripts.build_page --out DIR    # build them into DIR (scripts/build_dist.py does this)

One page per language of the game that has a catalogue (English always), each
complete before any script runs:

* every word from the gettext catalogue of its language (``mexican_train.i18n``,
  compiled by ``python3 -m scripts.catalogs``);
* the setup form's choices drawn from the registries in Python (``rules.Rules``'s
  options, ``players.LEVELS``, ``ui.controller.SPEEDS``), and the same registries,
  with the texts the JavaScript needs before Python has loaded, as a JSON data
  block (``#mt-data``) that the scripts read;
* static/css/app.css and static/js/prefs.js inline, so the first paint needs
  no request, and a Content-Security-Policy that allows exactly those two
  blocks by their SHA-256 hashes (computed here, never by hand);
* every form field written inside a ``<template data-field>`` (``hold_fields``),
  which static/js/prefs.js empties once the page is parsed.

scripts/serve.py rebuilds the pages when a source is newer, so editing the
template, the style or a catalogue and reloading is enough.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from html.parser import HTMLParser

import jinja2
from markupsafe import Markup

from scripts import build_sw, catalogs, csp

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TEMPLATES = os.path.join(ROOT, "page")
INLINED = build_sw.INLINED
"""Sources the pages carry inline: never fetched, so never deployed or cached on their own."""
CSS, PREFS = (os.path.join(ROOT, *path.split("/")) for path in INLINED)
# Its size is in the page's data: Python's worker makes its memory before the snapshot has arrived (pyodide-boot.js).
SNAPSHOT = os.path.join(ROOT, "vendor", "pyodide", "python-snapshot.bin")
SNAPSHOT_INFO = os.path.join(ROOT, "vendor", "pyodide", "python-snapshot.json")   # its function table's length
MANIFEST = os.path.join(ROOT, "manifest.webmanifest")
PYSCRIPT = os.path.join(ROOT, "vendor", "pyscript", "core.js")
PACKAGE = os.path.join(ROOT, "py", "mexican_train")

POLICY = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src; img-src 'self' data:; "
          "connect-src 'self'; worker-src 'self' blob:; object-src 'none'; base-uri 'self'; form-action 'self'")
"""The page's Content-Security-Policy before the hashes of its inline style and script are added. ``blob:``
workers: PyScript makes its worker from a blob: URL (static/js/python.js); nothing else is loosened."""


def page_file(lang: str, friend: bool = False) -> str:
    """The file of a language's page: index.html for English, index.<lang>.html for the others; with
    ``friend``, the page a friend's device opens from an invitation (friend.html, friend.<lang>.html), which
    loads no Python."""
    stem = "friend" if friend else "index"
    return f"{stem}.html" if lang == "en" else f"{stem}.{lang}.html"


def manifest_file(lang: str) -> str:
    """The web app manifest of a language's page: manifest.webmanifest (English, kept in the repository)
    for English, manifest.<lang>.webmanifest (built) for the others."""
    return "manifest.webmanifest" if lang == "en" else f"manifest.{lang}.webmanifest"


def manifest(lang: str) -> str:
    """The web app manifest of ``lang``: the English one with its words (``strings.MANIFEST``) from the
    catalogue, so an installed game is named in the language it was installed from. Every page keeps the
    same ``id`` and ``start_url``: one app, which opens in the language chosen last (static/js/prefs.js)."""
    from mexican_train import i18n
    from mexican_train.ui import strings as S
    with open(MANIFEST, encoding="utf-8") as f:
        found = json.load(f)
    previous = i18n.language()
    i18n.set_language(lang)
    try:
        found.update({key: i18n._(msgid) for key, msgid in S.MANIFEST.items()}, lang=lang)
    finally:
        i18n.set_language(previous)
    return json.dumps(found, ensure_ascii=False, indent=2) + "\n"


def languages() -> list[str]:
    """The languages that get a page: English, and every language with a catalogue."""
    from mexican_train.i18n import LANGUAGES
    return [lang for lang in LANGUAGES if lang == "en" or catalogs.has_catalogue(lang)]


def sources() -> list[str]:
    """Every file a page is made from: the templates, the inlined style and script, the manifest, the snapshot
    (its size and its function table's length), PyScript's module (its chunk's name, for PyScript's frame), every
    module of the package (the pages draw words and registries from it: any module may hold them), the compiled
    catalogues, and the build's own code."""
    found = [CSS, PREFS, MANIFEST, SNAPSHOT, SNAPSHOT_INFO, PYSCRIPT]
    found += sorted(os.path.join(d, n) for d, _dirs, names in os.walk(TEMPLATES) for n in names if n.endswith(".html"))
    found += sorted(os.path.join(d, n) for d, _dirs, names in os.walk(PACKAGE) for n in names if n.endswith(".py"))
    return found + catalogs.compiled_files() + [os.path.abspath(__file__), os.path.abspath(csp.__file__)]


def snapshot_table() -> int | None:
    """The length of the function table the snapshot was taken with (scripts/make_snapshot.mjs), which the page
    checks before a restore (static/js/pyodide-boot.js); None when unknown."""
    try:
        with open(SNAPSHOT_INFO, encoding="utf-8") as f:
            table = json.load(f).get("table")
    except (OSError, ValueError):
        return None
    return table if isinstance(table, int) else None


def _registry() -> dict:
    """The registries the page's scripts need before Python has loaded (values only: words are added per page)."""
    from mexican_train import names
    from mexican_train.players import LEVELS
    from mexican_train.rules import PRESETS, Rules, seat_range, tile_count
    from mexican_train.tiles import SET_SIZES
    from mexican_train.ui.controller import AFTER_TURN, AFTER_TURN_DEFAULT, DEFAULT_SPEED, SECTIONS, SPEEDS
    from mexican_train.ui.protocol import page_data
    presets = {}
    for preset in PRESETS:
        presets[preset] = {str(top): {"seats": [seat_range(preset, top).start, seat_range(preset, top).stop - 1],
                                      "options": {name: value for name, value in Rules.defaults(preset, top, 2).items()
                                                  if dict(Rules.options())[name].rule}}
                           for top in SET_SIZES}
    return {
        "presets": presets,
        "options": [{"name": name, "kind": "choice" if option.choices else "switch",
                     "number": bool(option.choices) and all(isinstance(v, int) for v, _ in option.choices),
                     "choices": [value for value, _ in option.choices]}
                    for name, option in Rules.options() if option.rule],
        "tiles": {str(top): tile_count(top) for top in SET_SIZES},
        "levels": [{"name": level.name, "offered": level.offered} for level in LEVELS],
        "speeds": [speed.name for speed in SPEEDS],
        "default_speed": DEFAULT_SPEED,
        "after_turn": [choice.name for choice in AFTER_TURN],
        "after_turn_default": AFTER_TURN_DEFAULT,
        "screens": {str(screen): section for screen, section in SECTIONS.items()},
        "protocol": page_data(),
        # what a name may hold (mexican_train.names): the address is checked, and the form shown, by it
        "name_rules": {"most": names.MOST, "hidden": names.hidden_class()},
    }


def plural_categories(lang: str) -> dict[str, int]:
    """Which form of a plural message each plural category of ``lang`` (CLDR's, as the browser's
    Intl.PluralRules names them) takes in the catalogue: ``{"one": 0, "other": 1}`` in English.

    Read off the catalogue's own rule (its Plural-Forms) for sample numbers; a catalogue whose rule
    gives two forms to numbers of one category is refused, since the page could not follow it."""
    from babel import Locale
    from mexican_train import i18n
    category_of = Locale.parse(lang).plural_form
    found: dict[str, int] = {}
    for n in i18n.PLURAL_SAMPLES:
        category, index = category_of(n), i18n.plural_index(n, lang)
        if found.setdefault(category, index) != index:
            raise ValueError(f"the {lang} catalogue's plural rule splits CLDR's category {category!r} "
                             f"(form {found[category]}, and form {index} for {n})")
    return found


class _FieldSpans(HTMLParser):
    """Where each form field of a page starts and ends, outside templates (their copies are made by the scripts)."""

    def __init__(self, text: str):
        super().__init__(convert_charrefs=False)
        self.starts = [0]   # the offset of each line, as the parser counts lines: by "\n" alone
        for line in text.split("\n"):
            self.starts.append(self.starts[-1] + len(line) + 1)
        self.text = text
        self.templates = 0
        self.field: tuple[str, int] | None = None   # a <select> or <textarea> not yet closed, and where it began
        self.spans: list[tuple[int, int]] = []

    def _here(self) -> int:
        line, column = self.getpos()
        return self.starts[line - 1] + column

    def handle_starttag(self, tag, attrs):
        if tag == "template":
            self.templates += 1
        elif not self.templates and self.field is None:
            if tag == "input":
                start = self._here()
                self.spans.append((start, start + len(self.get_starttag_text() or "")))
            elif tag in ("select", "textarea"):
                self.field = (tag, self._here())

    def handle_endtag(self, tag):
        if tag == "template":
            self.templates -= 1
        elif self.field is not None and tag == self.field[0]:
            self.spans.append((self.field[1], self.text.index(">", self._here()) + 1))
            self.field = None


def hold_fields(page: str) -> str:
    """``page`` with every ``<input>``, ``<select>`` and ``<textarea>`` outside a template written inside a
    ``<template data-field>``: at DOMContentLoaded the page has no form field, and static/js/prefs.js puts them all
    in place in the task after. Right after that event, in its task (the one that also runs the page's modules),
    Chromium looks at every form field of the page: traced on the emulated phone, the end of the parse took 26-27
    ms with the fields in the page, 8-9 ms without (docs/measurements/phone.md)."""
    finder = _FieldSpans(page)
    finder.feed(page)
    finder.close()
    out, at = [], 0
    for start, end in finder.spans:
        out += [page[at:start], "<template data-field>", page[start:end], "</template>"]
        at = end
    return "".join(out) + page[at:]


def render(lang: str, friend: bool = False) -> str:
    """The page of ``lang`` (``friend``: a friend's device's page), complete with its policy's hashes."""
    from mexican_train import i18n
    from mexican_train.players import LEVELS
    from mexican_train.rules import Rules, tile_count
    from mexican_train.tiles import SET_SIZES
    from mexican_train.ui import strings as S
    from mexican_train.rules import PRESET_NAMES
    from mexican_train.ui.controller import AFTER_TURN, DEFAULT_SPEED, SPEEDS
    previous = i18n.language()
    i18n.set_language(lang)
    try:
        env = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=True,
                                 keep_trailing_newline=True, undefined=jinja2.StrictUndefined)
        env.globals.update(_=i18n._, ngettext=i18n.ngettext)
        text = {key: i18n._(msgid) for key, msgid in S.PAGE_TEXT.items()}
        cpu_label = i18n._("CPU: {level}")
        registry = _registry()
        registry["names"] = {"you": i18n._(S.YOU), "person": i18n._(S.PLAYER_N), "cpu": i18n._(S.CPU_N)}
        registry["level_labels"] = {level.name: cpu_label.format(level=i18n._(level.label)) for level in LEVELS}
        registry["level_names"] = {level.name: i18n._(level.label) for level in LEVELS}
        registry["preset_rules"] = {name: i18n._(label) for name, label in PRESET_NAMES.items()}
        langs = [[code, i18n.LANGUAGES[code], page_file(code, friend)] for code in languages()]
        data = {"lang": lang, "languages": langs, "text": text, "registry": registry,
                "plural": plural_categories(lang),
                "snapshotBytes": os.path.getsize(SNAPSHOT) if os.path.exists(SNAPSHOT) else None,
                "snapshotTable": snapshot_table()}
        with open(CSS, encoding="utf-8") as f:
            css = f.read()
        with open(PREFS, encoding="utf-8") as f:
            prefs_js = f.read()
        options = dict(Rules.options())
        from mexican_train.ui import parts as screen_parts
        parts = [env.get_template(f"parts/{name}.html").make_module({"_": i18n._, "ngettext": i18n.ngettext})
                 for name in sorted(screen_parts.load())]
        page = env.get_template("index.html").render(
            parts=parts, friend=friend,
            # the style, the script and the data are ours and go in as they are
            lang=lang, languages=langs, manifest=manifest_file(lang), text=text, css=Markup(css), prefs_js=Markup(prefs_js), csp=Markup(POLICY),
            data_json=Markup(json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")),
            rule_options=Rules.options(), options=options,
            defaults=Rules.make("standard").to_dict(), levels=[lv for lv in LEVELS if lv.offered],
            seat_counts=range(2, 11), tile_counts={top: tile_count(top) for top in SET_SIZES},
            speeds=SPEEDS, default_speed=DEFAULT_SPEED, after_turn=AFTER_TURN)
    finally:
        i18n.set_language(previous)
    return csp.with_current_hashes(hold_fields(page))


FRAME = "pyscript.html"
"""PyScript's frame (page/pyscript.html): one for every language, as it holds no words."""


def pyscript_modules() -> list[str]:
    """The modules PyScript's frame preloads, as site paths: PyScript's module, the chunk it re-exports
    (vendor/pyscript/core.js names it), and the error plugin's chunk, which that chunk imports as it is evaluated
    even with the plugin switched off ("!error" only tells the plugin there is no page to write on). Preloaded,
    that import finds its module already asked for; otherwise asking for it was 15 ms of the evaluation's one
    task on the emulated phone (docs/measurements/phone.md)."""
    modules = ["vendor/pyscript/core.js"]
    if os.path.exists(PYSCRIPT):
        with open(PYSCRIPT, encoding="utf-8") as f:
            chunks = re.findall(r'from\s*"\./([^"]+\.js)"', f.read())
        modules += [f"vendor/pyscript/{name}" for name in chunks]
        code = ""
        for name in chunks:
            with open(os.path.join(os.path.dirname(PYSCRIPT), name), encoding="utf-8") as f:
                code += f.read()
        for plugin in build_sw.PYSCRIPT_BOOT_PLUGINS:   # the ones it imports as it is evaluated (build_sw lists them)
            chunk = build_sw.plugin_chunk(code, plugin)
            if chunk:
                modules.append(f"vendor/pyscript/{chunk}")
    return modules


def render_frame() -> str:
    """PyScript's frame, with the pages' policy."""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=True,
                             keep_trailing_newline=True, undefined=jinja2.StrictUndefined)
    return csp.with_current_hashes(env.get_template(FRAME).render(csp=Markup(POLICY), pyscript_modules=pyscript_modules()))


def outputs(lang: str) -> list[str]:
    """The files the build writes for a language: its page, its friend's page, and its manifest unless it is
    English's."""
    return [page_file(lang), page_file(lang, True)] + ([manifest_file(lang)] if lang != "en" else [])


def build(out: str = ROOT) -> list[str]:
    """Write every language's page (and manifest) into ``out``; returns the file names written."""
    catalogs.ensure()
    written = []
    texts = [(FRAME, render_frame())]
    for lang in languages():
        texts += zip(outputs(lang), (render(lang), render(lang, friend=True), manifest(lang)))
    for name, text in texts:
        target = os.path.join(out, name)
        tmp = target + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, target)
        written.append(name)
    for stale in os.listdir(out):   # the page and manifest of a language that no longer has a catalogue
        if stale not in written and stale.count(".") == 2 and (
                ((stale.startswith("index.") or stale.startswith("friend.")) and stale.endswith(".html"))
                or (stale.startswith("manifest.") and stale.endswith(".webmanifest"))):
            os.remove(os.path.join(out, stale))
    return written


def stale(out: str = ROOT) -> bool:
    """True when a page is missing or older than one of its sources."""
    pages = [os.path.join(out, name) for lang in languages() for name in outputs(lang)] + [os.path.join(out, FRAME)]
    if not all(os.path.exists(p) for p in pages):
        return True
    built = min(os.path.getmtime(p) for p in pages)
    return any(os.path.getmtime(s) > built for s in sources() if os.path.exists(s))


def ensure(out: str = ROOT) -> bool:
    """Build the pages if they are stale; True if they were rebuilt."""
    catalogs.ensure()
    if stale(out):
        build(out)
        return True
    return False


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=ROOT, help="the folder to write the pages into (default: the repository)")
    a = ap.parse_args(argv)
    names = build(os.path.abspath(a.out))
    print(f"built {', '.join(names)} in {os.path.relpath(os.path.abspath(a.out)) or '.'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
