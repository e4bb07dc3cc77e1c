// bench/bare.html: boot Pyodide from ../vendor/pyodide/ (the files the game loads), run one line of
// Python, then mark the page ready the way the game does (html[data-py-ready], a "mt-ready" mark).
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

const started = performance.now();
performance.mark("mt-python-start");
const pyodide = await loadPyodide({ indexURL: new URL("../vendor/pyodide/", import.meta.url).href });
performance.mark("mt-python-booted");
const version = pyodide.runPython("import sys; sys.version.split()[0]");
performance.mark("mt-ready");
document.documentElement.dataset.pyReady = "1";
document.getElementById("state").textContent = `Python ${version} ready (loadPyodide took ${Math.round(performance.now() - started)} ms).`;
