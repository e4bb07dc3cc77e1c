"""Pictures of the game as a player sees it, on a phone (360 x 740) and a desktop (1280 x 800): the first
screen, the first turn, a picked tile, a round's summary and the match's results.

    MT_SCREENSHOTS=1 python3 -m pytest -q e2e/test_screenshots.py   # refresh docs/screenshots/

Without MT_SCREENSHOTS the pictures go to a temporary folder (the screens are still walked through and
checked), so a test run leaves the committed ones alone: they change only when someone looks at the new
ones and commits them.
"""

from __future__ import annotations

import os

import pytest
from e2e.conftest import ROOT, wait_ready
from e2e.game import Game

SIZES = {"phone": {"width": 360, "height": 740}, "desktop": {"width": 1280, "height": 800}}
PLAYERS = [("", "human"), ("", "normal"), ("", "easy")]
FOLDER = os.path.join(ROOT, "docs", "screenshots")


@pytest.mark.parametrize("size", list(SIZES))
def test_screenshots_of_the_screens_a_player_meets(browser, server, tmp_path, size):
    folder = FOLDER if os.environ.get("MT_SCREENSHOTS") else str(tmp_path)
    os.makedirs(folder, exist_ok=True)
    context = browser.new_context(viewport=SIZES[size], reduced_motion="reduce")
    try:
        page = context.new_page()
        page.set_default_timeout(20_000)
        page.goto(server + "?test=1")
        wait_ready(page)
        game = Game(page)
        taken = []

        def shot(name):
            page.evaluate("document.activeElement && document.activeElement.blur()")   # no focus ring in the picture
            path = os.path.join(folder, f"{size}-{name}.png")
            page.screenshot(path=path)
            taken.append(path)

        shot("1-setup")
        game.new_match(PLAYERS, set=9, rounds="short", speed="instant", seed=12, after_turn="go")
        game.open_setup()                              # the first screen again, with a match in play: the one tap
        page.click("#settings-toggle")                 # is Back to the match; the settings closed
        page.click('#saved-panel [data-action="back"]')
        page.wait_for_selector("#game-screen", state="visible")
        game.idle()
        assert page.get_attribute("html", "data-focus") == "hand"
        shot("2-first-turn")
        page.click(f'#hand-tiles [data-tile="{game.playable()[0]}"]')
        shot("3-tile-picked")
        page.keyboard.press("Escape")
        for _ in range(400):
            game.idle()
            if page.locator("#round-dialog").is_visible() or not game.step_once():
                break
        assert page.locator("#round-dialog").is_visible()
        shot("4-round-summary")
        game.play_to_the_end()
        shot("5-results")
        assert all(os.path.getsize(p) > 10_000 for p in taken), taken
    finally:
        context.close()
