"""The monkey: seeded random clicks and keys through the real page, with a full check after every step.

Used by e2e/test_monkey.py (a short fixed-seed run in the suite) and bench/monkey.py (long runs).

Each seed sets up a match through the setup form (preset, tile set, seats, people and CPUs, every rule
option, sometimes a small hand so that rounds end often), then takes random steps: a click on a visible
control (a hand tile, a train end, any ``data-action`` button, a round's button, "earlier tiles"),
a key (Escape, arrows, Enter, Tab, the letter shortcuts), now and then a reload followed by Continue,
or an import of a match file. After every step it reads the page and its save in one synchronous
read and checks, with the real engine on CPython:

* the save (localStorage ``mexican-train:match``) loads: ``matchfile.from_dict`` replays and checks
  every action;
* what the page shows equals that match: the screen, the round, ``data-step``, the boneyard count,
  every train's tile count and open end, every seat's tile count, the tiles of the hand on screen
  (and no hand where none may show);
* hands + boneyard + layout + the engine = the whole set, both in the engine and on the page;
* no console error, no page error, no "something went wrong".

With a wider ``scope`` (bench/monkey.py ``--all``) it also: seats up to ten, every CPU speed (and changes
of speed in the menu), hostile files opened (deep nesting, fields of the wrong type, truncated, duplicate
keys, over 4 MB: refused in words, the save untouched), and storage faults: localStorage refusing every
write for a while, and the save overwritten with something unreadable. While saves fail the page must
count the moves not saved (html[data-unsaved], said in the notice); a reload must then say how far behind
the save is; once writes work again the page must equal its save again.
"""

from __future__ import annotations

import json
import random
import re

from mexican_train import matchfile
from mexican_train.rules import tile_count
from mexican_train.ui.controller import restore, screen
from mexican_train.ui.records import DAILY_KEY
from mexican_train.ui.storage import MATCH_KEY
from e2e.game import open_settings, to_setup

NAMES = ["Ana", "Ben", "Zoë", "O'Neil", "Chidi", "Ma Lin", "Bo", "Élodie", "Kai", "Sam"]
KEYS = ["Escape", "Escape", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "Enter", "Enter",
        " ", "Tab", "Shift+Tab", "d", "s", "n", "h", "p", "r", "e", "?"]

# How likely each kind of control is to be clicked, against the others that are visible.
WEIGHTS = {
    "tile:playable": 8, "tile": 1, "train:target": 8, "train": 1, "expand": 0.5, "round-button": 6,
    "draw": 6, "pass": 6, "stop": 3, "next": 6, "reveal": 6, "clear": 1, "hint": 0.6, "pause": 0.6,
    "resume": 4, "sound": 0.2, "help": 0.3, "menu": 0.4, "close_dialog": 4, "setup": 0.2, "back": 4,
    "start": 0.3, "continue_saved": 3, "take_over": 3, "confirm_new": 1, "cancel_new": 2, "new_match": 2,
    "export": 0.2, "import": 2, "next_round": 6, "final_results": 6, "download_unreadable": 0.5,
    "replace_unreadable": 2, "keep_unreadable": 2, "show_unreadable": 1, "reload_page": 0,
}

PICK_JS = """([weights, r]) => {
  const seen = (e) => e.checkVisibility ? e.checkVisibility() : e.offsetParent !== null;
  const top = [...document.querySelectorAll('dialog[open]')].pop() || null;
  const root = top || document;
  const found = [];
  for (const e of root.querySelectorAll('[data-tile], [data-train], [data-action], [data-expand], #round-button')) {
    if (!seen(e) || e.disabled || e.closest('[inert]') || (!top && e.closest('dialog'))) continue;
    let kind;
    if (e.id === 'round-button') kind = 'round-button';
    else if (e.dataset.tile) kind = e.classList.contains('playable') ? 'tile:playable' : 'tile';
    else if (e.dataset.train) kind = e.getAttribute('aria-disabled') === 'true' ? 'train' : 'train:target';
    else if (e.dataset.expand) kind = 'expand';
    else kind = e.dataset.action;
    const w = weights[kind] ?? 0.5;
    if (w > 0) found.push([e, kind, w]);
  }
  if (!found.length) return null;
  let x = r * found.reduce((a, f) => a + f[2], 0);
  let pick = found[found.length - 1];
  for (const f of found) { x -= f[2]; if (x <= 0) { pick = f; break; } }
  const [el, kind] = pick;
  el.scrollIntoView({block: 'nearest', inline: 'nearest'});
  const b = el.getBoundingClientRect();
  return {kind, what: el.dataset.tile || el.dataset.train || el.dataset.action || el.dataset.expand || el.id,
          x: b.left + b.width / 2, y: b.top + b.height / 2};
}"""

SNAPSHOT_JS = """() => {
  const html = document.documentElement;
  const $ = (id) => document.getElementById(id);
  let save = null;
  // the daily deal's match is saved under a key of its own (py/mexican_train/ui/records.py), beside the match's
  try { save = localStorage.getItem(html.dataset.daily === '1' ? %s : %s); } catch (e) { save = 'unavailable'; }
  return {
    save,
    view: html.dataset.view || 'setup', screen: html.dataset.screen || null, step: html.dataset.step || null,
    daily: html.dataset.daily === '1',
    blocked: html.dataset.blocked === '1', pending: html.dataset.cpuPending === '1',
    unsaved: html.dataset.unsaved || '', held: html.dataset.held === '1',
    round: $('round-text').textContent, boneyard: $('boneyard-text').textContent,
    trains: [...document.querySelectorAll('#trains .train')].map((row) => {
      const earlier = row.querySelector('.earlier');
      return {id: row.dataset.row, label: row.querySelector('.end').getAttribute('aria-label') || '',
              meta: row.querySelector('.tmeta').textContent, shown: row.querySelectorAll('.ttiles .ttile').length,
              drawn: [...row.querySelectorAll('.ttiles .ttile')].map((t) => (t.dataset.laid || '').split('|')[0]),
              earlier: earlier.hidden ? null : earlier.textContent,
              expanded: earlier.getAttribute('aria-expanded') === 'true'};
    }),
    hand: [...document.querySelectorAll('#hand-tiles [data-tile]')].map((b) => b.dataset.tile),
    handFaces: document.querySelectorAll('#hand-tiles svg.face').length,
    problem: [$('game-error').hidden ? '' : $('game-error').textContent,
              $('setup-error').hidden ? '' : $('setup-error').textContent,
              $('file-message').hidden ? '' : $('file-message').textContent].join(' ').trim(),
    dialogs: [...document.querySelectorAll('dialog[open]')].map((d) => d.id),
  };
}""" % (json.dumps(DAILY_KEY), json.dumps(MATCH_KEY))


class MonkeyFailure(AssertionError):
    """A check failed: the seed, the step, what was wrong, and the save at that moment."""

    def __init__(self, seed, step, message, save=None, trail=()):
        self.seed, self.step, self.message, self.save, self.trail = seed, step, message, save, list(trail)
        last = "; ".join(self.trail[-8:])
        super().__init__(f"seed {seed}, step {step}: {message}\n  last steps: {last}")


# ------------------------------------------------------------------------------------------ set-up

SCOPE = {"speeds": None, "wide": False, "hostile": False, "faults": False}
"""What a seed varies besides the usual (bench/monkey.py --all widens every one of these)."""


def random_settings(rng: random.Random, kinds=("random", "random", "easy"), scope=None) -> dict:
    """A match setup for one seed: every option varied, small hands now and then so rounds end often."""
    scope = {**SCOPE, **(scope or {})}
    preset = rng.choice(["standard", "standard", "classic"])
    top = rng.choice([6, 6, 9, 12])
    most = 10 if preset == "classic" and top == 12 else 4
    if scope["wide"]:
        seats = rng.choice([2, 2, 3, 3, 4, 4] + (list(range(5, 11)) if most == 10 else []))
    else:
        seats = rng.choice([2, 2, 3, 3, 4] + ([5, 6] if most == 10 else []))
    style = rng.choice(["one person", "one person", "hotseat", "hotseat", "all cpu"])
    people = {"one person": 1, "hotseat": rng.choice([2, 2, 3]), "all cpu": 0}[style]
    people = min(people, seats)
    players = []
    for i in range(seats):
        name = rng.choice(NAMES) + ("" if rng.random() < 0.7 else f" {i}")
        players.append((name, "human" if i < people else rng.choice(kinds)))
    rng.shuffle(players)
    hand = None
    if rng.random() < 0.45:
        hand = rng.randint(2, min(5, (tile_count(top) - 2) // seats))
    settings = {
        "preset": preset, "set": top, "players": players,
        "rounds": rng.choice(["one", "one", "short"] + (["full"] if top == 6 else [])),
        "speed": (rng.choice(scope["speeds"] or ["instant"] * 5 + ["fast"]) if people
                  else "instant"),   # CPUs alone: no waiting
        "double_rule": rng.choice(["flexible", "immediate"]),
        "blank_double_penalty": rng.choice(["0", "25", "50"]),
        "exhausted_suit_exception": rng.random() < 0.5,
        "opening_chain": rng.random() < (0.8 if preset == "classic" else 0.3),
        "mexican_after_first_turn": rng.random() < (0.8 if preset == "classic" else 0.3),
        "hand_size": hand, "seed": rng.randrange(10_000),
    }
    settings["after_turn"] = ("wait", "go")[settings["seed"] % 2]   # no draw of its own: the others stay as they were
    return settings


def start_match(page, s: dict):
    """Fill the setup form with settings ``s`` and start (confirming the replacement of a saved match)."""
    to_setup(page, settle=wait_idle)
    open_settings(page)
    page.select_option("#preset", s["preset"])          # resets the rule options to the preset's
    page.check(f'input[name="set"][value="{s["set"]}"]')
    page.select_option("#seats", str(len(s["players"])))
    for i, (name, kind) in enumerate(s["players"]):
        page.select_option(f"#seat-kind-{i}", kind)
        page.fill(f"#seat-name-{i}", name)
    page.check(f'input[name="rounds"][value="{s["rounds"]}"]')
    page.select_option("#cpu_speed", s["speed"])
    page.select_option("#after_turn", s["after_turn"])
    page.select_option("#double_rule", s["double_rule"])
    page.select_option("#blank_double_penalty", s["blank_double_penalty"])
    page.set_checked("#exhausted_suit_exception", s["exhausted_suit_exception"])
    if not page.locator("#seed").is_visible():
        page.click(".advanced summary")
    page.set_checked("#opening_chain", s["opening_chain"])
    page.set_checked("#mexican_after_first_turn", s["mexican_after_first_turn"])
    page.fill("#hand_size", "" if s["hand_size"] is None else str(s["hand_size"]))
    page.fill("#seed", str(s["seed"]))
    page.click('#setup [data-action="start"]')
    if page.locator("#confirm-dialog").is_visible():
        page.click('#confirm-dialog [data-action="confirm_new"]')
    page.wait_for_selector("#game-screen", state="visible")


# ------------------------------------------------------------------------------------------ checks

def tile_text(t) -> str:
    return f"{t[0]}-{t[1]}"


TRAIN_COUNT = re.compile(r"(\d+) tiles?, ends at (\d+)")
TRAIN_EMPTY = re.compile(r"Not started: starts with a (\d+)")


def check_snapshot(snap: dict) -> list[str]:
    """Everything wrong with one read of the page and its save (an empty list when all is well)."""
    bad = []
    if snap["problem"] and ("went wrong" in snap["problem"] or "stopped answering" in snap["problem"]):
        bad.append(f"the page says: {snap['problem']}")
    text = snap["save"]
    if text == CORRUPT_TEXT:   # the monkey's own storage fault, not yet met by the page
        return bad
    if snap.get("unsaved") or snap.get("held"):
        # saving fails (or waits for the player's answer): the page must say how many moves are not saved
        n = snap.get("unsaved")
        if snap["view"] == "game" and n and n != "0" and f"{n} move" not in snap["problem"]:
            bad.append(f"{n} moves not saved, but the notice says: {snap['problem']!r}")
        return bad
    if text in (None, "unavailable"):
        if snap["view"] == "game":
            bad.append("a match is on screen but nothing is saved")
        return bad
    try:
        record = json.loads(text)
        match = matchfile.from_dict(record["match"])
        session = restore(match, record.get("app"))
    except Exception as err:  # noqa: BLE001 - any failure to load is the finding
        return bad + [f"the save does not load: {type(err).__name__}: {err}"]
    rules = match.rules
    total = tile_count(rules.set)
    for state in match.rounds:
        engine_sum = sum(len(h) for h in state.hands) + state.boneyard_count + sum(len(t.tiles) for t in state.trains)
        if engine_sum + 1 != total:
            bad.append(f"round {state.number + 1} in the engine: hands + boneyard + layout + engine = "
                       f"{engine_sum + 1}, not {total}")
    if snap["view"] != "game" or snap["screen"] is None:
        return bad
    shown = screen(session)
    if snap["screen"] != shown:
        return bad + [f"the page shows the {snap['screen']} screen, the save says {shown}"]
    state = match.rounds[session.rounds_seen] if shown == "round_end" else match.round
    seats = rules.seats
    if snap["step"] is None or snap["step"].split("/")[:2] != [str(state.number), str(len(state.actions))]:
        bad.append(f"data-step {snap['step']} is not round {state.number} after {len(state.actions)} actions")
    if snap["round"] != f"Round {state.number + 1} of {rules.rounds}":
        bad.append(f"the status says {snap['round']!r} in round {state.number + 1} of {rules.rounds}")
    m = re.fullmatch(r"Boneyard: (\d+)", snap["boneyard"])
    shown_boneyard = int(m.group(1)) if m else None
    if shown_boneyard != state.boneyard_count:
        bad.append(f"the boneyard shows {snap['boneyard']!r}, the engine has {state.boneyard_count}")
    rows = {r["id"]: r for r in snap["trains"]}
    if sorted(rows) != sorted(["M"] + [str(i) for i in range(seats)]):
        bad.append(f"trains on the page {sorted(rows)} for {seats} seats")
        return bad
    page_layout = page_hands = 0
    for key, row in rows.items():
        train = state.trains[seats if key == "M" else int(key)]
        count, end = len(train.tiles), train.end
        m = TRAIN_COUNT.search(row["label"])
        e = TRAIN_EMPTY.search(row["label"])
        said = (int(m.group(1)), int(m.group(2))) if m else (0, int(e.group(1))) if e else None
        if said != (count, end):
            bad.append(f"train {key} says {row['label']!r}; the engine has {count} tiles ending at {end}")
        hidden = 0
        if row["earlier"] is not None and not row["expanded"]:
            n = re.match(r"(\d+) earlier", row["earlier"])
            hidden = int(n.group(1)) if n else -1
        if row["shown"] + hidden != count:
            bad.append(f"train {key} draws {row['shown']} tiles + {hidden} folded away, the engine has {count}")
        laid = [f"{x}-{y}" for x, y in train.tiles[count - row["shown"]:]] if row["shown"] else []
        if row["drawn"] != laid:   # its last tiles, in the order laid (the line keeps its tiles as a train grows)
            bad.append(f"train {key} draws {row['drawn']}, its last {row['shown']} tiles are {laid}")
        page_layout += said[0] if said else 0
        if key != "M":
            n = re.match(r"(\d+) tiles?", row["meta"])
            held = int(n.group(1)) if n else None
            if held != len(state.hands[int(key)]):
                bad.append(f"seat {key} shows {row['meta']!r}, the engine has {len(state.hands[int(key)])} tiles")
            page_hands += held or 0
    if shown_boneyard is not None and page_hands + shown_boneyard + page_layout + 1 != total:
        bad.append(f"the page's counts add up to {page_hands + shown_boneyard + page_layout + 1}, not {total}")
    people = [i for i, p in enumerate(match.players) if p.kind == "human"]
    hand = sorted(snap["hand"])
    if shown != "board":
        allowed = None
    elif len(people) == 1:
        allowed = people[0]
    elif len(people) >= 2 and hand:
        allowed = state.seat
    else:
        allowed = None
    if allowed is None:
        if hand or snap["handFaces"]:
            bad.append(f"hand tiles {hand} on screen where no hand may show")
    else:
        want = sorted(tile_text(t) for t in state.hands[allowed])
        if hand != want:
            bad.append(f"the hand on screen {hand} is not seat {allowed}'s {want}")
        if snap["handFaces"] != len(hand):
            bad.append(f"{snap['handFaces']} tile faces in the hand for {len(hand)} tiles")
    return bad


# ------------------------------------------------------------------------------------------ the run

def wait_idle(page, timeout=120_000):   # slow CPUs, five of them, opening chains: well over 20 s
    """Until no CPU step is pending (a selector: the page's CSP forbids the eval that polling a function needs)."""
    page.wait_for_selector('html:not([data-cpu-pending="1"])', state="attached", timeout=timeout)


def snapshot(page) -> dict:
    return page.evaluate(SNAPSHOT_JS)


def reload_and_continue(page, wait_ready):
    """Reload mid-match; Continue the saved match when it is offered. When moves were not saved before the
    reload, the setup screen must say how far behind the save is (and Continue is to that save)."""
    before = snapshot(page)
    page.reload()
    wait_ready(page)
    if before["daily"] and before["view"] == "game":
        # the daily deal goes on from its own dialog (Continue today's deal), not from the saved match's panel
        if before["unsaved"] or before["held"]:
            return []
        page.click('#more [data-action="daily"]')
        play = page.locator("#daily-play")
        play.wait_for(state="visible")
        if play.get_attribute("data-action") != "daily_play":   # today's deal is over: nothing to go on with
            page.keyboard.press("Escape")
            return []
        play.click()
        return went_on(page, before, "Continue today's deal")
    if before["unsaved"] or before["held"]:
        # saves were failing: the save may be behind (then the page must say how far) or of another match
        if before["unsaved"] in ("", "0") or before["view"] != "game" or before["held"]:
            return []
        said = page.inner_text("#saved-message") if page.locator("#saved-message").is_visible() else ""
        if f"{before['unsaved']} move" not in said:
            return [f"{before['unsaved']} moves were not saved before the reload, but the page says: {said!r}"]
        return []
    button = page.locator('#saved-panel [data-action="continue_saved"]')
    if button.is_visible():
        button.click()
        return went_on(page, before, "Continue")
    return []


def went_on(page, before: dict, what: str) -> list[str]:
    """After a reload and ``what``: the game screen at the round and step the page showed before (when it showed
    the board)."""
    page.wait_for_selector("#game-screen", state="visible")
    after = snapshot(page)
    if before["view"] == "game" and before["step"] and after["step"]:
        if before["step"].split("/")[:3] != after["step"].split("/")[:3]:
            return [f"after a reload and {what} the page is at {after['step']}, it was at {before['step']}"]
    return []


def hostile_file(rng: random.Random, save_text) -> bytes:
    """A file meant to break the reader: deep nesting, a field of the wrong type, truncated, a duplicate key,
    more than 4 MB."""
    kind = rng.choice(["deep", "type", "truncate", "duplicate", "big"] if save_text else ["deep", "big"])
    if kind == "deep":
        return rng.choice(["[", '{"a":']) .encode() * rng.choice([65, 1000, 100_000])
    if kind == "big":
        return b" " * (4 * 1024 * 1024 + 1)
    match = json.loads(save_text)["match"]
    text = json.dumps(match)
    if kind == "truncate":
        return text[:rng.randrange(len(text))].encode()
    if kind == "duplicate":
        return text.replace('"seed":', '"seed": 0, "seed":', 1).encode()
    from tests.fuzz_matchfiles import json_type, paths, put
    path = rng.choice(paths(match))
    old = json.loads(json.dumps(match))
    for step in path:
        old = old[step]
    value = rng.choice([v for v in (None, True, 1.5, 7, "x", [], {}) if json_type(v) != json_type(old)])
    return json.dumps(put(match, path, value)).encode()


def import_file(page, rng: random.Random, save_text, hostile=False) -> bool:
    """Open a match file from the setup screen: the current match, or a broken file (or a hostile one:
    returns True then)."""
    choice = rng.random()
    if save_text == CORRUPT_TEXT:
        save_text = None
    hostile = hostile and rng.random() < 0.5
    if hostile:
        data = hostile_file(rng, save_text)
    elif save_text and choice < 0.6:
        data = json.dumps(json.loads(save_text)["match"]).encode()
    elif choice < 0.8:
        data = b'{"format": "mexican-train", "version": 1, "rules": {}}'
    else:
        data = b"not json at all"
    with page.expect_file_chooser(timeout=5_000) as fc:
        page.click('#setup-screen [data-action="import"]')
    fc.value.set_files({"name": "match.json", "mimeType": "application/json", "buffer": data})
    page.wait_for_timeout(150)
    return hostile


STORAGE_FULL = """() => {
  if (window.__realSetItem) return;
  window.__realSetItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (this === window.localStorage) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    return window.__realSetItem.call(this, key, value);
  };
}"""
STORAGE_BACK = """() => { if (window.__realSetItem) { Storage.prototype.setItem = window.__realSetItem;
  delete window.__realSetItem; } }"""
CORRUPT_TEXT = '{"broken": '
CORRUPT_SAVE = """([key, text]) => (window.__realSetItem || Storage.prototype.setItem).call(localStorage, key, text)"""
SPEEDS = ["instant", "fast", "normal", "slow"]


def storage_fault(page, rng: random.Random, full: bool) -> tuple[str, bool]:
    """Switch localStorage's writes off or on, or overwrite the save with something unreadable."""
    if rng.random() < 0.3:
        page.evaluate(CORRUPT_SAVE, [MATCH_KEY, CORRUPT_TEXT])
        return "the save overwritten with something unreadable", full
    page.evaluate(STORAGE_BACK if full else STORAGE_FULL)
    return ("storage writes work again" if full else "storage full"), not full


def export(page, x: float, y: float) -> None:
    """Click Export: the match file is saved at once, or the page first asks (#export-dialog: people pass the device
    mid-round, and the file shows every hand; the dialog's own button saves it then). One of the two within 5 s."""
    saved: list = []

    def on_download(download) -> None:
        saved.append(download)

    page.on("download", on_download)
    try:
        page.mouse.click(x, y)
        for _ in range(100):
            if saved or page.evaluate("() => !!document.querySelector('#export-dialog[open]')"):
                return
            page.wait_for_timeout(50)
        raise TimeoutError("Export neither saved a file nor asked first within 5 s")
    finally:
        page.remove_listener("download", on_download)


def what_failed(err: Exception) -> str:
    """The first line of an error, with the element a timed-out action waited for (Playwright's call log)."""
    lines = str(err).splitlines()
    waited = next((line.strip() for line in lines if "waiting for" in line and "locator" in line), "")
    return lines[0] + (f" ({waited})" if waited else "") if lines else repr(err)


def run_seed(page, watch, seed: int, steps: int, wait_ready, kinds=("random", "random", "easy"),
             reload_at=(), log=None, scope=None) -> dict:
    """One seeded match of random steps; raises MonkeyFailure at the first problem. Returns counts."""
    scope = {**SCOPE, **(scope or {})}
    rng = random.Random(f"monkey/{seed}")
    settings = random_settings(rng, kinds, scope)
    trail = [f"settings {json.dumps(settings)}"]
    counts = {"steps": 0, "clicks": 0, "keys": 0, "reloads": 0, "imports": 0, "rounds_ended": 0,
              "faults": 0, "hostile": 0, "speed_changes": 0}
    full = False

    def fail(step, problems, snap=None):
        save = (snap or {}).get("save")
        raise MonkeyFailure(seed, step, "; ".join(problems), save, trail)

    page.evaluate(STORAGE_BACK)
    try:
        start_match(page, settings)
    except Exception as err:  # the page left by the seed before would not let the match be set up: a finding
        fail(0, [f"the match could not be set up: {type(err).__name__}: {what_failed(err)}"])
    for step in range(steps):
        roll = rng.random()
        try:
            if step in reload_at or roll < 0.012:
                problems = reload_and_continue(page, wait_ready)
                trail.append("reload")
                counts["reloads"] += 1
                full = False   # the override of the storage goes with the page
                if problems:
                    fail(step, problems)
            elif (roll < 0.02 and page.locator("#setup-screen").is_visible()
                  and not page.locator("dialog[open]").count()):
                snap = snapshot(page)
                hostile = import_file(page, rng, snap["save"] if snap["save"] not in (None, "unavailable") else None,
                                      hostile=scope["hostile"])
                trail.append("import (hostile)" if hostile else "import")
                counts["imports"] += 1
                counts["hostile"] += hostile
            elif scope["faults"] and roll < 0.03:
                what, full = storage_fault(page, rng, full)
                trail.append(what)
                counts["faults"] += 1
            elif scope["speeds"] and page.locator("#menu-dialog").is_visible() and rng.random() < 0.3:
                speed = rng.choice(SPEEDS)
                page.select_option("#menu-speed", speed)
                trail.append(f"menu speed {speed}")
                counts["speed_changes"] += 1
            elif roll < 0.3:
                key = rng.choice(KEYS)
                page.keyboard.press(key)
                trail.append(f"key {key}")
                counts["keys"] += 1
            else:
                pick = page.evaluate(PICK_JS, [WEIGHTS, rng.random()])
                if pick is None:
                    page.keyboard.press("Escape")
                    trail.append("nothing to click: Escape")
                elif pick["what"] == "import":
                    snap = snapshot(page)
                    hostile = import_file(page, rng,
                                          snap["save"] if snap["save"] not in (None, "unavailable") else None,
                                          hostile=scope["hostile"])
                    trail.append("import (hostile)" if hostile else "import")
                    counts["imports"] += 1
                    counts["hostile"] += hostile
                else:
                    downloads = pick["what"] == "export_confirmed" or (
                        pick["what"] == "download_unreadable" and snapshot(page)["save"] is not None)
                    if pick["what"] == "export":
                        export(page, pick["x"], pick["y"])
                    elif downloads:
                        with page.expect_download(timeout=5_000):
                            page.mouse.click(pick["x"], pick["y"])
                    else:
                        page.mouse.click(pick["x"], pick["y"])
                    trail.append(f"click {pick['kind']} {pick['what']}")
                    counts["clicks"] += 1
                    if pick["kind"] in ("round-button", "next_round", "final_results"):
                        counts["rounds_ended"] += 1
            wait_idle(page)
        except MonkeyFailure:
            raise
        except Exception as err:  # a timeout or a page that stopped answering is a finding too
            fail(step, [f"{type(err).__name__}: {what_failed(err)}"])
        snap = snapshot(page)
        problems = check_snapshot(snap)
        problems += watch.errors + [f"request to another host: {u}" for u in watch.foreign]
        watch.errors, watch.foreign = [], []
        if problems:
            fail(step, problems, snap)
        counts["steps"] += 1
        if log:
            log(seed, step, trail[-1])
    return counts
