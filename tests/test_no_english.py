"""No English after the first word: every message the page can show in Spanish or French is in that language,
the refusals of hostile files (match files, statistics, the saved statistics and daily deal) included. The
English of the command line is unchanged (str(err) is the msgid's English)."""

from __future__ import annotations

import json
import re
import string

import pytest
from babel.messages.pofile import read_po
from tests.browser_side import Tab
from tests.test_coach_glue import DAY_MS, Clock, play_through
from tests.test_i18n import LANGS, SAME_AS_ENGLISH

from mexican_train import stats
from mexican_train.i18n import set_language
from mexican_train.ui import records, storage
from mexican_train.ui.storage import DictStorage
from scripts import catalogs

ENGLISH_WORDS = re.compile(r"\b(the|is|must|be|not|of|with|and|appears|twice|Expecting|value|column|file)\b")
"""Words of English prose that neither Spanish nor French writes (a Python or browser message would have them)."""
MB = 1024 * 1024


def english_fragments(lang: str) -> set[str]:
    """The English pieces of the catalogue's msgids, between their fields, of two words or more, that the
    language's catalogue does not also write as they are (a tile, "OK", a name)."""
    with open(catalogs.po_file(lang), "rb") as f:
        own = " ".join(s for m in read_po(f) if m.id for s in (m.string if isinstance(m.string, tuple) else [m.string]))
    with open(catalogs.TEMPLATE, "rb") as f:
        ids = [i for m in read_po(f) if m.id for i in (m.id if isinstance(m.id, tuple) else [m.id])]
    found = set()
    for msgid in ids:
        if msgid in SAME_AS_ENGLISH[lang]:
            continue
        for literal, *_rest in string.Formatter().parse(msgid):
            for piece in re.split(r"[.:;,()“”\"!?]+", literal):
                piece = piece.strip()
                if len(piece.split()) >= 2 and piece not in own:
                    found.add(piece)
    return found


def english_in(text: str, fragments: set[str]) -> list[str]:
    """The English found in ``text``: catalogue fragments, and words of English prose."""
    return [f for f in fragments if f in text] + ENGLISH_WORDS.findall(text)


def shown(answer: dict) -> list[str]:
    """Every text an answer gives the page to show (its view's strings, its error), not the data it keeps."""
    out: list[str] = []

    def walk(value, key=""):
        if key in ("summary", "writes", "id", "action", "tile", "train", "screen", "state", "date", "kind", "part",
                   "step", "speed", "after_turn", "focus", "source", "name") and not isinstance(value, (dict, list)):
            return
        if isinstance(value, str):
            out.append(value)
        elif isinstance(value, dict):
            for k, v in value.items():
                if k not in ("summary", "writes", "events", "hint", "cpu", "rules_data"):
                    walk(v, k)
        elif isinstance(value, list):
            for v in value:
                walk(v, key)
    walk(answer.get("view"))
    walk(answer.get("error"))
    return out


def hostile_match_files(good: str) -> list[str]:
    data = json.loads(good)
    long_name = json.loads(good)
    long_name["players"][0]["name"] = "x" * 300
    wrong = []
    for change in (lambda d: d.update(totals=True), lambda d: d.update(version=True),
                   lambda d: d["rules"].update(double_rule=None), lambda d: d.update(rounds="x"),
                   lambda d: d["players"].append({"name": "x", "kind": "human"}), lambda d: d.update(seed=-1)):
        changed = json.loads(good)
        change(changed)
        wrong.append(json.dumps(changed))
    return [
        "", "   ", "[" * 100_000, "{\"a\":" * 100_000, " " * (4 * MB + 1), "{x", "[1, 2", "NaN", "1" * 5000,
        json.dumps(long_name), good.replace('"seed":', '"seed": 1, "seed":', 1),
        good.replace('"seed": ', '"seed": NaN, "x": ', 1), json.dumps([data]), json.dumps({"format": "x"}), *wrong,
    ]


def hostile_stats_files(good: str) -> list[str]:
    out = ["", "{x", "[" * 100_000, json.dumps([]), json.dumps({"format": "x"}),
           good.replace('"version":', '"version": 1, "version":', 1)]
    data = json.loads(good)
    for change in (lambda d: d.update(version=2), lambda d: d.update(matches={}), lambda d: d["matches"][0].update(set=7),
                   lambda d: d["matches"][0].update(id=5), lambda d: d["matches"][0].update(opponents=1),
                   lambda d: d["matches"][0].update(day=1), lambda d: d["matches"][0].update(won="x"),
                   lambda d: d["matches"][0].update(rounds=1), lambda d: d["matches"][0]["rounds"].append({"won": 1}),
                   lambda d: d["matches"][0]["rounds"].append({"won": True, "points": ["x"]}),
                   lambda d: d.update(daily=[]), lambda d: d["daily"].update(x=1),
                   lambda d: d["daily"].update(x={"practice": -1}), lambda d: d["daily"].update(x={"points": -1}),
                   lambda d: d["daily"].update(x={"points": 1, "won": 1}),
                   lambda d: d["daily"].update(x={"points": 1, "won": True, "ending": "x"})):
        changed = json.loads(json.dumps(data))
        change(changed)
        out.append(json.dumps(changed))
    return out


@pytest.fixture(scope="module", autouse=True)
def compiled():
    catalogs.ensure()
    yield
    set_language("en")


@pytest.mark.parametrize("lang", LANGS)
def test_every_refusal_of_a_hostile_file_is_said_in_the_language_of_the_page(lang):
    set_language(lang)
    fragments = english_fragments(lang)
    tab = Tab(clock=Clock(DAY_MS))
    vm = tab.send({"type": "new_match", "settings": {
        "set": 6, "seats": 2, "rounds": "one", "seed": 4, "cpu_speed": "instant",
        "players": [{"name": "Ana", "kind": "human"}, {"name": "Bot", "kind": "easy"}]}})
    play_through(tab, vm)
    good_match = tab.export_match()
    good_stats = tab.call({"type": "stats_export"})["view"]["text"]
    refusals = []
    for text in hostile_match_files(good_match):
        refusals.append(tab.call({"type": "import", "text": text}))
        refusals.append(tab.call({"type": "replay_open", "source": "file", "text": text}))
    for text in hostile_stats_files(good_stats):
        refusals.append(tab.call({"type": "stats_import", "text": text}))
    problems = []
    for answer in refusals:
        error = answer.get("error") or (answer.get("view") or {}).get("error")
        assert error, answer    # every one of them is refused in words
        found = english_in(error, fragments)
        if found:
            problems.append((error[:200], found))
    assert not problems, problems


@pytest.mark.parametrize("lang", LANGS)
def test_unreadable_statistics_and_daily_record_are_said_in_the_language_of_the_page(lang):
    set_language(lang)
    fragments = english_fragments(lang)
    problems = []
    for stored in ("", "{x", "[" * 100_000, json.dumps({"format": "x"}), "\ud800"):
        store = DictStorage()
        store.set_item(records.STATS_KEY, stored)
        store.set_item(records.DAILY_KEY, stored)
        store.set_item(storage.MATCH_KEY, stored)
        tab = Tab(store, clock=Clock(DAY_MS))
        answers = [tab.call({"type": "boot"}), tab.call({"type": "stats"}), tab.call({"type": "daily"})]
        texts = [t for a in answers for t in shown(a)]
        said = " ".join(texts)
        assert stored == "" or said.strip(), stored
        found = english_in(said, fragments)
        if found:
            problems.append((stored[:20], found, said[:300]))
    assert not problems, problems


def test_the_command_line_and_str_of_an_error_stay_in_english(speak=None):
    set_language("es")
    try:
        stats.loads('{"format": "mexican-train-stats", "version": 1, "matches": [{"id": "a", "set": 7}], "daily": {}}')
    except stats.StatsError as err:
        assert str(err) == "not a statistics file: matches[0].set must be 6, 9 or 12"
        assert "debe" in err.localized() or "6, 9 o 12" in err.localized()
    finally:
        set_language("en")
