"""Four hostile cases, as they were found: an unreadable save in a full storage, 100,000 levels of nesting,
fields of the wrong type, and a reload after saves failed. The page's side runs on CPython (``dispatch.Page``
with a dict storage); e2e/test_hostile_files.py opens the same files in the browser."""

import json

import pytest

from mexican_train import MatchFileError, matchfile
from mexican_train.ui import storage
from mexican_train.ui.storage import MATCH_KEY, UNREADABLE_PREFIX, DictStorage
from tests.browser_side import new_tab as new_app
from tests.helpers import run_cli as run

SETTINGS = {"set": 6, "seats": 2, "rounds": "short", "seed": 4, "cpu_speed": "instant",
            "players": [{"name": "Ana", "kind": "random"}, {"name": "Bot", "kind": "random"}]}
DEEP = "[" * 100_000


@pytest.fixture
def match_text():
    app = new_app(DictStorage())
    app.send({"type": "new_match", "settings": SETTINGS})
    for _ in range(6):
        app.send({"type": "cpu"})
    return app.export_match()


def test_case_1_a_4_mb_save_that_is_not_json_in_a_full_storage_is_kept_in_place_and_never_overwritten_silently():
    garbage = "not json " * (4 * 1024 * 1024 // 9)
    store = DictStorage({MATCH_KEY: garbage}, quota=len(MATCH_KEY) + len(garbage) + 100)
    app = new_app(store)
    info = app.boot()
    assert info["saved"] is None and info["stuck"] is True
    assert "could not be read" in info["message"] and "stays where it is" in info["message"]
    assert "full" in info["message"] and "kept aside, so nothing is lost" not in info["message"]
    assert store.items == {MATCH_KEY: garbage}, "nothing was written, nothing removed"
    vm = app.send({"type": "new_match", "settings": SETTINGS})   # New match: asks first
    assert vm["screen"] == "board" and vm["held"] is not None and store.items == {MATCH_KEY: garbage}
    assert "Download it first" in vm["held"]["text"]
    for _ in range(3):
        vm = app.send({"type": "cpu"})
    assert store.items == {MATCH_KEY: garbage} and vm["unsaved"] == 3
    vm = app.send({"type": "replace_unreadable", "hash": vm["held"]["hash"]})   # the player's yes
    assert storage.load(store).session.match == app.session.match and vm["unsaved"] is None


def test_case_2_a_hundred_thousand_levels_of_nesting_are_refused_in_the_page_as_the_save_and_on_the_command_line(
        capsys, monkeypatch, tmp_path, match_text):
    # through the page's import, twice: Python answers each time, the match in play and its save untouched
    store = DictStorage()
    app = new_app(store)
    app.send({"type": "import", "text": match_text})
    saved = store.items[MATCH_KEY]
    for _ in range(2):
        vm = app.send({"type": "import", "text": DEEP})
        assert vm["error"] == ("That file is not a match we can open: the file has lists or objects nested more "
                               "than 64 levels deep, so it is not read")
        assert vm["screen"] == "board" and store.items[MATCH_KEY] == saved
    assert app.send({"type": "cpu"})["screen"] in ("board", "round_end")
    # as the save: explained and kept aside at start, so a reload does not loop and New match loses nothing
    store = DictStorage({MATCH_KEY: DEEP})
    info = new_app(store).boot()
    assert "nested more than 64 levels deep" in info["message"] and "kept aside" in info["message"]
    assert store.items == {UNREADABLE_PREFIX + "1": DEEP}
    assert new_app(store).boot()["message"] is None   # the next start is an ordinary one
    # on the command line: one line on stderr, status 1, for each command that reads a file
    path = tmp_path / "deep.json"
    path.write_text(DEEP)
    for argv in (["legal", str(path)], ["apply", str(path), "draw"], ["move", str(path)], ["review", str(path)],
                 ["legal", "-"]):
        code, out, err = run(capsys, *argv, stdin=DEEP if argv[-1] == "-" else None, monkeypatch=monkeypatch)
        assert (code, out) == (1, "")
        assert err == "error: the file has lists or objects nested more than 64 levels deep, so it is not read\n"


@pytest.mark.parametrize("change, message", [
    (lambda d: d["rounds"][0].__setitem__("scores", 5), "round 1: scores must be a list, not 5"),
    (lambda d: d["rounds"][0].__setitem__("scores", True), "round 1: scores must be a list, not true"),
    (lambda d: d["rounds"][0].__setitem__("scores", None), "round 1: scores must be a list, not null"),
    (lambda d: d.__setitem__("totals", 7), "totals must be a list, not 7"),
    (lambda d: d.__setitem__("totals", False), "totals must be a list, not false"),
    (lambda d: d.__setitem__("totals", [True, 0]), "totals[0] must be a whole number, not true"),
    (lambda d: d.__setitem__("version", True), "version must be a whole number, not true"),
    (lambda d: d["rules"].__setitem__("double_rule", None), "rules: double_rule must be text, not null"),
    (lambda d: d["rules"].__setitem__("seats", None), "rules: seats must be a whole number, not null"),
    (lambda d: d["rules"].__setitem__("opening_chain", 0), "rules: opening_chain must be true or false, not 0"),
    (lambda d: d["rules"].__setitem__("set", 6.0), "rules: set must be a whole number, not 6.0"),
    (lambda d: d.__setitem__("seed", 2**64), "seed must be a whole number from 0 to 18446744073709551615, not "),
    (lambda d: d.__setitem__("seed", -1), "seed must be a whole number from 0 to 18446744073709551615, not -1"),
])
def test_case_3_fields_of_the_wrong_type_are_refused_naming_the_field_by_the_page_and_the_command_line(
        capsys, monkeypatch, tmp_path, change, message):
    data = json.loads(_finished_round_file())
    change(data)
    text = json.dumps(data)
    with pytest.raises(MatchFileError) as refused:
        matchfile.loads(text)
    assert str(refused.value).startswith(message)
    path = tmp_path / "bad.json"
    path.write_text(text)
    code, out, err = run(capsys, "legal", str(path))
    assert (code, out, err) == (1, "", f"error: {refused.value}\n")
    vm = new_app(DictStorage()).send({"type": "import", "text": text})
    assert vm["error"] == f"That file is not a match we can open: {refused.value}"


def _finished_round_file():
    app = new_app(DictStorage())
    app.send({"type": "new_match", "settings": SETTINGS})
    while not any(r.result for r in app.session.match.rounds):
        app.send({"type": "cpu"})
    return app.export_match()


def test_case_4_a_reload_after_saves_failed_because_the_storage_was_full_says_how_far_behind_the_save_is():
    store, memo = DictStorage(), DictStorage()
    app = new_app(store, memo=memo)
    app.boot()
    app.send({"type": "new_match", "settings": SETTINGS})
    store.quota = sum(len(k) + len(v) for k, v in store.items.items())   # full from now on
    for _ in range(14):
        vm = app.send({"type": "cpu"})
    assert vm["unsaved"] == 14 and "last 14 moves" in vm["notice"]
    info = new_app(store, tab="tab-b", memo=memo).boot()          # the reload
    assert info["saved"] is not None
    assert info["behind"] == ("The saved match is 14 moves behind where you left it: they could not be saved "
                              "(the browser's storage for this site is full).")
