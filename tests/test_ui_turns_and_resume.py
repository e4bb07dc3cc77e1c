"""After a turn, after a reload, and what the live region says: the screen logic a newcomer meets first."""

from __future__ import annotations

import json

import pytest

from mexican_train.ui import storage
from mexican_train.ui.controller import (SPEEDS, Session, app_state, cpu_step, default_after_turn, handle, restore,
                                         start)
from mexican_train.ui.viewmodel import view_model
from tests.helpers import command, first_play, save, send, settings

VS_CPU = (("Ana", "human"), ("Bot", "random"))
FRIENDS = (("Ana", "human"), ("Ben", "human"))
NEXT_LINE = "Turn over. Look at the board, then press Next player."


def shown_commands(session):
    return {c["id"] for c in view_model(session)["commands"] if c["shown"]}


def take_turn(session):
    """The person to move takes one action as the page would send it: a play, a draw or a pass."""
    shown = shown_commands(session)
    for name in ("draw", "pass", "stop"):
        if name in shown:
            return send(session, command(name))
    tile, train = first_play(view_model(session))
    return send(session, {"type": "tile", "tile": tile}, {"type": "train", "train": train})


def to_human_turn(session):
    """CPU steps (and Next player / Reveal hand) until a person may act."""
    for _ in range(200):
        shown = shown_commands(session)
        if "next" in shown or "reveal" in shown:
            session = send(session, command("next" if "next" in shown else "reveal"))
        elif view_model(session)["cpu"]["pending"]:
            session = cpu_step(session)
        else:
            return session
    raise AssertionError("no human turn came")


# -- After my turn: wait for Next player, or go straight on ------------------------------------------

def test_alone_against_computers_the_game_goes_straight_on_after_your_turn():
    session = start(settings(*VS_CPU))
    assert session.after_turn == "go" == default_after_turn(1)
    after = take_turn(session)
    assert not after.awaiting_next and "next" not in shown_commands(after)
    assert view_model(after)["cpu"]["pending"]                     # the computer moves at once
    assert NEXT_LINE not in after.announce and after.announce[-1] == "Bot's turn."


def test_people_sharing_a_device_wait_for_next_player_after_each_turn_by_default():
    session = send(start(settings(*FRIENDS)), command("reveal"))
    assert session.after_turn == "wait" == default_after_turn(2)
    after = take_turn(session)
    while not after.awaiting_next:                               # a double asks for one more tile
        after = take_turn(after)
    assert "next" in shown_commands(after) and after.announce[-1] == NEXT_LINE
    assert view_model(after)["hand"] is None                     # the hand has left the screen


@pytest.mark.parametrize("players", [VS_CPU, FRIENDS])
def test_the_after_turn_setting_is_obeyed_both_ways_whoever_plays(players):
    for choice in ("wait", "go"):
        session = to_human_turn(start(settings(*players, after_turn=choice)))
        assert session.after_turn == choice
        after = take_turn(session)
        while after.match.seat == session.match.seat and not after.awaiting_next:
            after = take_turn(after)
        assert after.awaiting_next == (choice == "wait")
        assert (NEXT_LINE in after.announce) == (choice == "wait")
        if choice == "go" and players == FRIENDS:                # the next person's hand stays hidden
            assert "reveal" in shown_commands(after) and view_model(after)["hand"]["hidden"]


def test_the_after_turn_setting_changes_during_a_match_and_is_saved():
    session = start(settings(*VS_CPU))
    changed = handle(session, {"type": "after_turn", "value": "wait"})
    assert changed.after_turn == "wait" and app_state(changed)["after_turn"] == "wait"
    assert handle(changed, {"type": "after_turn", "value": "sometimes"}).after_turn == "wait"
    assert take_turn(changed).awaiting_next
    assert restore(changed.match, app_state(changed)).after_turn == "wait"
    assert restore(changed.match, {}).after_turn == "go"        # an older save: the default for its table


# -- Continue: exactly where the player left ------------------------------------------------------

def saved_and_loaded(session):
    store = storage.DictStorage()
    assert save(store, session) is None
    loaded, problem, _stuck = storage.load(store)
    assert problem is None
    return loaded


def test_a_reload_does_not_keep_a_pause_the_player_did_not_choose():
    session = start(settings(("Bot A", "random"), ("Bot B", "random")))
    hidden = handle(session, {"type": "visibility", "hidden": True})   # a reload hides the page first
    assert hidden.paused and app_state(hidden) == app_state(session)    # nothing new to save
    assert not saved_and_loaded(hidden).paused
    chosen = send(session, command("pause"))
    assert saved_and_loaded(chosen).paused                             # the player's own pause is kept
    assert not saved_and_loaded(send(chosen, command("resume"))).paused


def test_the_chosen_tile_is_still_chosen_after_continue():
    session = start(settings(*VS_CPU))
    tile, train = first_play(view_model(session))
    chosen = send(session, {"type": "tile", "tile": tile})
    loaded = saved_and_loaded(chosen)
    assert not loaded.paused and f"{loaded.selected.low}-{loaded.selected.high}" == tile
    vm = view_model(loaded)
    assert [t["id"] for t in vm["hand"]["tiles"] if t["selected"]] == [tile]
    assert train in {t["id"] for t in vm["trains"] if t["target"]} and vm["focus"] == "trains"
    assert send(loaded, {"type": "train", "train": train}).match.round.actions == \
        send(chosen, {"type": "train", "train": train}).match.round.actions


def test_a_saved_tile_that_is_not_in_the_hand_is_not_chosen():
    session = start(settings(*VS_CPU))
    record = app_state(session)
    for bogus in ("12-12", "nonsense", 7):
        assert restore(session.match, {**record, "selected": bogus}).selected is None


def test_continue_in_a_game_of_friends_shows_reveal_hand_first_then_the_chosen_tile():
    session = send(start(settings(*FRIENDS)), command("reveal"))
    tile, _ = first_play(view_model(session))
    loaded = saved_and_loaded(send(session, {"type": "tile", "tile": tile}))
    vm = view_model(loaded)
    assert "reveal" in shown_commands(loaded) and vm["hand"]["hidden"] and vm["focus"] == "reveal"
    assert tile not in json.dumps(vm)
    assert loaded.announce[-1] == "Pass the device to Ana, then press Reveal hand."
    revealed = send(loaded, command("reveal"))
    assert [t["id"] for t in view_model(revealed)["hand"]["tiles"] if t["selected"]] == [tile]


# -- the board's words ---------------------------------------------------------------------------

def test_a_train_heading_shows_the_match_total_including_a_finished_round():
    session = start(settings(("Bot A", "random"), ("Bot B", "random"), rounds="short", cpu_speed="instant"))
    assert [p["total_text"] for p in view_model(session)["players"]] == ["Match total: 0"] * 2
    while view_model(session)["screen"] == "board":
        session = cpu_step(session)
    scores = session.match.rounds[0].result.scores
    assert sum(scores) > 0
    assert [p["total_text"] for p in view_model(session)["players"]] == [f"Match total: {n}" for n in scores]
    session = send(session, command("next_round"))
    assert [p["total"] for p in view_model(session)["players"]] == list(scores)


def test_in_a_game_of_several_people_nobody_is_called_you():
    session = start(settings(("You", "human"), ("", "human"), ("Bot", "random")))
    assert [p.name for p in session.match.players] == ["Player 1", "Player 2", "Bot"]
    alone = start(settings(("", "human"), ("Bot", "random")))
    assert alone.match.players[0].name == "You"


# -- what the live region says ---------------------------------------------------------------------

def play_out(session, limit=400):
    """Play to the end of the round with the first legal move for people; every event's lines, in order."""
    said = []
    for _ in range(limit):
        if view_model(session)["screen"] != "board":
            break
        shown = shown_commands(session)
        if "next" in shown or "reveal" in shown:
            session = send(session, command("next" if "next" in shown else "reveal"))
        elif view_model(session)["cpu"]["pending"]:
            session = cpu_step(session)
        else:
            session = take_turn(session)
        said.append(session.announce)
    return session, said


@pytest.mark.parametrize("speed", [speed.name for speed in SPEEDS])
def test_the_end_of_a_round_is_said_at_every_speed(speed):
    for seed in range(6):   # rounds ended by a computer going out and by a block
        session, said = play_out(start(settings(("Bot A", "random"), ("Bot B", "random"), seed=seed,
                                                cpu_speed=speed)))
        result = session.match.rounds[0].result
        last = said[-1]
        if result.reason == "out":
            assert f"{session.match.players[result.seat].name} played the last tile: the round is over." in last
        else:
            assert "Nobody can play: the round is blocked." in last


@pytest.mark.parametrize("speed", [speed.name for speed in SPEEDS])
def test_a_double_left_open_by_a_computer_is_announced(speed):
    for seed in range(300):
        session = start(settings(("Bot", "random"), ("Ana", "human"), seed=seed, cpu_speed=speed))
        for _ in range(80):
            if view_model(session)["screen"] != "board":
                break
            if view_model(session)["cpu"]["pending"]:
                after = cpu_step(session)
                state = after.match.round
                if after.match.seat == 1 and state.open_doubles and state.result is None:
                    k = state.open_doubles[0]
                    value = state.trains[k].end
                    where = "the Mexican Train" if k == 2 else ("Bot's train" if k == 0 else "your train")
                    line = f"The double {value}-{value} on {where} is open: it must be covered first."
                    assert line in after.announce, after.announce
                    assert after.announce.index(line) < len(after.announce) - 1   # before "Your turn."
                    return
                session = after
            else:
                session = take_turn(session)
    raise AssertionError("no open double came up")


def test_a_marker_is_announced_only_when_the_train_becomes_marked():
    found = 0
    for seed in range(200):
        session = start(settings(("Ana", "human"), ("Bot", "random"), seed=seed))
        for _ in range(200):
            if view_model(session)["screen"] != "board":
                break
            if view_model(session)["cpu"]["pending"]:
                session = cpu_step(session)
                continue
            was = session.match.round.trains[0].marked
            after = take_turn(session)
            now = after.match.round.trains[0].marked
            said = "Your train is now marked: open to everyone." in after.announce
            assert said == (now and not was), (was, now, after.announce)
            found += was and now and "draw" in shown_commands(session)
            session = after
        if found >= 2:
            return
    raise AssertionError("no failed draw on a train already marked came up")


def test_the_turn_prompt_is_said_but_marked_as_shown_by_the_banner():
    session = start(settings(*VS_CPU, after_turn="wait"))
    assert session.prompts == ("Your turn.",) and session.announce[-1] == "Your turn."
    after = take_turn(session)
    assert after.prompts == (NEXT_LINE,) and view_model(after)["banner"] == NEXT_LINE
    vm = view_model(after)
    assert vm["prompts"] == [NEXT_LINE] and vm["announce"][-1] == NEXT_LINE
    assert handle(after, {"type": "speed", "speed": "fast"}).prompts == ()


def test_an_empty_session_has_no_prompts():
    assert view_model(Session())["prompts"] == []
