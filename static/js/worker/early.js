// Python's two big pieces, read ahead on a return visit: the wasm compiled and the memory snapshot read from the
// service worker's cache, while the page is still parsing and PyScript's own modules load. The inline script of
// the page (static/js/prefs.js) starts this worker as its first step when a service worker controls the page;
// PyScript's worker, which can only be made once PyScript has loaded (about a second later on the emulated
// phone), is handed both through the page (static/js/python.js, static/js/worker/py-worker.js) instead of
// starting them itself.
//
// Messages to the page, one per piece: {mt: true, kind: "early", part: "module", module} (a compiled
// WebAssembly.Module, shared, not copied), {mt: true, kind: "early", part: "memory", memory} (an ArrayBuffer,
// transferred), or the same with ``failed`` (a reason) instead; and performance marks like PyScript's worker's.
// Once PyScript's worker asks, the page sends its channel here ({port, pieces}, with the pieces that reached the
// page before; later {pieces}, those that were on their way), and every piece goes there instead. The page ends this
// worker once PyScript's worker has both.
import { readSnapshot } from "../downloads.js";

const WASM = new URL("../../../vendor/pyodide/pyodide.asm.wasm", import.meta.url).href;
const SNAPSHOT = new URL("../../../vendor/pyodide/python-snapshot.bin", import.meta.url).href;

// as a worker's global: postMessage with a list of objects to transfer
const post = /** @type {(message: unknown, transfer?: Transferable[]) => void} */ (/** @type {unknown} */ (postMessage));
/** @param {string} name */
const mark = (name) => post({ mt: true, kind: "mark", name, at: performance.timeOrigin + performance.now() });
/** @param {unknown} err */
const reason = (err) => String(err && /** @type {{message?: string}} */ (err).message || err);

/**
 * One of the two pieces, or why it could not be had.
 * @typedef {{mt: true, kind: "early", part: "module" | "memory", module?: WebAssembly.Module, memory?: ArrayBuffer,
 *   failed?: string}} Piece
 */

/** @type {MessagePort | null} */
let port = null;
/** A piece to PyScript's worker if its channel is here, else to the page.
 * @param {Piece} piece */
function deliver(piece) {
  const transfer = piece.memory ? [piece.memory] : [];
  try {
    if (port) port.postMessage(piece, transfer);
    else post(piece, transfer);
  } catch (err) {   // a browser that cannot send a compiled module on (DataCloneError): that piece is read there
    deliver({ mt: true, kind: "early", part: piece.part, failed: `it could not be sent (${reason(err)})` });
  }
}
onmessage = (/** @type {MessageEvent<{port?: MessagePort, pieces?: Piece[]}>} */ { data }) => {
  if (data.port) port = data.port;
  for (const piece of data.pieces || []) deliver(piece);
};

mark("mt-early-started");   // and the page knows this worker runs

fetch(WASM).then((res) => {
  if (!res.ok) throw new Error(`${WASM} answered HTTP ${res.status}`);
  return WebAssembly.compileStreaming(res);
}).then((compiled) => {
  mark("mt-early-compiled");
  deliver({ mt: true, kind: "early", part: "module", module: compiled });
}, (err) => deliver({ mt: true, kind: "early", part: "module", failed: reason(err) }));

readSnapshot(SNAPSHOT, null).then(({ memory }) => {
  mark("mt-early-snapshot");
  deliver({ mt: true, kind: "early", part: "memory", memory });
}, (err) => deliver({ mt: true, kind: "early", part: "memory", failed: reason(err) }));
