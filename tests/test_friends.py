"""Friends on their own devices, the host's side (ui/friends.py, ui/controller.py, ui/dispatch.py): a friend's
event is checked as a tap here is, each friend's view holds its own hand and never another seat's or the
boneyard's, and the hot-seat rules count only the people at the host's device."""

from __future__ import annotations

import json
import re

from mexican_train.actions import DRAW, PASS, PLAY, STOP
from mexican_train.ui import controller
from mexican_train.ui.dispatch import Page
from mexican_train.ui.narrate import tile_text

TILE = re.compile(r"(?<![\d-])(\d{1,2})-(\d{1,2})(?![\d])")
SETTINGS = {"set": 6, "seats": 3, "rounds": "one", "seed": 3, "cpu_speed": "instant", "after_turn": "wait",
            "players": [{"kind": "human", "name": "Hana"}, {"kind": "human", "name": "Ana"}, {"kind": "random"}],
            "friends": [[1, "es"]]}


class Host:
    """The host's Python, called as the host's page calls it."""

    def __init__(self, settings=SETTINGS):
        self.page = Page("test", lambda: 0.0)
        self.seq = 0
        self.friend_views: list[str] = []
        self.last = self.call({"type": "new_match", "settings": settings})

    def call(self, event, seat=None):
        self.seq += 1
        data = {"seq": self.seq, "event": event, "applied": self.seq - 1}
        if seat is not None:
            data["source"] = {"seat": seat}
        answer = self.page.call(data)
        for view in answer.get("friends", {}).values():
            self.friend_views.append(json.dumps(view))
        return answer

    @property
    def session(self):
        return self.page.apps.main.session

    @property
    def match(self):
        return self.session.match


def _move(host: Host, seat: int | None):
    """The first legal action of the seat to move, tapped from ``seat``'s device (None: here)."""
    action = host.match.legal_actions()[0]
    if action.kind == PLAY:
        host.call({"type": "tile", "tile": tile_text(action.tile)}, seat)
        return host.call({"type": "train", "train": str(action.train)}, seat)
    name = {DRAW: "draw", PASS: "pass", STOP: "stop"}[action.kind]
    return host.call({"type": "command", "name": name}, seat)


def test_a_friends_seat_is_a_person_at_another_device_and_the_host_alone_is_you():
    host = Host()
    assert host.session.friends == ((1, "es"),)
    assert [p.kind for p in host.match.players] == ["human", "human", "random"]
    known = controller.facts(host.session)
    assert known.humans == (0,) and not known.hotseat and known.viewer == 0
    assert controller.app_state(host.session)["friends"] == [[1, "es"]]
    restored = controller.restore(host.match, controller.app_state(host.session))
    assert restored.friends == ((1, "es"),)
    assert restored.away == (1,)   # continued on a new page: the friend's device comes back by a new invitation


def test_a_friend_plays_a_whole_round_and_never_receives_a_hidden_tile():
    host = Host()
    checked = play_round(host)
    assert controller.facts(host.session).screen == controller.Screen.ROUND_END
    assert checked > 5
    last = json.loads(host.friend_views[-1])
    assert last["screen"] == "round_end" and last["viewer"] == 1
    # the host deals the next round: the friend's button says so and cannot be pressed (in the friend's Spanish)
    assert last["round_end"]["button"]["disabled"] is True
    assert last["round_end"]["button"]["label"] == "La siguiente ronda empieza desde el dispositivo del anfitrión"
    assert not host.call({"type": "refresh"})["view"]["round_end"]["button"].get("disabled", False)   # the host's
    # and the match's end (a one-round match): a new match starts from the host's device too
    host.call({"type": "command", "name": last["round_end"]["button"]["id"]})
    final = json.loads(host.friend_views[-1])
    assert final["screen"] == "match_end" and final["match_end"]["button"]["disabled"] is True
    assert final["match_end"]["button"]["label"] == "Una nueva partida empieza desde el dispositivo del anfitrión"


def play_round(host: Host) -> int:
    """Everyone plays the round to its end (the friend from its device); returns how many of the friend's views
    of the board were checked: none names a tile of another seat's hand or of the boneyard."""
    checked = 0
    for _step in range(400):
        session, match = host.session, host.match
        if controller.facts(session).screen != controller.Screen.BOARD:
            break
        seat = match.round.seat
        before = len(host.friend_views)
        if session.awaiting_next:
            answer = host.call({"type": "command", "name": "next"})
        elif match.players[seat].kind != "human":
            answer = host.call({"type": "cpu"})
            while answer["thinking"] == "cpu":
                answer = host.call({"type": "think"})
        else:
            answer = _move(host, 1 if seat == 1 else None)
            assert answer["part"] == "game", answer.get("warn")
        state = host.match.round   # the views show the position after the step
        hidden = {tile_text(t) for s, hand in enumerate(state.hands) if s != 1 for t in hand}
        hidden |= {tile_text(t) for t in state.boneyard}
        for text in host.friend_views[before:]:
            if json.loads(text)["screen"] != "board":
                continue
            named = {f"{min(int(a), int(b))}-{max(int(a), int(b))}" for a, b in TILE.findall(text)}
            assert not named & hidden, f"a friend's view names {named & hidden}"
            checked += 1
    return checked


def test_a_friends_view_is_in_its_own_language_for_its_own_seat():
    host = Host()
    view = host.last["friends"]["1"]
    assert view["viewer"] == 1 and not view["hotseat"] and view["hint"] is None
    assert [t["id"] for t in view["hand"]["tiles"]] == [tile_text(t) for t in host.match.round.hands[1]]
    assert "Fichas" in json.dumps(view, ensure_ascii=False) or "fichas" in json.dumps(view, ensure_ascii=False)
    assert host.last["view"]["viewer"] == 0


def test_a_friends_turn_waits_for_no_next_player_and_the_host_cannot_play_it():
    host = Host()
    _to_friends_turn(host)
    assert host.match.round.seat == 1
    assert controller.facts(host.session).human_to_move is None   # not the host's to play
    before = host.match
    action = before.legal_actions()[0]
    if action.kind == PLAY:   # a tap here on the friend's tile changes nothing
        host.call({"type": "tile", "tile": tile_text(action.tile)})
        assert host.session.selected is None
    assert host.match is before
    _move(host, 1)
    assert host.match is not before and not host.session.awaiting_next


def test_a_friends_message_out_of_turn_illegal_or_for_another_seat_is_refused_and_changes_nothing():
    host = Host()
    assert host.match.round.seat == 0
    match, state = host.match, host.page._state()
    hand = [tile_text(t) for t in match.round.hands[1]]
    for event, seat, words in [({"type": "tile", "tile": hand[0]}, 1, "out of turn"),
                               ({"type": "command", "name": "draw"}, 1, "out of turn"),
                               ({"type": "tile", "tile": hand[0]}, 2, "no friend's device plays"),
                               ({"type": "command", "name": "next_round"}, 1, "cannot come from another device"),
                               ({"type": "new_match", "settings": SETTINGS}, 1, "cannot come from another device"),
                               ({"type": "tile"}, 1, "not of the right shape")]:
        answer = host.call(event, seat)
        assert answer["part"] == "refused" and words in answer["warn"], answer
        assert "friends" not in answer
    assert host.match is match and host.page._state()["main"][0] == state["main"][0]


def test_at_its_turn_a_friends_illegal_tap_is_refused():
    host = Host({**SETTINGS, "players": [{"kind": "random"}, {"kind": "human", "name": "Ana"}, {"kind": "random"}]})
    for _ in range(20):
        if host.match.round.seat == 1:
            break
        answer = host.call({"type": "cpu"})
        while answer["thinking"] == "cpu":
            answer = host.call({"type": "think"})
    assert host.match.round.seat == 1
    match = host.match
    playable = {tile_text(a.tile) for a in match.legal_actions() if a.kind == PLAY}
    stuck = [tile_text(t) for t in match.round.hands[1] if tile_text(t) not in playable]
    refused = [host.call({"type": "train", "train": "M"}, 1)]   # no tile picked
    refused += [host.call({"type": "tile", "tile": t}, 1) for t in stuck[:1]]
    refused += [host.call({"type": "tile", "tile": "9-9"}, 1)]
    for answer in refused:
        assert answer["part"] == "refused" and "not a legal move" in answer["warn"]
    assert host.match is match and host.session.selected is None


def test_bad_friend_lists_in_the_settings_are_left_out():
    settings = {**SETTINGS, "friends": [[1, "fr"], [2, "es"], [7, "es"], ["1", "es"], [True, "es"], "x"]}
    assert Host(settings).session.friends == ((1, "fr"),)   # seat 2 is a computer's, seat 7 is no seat


def test_the_hosts_statistics_count_only_the_people_at_the_hosts_device():
    from mexican_train.ui import records
    host = Host()
    play_round(host)
    here = controller.local_people(host.session)
    assert here == (0,)
    record = json.loads(host.page.mirror.local[records.STATS_KEY])
    (entry,) = record["matches"]
    assert entry["opponents"] == "friends" and [len(r["points"]) for r in entry["rounds"]] == [1]
    assert entry["rounds"][0]["points"] == [host.match.rounds[0].result.scores[0]]


def test_each_device_says_you_to_its_own_seat():
    host = Host({**SETTINGS, "friends": [[1, "en"]]})
    said_here = json.dumps(host.last["view"]["trains"])
    said_there = json.dumps(host.last["friends"]["1"]["trains"])
    assert "Your train" in said_here and "Hana's train" not in said_here and "Ana's train" in said_here
    assert "Your train" in said_there and "Ana's train" not in said_there and "Hana's train" in said_there


def _to_friends_turn(host: Host) -> None:
    for _ in range(50):
        if host.match.round.seat == 1 and not host.session.awaiting_next:
            return
        if host.session.awaiting_next:
            host.call({"type": "command", "name": "next"})
        elif host.match.round.seat == 0:
            _move(host, None)
        else:
            answer = host.call({"type": "cpu"})
            while answer["thinking"] == "cpu":
                answer = host.call({"type": "think"})
    raise AssertionError("the friend's turn never came")


def test_an_away_friend_is_shown_away_the_match_waits_and_a_computer_stands_in_until_the_host_takes_it_back():
    host = Host()
    _to_friends_turn(host)
    answer = host.call({"type": "friend_seat", "seat": 1, "away": True})
    view = answer["view"]
    assert view["players"][1]["away"] == "away" and not view["cpu"]["pending"]   # the match waits for Ana
    assert "Waiting for Ana" in view["banner"]
    assert host.call({"type": "cpu"})["thinking"] is None and host.match.round.seat == 1
    # a computer (Easy) plays Ana's seat: its turn goes on, and the seat says so
    answer = host.call({"type": "friend_seat", "seat": 1, "away": True, "stand_in": "easy"})
    assert answer["view"]["players"][1]["away"] == "away: CPU · Easy plays meanwhile"
    assert answer["view"]["cpu"]["pending"] and controller.facts(host.session).cpu_to_move
    # a stray tap from Ana's device meanwhile is refused; her device may not say who plays her seat
    before = host.match
    refused = host.call({"type": "command", "name": "draw"}, 1)
    assert refused["part"] == "refused" and "out of turn" in refused["warn"]
    assert host.call({"type": "friend_seat", "seat": 1, "away": False}, 1)["part"] == "refused"
    assert host.match is before
    while host.match.round.seat == 1 and controller.facts(host.session).screen == controller.Screen.BOARD:
        answer = host.call({"type": "cpu"})
        while answer["thinking"] == "cpu":
            answer = host.call({"type": "think"})
    assert host.match is not before and host.match.players[1].kind == "human"   # the match file: still Ana's
    # the host takes the seat back from the computer (the match waits for Ana again), and Ana comes back
    host.call({"type": "friend_seat", "seat": 1, "away": True, "stand_in": ""})
    assert host.session.stand_ins == () and host.session.away == (1,)
    answer = host.call({"type": "friend_seat", "seat": 1, "away": False})
    assert answer["view"]["players"][1]["away"] == "" and host.session.away == ()
    assert json.loads(host.friend_views[-1])["players"][1]["away"] == ""
    _to_friends_turn(host)
    before = host.match
    _move(host, 1)
    assert host.match is not before


def test_only_a_friends_seat_can_be_away_and_only_a_computers_level_stands_in():
    host = Host()
    for event in ({"type": "friend_seat", "seat": 0, "away": True, "stand_in": "easy"},
                  {"type": "friend_seat", "seat": 2, "away": True},
                  {"type": "friend_seat", "seat": 1, "away": True, "stand_in": "human"}):
        host.call(event)
        assert host.session.away == () and host.session.stand_ins == ()
