// Classic script, deferred: runs after parsing, before PyScript and the app modules:
//  1. real loading progress: bytes of the big Pyodide downloads (counted by
//     pyodide-start.js), then PyScript's own stages (`py:progress` events);
//  2. readiness: `window.mtBoot.whenReady(fn)` runs fn once Python has exposed
//     window.mtApi (page.py dispatches `app:py-ready`);
//  3. a watchdog that explains, in plain words, a Python that never starts;
//  4. no form submission before the app module has attached its handlers.
// Test hooks: window.mtBoot.{events, readyMs, ready}.
(function () {
  "use strict";
  // The loading messages in the page's language (written into #mt-data by scripts/build_page.py).
  /** @type {Record<string, string>} */
  var TEXT = JSON.parse(/** @type {HTMLElement} */ (document.getElementById("mt-data")).textContent).text;
  var WATCHDOG_MS = 60000;
  /** @type {MtBoot} */
  var boot = window.mtBoot = {
    events: [], ready: false, readyMs: null, progress: 0, stage: TEXT.loadStart, waiters: [],
    whenReady: function (fn) {
      if (boot.ready) { fn(); } else { boot.waiters.push(fn); }
    },
    onProgress: null   // app.js sets it to mirror the progress elsewhere
  };

  /**
   * @param {string} name
   * @param {string} [detail]
   */
  function mark(name, detail) { boot.events.push([name, Math.round(performance.now()), detail || ""]); }

  // Stage weights for polyscript's `py:progress` messages. "Loading interpreter"
  // covers the downloads and Python's own start-up; byte counts split it.
  /** @type {Record<string, number>} */
  var STAGES = {
    "Loading Pyodide": 0.04, "Loading Storage": 0.05, "Loaded Storage": 0.06,
    "Loading interpreter": 0.08, "Loaded interpreter": 0.9,
    "Loading files": 0.92, "Loaded files": 0.96, "Loaded Pyodide": 0.98
  };
  var stageWeight = 0;
  /** @param {object} object @param {string} key */
  function has(object, key) { return Object.prototype.hasOwnProperty.call(object, key); }   // own keys only
  // The files the bar follows, [received, total] bytes each, with a hint of the total until the response
  // says it (Content-Length, for a body sent as it is). A body the host compresses is counted as the
  // browser inflates it, against its inflated size (the hint: Pyodide 314.0.7's wasm, the game's cut-down
  // standard library or its rest, the memory snapshot), so the text shows the share that has arrived, a percentage:
  // it is the same share of the compressed bytes over the wire, which the page cannot count as they come.
  /** @type {Record<string, [number, number]>} */
  var bytes = {
    "pyodide.asm.wasm": [0, 9598218], "python_stdlib.game.zip": [0, 770000], "python_stdlib.rest.zip": [0, 57000],
    "python-snapshot.bin": [0, 31457440]
  };

  /** @param {string} text */
  function setStage(text) {
    boot.stage = text;
    var el = document.getElementById("load-stage");
    if (el && el.textContent !== text) el.textContent = text;
  }

  /** What the bar and its text would show now: [percentage, stage text].
   * @returns {[number, string]} */
  function shown() {
    var pct = stageWeight * 100;
    var stage = boot.stage;
    if (stageWeight >= 0.08 && stageWeight < 0.9) {
      var loaded = 0, total = 0;
      for (var k in bytes) { loaded += Math.min(bytes[k][0], bytes[k][1]); total += bytes[k][1]; }
      var share = total ? loaded / total : 0;
      // the downloads fill 8%..80%; Python's start-up (one long task, no events) then sits at 80%.
      // From the service worker's cache (window.mtFromCache, pyodide-start.js) nothing is downloaded.
      pct = 8 + 72 * share;
      var downloading = share < 1 && !window.mtFromCache;
      stage = TEXT.loadStarting;
      pct = Math.max(Math.round(pct), boot.progress);   // never backwards
      // one figure on the page: the text says the bar's own percentage (and so does "starts as soon as … (N%)")
      if (downloading) stage = TEXT.loadDownload.replace("{pct}", String(Math.min(99, pct)));
      return [pct, stage];
    }
    return [Math.max(Math.round(pct), boot.progress), stage];
  }

  function render() {
    var now = shown();
    boot.progress = now[0];
    setStage(now[1]);
    var bar = /** @type {HTMLProgressElement | null} */ (document.getElementById("load-bar"));
    if (bar && bar.value !== now[0]) bar.value = now[0];
    if (boot.onProgress) boot.onProgress(now[0], boot.stage);
  }

  // --- 1. byte progress: pyodide-start.js counts the big downloads as they stream in
  // (window.mtDownload, a "mt:download" event per chunk); it may have started before this script ran.
  function takeDownloads() {
    var seen = window.mtDownload || {};
    for (var name in seen) {
      if (!has(bytes, name)) continue;
      var got = seen[name];
      if (got === null) { delete bytes[name]; continue; }   // a file that will not come (no snapshot)
      bytes[name] = [got[0], got[1] || Math.max(bytes[name][1], got[0])];
      stageWeight = Math.max(stageWeight, STAGES["Loading interpreter"]);
    }
  }
  // Hundreds of chunks arrive while the page starts: the bar is drawn at most once a frame, and a frame is
  // asked for only when the bar's percentage or its words change (every frame asked for is the page's
  // style, layout and paint: about 5 ms each at 4x CPU, 50 a second while the files stream in).
  var drawPending = false;
  addEventListener("mt:download", function () {
    takeDownloads();
    if (drawPending) return;
    var now = shown();
    if (now[0] === boot.progress && now[1] === boot.stage) return;
    drawPending = true;
    requestAnimationFrame(function () { drawPending = false; render(); });
  });
  takeDownloads();
  render();

  // --- 2. stage progress (polyscript dispatches these on window) ---
  addEventListener("py:progress", function (e) {
    mark("py:progress", e.detail);
    if (typeof e.detail === "string" && has(STAGES, e.detail)) stageWeight = Math.max(stageWeight, STAGES[e.detail]);
    if (e.detail === "Loading files") setStage(TEXT.loadFiles);
    render();
  });
  addEventListener("py:ready", function () { mark("py:ready"); setStage(TEXT.loadFiles); });

  // --- 3. readiness: page.py has exposed window.mtApi ---
  addEventListener("app:py-ready", function () {
    mark("app:py-ready");
    boot.ready = true;
    boot.readyMs = performance.now();
    stageWeight = 1;
    setStage(TEXT.loadReady);
    render();
    clearTimeout(watchdog);
    var wd = document.getElementById("load-watchdog");
    if (wd) wd.hidden = true;
    var waiters = boot.waiters.splice(0);
    for (var i = 0; i < waiters.length; i++) waiters[i]();
  });

  // --- 4. the watchdog ---
  var watchdog = setTimeout(function () {
    if (boot.ready) return;
    var wd = document.getElementById("load-watchdog");
    if (wd) { wd.textContent = TEXT.loadWatchdog; wd.hidden = false; }
    boot.watchdogFired = true;
  }, WATCHDOG_MS);

  // --- 5. the setup form never navigates, even before app.js is running ---
  document.addEventListener("submit", function (e) { e.preventDefault(); }, true);
  document.addEventListener("DOMContentLoaded", render);
})();
