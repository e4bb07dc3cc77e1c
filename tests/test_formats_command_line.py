"""FORMATS.md, "The command line": selfplay, legal, apply and move, as an outside tool would call them."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import run_cli as run

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def match_file(tmp_path, capsys):
    code, out, _ = run(capsys, "selfplay", "--seats", "3", "--set", "6", "--seed", "5", "--rounds", "2")
    assert code == 0
    data = json.loads(out)
    data["rounds"][-1]["actions"] = data["rounds"][-1]["actions"][:4]
    data["rounds"][-1].pop("scores", None)
    data["totals"] = data["rounds"][0]["scores"]
    path = tmp_path / "match.json"
    path.write_text(json.dumps(data))
    return path


def test_selfplay_prints_a_whole_match_file(capsys):
    code, out, _ = run(capsys, "selfplay", "--seats", "4", "--set", "9", "--seed", "2", "--players", "random")
    data = json.loads(out)
    assert code == 0 and len(data["rounds"]) == 10 and all("scores" in r for r in data["rounds"])
    assert data["rules"]["seats"] == 4 and [p["kind"] for p in data["players"]] == ["random"] * 4


def test_selfplay_takes_the_rule_options(capsys):
    code, out, _ = run(capsys, "selfplay", "--seats", "2", "--set", "12", "--seed", "1", "--rounds", "1",
                       "--preset", "classic", "--hand-size", "9", "--double-rule", "immediate",
                       "--blank-double-penalty", "25", "--exhausted-suit-exception")
    rules = json.loads(out)["rules"]
    assert rules == {"preset": "classic", "set": 12, "seats": 2, "hand_size": 9, "double_rule": "immediate",
                     "blank_double_penalty": 25, "exhausted_suit_exception": True, "opening_chain": True,
                     "mexican_after_first_turn": True, "rounds": 1}


def test_legal_prints_the_seat_to_move_then_one_action_a_line(capsys, match_file):
    from mexican_train.matchfile import loads
    match = loads(match_file.read_text())
    code, out, _ = run(capsys, "legal", str(match_file))
    assert code == 0
    assert out.splitlines() == [f"seat {match.seat}"] + [str(a) for a in match.legal_actions()]


def test_legal_prints_over_when_the_match_has_ended(capsys, tmp_path):
    _, out, _ = run(capsys, "selfplay", "--seats", "2", "--set", "6", "--seed", "9", "--rounds", "1")
    path = tmp_path / "done.json"
    path.write_text(out)
    assert run(capsys, "legal", str(path))[1] == "over\n"


def test_apply_applies_actions_in_order_and_prints_the_new_file(capsys, match_file):
    from mexican_train.matchfile import loads
    match = loads(match_file.read_text())
    first = match.legal_actions()[0]
    second = match.apply(first).legal_actions()[0]
    code, out, _ = run(capsys, "apply", str(match_file), str(first), str(second))
    assert code == 0 and loads(out) == match.apply(first).apply(second)


def test_apply_refuses_an_illegal_action_on_stderr_and_prints_no_file(capsys, match_file):
    code, out, err = run(capsys, "apply", str(match_file), "stop")
    assert code == 1 and out == ""
    assert "stop is not legal" in err


def test_apply_refuses_malformed_text_on_stderr(capsys, match_file):
    code, out, err = run(capsys, "apply", str(match_file), "9-3@M")
    assert code == 1 and out == "" and "lower number first" in err


def test_every_command_reads_a_dash_as_standard_input(capsys, match_file, monkeypatch):
    code, out, _ = run(capsys, "legal", "-", stdin=match_file.read_text(), monkeypatch=monkeypatch)
    assert code == 0 and out.startswith("seat ")


def test_move_prints_the_chosen_action_of_a_cpu_player(capsys, match_file):
    from mexican_train.matchfile import loads
    legal = [str(a) for a in loads(match_file.read_text()).legal_actions()]
    code, out, _ = run(capsys, "move", str(match_file), "--player", "random", "--seed", "3")
    assert code == 0 and out.strip() in legal


def test_a_bad_file_is_reported_on_stderr(capsys, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{}")
    code, out, err = run(capsys, "legal", str(path))
    assert code == 1 and out == "" and "not a match file" in err


def test_python_dash_m_runs_the_command_line():
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
    done = subprocess.run([sys.executable, "-m", "mexican_train", "selfplay", "--seats", "2", "--set", "6",
                           "--seed", "1", "--rounds", "1"], capture_output=True, text=True, env=env, check=True)
    assert json.loads(done.stdout)["format"] == "mexican-train"
