// tests/test_stdlib_cut.py: start Pyodide under Node with the game's cut-down standard library the usual
// way, or from the memory snapshot with the standard modules it had not imported, then import the whole game
// package, every module PyScript's and page.py's import statements name, and play a short CPU round. Prints a
// JSON report.
//   node tests/stdlib_probe.mjs <vendor/pyodide/> <py/> <vendor/pyscript/> plain|snapshot
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { pyscriptSources } from "../scripts/compile_pyc.mjs";

const [dir, pyDir, pyscriptDir, how] = process.argv.slice(2).map((a, i) => (i < 3 ? path.resolve(a) : a));
const { loadPyodide } = await import(pathToFileURL(path.join(dir, "pyodide.mjs")).href);
// from the snapshot, Python gets only the standard modules it had not imported (as the page gives it)
const options = { indexURL: dir + path.sep,
                  stdLibURL: path.join(dir, how === "snapshot" ? "python_stdlib.rest.zip" : "python_stdlib.game.zip"),
                  stdout: () => {}, stderr: () => {} };
if (how === "snapshot") options._loadSnapshot = readFileSync(path.join(dir, "python-snapshot.bin"));
const pyodide = await loadPyodide(options);
// whether zipimport holds the standard library zip's directory before any import reads it (the snapshot keeps it)
const zipDirectory = pyodide.runPython(
  "import sys, zipimport\nnext(p for p in sys.path if p.endswith('.zip')) in zipimport._zip_directory_cache");

function walk(d, prefix) {
  const out = {};
  for (const e of readdirSync(d, { withFileTypes: true })) {
    if (e.isDirectory() && e.name !== "__pycache__") Object.assign(out, walk(path.join(d, e.name), `${prefix}${e.name}/`));
    else if (e.name.endsWith(".py")) out[prefix + e.name] = readFileSync(path.join(d, e.name), "utf8");
  }
  return out;
}
const game = walk(path.join(pyDir, "mexican_train"), "mexican_train/");
for (const [name, text] of Object.entries(game)) {
  pyodide.FS.mkdirTree("/game/" + path.posix.dirname(name));
  pyodide.FS.writeFile("/game/" + name, text);
}
const others = { "page.py": readFileSync(path.join(pyDir, "page.py"), "utf8"), ...pyscriptSources(pyscriptDir) };
pyodide.globals.set("game_json", JSON.stringify(Object.keys(game)));
pyodide.globals.set("others_json", JSON.stringify(others));
const report = pyodide.runPython(String.raw`
import ast, importlib, json, sys
for name in [n for n in sys.modules if n.split(".")[0] == "mexican_train"]:
    del sys.modules[name]   # the snapshot's own, imported when it was taken: these come from /game
sys.path.insert(0, "/game")
failed = {}
for name in sorted(json.loads(game_json)):
    if name.endswith("__main__.py"):
        continue
    module = name[:-3].replace("/", ".").removesuffix(".__init__")
    try:
        importlib.import_module(module)
    except Exception as err:
        failed[module] = repr(err)
stdlib = {m.split(".")[0] for m in sys.stdlib_module_names}
for filename, source in json.loads(others_json).items():
    if not filename.endswith(".py"):
        continue
    for node in ast.walk(ast.parse(source)):
        names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
            [node.module] if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module else []
        for name in names:
            if name.split(".")[0] in stdlib:
                try:
                    importlib.import_module(name)
                except Exception as err:
                    failed[name] = repr(err)
from mexican_train import Rules, new_match
from mexican_train.players import get_player, player_rng
from mexican_train.view import seat_view
match = new_match(Rules.make("standard", set=6, seats=3), seed=3)
kinds = ["strong", "normal", "easy"]
steps = 0
while not match.rounds[-1].over and steps < 400:
    action = get_player(kinds[match.seat])(seat_view(match, match.seat), player_rng(3, match.seat))
    match = match.apply(action)
    steps += 1
import random
random.seed()
json.dumps({"failed": failed, "steps": steps, "modules": len(sys.modules),
            "stdlib": next(p for p in sys.path if p.endswith(".zip"))})
`);
console.log(JSON.stringify({ ...JSON.parse(report), zipDirectory }));
