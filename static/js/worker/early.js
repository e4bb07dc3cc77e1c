// Python's big pieces, read ahead: the wasm compiled and the memory snapshot read while the page is still
// parsing and PyScript's own modules load. The inline script of the page (static/js/prefs.js) starts this
// worker as its first step; PyScript's worker, which can only be made once PyScript has loaded (about a second
// later on the emulated phone), is handed them through the page (static/js/python.js,
// static/js/worker/py-worker.js) instead of reading them itself.
//
// Two visits, told by this module's URL fragment:
//   (none)        a return visit: both are read at once, from the game's offline cache (downloads.offlineCached).
//   first[&slow]  a first visit: the package archive first, whose download's throughput says whether the snapshot
//                 is worth its bytes (downloads.tooSlowForSnapshot, as PyScript's worker decides; ``slow``: the
//                 page's browser hints at a slow connection); then the wasm, and the snapshot only if it is. Their
//                 downloads are reported to the loading bar.
//
// Messages to the page, one per piece: {mt: true, kind: "early", part: "module", module} (a compiled
// WebAssembly.Module, shared, not copied), {mt: true, kind: "early", part: "memory", memory} (an ArrayBuffer,
// transferred), {mt: true, kind: "early", part: "package", package, rate} (the archive, transferred), or the same
// with ``failed`` (a reason) or ``skipped`` (not wanted: a slow network) instead; download progress, performance
// marks and the bytes taken from the network (a note, mtEarlyBytes), like PyScript's worker's. The page sends each
// piece on to PyScript's worker in a message to that worker itself, never on a MessagePort (static/js/python.js
// says why: Firefox copies a buffer sent on one, through its parent process, 31 MB in 190-220 ms between two
// workers against 0-1 ms from worker to page to worker; and it can lose a compiled wasm sent on one). The
// page ends this worker once PyScript's worker has them.

const WASM = new URL("../../../vendor/pyodide/pyodide.asm.wasm", import.meta.url).href;
const SNAPSHOT = new URL("../../../vendor/pyodide/python-snapshot.bin", import.meta.url).href;
const PACKAGE = new URL("../../../py/mexican_train.zip", import.meta.url).href;
const SCOPE = new URL("../../../", import.meta.url).href;   // the service worker's, as sw.js is registered
const visit = new URLSearchParams(new URL(import.meta.url).hash.slice(1));
const FIRST = visit.has("first");

// as a worker's global: postMessage with a list of objects to transfer
const post = /** @type {(message: unknown, transfer?: Transferable[]) => void} */ (/** @type {unknown} */ (postMessage));
/** @param {string} name */
const mark = (name) => post({ mt: true, kind: "mark", name, at: performance.timeOrigin + performance.now() });
/** @param {unknown} err */
const reason = (err) => String(err && /** @type {{message?: string}} */ (err).message || err);

/** Where each piece was read: "cache" (the game's offline cache, directly) or "fetch" (the service worker or the
 *  network). A test hook, posted once both are read (window.mtEarlyFrom).
 * @type {{wasm?: string, snapshot?: string}} */
const from = {};
/** A piece to the page, its buffer moved with it; one the page cannot be sent is read by PyScript's worker.
 * @param {EarlyPiece} piece */
function deliver(piece) {
  try {
    post(piece, piece.memory ? [piece.memory] : piece.package ? [piece.package] : []);
  } catch (err) {   // a browser that cannot send a compiled module on (DataCloneError)
    post({ mt: true, kind: "early", part: piece.part, failed: `it could not be sent (${reason(err)})` });
  }
}

mark("mt-early-started");   // and the page knows this worker runs

// The package's request goes first; the shared helpers are imported beside it, not before it (on a first visit
// every request of the page's modules is queued on the same few connections).
const archive = FIRST ? fetch(PACKAGE).then((res) => {
  if (!res.ok) throw new Error(`${PACKAGE} answered HTTP ${res.status}`);
  return res.arrayBuffer();
}) : null;
const helpers = import("../downloads.js");

/** @typedef {typeof import("../downloads.js")} Downloads */
/** @typedef {ReturnType<Downloads["progressSender"]>} Progress */

/** The wasm, compiled as it streams in (its download reported to the loading bar on a first visit).
 * @param {Downloads} downloads @param {Progress | null} progress
 * @param {Promise<string | null>} cache  the offline cache's name on a return visit (null: none, a first visit) */
function readWasm(downloads, progress, cache) {
  return cache.then((name) => downloads.offlineCached(WASM, name)).then((hit) => {
    from.wasm = hit ? "cache" : "fetch";
    return hit || fetch(WASM);
  }).then((res) => {
    if (!res.ok) throw new Error(`${WASM} answered HTTP ${res.status}`);
    if (!progress || !res.body || typeof TransformStream === "undefined") return WebAssembly.compileStreaming(res);
    progress("pyodide.asm.wasm", [0, 0]);
    const counted = downloads.countedBody(res, (got) => progress("pyodide.asm.wasm", got));
    // status and headers kept: compileStreaming needs Content-Type: application/wasm
    return WebAssembly.compileStreaming(new Response(counted, { status: res.status, statusText: res.statusText, headers: res.headers }));
  }).then((compiled) => {
    mark("mt-early-compiled");
    deliver({ mt: true, kind: "early", part: "module", module: compiled });
  }, (err) => deliver({ mt: true, kind: "early", part: "module", failed: reason(err) }));
}

/** The snapshot's memory (its download reported on a first visit).
 * @param {Downloads} downloads @param {Progress | null} progress
 * @param {Promise<string | null>} cache  as readWasm's */
function readMemory(downloads, progress, cache) {
  const onProgress = progress && ((/** @type {[number, number]} */ got) => progress("python-snapshot.bin", got));
  // a return visit: the offline cache's copy (held only where the host sent it compressed, so it is the snapshot
  // itself, never its .gz file); otherwise, or without one, through the service worker or the network
  return cache.then((name) => downloads.offlineCached(SNAPSHOT, name)).then((hit) => {
    from.snapshot = hit ? "cache" : "fetch";
    return hit ? hit.arrayBuffer().then((memory) => ({ memory })) : downloads.readSnapshot(SNAPSHOT, onProgress);
  }).then(({ memory }) => {
    mark("mt-early-snapshot");
    deliver({ mt: true, kind: "early", part: "memory", memory });
  }, (err) => deliver({ mt: true, kind: "early", part: "memory", failed: reason(err) }));
}

/** The bytes this worker took from the network, for the benchmarks (bench/page_speed.py adds them), and where it
 *  read its pieces (a test hook): its last message, read or failed, which the page waits for before ending it. */
function noteReads() {
  const entries = /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType("resource"));
  post({ mt: true, kind: "note", name: "mtEarlyBytes", value: entries.reduce((sum, e) => sum + (e.transferSize || 0), 0) });
  post({ mt: true, kind: "note", name: "mtEarlyFrom", value: from });
}

if (archive) {
  Promise.all([archive, helpers]).then(async ([bytes, downloads]) => {
    await new Promise((resolve) => setTimeout(resolve, 0));   // the download's Resource Timing entry is there now
    const rate = downloads.throughput(PACKAGE);
    mark("mt-early-package");
    deliver({ mt: true, kind: "early", part: "package", package: bytes, rate });
    const progress = downloads.progressSender((message) => post({ mt: true, ...message }));
    const slow = downloads.tooSlowForSnapshot(rate, visit.has("slow"));
    const none = Promise.resolve(null);   // a first visit: nothing is cached yet
    const wasm = readWasm(downloads, progress, none);   // both starts need it
    if (slow) deliver({ mt: true, kind: "early", part: "memory", skipped: slow });
    await Promise.all([wasm, slow ? null : readMemory(downloads, progress, none)]);
  }).catch((err) => deliver({ mt: true, kind: "early", part: "all", failed: reason(err) })).finally(noteReads);
} else {
  helpers.then((downloads) => {
    const cache = downloads.offlineCacheName(SCOPE);   // looked up once, for both
    return Promise.all([readWasm(downloads, null, cache), readMemory(downloads, null, cache)]);
  },
    (err) => deliver({ mt: true, kind: "early", part: "all", failed: reason(err) })).finally(noteReads);
}
