"""The page's Python (``dispatch.Page``) without a browser: one Session, saved after every change, never over another tab's save."""

import json
import os
import sys



from mexican_train.ui import storage
from mexican_train.ui.storage import MATCH_KEY, DictStorage
from tests.browser_side import new_tab as new_app
from tests.helpers import command, first_play

SETTINGS = {"set": 6, "seats": 2, "rounds": "one", "seed": 4, "cpu_speed": "instant",
            "players": [{"name": "Ana", "kind": "human"}, {"name": "Bot", "kind": "random"}]}


def test_no_save_at_boot_then_a_new_match_is_saved_at_once():
    app = new_app()
    assert app.boot() == {"saved": None, "message": None, "stuck": False, "behind": None}
    vm = app.send({"type": "new_match", "settings": SETTINGS})
    assert vm["screen"] == "board" and vm["notice"] is None
    record = json.loads(app.store.get_item(MATCH_KEY))
    assert record["tab"] == "tab-a" and record["match"]["players"][0]["name"] == "Ana"


def test_every_committed_action_is_saved_and_a_reload_continues_from_it():
    app = new_app()
    vm = app.send({"type": "new_match", "settings": SETTINGS})
    tile, train = first_play(vm)
    app.send({"type": "tile", "tile": tile})
    vm = app.send({"type": "train", "train": train})
    again = new_app(app.store, tab="tab-b")
    offered = again.boot()["saved"]
    assert offered["text"].startswith("Ana and Bot: Round 1 of 1")
    restored = again.send({"type": "continue_saved"})
    assert restored["step"] == vm["step"] and "Saved match restored." in restored["announce"]


def test_bad_settings_keep_the_match_in_play_and_say_why():
    app = new_app()
    app.send({"type": "new_match", "settings": SETTINGS})
    playing = app.session
    vm = app.send({"type": "new_match", "settings": {**SETTINGS, "hand_size": 40}})
    assert vm["screen"] == "setup" and "cannot start a match" in vm["error"]
    assert app.session is playing
    assert app.send({"type": "refresh"})["screen"] == "board"


def test_a_save_written_by_another_tab_is_never_overwritten():
    store = DictStorage()
    mine = new_app(store, "tab-a")
    mine.boot()
    vm = mine.send({"type": "new_match", "settings": SETTINGS})
    theirs = new_app(store, "tab-b")
    theirs.boot()
    theirs.send({"type": "continue_saved"})
    theirs.send({"type": "command", "name": "pause"})
    written = store.get_item(MATCH_KEY)
    tile, train = first_play(vm)
    mine.send({"type": "tile", "tile": tile})
    vm = mine.send({"type": "train", "train": train})
    assert store.get_item(MATCH_KEY) == written
    assert "another tab" in vm["notice"]
    # starting a new match here is a deliberate choice: it takes the save over
    mine.send({"type": "new_match", "settings": SETTINGS})
    assert json.loads(store.get_item(MATCH_KEY))["tab"] == "tab-a" and mine.keeper.notice is None


def test_an_unreadable_save_is_reported_and_kept_aside():
    store = DictStorage({MATCH_KEY: "{not json"})
    info = new_app(store).boot()
    assert info["saved"] is None and "could not be read" in info["message"]
    assert store.get_item(storage.UNREADABLE_PREFIX + "1") == "{not json"


def test_a_full_storage_says_so_and_play_goes_on():
    app = new_app(DictStorage(quota=100))
    vm = app.send({"type": "new_match", "settings": SETTINGS})
    assert vm["screen"] == "board" and "could not be saved" in vm["notice"]


def test_export_then_import_gives_the_same_position():
    app = new_app()
    app.send({"type": "new_match", "settings": SETTINGS})
    text = app.export_match()
    other = new_app()
    vm = other.send({"type": "import", "text": text})
    assert vm["screen"] == "board" and vm["round"]["text"] == "Round 1 of 1"
    bad = other.send({"type": "import", "text": "nonsense"})
    assert "not a match we can open" in bad["error"] and bad["screen"] == "board"


def test_a_bug_in_an_event_leaves_the_match_as_it_was(capsys, monkeypatch):
    from mexican_train.ui import controller
    app = new_app()
    app.send({"type": "new_match", "settings": SETTINGS})
    before = app.session

    def broken(session, event):
        raise KeyError("a bug")
    monkeypatch.setattr(controller, "apply", broken)
    vm = app.send({"type": "command", "name": "draw"})
    assert app.session.match is before.match and "Something went wrong" in (vm["error"] or "")
    assert "Traceback" in capsys.readouterr().err


def test_another_tab_saving_is_noticed_at_once_and_this_tab_stops_saving():
    store = DictStorage()
    mine = new_app(store, "tab-a")
    mine.boot()
    vm = mine.send({"type": "new_match", "settings": SETTINGS})
    assert vm["blocked"] is False
    # a storage event for a save this tab wrote itself (or none at all) changes nothing
    assert mine.send({"type": "save_changed"})["notice"] is None
    theirs = new_app(store, "tab-b")
    theirs.boot()
    theirs.send({"type": "continue_saved"})      # the other tab takes the match over: it writes the save
    written = store.get_item(MATCH_KEY)
    vm = mine.send({"type": "save_changed"})     # the storage event in this tab
    assert vm["blocked"] is True and "another tab" in vm["notice"] and vm["screen"] == "board"
    assert vm["announce"] == []
    tile, train = first_play(vm)
    mine.send({"type": "tile", "tile": tile})
    mine.send({"type": "train", "train": train})
    assert store.get_item(MATCH_KEY) == written      # nothing overwritten


def test_continue_here_carries_on_from_the_latest_save_and_owns_it_again():
    store = DictStorage()
    mine, theirs = new_app(store, "tab-a"), new_app(store, "tab-b")
    mine.boot()
    vm = mine.send({"type": "new_match", "settings": SETTINGS})
    theirs.boot()
    played = theirs.send({"type": "continue_saved"})
    tile, train = first_play(played)
    theirs.send({"type": "tile", "tile": tile})
    played = theirs.send({"type": "train", "train": train})
    mine.send({"type": "save_changed"})
    vm = mine.send({"type": "take_over"})
    assert vm["blocked"] is False and vm["notice"] is None and vm["step"] == played["step"]
    assert json.loads(store.get_item(MATCH_KEY))["tab"] == "tab-a"
    # and now the other tab is the one that notices
    assert theirs.send({"type": "save_changed"})["blocked"] is True


def test_continue_here_with_the_save_gone_keeps_this_tabs_match():
    store = DictStorage()
    mine = new_app(store, "tab-a")
    mine.boot()
    vm = mine.send({"type": "new_match", "settings": SETTINGS})
    store.items[MATCH_KEY] = json.dumps({**json.loads(store.items[MATCH_KEY]), "tab": "tab-b"})
    mine.send({"type": "save_changed"})
    store.remove_item(MATCH_KEY)
    after = mine.send({"type": "take_over"})
    assert after["blocked"] is False and after["step"] == vm["step"]
    assert json.loads(store.get_item(MATCH_KEY))["tab"] == "tab-a"
    assert new_app(DictStorage()).send({"type": "take_over"})["screen"] == "setup"


def test_a_forbidden_storage_says_so_in_plain_words_and_play_goes_on():
    class Forbidden:
        def get_item(self, key):
            raise PermissionError("SecurityError: access to storage is denied for this document")

        set_item = remove_item = get_item

    app = new_app(Forbidden())
    info = app.boot()
    assert info["saved"] is None and "does not let the game use its storage" in info["message"]
    assert "kept aside" not in info["message"]
    vm = app.send({"type": "new_match", "settings": SETTINGS})
    assert vm["screen"] == "board" and "could not be saved" in vm["notice"]
    assert app.send({"type": "save_changed"})["screen"] == "board"


# -- thinking in slices ----------------------------------------------------------------------------

STRONG = dict(SETTINGS, set=9, seed=11, players=[{"name": "Ana", "kind": "human"}, {"name": "Max", "kind": "strong"}])


def think_to_the_end(app, event):
    """Send ``event``, then ``think`` while the answer says a job is unfinished; the answers in order."""
    answers = [app.send(event)]
    while answers[-1].get("thinking"):
        answers.append(app.send({"type": "think"}))
    return answers


def test_a_cpu_thinks_in_slices_and_plays_what_it_would_play_in_one_call():
    from mexican_train.ui import controller
    sliced, whole = new_app(slice_ms=0.0), new_app()  # one step of work per call
    for app in (sliced, whole):
        app.send({"type": "new_match", "settings": dict(STRONG, players=[{"name": "Ana", "kind": "strong"},
                                                                               {"name": "Max", "kind": "strong"}])})
    slices = 0
    for _ in range(6):
        answers = think_to_the_end(sliced, {"type": "cpu"})
        slices = max(slices, len(answers))
        assert all(a == {"same": True, "thinking": "cpu"} for a in answers[:-1])  # nothing redrawn meanwhile
        assert answers[-1]["thinking"] is None
        whole.page.apps.main.session = controller.cpu_step(whole.session)
        assert sliced.session.match == whole.session.match
    assert slices > 5  # Strong's decisions really came in many slices


def test_input_while_a_cpu_thinks_is_handled_between_slices_and_the_cpu_then_goes_on():
    app = new_app(slice_ms=0.0)
    app.send({"type": "new_match", "settings": dict(STRONG, players=[{"name": "Ana", "kind": "strong"},
                                                                           {"name": "Max", "kind": "strong"}])})
    before = app.session.match
    assert app.send({"type": "cpu"}) == {"same": True, "thinking": "cpu"}
    paused = app.send({"type": "command", "name": "pause"})     # handled at once, between two slices
    assert paused["paused"] and paused["thinking"] is None            # a paused CPU does not think on
    assert app.send({"type": "think"})["thinking"] is None and app.session.match is before
    app.send({"type": "command", "name": "resume"})
    answers = think_to_the_end(app, {"type": "cpu"})                  # the same job goes on where it stopped
    assert app.session.match is not before and answers[-1]["thinking"] is None


def test_the_hint_is_worked_out_in_slices_too():
    app = new_app(slice_ms=0.0)
    vm = app.send({"type": "new_match", "settings": STRONG})
    while app.session.match.seat != 0:
        vm = think_to_the_end(app, {"type": "cpu"})[-1]
    answers = think_to_the_end(app, {"type": "command", "name": "hint"})
    assert answers[-1]["hint"] is not None and any(line.startswith("Hint") for line in answers[-1]["announce"])


def test_the_warm_up_ends_after_a_few_computer_moves_made_in_short_steps():
    from mexican_train.ui import dispatch
    steps = 0
    for _ in dispatch.warm_up_steps():
        steps += 1
        assert steps < 100_000, "the warm-up never ends"
    assert steps > dispatch.WARM_UP_MOVES * 2          # Strong's thinking yields between its units of work


def test_one_event_works_out_the_facts_of_each_state_of_the_session_once(monkeypatch):
    """Followed from the page's call through the match, the controller and the view model, an event has the
    facts of each state of the Session (``controller.Facts``: the screen, whose turn, what to reveal) worked
    out once, whatever asks for them; the view model takes them and asks for none."""
    from mexican_train.ui import controller, viewmodel
    real = controller._facts
    worked = []

    def counted(session):
        worked.append((id(session.match), controller._fact_key(session)))
        return real(session)

    def asked(*_args):
        raise AssertionError("the view model asked for the facts")

    real_screen = controller.screen
    screens = []

    def screen(session):   # which screen is up is a fact too: asked for only while the facts are worked out
        screens.append(id(session.match))
        return real_screen(session)

    app = new_app()
    vm = app.send({"type": "new_match", "settings": SETTINGS})
    monkeypatch.setattr(controller, "_facts", counted)
    monkeypatch.setattr(viewmodel, "facts_of", asked)
    monkeypatch.setattr(controller, "screen", screen)
    tile, target = first_play(vm)
    per_event = {}
    for event in ({"type": "tile", "tile": tile}, {"type": "train", "train": target}, {"type": "cpu"},
                  {"type": "think"}, command("pause"), command("hint"), command("resume")):
        worked.clear()
        screens.clear()
        app.send(event)
        assert len(worked) == len(set(worked)), (event, worked)
        assert len(screens) == len(worked), (event, screens)
        per_event[event.get("name") or event["type"]] = len(worked)
    assert max(per_event.values()) <= 1, per_event
    assert per_event["tile"] == 0 and per_event["train"] == 1   # a tile picked changes no fact; a play does
