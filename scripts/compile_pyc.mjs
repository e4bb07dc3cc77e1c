// Compile Python sources to bytecode with the page's own Python: Pyodide from node_modules, run by Node.
//
//   node scripts/compile_pyc.mjs [--pyscript DIR] < {"mexican_train/engine.py": "<source>", ...}
//   -> {"cache_tag": "cpython-314",
//       "pyc": {"mexican_train/engine.py": "<base64 .pyc>", ...},
//       "pyscript": {"pyscript/web.py": "<base64 .pyc>", ...}}      (with --pyscript)
//
// scripts/build_py.py asks it for PyScript's bytecode only (the game's modules travel as sources: its
// docstring says why); given sources on stdin it compiles those too (in Pyodide: ~140 ms of importing the
// game from source, ~45 ms from bytecode). Those .pyc files are "unchecked hash-based" (PEP 552): Python
// uses them without comparing them to the source, and the bytes depend only on the source, so the
// archive stays deterministic. Bytecode is tied to Python's version: CPython on this machine is
// another version, hence Pyodide here, the same package as the one copied into vendor/.
//
// --pyscript DIR (PyScript's files, vendor/pyscript): also the bytecode of PyScript's own Python
// package. PyScript carries it as source text inside its core chunk and writes it to
// ./pyscript/*.py each time the page starts, then imports it: compiling it took ~80-120 ms of every
// start. These .pyc files are "checked": Python compares them with the source PyScript writes, so a
// PyScript update without a rebuild costs that compile again, never wrong code.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";

const PYODIDE = new URL("../node_modules/pyodide/", import.meta.url);

/** {"pyscript/web.py": source, ...}: the files PyScript's core chunk writes into Python's working folder. */
export function pyscriptSources(dir) {
  const chunk = readdirSync(dir).find((name) => /^core-[\w-]+\.js$/.test(name));
  if (!chunk) throw new Error(`no core-*.js chunk in ${dir}`);
  const text = readFileSync(join(dir, chunk), "utf8");
  // The chunk writes its tree with a call like wo(".",{pyscript:{"__init__.py":"...",...}}): find the
  // object literal that holds "__init__.py" and read it as JavaScript (its strings use JS escapes).
  const key = text.indexOf('{pyscript:{"__init__.py":');
  if (key < 0) throw new Error(`${chunk}: PyScript's Python package was not found (another PyScript version?)`);
  let end = key, depth = 0, quote = null;
  for (; end < text.length; end++) {
    const c = text[end];
    if (quote) { if (c === "\\") end++; else if (c === quote) quote = null; continue; }
    if (c === '"' || c === "'" || c === "`") quote = c;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) break;
  }
  const tree = vm.runInNewContext(`(${text.slice(key, end + 1)})`);
  const files = {};
  const walk = (node, prefix) => {
    for (const [name, value] of Object.entries(node)) {
      if (typeof value === "string") files[prefix + name] = value;
      else walk(value, `${prefix}${name}/`);
    }
  };
  walk(tree, "");
  return files;
}

async function main() {
  const at = process.argv.indexOf("--pyscript");
  const pyscript = at > 0 ? pyscriptSources(process.argv[at + 1]) : {};
  const sources = JSON.parse(readFileSync(0, "utf8"));
  const { loadPyodide } = await import(new URL("pyodide.mjs", PYODIDE).href);
  const pyodide = await loadPyodide({ indexURL: fileURLToPath(PYODIDE), stdout: () => {}, stderr: (t) => console.error(t) });
  pyodide.globals.set("sources_json", JSON.stringify(sources));
  pyodide.globals.set("pyscript_json", JSON.stringify(pyscript));
  const result = pyodide.runPython(`
import base64, importlib.util, json, sys
from importlib._bootstrap_external import _code_to_hash_pyc

def pyc(name, text, checked):
    data = text.encode("utf-8")
    code = compile(data, name, "exec", dont_inherit=True)
    return base64.b64encode(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=checked)).decode()

json.dumps({"cache_tag": sys.implementation.cache_tag,
            "pyc": {name: pyc(name, text, False) for name, text in json.loads(sources_json).items()},
            "pyscript": {name: pyc(name, text, True) for name, text in json.loads(pyscript_json).items()
                         if name.endswith(".py")}})
`);
  process.stdout.write(result);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
