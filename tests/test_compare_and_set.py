"""The page writes an answer's saves as compare-and-set (Python works in a worker, the page's thread writes):
when another tab writes between an event and its answer, nothing is written over it, Python decides again
from the fresh texts, and nothing either tab saved is lost."""

from __future__ import annotations

import json

from mexican_train import Rules, new_match, stats
from mexican_train.cli import play_out
from mexican_train.match import Player
from mexican_train.ui import records, storage
from mexican_train.ui.storage import MATCH_KEY, DictStorage
from tests.browser_side import apply_writes, new_tab
from tests.helpers import first_play, next_event

SETTINGS = {"set": 6, "seats": 2, "rounds": "one", "seed": 4, "cpu_speed": "instant",
            "players": [{"name": "Ana", "kind": "human"}, {"name": "Bot", "kind": "random"}]}


def finished_elsewhere():
    """A one-round match a person finished against Easy in another tab."""
    match = new_match(Rules.make("standard", set=6, seats=2, rounds=1), 9, [Player("Ana", "random"),
                                                                            Player("Bot", "easy")])
    return play_out(match)._replace(players=(Player("Ana", "human"), Player("Bot", "easy")))


def test_a_move_answered_after_another_tab_took_the_match_over_writes_nothing_over_it():
    store = DictStorage()
    mine, theirs = new_tab(store, "tab-a"), new_tab(store, "tab-b")
    mine.boot()
    vm = mine.send({"type": "new_match", "settings": SETTINGS})
    theirs.boot()
    tile, train = first_play(vm)
    mine.send({"type": "tile", "tile": tile})
    taken = []

    def the_other_tab_continues_the_match():
        theirs.send({"type": "continue_saved"})   # it writes the save, now its own
        taken.append(store.get_item(MATCH_KEY))

    answer = mine.call({"type": "train", "train": train}, meanwhile=the_other_tab_continues_the_match)
    # the first answer's writes expected the old save: none was made, the page reported "changed", and
    # Python answered again from the fresh texts
    failed = [a for a in mine.answers if a["writes"]]
    assert any(json.loads(a["writes"][0]["expect"] or "{}").get("tab") == "tab-a" for a in failed)
    assert store.get_item(MATCH_KEY) == taken[0], "the other tab's save was written over"
    assert json.loads(taken[0])["tab"] == "tab-b"
    vm = answer["view"]
    assert vm["blocked"] is True and "another tab" in vm["notice"]
    assert vm["step"].split("/")[:2] == ["0", "1"], "the move played here left this tab's screen"


def test_a_mismatched_write_is_refused_whole_and_the_storage_is_left_as_it_was():
    store = DictStorage()
    store.set_item(MATCH_KEY, "theirs")
    writes = [{"area": "local", "op": "set", "key": records.STATS_KEY, "value": "{}", "expect": None},
              {"area": "local", "op": "set", "key": MATCH_KEY, "value": "mine", "expect": "old"}]
    assert apply_writes({"local": store, "session": DictStorage()}, writes) == {"at": 1, "reason": "changed",
                                                                                "error": ""}
    assert store.items == {MATCH_KEY: "theirs"}


def play_round(store, before_call=lambda n: None):
    """A person plays the first move offered against a computer until the round ends. ``before_call(n)`` runs
    before the n-th event and may return what another tab does between that event and its answer. Returns the
    tab, the last view and the number of the event whose answer recorded the round in the statistics."""
    tab = new_tab(store, "tab-a")
    tab.boot()
    vm = tab.send({"type": "new_match", "settings": SETTINGS})
    calls, recorded = 0, None
    while (event := next_event(vm)) is not None:
        before = len(tab.answers)
        answer = tab.call(event, meanwhile=before_call(calls))
        while answer["thinking"]:
            answer = tab.call({"type": "think"})
        vm = answer["view"] if answer["part"] == "game" else vm
        if recorded is None and any(w["key"] == records.STATS_KEY for a in tab.answers[before:] for w in a["writes"]):
            recorded = calls
        calls += 1
        assert calls < 500
    return tab, vm, recorded


RECORDING = play_round(DictStorage())[2]
"""The event whose answer ends the round and records it, in this deal."""


def test_a_round_recorded_while_another_tab_recorded_a_match_keeps_both_in_the_statistics():
    store = DictStorage()
    other = stats.record(stats.empty(), "other-tab-match", finished_elsewhere(), "2026-11-30")

    def the_other_tab_records_its_match():
        store.set_item(records.STATS_KEY, stats.dumps(other))

    play_round(store, lambda n: the_other_tab_records_its_match if n == RECORDING else None)
    record = stats.loads(store.get_item(records.STATS_KEY))
    ids = [m["id"] for m in record["matches"]]
    assert "other-tab-match" in ids and len(ids) == 2, ids


class Refusing(DictStorage):
    """localStorage once it is full: every write throws, as the browser's QuotaExceededError does."""

    full = False

    def set_item(self, key: str, value: str) -> None:
        if self.full:
            raise OSError("QuotaExceededError: the quota has been exceeded")
        super().set_item(key, value)


def test_the_move_that_ends_a_round_on_a_full_storage_is_said_to_be_unsaved():
    # The round's last move writes the save, then the statistics. With the storage full, the save fails, its
    # "not saved" note goes to the tab's own storage (which works), and the statistics fail too and cannot be
    # put back, so the note stays. Decided again, the save must still be the write that fails, not whatever
    # write comes at the statistics' place the second time.
    store = Refusing()
    store.set_item(records.STATS_KEY, stats.dumps(stats.record(stats.empty(), "earlier-match",
                                                               finished_elsewhere(), "2026-11-30")))

    def full_for_the_last_move(n):
        store.full = n == RECORDING

    tab, vm, _ = play_round(store, full_for_the_last_move)
    saved = storage.read_session(store.get_item(MATCH_KEY)).match
    behind = sum(len(r.actions) for r in tab.session.match.rounds) - sum(len(r.actions) for r in saved.rounds)
    assert vm["screen"] == "round_end" and behind == 1
    assert vm["unsaved"] == 1 and "Not saved" in (vm["notice"] or ""), (vm["unsaved"], vm["notice"])
