// Write a memory snapshot of a freshly started Python, so that the page can skip Python's start-up.
//
//   node scripts/make_snapshot.mjs <vendor/pyodide/>     # writes <dir>/python-snapshot.bin (+ .gz, .br)
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
// scripts/make_stdlib.mjs, run first), as the page does: the snapshot holds zipimport's directory of
// that zip, so it only fits that very file. Its size is kept in the snapshot (sys._mt_stdlib_size) and
// pyodide-start.js checks it after a restore, falling back to the usual start on a mismatch.
//
// The snapshot is Python's memory as bare start-up leaves it plus the few standard modules PyScript
// imports on top (PREIMPORT, from comparing sys.modules in the page and in a bare start). Nothing
// from the game is in it: the game's package keeps arriving as py/mexican_train.zip, so editing
// the game never needs a new snapshot. Whatever start-up seeds is frozen in the copy: str hashing
// uses PYTHONHASHSEED=0 here (the same on every load, and the same file from every build but for
// a few bytes), and the `random` module's hidden generator is seeded with 0 here and reseeded from
// os.urandom by pyodide-start.js once Python is back. os.urandom itself asks the browser each time.
//
// The memory (31 MB) is written raw, with precompressed twins (scripts/precompress.mjs): a host
// that compresses sends python-snapshot.bin as brotli (4.2 MB) or gzip (6.5 MB) and the browser
// inflates it natively; where the host sends it uncompressed, the page fetches python-snapshot.bin.gz
// instead, a plain file it inflates with DecompressionStream (static/js/snapshot.js).
import { statSync, writeFileSync, renameSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { precompress } from "./precompress.mjs";
import { CUT_NAME } from "./make_stdlib.mjs";

const PREIMPORT = ["html", "html.entities", "encodings.cp437"];
const SNAPSHOT_NAME = "python-snapshot.bin";   // the page (pyodide-start.js) and build_sw.py expect this name

const dir = path.resolve(process.argv[2] || "vendor/pyodide");
const stdlib = path.join(dir, CUT_NAME);
const { loadPyodide } = await import(pathToFileURL(path.join(dir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: dir + path.sep, stdLibURL: stdlib, _makeSnapshot: true,
                                    env: { PYTHONHASHSEED: "0" }, stdout: () => {},
                                    stderr: (text) => console.error(text) });
pyodide.runPython(PREIMPORT.map((name) => `import ${name}`).join("\n") + "\nimport random\nrandom.seed(0)\n"
                  + `import sys\nsys._mt_stdlib_size = ${statSync(stdlib).size}`);
const memory = pyodide.makeMemorySnapshot();
const target = path.join(dir, SNAPSHOT_NAME);
writeFileSync(target + ".tmp", memory);
renameSync(target + ".tmp", target);
const twins = await precompress(target);
console.log(`make_snapshot: ${target}: ${(memory.length / 1e6).toFixed(1)} MB of memory; ` +
            twins.map(([name, size]) => `${path.extname(name)} ${(size / 1e6).toFixed(2)} MB`).join(", "));
