"""Saves in the browser, with a fake storage: every point of a match survives, no bad save crashes or is lost."""

import json

import pytest

from mexican_train import MexicanTrainError, matchfile
from mexican_train.ui.controller import handle, start
from mexican_train.ui.storage import MATCH_KEY, PREFIX, UNREADABLE_PREFIX, DictStorage, export_text, import_text, load, stamp
from mexican_train.ui.viewmodel import view_model
from tests.helpers import save


def cpu_match(**options):
    settings = {"set": 6, "seats": 3, "seed": 8, "rounds": "short", "cpu_speed": "instant",
                "players": [{"name": "A", "kind": "random"}, {"name": "B", "kind": "random"},
                            {"name": "C", "kind": "random"}]}
    settings.update(options)
    return start(settings)


def every_position(session):
    """The session after each event of a whole CPU match, closing round-end screens as they come."""
    yield session
    while view_model(session)["screen"] != "match_end":
        vm = view_model(session)
        if vm["screen"] == "round_end":
            session = handle(session, {"type": "command", "name": vm["round_end"]["button"]["id"]})
        else:
            session = handle(session, {"type": "cpu"})
        yield session


def test_a_save_at_every_point_of_a_seeded_match_restores_the_same_position():
    storage = DictStorage()
    count = 0
    for session in every_position(cpu_match()):
        assert save(storage, session, "tab-1", count) is None
        restored, problem, _ = load(storage)
        assert problem is None
        assert restored.match == session.match
        assert view_model(restored)["screen"] == view_model(session)["screen"]
        assert restored.rounds_seen == session.rounds_seen and restored.cpu_speed == session.cpu_speed
        count += 1
    assert count > 50


def test_a_save_keeps_the_pause_and_a_turn_half_done():
    session = cpu_match()
    while session.match.round.phase != "double" and session.match.round.drawn is None:
        session = handle(session, {"type": "cpu"})
    session = handle(session, {"type": "command", "name": "pause"})
    storage = DictStorage()
    save(storage, session, "t", 1)
    restored = load(storage).session
    assert restored.paused and restored.match.round.phase == session.match.round.phase
    assert restored.match.legal_actions() == session.match.legal_actions()


def test_keys_are_prefixed_so_other_games_on_the_origin_are_untouched():
    storage = DictStorage({"other-game:save": "x"})
    save(storage, cpu_match(), "t", 1)
    assert set(storage.items) == {"other-game:save", MATCH_KEY} and MATCH_KEY.startswith(PREFIX)


def test_no_save_means_a_fresh_start():
    assert load(DictStorage()) == (None, None, False)


@pytest.mark.parametrize("text, reason", [
    ("{not json", "not valid JSON"),
    ('{"save_version": 9, "match": {}}', "newer version"),
    ('"hello"', "not a saved match"),
    ('{"save_version": 2, "match": {"format": "mexican-train", "version": 1}}', "rules is missing"),
])
def test_a_save_that_cannot_be_read_is_explained_and_kept_aside(text, reason):
    storage = DictStorage({MATCH_KEY: text})
    session, problem, _ = load(storage)
    assert session is None and reason in problem and "kept aside" in problem
    assert storage.items[UNREADABLE_PREFIX + "1"] == text and MATCH_KEY not in storage.items


def test_a_save_whose_actions_do_not_check_out_is_kept_aside():
    storage = DictStorage()
    session = cpu_match()
    for _ in range(5):
        session = handle(session, {"type": "cpu"})
    save(storage, session, "t", 1)
    data = json.loads(storage.items[MATCH_KEY])
    data["match"]["rounds"][0]["actions"][2] = "stop"
    storage.items[MATCH_KEY] = json.dumps(data)
    restored, problem, _ = load(storage)
    assert restored is None and "round 1, action 3: stop is not legal" in problem
    assert json.loads(storage.items[UNREADABLE_PREFIX + "1"]) == data


def test_several_unreadable_saves_are_all_kept():
    storage = DictStorage({MATCH_KEY: "broken 1"})
    load(storage)
    storage.items[MATCH_KEY] = "broken 2"
    load(storage)
    assert storage.items[UNREADABLE_PREFIX + "1"] == "broken 1" and storage.items[UNREADABLE_PREFIX + "2"] == "broken 2"


def test_a_full_storage_reports_the_problem_and_the_game_goes_on():
    storage = DictStorage(quota=100)
    problem = save(storage, cpu_match(), "t", 1)
    assert "storage for this site is full" in problem


def test_a_forbidden_storage_reports_the_problem_on_load_and_save():
    class Forbidden:
        def get_item(self, *_key_and_value):
            raise PermissionError("SecurityError: access to storage is denied")

        set_item = remove_item = get_item

    session, problem, _ = load(Forbidden())
    assert session is None and "access denied" in problem
    assert "kept aside" not in problem and "cannot be saved" in problem   # nothing was there to keep aside
    assert "access denied" in save(Forbidden(), cpu_match(), "t", 1)


def test_an_older_save_version_the_bare_match_file_is_migrated():
    session = cpu_match()
    for _ in range(7):
        session = handle(session, {"type": "cpu"})
    storage = DictStorage({MATCH_KEY: matchfile.dumps(session.match)})
    restored, problem, _ = load(storage)
    assert problem is None and restored.match == session.match


def test_a_stamp_tells_a_tab_that_another_tab_saved_since():
    storage = DictStorage()
    save(storage, cpu_match(), "tab-1", 10)
    mine = stamp(storage)
    assert mine == ("tab-1", 10)
    save(storage, cpu_match(), "tab-2", 11)
    assert stamp(storage) != mine


def test_export_then_import_moves_a_match_between_devices():
    session = cpu_match()
    for _ in range(9):
        session = handle(session, {"type": "cpu"})
    assert import_text(export_text(session)).match == session.match


def test_importing_the_file_of_a_finished_match_shows_its_last_round_then_the_results():
    session = cpu_match(rounds="one")
    while not session.match.over:
        session = handle(session, {"type": "cpu"})
    imported = import_text(export_text(session))   # a bare match file: no screens closed yet
    vm = view_model(imported)
    assert vm["screen"] == "round_end" and vm["round_end"]["button"]["id"] == "final_results"
    assert view_model(handle(imported, {"type": "command", "name": "final_results"}))["screen"] == "match_end"


def test_importing_a_bad_file_says_why():
    with pytest.raises(MexicanTrainError, match="not valid JSON"):
        import_text("<html>")
    with pytest.raises(MexicanTrainError, match="not a saved match"):
        import_text("[1, 2]")
