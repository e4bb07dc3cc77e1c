// Starts Python the moment the page starts, instead of after PyScript has loaded.
//
// index.html preloads this module (and pyodide.mjs) first thing, runs it async
// before any other script, and names it as PyScript's `interpreter`. Evaluating it begins Pyodide's downloads and
// start-up (vendor/pyodide/, the same files) and fetches the game's package
// (py/mexican_train.zip), while PyScript's own ~140 KB load and set up in
// parallel. When PyScript later asks this module for an interpreter, it gets
// the one already starting, with the package unpacked into Python's working
// folder (what PyScript's `files` config did, one round trip later).
// Measured with bench/page_speed.py: Pyodide used to be requested ~0.5-1.3 s
// after navigation (once PyScript had loaded); now ~0.1-0.2 s after a bare
// page requests it.
//
// PyScript passes its stdout/stderr handlers to loadPyodide(); Python's output
// is forwarded to them from then on (to the console until then, as Pyodide does).
import { loadPyodide as startPyodide, version } from "../../vendor/pyodide/pyodide.mjs";

const INDEX_URL = new URL("../../vendor/pyodide/", import.meta.url).href;
const PACKAGE_URL = new URL("../../py/mexican_train.zip", import.meta.url).href;

const io = { stdout: (text) => console.log(text), stderr: (text) => console.error(text) };

// Download progress for the loading screen (boot.js draws it): the bytes of Pyodide's two big files
// as they stream in, in window.mtDownload ({name: [received, total]}), with a "mt:download" event per
// chunk. Pyodide fetches them with the global fetch while loadPyodide() runs; this wraps it until then.
const COUNTED = ["pyodide.asm.wasm", "python_stdlib.zip"];
const download = (window.mtDownload = window.mtDownload || {});
const plainFetch = globalThis.fetch;

function countingFetch(input, init) {
  return plainFetch(input, init).then((res) => {
    const path = String(input && input.url ? input.url : input).split("?")[0];
    const name = path.slice(path.lastIndexOf("/") + 1);
    if (!COUNTED.includes(name) || !res.ok || !res.body || typeof TransformStream === "undefined") return res;
    const entry = (download[name] = [0, Number(res.headers.get("content-length")) || 0]);
    const counted = res.body.pipeThrough(new TransformStream({
      transform(chunk, ctl) {
        entry[0] += chunk.byteLength;
        if (entry[0] > entry[1]) entry[1] = entry[0];   // a compressed Content-Length
        dispatchEvent(new Event("mt:download"));
        ctl.enqueue(chunk);
      },
    }));
    // Keep status and headers: instantiateStreaming needs Content-Type: application/wasm.
    return new Response(counted, { status: res.status, statusText: res.statusText, headers: res.headers });
  });
}

const archive = fetch(PACKAGE_URL).then((res) => {
  if (!res.ok) throw new Error(`${PACKAGE_URL} answered HTTP ${res.status}`);
  return res.arrayBuffer();
});
archive.catch(() => {});   // reported through the interpreter promise below, once PyScript waits on it

performance.mark("mt-python-start");   // bench/page_speed.py: where Python's start-up begins and ends
globalThis.fetch = countingFetch;
const python = startPyodide({
  indexURL: INDEX_URL,
  stdout: (text) => io.stdout(text),
  stderr: (text) => io.stderr(text),
}).finally(() => {
  if (globalThis.fetch === countingFetch) globalThis.fetch = plainFetch;
}).then(async (pyodide) => {
  performance.mark("mt-python-booted");
  pyodide.unpackArchive(await archive, "zip");   // into the working folder, which is on sys.path
  return pyodide;
});

export { version };

/** PyScript's entry point: the interpreter already on its way (its indexURL option is not needed). */
export function loadPyodide(options = {}) {
  if (typeof options.stdout === "function") io.stdout = options.stdout;
  if (typeof options.stderr === "function") io.stderr = options.stderr;
  return python;
}
