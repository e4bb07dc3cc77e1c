"""A games site around the game (docs/embed.md): presets in the address, events to the page that
embeds the game, and its commands.

The game is served by the session's server (http://127.0.0.1:P); the host page by a second server on another
origin (http://localhost:Q), and an intruder by a third (http://127.0.0.1:R). The host page records every
message the game sends (window.events).
"""

from __future__ import annotations

import http.server
import json
import threading
from urllib.parse import urlencode, urlsplit

import pytest

from e2e.conftest import DESKTOP, READY_MS, Watch, wait_ready
from e2e.test_accessibility import assert_no_violations, run_axe
from mexican_train.ui.controller import cpu_step, start
from scripts import serve

HOST_PAGE = """<!doctype html><html lang=en><head><meta charset=utf-8><title>A games site</title>
<link rel=icon href='data:,'></head><body><h1>Games</h1>
<iframe id=game title='Mexican Train' width=360 height=480 style='border:0'></iframe>
<iframe id=other title='Another site' width=100 height=100 style='border:0'></iframe>
<script>
window.events = [];
addEventListener("message", (e) => {
  if (e.data && e.data.source === "mexican-train") window.events.push({origin: e.origin, data: e.data});
});
const q = new URLSearchParams(location.search);
document.getElementById("game").src = q.get("game");
if (q.get("other")) document.getElementById("other").src = q.get("other");
window.command = (type) => document.getElementById("game").contentWindow.postMessage(
  {source: "mexican-train-host", type}, new URL(q.get("game")).origin);
</script></body></html>"""

CPU_MATCH = {"test": "1", "nosw": "1", "set": "6", "seats": "2", "seat0": "easy", "name0": "Ana", "seat1": "normal",
             "rounds": "one", "speed": "instant", "seed": "12", "autostart": "1"}


@pytest.fixture
def sites(tmp_path):
    """Two more origins: the host page's (localhost) and a third one's (another port); their base URLs."""
    (tmp_path / "host.html").write_text(HOST_PAGE)
    (tmp_path / "other.html").write_text("<!doctype html><html lang=en><head><meta charset=utf-8>"
                                         "<title>Other</title><link rel=icon href='data:,'></head><body></body></html>")
    handler = type("Quiet", (http.server.SimpleHTTPRequestHandler,), {"log_message": lambda *a: None})
    servers = []
    for _ in range(2):
        srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), lambda *a: handler(*a, directory=str(tmp_path)))
        threading.Thread(target=srv.serve_forever, daemon=True).start()
        servers.append(srv)
    yield f"http://localhost:{servers[0].server_address[1]}", f"http://127.0.0.1:{servers[1].server_address[1]}"
    for srv in servers:
        srv.shutdown()
        srv.server_close()


def open_host(browser, server, host_origin, query, other=None, viewport=None):
    """The host page with the game in its frame, Python ready: (context, page, frame, watch)."""
    context = browser.new_context(viewport=viewport or DESKTOP, bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(20_000)
    watch = Watch(page)
    game = server + "?" + urlencode(query)
    url = f"{host_origin}/host.html?" + urlencode({"game": game, **({"other": other} if other else {})})
    page.goto(url)
    frame = None
    for _ in range(200):
        frame = page.frame(url=lambda u: u.startswith(server))
        if frame is not None:
            break
        page.wait_for_timeout(50)
    assert frame is not None
    frame.wait_for_selector("html[data-py-ready]", state="attached", timeout=READY_MS)
    return context, page, frame, watch


def events(page, kind=None):
    found = page.evaluate("window.events")
    return [e["data"] for e in found if kind is None or e["data"]["type"] == kind]


def wait_event(page, kind, timeout=30_000):
    page.wait_for_function("k => window.events.some(e => e.data.type === k)", arg=kind, timeout=timeout)


def engine_match(query):
    """The same match played on CPython: the page's CPU players decide from the position alone."""
    session = start({"set": 6, "seats": 2, "seed": int(query["seed"]), "rounds": "one",
                     "players": [{"name": "Ana", "kind": "easy"}, {"name": "", "kind": "normal"}]})
    played = [session.match]
    while not session.match.over:
        session = cpu_step(session)
        played.append(session.match)
    return played


FIELDS = {"ready": set(), "match-start": {"rules", "players"}, "round-end": {"round", "scores", "totals"},
          "match-end": {"totals", "winners"}, "paused": set(), "resumed": set()}


def test_a_host_page_on_another_origin_receives_ready_match_start_round_end_and_match_end(browser, server, sites):
    """One round of computers against each other at instant speed, started by the address alone. Every event has
    the documented fields and nothing else, each value is the engine's (so no tile can hide in one), and no
    hand tile of any position of the match is written in any event."""
    host_origin, _ = sites
    query = {**CPU_MATCH, "host": host_origin}
    context, page, frame, watch = open_host(browser, server, host_origin, query)
    try:
        wait_event(page, "match-end")
        got = events(page)
        assert [e["type"] for e in got] == ["ready", "match-start", "round-end", "match-end"]
        assert {e["source"] for e in got} == {"mexican-train"} and {e["version"] for e in got} == {1}
        for e in got:
            assert set(e) - {"source", "version", "type"} == FIELDS[e["type"]], e
        game_origin = "{0.scheme}://{0.netloc}".format(urlsplit(server))
        assert {e["origin"] for e in page.evaluate("window.events")} == {game_origin}
        played = engine_match(query)
        final = played[-1]
        start_, round_end, match_end = got[1], got[2], got[3]
        assert start_["rules"] == final.rules.to_dict()
        assert start_["players"] == [{"kind": "easy", "name": "Ana"}, {"kind": "normal"}]   # only the name it gave
        assert round_end == {"source": "mexican-train", "version": 1, "type": "round-end", "round": 1,
                             "scores": list(final.rounds[0].result.scores), "totals": list(final.totals)}
        assert match_end["totals"] == list(final.totals) and match_end["winners"] == list(final.winners)
        text = json.dumps(got)
        hand_tiles = {f"{t.low}-{t.high}" for m in played for hand in m.round.hands for t in hand}
        assert hand_tiles and not [t for t in hand_tiles if t in text]
        watch.check()
    finally:
        context.close()


def test_without_host_events_carry_no_names_and_commands_are_refused(browser, server, sites):
    host_origin, _ = sites
    context, page, frame, watch = open_host(browser, server, host_origin, {**CPU_MATCH, "speed": "slow"})
    try:
        wait_event(page, "match-start")
        assert events(page, "match-start")[0]["players"] == [{"kind": "easy"}, {"kind": "normal"}]
        warnings = []
        page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
        page.evaluate("command('pause')")
        frame.wait_for_timeout(300)
        assert frame.locator("#pause-dialog").is_hidden() and not events(page, "paused")
        assert any("ignoring the command \"pause\"" in w and "names no host" in w for w in warnings), warnings
        watch.check()
    finally:
        context.close()


def test_pause_and_resume_from_the_host_work_and_the_same_from_a_third_origin_is_ignored(browser, server, sites):
    host_origin, third = sites
    query = {**CPU_MATCH, "speed": "slow", "host": host_origin}
    context, page, frame, watch = open_host(browser, server, host_origin, query, other=f"{third}/other.html")
    try:
        wait_event(page, "match-start")
        warnings = []
        page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
        other = page.frame(url=lambda u: u.startswith(third))
        other.evaluate("parent.frames[0].postMessage({source: 'mexican-train-host', type: 'pause'}, '*')")
        frame.wait_for_timeout(300)
        assert frame.locator("#pause-dialog").is_hidden() and not events(page, "paused")
        assert any(f"ignoring the command \"pause\" from {third}" in w for w in warnings), warnings

        page.evaluate("command('pause')")
        wait_event(page, "paused")
        frame.wait_for_selector("#pause-dialog", state="visible")
        assert frame.get_attribute("html", "data-cpu-pending") == "0"
        page.evaluate("command('resume')")
        wait_event(page, "resumed")
        frame.wait_for_selector("#pause-dialog", state="hidden")
        page.evaluate("command('mute')")
        assert frame.get_attribute('[data-action="sound"]', "aria-pressed") == "false"
        frame.evaluate("""() => {      // the tab is hidden: the game pauses itself, and says so
            Object.defineProperty(document, 'visibilityState', {get: () => 'hidden', configurable: true});
            document.dispatchEvent(new Event('visibilitychange')); }""")
        page.wait_for_function("() => window.events.filter(e => e.data.type === 'paused').length === 2")
        assert [e["type"] for e in events(page)] == ["ready", "match-start", "paused", "resumed", "paused"]
        watch.check()
    finally:
        context.close()


def test_the_example_host_page_offers_a_match_lists_its_events_and_pauses_it(browser, server):
    example = serve.make_example_server(server + "?nosw")
    threading.Thread(target=example.serve_forever, daemon=True).start()
    context = browser.new_context(viewport=DESKTOP)
    try:
        page = context.new_page()
        page.set_default_timeout(20_000)
        watch = Watch(page)
        page.goto(example.url)
        page.wait_for_function("() => document.querySelectorAll('#events li').length >= 2", timeout=READY_MS)
        listed = [json.loads(li) for li in page.locator("#events li").all_inner_texts()]
        assert [e["type"] for e in listed[:2]] == ["ready", "match-start"]
        assert listed[1]["players"][0] == {"kind": "human", "name": "Guest"}
        page.click("#pause")
        page.wait_for_function("() => [...document.querySelectorAll('#events li')].some(li => li.textContent.includes('\"paused\"'))")
        page.click("#resume")
        page.wait_for_function("() => [...document.querySelectorAll('#events li')].some(li => li.textContent.includes('\"resumed\"'))")
        watch.check()
    finally:
        context.close()
        example.shutdown()
        example.server_close()


def test_each_address_parameter_fills_the_form_and_bad_ones_are_ignored_with_a_warning(fresh_page):
    page, watch, url = fresh_page("?" + urlencode({
        "preset": "classic", "set": "9", "seats": "3", "seat0": "strong", "name0": "Ana", "seat1": "human",
        "name2": "Cy", "rounds": "short", "speed": "fast", "double_rule": "immediate", "blank_double_penalty": "25",
        "exhausted_suit_exception": "1", "opening_chain": "0", "mexican_after_first_turn": "0", "hand_size": "9",
        "seed": "42", "lang": "en", "after_turn": "go"}))
    page.goto(url)
    wait_ready(page)
    form = page.evaluate("""() => { const f = document.getElementById('setup');
        const radio = (n) => f.querySelector(`input[name="${n}"]:checked`).value;
        return {preset: f.preset.value, set: radio('set'), seats: f.seats.value, rounds: radio('rounds'),
                speed: f.cpu_speed.value, double_rule: f.double_rule.value, penalty: f.blank_double_penalty.value,
                exhausted: f.exhausted_suit_exception.checked, chain: f.opening_chain.checked,
                mexican: f.mexican_after_first_turn.checked, hand: f.hand_size.value, seed: f.seed.value,
                after_turn: f.after_turn.value,
                names: [0, 1, 2].map(i => document.getElementById('seat-name-' + i).value),
                kinds: [0, 1, 2].map(i => document.getElementById('seat-kind-' + i).value)}; }""")
    assert form == {"preset": "classic", "set": "9", "seats": "3", "rounds": "short", "speed": "fast",
                    "double_rule": "immediate", "penalty": "25", "exhausted": True, "chain": False, "mexican": False,
                    "hand": "9", "seed": "42", "after_turn": "go", "names": ["Ana", "", "Cy"], "kinds": ["strong", "human", "normal"]}
    assert page.evaluate("localStorage.getItem('mexican-train:prefs:setup')") is None

    warnings = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    bad = {"preset": "house", "set": "15", "seats": "5", "seat0": "expert", "name1": "x" * 25, "speed": "warp",
           "double_rule": "never", "blank_double_penalty": "30", "exhausted_suit_exception": "maybe",
           "hand_size": "50", "seed": "-1", "lang": "xx", "autostart": "soon", "host": "games.example/path", "after_turn": "later"}
    page.goto(url.split("?")[0] + "?" + urlencode({**bad, "seat1": "easy", "rounds": "one"}))
    wait_ready(page)
    for name in bad:
        assert [w for w in warnings if f"address's {name}=" in w], (name, warnings)
    assert len(warnings) == len(bad), warnings
    assert page.locator("#setup-screen").is_visible()          # autostart=soon is not a yes
    assert page.evaluate("document.getElementById('seat-kind-1').value") == "easy"        # the good ones apply
    assert page.evaluate("document.querySelector('input[name=rounds]:checked').value") == "one"
    assert page.evaluate("document.getElementById('setup').preset.value") == "standard"


def test_a_preset_never_silently_replaces_a_saved_match_nor_the_remembered_settings(fresh_page):
    page, watch, url = fresh_page()
    page.goto(url)
    wait_ready(page)
    from e2e.game import Game
    Game(page).new_match([("Ana", "human"), ("Bot", "random")], set=6, rounds="short", speed="normal", seed=3)
    saved = page.evaluate("localStorage.getItem('mexican-train:match')")
    remembered = page.evaluate("localStorage.getItem('mexican-train:prefs:setup')")
    assert saved and remembered

    page.goto(url + "&" + urlencode({"set": "9", "seat1": "easy", "rounds": "one", "autostart": "1"}))
    wait_ready(page)
    page.wait_for_timeout(300)
    assert page.locator("#setup-screen").is_visible() and page.locator("#game-screen").is_hidden()
    assert page.locator('#saved-panel [data-action="continue_saved"]').is_visible()
    page.click("#setup-screen #quick-start")
    assert page.locator("#confirm-dialog").is_visible()                  # Start asks first
    page.click('[data-action="cancel_new"]')
    assert page.evaluate("localStorage.getItem('mexican-train:match')") == saved
    assert page.evaluate("localStorage.getItem('mexican-train:prefs:setup')") == remembered
    page.click('#saved-panel [data-action="continue_saved"]')
    page.wait_for_selector("#game-screen", state="visible")


def test_axe_finds_nothing_in_a_360_by_480_frame(browser, server, sites):
    host_origin, _ = sites
    query = {"test": "1", "nosw": "1", "set": "6", "seats": "2", "seat1": "random", "rounds": "one",
             "speed": "instant", "seed": "12", "autostart": "1", "host": host_origin}
    context, page, frame, watch = open_host(browser, server, host_origin, query)
    try:
        wait_event(page, "match-start")
        frame.wait_for_selector("#game-screen", state="visible")
        found: dict = {}
        run_axe(frame, "board in a 360x480 frame", found)
        assert_no_violations(found)
        watch.check()
    finally:
        context.close()
