"""A link or a host page can never break the game: every address parameter and every host
command, fed a table of hostile values from a host page on another origin.

The values: every name a JavaScript object inherits ("constructor", "__proto__", ...), the empty text,
control characters, bidirectional overrides and isolates, invisible characters that can hide a text, a
value of 10,000 characters, deeply nested brackets, markup and numbers that are no whole number. For each
(parameter, value): no console error, no page error, the one documented warning (quoting at most 40
characters of the value) or, for a name that is a good name ("constructor" is one), that name in the form;
the ``ready`` event reaches the host page, and Start starts a match there. Each page load carries every
parameter at once, each with a different value, and the loads turn the values round so that every
parameter meets every value once (a page load costs seconds; the parameters are independent). A failure
names its parameter and value. The same values go through the setup form's name fields; the match file
reader's side is tests/test_hostile_names.py.
"""

from __future__ import annotations

import http.server
import threading
from urllib.parse import urlencode, urlsplit

import pytest

from e2e.conftest import DESKTOP, READY_MS, Watch
from mexican_train import names
from tests.hostile_values import HOSTILE, INHERITED
from tests.test_docs import readme_parameters


def every_parameter() -> list[str]:
    """The README's table, seatN and nameN for every seat: what the page reads from its address."""
    found = []
    for name in sorted(readme_parameters()):
        found += [name[:-1] + str(i) for i in range(10)] if name.endswith("N") else [name]
    return found


PARAMETERS = every_parameter()


def quoted(value: str) -> str:
    """A value as a warning quotes it: its first 40 characters, hidden ones written as \\u{...}."""
    shown = "".join(f"\\u{{{ord(c):X}}}" if names.hidden(c) else c for c in value[:40])
    return shown + ("…" if len(value) > 40 else "")


def good_name(value: str) -> str | None:
    """The name the address gives a seat with ``value``, or None when it is a bad value (names.py's rule)."""
    name = names.clean(value, most=None)
    return name.text if not name.cleaned and 0 < len(name.text) <= names.MOST else None


HOST_PAGE = """<!doctype html><html lang=en><head><meta charset=utf-8><title>A hostile games site</title>
<link rel=icon href='data:,'></head><body><h1>Games</h1>
<iframe name=game title='Mexican Train' width=800 height=700 style='border:0'></iframe>
<script>
window.events = [];
addEventListener("message", (e) => {
  if (e.data && e.data.source === "mexican-train") window.events.push({origin: e.origin, data: e.data});
});
window.send = (data, origin) => frames[0].postMessage(data, origin);
</script></body></html>"""


@pytest.fixture(scope="module")
def host(browser, server, tmp_path_factory):
    """The host page on its own origin (localhost, another port), loaded once: (page, frame, watch, host origin).
    Each case navigates the frame."""
    root = tmp_path_factory.mktemp("hostile-host")
    (root / "host.html").write_text(HOST_PAGE)
    handler = type("Quiet", (http.server.SimpleHTTPRequestHandler,), {"log_message": lambda *a: None})
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), lambda *a: handler(*a, directory=str(root)))
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    origin = f"http://localhost:{srv.server_address[1]}"
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.set_default_timeout(20_000)
    watch = Watch(page)
    page.goto(f"{origin}/host.html")
    try:
        yield page, page.frame(name="game"), watch, origin
    finally:
        context.close()
        srv.shutdown()
        srv.server_close()


class Load:
    """One page load of the game in the host's frame, until ``ready`` reached the host: the game's console
    warnings from then on, and the events the host got."""

    def __init__(self, host, server, query: dict[str, str] | list[tuple[str, str]]):
        self.page, self.frame, self.watch, self.origin = host
        self.watch.errors, self.watch.foreign = [], []
        self.warnings: list[str] = []
        self.frame.goto("about:blank")          # the last game's page is gone, with its last events
        self.page.evaluate("window.events = []")
        self.page.on("console", self._console)
        self.frame.goto(server + "?" + urlencode(query))
        for _ in range(READY_MS // 500):      # a page error stops the wait at once: the game cannot start then
            if self.frame.locator("html[data-py-ready]").count() or self.watch.errors:
                break
            self.page.wait_for_timeout(500)
        self.watch.check()
        assert self.frame.locator("html[data-py-ready]").count(), "the game never became ready"
        self.page.wait_for_function("() => window.events.some(e => e.data.type === 'ready')", timeout=10_000)

    def _console(self, message):
        if message.type == "warning" and message.text.startswith("mexican-train:"):
            self.warnings.append(message.text)

    def close(self):
        self.page.remove_listener("console", self._console)
        self.frame.evaluate("() => { try { localStorage.clear(); sessionStorage.clear(); } catch (e) { /* no storage */ } }")

    def events(self, kind=None):
        return [e["data"] for e in self.page.evaluate("window.events") if kind is None or e["data"]["type"] == kind]

    def start(self):
        """Start on the first screen starts a match: the board, and ``match-start`` at the host."""
        frame = self.frame
        assert frame.locator("#quick-summary").inner_text().strip(), "the first screen sums up no settings"
        assert frame.evaluate("document.getElementById('setup').preset.value") in ("standard", "classic")
        frame.click("#setup-screen #quick-start")
        frame.wait_for_selector("#game-screen", state="visible")
        frame.wait_for_selector("html[data-screen=board]", state="attached")
        self.page.wait_for_function("() => window.events.some(e => e.data.type === 'match-start')")
        assert frame.locator("#setup-error").is_hidden()


def loads():
    """Each load's address: parameter i gets value (i + k) mod len(HOSTILE), so that over len(HOSTILE) loads
    every parameter meets every value once."""
    return [{p: HOSTILE[(i + k) % len(HOSTILE)] for i, p in enumerate(PARAMETERS)} for k in range(len(HOSTILE))]


@pytest.mark.parametrize("k", range(len(HOSTILE)), ids=lambda k: f"load{k}")
def test_every_address_parameter_with_every_hostile_value_gets_its_warning_and_the_game_still_starts(host, server, k):
    query = loads()[k]
    load = Load(host, server, {"nosw": "1", **query})
    try:
        problems = []
        expected = 0
        for p, value in query.items():
            mine = [w for w in load.warnings if w.startswith(f"mexican-train: ignoring the address's {p}=")]
            case = f"{p}={value[:40]!r}"
            if p.startswith("name") and good_name(value) is not None:
                if mine:
                    problems.append(f"{case}: a good name, warned {mine}")
                seat = int(p[4:])
                if seat < 2 and load.frame.input_value(f"#seat-name-{seat}") != good_name(value):
                    problems.append(f"{case}: the form shows {load.frame.input_value(f'#seat-name-{seat}')!r}")
                continue
            expected += 1
            if len(mine) != 1:
                problems.append(f"{case}: {len(mine)} warnings {mine}")
            elif not mine[0].startswith(f"mexican-train: ignoring the address's {p}={quoted(value)}: "):
                problems.append(f"{case}: the warning does not quote its first 40 characters: {mine[0][:200]!r}")
        if len(load.warnings) != expected:
            problems.append(f"{len(load.warnings)} warnings for {expected} bad values: {[w[:120] for w in load.warnings]}")
        assert not problems, "\n".join(problems)
        load.watch.check()
        load.start()
        load.watch.check()
    finally:
        load.close()


GOOD = {"preset": "classic", "set": "9", "seats": "3", "rounds": "one", "speed": "fast", "after_turn": "go",
        "double_rule": "immediate", "blank_double_penalty": "25", "exhausted_suit_exception": "1",
        "opening_chain": "1", "mexican_after_first_turn": "1", "hand_size": "5", "seed": "42", "lang": "en",
        "autostart": "0", **{f"seat{i}": "easy" for i in range(10)}, **{f"name{i}": f"N{i}" for i in range(10)},
        "stun": "stun:stun.example.com:3478", "turn": "turns:turn.example.com:5349", "turn_username": "ana",
        "turn_credential": "s3cret"}


def test_a_parameter_given_twice_draws_one_warning_naming_it_and_its_first_value_applies(host, server):
    query = [(p, GOOD[p] if p != "host" else host[3]) for p in PARAMETERS]
    assert {p for p, _ in query} == set(GOOD) | {"host"}, "a new parameter needs a good value here"
    twice = query + [(p, "9" if p == "seats" else "constructor") for p, _ in query]
    load = Load(host, server, [("nosw", "1"), *twice])
    try:
        problems = []
        for p, first in query:
            mine = [w for w in load.warnings if w.startswith(f"mexican-train: the address gives {p} ") or f"address's {p}=" in w]
            if mine != [f"mexican-train: the address gives {p} 2 times; only the first applies: {p}={quoted(first)}"]:
                problems.append(f"{p}: {mine}")
        assert not problems, "\n".join(problems)
        assert len(load.warnings) == len(query), load.warnings
        form = load.frame.evaluate("""() => { const f = document.getElementById('setup');
            return [f.preset.value, f.querySelector('input[name="set"]:checked').value, f.seats.value,
                    f.double_rule.value, document.getElementById('seat-name-2').value,
                    document.getElementById('seat-kind-2').value]; }""")
        assert form == ["classic", "9", "3", "immediate", "N2", "easy"]
        load.start()
        players = load.events("match-start")[0]["players"]
        assert players == [{"kind": "easy", "name": f"N{i}"} for i in range(3)]   # host= applied: names go out
        load.watch.check()
    finally:
        load.close()


def deep(kind: str, depth: int = 400) -> str:
    """A JavaScript expression for a value nested ``depth`` levels deep."""
    return f"(() => {{ let v = 'pause'; for (let i = 0; i < {depth}; i++) v = {kind}; return v; }})()"


COMMAND_TYPES = [(repr(t), repr(t), '"' + quoted(t) + '"')      # a Python str's repr is a JavaScript literal here
                 for t in INHERITED + ["", "PAUSE", " pause", "pause\x00", "\u202epause", "<b>pause</b>"]] + [
    ("5 MB", "'p'.repeat(5 * 1024 * 1024)", '"' + "p" * 40 + '…"'),
    ("an object nested 400 deep", deep("{type: v}"), "(an object)"),
    ("a list nested 400 deep", deep("[v]"), "(a list)"),
    ("an object with toString", "({toString: 'pause', valueOf: 'pause'})", "(an object)"),
    ("a number", "0", "(a number)"), ("NaN", "NaN", "(a number)"), ("true", "true", "(a boolean)"),
    ("null", "null", "(no type)"), ("no type", "undefined", "(no type)"),
]
"""(what it is, the JavaScript expression of the type sent, how the warning names it)"""


def test_every_command_type_a_host_may_send_is_run_or_refused_with_one_warning(host, server):
    """From the origin the address names, during a match: every hostile type is an unknown command (one
    warning each, in order, nothing changes); then pause, resume and mute still work."""
    load = Load(host, server, {"nosw": "1", "test": "1", "seat0": "random", "seat1": "random", "speed": "slow",
                               "rounds": "one", "autostart": "1", "host": host[3]})
    try:
        load.page.wait_for_function("() => window.events.some(e => e.data.type === 'match-start')")
        game = "{0.scheme}://{0.netloc}".format(urlsplit(server))
        for n, (label, js, _) in enumerate(COMMAND_TYPES):   # each followed by a marker: its warnings are between
            load.page.evaluate(f"origin => {{ send({{source: 'mexican-train-host', type: {js}}}, origin);"
                               f" send({{source: 'mexican-train-host', type: 'mark {n}'}}, origin); }}", game)
        for data in ("'pause'", "null", "({type: 'pause'})", "({source: 'mexican-train', type: 'pause'})"):
            load.page.evaluate(f"origin => send({data}, origin)", game)      # not commands: not even a warning
        load.page.evaluate("origin => send({source: 'mexican-train-host', type: 'pause'}, origin)", game)
        load.page.wait_for_function("() => window.events.some(e => e.data.type === 'paused')")
        unknown = "mexican-train: unknown command {}: the commands are pause, resume, mute, friend-reply"
        got, problems = load.warnings[:], []
        for n, (label, _, said) in enumerate(COMMAND_TYPES):
            mark = next((i for i, w in enumerate(got) if w.startswith(f'mexican-train: unknown command "mark {n}"')),
                        len(got))
            mine, got = got[:mark], got[mark + 1:]
            if mine != [unknown.format(said)]:
                problems.append(f"{label}: {[w[:120] for w in mine]}")
        assert not problems and not got, "\n".join(problems + [f"and after the last: {got}"])
        load.frame.wait_for_selector("#pause-dialog", state="visible")
        load.page.evaluate("origin => send({source: 'mexican-train-host', type: 'resume'}, origin)", game)
        load.page.wait_for_function("() => window.events.some(e => e.data.type === 'resumed')")
        load.page.evaluate("origin => send({source: 'mexican-train-host', type: 'mute'}, origin)", game)
        load.frame.wait_for_function("() => document.querySelector('[data-action=sound]').getAttribute('aria-pressed') === 'false'")
        assert [e["type"] for e in load.events()] == ["ready", "match-start", "paused", "resumed"]
        assert load.frame.locator("#game-screen").is_visible()
        load.watch.check()
    finally:
        load.close()


def test_the_same_values_typed_into_the_setup_form_are_names_as_python_keeps_them(host, server):
    """Ten people at the table (classic, double-12), each typing one hostile value: the match starts with
    each name as names.clean keeps it (the default one when nothing is left), and one line says which
    names lost control or invisible characters."""
    load = Load(host, server, {"nosw": "1", "test": "1", "preset": "classic", "set": "12", "seats": "10",
                               **{f"seat{i}": "human" for i in range(10)}})
    frame = load.frame
    try:
        assert len(HOSTILE) <= 20, "two starts of ten seats each"
        for batch in (HOSTILE[:10], HOSTILE[10:]):
            frame.evaluate("() => { if (document.getElementById('setup').hidden) document.getElementById('settings-toggle').click(); }")
            typed = []
            for seat, value in enumerate(batch):
                frame.fill(f"#seat-name-{seat}", value)
                typed.append(frame.input_value(f"#seat-name-{seat}"))
            frame.click('#setup [data-action="start"]')
            if frame.locator("#confirm-dialog").is_visible():
                frame.click('[data-action="confirm_new"]')
            frame.wait_for_selector("html[data-screen=board]", state="attached")
            kept = frame.evaluate("""() => window.mtTest.call({type: "export_match"})
                .then((answer) => JSON.parse(answer.view.text).players.map((p) => p.name))""")
            problems = []
            for seat, (value, text) in enumerate(zip(batch, typed)):
                name = names.clean(text)
                want = name.text or f"Player {seat + 1}"
                if kept[seat] != want:
                    problems.append(f"{value[:40]!r} typed as {text!r}: the match names it {kept[seat]!r}, not {want!r}")
            assert not problems, "\n".join(problems)
            log = " ".join(frame.evaluate("[...document.querySelectorAll('#log p')].map(p => p.textContent)"))
            cleaned = [kept[seat] for seat, text in enumerate(typed) if names.clean(text).cleaned]
            if cleaned:
                assert "Control or invisible characters were taken out of the name" in log, log
                for name in cleaned:
                    assert name in log.split("taken out of the name")[1], (name, log)
            frame.click('.topbar [data-action="menu"]')
            frame.click('#menu-dialog [data-action="setup"]')
            frame.wait_for_selector("#setup-screen", state="visible")
        load.watch.check()
    finally:
        load.close()
