// Python on the page's own thread, when PyScript's worker cannot be had (static/js/python.js decides: a
// browser without module workers, a policy without blob: workers, ?worker=0). PyScript names this module as
// its interpreter (the page's <py-config>) and calls loadPyodide(); evaluating it starts Python at once, the
// same way as in the worker (static/js/pyodide-boot.js), with what this thread needs: a new task between the
// long steps of the start (the setup screen stays usable while it runs: python3 -m bench.boot_profile), the
// snapshot read in a worker of its own (snapshot.js), the loading bar fed through window.mtDownload, and the
// test hooks on window (mtPythonStart, mtThroughput, ...).
//
// PyScript passes its stdout/stderr handlers to loadPyodide(); Python's output is forwarded to them from then
// on (to the console until then, as Pyodide does).
import { version } from "../../vendor/pyodide/pyodide.mjs";
import { startPython } from "./pyodide-boot.js";
import { loadSnapshot } from "./snapshot.js";
import { slowConnection } from "./downloads.js";
import { SNAPSHOT_TABLE } from "./text.js";

/** @typedef {import("../../vendor/pyodide/pyodide.mjs").PyodideConfig} PyodideConfig */

/** @type {{stdout: (text: string) => void, stderr: (text: string) => void}} */
const io = { stdout: (text) => console.log(text), stderr: (text) => console.error(text) };

/** @type {Record<string, [number, number] | null>} */
const download = (window.mtDownload = window.mtDownload || {});

/**
 * A new task: the browser paints and answers input between two long steps of Python's start. With
 * scheduler.yield() (Chromium 129+) the start goes on before other tasks already queued (PyScript's and the
 * page's scripts loading meanwhile), so the steps split Python's start without putting it back.
 * @returns {Promise<void>}
 */
const nextTask = () => (globalThis.scheduler && typeof globalThis.scheduler.yield === "function"
  ? globalThis.scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0)));

// The downloads begin once the page has shown its first frame: they keep both cores busy, and starting them
// before it delays the first paint. A hidden tab or an unpainted frame does not wait for a frame that may never
// come (at most a second).
/** @type {Promise<void>} */
const firstFrame = new Promise((resolve) => {
  if (document.visibilityState === "hidden") resolve();
  requestAnimationFrame(() => setTimeout(resolve, 0));
  addEventListener("visibilitychange", () => resolve(), { once: true });
  setTimeout(resolve, 1000);
});

const python = startPython({
  progress: (name, progress) => { download[name] = progress; dispatchEvent(new Event("mt:download")); },
  note: (name, value) => { /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (window))[name] = value; },
  mark: (name) => performance.mark(name),
  loadSnapshot,
  nextTask,
  ready: firstFrame,
  idle: new Promise((resolve) => addEventListener("app:py-ready", () => setTimeout(resolve, 0), { once: true })),
  fromCache: !!(navigator.serviceWorker && navigator.serviceWorker.controller),
  forced: /** @type {"snapshot" | "plain" | null} */ (new URLSearchParams(location.search).get("boot")),
  canSnapshot: typeof Worker !== "undefined",
  slowHint: slowConnection(navigator),
  compiled: null,
  archive: null,
  snapshotBytes: null,   // the memory is made once the snapshot is here
  snapshotTable: SNAPSHOT_TABLE,
}, io);

export { version };

/**
 * PyScript's entry point: the interpreter already on its way (its indexURL option is not needed).
 * @param {PyodideConfig} [options]
 */
export function loadPyodide(options = {}) {
  if (typeof options.stdout === "function") io.stdout = options.stdout;
  if (typeof options.stderr === "function") io.stderr = options.stderr;
  return python;
}
