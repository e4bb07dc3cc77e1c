// Compile Python sources to bytecode with the page's own Python: Pyodide from node_modules, run by Node.
//
//   node scripts/compile_pyc.mjs < {"mexican_train/engine.py": "<source>", ...}
//   -> {"cache_tag": "cpython-314", "pyc": {"mexican_train/engine.py": "<base64 .pyc>", ...}}
//
// Used by scripts/build_py.py so that py/mexican_train.zip carries __pycache__/*.pyc next to the
// sources: the page then imports the package without compiling it (measured in Pyodide: ~140 ms
// from source, ~45 ms from bytecode). The .pyc files are "unchecked hash-based" (PEP 552): Python
// uses them without comparing them to the source, and the bytes depend only on the source, so the
// archive stays deterministic. Bytecode is tied to Python's version: CPython on this machine is
// another version, hence Pyodide here, the same package as the one copied into vendor/.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const PYODIDE = new URL("../node_modules/pyodide/", import.meta.url);
const { loadPyodide } = await import(new URL("pyodide.mjs", PYODIDE).href);

const sources = JSON.parse(readFileSync(0, "utf8"));
const pyodide = await loadPyodide({ indexURL: fileURLToPath(PYODIDE), stdout: () => {}, stderr: (t) => console.error(t) });
pyodide.globals.set("sources_json", JSON.stringify(sources));
const result = pyodide.runPython(`
import base64, importlib.util, json, sys
from importlib._bootstrap_external import _code_to_hash_pyc

def pyc(name, text):
    data = text.encode("utf-8")
    code = compile(data, name, "exec", dont_inherit=True)
    return _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)

json.dumps({"cache_tag": sys.implementation.cache_tag,
            "pyc": {name: base64.b64encode(pyc(name, text)).decode() for name, text in json.loads(sources_json).items()}})
`);
process.stdout.write(result);
