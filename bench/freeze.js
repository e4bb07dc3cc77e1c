// bench/engines.py's freeze timer, added by its server before the page's own scripts (e2e/engines/served.py),
// never shipped to players: a 10 ms timer that notes the longest gap between two of its ticks until Python is
// ready (html[data-py-ready]), when it also notes the time. A gap is the longest the main thread could not
// run a task: a long task, or several in a row. window.__benchFreeze = {readyMs, longestMs, longestAt} once ready
// (longestAt: when that gap began, ms from the navigation).
(function () {
  "use strict";
  var out = window.__benchFreeze = { readyMs: null, longestMs: 0, longestAt: 0 };
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
  new MutationObserver(function (records, observer) {
    if (out.readyMs !== null || document.documentElement.dataset.pyReady !== "1") return;
    var now = performance.now();
    note(now);
    out.readyMs = now;
    observer.disconnect();
  }).observe(document.documentElement, { attributes: true, attributeFilter: ["data-py-ready"] });
})();
