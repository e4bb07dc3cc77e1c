// Display preferences: large numbers instead of pips, high contrast, reduced
// motion. Inline, so the saved choices are on <html> before the first paint and
// long before Python is ready:
//   html[data-face="numerals" | "pips"]
//   html[data-contrast="high" | "normal"]
//   html[data-motion="reduce" | "full"]   (the effective value)
// Saved in localStorage under "mexican-train:prefs:ui" as
//   {numerals: bool, contrast: bool, motion: "system" | "reduce" | "full"}.
// An unset `contrast` follows the system's prefers-contrast: more, and motion
// "system" (the default) follows prefers-reduced-motion, live.
// Every form control with data-pref="numerals" | "contrast" | "motion" (on the
// setup screen and in the game menu) reads and writes these; after a change
// window fires "mt:prefs" with the new values (app.js re-draws the tiles).
(function () {
  "use strict";
  // The service worker in charge when the page started, and whether a new release took over since,
  // watched from the first script on: a takeover can come before the page's modules run (offline.js).
  try {
    var sw = navigator.serviceWorker;
    if (sw && !/[?&]nosw\b/.test(location.search)) {
      window.mtLoadedByWorker = !!sw.controller;
      sw.addEventListener("controllerchange", function () { window.mtTakenOver = true; });
    }
  } catch (e) { /* storage blocked: no service worker */ }
  // The language: one page per language (index.html is English, index.<lang>.html the others). A
  // language named in the address (?lang=es, for hosts and shared links) comes first, then the one chosen
  // in this browser (static/js/language.js keeps it), then, on the default page only, the browser's own
  // if the game speaks it. Anything else stays on this page. Decided before anything is drawn.
  var LANG_KEY = "mexican-train:prefs:lang";
  /** @type {Py.PageData} */
  var data = JSON.parse(/** @type {HTMLElement} */ (document.getElementById("mt-data")).textContent);
  /** @param {string | null} code */
  function pageOf(code) {
    for (var i = 0; i < data.languages.length; i++) if (data.languages[i][0] === code) return data.languages[i][2];
    return null;
  }
  /** @param {string | null | undefined} tag */
  function spoken(tag) { return String(tag || "").toLowerCase().split("-")[0]; }
  function wantedLanguage() {
    var asked = spoken(new URLSearchParams(location.search).get("lang"));
    if (pageOf(asked)) return asked;
    var stored = null;
    try { stored = localStorage.getItem(LANG_KEY); } catch (e) { stored = null; }
    if (pageOf(stored)) return stored;
    if (data.lang !== "en") return data.lang;
    var tags = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
    for (var t = 0; t < tags.length; t++) if (pageOf(spoken(tags[t]))) return spoken(tags[t]);
    return data.lang;
  }
  var wanted = wantedLanguage();
  if (wanted !== data.lang) {
    location.replace(pageOf(wanted) + location.search + location.hash);
    return;
  }
  // Python on the page's thread asked for in the address (?worker=0): its interpreter module starts loading
  // Python now, beside python.js, rather than once PyScript has found the <script type="py"> python.js adds.
  if (/[?&]worker=0\b/.test(location.search)) {
    var early = document.createElement("script");
    early.type = "module";
    early.src = "./static/js/pyodide-start.js";
    document.head.appendChild(early);
  } else if (!/[?&]boot=plain\b/.test(location.search) && document.currentScript
             && document.currentScript.hasAttribute("data-read-ahead")) {
    // Python's wasm is compiled and its memory snapshot read from now on, in a worker of their own
    // (static/js/worker/early.js), while PyScript loads: from the cache on a return visit; on a first visit
    // after the package, whose download says whether the snapshot is worth its bytes. python.js hands them to
    // PyScript's worker. The worker's messages are kept here until python.js takes them (window.mtEarly).
    if (typeof Worker !== "undefined") {   // without workers Python runs on this thread, and reads them itself
      var first = !window.mtLoadedByWorker;
      // downloads.slowConnection's test, which this inline script cannot import
      var connection = /** @type {{connection?: NetworkInformation}} */ (navigator).connection || {};
      var slow = connection.saveData === true || ["slow-2g", "2g", "3g"].indexOf(connection.effectiveType || "") >= 0;
      /** @type {unknown[]} */
      var parts = [];
      /** @type {NonNullable<Window["mtEarly"]>} */
      var ahead = window.mtEarly = { worker: null, first: first, parts: parts, onpart: null };
      /** @param {unknown} message */
      var deliver = function (message) { if (ahead.onpart) ahead.onpart(message); else parts.push(message); };
      /** @param {string} why */
      var fail = function (why) { deliver({ mt: true, kind: "early", part: "all", failed: why }); };
      var make = function () {
        try {
          var worker = ahead.worker = new Worker("./static/js/worker/early.js"
                                                 + (first ? "#first" + (slow ? "&slow" : "") : ""), { type: "module" });
          worker.onmessage = function (event) { deliver(event.data); };
          worker.onerror = function (event) { fail(event.message || "the worker failed to start"); };
          // a piece this thread could not receive would otherwise be waited for for ever: Python's worker reads it
          worker.onmessageerror = function () { fail("a piece could not be received"); };
        } catch (e) { fail("the worker could not be made (" + e + ")"); }   // PyScript's worker reads them itself
      };
      // Made one task later, once the parser has given the thread back: making a worker was 3-10 ms of the parser's
      // first task on the emulated phone, the longest task of many visits (docs/measurements/phone.md).
      setTimeout(make, 0);
    }
  }
  // PyScript's frame (static/js/pyscript-frame.js), from the page's first script on rather than once python.js
  // and its imports have loaded: PyScript's worker can only be made once PyScript has loaded there. Only on a
  // return visit (the service worker's cache answers at once) and on the game's page (a friend's page has no
  // Python): on a first visit the frame's downloads would compete with the page's own and delay its first paint.
  if (window.mtLoadedByWorker && !/[?&]worker=0\b/.test(location.search) && typeof Worker !== "undefined"
      && document.currentScript && document.currentScript.hasAttribute("data-read-ahead")) {
    var frame = window.mtPyScriptFrame = document.createElement("iframe");
    frame.id = "pyscript-frame";
    frame.hidden = true;
    frame.src = "./pyscript.html";
    // in a task of its own too: a frame's first document is made at once, 10-30 ms of a phone's thread in traces
    setTimeout(function () { document.documentElement.appendChild(frame); }, 0);
  }

  // The page's modules once the page has been drawn: those of data-modules at the page's first contentful paint, those
  // of data-modules-parsed (which read the whole page) once the parse is also over. As tags of the page, WebKit ran
  // them before it drew anything, which made that first paint a first visit's longest freeze there; Chromium draws
  // the first screen before the parse is over (index.html's render-blocking link), and ran them once it was
  // (docs/measurements/engines.md). A second without a paint reported (an engine without paint timing, a page not
  // shown) counts as the paint.
  var here = document.currentScript;
  /** @param {string} name */
  var listed = function (name) { return here ? (here.getAttribute(name) || "").split(" ").filter(Boolean) : []; };
  var atPaint = listed("data-modules"), atParse = listed("data-modules-parsed");
  if (atPaint.length || atParse.length) {
    var painted = false;
    /** @param {string[]} sources */
    var load = function (sources) {
      sources.forEach(function (src) {
        var script = document.createElement("script");
        script.type = "module";
        script.src = src;
        document.head.appendChild(script);
      });
    };
    var onPaint = function () {
      if (painted) return;
      painted = true;
      load(atPaint);
      var parsed = function () { load(atParse); };
      if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", parsed);
      else parsed();
    };
    try {
      var paints = new PerformanceObserver(function (list) {
        if (!list.getEntriesByName("first-contentful-paint").length) return;
        paints.disconnect();
        setTimeout(onPaint, 0);   // a task after the paint's
      });
      paints.observe({ type: "paint", buffered: true });
    } catch (e) { /* no paint timing: the timer alone */ }
    setTimeout(onPaint, 1000);
  }

  var KEY = "mexican-train:prefs:ui";
  var MOTIONS = { system: 1, reduce: 1, full: 1 };
  var NAMES = ["numerals", "contrast", "motion"];   // the preferences there are
  var html = document.documentElement;
  // What is stored is read by its own keys only: "constructor" is no motion, "__proto__" no preference.
  /** @param {object} object @param {string} key */
  function has(object, key) { return Object.prototype.hasOwnProperty.call(object, key); }

  /**
   * @param {string} query
   * @returns {{matches: boolean, addEventListener?: MediaQueryList["addEventListener"], addListener?: MediaQueryList["addListener"]}}
   */
  function media(query) {
    try { return window.matchMedia(query); } catch (e) { return { matches: false }; }
  }
  var systemMotion = media("(prefers-reduced-motion: reduce)");
  var systemContrast = media("(prefers-contrast: more)");

  /** @type {Record<string, unknown> | null} */
  var memory = null;   // this page's latest choices (storage may be unavailable or full)

  /** @returns {Record<string, unknown>} */
  function read() {
    if (memory) return memory;
    var raw = null;
    try { raw = JSON.parse(localStorage.getItem(KEY) || "null"); } catch (e) { raw = null; }
    return raw && typeof raw === "object" && !Array.isArray(raw) ? raw : {};
  }

  /**
   * The preferences in force: stored values, else the system's.
   * @returns {MtPrefsValues}
   */
  function get() {
    var raw = read();
    return {
      numerals: raw.numerals === true,
      contrast: typeof raw.contrast === "boolean" ? raw.contrast : !!systemContrast.matches,
      motion: typeof raw.motion === "string" && has(MOTIONS, raw.motion) ? /** @type {MtPrefsValues["motion"]} */ (raw.motion) : "system"
    };
  }

  function apply() {
    var p = get();
    html.dataset.face = p.numerals ? "numerals" : "pips";
    html.dataset.contrast = p.contrast ? "high" : "normal";
    html.dataset.motion = p.motion === "reduce" || (p.motion === "system" && systemMotion.matches) ? "reduce" : "full";
    return p;
  }

  function sync() {
    var p = get();
    var controls = document.querySelectorAll("[data-pref]");
    for (var i = 0; i < controls.length; i++) {
      var c = /** @type {HTMLInputElement} */ (controls[i]);   // a checkbox, or a select (motion)
      var name = /** @type {keyof MtPrefsValues} */ (c.getAttribute("data-pref"));
      if (c.type === "checkbox") c.checked = !!p[name];
      else if (has(p, name)) c.value = String(p[name]);
    }
  }

  /**
   * Change some preferences (e.g. {contrast: true}), save, apply, tell the page.
   * @param {Record<string, unknown>} update
   */
  function set(update) {
    /** @type {Record<string, unknown>} */
    var raw = {}, old = read();
    for (var i = 0; i < NAMES.length; i++) {
      var k = NAMES[i];
      if (has(update, k)) raw[k] = update[k];
      else if (has(old, k)) raw[k] = old[k];
    }
    memory = raw;
    try { localStorage.setItem(KEY, JSON.stringify(raw)); } catch (e) { /* private mode: applied, not kept */ }
    var p = apply();
    sync();
    var event;
    try { event = new CustomEvent("mt:prefs", { detail: p }); } catch (e) { event = null; }
    if (event) window.dispatchEvent(event);
    return p;
  }

  /** @param {Event} e */
  function onChange(e) {
    var c = /** @type {HTMLInputElement | null} */ (e.target);
    if (!c || !c.getAttribute || !c.hasAttribute("data-pref")) return;
    /** @type {Record<string, unknown>} */
    var update = {};
    update[/** @type {string} */ (c.getAttribute("data-pref"))] = c.type === "checkbox" ? c.checked : c.value;
    set(update);
  }

  /** @param {ReturnType<typeof media>} query */
  function follow(query) {
    var again = function () { apply(); sync(); };
    if (query.addEventListener) query.addEventListener("change", again);
    else if (query.addListener) query.addListener(again);
  }

  apply();
  follow(systemMotion);
  follow(systemContrast);
  document.addEventListener("change", onChange);

  // The page's form fields are written inside <template data-field> (scripts/build_page.py hold_fields) and come
  // out in the task after DOMContentLoaded: right after that event, in its task, Chromium looks at every field of
  // the page. Sooner where something needs them: a tap that opens the settings (the form's own), the page's
  // modules (app.js). The controls show the preferences once they are in place (sync).
  /** @param {ParentNode} [within]  only the fields held there (the whole page by default) */
  function fieldsIn(within) {
    var held = (within || document).querySelectorAll("template[data-field]");
    for (var i = 0; i < held.length; i++) {
      var template = /** @type {HTMLTemplateElement} */ (held[i]);
      template.replaceWith(template.content);
    }
    if (held.length) sync();
  }
  // The settings form is laid out one group a task (static/css/app.css: #setup > .later). At once, its first
  // layout was 40-70 ms of a phone's thread, in the task of whoever asked first: a tap that opened it, or
  // Chromium looking at its fields about 100 ms after they are put in (docs/measurements/phone.md).
  /** @type {Element[] | null} */
  var groupsLeft = null;
  /** @param {HTMLElement} form */
  function layOutForm(form) {
    if (groupsLeft) return;
    /** @type {Element | undefined} */
    var group = form.children[1];   // its first group (the error line before it is hidden)
    groupsLeft = Array.prototype.slice.call(form.children, 2);
    for (var i = 0; i < groupsLeft.length; i++) groupsLeft[i].classList.add("later");
    fieldsIn(form);
    setTimeout(function next() {
      void (/** @type {HTMLElement} */ (group)).offsetTop;   // its style and layout now, in a task of its own
      group = /** @type {Element[]} */ (groupsLeft).shift();
      if (!group) return;
      group.classList.remove("later");
      setTimeout(next, 0);
    }, 0);
  }
  // The closed settings form keeps its layout only from the next task on (static/css/app.css: html[data-parsed]).
  document.addEventListener("DOMContentLoaded", function () {
    setTimeout(function () {
      var form = document.getElementById("setup");
      html.dataset.parsed = "1";
      if (form) layOutForm(form);
      fieldsIn();
    }, 0);
  });
  window.mtPrefs = { get: get, set: set, apply: apply, sync: sync, key: KEY };
  window.mtFieldsIn = fieldsIn;

  // The first screen's "Change settings" and "How to play" answer from the first paint on: the page's
  // modules run only once it is all parsed (seconds on a slow phone), and then static/js/input.js takes
  // over (window.mtInput).
  document.addEventListener("click", function (e) {
    var target = e.target instanceof Element
      ? e.target.closest('[data-action="settings"], [data-action="help"], #help-dialog [data-action="close_dialog"]') : null;
    if (window.mtInput || !target) return;
    var action = target.getAttribute("data-action");
    if (action === "close_dialog") {
      /** @type {HTMLDialogElement} */ (target.closest("dialog")).close();
    } else if (action === "settings") {
      var form = document.getElementById("setup");
      if (!form) return;
      layOutForm(form);   // the page's other fields in the task after DOMContentLoaded
      form.hidden = !form.hidden;
      target.setAttribute("aria-expanded", String(!form.hidden));
    } else {
      var help = /** @type {HTMLDialogElement | null} */ (document.getElementById("help-dialog"));
      if (help && !help.open && help.showModal) help.showModal();
    }
  });
})();
