// bench/bare.html: boot Pyodide from ../vendor/pyodide/ (the files the game loads), run one line of
// Python, then mark the page ready the way the game does (html[data-py-ready], a "mt-ready" mark).
// bare.html?snapshot boots from the game's memory snapshot (vendor/pyodide/python-snapshot.bin) and the
// game's cut-down standard library as the game does (its worker downloads the snapshot); plain
// bare.html runs Python's whole start-up from the files exactly as the pyodide npm package publishes
// them (pyodide.mjs, pyodide.asm.mjs, pyodide.asm.wasm, python_stdlib.zip, pyodide-lock.json), as a
// page using Pyodide out of the box does: whatever the game trims, this yardstick does not get. Its
// pyodide.asm.mjs is therefore the package's own (../node_modules/pyodide/), not the game's copy with its two
// changes (scripts/patch_runtime.py); the snapshot, taken with the game's copy, is restored with that copy.
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

const indexURL = new URL("../vendor/pyodide/", import.meta.url).href;
const useSnapshot = new URLSearchParams(location.search).has("snapshot");
const started = performance.now();
performance.mark("mt-python-start");
const options = { indexURL };
if (useSnapshot) {   // as the game does (imported only here: the plain bare page loads nothing of the game)
  const { loadSnapshot } = await import("../static/js/snapshot.js");
  options._loadSnapshot = loadSnapshot(indexURL + "python-snapshot.bin");
  options.stdLibURL = indexURL + "python_stdlib.game.zip";   // the snapshot only fits the zip it was taken with
} else {
  options.createPyodideModule = (await import("../node_modules/pyodide/pyodide.asm.mjs")).default;
}
const pyodide = await loadPyodide(options);
performance.mark("mt-python-booted");
const version = pyodide.runPython("import sys; sys.version.split()[0]");
performance.mark("mt-ready");
document.documentElement.dataset.pyReady = "1";
document.getElementById("state").textContent = `Python ${version} ready${useSnapshot ? " from the snapshot" : ""} ` +
  `(loadPyodide took ${Math.round(performance.now() - started)} ms).`;
