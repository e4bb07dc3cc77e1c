"""The screens beside the board without a browser (ui/parts/, ui/records.py, through ``dispatch.Page``):
statistics kept like a save, the daily deal under its own key, attempts counted once, the review in short
slices."""

from __future__ import annotations

import json
import time

import pytest
from tests.browser_side import Tab

from mexican_train import review, stats
from mexican_train.ui import records
from mexican_train.ui.storage import MATCH_KEY, UNREADABLE_PREFIX, DictStorage

DAY_MS = 1_764_460_800_000          # 2025-11-30 00:00 UTC
PEOPLE = {"set": 6, "seats": 2, "rounds": "one", "seed": 4, "cpu_speed": "instant",
          "players": [{"name": "Ana", "kind": "human"}, {"name": "Bot", "kind": "easy"}]}


class Clock:
    def __init__(self, now: int = DAY_MS):
        self.now = now

    def __call__(self) -> int:
        self.now += 1
        return self.now


def make_tab(store, clock, tab, slice_ms=None):
    """A tab of the game on ``store`` with ``clock``."""
    return Tab(store, tab, clock=clock, slice_ms=slice_ms)


def step(coach, vm):
    """Whoever is to move makes one move (a person plays the first playable tile); None at the match's end."""
    if vm.get("screen") == "match_end":
        return None
    if vm.get("screen") == "round_end":
        return coach.send({"type": "command", "name": vm["round_end"]["button"]["id"]})
    shown = {c["id"] for c in vm.get("commands", []) if c["shown"]}
    if "next" in shown:
        return coach.send({"type": "command", "name": "next"})
    hand = vm.get("hand")
    if hand and hand.get("active"):
        playable = [t for t in hand["tiles"] if t["playable"]]
        if playable:
            coach.send({"type": "tile", "tile": playable[0]["id"]})
            return coach.send({"type": "train", "train": playable[0]["targets"][0]})
        for name in ("draw", "pass", "stop"):
            if name in shown:
                return coach.send({"type": "command", "name": name})
    answer = coach.send({"type": "cpu"})
    while answer.get("same"):
        answer = coach.send({"type": "think"})
    return answer


def play_through(coach, vm, limit=3000):
    last = vm
    for _ in range(limit):
        nxt = step(coach, vm)
        if nxt is None:
            return last
        last = vm = nxt
    raise AssertionError("the match did not end")


def test_a_finished_match_is_counted_once_even_when_continued_in_another_tab():
    store = DictStorage()
    coach = make_tab(store, Clock(), "tab-a")
    vm = coach.send({"type": "new_match", "settings": PEOPLE})
    for _ in range(3):
        vm = step(coach, vm)
    other = make_tab(store, Clock(DAY_MS + 10_000), "tab-b")
    vm = other.send({"type": "continue_saved"})
    assert other.page.apps.main.keeper.match_id == coach.page.apps.main.keeper.match_id            # the save names the match
    play_through(other, vm)
    record = json.loads(store.get_item(records.STATS_KEY))
    assert [m["id"] for m in record["matches"]] == [coach.page.apps.main.keeper.match_id]
    assert len(record["matches"][0]["rounds"]) == 1 and record["matches"][0]["won"] is not None
    view = other.send({"type": "stats"})
    assert {r["label"]: r["value"] for r in view["rows"]}["Matches played"] == "1"
    assert view["chart"]["rounds"] == 1


def test_an_unreadable_statistics_record_is_kept_aside_and_counting_starts_again():
    store = DictStorage({records.STATS_KEY: "{broken"})
    found = records.load(store)
    assert found.record == stats.empty() and f"kept in this browser's storage under the name {UNREADABLE_PREFIX}1" in found.message
    assert store.get_item(UNREADABLE_PREFIX + "1") == "{broken" and store.get_item(records.STATS_KEY) is None
    after = records.update(store, lambda r: {**r, "daily": {"2025-11-30": {"practice": 0}}})
    assert json.loads(store.get_item(records.STATS_KEY))["daily"] == after.record["daily"]


def test_an_unreadable_record_that_cannot_be_copied_aside_is_never_written_over():
    text = "x" * 50
    store = DictStorage({records.STATS_KEY: text}, quota=len(records.STATS_KEY) + len(text) + 10)
    found = records.update(store, lambda r: {**r, "daily": {"2025-11-30": {"practice": 0}}})
    assert found.stuck and "left untouched" in found.message
    assert store.get_item(records.STATS_KEY) == text


def test_export_import_and_reset_of_the_statistics():
    store = DictStorage()
    coach = make_tab(store, Clock(), "tab-a")
    play_through(coach, coach.send({"type": "new_match", "settings": PEOPLE}))
    exported = coach.send({"type": "stats_export"})
    data = json.loads(exported["text"])
    assert (data["format"], data["version"]) == ("mexican-train-stats", 1) and exported["name"].endswith(".json")
    assert "error" in coach.send({"type": "stats_import", "text": '{"format": "other"}'})
    coach.send({"type": "stats_reset"})
    assert json.loads(store.get_item(records.STATS_KEY))["matches"] == []
    imported = coach.send({"type": "stats_import", "text": exported["text"]})
    assert len(json.loads(store.get_item(records.STATS_KEY))["matches"]) == 1
    assert imported["message"] == "Statistics imported: 1 match and 0 days of the daily deal added to what was here."
    again = coach.send({"type": "stats_import", "text": exported["text"]})      # the import says nothing changed
    assert again["message"].startswith("Statistics imported: the file holds nothing that was not here already")


def test_unreadable_statistics_and_daily_deal_are_said_once_on_the_first_screen_with_where_they_are_kept():
    store = DictStorage({records.STATS_KEY: "{broken", records.DAILY_KEY: "[1]"})
    coach = make_tab(store, Clock(), "tab-a")
    said = coach.send({"type": "boot"})["message"]
    assert "Your statistics could not be read" in said and "The daily deal in progress" in said
    kept = [UNREADABLE_PREFIX + "1", UNREADABLE_PREFIX + "2"]
    assert all(key in said for key in kept) and [store.get_item(k) for k in kept] == ["{broken", "[1]"]
    assert coach.send({"type": "boot"})["message"] is None                      # once
    assert coach.send({"type": "stats"})["message"] is None


def test_the_daily_deal_has_its_own_save_and_only_its_first_attempt_counts():
    store = DictStorage()
    coach = make_tab(store, Clock(), "tab-a")
    coach.send({"type": "new_match", "settings": PEOPLE})
    saved = store.get_item(MATCH_KEY)
    assert coach.send({"type": "daily"})["play"]["action"] == "daily_play"
    vm = coach.send({"type": "daily_play", "cpu_speed": "instant"})
    assert coach.page.apps.active is coach.page.apps.daily and json.loads(store.get_item(records.DAILY_KEY))["match"]["seed"] == 20251130
    end = play_through(coach, vm)
    assert end["daily_end"]["share"].startswith("Mexican Train daily deal, November\u00a030,\u00a02025: ")
    counted = json.loads(store.get_item(records.STATS_KEY))["daily"]["2025-11-30"]
    assert counted["practice"] == 0 and "points" in counted

    end = play_through(coach, coach.send({"type": "daily_again"}))
    assert end["daily_end"]["share"] is None and end["daily_end"]["practice"]
    again = json.loads(store.get_item(records.STATS_KEY))["daily"]["2025-11-30"]
    assert again["practice"] == 1 and again["points"] == counted["points"]
    view = coach.send({"type": "daily"})
    assert view["streak"] == "Streak: 1 day" and view["share"].startswith("Mexican Train daily deal, November\u00a030,\u00a02025: ")
    today = [d for week in view["calendar"]["weeks"] for d in week if d["today"]]
    assert today[0]["played"] and today[0]["date"] == "2025-11-30"

    assert coach.send({"type": "daily_leave"})["screen"] == "board"
    assert coach.page.apps.active is coach.page.apps.main and store.get_item(MATCH_KEY) == saved    # the match in play untouched


def test_a_daily_deal_continued_after_a_reload_is_the_same_attempt():
    store = DictStorage()
    coach = make_tab(store, Clock(), "tab-a")
    vm = coach.send({"type": "daily_play", "cpu_speed": "instant"})
    for _ in range(4):
        vm = step(coach, vm)
    reloaded = make_tab(store, Clock(DAY_MS + 60_000), "tab-b")
    assert reloaded.send({"type": "daily"})["play"]["action"] == "daily_play"   # Continue
    play_through(reloaded, reloaded.send({"type": "daily_play"}))
    entry = json.loads(store.get_item(records.STATS_KEY))["daily"]["2025-11-30"]
    assert entry["practice"] == 0 and "points" in entry


def test_the_review_runs_in_short_slices_and_gives_what_the_command_line_gives():
    store = DictStorage()
    coach = make_tab(store, Clock(), "tab-a", slice_ms=2.0)
    play_through(coach, coach.send({"type": "new_match", "settings": PEOPLE}))
    answer = coach.send({"type": "review", "scope": "round"})
    calls, slowest = 0, 0.0
    while answer["running"]:
        # this process's processor time, not the clock's: the other test process and its browsers share the cores
        started = time.process_time()
        answer = coach.send({"type": "think"})
        slowest = max(slowest, time.process_time() - started)
        calls += 1
    assert calls > 5
    assert slowest < 0.25, f"one slice took {slowest * 1000:.0f} ms of processor time"
    expected = review.review(coach.session.match)
    assert [(i["round"], i["action"]) for i in answer["items"]] == [(i.round, i.action) for i in expected]
    jump = coach.send({"type": "replay_open", "source": "current"})
    if expected:
        at = coach.send({"type": "replay_item", "round": expected[0].round, "action": expected[0].action})
        assert (at["round"], at["action"]) == (expected[0].round, expected[0].action)
        assert jump["items"] and all("points" in i["label"] for i in jump["items"])


def test_slices_run_between_two_calls_do_the_jobs_work_and_the_next_call_puts_its_end_to_use():
    # Python's worker runs Page.slice_on between a think call's first slice and its last (py/worker.py).
    store = DictStorage()
    coach = make_tab(store, Clock(), "tab-a", slice_ms=2.0)
    play_through(coach, coach.send({"type": "new_match", "settings": PEOPLE}))
    answer = coach.send({"type": "review", "scope": "round"})
    assert answer["running"] is True
    slices = 0
    while coach.page.slice_on("think"):
        slices += 1
    assert slices > 3 and coach.page.job is not None                    # done, its result kept for a call
    answer = coach.send({"type": "think"})
    assert answer["running"] is False and coach.page.job is None
    assert [(i["round"], i["action"]) for i in answer["items"]] == \
        [(i.round, i.action) for i in review.review(coach.session.match)]
    assert coach.page.slice_on("think") is False                        # nothing left to do


def test_a_computers_move_worked_out_between_two_calls_is_played_and_saved_by_the_next():
    store = DictStorage()
    coach = make_tab(store, Clock(), "tab-a", slice_ms=0.01)
    strong = {**PEOPLE, "players": [{"name": "Ana", "kind": "human"}, {"name": "Bot", "kind": "strong"}]}
    vm = coach.send({"type": "new_match", "settings": strong})
    for _ in range(400):                  # until a computer's decision takes more than one slice
        if (vm.get("cpu") or {}).get("pending") and vm.get("screen") == "board":
            answer = coach.send({"type": "cpu"})
            if answer.get("same") and answer["thinking"] == "cpu":
                break
            vm = answer
        else:
            vm = step(coach, vm)
    else:
        raise AssertionError("no decision of Strong's took more than one slice")
    saved = store.get_item(MATCH_KEY)
    while coach.page.slice_on("think"):
        pass
    assert store.get_item(MATCH_KEY) == saved                           # nothing played or saved in between
    answer = coach.call({"type": "think"})
    assert answer["part"] == "game" and answer["writes"]                # the move, and its save
    assert store.get_item(MATCH_KEY) != saved


@pytest.mark.parametrize("source", ["saved", "current"])
def test_the_replay_of_an_unfinished_round_shows_no_hand(source):
    store = DictStorage()
    coach = make_tab(store, Clock(), "tab-a")
    vm = coach.send({"type": "new_match", "settings": PEOPLE})
    for _ in range(4):
        vm = step(coach, vm)
    if source == "saved":
        coach = make_tab(store, Clock(), "tab-b")
    first = coach.send({"type": "replay_open", "source": source})
    for index in range(first["last"] + 1):
        vm = coach.send({"type": "replay_go", "index": index})
        assert not vm["hands_shown"] and all("tiles" not in row for row in vm["hands"])


THREE_ROUNDS = {**PEOPLE, "rounds": "short", "seed": 5}


def test_the_coach_reads_each_round_over_while_the_page_is_idle_and_the_review_then_only_shows_it(monkeypatch):
    store = DictStorage()
    coach = make_tab(store, Clock(), "tab-a", slice_ms=2.0)
    vm = coach.send({"type": "new_match", "settings": THREE_ROUNDS})
    assert coach.call({"type": "warm_up"})["view"]["more"] is False    # no round is over yet: nothing to read
    while vm.get("screen") != "round_end":
        vm = step(coach, vm)
    slices = 0
    while coach.call({"type": "warm_up"})["view"]["more"]:
        slices += 1
    assert slices > 3                                                   # a round's decisions, a slice at a time
    reviewing = coach.page.parts["review"]
    assert reviewing.read == {0}
    # Asked for now, nothing is judged again: the review only looks each decision up, which a slice of the
    # page's clock time holds (2 ms could not under a loaded machine's scheduling; judging again is counted).
    judging = review.judge_steps
    judged_again = []

    def counted(*args, **kwargs):
        judged_again.append(args)
        return judging(*args, **kwargs)

    monkeypatch.setattr(review, "judge_steps", counted)
    coach.page.slice_ms = 1000.0
    answer = coach.send({"type": "review", "scope": "round"})
    assert judged_again == []
    assert answer["running"] is False                                   # found judged: shown at once
    assert [(i["round"], i["action"]) for i in answer["items"]] == \
        [(i.round, i.action) for i in review.review(coach.session.match) if i.round == 0]
    coach.page.slice_ms = 2.0
    play_through(coach, vm)
    judged_before = len(judged_again)
    while coach.call({"type": "warm_up"})["view"]["more"]:
        pass
    assert reviewing.read == {0, 1, 2} and len(judged_again) > judged_before   # the later rounds, read ahead
    judged_before = len(judged_again)
    coach.page.slice_ms = 1000.0
    answer = coach.send({"type": "review", "scope": "match"})
    assert len(judged_again) == judged_before
    assert answer["running"] is False
    assert [(i["round"], i["action"]) for i in answer["items"]] == \
        [(i.round, i.action) for i in review.review(coach.session.match)]


def test_the_coach_reads_ahead_only_while_no_other_job_may_go_on():
    store = DictStorage()
    coach = make_tab(store, Clock(), "tab-a", slice_ms=2.0)
    vm = coach.send({"type": "new_match", "settings": THREE_ROUNDS})
    while vm.get("screen") != "round_end":
        vm = step(coach, vm)
    answer = coach.send({"type": "review", "scope": "round"})           # the review is the page's job now
    assert answer["running"] is True
    before = dict(coach.page.parts["review"].judged)
    idle = coach.call({"type": "warm_up"})
    assert idle["view"]["more"] is True and idle["thinking"] == "review"
    assert coach.page.parts["review"].judged == before                  # nothing judged beside the review
