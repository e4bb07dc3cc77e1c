"""The friends' cases, run by e2e/test_friends.py inside a loopback-only network namespace (never collected on
their own: the file name is not test_*.py).

* Two contexts: the host (a person, a friend's seat, a second friend's seat nobody joins, a computer) and one
  friend; the host's tab reloads mid-round and Continues, and the friend rejoins the same seat by a new
  invitation and its seat's token; the invitation's and the reply's QR codes decode (jsQR under node, e2e/qr_decode.mjs) to their links,
  which are there as text too; the lobby's reader reads a QR code; this browser has no camera, which the lobby
  says, offering the paste box, and the reply link pasted there connects the friend; Start now deals with a computer in the empty seat; the friend's page sends illegal, malformed,
  oversized and out-of-turn messages, each refused with one console warning on the host, nothing changed.
* Two games sites on two more origins, each holding one device's game in a frame: the sites carry the
  invitation and the reply as the game's events and their commands, and the frames connect.
* A friend joins while the host's Python answers the page's first question (held by the test): the deal made
  then is the match, and the friend's connection stays open (a second start of the address's match closed it).
* With a camera (Chromium's stand-in for one): the lobby's camera view is not in the page until the camera is
  asked for; then it shows the camera, below the camera's buttons, hides when stopped, and is the same view when
  asked for again.
* Three contexts: the host (a person, two friends' seats, a computer) and two friends, one in Spanish; the
  deal comes by itself once both have joined; at one friend's turn its tab closes: the seat is away on the
  host's and the other friend's screens, the match waits, a computer plays that turn and hands the seat back,
  a reply without the seat's token is refused, and the friend's browser rejoins the same seat with one new
  offer and answer; axe on the lobby, the join screen, the friend's board and the away panel.

Both play a round to its end. Every message a friend's device receives is captured (window.mtFriend) and,
while the round is in play, names no tile but the friend's own hand's and the board's. Every ICE candidate in
every offer and answer (read from the links themselves) is 127.0.0.1.
"""

from __future__ import annotations

import base64
import json
import os
import re
import socket
import subprocess
import time
import zlib

import pytest

from e2e.conftest import ARGS, CHROMIUM, DESKTOP, Watch, chromium, wait_ready
from e2e.test_accessibility import AXE, assert_no_violations, no_overflow, run_axe
from e2e.test_first_minute import CUT_JS
from e2e.test_languages import FIT_JS, PHONE, ZOOMED
from e2e.test_host import sites  # noqa: F401 - a fixture: two more origins serving tmp_path

if os.environ.get("MT_FRIENDS_NETNS") != "1" or [name for _i, name in socket.if_nameindex()] != ["lo"]:
    pytest.skip("run by e2e/test_friends.py, in a network namespace with only loopback", allow_module_level=True)

RTC_ARGS = ARGS + ["--use-fake-ui-for-media-stream", "--allow-loopback-in-peer-connection",
                   "--disable-features=WebRtcHideLocalIpsWithMdns"]
TILE = re.compile(r"(?<![\d-])(\d{1,2})-(\d{1,2})(?![\d])")


@pytest.fixture(scope="module")
def rtc_browser():
    yield from chromium(RTC_ARGS)


def unpack(link: str) -> dict:
    text = link.split("#", 1)[1].split("=", 1)[1]
    raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    return json.loads(zlib.decompress(raw, -15))


def decoded(*images) -> list[str | None]:
    """The text of the QR code each image shows (a screenshot of it), read by jsQR under node
    (e2e/qr_decode.mjs), not by the page's code."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    files = []
    for n, image in enumerate(images):
        path = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"mt-qr-{os.getpid()}-{n}.png")
        image.screenshot(path=path)
        files.append(path)
    try:
        done = subprocess.run(["node", os.path.join(root, "e2e", "qr_decode.mjs"), *files], capture_output=True,
                              text=True, timeout=60, check=True)
    finally:
        for path in files:
            os.remove(path)
    return json.loads(done.stdout)


def candidates(link: str) -> list[str]:
    """The address of every ICE candidate in the link's session description."""
    sdp = unpack(link)["sdp"]
    return [line.split()[4] for line in sdp.splitlines() if line.startswith("a=candidate:")]


class Host:
    def __init__(self, browser, url, axe=False, init_script=None, ready=True):
        self.context = browser.new_context(viewport=DESKTOP, bypass_csp=axe)
        if init_script:
            self.context.add_init_script(init_script)
        self.page = self.context.new_page()
        self.page.set_default_timeout(20_000)
        self.watch = Watch(self.page)
        self.warnings: list[str] = []
        self.page.on("console", lambda m: self.warnings.append(m.text) if m.type == "warning" else None)
        self.page.goto(url)
        if ready:
            wait_ready(self.page)

    def invite(self, seat: int) -> str:
        link = self.page.locator(f'.lobby-seat[data-seat="{seat}"] [data-invite-link]')
        self.page.wait_for_function(f"""() => {{ const a = document.querySelector('.lobby-seat[data-seat="{seat}"] [data-invite-link]');
            return a && a.href.includes('#join='); }}""")
        return link.get_attribute("href")

    def open_reply(self, reply: str) -> None:
        tab = self.context.new_page()
        tab.goto(reply)
        tab.wait_for_function("() => document.getElementById('join-status').textContent !== ''")
        text = tab.inner_text("#join-status")
        tab.close()
        assert text


class Friend:
    def __init__(self, browser, invite, locale="en-US", axe=False):
        self.context = browser.new_context(viewport={"width": 390, "height": 800}, locale=locale, bypass_csp=axe)
        self.page = self.context.new_page()
        self.page.set_default_timeout(20_000)
        self.watch = Watch(self.page)
        self.requests: list[str] = []
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.open(invite)

    def open(self, invite: str) -> None:
        """Open an invitation in this browser context's page; its reply link is then ``self.reply``."""
        self.page.goto(invite)
        self.page.wait_for_selector("[data-reply-link]", state="visible")
        self.reply = self.page.get_attribute("[data-reply-link]", "href")

    def rejoin(self, invite: str) -> None:
        """A new tab of the same browser (its storage, so its seat's token) opens a new invitation."""
        self.page = self.context.new_page()
        self.page.set_default_timeout(20_000)
        self.watch = Watch(self.page)
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.open(invite)

    def count(self) -> int:
        return self.page.evaluate("window.mtFriend.received.length")

    def messages(self) -> list[str]:
        return self.page.evaluate("window.mtFriend.received")


def act(page, friend: Friend | None) -> bool:
    """One move of the person at ``page`` if it is their turn: draw, pass, end the chain, or a playable tile on
    its first train. On a friend's page each tap waits for the host's answer to arrive."""
    def tap(selector):
        before = friend.count() if friend else 0
        page.click(selector)
        if friend:
            page.wait_for_function(f"() => window.mtFriend.received.length > {before}", timeout=10_000)
    if page.locator("#round-dialog").is_visible() or page.locator("#match-dialog").is_visible():
        return False
    for name in ("draw", "pass", "stop"):
        button = page.locator(f'#actions [data-action="{name}"]')
        if button.is_visible():
            tap(f'#actions [data-action="{name}"]')
            return True
    tiles = page.eval_on_selector_all("#hand-tiles .htile.playable", "els => els.map(e => e.dataset.tile)")
    if not tiles:
        return False
    tap(f'#hand-tiles [data-tile="{tiles[0]}"]')
    targets = page.eval_on_selector_all('#trains [data-train]:not([aria-disabled="true"])', "els => els.map(e => e.dataset.train)")
    assert targets, "a picked tile with no train to go to"
    tap(f'#trains [data-train="{targets[0]}"]')
    return True


def send_hostile(host: Host, friend: Friend, texts: list[str]) -> list[str]:
    """The friend's page sends each text on its channel: the host warns once for each, in order, and nothing
    changes (the host's screen, its save, what the friend is sent). Returns the warnings."""
    step = host.page.get_attribute("html", "data-step")
    save = host.page.evaluate("localStorage.getItem('mexican-train:match')")
    got, warned = friend.count(), len(host.warnings)
    for text in texts:
        friend.page.evaluate("t => window.mtFriend.send(t)", text)
    deadline = time.monotonic() + 10
    while len(host.warnings) < warned + len(texts) and time.monotonic() < deadline:
        host.page.wait_for_timeout(50)   # the console events arrive while Playwright is called
    host.page.wait_for_timeout(300)
    refused = host.warnings[warned:]
    assert len(refused) == len(texts) and all("refused" in w for w in refused), refused
    assert host.page.get_attribute("html", "data-step") == step
    assert host.page.evaluate("localStorage.getItem('mexican-train:match')") == save
    assert friend.count() == got
    return refused


def friend_to_move(friend: Friend) -> bool:
    page = friend.page
    return page.locator("#hand-tiles .htile.playable").count() > 0 or any(
        page.locator(f'#actions [data-action="{name}"]').is_visible() for name in ("draw", "pass"))


def play_round(host: Host, friends: list[Friend], limit_s=150) -> None:
    """Everyone plays until the host's screen shows the round's end (the computer plays at instant speed)."""
    until = time.monotonic() + limit_s
    while not host.page.locator("#round-dialog").is_visible():
        assert time.monotonic() < until, "the round did not end in time"
        if act(host.page, None):
            continue
        if any(act(f.page, f) for f in friends):
            continue
        host.page.wait_for_timeout(50)
    for f in friends:   # the round's end reaches every friend
        f.page.wait_for_function("() => document.documentElement.dataset.screen === 'round_end'")


def no_hidden_tile(friend: Friend) -> int:
    """Every message the friend received while the round was in play names no tile but its hand's and the
    board's; returns how many such messages there were."""
    checked = 0
    for text in friend.messages():
        message = json.loads(text)
        if message["t"] == "seat":   # the seat's token, once connected
            continue
        view = message["view"]
        if view["screen"] != "board":
            continue
        own = {t["id"] for t in (view.get("hand") or {}).get("tiles", [])}
        board = set(TILE.findall(json.dumps([view["trains"], view["round"]])))   # the trains and the engine
        board = {f"{min(int(a), int(b))}-{max(int(a), int(b))}" for a, b in board}
        for a, b in TILE.findall(text):
            tile = f"{min(int(a), int(b))}-{max(int(a), int(b))}"
            assert tile in own or tile in board, f"a message names {tile}, neither its hand's nor the board's"
        checked += 1
    return checked


def no_python(friend: Friend) -> None:
    loaded = [u for u in friend.requests if re.search(r"pyodide|pyscript|python|snapshot|\.whl|\.zip|worker", u)]
    assert not loaded, f"the friend's page fetched Python: {loaded}"


def test_two_devices_start_now_hostile_messages_and_a_round(rtc_browser, server):
    host = Host(rtc_browser, server + "?test=1&set=6&seats=4&seat0=human&name0=Hana&seat1=friend&name1=Ana"
                "&seat2=friend&name2=Bea&seat3=random&rounds=one&speed=instant&after_turn=go&seed=11&autostart=1")
    host.page.wait_for_selector("#lobby-screen", state="visible")
    invite = host.invite(1)
    friend = Friend(rtc_browser, invite)
    assert friend.page.inner_text("#join-whose").count("Ana") and "Hana" in friend.page.inner_text("#join-whose")
    # each link as a QR code (read by a decoder in the test) and as text, which a screen reader and a keyboard reach
    invite_qr = host.page.locator('.lobby-seat[data-seat="1"] [data-invite-qr]')
    assert decoded(invite_qr, friend.page.locator("#reply-qr")) == [invite, friend.reply]
    assert "Ana" in invite_qr.get_attribute("alt") and friend.page.get_attribute("#reply-qr", "alt")
    assert host.page.input_value('.lobby-seat[data-seat="1"] [data-invite-text]') == invite
    assert friend.page.input_value("#reply-text") == friend.reply
    # the lobby's own reader (BarcodeDetector, else jsQR, as for the camera's frames) reads its QR codes too
    assert host.page.evaluate("img => window.mtQr.read(img)", invite_qr.element_handle()) == invite
    # no camera in this browser: the page says so and offers the paste box, where the reply link goes
    host.page.click('[data-lobby="camera"]')
    host.page.wait_for_function("() => document.getElementById('reader-status').textContent !== ''")
    assert "paste the reply link" in host.page.inner_text("#reader-status")
    assert host.page.evaluate("document.activeElement.id") == "reply-paste"
    host.page.keyboard.type("https://example.invalid/#reply=broken")
    host.page.keyboard.press("Enter")
    host.page.wait_for_function("() => document.getElementById('reader-status').textContent.includes('not a reply')")
    host.page.fill("#reply-paste", friend.reply)
    host.page.keyboard.press("Enter")
    host.page.wait_for_selector('.lobby-seat[data-seat="1"][data-joined="1"]')
    for link in (invite, friend.reply, host.invite(2)):
        found = candidates(link)
        assert found and set(found) == {"127.0.0.1"}, found
    host.page.click('[data-lobby="start_now"]')
    host.page.wait_for_selector("#game-screen", state="visible")
    friend.page.wait_for_selector("#game-screen", state="visible")
    saved = host.page.evaluate("JSON.parse(localStorage.getItem('mexican-train:match'))")
    # in the match file the friend is a person, Bea's empty seat a computer; the save says who plays elsewhere
    assert [p["kind"] for p in saved["match"]["players"]] == ["human", "human", "normal", "random"]
    assert saved["app"]["friends"] == [[1, "en"]]

    # hostile messages from the friend's page, at the host person's turn or a computer's: nothing changes
    assert not friend_to_move(friend)
    hand = friend.page.eval_on_selector_all("#hand-tiles [data-tile]", "els => els.map(e => e.dataset.tile)")
    refused = send_hostile(host, friend, [
        "x" * 70_000, "not json", json.dumps({"t": "event", "event": {"type": "tile"}}),
        json.dumps({"t": "event", "event": {"type": "command", "name": "next_round"}}),
        json.dumps({"t": "event", "event": {"type": "tile", "tile": hand[0]}})])
    for warning, words in zip(refused, ["more than 65536", "not JSON", "not of the right shape",
                                        "cannot come from another device", "out of turn"]):
        assert words in warning, refused

    # at the friend's own turn, a train with no tile picked, and a tile of the hand that cannot be played
    until = time.monotonic() + 60
    while not friend_to_move(friend):
        assert time.monotonic() < until, "the friend's turn never came"
        if not act(host.page, None):
            host.page.wait_for_timeout(50)
    stuck = friend.page.eval_on_selector_all("#hand-tiles .htile:not(.playable)", "els => els.map(e => e.dataset.tile)")
    illegal = [json.dumps({"t": "event", "event": {"type": "train", "train": "M"}})]
    illegal += [json.dumps({"t": "event", "event": {"type": "tile", "tile": tile}}) for tile in stuck[:1]]
    refused = send_hostile(host, friend, illegal)
    assert all("not a legal move" in w for w in refused), refused

    # the host's tab reloads and Continues: the friend's seat is away, with a new invitation of the same match,
    # which the friend's browser answers with its seat's token; the friend plays on from the same seat
    host.watch.check()
    host.page.reload()
    wait_ready(host.page)
    host.page.click('#saved-panel [data-action="continue_saved"]')
    row = '#away-seats .lobby-seat[data-seat="1"]'
    host.page.wait_for_selector(row + ' [data-invite-link][href*="#join="]')
    assert "Waiting for Ana" in host.page.inner_text("#banner")
    friend.page.wait_for_selector("#friend-lost", state="visible")
    again = host.page.get_attribute(row + " [data-invite-link]", "href")
    assert unpack(again)["id"] == unpack(invite)["id"] and unpack(again)["seat"] == 1
    friend.watch.check()
    friend.page.close()
    friend.rejoin(again)
    assert unpack(friend.reply)["token"]
    host.open_reply(friend.reply)
    friend.page.wait_for_selector("#game-screen", state="visible")
    host.page.wait_for_selector("#away-panel", state="hidden")
    assert friend_to_move(friend)

    play_round(host, [friend])
    assert no_hidden_tile(friend) > 3
    no_python(friend)
    host.watch.check()
    friend.watch.check()
    friend.context.close()
    host.context.close()


def paste(host: Host, reply: str) -> str:
    """The host pastes a reply link in the reply box: what the page says of it."""
    host.page.fill("#reply-paste", "")
    host.page.evaluate("() => { document.getElementById('reader-status').textContent = ''; }")
    host.page.fill("#reply-paste", reply)
    host.page.press("#reply-paste", "Enter")
    host.page.wait_for_function("() => document.getElementById('reader-status').textContent !== ''")
    return host.page.inner_text("#reader-status")


def lost_and_back(browser, host: Host, ana: Friend, bea: Friend, found: dict, cut: list[str]) -> None:
    """At Ana's turn her tab closes: her seat is away on every device and the match waits; a computer (Easy)
    plays her turn; the host takes the seat back; a reply without her seat's token is refused; her browser
    opens the host's new invitation and its reply, carrying the token, puts her back in her seat."""
    until = time.monotonic() + 60
    while not friend_to_move(ana):
        assert time.monotonic() < until, "Ana's turn never came"
        if not (act(host.page, None) or act(bea.page, bea)):
            host.page.wait_for_timeout(50)
    token = next(json.loads(t)["token"] for t in ana.messages() if json.loads(t)["t"] == "seat")
    ana.watch.check()
    ana.page.close()
    row = '#away-seats .lobby-seat[data-seat="1"]'
    host.page.wait_for_selector(row + ' [data-invite-link][href*="#join="]')
    run_axe(host.page, "away panel", found)
    cut += fits(host.page, "away panel")
    assert "Waiting for Ana" in host.page.inner_text("#banner")
    bea.page.wait_for_function("() => document.getElementById('trains').textContent.includes('ausente')")
    step = host.page.get_attribute("html", "data-step")
    host.page.wait_for_timeout(700)
    assert host.page.get_attribute("html", "data-step") == step, "the match went on without Ana"
    # a computer plays Ana's turn, then the host takes her seat back
    host.page.select_option(row + " [data-stand-in]", "easy")
    host.page.click(row + ' [data-lobby="stand_in"]')
    host.page.wait_for_function(f"() => document.documentElement.dataset.step !== {json.dumps(step)}")
    assert "CPU · Easy" in host.page.inner_text("#trains")
    host.page.click(row + ' [data-lobby="take_back"]')
    host.page.wait_for_function("() => !document.getElementById('trains').textContent.includes('CPU · Easy plays')")
    invite = host.page.get_attribute(row + " [data-invite-link]", "href")
    stranger = Friend(browser, invite)
    assert "token" not in unpack(stranger.reply)
    assert "not from Ana's device" in paste(host, stranger.reply)
    stranger.context.close()
    ana.rejoin(invite)
    assert unpack(ana.reply)["token"] == token
    paste(host, ana.reply)
    ana.page.wait_for_selector("#game-screen", state="visible")
    host.page.wait_for_selector("#away-panel", state="hidden")
    bea.page.wait_for_function("() => !document.getElementById('trains').textContent.includes('ausente')")


def fits(page, where: str) -> list[str]:
    """What is cut off or past its control's edge at 360 px and at 200% zoom (failing at once if the page is
    wider than the window), as e2e/test_languages.py checks every other screen."""
    size = page.viewport_size
    cut = []
    for viewport, label in ((PHONE, "360 px"), (ZOOMED, "200% zoom")):
        page.set_viewport_size(viewport)
        page.wait_for_timeout(60)
        no_overflow(page, f"{where} at {label}")
        cut += [f"[{where} at {label}] {c}" for c in page.evaluate(CUT_JS, "body")]
        cut += [f"[{where} at {label}] past its edge: {c}" for c in page.evaluate(FIT_JS)]
    page.set_viewport_size(size)
    return cut


def test_the_lobbys_camera_view_is_made_when_the_camera_is_asked_for(rtc_browser, server):
    """static/js/friends.js readerVideo: made on the first ask, not with the page (docs/measurements/engines.md)."""
    # a browser of its own with a camera, from the same Playwright (one per thread)
    browser = rtc_browser.browser_type.launch(executable_path=CHROMIUM,
                                              args=RTC_ARGS + ["--use-fake-device-for-media-stream"])
    try:
        host = Host(browser, server + "?test=1&set=6&seats=2&seat0=human&name0=Hana&seat1=friend&name1=Ana"
                    "&rounds=one&autostart=1")
        page = host.page
        page.wait_for_selector("#lobby-screen", state="visible")
        assert page.evaluate("document.querySelectorAll('video').length") == 0
        page.click('[data-lobby="camera"]')
        page.wait_for_function("() => { const v = document.getElementById('reader-video');"
                               " return v && !v.hidden && v.readyState >= 2 && v.videoWidth > 0; }")
        assert "in front of the camera" in page.inner_text("#reader-status")
        placed = page.evaluate("""() => { const v = document.getElementById('reader-video');
            return [v.previousElementSibling.contains(document.querySelector('[data-lobby="camera"]')),
                    v.nextElementSibling.contains(document.getElementById('reply-paste')), v.muted,
                    v.hasAttribute('playsinline')]; }""")
        assert placed == [True, True, True, True]
        page.click('[data-lobby="camera_stop"]')
        assert page.evaluate("document.getElementById('reader-video').hidden")
        page.click('[data-lobby="camera"]')
        page.wait_for_selector("#reader-video", state="visible")
        assert page.evaluate("document.querySelectorAll('video').length") == 1
        page.click('[data-lobby="camera_stop"]')
        host.watch.check()
    finally:
        browser.close()


def test_three_devices_join_by_links_and_play_a_round(rtc_browser, server):
    found: dict = {}
    cut: list[str] = []
    host = Host(rtc_browser, server + "?test=1&set=6&seats=4&seat0=human&name0=Hana&seat1=friend&name1=Ana"
                "&seat2=friend&name2=Bea&seat3=random&rounds=one&speed=instant&after_turn=go&seed=5&autostart=1", axe=True)
    host.page.wait_for_selector("#lobby-screen", state="visible")
    run_axe(host.page, "lobby", found)
    ana = Friend(rtc_browser, host.invite(1), axe=True)
    run_axe(ana.page, "join", found)
    bea = Friend(rtc_browser, host.invite(2), locale="es-ES")
    assert bea.page.url.split("#")[0].endswith("friend.es.html")
    cut += fits(host.page, "lobby") + fits(ana.page, "join") + fits(bea.page, "join, in Spanish")
    host.open_reply(ana.reply)
    host.open_reply(bea.reply)
    for f in (ana, bea):
        f.page.wait_for_selector("#game-screen", state="visible")
        assert set(candidates(f.reply)) == {"127.0.0.1"}
    host.page.wait_for_selector("#game-screen", state="visible")
    run_axe(ana.page, "friend's board", found)
    cut += fits(ana.page, "friend's board") + fits(bea.page, "friend's board, in Spanish")
    lost_and_back(rtc_browser, host, ana, bea, found, cut)
    assert_no_violations(found)
    assert not cut, "text cut off or past its control's edge:\n" + "\n".join(cut)
    banner = bea.page.inner_text("#rules")
    assert "Juego" in banner or "fichas" in banner or "mula" in banner.lower(), banner   # Bea's views are in Spanish
    play_round(host, [ana, bea])
    assert no_hidden_tile(ana) > 3 and no_hidden_tile(bea) > 3
    for f in (ana, bea):
        no_python(f)
        f.watch.check()
        f.context.close()
    host.watch.check()
    host.context.close()


# Python's answer to the page's first question ("boot") waits until the test calls window.letBootGo(): the door
# to Python (window.mtPython, python.js) is wrapped as the page sets it.
HOLD_BOOT = """
Object.defineProperty(window, "mtPython", { configurable: true, get() { return undefined; }, set(door) {
  const transport = door.transport;
  door.transport = async (text) => {
    if (JSON.parse(text).event.type === "boot" && !window.bootHeld) {
      window.bootHeld = true;
      await new Promise((resolve) => { window.letBootGo = resolve; });
    }
    return transport(text);
  };
  Object.defineProperty(window, "mtPython", { value: door, writable: true, configurable: true });
} });
"""


def test_a_friend_who_joins_while_the_hosts_python_answers_its_first_question_plays_the_match_dealt(rtc_browser,
                                                                                                   server):
    """The address starts the match, so the lobby opens before Python is ready; the friend joins while Python
    answers the page's first question, and the deal goes out behind it. The answer must not start the address's
    match a second time: that would open a new lobby and close the friend's connection (seen under load in CI)."""
    host = Host(rtc_browser, server + "?test=1&nosw=1&set=6&seats=3&seat0=human&name0=Hana&seat1=friend&name1=Ana"
                "&seat2=random&rounds=one&speed=instant&after_turn=go&seed=7&autostart=1",
                init_script=HOLD_BOOT, ready=False)
    ana = Friend(rtc_browser, host.invite(1))
    host.page.wait_for_function("() => window.bootHeld === true", timeout=60_000)
    host.open_reply(ana.reply)
    ana.page.wait_for_function("() => document.getElementById('join-status').textContent.includes('Connected')")
    host.page.wait_for_selector("#lobby-screen", state="hidden")   # dealt: the deal waits behind the first answer
    host.page.evaluate("window.letBootGo()")
    host.page.wait_for_selector("html[data-py-ready]", state="attached")
    host.page.wait_for_selector("#game-screen", state="visible")
    ana.page.wait_for_selector("#game-screen", state="visible")
    assert ana.page.inner_text("#join-status").startswith("Connected"), ana.page.inner_text("#join-status")
    assert host.page.locator("#lobby-screen").is_hidden()
    assert ana.page.locator("#friend-lost").is_hidden()
    host.watch.check()
    ana.watch.check()
    host.context.close()
    ana.context.close()


SITE_PAGE = """<!doctype html><html lang=en><head><meta charset=utf-8><title>A games site</title>
<link rel=icon href='data:,'></head><body><h1>Games</h1>
<iframe id=game title='Mexican Train' width=400 height=700 style='border:0' allow='camera'></iframe>
<!-- allow=camera: without it Chromium gathers no address but the default route's in a cross-site frame, and
     this network namespace has none (docs/embed.md) -->
<script>
window.events = [];
addEventListener("message", (e) => {
  if (e.data && e.data.source === "mexican-train") window.events.push(e.data);
});
const game = new URLSearchParams(location.search).get("game");
document.getElementById("game").src = game;
window.command = (type, fields) => document.getElementById("game").contentWindow.postMessage(
  {source: "mexican-train-host", type, ...fields}, new URL(game).origin);
</script></body></html>"""


def test_a_games_site_carries_the_offer_and_the_answer_between_two_frames_on_other_origins(rtc_browser, server, sites,
                                                                                          tmp_path):
    """Each device's game is in a frame of a games site on another origin, where a reply link in another tab
    could not reach the game: the sites carry the invitation and the reply themselves, as the game's events
    and their commands (docs/embed.md)."""
    from urllib.parse import quote
    (tmp_path / "site.html").write_text(SITE_PAGE)   # the sites serve tmp_path (e2e/test_host.py's fixture)
    host_site, friend_site = sites
    pages = []
    for site, game in ((host_site, server + "?test=1&nosw=1&set=6&seats=3&seat0=human&name0=Hana&seat1=friend"
                        "&name1=Ana&seat2=random&rounds=one&speed=instant&after_turn=go&seed=7&autostart=1&host="
                        + quote(host_site, safe="")),
                       (friend_site, server.rstrip("/") + "/friend.html?host=" + quote(friend_site, safe=""))):
        context = rtc_browser.new_context(viewport=DESKTOP)
        page = context.new_page()
        page.set_default_timeout(30_000)
        page.goto(f"{site}/site.html?game=" + quote(game, safe=""))
        pages.append((context, page, Watch(page)))
    (host_context, host_page, host_watch), (friend_context, friend_page, friend_watch) = pages
    host_page.wait_for_function("() => window.events.some(e => e.type === 'friend-invitation')", timeout=60_000)
    invitation = host_page.evaluate("window.events.find(e => e.type === 'friend-invitation')")
    assert invitation["seat"] == 1 and "#join=" in invitation["link"]
    friend_frame = friend_page.frame(url=lambda u: u.startswith(server))
    friend_frame.wait_for_function("() => document.getElementById('join-status').textContent !== ''")
    friend_page.evaluate("link => command('friend-invitation', {link})", invitation["link"])
    friend_page.wait_for_function("() => window.events.some(e => e.type === 'friend-reply')")
    reply = friend_page.evaluate("window.events.find(e => e.type === 'friend-reply')")
    assert reply["seat"] == 1 and "#reply=" in reply["link"]
    host_page.evaluate("link => command('friend-reply', {link})", reply["link"])
    host_frame = host_page.frame(url=lambda u: u.startswith(server))
    # The connection and the first state cross a data channel: as long as the invitation may take (under the whole
    # suite's load, once, more than 30 s), and a friend's game that never shows says what its page says.
    host_frame.wait_for_selector("#game-screen", state="visible", timeout=60_000)
    friend_frame = friend_page.frame(url=lambda u: u.startswith(server))
    try:
        friend_frame.wait_for_selector("#game-screen", state="visible", timeout=60_000)
    except Exception:  # noqa: BLE001 - Playwright's timeout, reported with the friend's own words
        status = friend_frame.evaluate("document.getElementById('join-status').textContent")
        pytest.fail(f"the friend's game never showed; its page says {status!r}; "
                    f"errors: {host_watch.errors + friend_watch.errors}")
    assert set(candidates(reply["link"])) == {"127.0.0.1"} == set(candidates(invitation["link"]))
    host_watch.check()
    friend_watch.check()
    host_context.close()
    friend_context.close()
