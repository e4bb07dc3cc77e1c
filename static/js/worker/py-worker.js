// The interpreter of PyScript's worker: Python starts here, off the page's thread (static/js/pyodide-boot.js:
// the package and its throughput, the snapshot or the usual start-up, every fallback, the archive's tag).
// PyScript's worker (a blob: module worker made by polyscript's XWorker) imports this file by its absolute URL,
// given as PyWorker's ``version`` option (static/js/python.js), and calls loadPyodide() on it.
//
// What only the page knows arrives in this module's URL fragment, which is not sent to the network (the
// service worker's cache still answers the module) and which import.meta.url keeps:
//   sw=1                     the page is controlled by its service worker (a dedicated worker cannot see it)
//   boot=plain|snapshot      the test hook ?boot=
//   slow=1                   the page's browser hints at a slow or data-saving connection (the page's
//                            navigator.connection is the one a test or the player's settings speak for)
//   size=<bytes>             the size of the snapshot built with the page (its memory is made before it arrives)
//   table=<slots>            the length of the function table the snapshot was taken with (checked before a restore)
//   early=return|first       the page reads Python's wasm and snapshot ahead (static/js/worker/early.js), on a
//                            first visit with the package first: this worker asks for them instead of reading them
// What the page shows comes back as plain messages on this worker's global, {mt: true, kind, ...}: download
// progress for the loading bar, the start's performance marks and the test hooks' values (python.js puts them
// where the page's scripts and the benchmarks read them). polyscript's side of the worker takes only Error
// objects and its own strings from these messages (polyscript/esm/worker/class.js), so nothing here is an
// Error.
import { version } from "../../../vendor/pyodide/pyodide.mjs";
import { startPython } from "../pyodide-boot.js";
import { progressSender, readSnapshot } from "../downloads.js";
import { installIdbStandIn } from "../idb-standin.js";

/** @typedef {import("../../../vendor/pyodide/pyodide.mjs").PyodideConfig} PyodideConfig */

const params = new URLSearchParams(new URL(import.meta.url).hash.slice(1));

/** @param {Record<string, unknown>} message */
const post = (message) => postMessage({ mt: true, ...message });
/** Wall-clock ms, for the page to put this worker's times on its own clock (their time origins differ). */
const now = () => performance.timeOrigin + performance.now();

// PyScript's engine opens its IndexedDB store here too: where the frame's storage is blocked it would fail.
installIdbStandIn(/** @type {{indexedDB?: IDBFactory}} */ (globalThis), () => post({ kind: "note", name: "idbFallback", value: true }));

const progress = progressSender(post);   // to the loading bar

// A new task of this worker's event loop, where the page's messages (its interrupt) are heard: a MessageChannel
// hop is never clamped, where a chain of setTimeout(0) is (4 ms a step in WebKit's workers).
const hop = new MessageChannel();
/** @type {(() => void)[]} */
const hops = [];
hop.port1.onmessage = () => { const next = hops.shift(); if (next) next(); };
/** @param {() => void} fn */
const nextTask = (fn) => { hops.push(fn); hop.port2.postMessage(0); };

// Python's thinking, slice after slice (py/worker.py): ``slice()`` runs one slice of Python's work and says
// whether another may follow; each runs in a task of its own, so the page's interrupt gets in between two, until
// ``ms`` have passed. The loop is here and not in Python: awaiting a promise from Python for each new task cost
// ~0.5 ms a slice (1.4 ms at a 4x slower CPU) in Pyodide's event loop, a sixth of an 8 ms slice.
/** @type {{mtSlices?: (slice: () => boolean, ms: number) => Promise<void>}} */ (globalThis).mtSlices =
  (slice, ms) => new Promise((resolve, reject) => {
    const until = performance.now() + ms;
    const step = () => {
      try {
        if (slice() && performance.now() < until) nextTask(step); else resolve();
      } catch (err) {
        reject(err);
      }
    };
    nextTask(step);
  });

// A performance mark on the page's clock, for the steps of the start that Python takes itself (py/worker.py).
/** @type {{mtMark?: (name: string) => void}} */ (globalThis).mtMark = (name) => post({ kind: "mark", name, at: now() });

/**
 * The page's read-ahead (static/js/worker/early.js): the compiled wasm, the snapshot's memory and, on a first
 * visit, the package archive with its download's throughput, each a promise of null where the read-ahead
 * failed or did not read it. Asked for in a message to the page, which sends each piece in a message to this
 * worker (never on a MessagePort: static/js/python.js says why), taken by a capturing listener, which runs before
 * polyscript's own listeners of the worker's messages and keeps those from hearing them.
 * @param {boolean} first  a first visit: the package comes too
 */
function fromPage(first) {
  /** @type {(module: WebAssembly.Module | null) => void} */
  let gotModule = () => {};
  /** @type {(memory: ArrayBuffer | null) => void} */
  let gotMemory = () => {};
  /** @type {(archive: {bytes: ArrayBuffer, rate: number | null} | null) => void} */
  let gotPackage = () => {};
  const pieces = {
    module: /** @type {Promise<WebAssembly.Module | null>} */ (new Promise((resolve) => { gotModule = resolve; })),
    memory: /** @type {Promise<ArrayBuffer | null>} */ (new Promise((resolve) => { gotMemory = resolve; })),
    package: /** @type {Promise<{bytes: ArrayBuffer, rate: number | null} | null>} */ (new Promise((resolve) => { gotPackage = resolve; })),
  };
  const what = { all: "files are", module: "wasm is", memory: "snapshot is", package: "package is" };
  /** Why a piece was read here instead (a test hook: e2e/engines/test_engines.py shows it).
   * @type {Record<string, string>} */
  const why = {};
  /** @param {EarlyPiece} piece */
  const take = (piece) => {
    if (piece.failed) {
      why[piece.part] = piece.failed;
      console.info(`Python's ${what[piece.part]} read here: the read-ahead failed (${piece.failed})`);
    }
    if (piece.part === "all" || piece.part === "module") gotModule(piece.module || null);
    if (piece.part === "all" || piece.part === "memory") gotMemory(piece.memory || null);
    if (piece.part === "all" || piece.part === "package") gotPackage(piece.package ? { bytes: piece.package, rate: piece.rate ?? null } : null);
  };
  /** @param {MessageEvent} event */
  const fromThePage = (event) => {
    const data = /** @type {{mtEarly?: EarlyPiece} | null} */ (event.data);
    if (!data || typeof data !== "object" || !data.mtEarly) return;
    event.stopImmediatePropagation();
    take(data.mtEarly);
  };
  addEventListener("message", fromThePage, { capture: true });
  // a piece that could not be received here (a message error) is read here instead of being waited for for ever
  const unreceived = () => {
    why.all = "a piece could not be received";
    console.info("Python's files are read here: a piece of the read-ahead could not be received");
    gotModule(null);
    gotMemory(null);
    gotPackage(null);
  };
  addEventListener("messageerror", unreceived);
  post({ kind: "early" });
  Promise.all([pieces.module, pieces.memory, first ? pieces.package : null]).then(([module, memory, archive]) => {
    removeEventListener("message", fromThePage, { capture: true });
    removeEventListener("messageerror", unreceived);
    // test hook: what came from the read-ahead
    post({ kind: "note", name: "mtEarlyUsed", value: { module: !!module, memory: !!memory, package: !!archive } });
    post({ kind: "note", name: "mtEarlyWhy", value: why });
  });
  return pieces;
}
const early = params.get("early") ? fromPage(params.get("early") === "first") : null;

/** The snapshot's memory: the page's read-ahead, or read here.
 * @param {string} url @param {(progress: [number, number]) => void} onProgress */
async function loadSnapshot(url, onProgress) {
  const ahead = early && await early.memory;
  if (ahead) {
    onProgress([ahead.byteLength, ahead.byteLength]);
    return ahead;
  }
  return (await readSnapshot(url, onProgress)).memory;
}

/** @type {{stdout: (text: string) => void, stderr: (text: string) => void}} */
const io = { stdout: (text) => console.log(text), stderr: (text) => console.error(text) };

// py/worker.py says when the Page is made and the first screen can be answered: what can wait runs then.
/** @type {() => void} */
let gameUp = () => {};
/** @type {Promise<void>} */
const idle = new Promise((resolve) => { gameUp = resolve; });
/** @type {{mtIdle?: () => void}} */ (globalThis).mtIdle = () => gameUp();

const python = startPython({
  progress,
  note: (name, value) => post({ kind: "note", name, value }),
  mark: (name) => post({ kind: "mark", name, at: now() }),
  loadSnapshot,
  compiled: early && early.module,
  archive: early && params.get("early") === "first" ? early.package : null,   // a return visit's is in the cache
  nextTask: () => Promise.resolve(),   // nothing on this thread has to answer a tap
  ready: Promise.resolve(),
  idle,
  fromCache: params.get("sw") === "1",
  forced: /** @type {"snapshot" | "plain" | null} */ (params.get("boot")),
  canSnapshot: true,
  slowHint: params.get("slow") === "1",
  snapshotBytes: Number(params.get("size")) || null,
  snapshotTable: Number(params.get("table")) || null,
}, io);
// test hook: how many of the Python texts run so far were answered with the bytecode the snapshot holds
// (scripts/make_snapshot.mjs), once py/worker.py has made the Page; null where Python started without it
Promise.all([python, idle]).then(([pyodide]) => {
  const base = pyodide.pyimport("_pyodide._base");
  const evalCode = /** @type {{precompiled_runs?: unknown, destroy?: () => void}} */ (base.eval_code);
  const runs = evalCode.precompiled_runs;
  if (evalCode.destroy) evalCode.destroy();
  base.destroy();
  post({ kind: "note", name: "mtPrecompiledRuns", value: typeof runs === "number" ? runs : null });
}, () => {});
python.then(() => {
  // the bytes this worker took from the network (the package, the runtime, the snapshot): they are in its own
  // Resource Timing, not the page's (bench/page_speed.py adds them)
  const entries = /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType("resource"));
  post({ kind: "note", name: "mtWorkerBytes", value: entries.reduce((sum, e) => sum + (e.transferSize || 0), 0) });
}, (err) => post({ kind: "failed", error: String(err && err.message ? err.message : err) }));

export { version };

/**
 * PyScript's entry point (polyscript's engine calls loadPyodide({stderr, stdout, indexURL})): the interpreter
 * already on its way.
 * @param {PyodideConfig} [options]
 */
export function loadPyodide(options = {}) {
  if (typeof options.stdout === "function") io.stdout = options.stdout;
  if (typeof options.stderr === "function") io.stderr = options.stderr;
  return python;
}
