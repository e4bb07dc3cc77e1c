// How Python starts, wherever it runs: in PyScript's worker (static/js/worker/py-worker.js, the usual way) or on the
// page's thread (static/js/pyodide-start.js, when no worker can be had). A module of functions only: each
// caller says what its thread can do (``Place``) and gets Pyodide back, started the fastest way the network
// allows, with the game's package unpacked into Python's working folder.
//
// Python's standard library is the game's cut-down copy (python_stdlib.game.zip, 0.8 MB instead of 2.5 MB:
// scripts/make_stdlib.mjs keeps the modules the game, PyScript and Pyodide import); a Python restored from the
// snapshot gets only those it had not imported when the snapshot was taken (python_stdlib.rest.zip, 57 KB).
//
// Python's own start-up is skipped where that pays: Pyodide restores the memory snapshot that
// scripts/make_snapshot.mjs took of a started Python with the game's modules imported
// (vendor/pyodide/python-snapshot.bin, 31 MB, 4.3 MB over the wire with brotli). It saves seconds of
// processor time and costs that download, so the start decides by the network it measures: the throughput of
// the package download (Resource Timing), and navigator.connection's hints where the browser gives them; from
// the service worker's cache it is always used. Without the file, with a snapshot of another Pyodide build
// (Pyodide refuses it) or of another standard library (checked below), Python starts the usual way; a snapshot
// holding another build of the game has those modules dropped (``adoptPackage``).
import { loadPyodide as startPyodide } from "../../vendor/pyodide/pyodide.mjs";
import { countedBody, throughput, tooSlowForSnapshot } from "./downloads.js";
import { FORGET_GAME, HELD_MODULES, RESEED, SNAPSHOT_PACKAGE, STDLIB_CHECK } from "./restored-python.js";

/** @typedef {import("../../vendor/pyodide/pyodide.mjs").PyodideAPI} PyodideAPI */
/** @typedef {[number, number] | null} Progress */

/**
 * What the thread Python starts on can do.
 * @typedef {object} Place
 * @property {(name: string, progress: Progress) => void} progress  bytes of a big download ([received, total]; null: it will not come)
 * @property {(name: string, value: unknown) => void} note  a test hook's value (mtPythonStart, mtThroughput, ...)
 * @property {(name: string) => void} mark  a performance mark of the start's steps (mt-python-start, ...)
 * @property {(url: string, onProgress: (progress: Progress) => void) => Promise<ArrayBuffer>} loadSnapshot  the snapshot's memory
 * @property {() => Promise<void>} nextTask  a new task between two long steps (the page's thread must answer input)
 * @property {Promise<void>} ready  when the downloads may begin (the page: once it has painted)
 * @property {Promise<void>} idle  when the game is up and work that can wait may run (the rest of the package)
 * @property {boolean} fromCache  the service worker's cache answers every file
 * @property {"snapshot" | "plain" | null} forced  the test hook ?boot=
 * @property {boolean} canSnapshot  the snapshot can be downloaded at all (the page needs a worker for it)
 * @property {boolean} slowHint  the page's browser hints at a slow or data-saving connection (downloads.slowConnection)
 * @property {Promise<WebAssembly.Module | null> | null} compiled  the wasm compiled already, elsewhere (the
 *   read-ahead, static/js/worker/early.js); null, or a promise of null, to compile it here
 * @property {number | null} snapshotBytes  the snapshot's size, if known before it arrives (the page's build says it)
 * @property {number | null} snapshotTable  the length of the function table the snapshot was taken with (the page's
 *   build says it; null: not checked)
 * @property {Promise<{bytes: ArrayBuffer, rate: number | null} | null> | null} archive  the package archive and
 *   the throughput of its download, fetched already (a first visit's read-ahead); null, or a promise of null, to
 *   fetch it here
 */

/** @typedef {import("../../vendor/pyodide/pyodide.mjs").CreatePyodideModule} CreatePyodideModule */

/** The files of the runtime and the game, beside this module. */
export const URLS = {
  index: new URL("../../vendor/pyodide/", import.meta.url).href,
  package: new URL("../../py/mexican_train.zip", import.meta.url).href,
  snapshot: new URL("../../vendor/pyodide/python-snapshot.bin", import.meta.url).href,
  stdlib: new URL("../../vendor/pyodide/python_stdlib.game.zip", import.meta.url).href,
  stdlibRest: new URL("../../vendor/pyodide/python_stdlib.rest.zip", import.meta.url).href,
  wasm: new URL("../../vendor/pyodide/pyodide.asm.wasm", import.meta.url).href,
};

/** Pyodide's own module factory (the default export of pyodide.asm.mjs, which loadPyodide would import itself). */
async function pyodideModuleFactory() {
  const made = /** @type {{default: CreatePyodideModule}} */ (await import(URLS.index + "pyodide.asm.mjs"));
  return made.default;
}

// Whether to start from the snapshot: downloads.tooSlowForSnapshot says when the network is too slow for it.
const COUNTED = ["pyodide.asm.wasm", "python_stdlib.game.zip", "python_stdlib.rest.zip"];   // the big files Pyodide fetches itself
const WASM_PLACEHOLDER = "mexican-train: compiled already";

/**
 * Where a zip's central directory ends (its end record), or -1.
 * @param {Uint8Array} bytes
 */
function zipEnd(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = bytes.byteLength - 22; at >= Math.max(0, bytes.byteLength - 22 - 65535); at--) {
    if (view.getUint32(at, true) === 0x06054b50) return at;
  }
  return -1;
}

/**
 * The tag of a package archive: its zip comment (scripts/build_py.py writes a hash of its entries there).
 * @param {Uint8Array} bytes
 */
export function archiveTag(bytes) {
  const end = zipEnd(bytes);
  if (end < 0) return "";
  const length = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint16(end + 20, true);
  return new TextDecoder("latin1").decode(bytes.subarray(end + 22, end + 22 + length));
}

/** The bytes of a zip entry stored with deflate, inflated by the browser. (A stream of its own rather than a
 *  Blob's: making ~80 Blobs took half of the unpacking's time on the emulated phone.)
 * @param {Uint8Array} data
 */
function inflateRaw(data) {
  const source = new ReadableStream({ start(controller) { controller.enqueue(data); controller.close(); } });
  return new Response(source.pipeThrough(new DecompressionStream("deflate-raw"))).arrayBuffer()
    .then((buffer) => new Uint8Array(buffer));
}

/**
 * Unpack the package archive into Python's working folder, as pyodide.unpackArchive(bytes, "zip") does,
 * but read by JavaScript (the browser inflates each entry) instead of by Python's zipfile and shutil:
 * on the emulated phone ~250 ms of one task less. Without DecompressionStream, or with an archive it
 * does not read (another compression, a name outside the folder), Pyodide's way. Entries named in ``later``
 * are written by ``rest()``, one a task: a call of the page's that comes meanwhile waits for one file, not for
 * all of them (written at once, they held up the page's call that ready waits for by 60 ms on the emulated phone).
 * Returns how many files were written, and ``rest``, which writes the later ones and says how many.
 * @param {PyodideAPI} pyodide
 * @param {Uint8Array} bytes
 * @param {Set<string>} [later]
 * @returns {Promise<{written: number, rest: () => Promise<number>}>}
 */
async function unpackPackage(pyodide, bytes, later = new Set()) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = zipEnd(bytes);
  /** @type {[string, () => Promise<Uint8Array>][]} */
  const now = [];
  /** @type {[string, () => Promise<Uint8Array>][]} */
  const afterwards = [];
  let readable = end >= 0 && typeof DecompressionStream !== "undefined";
  const names = new TextDecoder();
  for (let i = 0, at = readable ? view.getUint32(end + 16, true) : 0; readable && i < view.getUint16(end + 10, true); i++) {
    if (view.getUint32(at, true) !== 0x02014b50) { readable = false; break; }   // a central directory entry
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const name = names.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (name.endsWith("/")) continue;
    if ((method !== 0 && method !== 8) || name.startsWith("/") || name.split("/").includes("..")) { readable = false; break; }
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = bytes.subarray(start, start + size);
    (later.has(name) ? afterwards : now).push([name, method === 8 ? () => inflateRaw(data) : () => Promise.resolve(data)]);
  }
  if (!readable) {
    pyodide.unpackArchive(bytes, "zip");
    return { written: 0, rest: () => Promise.resolve(0) };
  }
  const FS = pyodide.FS;
  /** @param {string} name @param {Uint8Array} data */
  const writeFile = (name, data) => {
    const folder = name.slice(0, name.lastIndexOf("/"));
    if (folder) FS.mkdirTree(folder);
    FS.writeFile(name, data);
  };
  /** @param {[string, () => Promise<Uint8Array>][]} entries */
  const write = async (entries) => {
    const inflated = entries.map(([, data]) => data());   // the browser inflates them all at once
    for (let i = 0; i < entries.length; i++) writeFile(entries[i][0], await inflated[i]);
    return entries.length;
  };
  /** @param {[string, () => Promise<Uint8Array>][]} entries */
  const writeEach = async (entries) => {
    for (const [name, data] of entries) {
      await new Promise((resolve) => { setTimeout(resolve, 0); });
      writeFile(name, await data());
    }
    return entries.length;
  };
  return { written: await write(now), rest: () => writeEach(afterwards) };
}

/**
 * Keep the snapshot's game modules if they came from this very archive, else drop them; says which.
 * @param {PyodideAPI} pyodide
 * @param {Uint8Array} bytes
 * @returns {"none" | "same" | "other"}
 */
function adoptPackage(pyodide, bytes) {
  const held = pyodide.runPython(SNAPSHOT_PACKAGE);
  if (!held) return "none";
  if (held === archiveTag(bytes)) return "same";
  console.info("Python's snapshot holds another build of the game: its modules are imported anew");
  pyodide.runPython(FORGET_GAME);
  return "other";
}

// Linking the wasm (Emscripten's loadDylibs) wraps each of ~260 JavaScript functions in a WebAssembly
// function by compiling a tiny module per function (convertJsFunctionToWasm), although they come in a
// few dozen signatures: a third of that step's time on the emulated phone. While Python starts, a
// module compiled from the same few bytes (at most TINY) is compiled once and instantiated for each.
// Instances are still one per function; WebAssembly.Module itself is back once Python has started.
const PlainModule = WebAssembly.Module;
// with its second argument (compile options: Chromium's JS string builtins), which the DOM library leaves out
const PlainModuleWithOptions = /** @type {new (bytes: BufferSource, options?: object) => WebAssembly.Module} */ (PlainModule);
const TINY = 128;
/** @returns {typeof WebAssembly.Module} */
function modulesOncePerBytes() {
  /** @type {Map<string, WebAssembly.Module>} */
  const compiled = new Map();
  /**
   * @param {BufferSource} bytes
   * @param {object} [options]
   */
  function Module(bytes, options) {
    if (!(bytes instanceof Uint8Array) || bytes.length > TINY || options !== undefined) return new PlainModuleWithOptions(bytes, options);
    const key = bytes.join();
    let module = compiled.get(key);
    if (!module) compiled.set(key, (module = new PlainModule(bytes)));
    return module;
  }
  Module.prototype = PlainModule.prototype;   // instanceof WebAssembly.Module holds for either
  Object.setPrototypeOf(Module, PlainModule);   // customSections, imports, exports
  // a constructor in WebAssembly.Module's place: its statics come from PlainModule, its prototype
  return /** @type {typeof WebAssembly.Module} */ (/** @type {unknown} */ (Module));
}

/**
 * Start Python where ``place`` says, the fastest way its network allows: the package first (its throughput
 * decides), then the snapshot's restore or the usual start-up, the package unpacked. ``io`` takes Python's
 * output (PyScript gives its handlers to loadPyodide later: io's fields may be replaced until then).
 * @param {Place} place
 * @param {{stdout: (text: string) => void, stderr: (text: string) => void}} io
 * @returns {Promise<PyodideAPI>}
 */
export function startPython(place, io) {
  // From the service worker's cache, Pyodide's own module (1.2 MB of JavaScript) is loaded while the wasm and the
  // snapshot are on their way; loadPyodide would import it only once both were wanted. (On a first visit it would
  // share the link with the package, whose download's throughput decides how Python starts.)
  if (place.fromCache) pyodideModuleFactory().catch(() => {});   // loadPyodide's own import reports a failure
  const plainFetch = globalThis.fetch;
  const plainInstantiateStreaming = WebAssembly.instantiateStreaming;

  /** fetch, counting the bytes of the big files for the loading bar.
   * @param {RequestInfo | URL} input
   * @param {RequestInit} [init] */
  function countingFetch(input, init) {
    return plainFetch(input, init).then((res) => {
      const path = String(input instanceof Request ? input.url : input).split("?")[0];
      const name = path.slice(path.lastIndexOf("/") + 1);
      if (!COUNTED.includes(name) || !res.ok || !res.body || typeof TransformStream === "undefined") return res;
      place.progress(name, [0, res.headers.get("content-encoding") ? 0 : Number(res.headers.get("content-length")) || 0]);
      const counted = countedBody(res, (progress) => place.progress(name, progress));
      // Keep status and headers: instantiateStreaming needs Content-Type: application/wasm.
      return new Response(counted, { status: res.status, statusText: res.statusText, headers: res.headers });
    });
  }

  /** The package archive and the throughput of its download: read ahead (``place.archive``), or fetched here
   *  (its Resource Timing entry is there a task after the body). */
  const downloaded = (place.archive || Promise.resolve(null)).then((ahead) => ahead || plainFetch(URLS.package)
    .then((res) => {
      if (!res.ok) throw new Error(`${URLS.package} answered HTTP ${res.status}`);
      return res.arrayBuffer();
    })
    .then((bytes) => new Promise((resolve) => setTimeout(resolve, 0)).then(() => ({ bytes, rate: throughput(URLS.package) }))));
  const archive = downloaded.then(({ bytes }) => bytes);
  archive.catch(() => {});   // reported through the promise returned, once it is awaited

  const slowHint = place.slowHint;
  // A page the service worker controls gets every file from its cache (it cached the snapshot with the rest
  // before it took over): the snapshot costs no network, so it is chosen at once, without waiting for the
  // package's throughput, and starts being read right away.
  const fromCache = place.forced === null && place.canSnapshot && place.fromCache;
  place.note("mtFromCache", fromCache);   // boot.js: nothing to download, the loading text says the engine is starting

  /** "snapshot" or "plain", and why: decided once the package has arrived (or failed), or at once from the cache.
   * @type {Promise<[string, string]>} */
  const choice = fromCache ? Promise.resolve(["snapshot", ""]) :
    downloaded.then(({ rate }) => rate, () => throughput(URLS.package)).then((rate) => {
      place.note("mtThroughput", rate);   // test hook and bench/phone_speed.py
      if (!place.canSnapshot) return ["plain", "this browser lacks module workers"];
      if (place.forced === "snapshot" || place.forced === "plain") return [place.forced, "?boot=" + place.forced];
      if (typeof DecompressionStream === "undefined") return ["plain", "this browser cannot inflate the snapshot"];
      const slow = tooSlowForSnapshot(rate, slowHint);
      return slow ? ["plain", slow] : ["snapshot", ""];
    });
  if (fromCache) place.note("mtThroughput", Infinity);

  const snapshotProgress = (/** @type {Progress} */ progress) => place.progress("python-snapshot.bin", progress);
  const arrived = (/** @type {ArrayBuffer} */ memory) => {
    place.mark("mt-snapshot-arrived");
    return memory;
  };
  /** The snapshot's memory, or null when not wanted; rejects when it cannot be had. */
  const snapshot = fromCache ? place.loadSnapshot(URLS.snapshot, snapshotProgress).then(arrived) :
    Promise.all([choice, place.ready]).then(([[how, why]]) => {
      // the progress bar stops waiting for the files this start does not fetch
      if (how === "snapshot") {
        place.progress("python_stdlib.game.zip", null);
        return place.loadSnapshot(URLS.snapshot, snapshotProgress).then(arrived);
      }
      console.info(`Python starts without its snapshot (${why})`);
      snapshotProgress(null);
      place.progress("python_stdlib.rest.zip", null);
      return null;
    });
  snapshot.catch(() => snapshotProgress(null));   // handled now: a missing file is no "uncaught" error

  /** The wasm, fetched (counted for the loading bar, unless the service worker's cache answers) and compiled;
   *  or compiled already (``place.compiled``). */
  function compileWasm() {
    if (fromCache) place.progress("pyodide.asm.wasm", null);   // not followed: nothing to download
    const here = () => (fromCache ? plainFetch : countingFetch)(URLS.wasm).then((res) => {
      if (!res.ok) throw new Error(`${URLS.wasm} answered HTTP ${res.status}`);
      return WebAssembly.compileStreaming(res);
    });
    return (place.compiled || Promise.resolve(null)).then((module) => module || here()).then((module) => {
      place.mark("mt-wasm-compiled");   // bench/boot_profile.py: the steps of Python's start
      return module;
    });
  }

  // Python's start from the snapshot runs in steps with tasks between them where the thread must stay usable
  // (the page's: python3 -m bench.boot_profile). Left to itself, loadPyodide compiles the wasm only once the
  // snapshot is there, then instantiates it, links it, restores the memory and starts Python's runtime in one
  // chain of promise callbacks. So: the wasm is compiled as soon as Python's start begins (while the snapshot
  // arrives), and loadPyodide's instantiateStreaming call is answered from that module, with a new task before
  // and after the instantiation; its fsInit hook is a new task between the linking and the runtime's start.
  /** Pyodide's instantiateStreaming(fetch of the wasm, imports), answered from ``compiled`` in tasks of its own.
   * @param {Promise<WebAssembly.Module>} compiled
   * @returns {typeof WebAssembly.instantiateStreaming} */
  function instantiateCompiled(compiled) {
    return async function instantiateStreaming(source, imports) {
      const response = await source;
      if (!response || response.statusText !== WASM_PLACEHOLDER) return plainInstantiateStreaming(response, imports);
      let module;
      try {
        module = await compiled;
      } catch (err) {   // e.g. a host sending the wasm with another type: compiled from its bytes instead
        const e = /** @type {{message?: string} | null} */ (err);
        console.warn(`Python's wasm is compiled from its bytes (${e && e.message ? e.message : err})`);
        const res = await plainFetch(URLS.wasm);
        if (!res.ok) throw new Error(`${URLS.wasm} answered HTTP ${res.status}`);
        return WebAssembly.instantiate(await res.arrayBuffer(), imports);
      }
      await place.nextTask();
      const instance = await WebAssembly.instantiate(module, imports);
      place.mark("mt-wasm-instantiated");
      await place.nextTask();
      return { module, instance };
    };
  }

  // Pyodide reads a snapshot's size to make Python's memory, and only later its bytes, in the restore that
  // follows its fsInit hook (which it awaits). With the size known (place.snapshotBytes) it is given a stand-in of
  // that size at once, so the wasm is instantiated and linked while the snapshot is still on its way, not after;
  // the hook waits for the snapshot, and the restore (Pyodide's own, wrapped through its createPyodideModule
  // option) copies the snapshot itself into Python's memory: the stand-in is never read or written, so the 31 MB
  // are copied once. A snapshot of another size is restored the way that waits for it.
  /** loadPyodide from a snapshot of a size known already, the memory made before it arrives; null when it cannot.
   * @param {PromiseLike<ArrayBuffer>} memory
   * @param {Promise<WebAssembly.Module>} compiled */
  function bootEarly(memory, compiled) {
    const size = place.snapshotBytes;
    if (!size) return null;
    /** @type {Uint8Array | null} */
    let real = null;
    /** @type {Error | null} */
    let missed = null;
    let otherSize = false;
    const waitForIt = async () => {
      await place.nextTask();   // between the linking and the runtime's start, as without a size
      try {
        real = new Uint8Array(await memory);
        if (real.byteLength !== size) otherSize = true;
      } catch (err) {
        missed = /** @type {Error} */ (err);
      }
    };
    /** @type {CreatePyodideModule} */
    const createModule = async (settings) => {
      const made = await tableChecked()(settings);
      const restoreSnapshot = made.API.restoreSnapshot;
      made.API.restoreSnapshot = () => {
        const snapshot = real;
        real = null;   // Python's memory holds it from here
        if (!snapshot || otherSize) throw missed || new Error("the snapshot is not the size the page expects");
        return restoreSnapshot(snapshot);
      };
      return made;
    };
    return boot(Promise.resolve(new ArrayBuffer(size)), compiled, waitForIt, createModule).catch((err) => {
      if (otherSize) return boot(memory, compiled);   // a snapshot from another build than the page's
      throw missed || err;
    });
  }

  // Python's memory holds indices into the wasm's function table, laid out by the linking: a snapshot fits only a
  // runtime whose linking makes the table it was taken with (scripts/patch_runtime.py changes it, and keeps the
  // length of the table it made). One taken with another runtime (a stale copy of either file in some cache) is
  // refused before it is copied, and Python starts the usual way.
  /** Pyodide's module factory, its restore refused where the linking made another table than the snapshot's.
   * @returns {CreatePyodideModule} */
  function tableChecked() {
    return async (settings) => {
      const made = await (await pyodideModuleFactory())(settings);
      const restoreSnapshot = made.API.restoreSnapshot;
      const expected = place.snapshotTable;
      made.API.restoreSnapshot = (snapshot) => {
        const linked = made.mtLinkedTable;
        if (expected && linked !== expected) {
          throw new Error(`the snapshot was taken with another runtime (a function table of ${expected}, not ${linked})`);
        }
        return restoreSnapshot(snapshot);
      };
      return made;
    };
  }

  /** loadPyodide with the game's options; from the snapshot if one is given, with the wasm ``compiled`` if given.
   * @param {PromiseLike<ArrayBuffer> | null} memory
   * @param {Promise<WebAssembly.Module> | null} [compiled]
   * @param {() => Promise<void>} [fsInit]  Pyodide's hook between the linking and the runtime's start
   * @param {CreatePyodideModule} [createModule]  Pyodide's module factory, wrapped (bootEarly, whose wrapper checks
   *   the table too); from a snapshot it is tableChecked()'s by default */
  function boot(memory, compiled = null, fsInit = place.nextTask, createModule = memory ? tableChecked() : undefined) {
    globalThis.fetch = compiled ? (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url !== URLS.wasm) return countingFetch(input, init);
      // Pyodide's own request for the wasm: compiled already
      return Promise.resolve(new Response(null, { status: 200, statusText: WASM_PLACEHOLDER }));
    } : countingFetch;
    const fetchDuringBoot = globalThis.fetch;
    if (compiled) WebAssembly.instantiateStreaming = instantiateCompiled(compiled);
    WebAssembly.Module = modulesOncePerBytes();
    return startPyodide({
      indexURL: URLS.index,
      stdLibURL: memory ? URLS.stdlibRest : URLS.stdlib,   // the snapshot was taken with the rest (make_snapshot.mjs)
      stdout: (text) => io.stdout(text),
      stderr: (text) => io.stderr(text),
      ...(memory ? { _loadSnapshot: memory } : {}),
      ...(compiled ? { fsInit } : {}),
      ...(createModule ? { createPyodideModule: createModule } : {}),
    }).finally(() => {
      if (globalThis.fetch === fetchDuringBoot) globalThis.fetch = plainFetch;
      WebAssembly.instantiateStreaming = plainInstantiateStreaming;
      WebAssembly.Module = PlainModule;
    });
  }

  /** Python restored from the snapshot (a promise of its memory), checked, its random generator reseeded,
   *  holding the game's modules only if they came from the package archive downloaded.
   * @param {PromiseLike<ArrayBuffer>} memory
   * @param {Promise<WebAssembly.Module>} compiled */
  async function restore(memory, compiled) {
    const pyodide = await (bootEarly(memory, compiled) || boot(memory, compiled));
    await place.nextTask();
    if (!pyodide.runPython(STDLIB_CHECK)) throw new Error("the snapshot was taken with another standard library");
    pyodide.runPython(RESEED);   // not the copy's seed
    // test hook: whether the snapshot's game modules are used ("same") or dropped ("other"), or it has none
    const held = adoptPackage(pyodide, new Uint8Array(await archive));
    place.note("mtSnapshotPackage", held);
    if (held === "same") {
      const found = /** @type {{toJs: () => unknown, destroy: () => void}} */ (pyodide.runPython(HELD_MODULES));
      for (const source of /** @type {string[]} */ (found.toJs())) {
        if (!source.startsWith("mexican_train/ui/parts/")) heldSources.add(source);
      }
      found.destroy();
    }
    return pyodide;
  }
  /** @type {Set<string>} */
  const heldSources = new Set();

  place.note("mtPythonStart", "pending");   // test hook: how Python started, "snapshot" or "full start-up"
  place.note("mtSnapshotPackage", "none");
  // From the service worker's cache the wasm's compiling starts at once too, like the snapshot's reading.
  const compiledEarly = fromCache ? compileWasm() : null;
  if (compiledEarly) compiledEarly.catch(() => {});   // handled where it is used
  return Promise.all([choice, place.ready]).then(([[how]]) => {
    place.mark("mt-python-start");   // bench/page_speed.py: where Python's start-up begins and ends
    place.note("mtPythonStart", how === "snapshot" ? "snapshot" : "full start-up");
    if (how !== "snapshot") return boot(null, place.compiled ? compileWasm() : null);   // read ahead, or Pyodide's own
    const compiled = compiledEarly || compileWasm();
    compiled.catch(() => {});   // handled where it is used
    // in this branch the snapshot was wanted: its promise is of the memory (or rejects)
    return restore(/** @type {Promise<ArrayBuffer>} */ (snapshot), compiled).catch((err) => {   // no file, another build
      console.warn(`Python starts without its snapshot (${err && err.message ? err.message.split("\n")[0] : err})`);
      place.note("mtPythonStart", "full start-up");
      return boot(null, compiled);
    });
  }).then(async (pyodide) => {
    place.mark("mt-python-booted");
    await place.nextTask();
    const unpacked = await unpackPackage(pyodide, new Uint8Array(await archive), heldSources);
    place.note("mtUnpacked", unpacked.written);   // test hooks: the files written, and those written once the game is up
    place.idle.then(unpacked.rest).then((n) => place.note("mtUnpackedLater", n));
    return pyodide;
  });
}
