// Write a memory snapshot of a freshly started Python, so that the page can skip Python's start-up.
//
//   node scripts/make_snapshot.mjs <vendor/pyodide/>     # writes <dir>/python-snapshot.gz
//
// Starting Pyodide is mostly CPython initialising itself inside WebAssembly: in headless Chromium on
// this 2-core machine ~5-6 s of a ~6 s boot, run by the browser's baseline (unoptimised) compiler.
// Pyodide can instead restore a copy of its memory taken right after that start-up (loadPyodide's
// `_loadSnapshot`, the mechanism Cloudflare's Python Workers use; measured here: ~1.6 s instead of
// ~6 s). The copy is taken here, by Node, with the very files in <dir> the page loads: Pyodide
// refuses a snapshot whose build id differs from its own, and pyodide-start.js then starts the
// usual way, so a stale file costs its download, never a broken page.
//
// The snapshot is Python's memory as bare start-up leaves it plus the few standard modules PyScript
// imports on top (PREIMPORT, from comparing sys.modules in the page and in a bare start). Nothing
// from the game is in it: the game's package keeps arriving as py/mexican_train.zip, so editing
// the game never needs a new snapshot. Whatever start-up seeds is frozen in the copy: str hashing
// uses PYTHONHASHSEED=0 here (the same on every load, and the same file from every build but for
// a few bytes), and the `random` module's hidden generator is seeded with 0 here and reseeded from
// os.urandom by pyodide-start.js once Python is back. os.urandom itself asks the browser each time.
//
// The memory (31 MB) is gzip-compressed (to ~6 MB); the page inflates it with DecompressionStream.
import { writeFileSync, renameSync } from "node:fs";
import { gzipSync } from "node:zlib";
import path from "node:path";
import { pathToFileURL } from "node:url";

const PREIMPORT = ["html", "html.entities", "encodings.cp437"];
const SNAPSHOT_NAME = "python-snapshot.gz";   // the page (pyodide-start.js) and build_sw.py expect this name

const dir = path.resolve(process.argv[2] || "vendor/pyodide");
const { loadPyodide } = await import(pathToFileURL(path.join(dir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: dir + path.sep, _makeSnapshot: true, env: { PYTHONHASHSEED: "0" },
                                    stdout: () => {},
                                    stderr: (text) => console.error(text) });
pyodide.runPython(PREIMPORT.map((name) => `import ${name}`).join("\n") + "\nimport random\nrandom.seed(0)");
const memory = pyodide.makeMemorySnapshot();
const packed = gzipSync(memory, { level: 9 });
const target = path.join(dir, SNAPSHOT_NAME);
writeFileSync(target + ".tmp", packed);
renameSync(target + ".tmp", target);
console.log(`make_snapshot: ${target}: ${(memory.length / 1e6).toFixed(1)} MB of memory, ${(packed.length / 1e6).toFixed(2)} MB gzipped`);
