"""Names, one rule wherever they come from (``mexican_train.names``): the setup form, the address
and a match file. Control and invisible characters are taken out with one line that says so, white space is
tidied, the form and the address keep at most 24 characters, and a name with nothing left is the seat's
default one. The same hostile values as the browser's table (e2e/test_hostile_host.py) go through the
form's Python side and through the match file reader, whose other text fields refuse them by name."""

from __future__ import annotations

import json
import re

import pytest

from mexican_train import MatchFileError, matchfile, names
from mexican_train.ui import storage
from mexican_train.ui.controller import start, with_local_names
from mexican_train.ui.storage import DictStorage
from tests.browser_side import new_tab as new_app
from tests.helpers import run_cli, settings
from tests.hostile_values import HOSTILE, INHERITED

CLEANED = "Control or invisible characters were taken out of the name"


@pytest.mark.parametrize("text, name", [
    ("  Ana   María \t", "Ana María"),                          # the tab is a control; the rest tidied as ever
    ("Ana\x00", "Ana"), ("\x1b[31mAna", "[31mAna"), ("Ana\x7f\x9f", "Ana"),                # Cc
    ("\u202eanA", "anA"), ("\u2066Ana\u2069", "Ana"), ("Ana\u200e\u200f\u061c", "Ana"),  # bidi (Cf)
    ("An\u200ba", "Ana"), ("\ufeffAna", "Ana"), ("Ana\U000e0041\U000e0042", "Ana"),      # invisible (Cf)
    ("Ana\nBo", "Ana Bo"), ("Ana\tBo", "Ana Bo"),                 # a control that is white space: a space
    ("\ud800Ana", "Ana"),                                       # a lone surrogate (Cs)
    ("\x00\u202e \u200b", ""),                                  # nothing left: the default name
])
def test_a_name_loses_its_control_and_invisible_characters_and_says_so(text, name):
    assert names.clean(text) == names.Name(name, True)


@pytest.mark.parametrize("text", ["Ana", "  Ana  ", "تبریز\u200cی", "👩\u200d👩\u200d👧", "क्\u200dष", "<b>Ana</b>",
                                  *INHERITED])
def test_joiners_markup_and_inherited_object_names_are_names_like_any_other(text):
    """The zero-width joiner and non-joiner write Persian, Indic and emoji names: they stay."""
    assert names.clean(text) == names.Name(" ".join(text.split()), False)


def test_the_form_and_the_address_keep_at_most_24_characters():
    assert names.clean("x" * 30).text == "x" * 24
    assert names.clean("x" * 23 + " y").text == "x" * 23        # no space left at the end of a cut
    assert names.clean("x" * 300, most=None).text == "x" * 300


def test_the_page_checks_the_address_with_pythons_own_set_of_hidden_characters():
    """The build writes names.py's set into the page's registry (static/js/text.js builds its RegExp from it)."""
    from scripts import build_page
    page = build_page.render("en")
    data = json.loads(re.search(r'<script type="application/json" id="mt-data">(.*?)</script>', page, re.S)[1])
    assert data["registry"]["name_rules"] == {"most": names.MOST, "hidden": names.hidden_class()}
    ranges = [tuple(int(x, 16) for x in re.findall(r"\\u\{([0-9A-F]+)\}", part))
              for part in re.findall(r"\\u\{[0-9A-F]+\}(?:-\\u\{[0-9A-F]+\})?", names.hidden_class())]
    found = {code for r in ranges for code in range(r[0], r[-1] + 1)}
    assert found == {code for code in range(0x110000) if names.hidden(chr(code))}
    assert {0x0, 0x1F, 0x7F, 0x9F, 0x061C, 0x200E, 0x200F, 0x202A, 0x202E, 0x2066, 0x2069, 0xE0041} <= found
    assert not {0x20, 0x200C, 0x200D, ord("a")} & found


# -- the setup form (the page sends what was typed; Python decides) -------------------------------------

@pytest.mark.parametrize("value", HOSTILE, ids=lambda v: repr(v[:12]))
def test_a_hostile_value_typed_as_a_name_starts_the_match_with_the_name_python_keeps(value):
    session = start(settings((value, "human"), ("Bot", "random")))
    kept = names.clean(value)
    assert session.match.players[0].name == (kept.text or "You")
    said = [line for line in session.announce if CLEANED in line]
    assert said == ([f"{CLEANED} {session.match.players[0].name}."] if kept.cleaned else [])


def test_several_cleaned_names_are_said_in_one_line_after_what_happened_and_before_what_to_do():
    session = start(settings(("Ana\u202e", "human"), ("Bo\x00", "human"), ("Cy", "random")))
    assert [p.name for p in session.match.players] == ["Ana", "Bo", "Cy"]
    assert session.announce[2] == "Control or invisible characters were taken out of the names Ana and Bo."
    assert session.announce[3:] == session.prompts


# -- a match file ---------------------------------------------------------------------------------------

def _file(*player_names: str) -> dict:
    app = new_app(DictStorage())
    app.send({"type": "new_match", "settings": settings(("Ana", "random"), ("Bot", "random"), cpu_speed="instant")})
    for _ in range(4):
        app.send({"type": "cpu"})
    data = json.loads(app.export_match())
    for player, name in zip(data["players"], player_names):
        player["name"] = name
    return data


@pytest.mark.parametrize("value", HOSTILE, ids=lambda v: repr(v[:12]))
def test_a_hostile_name_in_a_match_file_is_read_without_its_hidden_characters_and_said_once(value, capsys, tmp_path):
    text = json.dumps(_file("Ana", value))
    if len(value) > matchfile.MAX_NAME:
        with pytest.raises(MatchFileError) as refused:
            matchfile.loads(text)
        assert refused.value.field == "players[1].name"
        return
    cleaned: list[int] = []
    match = matchfile.loads(text, cleaned)
    kept = names.clean(value, most=None)
    assert [p.name for p in match.players] == ["Ana", kept.text]
    assert cleaned == ([1] if kept.cleaned else [])
    # the page: opened as a file, the name shown is the one kept (the seat's default when nothing is left)
    session = with_local_names(storage.import_text(text))       # as the match's Import opens it (matchapp)
    shown = session.match.players[1].name
    assert shown == (kept.text or "CPU 1")
    assert [line for line in session.announce if CLEANED in line] == ([f"{CLEANED} {shown}."] if kept.cleaned else [])
    # the command line reads it too, with one warning line
    path = tmp_path / "match.json"
    path.write_text(text)
    code, out, err = run_cli(capsys, "legal", str(path))
    assert code == 0 and out.startswith(("seat ", "over"))
    assert err == ("warning: control or invisible characters were taken out of players[1].name\n" if kept.cleaned else "")


def test_a_save_whose_names_hold_control_characters_still_continues_and_says_so_once():
    """Saves written before names were checked held such names: they open, cleaned."""
    store = DictStorage({storage.MATCH_KEY: json.dumps(_file("Ana\u202e", "\x00"))})
    app = new_app(store)
    assert "Ana and CPU 1" in app.boot()["saved"]["text"]
    vm = app.send({"type": "continue_saved"})
    assert vm["screen"] == "board" and vm["announce"].count(
        "Control or invisible characters were taken out of the names Ana and CPU 1.") == 1


FIELDS = [("rules.preset", lambda d, v: d["rules"].__setitem__("preset", v)),
          ("rules.double_rule", lambda d, v: d["rules"].__setitem__("double_rule", v)),
          ("players[1].kind", lambda d, v: d["players"][1].__setitem__("kind", v)),
          ("rounds[0].hands[0][0]", lambda d, v: d["rounds"][0]["hands"][0].__setitem__(0, v)),
          ("rounds[0].actions[0]", lambda d, v: d["rounds"][0]["actions"].__setitem__(0, v)),
          ("format", lambda d, v: d.__setitem__("format", v)),
          ("rules (a key)", lambda d, v: d["rules"].__setitem__(v, 1))]


@pytest.mark.parametrize("field, put", FIELDS, ids=[f for f, _ in FIELDS])
def test_every_hostile_value_in_another_text_field_of_a_match_file_is_refused_naming_that_field(field, put):
    for value in HOSTILE:
        data = _file("Ana", "Bot")
        put(data, value)
        with pytest.raises(MatchFileError) as refused:
            matchfile.loads(json.dumps(data))
        where = refused.value.field or ""
        assert where.startswith(field.split(" ")[0].split("[")[0].split(".")[0]), (field, value[:40], where, refused.value)
        assert len(str(refused.value)) < 300, (field, value[:40], str(refused.value)[:300])


def test_hostile_keys_where_the_format_welcomes_extra_fields_are_ignored():
    data = _file("Ana", "Bot")
    for key in HOSTILE:
        data[key] = {key: [key]}
        data["players"][0][key] = key
        data["rounds"][0][key] = key
    match = matchfile.loads(json.dumps(data))
    assert [p.name for p in match.players] == ["Ana", "Bot"]
