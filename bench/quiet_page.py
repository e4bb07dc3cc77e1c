"""The page seen through its own DevTools session only, for the timings before the page is ready.

Playwright's ``wait_for_selector``, ``wait_for_function``, locators and its first ``evaluate`` run scripts of
Playwright's own in the page's thread: its selector engine and utility script are evaluated in the page
(58 ms at 4x CPU in a trace of the first visit) and the waits poll the page. That work lands in the page's
long-task entries and delays its answers to taps, so a yardstick of the page's thread must not use them
while it measures: these calls send the DevTools protocol's ``Runtime.evaluate`` (one small task each, no
script of Playwright's) and ``Input.dispatchMouseEvent`` instead.
"""

from __future__ import annotations

#: Resolves once the page has set the ``mt-ready`` mark (a PerformanceObserver: no polling).
READY = """new Promise((resolve) => {
  const done = () => performance.getEntriesByName('mt-ready').length > 0;
  if (done()) return resolve(true);
  new PerformanceObserver((_, obs) => { if (done()) { obs.disconnect(); resolve(true); } })
    .observe({type: 'mark'});
})"""

#: Resolves once the first contentful paint has happened.
PAINTED = """new Promise((resolve) => {
  if (performance.getEntriesByName('first-contentful-paint').length) return resolve(true);
  new PerformanceObserver((_, obs) => { obs.disconnect(); resolve(true); }).observe({type: 'paint'});
})"""


class QuietPage:
    """``Runtime.evaluate`` and mouse clicks over a page's DevTools session (``context.new_cdp_session``)."""

    def __init__(self, cdp):
        self.cdp = cdp

    def value(self, expression: str):
        """The value of ``expression`` in the page (a promise is awaited); a script error raises."""
        answer = self.cdp.send("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                    "awaitPromise": True})
        if "exceptionDetails" in answer:
            raise RuntimeError(f"{expression[:60]!r} failed in the page: {answer['exceptionDetails']}")
        return answer["result"].get("value")

    def until_ready(self) -> None:
        """Wait for the page's ``mt-ready`` mark."""
        self.value(READY)

    def until_painted(self) -> None:
        """Wait for the first contentful paint."""
        self.value(PAINTED)

    def centre(self, selector: str) -> tuple[float, float] | None:
        """The centre of the first element matching ``selector``, in CSS pixels, or None if none is laid out."""
        box = self.value(f"""(() => {{
          const e = document.querySelector({selector!r});
          const r = e && e.getBoundingClientRect();
          return r && r.width ? [r.x + r.width / 2, r.y + r.height / 2] : null;
        }})()""")
        return tuple(box) if box else None

    def click(self, x: float, y: float) -> None:
        """A left click at (x, y), as ``page.mouse.click`` sends it."""
        for kind in ("mousePressed", "mouseReleased"):
            self.cdp.send("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left",
                                                       "clickCount": 1})
