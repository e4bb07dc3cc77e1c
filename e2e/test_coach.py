"""A reason to come back, in the page: the review, the replay, the statistics and the daily deal.

One page of its own for this file (its own storage, so the statistics count only what these tests play;
Python boots once), with axe-core injected (``bypass_csp``, as in test_accessibility.py). Matches are
one round of double-6 against CPU: Random, with a fixed deal, played by the first playable tile each turn.
"""

from __future__ import annotations

import datetime as dt
import json
import re

import pytest
from e2e.conftest import DESKTOP, open_game
from e2e.game import Game
from e2e.test_accessibility import assert_no_violations, run_axe

from mexican_train import matchfile
from mexican_train.i18n import long_date
from mexican_train.ui import replay
from mexican_train.ui.records import DAILY_KEY, STATS_KEY
from mexican_train.ui.storage import MATCH_KEY

VS_CPU = [("Ana", "human"), ("Bot", "random")]
SEED = 3   # a deal where playing the first playable tile costs points: the review has items


@pytest.fixture(scope="module")
def coach(browser, server):
    context, page, watch = open_game(browser, server + "?test=1", bypass_csp=True,
                                     permissions=["clipboard-read", "clipboard-write"])
    yield Game(page), watch
    context.close()


@pytest.fixture
def game(coach):
    g, watch = coach
    watch.errors, watch.foreign = [], []
    g.page.set_viewport_size(DESKTOP)
    yield g
    watch.check()


def play_round(g: Game, limit: int = 400) -> None:
    """Play until a round-end or match-end dialog shows."""
    for _ in range(limit):
        g.idle()
        if g.page.locator("#round-dialog").is_visible() or g.page.locator("#match-dialog").is_visible():
            return
        g.step_once()
    pytest.fail("the round did not end")


def stored(page, key):
    return page.evaluate("k => localStorage.getItem(k)", key)


def test_a_round_played_then_reviewed_and_an_item_opens_the_replay(game):
    page = game.page
    game.new_match(VS_CPU, seed=SEED)
    play_round(game)
    found = {}
    page.click('#round-dialog [data-action="review"]')
    page.wait_for_selector('html[data-review="done"]', state="attached")
    items = page.locator("#review-items li")
    assert items.count() >= 1, page.inner_text("#review-summary")
    first = items.nth(0).inner_text()
    assert "Played:" in first and "Strong would play:" in first and re.search(r"About \d+(\.\d)? points", first)
    run_axe(page, "review", found)

    # the item's place in the file: the review in Python on the same match
    match = matchfile.from_dict(json.loads(stored(page, MATCH_KEY))["match"])
    where = re.search(r"Round (\d+), action (\d+)", first)
    round_index, action_index = int(where[1]) - 1, int(where[2]) - 1
    page.click('#review-items li >> nth=0 >> [data-action="review_jump"]')
    page.wait_for_selector("#replay-screen", state="visible")
    steps = replay.steps(match)
    index = replay.index_of(steps, round_index, action_index)
    assert page.get_attribute("html", "data-replay-index") == str(index)
    assert f"before action {action_index + 1} of" in page.inner_text("#replay-where")   # the review's own number
    assert page.locator("#replay-item-field").is_visible()
    run_axe(page, "replay", found)

    page.click('[data-action="replay_back"]')
    page.wait_for_selector("#game-screen", state="visible")
    page.wait_for_selector("#review-dialog", state="visible")   # back where the jump was made
    page.click('#review-dialog [data-action="close_dialog"]')
    page.wait_for_selector("#round-dialog", state="visible")
    page.click("#round-button")                      # on to the match's end
    page.wait_for_selector("#match-dialog", state="visible")
    assert_no_violations(found)


def test_the_coach_reads_a_round_over_while_the_page_is_idle_and_its_review_opens_at_once(game):
    page = game.page
    game.new_match(VS_CPU, seed=SEED)
    play_round(game)
    page.wait_for_selector('html[data-read-ahead="0"]', state="attached")   # read while the dialog waited
    page.evaluate("window.mtPerf.steps.length = 0")
    page.click('#round-dialog [data-action="review"]')
    page.wait_for_selector('html[data-review="done"]', state="attached")
    assert page.locator("#review-items li").count() >= 1
    asked = [s["type"] for s in page.evaluate("window.mtPerf.steps")]
    assert asked == ["review"], asked                 # shown from the first answer: nothing left to work out
    page.click('#review-dialog [data-action="close_dialog"]')
    page.wait_for_selector("#round-dialog", state="visible")
    page.click("#round-button")                      # on to the match's end, as the tests after it expect
    page.wait_for_selector("#match-dialog", state="visible")


def test_the_replay_by_keyboard_alone_shows_no_hidden_tile_of_an_unfinished_round(game):
    page = game.page
    game.new_match(VS_CPU, seed=SEED + 1)
    for _ in range(4):                               # a few moves each: the round goes on
        game.step_once()
    game.idle()
    assert len(json.loads(stored(page, MATCH_KEY))["match"]["rounds"][0]["actions"]) >= 3
    game.open_setup()
    page.focus('#more [data-action="replay"]')
    page.keyboard.press("Enter")
    page.wait_for_selector("#replay-dialog", state="visible")
    found = {}
    run_axe(page, "replay choice", found)
    page.keyboard.press("Enter")                     # "The saved match" has the focus
    page.wait_for_selector("#replay-screen", state="visible")
    assert page.evaluate("document.activeElement.dataset.action") == "replay_next"

    def at():
        return int(page.get_attribute("html", "data-replay-index"))

    for key, expect in (("ArrowRight", 1), ("ArrowRight", 2), ("ArrowLeft", 1), ("End", None), ("Home", 0)):
        page.keyboard.press(key)
        if expect is not None:
            assert at() == expect, key
        else:
            assert at() >= 2
        said = page.inner_text("#replay-said").strip()
        assert said, f"step {at()} is not narrated"
    page.keyboard.press("End")
    # the round is unfinished: no hand's tiles anywhere on the replay screen, only counts
    assert page.locator("#replay-hands .tiles-text").count() == 0
    assert page.locator("#replay-hands .hidden-note").count() == 2
    hands = json.loads(stored(page, MATCH_KEY))["match"]["rounds"][0]["hands"]
    text = page.inner_text("#replay-screen")
    still_hidden = [t for t in hands[1] if t not in text]
    assert still_hidden, "a CPU tile is named on the replay screen"
    page.keyboard.press("Tab")
    while page.evaluate("document.activeElement.dataset.action") != "replay_back":
        page.keyboard.press("Shift+Tab")
    page.keyboard.press("Enter")
    page.wait_for_selector("#setup-screen", state="visible")
    assert_no_violations(found)


def test_statistics_after_two_matches_export_import_and_reset(game):
    page = game.page
    page.evaluate("k => localStorage.setItem(k, '{not json')", STATS_KEY)
    game.open_setup()
    page.click('#more [data-action="stats"]')
    assert "kept in this browser's storage under the name mexican-train:unreadable/" in page.inner_text("#stats-message")
    kept = page.evaluate("""() => Object.keys(localStorage).filter(k => k.startsWith('mexican-train:unreadable/'))
                                   .map(k => localStorage.getItem(k))""")
    assert "{not json" in kept
    page.click('#stats-dialog [data-action="close_dialog"]')
    for seed in (SEED, SEED + 2):
        game.new_match(VS_CPU, seed=seed)
        play_round(game)
        page.click("#round-button")
        page.wait_for_selector("#match-dialog", state="visible")
    record = json.loads(stored(page, STATS_KEY))
    assert record["format"] == "mexican-train-stats" and record["version"] == 1
    assert len(record["matches"]) == 2
    game.open_setup()
    page.click('#more [data-action="stats"]')
    figures = dict(zip(page.locator("#stats-rows dt").all_inner_texts(), page.locator("#stats-rows dd").all_inner_texts()))
    assert figures["Rounds played"] == "2"
    assert figures["Matches played"] == "2"    # one-round matches: over with their round
    assert page.locator("#stats-chart svg .series circle").count() == 2
    found = {}
    run_axe(page, "statistics", found)
    # what this browser keeps, said beside the export; Chromium answers persist() without a prompt
    assert "Safari deletes them after seven days" in page.inner_text(".stats-keep")
    ask = page.locator('[data-action="stats_keep"]')
    if ask.is_visible():
        ask.click()
        page.wait_for_selector("#stats-keep-kept:not([hidden]), #stats-keep-refused:not([hidden])", state="attached")

    with page.expect_download() as got:
        page.click('[data-action="stats_export"]')
    exported = json.loads(open(got.value.path(), encoding="utf-8").read())
    assert exported["format"] == "mexican-train-stats" and len(exported["matches"]) == 2
    page.set_input_files("#stats-file", files=[{"name": "s.json", "mimeType": "application/json",
                                                 "buffer": json.dumps(exported).encode()}])
    page.wait_for_function("() => document.getElementById('stats-message').textContent.includes('imported')")
    assert dict(zip(page.locator("#stats-rows dt").all_inner_texts(),
                    page.locator("#stats-rows dd").all_inner_texts()))["Matches played"] == "2"

    page.click('[data-action="stats_reset"]')
    run_axe(page, "statistics reset", found)
    page.keyboard.press("Escape")            # "Keep them": nothing is reset
    assert len(json.loads(stored(page, STATS_KEY))["matches"]) == 2
    page.click('[data-action="stats_reset"]')
    page.click('[data-action="stats_reset_confirmed"]')
    assert json.loads(stored(page, STATS_KEY))["matches"] == []
    page.click('#stats-dialog [data-action="close_dialog"]')
    assert_no_violations(found)


def test_the_daily_deal_is_played_apart_from_the_match_and_shared_without_spoilers(game):
    page = game.page
    game.new_match(VS_CPU, seed=SEED)
    saved = stored(page, MATCH_KEY)
    game.open_setup()
    page.select_option("#cpu_speed", "instant")
    page.click('#more [data-action="daily"]')
    # The calendar's days still to come look muted; on a Sunday this week has none, so one day is given their class,
    # and axe weighs their colours whatever the day the test runs on.
    page.eval_on_selector("#daily-weeks td:not(.today)", "td => td.classList.add('future')")
    found = {}
    run_axe(page, "daily", found)
    assert "Not played yet today." in page.inner_text("#daily-status")
    dealt = dt.datetime.now(dt.timezone.utc).date()   # the deal is the day's it was dealt, should midnight pass
    page.click("#daily-play")
    page.wait_for_selector("#game-screen", state="visible")
    play_round(game, limit=600)
    page.wait_for_selector("#round-dialog", state="visible")
    page.click("#round-button")                        # Final results
    page.wait_for_selector("#match-daily-share", state="visible")
    run_axe(page, "daily end", found)
    today, in_words = dealt.isoformat(), long_date(dealt)           # the record's key; the day as English writes it
    text = page.inner_text("#match-daily-share [data-share-text]")
    plain = text.replace("\u00a0", " ")                            # as innerText may give its no-break spaces
    assert plain.startswith(f"Mexican Train daily deal, {in_words.replace(chr(160), ' ')}:") and "points" in text
    assert not re.search(r"\b\d{1,2}-\d{1,2}\b", text), "a tile in the share text"
    page.click('#match-daily-share [data-action="daily_share"]')
    page.wait_for_function("() => document.querySelector('#match-daily-share [data-share-note]').textContent !== ''")
    note = page.inner_text("#match-daily-share [data-share-note]")
    if "Copied" in note:
        assert page.evaluate("navigator.clipboard.readText()") == text
    assert stored(page, MATCH_KEY) == saved, "the daily deal touched the match in progress"
    daily_save = json.loads(stored(page, DAILY_KEY))
    assert daily_save["match"]["seed"] == int(today.replace("-", ""))
    counted = json.loads(stored(page, STATS_KEY))["daily"][today]
    assert "points" in counted and counted["practice"] == 0

    page.click('#match-dialog [data-action="new_match"]')     # another attempt: practice
    page.wait_for_selector("#game-screen", state="visible")
    game.idle()
    game.step_once()
    game.idle()
    again = json.loads(stored(page, STATS_KEY))["daily"][today]
    assert again["practice"] == 1 and again["points"] == counted["points"]
    game.open_setup()
    page.click('#more [data-action="daily"]')
    assert in_words in page.locator("#daily-weeks td.played").first.get_attribute("aria-label")   # an attribute: as written
    assert "Streak: 1 day" in page.inner_text("#daily-streak")
    page.click('#daily-dialog [data-action="close_dialog"]')
    assert stored(page, MATCH_KEY) == saved
    assert_no_violations(found)
