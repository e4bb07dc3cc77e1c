"""Saves in the page (``dispatch.Page``, on CPython with a dict storage): an unreadable save is never destroyed
without the player's yes, and while saves fail the game says how far behind the save is."""

import json


from mexican_train.ui import storage
from mexican_train.ui.storage import BEHIND_KEY, MATCH_KEY, UNREADABLE_PREFIX, DictStorage
from tests.browser_side import new_tab as new_app

SETTINGS = {"set": 6, "seats": 2, "rounds": "one", "seed": 4, "cpu_speed": "instant",
            "players": [{"name": "Ana", "kind": "random"}, {"name": "Bot", "kind": "random"}]}


class Switch(DictStorage):
    """A dict storage whose writes can be made to fail (the storage fills up, or is taken away)."""

    def __init__(self, items=None):
        super().__init__(items)
        self.full = False

    def set_item(self, key, value):
        if self.full:
            raise OSError("QuotaExceededError: the quota has been exceeded")
        super().set_item(key, value)


def cpu_steps(app, n):
    vm = None
    for _ in range(n):
        vm = app.send({"type": "cpu"})
    return vm


def test_an_unreadable_save_that_cannot_be_copied_aside_stays_and_the_message_says_so():
    store = Switch({MATCH_KEY: "x" * 5000})
    store.full = True
    info = new_app(store).boot()
    assert info["saved"] is None and info["stuck"] is True
    assert "could not be read" in info["message"] and "stays where it is" in info["message"]
    assert "kept aside" not in info["message"]
    assert store.items[MATCH_KEY] == "x" * 5000 and not any(k.startswith(UNREADABLE_PREFIX) for k in store.items)


def test_a_new_match_never_overwrites_an_unreadable_save_without_a_yes():
    store = Switch({MATCH_KEY: "{broken"})
    store.full = True
    app = new_app(store)
    app.boot()
    store.full = False   # room again, but only for what the player agrees to; keep-aside is refused below
    store.quota = len(MATCH_KEY) + len("{broken") + 1   # nothing else fits: the copy aside fails
    vm = app.send({"type": "new_match", "settings": SETTINGS})
    assert vm["screen"] == "board", "the match starts; only its save waits"
    assert vm["held"] and "cannot be read" in vm["held"]["text"] and "Download it" in vm["held"]["text"]
    assert vm["unsaved"] == 0 and store.items[MATCH_KEY] == "{broken"
    vm = cpu_steps(app, 3)
    assert vm["unsaved"] == 3 and "Not saved for the last 3 moves" in vm["notice"]
    assert store.items[MATCH_KEY] == "{broken"
    # a yes for another text (the save changed since the question) replaces nothing
    app.send({"type": "replace_unreadable", "hash": "0" * 16})
    assert store.items[MATCH_KEY] == "{broken"
    store.quota = None
    vm = app.send({"type": "replace_unreadable", "hash": vm["held"]["hash"]})
    assert vm["held"] is None and vm["unsaved"] is None and vm["notice"] is None
    assert json.loads(store.items[MATCH_KEY])["match"]["players"][0]["name"] == "Ana"


def test_an_unreadable_save_written_during_play_is_kept_aside_and_the_match_saved_again():
    store = DictStorage()
    app = new_app(store)
    app.boot()
    app.send({"type": "new_match", "settings": SETTINGS})
    store.items[MATCH_KEY] = "[" * 100_000            # another tab (or anything) writes this
    vm = app.send({"type": "save_changed"})       # the storage event
    assert store.items[UNREADABLE_PREFIX + "1"] == "[" * 100_000
    assert "kept aside" in vm["notice"] and not vm["blocked"] and vm["held"] is None
    assert storage.load(store).session.match == app.session.match


def test_an_unreadable_save_written_during_play_in_a_full_storage_is_held_until_it_can_be_kept_aside():
    store = Switch()
    app = new_app(store)
    app.boot()
    app.send({"type": "new_match", "settings": SETTINGS})
    cpu_steps(app, 2)
    store.items[MATCH_KEY] = "garbage"
    store.full = True
    vm = app.send({"type": "save_changed"})
    assert vm["held"] and store.items[MATCH_KEY] == "garbage"
    vm = cpu_steps(app, 2)
    assert vm["held"] and vm["unsaved"] == 2 and store.items[MATCH_KEY] == "garbage"
    store.full = False                                 # room again: the next save copies it aside first
    vm = cpu_steps(app, 1)
    assert vm["held"] is None and vm["unsaved"] is None and "kept aside" in vm["notice"]
    assert store.items[UNREADABLE_PREFIX + "1"] == "garbage"
    assert storage.load(store).session.match == app.session.match


def test_continue_with_an_unreadable_save_keeps_it_and_says_why():
    store = DictStorage({MATCH_KEY: '{"save_version": 2, "match": {"format": "mexican-train", "version": true}}'})
    app = new_app(store)
    info = app.boot()
    assert "version must be a whole number, not true" in info["message"] and "kept aside" in info["message"]
    vm = app.send({"type": "continue_saved"})
    assert vm["screen"] == "setup" and UNREADABLE_PREFIX + "1" in store.items


def test_while_saves_fail_the_page_counts_the_moves_not_saved_and_offers_export():
    store = Switch()
    app = new_app(store)
    app.boot()
    vm = app.send({"type": "new_match", "settings": SETTINGS})
    assert vm["unsaved"] is None
    cpu_steps(app, 4)
    saved = store.items[MATCH_KEY]
    store.full = True
    vm = cpu_steps(app, 1)
    assert vm["unsaved"] == 1 and "Not saved in this browser for the last 1 move (" in vm["notice"]
    assert "storage for this site is full" in vm["notice"]
    vm = cpu_steps(app, 5)
    assert vm["unsaved"] == 6 and "last 6 moves" in vm["notice"] and app.export_match()
    assert store.items[MATCH_KEY] == saved
    store.full = False
    vm = cpu_steps(app, 1)
    assert vm["unsaved"] is None and vm["notice"] is None
    assert storage.load(store).session.match == app.session.match


def test_a_new_match_that_cannot_be_saved_at_all_says_so_at_once():
    store = Switch()
    store.full = True
    vm = new_app(store).send({"type": "new_match", "settings": SETTINGS})
    assert vm["unsaved"] == 0 and "could not be saved" in vm["notice"] and "full" in vm["notice"]


def test_a_reload_after_saves_failed_says_how_far_behind_the_save_is():
    store, memo = Switch(), DictStorage()
    app = new_app(store, memo=memo)
    app.boot()
    app.send({"type": "new_match", "settings": SETTINGS})
    cpu_steps(app, 3)
    store.full = True
    cpu_steps(app, 14)
    again = new_app(store, tab="tab-b", memo=memo)          # the reload: the same tab's sessionStorage
    info = again.boot()
    assert info["saved"] is not None
    assert "The saved match is 14 moves behind where you left it" in info["behind"]
    assert "full" in info["behind"]
    # once a save goes through, the note goes
    store.full = False
    again.send({"type": "continue_saved"})
    assert BEHIND_KEY not in memo.items and new_app(store, memo=memo).boot()["behind"] is None


def test_a_reload_says_when_the_match_played_here_was_never_saved_and_the_save_is_an_older_one():
    store, memo = Switch(), DictStorage()
    first = new_app(store, memo=memo)
    first.boot()
    first.send({"type": "new_match", "settings": SETTINGS})
    store.full = True
    app = new_app(store, memo=memo)
    app.boot()
    app.send({"type": "new_match", "settings": {**SETTINGS, "seed": 9}})
    cpu_steps(app, 5)
    info = new_app(store, memo=memo).boot()
    assert "could not be saved" in info["behind"] and "last 5 moves" in info["behind"]
    assert "older one" in info["behind"]


def test_a_note_about_another_save_says_nothing():
    store, memo = Switch(), DictStorage()
    app = new_app(store, memo=memo)
    app.boot()
    app.send({"type": "new_match", "settings": SETTINGS})
    store.full = True
    cpu_steps(app, 2)
    store.full = False
    other = new_app(store, tab="tab-b")                # another tab saves a match meanwhile
    other.boot()
    other.send({"type": "new_match", "settings": SETTINGS})
    assert new_app(store, memo=memo).boot()["behind"] is None


def test_a_broken_app_part_of_a_save_never_loses_its_match():
    store = DictStorage()
    app = new_app(store)
    app.send({"type": "new_match", "settings": SETTINGS})
    record = json.loads(store.items[MATCH_KEY])
    record["app"] = {"cpu_speed": ["not", "hashable"], "rounds_seen": "x", "paused": {"a": 1}}
    store.items[MATCH_KEY] = json.dumps(record)
    loaded = storage.load(store)
    assert loaded.message is None and loaded.session.match == app.session.match


def test_keep_aside_never_removes_a_save_whose_copy_does_not_read_back():
    class Lossy(DictStorage):
        def set_item(self, key, value):
            super().set_item(key, value[:-1] if key.startswith(UNREADABLE_PREFIX) else value)

    store = Lossy({MATCH_KEY: "not json"})
    loaded = storage.load(store)
    assert loaded.stuck and store.items[MATCH_KEY] == "not json"
    assert "something else than was copied" in loaded.message


def test_the_question_goes_when_the_unreadable_save_goes_by_itself():
    store = Switch({MATCH_KEY: "{broken"})
    store.quota = len(MATCH_KEY) + len("{broken") + 1
    app = new_app(store)
    app.boot()
    vm = app.send({"type": "new_match", "settings": SETTINGS})
    assert vm["held"]
    del store.items[MATCH_KEY]                        # another tab kept it aside, say
    store.quota = None
    vm = app.send({"type": "cpu"})
    assert vm["held"] is None and vm["unsaved"] is None
