// The smoke suite's watch (e2e/engines/): added by the suite's server as the first script of every page it
// serves (e2e/engines/served.py), never shipped to players. It notes what a browser's WebDriver would report
// as console errors and page errors, since WebKitWebDriver reports none: console.error calls, uncaught errors
// and rejections, resources that failed to load, and Content-Security-Policy violations. The suite reads
// window.__e2eWatch.errors after every step and fails on any.
(function () {
  "use strict";
  var watch = window.__e2eWatch = { errors: [] };
  function note(text) { watch.errors.push(String(text).slice(0, 2000)); }
  function show(value) {
    if (value instanceof Error) return value.name + ": " + value.message + (value.stack ? "\n" + value.stack : "");
    if (typeof value === "object" && value !== null) { try { return JSON.stringify(value); } catch (e) { /* below */ } }
    return String(value);
  }
  var plain = console.error;
  console.error = function () {
    note("console.error: " + Array.prototype.map.call(arguments, show).join(" "));
    return plain.apply(this, arguments);
  };
  addEventListener("error", function (e) {
    var el = e.target;
    if (el && el !== window && el.nodeType === 1) {   // a <script>, <link> or <img> that did not load
      note("failed to load: <" + el.localName + "> " + (el.src || el.href || ""));
    } else {
      note("page error: " + (e.error ? show(e.error) : e.message) + " (" + e.filename + ":" + e.lineno + ")");
    }
  }, true);
  addEventListener("unhandledrejection", function (e) { note("unhandled rejection: " + show(e.reason)); });
  // Calls of navigator.storage.persist(): where the browser would ask its player (Firefox), the game may make
  // none unless the player pressed the statistics screen's button (static/js/keep.js).
  watch.persistCalls = 0;
  if (navigator.storage && navigator.storage.persist) {
    var persist = navigator.storage.persist.bind(navigator.storage);
    navigator.storage.persist = function () { watch.persistCalls += 1; return persist(); };
  }
  document.addEventListener("securitypolicyviolation", function (e) {
    note("CSP violation: " + e.violatedDirective + " blocked " + (e.blockedURI || "inline") + " (" + e.sourceFile + ":"
      + e.lineNumber + ")");
  });
})();
