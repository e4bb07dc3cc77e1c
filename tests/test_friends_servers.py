"""Friends' devices contact no server unless the hosting site names one: the STUN and TURN servers of the
address (static/js/link.js ``iceServers``) and of an invitation (``checkedServers``), run under node."""

from __future__ import annotations

import json
import os
import shutil
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROBE = """
import { iceServers, checkedServers } from "./static/js/link.js";
const cases = JSON.parse(process.argv[1]);
const out = cases.address.map((query) => {
  const warnings = [];
  return { servers: iceServers(new URLSearchParams(query), (w) => warnings.push(w)), warnings };
});
console.log(JSON.stringify({ address: out, invitation: cases.invitation.map((list) => checkedServers(list)) }));
"""


def run(address: list[str], invitation: list[object]) -> dict:
    if shutil.which("node") is None:
        pytest.fail("node is needed (scripts/setup.sh: Node 20)")
    done = subprocess.run(["node", "--input-type=module", "-e", PROBE, json.dumps({"address": address, "invitation": invitation})],
                          cwd=ROOT, capture_output=True, text=True, timeout=60, check=True)
    return json.loads(done.stdout)


def test_no_server_is_named_unless_the_address_names_one():
    found = run(["", "set=6&seats=2&seat1=friend", "stun=&turn="], [])["address"]
    assert found[0] == found[1] == {"servers": [], "warnings": []}
    assert found[2]["servers"] == [] and len(found[2]["warnings"]) == 2   # empty values are bad values


def test_the_address_names_stun_and_turn_servers_and_a_bad_one_is_left_out_with_one_warning():
    found = run(["stun=stun:stun.example.com:3478,stuns:b.example.com",
                 "turn=turns:turn.example.com:5349&turn_username=ana&turn_credential=s3cret",
                 "turn=turn:turn.example.com:3478",                       # no user name, no credential
                 "stun=http://evil.example.com,turn:t.example.com&turn_username=a&turn_credential=b",
                 "stun=stun:a b"], [])["address"]
    assert found[0] == {"servers": [{"urls": "stun:stun.example.com:3478"}, {"urls": "stuns:b.example.com"}],
                        "warnings": []}
    assert found[1]["servers"] == [{"urls": "turns:turn.example.com:5349", "username": "ana", "credential": "s3cret"}]
    assert found[2]["servers"] == [] and len(found[2]["warnings"]) == 1 and "turn_username" in found[2]["warnings"][0]
    # not STUN addresses under stun= (the whole parameter is left out), and a TURN user with no TURN server
    assert found[3]["servers"] == [] and [w.split("=")[0] for w in found[3]["warnings"]] == [
        "mexican-train: ignoring the address's stun", "mexican-train: ignoring the address's turn_username",
        "mexican-train: ignoring the address's turn_credential"]
    assert found[4] == {"servers": [], "warnings": [
        "mexican-train: ignoring the address's stun=stun:a b: it is stun:host:port or stuns:host:port, several separated by commas"]}


def test_a_server_parameter_given_twice_draws_one_warning_and_its_first_value_applies():
    found = run(["stun=stun:a.example.com&stun=constructor"], [])["address"][0]
    assert found == {"servers": [{"urls": "stun:a.example.com"}], "warnings": [
        "mexican-train: the address gives stun 2 times; only the first applies: stun=stun:a.example.com"]}


def test_an_invitation_s_servers_are_checked_as_the_address_s_are():
    found = run([], [[{"urls": "stun:s.example.com"}, {"urls": "turn:t.example.com", "username": "u", "credential": "c"}],
                     [{"urls": "javascript:alert(1)"}, {"urls": ["stun:a"]}, "stun:b", None, {"urls": "turn:t"}],
                     "stun:x", [{"urls": "stun:s"}] * 20])["invitation"]
    assert found[0] == [{"urls": "stun:s.example.com"}, {"urls": "turn:t.example.com", "username": "u", "credential": "c"}]
    assert found[1] == [] and found[2] == [] and len(found[3]) == 8
