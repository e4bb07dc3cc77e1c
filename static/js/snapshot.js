// Python's memory snapshot (vendor/pyodide/python-snapshot.bin, see scripts/make_snapshot.mjs), downloaded and
// inflated off the page's thread when Python starts on it (static/js/pyodide-start.js, the fallback; and
// bench/bare.js for its yardstick). One file, two sides:
//  - the page calls loadSnapshot(url, onProgress);
//  - loadSnapshot runs this same file as a module worker, which reads the snapshot (downloads.js).
//
// Why a worker: inflating the 31 MB of memory takes ~0.4 s of one core on the 2-core test machine (measured in
// Chromium: one ~0.3 s block), which on the page's thread delayed the first paint and everything PyScript does
// before Python is ready. (Python in PyScript's worker reads the snapshot there: static/js/worker/py-worker.js.)
//
// Messages from the worker: {progress: [received, total]} as the download streams in (compressed bytes),
// then {memory: ArrayBuffer, transferSize} (the memory transferred, not copied; transferSize is Resource
// Timing's, 0 when a cache answered) or {error}.
import { readSnapshot } from "./downloads.js";

/**
 * The snapshot's memory (an ArrayBuffer); rejects when it cannot be had. ``onProgress([received, total])``
 * follows the download. Sets window.mtWorkerBytes, the bytes it took from the network (bench/page_speed.py
 * adds them: they are in the worker's Resource Timing, not the page's).
 * @param {string} url
 * @param {(progress: [number, number]) => void} [onProgress]
 * @returns {Promise<ArrayBuffer>}
 */
export function loadSnapshot(url, onProgress = () => {}) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(import.meta.url, { type: "module" });
    worker.onmessage = ({ data }) => {
      if (data.progress) {
        onProgress(data.progress);
        return;
      }
      worker.terminate();
      window.mtWorkerBytes = data.transferSize;
      if (data.memory) resolve(data.memory);
      else reject(new Error(data.error));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || "the snapshot worker failed"));
    };
    worker.postMessage(url);
  });
}

/** The worker's side: read the snapshot at the URL the page posts, send its progress and then its memory.
 * @param {string} url */
async function serve(url) {
  // as a worker's global: postMessage with a list of objects to transfer
  const post = /** @type {(message: unknown, transfer?: Transferable[]) => void} */ (/** @type {unknown} */ (postMessage));
  try {
    const { memory, transferSize } = await readSnapshot(url, (progress) => post({ progress }));
    post({ memory, transferSize }, [memory]);
  } catch (err) {
    post({ error: String(err && /** @type {{message?: string}} */ (err).message ? /** @type {{message: string}} */ (err).message : err) });
  }
}

if (typeof WorkerGlobalScope !== "undefined" && globalThis instanceof WorkerGlobalScope) {
  onmessage = ({ data: url }) => serve(url);
}
