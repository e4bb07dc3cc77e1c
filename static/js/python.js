// Python for the page: in PyScript's worker, off the page's thread, so that nothing Python does can hold up a
// tap. index.html runs this module first; the page's other scripts wait for "app:py-ready" and then talk to
// Python only through window.mtPython (static/js/bridge.js).
//
// The worker is PyScript's (PyWorker from core.js), running py/worker.py with its own interpreter module
// (static/js/worker/py-worker.js, given by its absolute URL as PyWorker's ``version``: a bare version would send
// PyScript to a CDN). No cross-origin isolation and no SharedArrayBuffer: the page only awaits the functions the
// worker exposes (``pyscript.sync``), and the worker never touches the page. The policy allows exactly that:
// ``worker-src 'self' blob:`` (PyScript makes its worker from a blob: URL), no 'unsafe-eval' (the one PyScript
// hook that would turn code back into a function with Function() is cleared as PyScript loads).
//
// When no worker can be had (a browser without module workers, a policy forbidding blob: workers, or ?worker=0)
// Python starts on the page's thread as before: the page's <py-config> names static/js/pyodide-start.js, and a
// <script type="py"> of py/page.py is added; the first screen says so in words.
import "./idb-page.js";   // first: PyScript's engine opens IndexedDB when core.js is evaluated
import { slowConnection } from "./downloads.js";

const params = new URLSearchParams(location.search);
const WORKER_URL = new URL("./worker/py-worker.js", import.meta.url).href;
const WORKER_PYTHON = new URL("../../py/worker.py", import.meta.url).href;
const PAGE_PYTHON = new URL("../../py/page.py", import.meta.url).href;
/** The page's data (#mt-data): the one sentence said here, and the size of Python's snapshot. */
const DATA = /** @type {Py.PageData} */ (JSON.parse(/** @type {HTMLElement} */ (document.getElementById("mt-data")).textContent || "{}"));
const TEXT = DATA.text;

/**
 * A message of the worker's interpreter module (static/js/worker/py-worker.js).
 * @typedef {{mt: true, kind: "download", name: string, progress: [number, number] | null}
 *   | {mt: true, kind: "note", name: string, value: unknown}
 *   | {mt: true, kind: "mark", name: string, at: number}
 *   | {mt: true, kind: "failed", error: string}
 *   | {mt: true, kind: "early"}} WorkerNote
 */

// The read-ahead's pieces go to PyScript's worker through this thread, each in a message to the worker itself, once
// it has asked for them (its "early" message: its listener is there from then on). Never on a MessagePort:
// Firefox copies a buffer sent on one even when it is transferred (the 31 MB snapshot froze the page for 44-52 ms;
// a Worker's postMessage moves it), and it loses a compiled wasm sent on a port that has just changed hands: the
// port's old owner, once it lets go, forgets every message still on its way that was sent from that port
// (RefMessageBodyService::ForgetPort in Gecko's MessagePort.cpp), so PyScript's worker got a "messageerror" and
// compiled the wasm again (CI runs of 2026-12-06 and 12-07; a page of its own lost 30 of 48 such modules, and
// none of 32 sent as here: docs/measurements/engines.md). PyScript's worker needs the wasm about a second after the
// read-ahead starts on a return visit, by when it is usually here; one that comes later waits at most for the
// task this thread is in. Its performance marks go where the worker's go.
const early = window.mtEarly;
/** The pieces that came before PyScript's worker asked. @type {EarlyPiece[]} */
const pieces = [];
let asked = false;   // PyScript's worker has asked for the pieces
let heard = false;   // the read-ahead's worker has said something, so it runs
/** @param {EarlyPiece} piece */
const buffersOf = (piece) => (piece.memory ? [piece.memory] : piece.package ? [piece.package] : []);
/** @param {EarlyPiece} piece */
function sendOn(piece) {
  if (!asked) {
    pieces.push(piece);
    return;
  }
  const worker = /** @type {Worker} */ (started);
  try {
    worker.postMessage({ mtEarly: piece }, buffersOf(piece));   // static/js/worker/py-worker.js
  } catch (err) {   // a browser that cannot send a compiled module on (DataCloneError): that piece is read there
    const failed = `it could not be sent (${/** @type {Error} */ (err).message})`;
    worker.postMessage({ mtEarly: { mt: true, kind: "early", part: piece.part, failed } });
  }
}
let failedToStart = false;   // the read-ahead's worker could not be made or did not start
/** What the read-ahead's end has waited for so far (earlyStep), and "ended"; declared before the read-ahead's first
 *  messages are taken below, which may already hold its last. @type {Set<string>} */
const earlySteps = new Set();
/** PyScript's worker asks for the pieces: those that came here go now, the others as they come. A read-ahead that
 * has not said anything yet is waited for (the page's first script makes its worker a task late, and PyScript's
 * worker has asked before it said anything in Firefox under load). */
function earlyAsked() {
  asked = true;
  pieces.splice(0).forEach(sendOn);
}
if (early) {
  /** @param {unknown} message */
  const take = (message) => {
    const piece = /** @type {EarlyPiece | WorkerNote} */ (message);
    // only the read-ahead's worker says more than its failure to start (static/js/prefs.js)
    if (piece.kind === "early" && /** @type {EarlyPiece} */ (piece).part === "all" && !heard) failedToStart = true;
    else heard = true;
    if (piece.kind !== "early") {
      fromWorker(new MessageEvent("message", { data: piece }));
    } else {
      sendOn(/** @type {EarlyPiece} */ (piece));
    }
  };
  early.parts.splice(0).forEach(take);
  early.onpart = take;
}

/** The read-ahead's worker is ended once PyScript's worker has its pieces ("used") and the read-ahead has said where
 * it read them ("noted", its last message: what a worker has posted and the page has not yet taken is lost when the
 * page ends it, as a CI run of 2026-12-06 showed). One that says nothing more (it could not start, or a read
 * hangs) is ended 2 s after its pieces were used.
 * @param {"used" | "noted"} step */
function earlyStep(step) {
  const worker = early && early.worker;
  if (!early || !worker) return;
  earlySteps.add(step);
  const end = () => {
    if (earlySteps.has("ended")) return;
    earlySteps.add("ended");
    endEarlyWorker(worker, early.first);
  };
  if (earlySteps.has("used") && (earlySteps.has("noted") || failedToStart)) end();
  else if (step === "used") setTimeout(end, 2000);
}

/**
 * End the read-ahead's worker, its work done. Chromium's end of a worker that read from the network is a task of
 * 35-63 ms on the page's thread (DidTerminateWorkerThread, in traces on the emulated phone), whether the page ends
 * it or it closes itself; ended as soon as its work was done (earlyStep), that fell just before ready on first
 * visits. So a first visit's is ended in the first idle moment after ready; one that read the offline cache (a
 * return visit) ends in 1-5 ms and is ended at once, as before. Left running, it would hold about 40 MB.
 * @param {Worker} worker  @param {boolean} first  a first visit's
 */
function endEarlyWorker(worker, first) {
  const html = document.documentElement;
  const now = () => {
    worker.terminate();
    window.mtEarlyEnded = performance.now();   // test hook
  };
  const idle = () => {
    if (typeof requestIdleCallback === "function") requestIdleCallback(now, { timeout: 2000 });
    else setTimeout(now, 200);
  };
  if (!first) now();
  else if (html.hasAttribute("data-py-ready")) idle();
  else {
    const watch = new MutationObserver(() => {
      if (!html.hasAttribute("data-py-ready")) return;
      watch.disconnect();
      idle();
    });
    watch.observe(html, { attributes: true, attributeFilter: ["data-py-ready"] });
  }
}

/** What the worker's interpreter module posts: progress, marks and test hooks' values, or its failure.
 * @param {MessageEvent<WorkerNote | unknown>} event */
function fromWorker(event) {
  const data = /** @type {WorkerNote | null} */ (event.data && typeof event.data === "object"
    && Object.hasOwn(event.data, "mt") ? event.data : null);
  if (!data) return;
  if (data.kind === "download") {
    /** @type {Record<string, [number, number] | null>} */
    const download = (window.mtDownload = window.mtDownload || {});
    download[data.name] = data.progress;
    dispatchEvent(new Event("mt:download"));
  } else if (data.kind === "note") {
    /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (window))[data.name] = data.value;
    if (data.name === "idbFallback" && window.mtBoot) window.mtBoot.idbFallback = true;
    if (data.name === "mtEarlyUsed") earlyStep("used");
    if (data.name === "mtEarlyFrom") earlyStep("noted");
  } else if (data.kind === "mark") {
    performance.mark(data.name, { startTime: Math.max(0, data.at - performance.timeOrigin) });
  } else if (data.kind === "failed") {
    refuse(new Error(data.error));
  } else if (data.kind === "early") {
    earlyAsked();
  }
}

/** @type {(err: Error) => void} */
let refuse = () => {};
/** @type {Worker | null} */
let started = null;

/** PyScript's module, loaded in an empty frame of its own (static/js/pyscript-frame.js says why), or, for Python on
 * the page's thread, in the page itself (there it runs the page's <script type="py">). The page's first script
 * (static/js/prefs.js) makes the frame already, so that PyScript loads while this module and the page's load:
 * PyScript's module is then waiting (mtPyScriptLoading), or the frame hands it over once loaded (mtPyScript).
 * @param {"frame" | "page"} where
 * @returns {Promise<typeof import("../../vendor/pyscript/core.js")>} */
function loadPyScript(where) {
  if (where === "page") return import("../../vendor/pyscript/core.js");
  if (window.mtPyScriptLoading) return window.mtPyScriptLoading;
  return new Promise((resolve, reject) => {
    window.mtPyScript = { loaded: resolve, failed: reject };
    // a frame without the frame's module, or one whose module did not run
    const giveUp = () => setTimeout(() => reject(new Error("PyScript's frame did not load PyScript")), 30_000);
    if (window.mtPyScriptFrame || document.getElementById("pyscript-frame")) {   // the page's first script made it
      giveUp();
      return;
    }
    const frame = document.createElement("iframe");
    frame.id = "pyscript-frame";
    frame.hidden = true;
    frame.src = new URL("../../pyscript.html", import.meta.url).href;
    frame.addEventListener("load", giveUp);
    // in a task of its own, not in this module's: a frame's first document is made at once (10-30 ms of a phone's
    // thread in traces), and this module's evaluation is a task of about as much
    setTimeout(() => (document.body || document.documentElement).append(frame), 0);
  });
}

/** PyScript, with the hooks the game needs. @param {"frame" | "page"} where */
const withHooks = (where) => loadPyScript(where).then((core) => {
  // PyScript 0.7 turns worker hooks into code with Function() (@pyscript/core/src/hooks.js createFunction), on
  // this thread when PyWorker reads them and again in the worker: its one default hook cleared, nothing needs
  // 'unsafe-eval' (e2e/test_xss_csp.py loads the page under the policy and fails on any violation).
  core.hooks.worker.onBeforeRunAsync.clear();
  // Called by polyscript as soon as it makes the worker, before it is ready: the one place to hear the worker's
  // own messages and its failure. (polyscript defines the worker's ``onerror`` itself, hiding the Worker's:
  // only addEventListener("error") hears the browser refuse it, or an error inside it.)
  core.hooks.main.onWorker.add((_wrap, xworker) => {
    performance.mark("mt-worker-made");   // bench/boot_profile.py: the steps of Python's start
    started = xworker;
    xworker.addEventListener("message", fromWorker);
    xworker.addEventListener("error", (event) => refuse(new Error(event.message || "the worker failed to start")));
  });
  performance.mark("mt-pyscript-loaded");   // bench/boot_profile.py
  return core;
});

/** Python in PyScript's worker; rejects when the browser refuses the worker or Python cannot start there. */
async function inWorker() {
  if (typeof Worker === "undefined") throw new Error("this browser has no workers");
  const hash = new URLSearchParams();
  if (navigator.serviceWorker && navigator.serviceWorker.controller) hash.set("sw", "1");
  const boot = params.get("boot");
  if (boot === "snapshot" || boot === "plain") hash.set("boot", boot);
  if (slowConnection(navigator)) hash.set("slow", "1");
  if (early) hash.set("early", early.first ? "first" : "return");
  if (DATA.snapshotBytes) hash.set("size", String(DATA.snapshotBytes));
  if (DATA.snapshotTable) hash.set("table", String(DATA.snapshotTable));
  // PyWorker reads PyScript's hooks, which exist only once its plugins have loaded; core.js defines the
  // <py-script> element in the same step, the public signal for it.
  const { PyWorker } = await withHooks("frame");
  const frame = /** @type {HTMLIFrameElement} */ (document.getElementById("pyscript-frame"));
  await /** @type {Window} */ (frame.contentWindow).customElements.whenDefined("py-script");
  performance.mark("mt-pyscript-defined");
  const failed = /** @type {Promise<never>} */ (new Promise((_, reject) => { refuse = reject; }));
  const worker = await Promise.race([
    // sync_main_only: the worker never reaches for the page (in 0.7.31 it only silences a warning about that)
    PyWorker(WORKER_PYTHON, { version: WORKER_URL + (String(hash) ? "#" + hash : ""), config: { sync_main_only: true } }),
    failed,
  ]);
  const python = /** @type {string} */ (await Promise.race([worker.sync.ready(document.documentElement.lang || "en"), failed]));
  refuse = () => {};
  return {
    where: /** @type {"worker"} */ ("worker"), python,
    transport: (/** @type {string} */ text) => /** @type {Promise<string>} */ (worker.sync.call(text)),
    interrupt: () => { worker.sync.interrupt(); },
  };
}

/** Python on the page's thread (the fallback): py/page.py under PyScript, with the page's <py-config>.
 * @returns {Promise<NonNullable<Window["mtPython"]>>} */
async function onPage() {
  await withHooks("page");   // it runs the <script type="py"> added below
  return new Promise((resolve) => {
    addEventListener("app:py-started", () => {
      const api = /** @type {MtApi} */ (window.mtApi);
      resolve({ where: "page", python: api.python, transport: (text) => Promise.resolve(api.call(text)), interrupt: () => {} });
    }, { once: true });
    const script = document.createElement("script");
    script.type = "py";
    script.src = PAGE_PYTHON;
    document.body.append(script);
  });
}

/** Start Python, in the worker if it can be had; then tell the page. */
async function start() {
  /** @type {NonNullable<Window["mtPython"]>} */
  let python;
  if (params.get("worker") === "0") {
    console.info("Python runs on the page's thread (?worker=0)");
    python = await onPage();
  } else {
    try {
      python = await inWorker();
    } catch (err) {
      const reason = String(err && /** @type {{message?: string}} */ (err).message || err);
      console.warn(`Python runs on the page's thread: no worker could be started (${reason})`);
      if (started) started.terminate();
      if (early) { if (early.worker) early.worker.terminate(); early.onpart = () => {}; pieces.length = 0; }   // not for the page's thread
      const note = document.getElementById("load-fallback");
      if (note) { note.textContent = TEXT.loadOnPage; note.hidden = false; }
      python = await onPage();
    }
  }
  window.mtPython = python;
  document.documentElement.dataset.python = python.where;   // test hook: where Python runs
  dispatchEvent(new Event("app:py-ready"));
}

start();
