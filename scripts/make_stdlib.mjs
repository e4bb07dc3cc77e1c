// Write the game's cut-down standard library: the modules of Pyodide's python_stdlib.zip that the game,
// its page glue, PyScript and Pyodide's own start-up import, and nothing else.
//
//   node scripts/make_stdlib.mjs <vendor/pyodide/> <py/> <vendor/pyscript/>
//       # reads <vendor/pyodide/>python_stdlib.zip, writes <vendor/pyodide/>python_stdlib.game.zip
//
// Pyodide's standard library is a 2.5 MB zip of bytecode, all of it downloaded before Python starts,
// of which the game uses a small part. The page passes the cut zip to loadPyodide (stdLibURL); the
// original stays beside it, untouched, for bench/bare.html (the yardstick loads Pyodide exactly as
// published). Which modules: this script starts Pyodide under Node with the full zip, then
//  - imports every module named in an import statement of the game's package, py/page.py and
//    PyScript's own Python package (read from PyScript's core chunk, as scripts/compile_pyc.mjs does),
//    whatever the statement's place (top level or inside a function), where such a module exists;
//  - imports the game's package itself, module by module, and runs what the page runs through
//    Pyodide's API: runPythonAsync, unpackArchive of a zip, a formatted traceback;
//  - keeps every module then in sys.modules that came from the zip (a package keeps its __init__).
// The zip is deterministic for the same inputs. scripts/make_snapshot.mjs must then be run on the
// same folder: the snapshot remembers the zip it was taken with (zipimport's directory of it), so
// the two are always made together (scripts/setup.sh), and the page checks the pair (pyodide-start.js).
// tests/test_stdlib_cut.py imports the whole package against the result in Pyodide.
import { readFileSync, readdirSync, writeFileSync, renameSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { pyscriptSources } from "./compile_pyc.mjs";

export const CUT_NAME = "python_stdlib.game.zip";
/** The standard library a Python restored from the snapshot is given: what the snapshot had not imported
 *  (scripts/make_snapshot.mjs writes it). */
export const REST_NAME = "python_stdlib.rest.zip";

function sourcesUnder(dir, prefix = "") {
  const out = {};
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix + entry.name;
    if (entry.isDirectory() && entry.name !== "__pycache__") Object.assign(out, sourcesUnder(path.join(dir, entry.name), rel + "/"));
    else if (entry.isFile() && entry.name.endsWith(".py")) out[rel] = readFileSync(path.join(dir, entry.name), "utf8");
  }
  return out;
}

const FIND = String.raw`
import ast, importlib, io, json, sys, traceback, zipfile

def imported_names(source, filename):
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module
            yield from (node.module + "." + a.name for a in node.names)

sources = json.loads(sources_json)
# pyodide-start.js reseeds random after a restore; the rest are codecs cheap enough to keep for text
# that is not UTF-8 (a match file opened from disk)
names = {"random", "encodings.ascii", "encodings.latin_1", "encodings.utf_8_sig"}
for filename, source in sources.items():
    names.update(imported_names(source, filename))
for name in sorted(names):
    try:
        importlib.import_module(name)
    except Exception:
        pass   # the game's own modules, js, pyscript, or a name imported from a module, not a module
sys.path.insert(0, "/game")
for filename in sorted(sources):
    if filename.startswith("mexican_train/") and not filename.endswith("__main__.py"):
        module = filename[:-3].replace("/", ".").removesuffix(".__init__")
        importlib.import_module(module)
try:
    1 / 0
except ZeroDivisionError:
    traceback.format_exc()
buf = io.BytesIO()
with zipfile.ZipFile(buf, "w") as z:
    z.writestr("probe/__init__.py", "")
archive = buf.getvalue()
`;

const CUT = String.raw`
import json, os, sys, zipfile

stdlib = next(p for p in sys.path if p.endswith(".zip"))
keep = set()
for module in list(sys.modules.values()):
    spec = getattr(module, "__spec__", None)
    origin = getattr(spec, "origin", None) or ""
    if origin.startswith(stdlib + "/"):
        keep.add(origin[len(stdlib) + 1:])
with zipfile.ZipFile(source_path) as src:
    infos = src.infolist()
    wanted = set(keep)
    for name in keep:   # the folders of kept files, for tools that list the zip
        parts = name.split("/")[:-1]
        wanted.update("/".join(parts[:i]) + "/" for i in range(1, len(parts) + 1))
    with zipfile.ZipFile(target_path, "w") as dst:
        for info in infos:
            if info.filename in wanted:
                dst.writestr(info, src.read(info.filename), compress_type=info.compress_type)
missing = sorted(keep - {i.filename for i in infos})
json.dumps({"modules": len(keep), "missing": missing, "size": os.path.getsize(target_path),
            "full": os.path.getsize(source_path)})
`;

export async function makeStdlib(dir, pyDir, pyscriptDir) {
  const { loadPyodide } = await import(pathToFileURL(path.join(dir, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({ indexURL: dir + path.sep, stdout: () => {}, stderr: (t) => console.error(t) });
  const game = sourcesUnder(path.join(pyDir, "mexican_train"), "mexican_train/");
  const sources = { ...game, "page.py": readFileSync(path.join(pyDir, "page.py"), "utf8"), ...pyscriptSources(pyscriptDir) };
  pyodide.FS.mkdirTree("/game");
  for (const [name, text] of Object.entries(game)) {
    pyodide.FS.mkdirTree("/game/" + path.posix.dirname(name));
    pyodide.FS.writeFile("/game/" + name, text);
  }
  pyodide.globals.set("sources_json", JSON.stringify(sources));
  pyodide.runPython(FIND);
  await pyodide.runPythonAsync("import asyncio\nawait asyncio.sleep(0)");
  pyodide.unpackArchive(pyodide.globals.get("archive").toJs(), "zip", { extractDir: "/tmp/probe" });
  const target = path.join(dir, CUT_NAME);
  pyodide.FS.mkdirTree("/host");
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: dir }, "/host");
  pyodide.globals.set("source_path", "/host/python_stdlib.zip");
  pyodide.globals.set("target_path", "/host/" + CUT_NAME + ".tmp");
  const report = JSON.parse(pyodide.runPython(CUT));
  if (report.missing.length) throw new Error(`make_stdlib: not in the zip: ${report.missing.join(", ")}`);
  renameSync(target + ".tmp", target);
  return report;
}

if (import.meta.url === pathToFileURL(process.argv[1] || "").href) {
  const [dir, pyDir, pyscriptDir] = process.argv.slice(2).map((p) => path.resolve(p));
  if (!dir || !pyDir || !pyscriptDir) {
    console.error("usage: node scripts/make_stdlib.mjs <vendor/pyodide/> <py/> <vendor/pyscript/>");
    process.exit(2);
  }
  const r = await makeStdlib(dir, pyDir, pyscriptDir);
  console.log(`make_stdlib: ${path.join(dir, CUT_NAME)}: ${r.modules} modules, ${(r.size / 1e6).toFixed(2)} MB ` +
              `(the full zip: ${(r.full / 1e6).toFixed(2)} MB)`);
}
