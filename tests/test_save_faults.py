"""Fault injection for saves: a storage that throws on the Nth write, fills up, gives back garbage or vanishes,
under two tabs of the game (``dispatch.Page`` with the page's side of tests/browser_side.py) doing random things, over many seeds.

The invariant, checked at every call the game makes and after every event:
* no readable match is ever lost: the game never removes a readable save, and writes over another tab's
  readable save only when the player takes the match over (New match, Continue, Open a file);
* no unreadable save is ever deleted without the player's yes: before the game removes or overwrites
  one, a copy of it is kept aside, or the player said yes to replacing exactly that text;
* what the game writes can be read back, and what it says is true: with no moves counted as unsaved, the
  save is the match on screen; with N counted, the save of this match is exactly N moves behind it.
"""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.browser_side import Tab

from mexican_train.ui import storage
from mexican_train.ui.storage import MATCH_KEY, UNREADABLE_PREFIX, DictStorage
from tests.browser_side import Clock
from tests.helpers import next_event

SETTINGS = {"set": 6, "seats": 2, "rounds": "short", "cpu_speed": "instant", "hand_size": 3,
            "players": [{"name": "Ana", "kind": "human"}, {"name": "Bot", "kind": "random"}]}
"""A person against a computer, three tiles a hand: rounds end often, and a person's rounds are counted in the
statistics, a second key written at a round's end after the save (150 seeds write it about 115 times)."""
GARBAGE = ["{", "[" * 5000, "null", '{"save_version": 2}', '{"save_version": 3, "match": {}}', "x" * 3000,
           '{"save_version": 2, "match": {"format": "mexican-train", "version": true}, "tab": "z", "saved_at": 1}']
TAKE_OVER = {"new_match", "continue_saved", "import", "take_over"}


class Violation(AssertionError):
    pass


class Faulty(DictStorage):
    """A dict storage with faults switched on and off by the test, checking every write the game makes."""

    def __init__(self, rng: random.Random):
        super().__init__()
        self.rng = rng
        self.writes = 0
        self.fail_writes: set[int] = set()   # the Nth write throws
        self.full = False                    # every write throws QuotaExceededError
        self.garbage_reads = 0.0             # chance that a read of the save gives back something else
        self.gone = False                    # every call throws (the storage vanished)
        self.yes: set[str] = set()           # fingerprints of unreadable saves the player agreed to replace
        self.event = ""                      # the event being handled, and by which tab
        self.tab = ""

    def _gone(self):
        if self.gone:
            raise PermissionError("SecurityError: the storage is not available")

    def get_item(self, key):
        self._gone()
        if key == MATCH_KEY and key in self.items and self.rng.random() < self.garbage_reads:
            return "".join(self.rng.choice('{}[]":,x1') for _ in range(self.rng.randint(1, 40)))
        return super().get_item(key)

    def set_item(self, key, value):
        self._gone()
        self.writes += 1
        if self.full or self.writes in self.fail_writes:
            raise OSError("QuotaExceededError: the quota has been exceeded")
        self._check_replace(key, value)
        super().set_item(key, value)

    def remove_item(self, key):
        self._gone()
        self._check_replace(key, None)
        super().remove_item(key)

    def _check_replace(self, key, new):
        old = self.items.get(key)
        if key.startswith(UNREADABLE_PREFIX):
            if old is not None:
                raise Violation(f"{key} overwritten or removed")
            return
        if key != MATCH_KEY:
            return
        if new is not None and not storage.readable(new):
            raise Violation("the game wrote a save it cannot read back")
        if old is None or old == new:
            return
        if not storage.readable(old):
            kept = any(v == old for k, v in self.items.items() if k.startswith(UNREADABLE_PREFIX))
            if not kept and storage.fingerprint(old) not in self.yes:
                raise Violation(f"an unreadable save was replaced without a copy or a yes ({self.event})")
            return
        if new is None:
            raise Violation(f"a readable save was removed ({self.event})")
        owner = (storage.stamp_of(old) or (None, None))[0]
        if owner != self.tab and self.event not in TAKE_OVER:
            raise Violation(f"tab {self.tab} overwrote tab {owner}'s save on {self.event}")


def next_move(tab: Tab) -> dict | None:
    """What the match on screen waits for (``helpers.next_event``, the next round included); None with no
    match or at its end."""
    if tab.session.match is None:
        return None
    return next_event(tab.send({"type": "refresh"}), next_round=True)


def actions(match):
    return sum(len(r.actions) for r in match.rounds)


def check_truth(store: Faulty, tab: Tab) -> None:
    """What the tab says about its save is true of the storage's real contents."""
    keeper = tab.keeper
    if tab.session.match is None or keeper.blocked or store.gone:
        return
    text = store.items.get(MATCH_KEY)
    if keeper.unsaved is None and keeper.held is None:
        assert text is not None and storage.read_session(text).match == tab.session.match, \
            "the page says the match is saved, but the save is not this match"
    elif (keeper.unsaved is not None and keeper.saved_actions is not None and text is not None
          and storage.stamp_of(text) == keeper.stamp):   # the save this tab last wrote or read, of this match
        saved = storage.read_session(text).match
        assert actions(tab.session.match) - actions(saved) == keeper.unsaved, \
            f"the page says {keeper.unsaved} moves are not saved; the save is " \
            f"{actions(tab.session.match) - actions(saved)} behind"


def run(seed: int, steps: int = 40) -> dict:
    rng = random.Random(seed)
    store = Faulty(random.Random(seed + 1))
    clock = Clock()
    apps = {}
    memos = {"a": DictStorage(), "b": DictStorage()}
    exported: list[str] = []
    counts: dict[str, int] = {}

    def act(tab, event):
        store.event, store.tab = event.get("type"), apps[tab].page.tab
        vm = apps[tab].send(event)
        store.event = ""
        return vm

    def reload(tab):
        store.event, store.tab = "boot", f"tab-{tab}-{len(counts)}"
        apps[tab] = Tab(store, store.tab, memos[tab], clock)
        before = store.items.get(MATCH_KEY)
        info = apps[tab].boot()
        message = info["message"] or ""
        if "kept aside" in message:
            assert any(v == before for k, v in store.items.items() if k.startswith(UNREADABLE_PREFIX)), \
                "the page says the save was kept aside, but no copy exists"
        if "stays where it is" in message:
            assert store.items.get(MATCH_KEY) == before, "the page says the save stays, but it is gone"
        store.event = ""

    reload("a")
    reload("b")
    for _ in range(steps):
        tab = rng.choice("ab")
        app = apps[tab]
        roll = rng.random()
        if roll < 0.1:
            kind = "new_match"
            act(tab, {"type": "new_match", "settings": {**SETTINGS, "seed": rng.randrange(100)}})
        elif roll < 0.45:
            kind = "moves"
            for _ in range(rng.randint(1, 6)):
                event = next_move(app)
                if event is None:
                    break
                act(tab, event)
        elif roll < 0.5:
            kind = "continue_saved"
            act(tab, {"type": "continue_saved"})
        elif roll < 0.55:
            kind = "import"
            text = rng.choice(exported) if exported and rng.random() < 0.7 else rng.choice(GARBAGE)
            act(tab, {"type": "import", "text": text})
        elif roll < 0.6:
            kind = "take_over"
            act(tab, {"type": "take_over"})
        elif roll < 0.66:
            kind = "reload"
            reload(tab)
        elif roll < 0.72:
            kind = "corrupt"                       # something else writes an unreadable save
            store.items[MATCH_KEY] = rng.choice(GARBAGE)
        elif roll < 0.78 and app.keeper.held:
            kind = "yes"                           # the player downloads it (or not) and says yes
            store.yes.add(app.keeper.held["hash"])
            act(tab, {"type": "replace_unreadable", "hash": app.keeper.held["hash"]})
        elif roll < 0.84:
            kind = "full"
            store.full = not store.full
        elif roll < 0.88:
            kind = "fail_next"
            store.fail_writes.add(store.writes + rng.randint(1, 3))
        elif roll < 0.92:
            kind = "garbage_reads"
            store.garbage_reads = rng.choice([0.0, 0.0, 0.3])
        elif roll < 0.96:
            kind = "gone"
            store.gone = not store.gone
        else:
            kind = "export"
            if app.session.match is not None:
                exported.append(app.export_match())
        counts[kind] = counts.get(kind, 0) + 1
        for t in "ab":                             # the storage event (the writing tab ignores its own)
            act(t, {"type": "save_changed"})
        garbage, store.garbage_reads = store.garbage_reads, 0.0
        for t in "ab":
            check_truth(store, apps[t])
        store.garbage_reads = garbage
    return counts


def test_no_readable_match_is_lost_and_no_unreadable_one_deleted_without_a_yes_over_many_seeds():
    totals: dict[str, int] = {}

    @settings(max_examples=150, derandomize=True, database=None, deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(st.integers(0, 2**32 - 1))
    def one_seed(seed):
        for kind, n in run(seed).items():
            totals[kind] = totals.get(kind, 0) + n

    one_seed()
    print("\nfaults:", json.dumps(totals, sort_keys=True))
    for kind in ("corrupt", "yes", "full", "fail_next", "garbage_reads", "gone", "reload", "import"):
        assert totals.get(kind, 0) >= 10, f"too few {kind} events to mean anything: {totals}"


def test_the_checks_catch_a_game_that_overwrites_an_unreadable_save():
    store = Faulty(random.Random(1))
    store.items[MATCH_KEY] = "{"
    store.event, store.tab = "cpu", "tab-a"
    try:
        store.set_item(MATCH_KEY, storage.record_text(Tab(DictStorage(), "t").session._replace(
            match=__import__("mexican_train").new_match(__import__("mexican_train").Rules.make(set=6), 1)), "t", 1))
    except Violation:
        return
    raise AssertionError("the check let an unreadable save be overwritten")
