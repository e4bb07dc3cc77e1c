// bench/engines.py's freeze timer, added by its server before the page's own scripts (e2e/engines/served.py),
// never shipped to players: a 10 ms timer that notes the longest gap between two of its ticks until Python is
// ready (html[data-py-ready]), when it also notes the time. A gap is the longest the main thread could not
// run a task: a long task, or several in a row. window.__benchFreeze = {readyMs, longestMs, longestAt, parsedMs,
// paintMs} once ready (longestAt: when that gap began; parsedMs: when the parser was done, document.readyState
// "interactive"; paintMs: the first contentful paint, null where the engine has no paint timing; all ms from the
// navigation), so a freeze can be placed against the page's parse and first paint.
(function () {
  "use strict";
  var out = window.__benchFreeze = { readyMs: null, longestMs: 0, longestAt: 0, parsedMs: null, paintMs: null };
  var last = performance.now();
  function note(now) {
    if (now - last > out.longestMs) { out.longestMs = now - last; out.longestAt = last; }
    last = now;
  }
  function tick() {
    if (out.readyMs !== null) return;
    note(performance.now());
    setTimeout(tick, 10);
  }
  setTimeout(tick, 10);
  document.addEventListener("readystatechange", function () {
    if (out.parsedMs === null && document.readyState !== "loading") out.parsedMs = performance.now();
  });
  new MutationObserver(function (records, observer) {
    if (out.readyMs !== null || document.documentElement.dataset.pyReady !== "1") return;
    var now = performance.now();
    note(now);
    var paint = performance.getEntriesByName("first-contentful-paint")[0];
    out.paintMs = paint ? paint.startTime : null;
    out.readyMs = now;
    observer.disconnect();
  }).observe(document.documentElement, { attributes: true, attributeFilter: ["data-py-ready"] });
})();
