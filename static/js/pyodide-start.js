// Starts Python as soon as the page has painted, instead of after PyScript has loaded.
//
// index.html runs this module async, before any other script file, and names it as PyScript's
// `interpreter`. (It is not preloaded: a modulepreload of it, pyodide.mjs and snapshot.js put the
// first paint back ~45 ms, 20 loads each, and did not make Python ready sooner.) Evaluating it
// fetches the game's package (py/mexican_train.zip) and, once the first frame is painted, begins
// Pyodide's downloads and
// start-up (vendor/pyodide/, the same files), while PyScript's own ~140 KB load and set up in
// parallel. When PyScript later asks this module for an interpreter, it gets the one already
// starting, with the package unpacked into Python's working folder (what PyScript's `files`
// config did, one round trip later). Measured with bench/page_speed.py: Pyodide used to be
// requested ~0.5-1.3 s after navigation (once PyScript had loaded); now ~0.2-0.3 s.
//
// Python's own start-up is skipped: Pyodide restores the memory snapshot that
// scripts/make_snapshot.mjs took of a started Python (vendor/pyodide/python-snapshot.gz, gzip,
// inflated by a worker, snapshot.js, as it streams in). Measured with bench/page_speed.py: Python
// runs ~1.8 s after it is requested instead of ~5.5 s. Without the file, without
// DecompressionStream, or with a snapshot of another Pyodide build (Pyodide refuses it), Python
// starts the usual way.
//
// PyScript passes its stdout/stderr handlers to loadPyodide(); Python's output
// is forwarded to them from then on (to the console until then, as Pyodide does).
import { loadPyodide as startPyodide, version } from "../../vendor/pyodide/pyodide.mjs";
import { countedBody, loadSnapshot } from "./snapshot.js";

const INDEX_URL = new URL("../../vendor/pyodide/", import.meta.url).href;
const PACKAGE_URL = new URL("../../py/mexican_train.zip", import.meta.url).href;
const SNAPSHOT_URL = new URL("../../vendor/pyodide/python-snapshot.gz", import.meta.url).href;

const io = { stdout: (text) => console.log(text), stderr: (text) => console.error(text) };

// Download progress for the loading screen (boot.js draws it): the bytes of Pyodide's big files
// as they stream in, in window.mtDownload ({name: [received, total]}, or {name: null} for a file
// that will not come), with a "mt:download" event per chunk. Pyodide fetches the wasm and the
// standard library with the global fetch while loadPyodide() runs; this wraps it until then.
const COUNTED = ["pyodide.asm.wasm", "python_stdlib.zip"];   // and the snapshot, which its worker counts
const download = (window.mtDownload = window.mtDownload || {});
const plainFetch = globalThis.fetch;

/** A progress callback for file ``name``: notes [received, total] (or null) and tells boot.js. */
function progressOf(name) {
  return (progress) => {
    download[name] = progress;
    dispatchEvent(new Event("mt:download"));
  };
}

function countingFetch(input, init) {
  return plainFetch(input, init).then((res) => {
    const path = String(input && input.url ? input.url : input).split("?")[0];
    const name = path.slice(path.lastIndexOf("/") + 1);
    if (!COUNTED.includes(name) || !res.ok || !res.body || typeof TransformStream === "undefined") return res;
    const report = progressOf(name);
    report([0, Number(res.headers.get("content-length")) || 0]);   // the bar knows it is coming
    const counted = countedBody(res, report);
    // Keep status and headers: instantiateStreaming needs Content-Type: application/wasm.
    return new Response(counted, { status: res.status, statusText: res.statusText, headers: res.headers });
  });
}

const archive = fetch(PACKAGE_URL).then((res) => {
  if (!res.ok) throw new Error(`${PACKAGE_URL} answered HTTP ${res.status}`);
  return res.arrayBuffer();
});
archive.catch(() => {});   // reported through the interpreter promise below, once PyScript waits on it

// Python's downloads and start-up begin once the page has shown its first frame: they keep both
// cores busy, and starting them earlier put the first paint back (bench/page_speed.py-style loads,
// 10 of each: first paint 344 ms -> 264 ms median, ready 2.83 s -> 2.75 s). A hidden tab or an
// unpainted frame does not wait for a frame that may never come (at most a second).
const firstFrame = new Promise((resolve) => {
  if (document.visibilityState === "hidden") resolve();
  requestAnimationFrame(() => setTimeout(resolve, 0));
  addEventListener("visibilitychange", resolve, { once: true });
  setTimeout(resolve, 1000);
});

// The snapshot trades 6.4 MB more to download for ~4 s less work for the processor. Over a slow or
// data-saving connection (where the browser tells: Chromium's navigator.connection) the first
// visit downloads less and starts the usual way; the service worker still caches the snapshot
// in the background, for the next visits.
const connection = navigator.connection || {};
const slowNetwork = connection.saveData === true || ["slow-2g", "2g", "3g"].includes(connection.effectiveType);
const withSnapshot = !slowNetwork && typeof DecompressionStream !== "undefined" && typeof Worker !== "undefined";

/** The snapshot's memory (null when not wanted); rejects when it cannot be had. */
const snapshotProgress = progressOf("python-snapshot.gz");
const snapshot = !withSnapshot ? null : firstFrame.then(() => loadSnapshot(SNAPSHOT_URL, snapshotProgress));

const noSnapshot = () => snapshotProgress(null);   // the progress bar stops waiting for it
if (snapshot) snapshot.catch(noSnapshot);   // handled now: a missing file is no "uncaught" error
else noSnapshot();

/** loadPyodide with the page's options; from the snapshot if one is given. */
function boot(memory) {
  globalThis.fetch = countingFetch;
  return startPyodide({
    indexURL: INDEX_URL,
    stdout: (text) => io.stdout(text),
    stderr: (text) => io.stderr(text),
    ...(memory ? { _loadSnapshot: memory } : {}),
  }).finally(() => {
    if (globalThis.fetch === countingFetch) globalThis.fetch = plainFetch;
  });
}

// test hook: how Python started, "snapshot" or "full start-up"
window.mtPythonStart = snapshot ? "snapshot" : "full start-up";
if (!snapshot) {
  const why = slowNetwork ? "a slow or data-saving connection" : "this browser lacks DecompressionStream or Worker";
  console.info(`Python starts without its snapshot (${why})`);
}
const python = firstFrame.then(() => {
  performance.mark("mt-python-start");   // bench/page_speed.py: where Python's start-up begins and ends
  if (!snapshot) return boot(null);
  return boot(snapshot).catch((err) => {   // no file, or a snapshot of another Pyodide build
    console.warn(`Python starts without its snapshot (${err && err.message ? err.message.split("\n")[0] : err})`);
    window.mtPythonStart = "full start-up";
    return boot(null);
  });
}).then(async (pyodide) => {
  if (window.mtPythonStart === "snapshot") pyodide.runPython("import random\nrandom.seed()");   // not the copy's seed
  performance.mark("mt-python-booted");
  pyodide.unpackArchive(await archive, "zip");   // into the working folder, which is on sys.path
  return pyodide;
});

export { version };

/** PyScript's entry point: the interpreter already on its way (its indexURL option is not needed). */
export function loadPyodide(options = {}) {
  if (typeof options.stdout === "function") io.stdout = options.stdout;
  if (typeof options.stderr === "function") io.stderr = options.stderr;
  return python;
}
