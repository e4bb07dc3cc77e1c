"""The page is built from its sources: a template, the style, the preferences script, the catalogue and
the Python registries (scripts/build_page.py). Nothing is edited by hand after a change."""

from __future__ import annotations

import json
import os
import re

from mexican_train.players import LEVELS
from mexican_train.rules import Rules
from mexican_train.ui.controller import SPEEDS
from scripts import build_page, csp

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def page_data(page: str) -> dict:
    return json.loads(re.search(r'<script type="application/json" id="mt-data">(.*?)</script>', page, re.S).group(1))


def test_every_page_carries_its_style_and_preferences_script_inline_and_a_policy_that_allows_exactly_them():
    for lang in build_page.languages():
        page = build_page.render(lang)
        assert f'<html lang="{lang}">' in page
        with open(build_page.CSS, encoding="utf-8") as f:
            assert f.read() in page
        with open(build_page.PREFS, encoding="utf-8") as f:
            assert f.read() in page
        assert csp.with_current_hashes(page) == page
        assert not re.search(r'<link[^>]+rel="stylesheet"', page)


def test_an_edited_style_gets_its_new_hash_from_the_build_with_no_step_by_hand(tmp_path, monkeypatch):
    with open(build_page.CSS, encoding="utf-8") as f:
        css = f.read()
    edited = tmp_path / "app.css"
    edited.write_text(css.replace("[hidden] { display: none !important; }", "[hidden] { display: none  !important; }"))
    before = build_page.render("en")
    monkeypatch.setattr(build_page, "CSS", str(edited))
    after = build_page.render("en")
    assert csp.META.search(before).group(1) != csp.META.search(after).group(1)
    assert csp.with_current_hashes(after) == after


def test_the_setup_form_offers_every_level_rule_option_and_speed_the_python_registries_declare():
    page = build_page.render("en")
    for level in LEVELS:
        assert (f'<option value="{level.name}">' in page) == level.offered, level.name
    for name, option in Rules.options():
        if option.rule:
            assert f'id="{name}"' in page and f'name="{name}"' in page, name
            for value, _ in option.choices:
                assert f'<option value="{value}"' in page, (name, value)
    for select in ("cpu_speed", "menu-speed"):   # the setup screen and the menu
        choices = re.search(rf'<select id="{select}"[^>]*>(.*?)</select>', page, re.S).group(1)
        assert re.findall(r'<option value="(\w+)"', choices) == [speed.name for speed in SPEEDS]
    registry = page_data(page)["registry"]
    assert [o["name"] for o in registry["options"]] == [n for n, o in Rules.options() if o.rule]
    assert registry["presets"]["classic"]["12"]["seats"] == [2, 10]
    assert registry["presets"]["standard"]["9"]["seats"] == [2, 4]
    assert registry["presets"]["classic"]["12"]["options"]["opening_chain"] is True
    assert registry["screens"] == {"setup": "setup", "board": "game", "round_end": "game", "match_end": "game"}


def test_the_display_preferences_and_the_language_picker_are_written_once_and_shown_twice():
    template = {}
    for path in build_page.sources():
        if path.startswith(build_page.TEMPLATES + os.sep):
            with open(path, encoding="utf-8") as f:
                template[os.path.relpath(path, build_page.TEMPLATES)] = f.read()
    for marker in ('data-pref="numerals">', "data-language>"):
        assert [n for n, text in template.items() if marker in text] == ["macros.html"], marker
        assert template["macros.html"].count(marker) == 1
        assert build_page.render("en").count(marker) == 2


def test_the_words_the_scripts_need_before_python_are_in_the_page_in_its_language():
    from mexican_train.ui import strings as S
    data = page_data(build_page.render("en"))
    assert data["text"] == dict(S.PAGE_TEXT)
    assert data["lang"] == "en" and ["en", "English", "index.html"] in data["languages"]


def test_the_page_says_the_size_of_the_snapshot_built_beside_it_and_a_new_snapshot_rebuilds_it():
    # Python's worker makes its memory from that size before the snapshot has arrived (static/js/pyodide-boot.js)
    data = page_data(build_page.render("en"))
    size = os.path.getsize(build_page.SNAPSHOT) if os.path.exists(build_page.SNAPSHOT) else None
    assert data["snapshotBytes"] == size
    assert build_page.SNAPSHOT in build_page.sources()


def test_the_page_has_exactly_the_dialogs_the_protocol_declares_and_carries_its_names_keys_and_limits():
    from mexican_train.ui import protocol
    page = build_page.render("en")
    assert sorted(re.findall(r'<dialog id="([\w-]+)"', page)) == sorted(d.id for d in protocol.DIALOGS)
    assert page_data(page)["registry"]["protocol"] == protocol.page_data()


def test_an_edit_anywhere_in_the_package_rebuilds_the_pages():
    package = os.path.join(ROOT, "py", "mexican_train")
    sources = build_page.sources()
    for name in ("tiles.py", "ui/protocol.py", "ui/strings.py", "players/__init__.py"):
        assert os.path.join(package, *name.split("/")) in sources, name


def test_every_form_field_of_a_page_is_held_in_a_template_until_the_parse_is_over():
    # characters Python splits lines at and the HTML parser does not, before a field
    page = build_page.hold_fields('<p>\u2028\x0c</p><p><label>Name <input type="text" id="a"></label></p>\n'
                                  '<select id="b">\n  <option>1</option>\n</select>'
                                  '<template id="row"><input id="c"></template>'
                                  '<script>const html = "<input id=d>";</script><!-- <textarea></textarea> -->'
                                  '<textarea id="e">x</textarea>')
    assert page == ('<p>\u2028\x0c</p>'
                    '<p><label>Name <template data-field><input type="text" id="a"></template></label></p>\n'
                    '<template data-field><select id="b">\n  <option>1</option>\n</select></template>'
                    '<template id="row"><input id="c"></template>'
                    '<script>const html = "<input id=d>";</script><!-- <textarea></textarea> -->'
                    '<template data-field><textarea id="e">x</textarea></template>')
    for friend in (False, True):
        built = build_page.render("en", friend)
        body = re.sub(r"<template\b.*?</template>|<script\b.*?</script>|<!--.*?-->", "", built, flags=re.S)
        assert not re.search(r"<(input|select|textarea)\b", body)
        assert built.count("<template data-field>") >= (1 if friend else 30)
