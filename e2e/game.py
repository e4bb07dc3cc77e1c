"""Driving the page as a person would: the setup form, data-tile / data-train / data-action hooks.

Also small searches on CPython (the same engine the page runs) for deals that
produce a situation a test needs: a seat with nothing to play, an open double.
"""

from __future__ import annotations

import re

from mexican_train.ui.controller import handle, start
from mexican_train.ui.viewmodel import view_model
from tests.helpers import send, settings

CMD = '[data-action="{}"]'


def match_on_fresh_page(fresh_page, players, init_script=None, **settings):
    """A page of its own (``fresh_page``, with ``init_script`` added before the page's scripts), ready, with a
    match of ``players`` started from the setup form: (page, watch, game)."""
    from e2e.conftest import wait_ready
    page, watch, url = fresh_page()
    if init_script:
        page.add_init_script(init_script)
    page.goto(url)
    wait_ready(page)
    game = Game(page)
    game.new_match(players, **settings)
    return page, watch, game


def to_setup(page, settle=lambda page: None):
    """The setup screen, reached through the page's own controls whatever dialog is on top (the one way to
    it in the browser tests); ``settle(page)`` runs before each look (the monkey waits for its slow
    computers there)."""
    for _ in range(30):
        settle(page)
        top = page.evaluate("([...document.querySelectorAll('dialog[open]')].pop() || {}).id || null")
        if top is None and page.locator("#setup-screen").is_visible():
            return
        if top == "menu-dialog":
            page.click('#menu-dialog [data-action="setup"]')
        elif top in ("help-dialog", "confirm-dialog"):
            page.keyboard.press("Escape")
        elif top == "match-dialog":
            page.click('#match-dialog [data-action="setup"]')
        elif top == "round-dialog":
            page.click("#round-button")
        elif top == "pause-dialog":
            page.click('#pause-dialog [data-action="resume"]')
        elif top is not None:   # the screens beside the board (replay, statistics, daily deal...) close on Escape
            page.keyboard.press("Escape")
        else:
            page.click('.topbar [data-action="menu"]')
    page.wait_for_selector("#setup-screen", state="visible")


def open_settings(page):
    """The whole setup form: "Change settings" opens it."""
    if page.get_attribute("#settings-toggle", "aria-expanded") != "true":
        page.click("#settings-toggle")
    page.wait_for_selector("#setup", state="visible")


class Game:
    def __init__(self, page):
        self.page = page

    # -- setup ---------------------------------------------------------------------
    def open_setup(self):
        """The setup screen, with every setting shown (the form opens with "Change settings")."""
        to_setup(self.page)
        open_settings(self.page)

    def fill_setup(self, players, set=6, rounds="one", speed="instant", seed=None, preset="standard", after_turn="wait",
                   **options):
        page = self.page
        self.open_setup()
        page.select_option("#preset", preset)
        page.check(f'input[name="set"][value="{set}"]')
        page.select_option("#seats", str(len(players)))
        for i, (name, kind) in enumerate(players):
            page.fill(f"#seat-name-{i}", name)
            page.select_option(f"#seat-kind-{i}", kind)
        page.check(f'input[name="rounds"][value="{rounds}"]')
        page.select_option("#cpu_speed", speed)
        page.select_option("#after_turn", after_turn)
        if options.get("double_rule"):
            page.select_option("#double_rule", options["double_rule"])
        if seed is not None or page.locator("#seed").is_visible():
            if not page.locator("#seed").is_visible():
                page.click(".advanced summary")
            page.fill("#seed", "" if seed is None else str(seed))

    def new_match(self, players, wait=True, **kw):
        """Start a match from the setup form (confirming that it replaces the saved one)."""
        page = self.page
        self.fill_setup(players, **kw)
        page.click('#setup [data-action="start"]')
        if page.locator("#confirm-dialog").is_visible():
            page.click('[data-action="confirm_new"]')
        page.wait_for_selector("#game-screen", state="visible")
        if wait:
            self.idle()

    # -- reading the screen ---------------------------------------------------------------
    def attr(self, name):
        return self.page.locator("html").get_attribute(name)

    def idle(self, timeout=30_000):
        """Wait until no CPU step is pending (CPU turns at 'instant' speed finish quickly)."""
        self.page.wait_for_selector('html[data-cpu-pending="0"]', state="attached", timeout=timeout)

    def shown(self, action):
        loc = self.page.locator(f"#game-screen {CMD.format(action)}")
        return loc.count() > 0 and loc.first.is_visible()

    def hand(self):
        return self.page.eval_on_selector_all("#hand-tiles [data-tile]", "els => els.map(e => e.dataset.tile)")

    def playable(self):
        return self.page.eval_on_selector_all("#hand-tiles .htile.playable", "els => els.map(e => e.dataset.tile)")

    def selected(self):
        return self.page.eval_on_selector_all('#hand-tiles [aria-pressed="true"]', "els => els.map(e => e.dataset.tile)")

    def targets(self):
        return self.page.eval_on_selector_all('#trains [data-train]:not([aria-disabled="true"])',
                                              "els => els.map(e => e.dataset.train)")

    def banner(self):
        return self.page.inner_text("#banner")

    def train_row(self, train):
        return self.page.locator(f'#trains [data-row="{train}"]')

    # -- acting -------------------------------------------------------------------------
    def click(self, action):
        self.page.click(f"#game-screen {CMD.format(action)}")
        if action == "hint":  # the hint is worked out in slices: wait until it is shown
            self.page.wait_for_selector('html:not([data-thinking="hint"])', state="attached")

    def play(self, tile, train):
        self.page.click(f'#hand-tiles [data-tile="{tile}"]')
        self.page.click(f'#trains [data-train="{train}"]')

    def replay(self, steps):
        """Make the steps of ``open_double_line``: ("command", name) or ("play", tile, train)."""
        for step in steps:
            if step[0] == "command":
                self.click(step[1])
            else:
                self.play(step[1], step[2])

    def play_to_the_end(self, limit=300):
        """Take ``step_once`` until the match-end dialog shows (and check that it does)."""
        for _ in range(limit):
            if not self.step_once():
                break
        assert self.page.locator("#match-dialog").is_visible()

    def step_once(self):
        """One thing a person at the screen would do next; returns False once the match-end dialog shows."""
        page = self.page
        self.idle()
        if page.locator("#match-dialog").is_visible():
            return False
        if page.locator("#round-dialog").is_visible():
            page.click("#round-button")
            return True
        for action in ("next", "reveal", "draw", "pass", "stop"):
            if self.shown(action):
                self.click(action)
                return True
        tiles = self.playable()
        assert tiles, "a human turn with nothing to do: " + self.banner()
        page.click(f'#hand-tiles [data-tile="{tiles[0]}"]')
        target = self.targets()[0]
        page.click(f'#trains [data-train="{target}"]')
        return True


# -- CPython searches over deals ------------------------------------------------------------

def tile_texts(tiles):
    return [f"{t.low}-{t.high}" for t in tiles]


def mentions(html: str, tile: str) -> bool:
    """True when the page text or markup shows tile "a-b" (or "b-a") as a tile."""
    a, b = tile.split("-")
    return any(re.search(rf"(?<![\d-]){x}-{y}(?![\d])", html) for x, y in ((a, b), (b, a)))


def first_turn_draws_and_marks(players, tries=500):
    """A seed where seat 0 has no play on its first turn and the drawn tile does not fit either."""
    for seed in range(tries):
        session = start(settings(*players, seed=seed, cpu_speed="instant"))
        if {a.kind for a in session.match.legal_actions()} != {"draw"}:
            continue
        after = send(session, {"type": "command", "name": "draw"})
        if after.match.round.trains[0].marked:
            return seed
    raise AssertionError("no such deal")


def apply_action(session, action):
    """Apply one action through the events a person sends: a play is a tile click then a train click."""
    if action.kind == "play":
        session = handle(session, {"type": "tile", "tile": f"{action.tile.low}-{action.tile.high}"})
        return handle(session, {"type": "train", "train": str(action.train)})
    return handle(session, {"type": "command", "name": action.kind})


def open_double_line(tries=120):
    """Two people on double-6: a seed, and the clicks that leave an open double binding the next seat.

    Returns (seed, steps, bound_seat): steps are ("command", name) or ("play", tile, train) in the
    order a person makes them from the start; after them ``bound_seat`` must cover the double.
    """
    players = [("Ana", "human"), ("Ben", "human")]
    found = []
    for seed in range(tries):
        line = _open_double_line(players, seed)
        if line:
            found.append((len(line[0]), seed, line))
    if not found:
        raise AssertionError("no open double came up")
    _, seed, (steps, seat) = min(found)
    return seed, steps, seat


def _open_double_line(players, seed):
    session = start(settings(*players, seed=seed, cpu_speed="instant"))
    steps = []
    for _ in range(60):
        match = session.match
        if match.round.result is not None:
            break
        commands = {c["id"] for c in view_model(session)["commands"] if c["shown"]}
        if "next" in commands or "reveal" in commands:
            name = "next" if "next" in commands else "reveal"
            if name == "reveal" and match.round.phase == "bound" and steps:
                covers = [a for a in match.legal_actions() if a.kind == "play"]
                return (steps, match.seat) if covers else None
            steps.append(("command", name))
            session = handle(session, {"type": "command", "name": name})
            continue
        legal = match.legal_actions()
        plays = [a for a in legal if a.kind == "play"]
        state = match.round
        if state.phase == "double":   # leave the double open: put the extra tile elsewhere
            placed = state.train_name(state.doubles[-1])
            choice = ([a for a in plays if a.train != placed] or plays or legal)[0]
        else:
            choice = ([a for a in plays if a.tile.is_double] or plays or legal)[0]
        if choice.kind == "play":
            steps.append(("play", f"{choice.tile.low}-{choice.tile.high}", str(choice.train)))
        else:
            steps.append(("command", choice.kind))
        session = apply_action(session, choice)
    return None
