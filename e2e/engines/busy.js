// A page whose thread is busy for 1.5 s right after it hands on a piece of Python's read-ahead (a phone busy with
// the page's modules at that moment): added by the smoke suite's offline test (e2e/engines/test_engines.py) to the
// return visit it makes after setting sessionStorage "e2e-busy", never shipped to players. What the read-ahead's
// worker (static/js/worker/early.js) sends meanwhile must still reach PyScript's worker. Before 2026-12-07 the page
// handed that worker a MessagePort, and Firefox lost a compiled wasm sent on a port that had just changed hands.
(function () {
  "use strict";
  if (sessionStorage.getItem("e2e-busy") !== "1") return;
  var Plain = window.Worker;
  var busy = function () { var until = performance.now() + 1500; while (performance.now() < until) { /* busy */ } };
  var done = {};   // each way of handing on, once
  var later = function (way) { if (!done[way]) { done[way] = true; queueMicrotask(busy); } };
  window.Worker = function Worker(url, options) {
    var real = new Plain(url, options);
    if (!String(url).split("#")[0].endsWith("/worker/early.js")) return real;
    window.Worker = Plain;
    // handing something on to the read-ahead's worker (a port, before 2026-12-07)
    var post = real.postMessage;
    real.postMessage = function (message, transfer) {
      post.call(real, message, transfer);
      if (transfer && transfer.length) later("given");
    };
    // taking the compiled wasm from it, which the page sends on to PyScript's worker (once that has asked)
    var handler = null;
    Object.defineProperty(real, "onmessage", {
      get: function () { return handler; },
      set: function (f) {
        handler = f;
        Plain.prototype.addEventListener.call(real, "message", function (event) {
          var piece = event.data;
          if (piece && piece.kind === "early" && piece.part === "module" && piece.module) later("taken");
        });
      },
    });
    Plain.prototype.addEventListener.call(real, "message", function (event) {
      if (handler) handler.call(real, event);
    });
    return real;
  };
})();
