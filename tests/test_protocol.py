"""The one declared protocol between the page and Python (ui/protocol.py, ui/views.py): every event has a route
and an answer of its declared shape, anything undeclared or malformed is refused in words and changes nothing,
and the JavaScript's declarations are current."""

from __future__ import annotations

import enum
import json
import types
import typing

import pytest

from mexican_train.ui import parts, protocol
from scripts import build_protocol
from tests.browser_side import Tab

parts.load()   # every screen declares its events, answers and dialogs

SETTINGS = {"set": 6, "seats": 2, "rounds": "one", "seed": 4, "cpu_speed": "instant",
            "players": [{"name": "Ana", "kind": "human"}, {"name": "Bot", "kind": "random"}]}

SAMPLES: dict[str, dict[str, object]] = {
    "new_match": {"settings": SETTINGS},
    "tile": {"tile": "0-0"},
    "train": {"train": "M"},
    "command": {"name": "pause"},
    "cpu": {},
    "speed": {"speed": "fast"},
    "after_turn": {"value": "wait"},
    "visibility": {"hidden": False},
    "friend_seat": {"seat": 1, "away": True, "stand_in": "easy"},
    "refresh": {},
    "boot": {},
    "continue_saved": {},
    "import": {"text": "not a match file"},
    "export_match": {},
    "save_changed": {},
    "take_over": {},
    "replace_unreadable": {"hash": "00"},
    "storage_failed": {"failed": 0, "at": 0, "reason": "changed"},
    "stats": {},
    "stats_export": {},
    "stats_import": {"text": "{}"},
    "stats_reset": {},
    "daily": {},
    "daily_play": {"cpu_speed": "instant"},
    "daily_again": {},
    "daily_leave": {},
    "replay_open": {"source": "current"},
    "replay_go": {"index": 3},
    "replay_item": {"round": 0, "action": 1},
    "review": {"scope": "round"},
    "think": {},
    "warm_up": {},
    "timings": {},
    "spin": {"ms": 1},
    "loop": {"n": 1000},
}



def conforms(value: object, hint: object, where: str = "answer") -> None:
    """Fail unless ``value`` (JSON, parsed) is of the declared type ``hint``."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is type(None):
        assert value is None, where
    elif hint in (str, bool):
        assert isinstance(value, hint), f"{where}: {value!r} is not {hint}"
    elif hint in (int, float):
        assert isinstance(value, (int, float)) and not isinstance(value, bool), f"{where}: {value!r}"
    elif hint is object:
        pass
    elif origin in (typing.Union, types.UnionType):
        problems = []
        for option in args:
            try:
                conforms(value, option, where)
                return
            except AssertionError as err:
                problems.append(str(err))
        raise AssertionError(f"{where}: {value!r} is none of {args}: {problems}")
    elif origin is typing.Literal:
        assert value in args, f"{where}: {value!r} not in {args}"
    elif isinstance(hint, type) and issubclass(hint, enum.StrEnum):
        assert value in {member.value for member in hint}, f"{where}: {value!r} not one of {hint.__name__}"
    elif origin is list:
        assert isinstance(value, list), where
        for i, item in enumerate(value):
            conforms(item, args[0], f"{where}[{i}]")
    elif origin is tuple:
        assert isinstance(value, list) and len(value) == len(args), where
        for i, (item, arg) in enumerate(zip(value, args)):
            conforms(item, arg, f"{where}[{i}]")
    elif origin is dict:
        assert isinstance(value, dict), where
        for k, v in value.items():
            conforms(v, args[1], f"{where}.{k}")
    elif typing.is_typeddict(hint):
        assert isinstance(value, dict), f"{where}: {value!r} is not an object"
        hints = typing.get_type_hints(hint)
        missing = set(hint.__required_keys__) - set(value)
        assert not missing, f"{where}: missing {sorted(missing)}"
        extra = set(value) - set(hints)
        assert not extra, f"{where}: undeclared {sorted(extra)}"
        for key, item in value.items():
            conforms(item, hints[key], f"{where}.{key}")
    else:
        raise AssertionError(f"{where}: cannot check {hint!r}")


def check_answer(answer: dict) -> None:
    answer = json.loads(json.dumps(answer))   # as the page receives it
    conforms(answer, protocol.ANSWERS[answer["part"]])


def test_every_event_type_has_one_class_one_route_to_a_part_that_exists_and_a_sample_here():
    assert set(protocol.EVENTS) == set(protocol.ROUTES) == set(SAMPLES)
    assert set(protocol.ROUTES.values()) == {protocol.MATCH, protocol.PAGE} | set(parts.PARTS)
    assert {"game", "boot", "none", "refused", "file", "warm_up", "timings"} | set(parts.PARTS) == set(protocol.ANSWERS)


def test_every_declared_event_goes_through_the_route_table_and_gets_an_answer_of_its_declared_shape():
    tab = Tab()
    tab.call({"type": "new_match", "settings": SETTINGS})
    parts = {}
    for kind, fields in SAMPLES.items():
        if kind == "storage_failed":
            continue
        answer = tab.call({"type": kind, **fields})
        assert answer["part"] != "refused", (kind, answer)
        check_answer(answer)
        parts[kind] = answer["part"]
    assert parts["tile"] == parts["refresh"] == "game"
    assert parts["stats"] == "stats" and parts["daily"] == "daily"
    assert parts["replay_open"] == "replay" and parts["review"] == "review"
    assert parts["export_match"] == parts["stats_export"] == "file"
    assert parts["boot"] == "boot" and parts["timings"] == "timings"


def test_a_whole_match_answers_in_the_declared_shapes_with_one_shape_for_a_tile():
    tab = Tab()
    answer = tab.call({"type": "new_match", "settings": dict(SETTINGS, players=[
        {"name": "Ana", "kind": "random"}, {"name": "Bot", "kind": "random"}])})
    for _ in range(200):
        check_answer(answer)
        view = answer.get("view") or {}
        if view.get("screen") == "round_end":
            tiles = [t for row in view["round_end"]["rows"] for t in row["tiles"]]
            assert all(set(t) == {"id", "a", "b"} for t in tiles)
            break
        answer = tab.call({"type": "cpu"})
        while answer["part"] == "none" and answer["thinking"]:
            answer = tab.call({"type": "think"})
    else:
        raise AssertionError("the round did not end")
    played = [t for train in view["trains"] for t in train["tiles"]]
    assert played and all(t["id"] == "-".join(map(str, sorted((t["a"], t["b"])))) for t in played)


@pytest.mark.parametrize("event", [
    {"type": "fly_away"}, {"type": "constructor"}, {"type": "__proto__"}, {"type": 7}, {"nothing": 1},
])
def test_an_undeclared_event_is_refused_in_words_and_changes_nothing(event):
    tab = Tab()
    tab.call({"type": "new_match", "settings": SETTINGS})
    before = tab.session
    answer = tab.call(event)
    check_answer(answer)
    assert answer["part"] == "refused" and answer["writes"] == []
    assert "does not know the message" in answer["error"]
    shown = event.get("type", "?")
    assert (repr(shown) if isinstance(shown, str) else "") in answer["warn"]
    assert tab.session is before


@pytest.mark.parametrize("event, field", [
    ({"type": "tile"}, "tile"), ({"type": "tile", "tile": 7}, "tile"), ({"type": "command", "name": "fly"}, "name"),
    ({"type": "visibility", "hidden": "yes"}, "hidden"), ({"type": "replay_go", "index": True}, "index"),
    ({"type": "new_match", "settings": []}, "settings"), ({"type": "review", "scope": None}, "scope"),
])
def test_a_malformed_event_is_refused_naming_its_field_and_changes_nothing(event, field):
    tab = Tab()
    tab.call({"type": "new_match", "settings": SETTINGS})
    before = tab.session
    answer = tab.call(event)
    assert answer["part"] == "refused" and f"({field})" in answer["error"] and event["type"] in answer["warn"]
    assert tab.session is before


def test_a_call_that_is_not_an_object_or_has_no_number_is_refused():
    page = Tab().page
    for bad in (None, [], "call", {"event": {"type": "boot"}}, {"seq": "1", "event": {"type": "boot"}}):
        answer = page.call(bad)
        assert answer["part"] == "refused" and answer["writes"] == []


def test_an_event_from_another_device_is_refused_when_it_is_not_one_a_seat_may_send():
    tab = Tab()
    tab.call({"type": "new_match", "settings": SETTINGS})
    for event in ({"type": "new_match", "settings": SETTINGS}, {"type": "command", "name": "pause"},
                  {"type": "stats"}, {"type": "import", "text": ""}):
        answer = tab.call(event, source={"seat": 1})
        assert answer["part"] == "refused" and "another device" in answer["error"]


def test_the_javascript_declarations_are_current():
    assert build_protocol.current(), "types/protocol.d.ts is stale: run python3 -m scripts.build_protocol"


def test_the_page_data_names_every_event_command_key_limit_and_dialog():
    data = protocol.page_data()
    assert data["events"] == sorted(protocol.EVENTS) and data["parts"] == sorted(parts.PARTS)
    assert set(data["commands"]) == {str(c) for c in protocol.Command}
    assert data["keys"]["match"] == "mexican-train:match" and data["limits"]["import_bytes"] == 4 * 1024 * 1024
    assert {d["id"] for d in data["dialogs"]} == {d.id for d in protocol.DIALOGS}
