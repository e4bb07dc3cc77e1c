// Write a memory snapshot of a freshly started Python, so that the page can skip Python's start-up.
//
//   node scripts/make_snapshot.mjs <vendor/pyodide/> [<py/mexican_train.zip> <py/page.py> [<py/worker.py>]]
//                                  [--no-brotli]
//       # writes <dir>/python-snapshot.bin, its twins .gz and .br, and python-snapshot.json
//
// Starting Pyodide is mostly CPython initialising itself inside WebAssembly: in headless Chromium on
// this 2-core machine ~5-6 s of a ~6 s boot, run by the browser's baseline (unoptimised) compiler.
// Pyodide can instead restore a copy of its memory taken right after that start-up (loadPyodide's
// `_loadSnapshot`, the mechanism Cloudflare's Python Workers use; measured here: ~1.6 s instead of
// ~6 s). The copy is taken here, by Node, with the very files in <dir> the page loads: Pyodide
// refuses a snapshot whose build id differs from its own, and pyodide-start.js then starts the
// usual way, so a stale file costs its download, never a broken page.
//
// Python starts with the game's cut-down standard library (python_stdlib.game.zip, from
// scripts/make_stdlib.mjs, run first), as the page's usual start does. Once everything below is imported,
// that zip is replaced by one of the modules still not imported (python_stdlib.rest.zip, written beside the
// snapshot, ~50 KB of the ~750 KB) and zipimport reads its directory anew: the snapshot holds that
// directory, so it only fits that very file, and a start from the snapshot downloads 0.7 MB less. Its size
// is kept in the snapshot (sys._mt_stdlib_size) and pyodide-boot.js checks it after a restore, falling back
// to the usual start (with the whole cut-down zip) on a mismatch.
//
// The snapshot is Python's memory as bare start-up leaves it, plus the few standard modules PyScript
// imports on top (PREIMPORT), plus, given the package archive and page.py, the
// game's modules that page.py imports and the screens' modules the Page imports by name, imported from that very archive unpacked into Python's
// working folder as the page unpacks it: importing them took a third of the page's time from a
// started Python to a playable game on an emulated phone (python3 -m bench.boot_profile). The archive's tag (its
// zip comment, a hash of its entries: scripts/build_py.py) is kept in the snapshot
// (sys._mt_package); the page compares it with the tag of the archive it downloaded and, when they
// differ, drops the snapshot's game modules so that the downloaded ones are imported instead
// (pyodide-start.js): a stale snapshot costs the import, never runs old code. Only the files of the
// folder are not in the snapshot (Pyodide's file system lives outside its memory): the page still
// unpacks the archive (the game reads its catalogues from there).
//
// The Python a restored Python runs before the game's first call is compiled here, into the snapshot (PRECOMPILE):
// Pyodide's own start (its finalizeBootstrap's few lines), the page's checks (static/js/restored-python.js) and the
// scripts PyScript runs (py/worker.py, py/page.py), each text as it will be run. Pyodide's eval_code, which runs
// them all, answers those texts with their bytecode instead of parsing and compiling them: in a Python just
// restored, the compiler's first runs were 16-30 ms of the worker's start in Chromium for worker.py alone and
// 66-154 ms in WebKitGTK, whose first runs of Python's wasm are slow (docs/measurements/engines.md). Any other
// text, or the same with options, is compiled as before: an edited worker.py is never answered with old code.
//
// Whatever start-up seeds is frozen in the copy: str hashing uses PYTHONHASHSEED=0 here (the same on
// every load, and the same file from every build but for a few bytes), and the `random` module's
// hidden generator is seeded with 0 here and reseeded from os.urandom by pyodide-start.js once
// Python is back. os.urandom itself asks the browser each time. The game's modules create no
// generator of their own when imported (tests/test_snapshot.py).
//
// The memory (31 MB) is written raw, with precompressed twins (scripts/precompress.mjs): a host
// that compresses sends python-snapshot.bin as brotli (4.4 MB) or gzip (6.6 MB) and the browser
// inflates it natively; where the host sends it uncompressed, the page fetches python-snapshot.bin.gz
// instead, a plain file it inflates with DecompressionStream (static/js/snapshot.js). --no-brotli
// skips the brotli twin (~45 s of the ~55 s this script takes; serve.py then sends the gzip one):
// scripts/build_snapshot.py passes it for play.sh's quick rebuilds.
// python-snapshot.json, beside it and not part of the site, says what it was made from
// (scripts/build_snapshot.py compares it to decide whether the snapshot is stale).
import { readFileSync, writeFileSync, renameSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { precompress } from "./precompress.mjs";
import { CUT_NAME, REST_NAME } from "./make_stdlib.mjs";

// The page's module of those texts, imported from its source as a data: URL: this package is not "type": "module",
// so Node would first take static/js/restored-python.js for CommonJS and warn (the module imports nothing).
const RESTORED = readFileSync(new URL("../static/js/restored-python.js", import.meta.url));
const { AFTER_RESTORE } = await import("data:text/javascript;base64," + RESTORED.toString("base64"));

// Standard modules PyScript imports on top of start-up (sys.modules in the page against a bare start).
const PREIMPORT = ["html", "html.entities", "encodings.cp437"];
const SNAPSHOT_NAME = "python-snapshot.bin";   // the page (pyodide-start.js) and build_sw.py expect this name

// The game's modules page.py imports (any import statement naming mexican_train, wherever it stands),
// imported from the unpacked archive; then the archive's tag, for the page to compare.
const IMPORT_GAME = String.raw`
import ast, importlib, sys
names = set()
for node in ast.walk(ast.parse(page_source)):
    if isinstance(node, ast.Import):
        names.update(a.name for a in node.names)
    elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
        names.add(node.module)
        names.update(node.module + "." + a.name for a in node.names)
for name in sorted(n for n in names if n == "mexican_train" or n.startswith("mexican_train.")):
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as err:
        if err.name != name:   # a name imported from a module is no module itself; anything else is a fault
            raise
# the screens' modules, which the Page imports by name when it is made (ui.parts.load): 130-240 ms of the
# worker's start on a desktop before they were here (bench/boot_profile.py's marks mt-worker-py, mt-page-open)
importlib.import_module("mexican_train.ui.parts").load()
sys._mt_package = package_tag
del page_source, package_tag
sorted(n for n in sys.modules if n == "mexican_train" or n.startswith("mexican_train."))
`;

// Pyodide's eval_code (which runPython, Pyodide's own start and PyScript's scripts call) with the bytecode of
// _mt_sources compiled now: a text among them, run with no option but its namespaces, skips the parse and the
// compile. Its count of such runs is a test hook (static/js/worker/py-worker.js posts it).
const PRECOMPILE = String.raw`
import _pyodide._base as _mt_base, pyodide.code as _mt_code

def _mt_precompiled(sources, base=_mt_base, public=_mt_code):
    plain = base.eval_code
    codes = {source: base.CodeRunner(source).compile().code for source in sources}

    def eval_code(source, globals=None, locals=None, **options):
        code = None if options else codes.get(source)
        if code is None:
            return plain(source, globals, locals, **options)
        runner = object.__new__(base.CodeRunner)   # compiled already: CodeRunner's run, without its parse
        runner._compiled, runner._source, runner.code = True, source, code
        eval_code.precompiled_runs += 1
        return runner.run(globals, locals)

    eval_code.precompiled_runs = 0
    eval_code.__doc__, eval_code.__wrapped__ = plain.__doc__, plain
    base.eval_code = public.eval_code = eval_code
    return len(codes)

_mt_count = _mt_precompiled(_mt_sources)
del _mt_base, _mt_code, _mt_precompiled, _mt_sources
_mt_count
`;

/** The Python texts Pyodide's runtime runs itself at every start (its finalizeBootstrap's), as written in it. */
function runtimeSources(runtime) {
  return [...runtime.matchAll(/(?:runPythonInternal|_base\.eval_code)\("([^"\\]*)"\)/g)].map((m) => m[1]);
}

// The files of the cut-down zip whose modules Python has imported (the rest is what it may still import).
const HELD = String.raw`
import sys
[m.__file__.split(".zip/", 1)[1] for m in list(sys.modules.values())
 if (getattr(m, "__file__", None) or "").startswith(next(p for p in sys.path if p.endswith(".zip")) + "/")]
`;
// Put in place of the cut-down zip: zipimport reads its directory anew, now (an import that finds nothing asks every
// finder), so the snapshot holds it and a restored Python's first such import does not read it again (12 ms under
// Node, at PyScript's first `import js`); and the snapshot keeps the zip's size.
const RELOAD = String.raw`
import importlib.util, os, sys, zipimport
zipimport._zip_directory_cache.clear()
importlib.util.find_spec("_mt_no_such_module")
sys._mt_stdlib_size = os.stat(next(p for p in sys.path if p.endswith(".zip"))).st_size
del importlib, os, zipimport
`;

/** Where a zip archive's end-of-central-directory record starts, or -1. @param {Buffer} bytes */
function endRecord(bytes) {
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 65535); at--) {
    if (bytes.readUInt32LE(at) === 0x06054b50) return at;
  }
  return -1;
}

/** The comment of a zip archive (its end-of-central-directory record), as text. */
export function zipComment(bytes) {
  const at = endRecord(bytes);
  return at < 0 ? "" : bytes.subarray(at + 22, at + 22 + bytes.readUInt16LE(at + 20)).toString("latin1");
}

/** A zip of some of ``zip``'s entries, each entry's bytes copied as they are (nothing is inflated or
 *  deflated again: the Python doing that here left the compressor's tables in the snapshot's memory).
 * @param {Buffer} zip @param {(name: string) => boolean} keep */
function zipSubset(zip, keep) {
  const end = endRecord(zip);
  if (end < 0) throw new Error("not a zip");
  const count = zip.readUInt16LE(end + 10);
  const dirStart = zip.readUInt32LE(end + 16);
  const entries = [];
  for (let at = dirStart, i = 0; i < count; i++) {
    const size = 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    entries.push({ central: zip.subarray(at, at + size), offset: zip.readUInt32LE(at + 42),
                   name: zip.subarray(at + 46, at + 46 + zip.readUInt16LE(at + 28)).toString("utf8") });
    at += size;
  }
  const starts = entries.map((e) => e.offset).concat([dirStart]).sort((x, y) => x - y);
  const locals = [], centrals = [];
  let written = 0;
  for (const e of entries.filter((e) => keep(e.name))) {
    const local = zip.subarray(e.offset, starts.find((s) => s > e.offset));
    const central = Buffer.from(e.central);
    central.writeUInt32LE(written, 42);
    locals.push(local);
    centrals.push(central);
    written += local.length;
  }
  const dir = Buffer.concat(centrals);
  const record = Buffer.alloc(22);
  record.writeUInt32LE(0x06054b50, 0);
  record.writeUInt16LE(centrals.length, 8);
  record.writeUInt16LE(centrals.length, 10);
  record.writeUInt32LE(dir.length, 12);
  record.writeUInt32LE(written, 16);
  return Buffer.concat([...locals, dir, record]);
}



const args = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const brotli = !process.argv.includes("--no-brotli");
const dir = path.resolve(args[0] || "vendor/pyodide");
const [archivePath, pagePath, workerPath] = args.slice(1).map((p) => path.resolve(p));
const stdlib = path.join(dir, CUT_NAME);
const { loadPyodide } = await import(pathToFileURL(path.join(dir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: dir + path.sep, stdLibURL: stdlib, _makeSnapshot: true,
                                    env: { PYTHONHASHSEED: "0" }, stdout: () => {},
                                    stderr: (text) => console.error(text) });
// The length of the function table the linking made, as the patched runtime keeps it (scripts/patch_runtime.py):
// Python's memory holds indices into that table, so the snapshot fits only a runtime whose linking makes the same;
// the page checks it before a restore. Null from a runtime not patched: nothing to check.
const table = pyodide._module.mtLinkedTable ?? null;
pyodide.runPython(PREIMPORT.map((name) => `import ${name}`).join("\n") + "\nimport random\nrandom.seed(0)\n");
let game = [];
let tag = null;
if (archivePath && pagePath) {
  const archive = readFileSync(archivePath);
  tag = zipComment(archive);
  if (!tag.startsWith("mexican_train sha256:")) throw new Error(`${archivePath} has no tag: rebuild it (python3 -m scripts.build_py)`);
  pyodide.unpackArchive(new Uint8Array(archive), "zip");   // into the working folder, as the page does
  pyodide.globals.set("page_source", readFileSync(pagePath, "utf8"));
  pyodide.globals.set("package_tag", tag);
  game = pyodide.runPython(IMPORT_GAME).toJs();
}
const sources = [...runtimeSources(readFileSync(path.join(dir, "pyodide.asm.mjs"), "utf8")), ...AFTER_RESTORE,
                 ...[pagePath, workerPath].filter(Boolean).map((p) => readFileSync(p, "utf8"))];
const sourceList = pyodide.toPy(sources);
pyodide.globals.set("_mt_sources", sourceList);
const precompiled = pyodide.runPython(PRECOMPILE);
sourceList.destroy();
// What a restored Python can still import from the standard library is only what it had not imported yet: the
// snapshot is taken with a zip of those modules alone (REST_NAME, ~50 KB instead of ~750 KB), which the page
// downloads for a start from the snapshot; the usual start still takes the whole cut-down zip.
const held = new Set(pyodide.runPython(HELD).toJs());
const restBytes = zipSubset(readFileSync(stdlib), (name) => !held.has(name));
const restPath = path.join(dir, REST_NAME);
writeFileSync(restPath + ".tmp", restBytes);
pyodide.FS.writeFile(pyodide.runPython("import sys\nnext(p for p in sys.path if p.endswith('.zip'))"), restBytes);
pyodide.runPython(RELOAD);
renameSync(restPath + ".tmp", restPath);
const memory = pyodide.makeMemorySnapshot();
const target = path.join(dir, SNAPSHOT_NAME);
writeFileSync(target + ".tmp", memory);
renameSync(target + ".tmp", target);
const twins = await precompress(target, brotli ? [".br", ".gz"] : [".gz"]);
const info = { package: tag, modules: game, table, precompiled };
writeFileSync(path.join(dir, "python-snapshot.json"), JSON.stringify(info, null, 1) + "\n");
console.log(`make_snapshot: ${target}: ${(memory.length / 1e6).toFixed(1)} MB of memory, ` +
            `${game.length} modules of the game, ${precompiled} texts precompiled; ` +
            twins.map(([name, size]) => `${path.extname(name)} ${(size / 1e6).toFixed(2)} MB`).join(", "));
