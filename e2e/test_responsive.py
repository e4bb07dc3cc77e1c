"""The page answers input while a computer waits or thinks, and input does not hold the computer up.

* Taps during a computer's turn do not postpone its move: the step keeps the
  time the speed gives it (before, every tap started the wait again).
* Strong thinks in slices (``dispatch.Page`` runs its decision a few ms per call):
  a click made while it thinks is handled between two slices, and the
  decision then goes on to the same move.

The assertions are about the order of events, not about milliseconds, so
that a loaded machine does not make them fail.
"""

from __future__ import annotations

import time


def test_taps_during_a_computers_turn_do_not_postpone_its_move(app):
    game, page = app, app.page
    game.new_match([("Bot", "normal"), ("You", "human")], set=6, speed="slow", seed=5, wait=False)
    page.wait_for_selector('html[data-cpu-pending="1"]', state="attached")
    start = game.attr("data-step")
    deadline = time.time() + 30
    taps = 0
    while game.attr("data-step") == start and time.time() < deadline:
        page.click("#hand-tiles [data-tile] >> nth=0")  # Python answers: not your turn; the timer must not restart
        taps += 1
        page.wait_for_timeout(200)
    assert game.attr("data-step") != start, f"the computer never moved while {taps} taps came every 200 ms"
    assert taps >= 3  # the taps really came while it waited (slow speed: 1.4 s)


WATCH_AND_CLICK = """
() => {
  // From now on, the moment the page notes Python's answer "still thinking" to a CPU step, click a tile of the
  // hand, once: after that slice and before the page asks for the next (a click between two slices, whatever
  // the machine's speed; watching frames instead missed decisions that ended within one call to the worker).
  // window.__clicked says when it happened.
  window.__clicked = null;
  const steps = window.mtPerf.steps;
  steps.length = 0;  // the shared page's earlier tests filled the log
  const push = steps.push;
  steps.push = (...items) => {
    const length = push.apply(steps, items);
    if (window.__clicked === null && items.some((s) => (s.type === "cpu" || s.type === "think") && s.render === 0)) {
      steps.push = push;
      window.__clicked = length;
      document.querySelector("#hand-tiles [data-tile]").click();
    }
    return length;
  };
}
"""


def test_a_click_while_strong_thinks_is_handled_between_two_slices(app):
    game, page = app, app.page
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})  # a slow phone: Strong thinks for a while
    try:
        game.fill_setup([("Max", "strong"), ("You", "human")], set=12, speed="instant", seed=8)
        page.evaluate(WATCH_AND_CLICK)
        page.click('#setup [data-action="start"]')
        if page.locator("#confirm-dialog").is_visible():
            page.click('[data-action="confirm_new"]')
        deadline = time.time() + 60
        while page.evaluate("window.__clicked") is None and time.time() < deadline:
            page.wait_for_timeout(100)
        clicked = page.evaluate("window.__clicked")
        game.idle(timeout=60_000)
    finally:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    assert clicked is not None, "no slice of Strong's thinking was seen"
    kinds = page.evaluate("window.mtPerf.steps.map((s) => [s.type, s.render === 0])")
    tap = max(i for i, (kind, _) in enumerate(kinds) if kind == "tile")
    # the click came while a decision was unfinished: more of its slices ran after it
    assert any(kind == "think" for kind, _ in kinds[tap + 1:]), kinds[-12:]
    assert any(same for kind, same in kinds[:tap] if kind in ("cpu", "think")), kinds[-12:]
