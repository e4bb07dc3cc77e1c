"""The sounds and the host page's events follow what each step did (the view model's ``events``, from the
engine's public log; static/js/sound.js and host.js), and over whole matches they are what comparing each
view model with the one before gave: a tile placed, a tile drawn, a train newly marked, a round over, the
match over, a pause and its end, each once.

The view models are the page's (``dispatch.Page`` through ``tests.browser_side``, so a step's events go out
once); the two modules run under Node as the page loads them, with a stand-in for Web Audio that tells each
sound apart by what it makes, and a parent window that records what the frame posts.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess

import pytest

from scripts import build_page
from tests.browser_side import new_tab
from tests.helpers import command, first_play

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
JS = os.path.join(ROOT, "static", "js")

RUNNER = r"""
import { readFileSync } from "node:fs";
const [page, vms] = JSON.parse(readFileSync(0, "utf8"));
globalThis.document = { getElementById: (id) => (id === "mt-data" ? { textContent: page } : null) };
const made = [];   // what one sound made: "noise" or an oscillator's type
const node = () => ({ connect: (next) => next, start() {}, stop() {},
  frequency: { value: 0, setValueAtTime() {}, exponentialRampToValueAtTime() {} }, Q: { value: 0 },
  gain: { value: 0, setValueAtTime() {}, exponentialRampToValueAtTime() {} } });
class FakeAudio {
  constructor() { this.state = "running"; this.currentTime = 0; this.sampleRate = 8000; this.destination = node(); }
  resume() {}
  createOscillator() { const o = node(); made.push(o); return o; }
  createGain() { return node(); }
  createBiquadFilter() { return node(); }
  createBuffer(_c, frames) { return { getChannelData: () => new Float32Array(frames) }; }
  createBufferSource() { made.push({ type: "noise" }); return node(); }
}
const posted = [];
globalThis.window = { AudioContext: FakeAudio, addEventListener() {},
  parent: { postMessage: (message) => posted.push(message) } };
const sound = await import("./sound.js");
const { attachHost } = await import("./host.js");
sound.setOn(true);
const host = attachHost(new URLSearchParams("host=https://games.example"), {}, () => undefined);
const heard = [], told = [];
let prev = null;
for (const vm of vms) {
  made.length = 0; posted.length = 0;
  sound.react(prev, vm);
  host.react(prev, vm);
  heard.push(made.map((o) => o.type));
  told.push(posted.map(({ type, round, scores, totals, winners }) => ({ type, round, scores, totals, winners })));
  prev = vm;
}
console.log(JSON.stringify({ heard, told }));
"""

MADE = {"place": ["noise", "triangle"], "draw": ["noise"], "mark": ["square", "square"], "turn": ["sine", "sine"],
        "round": ["triangle"] * 3, "match": ["triangle"] * 4}
"""What each sound of static/js/sound.js makes (``EFFECTS``)."""


def diffed_sounds(prev, vm):
    """The sounds the page picked by comparing two view models, before the view model carried its events."""
    if not prev or not vm.get("round") or not prev.get("round"):
        return []
    if vm["screen"] == "match_end" and prev["screen"] != "match_end":
        return ["match"]
    if vm["screen"] == "round_end" and prev["screen"] == "board":
        return ["round"]
    if vm["screen"] != "board" or prev["round"]["number"] != vm["round"]["number"]:
        return []
    down = lambda v: sum(len(t["tiles"]) for t in v["trains"])          # noqa: E731
    marks = lambda v: sum(t["marked"] for t in v["trains"])            # noqa: E731
    found = []
    if down(vm) > down(prev):
        found.append("place")
    elif vm["round"]["boneyard"] < prev["round"]["boneyard"]:
        found.append("draw")
    elif marks(vm) > marks(prev):
        found.append("mark")
    if vm["focus"] == "hand" and prev["focus"] not in ("hand", "trains"):
        found.append("turn")
    return found


def diffed_host_events(prev, vm):
    """The host page's events as the page worked them out by comparing two view models of one match."""
    if not prev or prev["summary"]["match"] != vm["summary"]["match"]:
        return []
    before, now = prev["summary"], vm["summary"]
    found = [{"type": "round-end", "round": r + 1, "scores": now["rounds"][r], "totals": now["totals_after"][r]}
             for r in range(len(before["rounds"]), len(now["rounds"]))]
    if now["over"] and not before["over"]:
        found.append({"type": "match-end", "totals": now["totals"], "winners": now["winners"]})
    if vm["paused"] != prev["paused"]:
        found.append({"type": "paused" if vm["paused"] else "resumed"})
    return found


def shown_views(players, seed, rounds="short", pause_every=9):
    """Every board the page shows over a whole match, in order: the person plays the first thing offered, a
    computer moves when its turn comes, round ends are closed; every few moves the person pauses and resumes,
    or asks for a hint while a computer is to move (nothing to do: the same board again)."""
    tab = new_tab()
    shown = []

    def send(event):
        vm = tab.send(event)
        while vm.get("thinking"):   # a computer's decision or the hint, a slice at a time
            vm = tab.send({"type": "think"})
        if vm.get("screen") not in (None, "setup"):
            shown.append(vm)
        return vm

    vm = send({"type": "new_match", "settings": {"set": 6, "seats": len(players), "seed": seed, "rounds": rounds,
                                                 "cpu_speed": "instant", "after_turn": "go",
                                                 "players": [{"name": n, "kind": k} for n, k in players]}})
    for step in range(2000):
        if vm["screen"] == "match_end":
            return shown
        if vm["screen"] == "round_end":
            vm = send(command(vm["round_end"]["button"]["id"]))
        elif vm["cpu"]["pending"]:
            if step % pause_every == 1:   # a key pressed during a computer's turn: no hint, the same board again
                send(command("hint"))
            vm = send({"type": "cpu"})
        elif step % pause_every == 0 and not vm["paused"]:
            send(command("pause"))
            vm = send(command("resume"))
        else:
            offered = {c["id"] for c in vm["commands"] if c["shown"]}
            move = next((name for name in ("draw", "pass", "stop") if name in offered), None)
            if move is not None:
                vm = send(command(move))
            else:
                tile, train = first_play(vm)
                send({"type": "tile", "tile": tile})
                vm = send({"type": "train", "train": train})
    raise AssertionError("the match did not end")


@pytest.mark.skipif(shutil.which("node") is None, reason="node is missing: run bash scripts/setup.sh")
@pytest.mark.parametrize("players, seed", [
    ((("Ana", "human"), ("Bot", "random")), 3),
    ((("Ana", "human"), ("Bot", "easy"), ("Cy", "random")), 8),
    ((("Bot", "random"), ("Ana", "human")), 11),
])
def test_sounds_and_host_events_follow_the_step_s_events_as_the_comparison_of_two_views_did(tmp_path, players, seed):
    views = shown_views(players, seed)
    assert sum(len(v["events"]) for v in views) > 50
    page = re.search(r'<script type="application/json" id="mt-data">(.*?)</script>', build_page.render("en"),
                     re.S).group(1)
    for name in ("sound.js", "host.js", "text.js", "dom.js"):
        shutil.copy(os.path.join(JS, name), tmp_path / name)
    (tmp_path / "package.json").write_text('{"type": "module"}')
    (tmp_path / "run.js").write_text(RUNNER)
    done = subprocess.run(["node", "run.js"], cwd=tmp_path, input=json.dumps([page, views]), capture_output=True,
                          text=True, check=True)
    got = json.loads(done.stdout)
    prevs = [None] + views[:-1]
    expected_sounds = [[made for name in diffed_sounds(p, v) for made in MADE[name]] for p, v in zip(prevs, views)]
    assert got["heard"] == expected_sounds
    expected_told = [diffed_host_events(p, v) for p, v in zip(prevs, views)]
    assert [[{k: v for k, v in e.items() if v is not None} for e in step] for step in got["told"]] == expected_told
    kinds = [e["type"] for step in expected_told for e in step]
    assert kinds.count("round-end") == 3 and kinds.count("match-end") == 1 and kinds.count("paused") >= 2
    assert {name for p, v in zip(prevs, views) for name in diffed_sounds(p, v)} >= {"place", "draw", "round", "match"}
