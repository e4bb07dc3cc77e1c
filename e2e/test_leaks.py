"""Hidden information stays hidden: no other seat's hand and no boneyard tile is anywhere in the page.

At every step of whole matches (one person against CPUs; two and three people passing the device,
through every handover screen; a reload and Continue in the middle) the page is searched for every
tile it must not show: the tiles in other seats' hands and in the boneyard, as the save replayed by
the real engine says they are. Searched: the whole text (visible and hidden nodes, the live region
and its history), every attribute value of every element (data-tile, aria-label, ...), every
accessible name, description and value in Chromium's full accessibility tree, and form values. The
tile formats are every way the page writes a tile: "3-9" / "9-3", "3 and 9", "double 5". Tile faces
carry no text (large numerals do), so the faces are counted: exactly the layout, the engine and the
hand that may be seen; a hidden hand is not drawn face down, it is not drawn at all.

The end-of-round screen is exempt: every hand is shown there on purpose.
"""

from __future__ import annotations

import json
import re

import pytest
from e2e.conftest import open_game, wait_ready
from e2e.game import Game

from mexican_train import matchfile
from mexican_train.ui.storage import MATCH_KEY

GATHER_JS = """() => {
  const attrs = [];
  for (const el of document.querySelectorAll('*')) for (const a of el.attributes) attrs.push(a.value);
  const values = [...document.querySelectorAll('input, select, textarea')].map((e) => e.value);
  const faces = (sel) => document.querySelectorAll(sel).length;
  return {text: document.documentElement.textContent + '\\n' + document.body.innerText, attrs, values,
          faces: {all: faces('svg.face'), hand: faces('#hand-tiles svg.face'), trains: faces('#trains .ttiles svg.face'),
                  hub: faces('#hub svg.face'), roundEnd: faces('#round-rows svg.face')},
          trainTiles: [...document.querySelectorAll('#trains .ttiles')].map((b) => b.children.length),
          hand: [...document.querySelectorAll('#hand-tiles [data-tile]')].map((b) => b.dataset.tile),
          screen: document.documentElement.dataset.screen || null,
          view: document.documentElement.dataset.view || 'setup',
          save: localStorage.getItem(%s)};
}""" % json.dumps(MATCH_KEY)


def ax_strings(cdp) -> list[str]:
    """Every name, description and value in Chromium's full accessibility tree (ignored nodes too)."""
    out = []
    for node in cdp.send("Accessibility.getFullAXTree")["nodes"]:
        for key in ("name", "description", "value"):
            v = (node.get(key) or {}).get("value")
            if isinstance(v, (str, int, float)):
                out.append(str(v))
        for prop in node.get("properties") or []:
            v = (prop.get("value") or {}).get("value")
            if isinstance(v, str):
                out.append(v)
    return out


def hidden_pattern(tiles) -> re.Pattern:
    """One expression for every way the page writes any of these tiles: "3-9", "9-3", "3 and 9", "double 5"."""
    dashed, spoken, doubles = set(), set(), set()
    for a, b in tiles:
        dashed |= {f"{a}-{b}", f"{b}-{a}"}
        spoken |= {f"{a} and {b}", f"{b} and {a}"}
        if a == b:
            doubles.add(str(a))
    parts = [rf"(?<![\d-])(?:{'|'.join(sorted(dashed))})(?!\d)", rf"(?<!\d)(?:{'|'.join(sorted(spoken))})(?!\d)"]
    if doubles:
        parts.append(rf"\b[Dd]ouble (?:{'|'.join(sorted(doubles))})(?![\d-])")
    return re.compile("|".join(parts))


class Seen:
    def __init__(self):
        self.checks = 0
        self.screens: set[str] = set()


def check_no_leak(page, cdp, seen: Seen, where: str) -> None:
    g = page.evaluate(GATHER_JS)
    if g["view"] != "game" or not g["save"]:
        return
    match = matchfile.from_dict(json.loads(g["save"])["match"])
    if g["screen"] in ("round_end", "match_end"):      # hands are shown at the end of a round on purpose
        seen.screens.add(g["screen"])
        return
    state = match.round
    people = [i for i, p in enumerate(match.players) if p.kind == "human"]
    hand = sorted(g["hand"])
    if len(people) == 1:
        viewer = people[0]
    elif hand:
        viewer = state.seat                             # a revealed hotseat hand: the seat to move only
    else:
        viewer = None
    seen.screens.add("hand shown" if viewer is not None else "no hand")
    if viewer is not None:
        assert hand == sorted(f"{t[0]}-{t[1]}" for t in state.hands[viewer]), f"{where}: the hand on screen"
    hidden = [t for seat, h in enumerate(state.hands) if seat != viewer for t in h] + list(state.boneyard)
    haystacks = {"text": [g["text"]], "attribute": g["attrs"], "form value": g["values"],
                 "accessibility tree": ax_strings(cdp)}
    if hidden:
        pattern = hidden_pattern(hidden)
        for kind, values in haystacks.items():
            joined = "\n\u241e".join(values)
            m = pattern.search(joined)
            if m:
                context = joined[max(0, m.start() - 60):m.end() + 60].replace("\n", " ")
                pytest.fail(f"{where}: hidden tile {m.group(0)!r} appears in the page's {kind}: ...{context}...")
    # faces: the engine, the layout tiles drawn, and the visible hand; nothing face down, nothing else
    f = g["faces"]
    assert f["hand"] == (len(state.hands[viewer]) if viewer is not None else 0), f"{where}: hand faces {f}"
    assert f["trains"] == sum(g["trainTiles"]) <= sum(len(t.tiles) for t in state.trains), f"{where}: {f}"
    assert f["all"] == f["hand"] + f["trains"] + f["hub"] + f["roundEnd"] and f["roundEnd"] == 0, f"{where}: {f}"
    assert f["hub"] == 1, f"{where}: the engine is drawn once"
    seen.checks += 1


def play_checked(game: Game, cdp, seen: Seen, limit=400, hint_every=5, reload_at=None, wait=None):
    """Play the match to its end screen like a person, checking the page before every step."""
    page = game.page
    for n in range(limit):
        game.idle()
        check_no_leak(page, cdp, seen, f"step {n}")
        if reload_at is not None and n == reload_at:
            page.reload()
            wait(page)
            page.click('#saved-panel [data-action="continue_saved"]')
            page.wait_for_selector("#game-screen", state="visible")
            check_no_leak(page, cdp, seen, "after a reload and Continue")
            if page.locator("#pause-dialog").is_visible():   # leaving the page paused the match
                page.click('#pause-dialog [data-action="resume"]')
            continue
        if hint_every and n % hint_every == 2 and game.shown("hint"):
            game.click("hint")
            check_no_leak(page, cdp, seen, f"step {n}, after a hint")
            if game.targets():                          # the hint picked a tile: play it where it says
                page.click(f'#trains [data-train="{game.targets()[0]}"]')
                continue
        if n % 7 == 3 and game.shown("pause"):
            page.keyboard.press("p")
            check_no_leak(page, cdp, seen, f"step {n}, paused")
            page.keyboard.press("p")
        if not game.step_once():
            return
    pytest.fail("the match did not end")


@pytest.fixture(scope="module")
def leak_page(browser, server):
    context, page, watch = open_game(browser, server + "?test=1")
    cdp = context.new_cdp_session(page)
    cdp.send("Accessibility.enable")
    yield page, watch, cdp
    context.close()


def test_one_person_against_cpus_sees_only_their_own_hand(leak_page):
    page, watch, cdp = leak_page
    game = Game(page)
    seen = Seen()
    game.new_match([("Ana", "human"), ("Bot", "random"), ("Cyd", "easy")], set=9, rounds="one", speed="instant",
                   seed=31)
    play_checked(game, cdp, seen, reload_at=6, wait=wait_ready)
    assert seen.checks >= 10 and {"hand shown", "round_end"} <= seen.screens, seen.screens
    watch.check()


@pytest.mark.parametrize("players", [
    [("Ana", "human"), ("Ben", "human")],
    [("Ana", "human"), ("Ben", "human"), ("Cyd", "human"), ("Bot", "random")],
], ids=["two people", "three people and a cpu"])
def test_people_passing_the_device_see_only_their_own_hand_on_their_own_turn(leak_page, players):
    page, watch, cdp = leak_page
    game = Game(page)
    seen = Seen()
    game.new_match(players, set=6, rounds="one", speed="instant", seed=12)
    play_checked(game, cdp, seen, hint_every=4)
    assert seen.checks >= 10 and {"hand shown", "no hand", "round_end"} <= seen.screens, seen.screens
    watch.check()
