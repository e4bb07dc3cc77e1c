"""FORMATS.md, "The match file": written in full, read back equal, and every bad file refused by name."""

import json

import pytest

from mexican_train import MatchFileError, Player, Rules, new_match
from mexican_train.cli import play_out
from mexican_train.matchfile import dumps, from_dict, loads, to_dict


def a_match(rounds=2, seed=11, **options):
    rules = Rules.make("standard", set=6, seats=2, rounds=rounds, **options)
    return play_out(new_match(rules, seed, [Player("Ana", "random"), Player("Ben", "random")]))


def test_a_match_file_writes_every_field_of_the_format():
    data = json.loads(dumps(a_match()))
    assert data["format"] == "mexican-train" and data["version"] == 1
    assert set(data["rules"]) == {"preset", "set", "seats", "hand_size", "double_rule", "blank_double_penalty",
                                  "exhausted_suit_exception", "opening_chain", "mexican_after_first_turn", "rounds"}
    assert data["players"] == [{"name": "Ana", "kind": "random"}, {"name": "Ben", "kind": "random"}]
    first = data["rounds"][0]
    assert first["engine"] == 6 and first["first_seat"] == 0
    assert len(first["hands"]) == 2 and all(len(h) == 7 for h in first["hands"])
    assert len(first["boneyard"]) == 27 - 14
    assert data["totals"] == [sum(r["scores"][s] for r in data["rounds"]) for s in range(2)]


def test_a_finished_round_is_followed_at_once_by_the_next_deal_with_no_actions():
    data = to_dict(a_match(rounds=3))
    data["rounds"] = data["rounds"][:2]
    data["rounds"][1]["actions"] = []
    del data["rounds"][1]["scores"]
    data["totals"] = data["rounds"][0]["scores"]
    loaded = from_dict(data)
    assert len(loaded.rounds) == 2 and loaded.round.actions == () and loaded.seat == 1


def test_a_file_read_back_is_the_same_match():
    match = a_match()
    assert loads(dumps(match)) == match
    assert dumps(loads(dumps(match))) == dumps(match)


def mid_turn_positions():
    """Positions half way through a turn: a double owing its extra tile, or a drawn tile to play."""
    import random
    rng = random.Random(0)
    match = new_match(Rules.make(set=6, seats=2, rounds=2), 4)
    while not match.over:
        if match.round.phase in ("double", "two-doubles") or match.round.drawn is not None:
            yield match
        match = match.apply(rng.choice(match.legal_actions()))


def test_a_file_saved_mid_turn_loads_to_the_same_position():
    positions = list(mid_turn_positions())
    assert any(m.round.drawn is not None for m in positions) and any(m.round.phase == "double" for m in positions)
    for match in positions:
        again = loads(dumps(match))
        assert again == match and again.seat == match.seat and again.legal_actions() == match.legal_actions()


def test_a_hand_built_deal_plays_like_a_dealt_one():
    from mexican_train import full_set
    hands = [["2-6", "1-1"], ["4-6", "3-5"]]
    data = to_dict(new_match(Rules.make(set=6, seats=2, hand_size=2, rounds=1), 0))
    data["rounds"][0]["hands"] = hands
    data["rounds"][0]["boneyard"] = [str(t) for t in full_set(6) if str(t) not in sum(hands, []) + ["6-6"]]
    data["rounds"][0]["actions"] = ["2-6@0", "4-6@1"]
    match = loads(json.dumps(data))
    assert [str(a) for a in match.legal_actions()] == ["draw"]
    assert match.round.hands_dealt[0] == ((2, 6), (1, 1))


def _file(**changes):
    data = to_dict(a_match())
    for path, value in changes.items():
        target = data
        keys = path.split("__")
        for key in keys[:-1]:
            target = target[int(key)] if key.isdigit() else target[key]
        last = keys[-1]
        if value is DELETE:
            del target[int(last) if last.isdigit() else last]
        else:
            target[int(last) if last.isdigit() else last] = value
    return json.dumps(data)


DELETE = object()


@pytest.mark.parametrize("changes, message", [
    ({"format": "chess"}, "not a match file"),
    ({"version": 99}, "version 99 is not supported"),
    ({"rules__double_rule": "sometimes"}, "rules: double_rule must be one of flexible, immediate, not \"sometimes\""),
    ({"rules__seats": 7}, "rules: the standard rules on double-6 seat 2 to 4 players"),
    ({"seed": "seven"}, "seed must be a whole number"),
    ({"players__1__kind": "wizard"}, "player 1: kind must be one of"),
    ({"players": [{"name": "Solo", "kind": "human"}]}, "one entry for each of the 2 seats"),
    ({"rounds__0__engine": 5}, "round 1: engine must be 6"),
    ({"rounds__0__first_seat": 1}, "round 1: first_seat must be 0"),
    ({"rounds__0__boneyard__0": "6-6"}, "round 1, deal: 6-6 is this round's engine"),
    ({"rounds__0__boneyard__0": "12-12"}, "round 1, deal: '12-12' is not a tile of the double-6 set"),
    ({"rounds__0__boneyard__0": DELETE}, "round 1, deal: the deal is missing"),
    ({"rounds__0__actions__0": "9-9@M"}, "round 1, action 1: '9-9@M' is not an action: '9-9' is not a tile of the double-6 set"),
    ({"rounds__0__actions__0": "teleport"}, "round 1, action 1: 'teleport' is not an action"),
    ({"rounds__0__scores": [1, 2]}, "round 1: scores \\[1, 2\\] do not match"),
    ({"totals": [1, 2]}, "totals \\[1, 2\\] do not add up"),
])
def test_a_bad_file_is_refused_with_what_and_where(changes, message):
    with pytest.raises(MatchFileError, match=message):
        loads(_file(**changes))


def test_an_illegal_action_is_refused_by_round_and_action():
    data = to_dict(a_match())
    actions = data["rounds"][1]["actions"]
    actions[2] = "draw" if actions[2] != "draw" else "pass"
    with pytest.raises(MatchFileError, match=r"^round 2, action 3: (draw|pass) is not legal: "):
        from_dict(data)


def test_actions_after_the_end_of_a_round_are_refused():
    data = to_dict(a_match(rounds=1))
    data["rounds"][0]["actions"].append("draw")
    with pytest.raises(MatchFileError, match="after the round ended"):
        from_dict(data)


def test_broken_json_is_refused():
    with pytest.raises(MatchFileError, match="not valid JSON"):
        loads('{"format": "mexican-train", ')


def test_extra_fields_are_welcome():
    data = to_dict(a_match())
    data["saved_at"] = "2026-11-30"
    data["rounds"][0]["note"] = "a good round"
    assert from_dict(data) == a_match()


def test_tiles_and_actions_with_control_characters_are_quoted_on_one_line():
    data = to_dict(a_match())
    data["rounds"][0]["boneyard"][0] = "\n"
    with pytest.raises(MatchFileError, match=r'^round 1, deal: "\\n" is not a tile$'):
        from_dict(data)
    data = to_dict(a_match())
    data["rounds"][0]["actions"][0] = "dr\x00aw"
    with pytest.raises(MatchFileError, match=r'^round 1, action 1: "dr\\u0000aw" is not an action$'):
        from_dict(data)
