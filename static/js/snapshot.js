// Python's memory snapshot (vendor/pyodide/python-snapshot.bin, see scripts/make_snapshot.mjs), downloaded
// and inflated off the page's main thread. One file, two sides:
//  - the page calls loadSnapshot(url, onProgress) (pyodide-start.js; bench/bare.js for its yardstick);
//  - loadSnapshot runs this same file as a module worker, which does the download and the inflating.
//
// Why a worker: inflating the 31 MB of memory takes ~0.4 s of one core on the 2-core test machine
// (measured in Chromium: one ~0.3 s block), which on the main thread delayed the first paint and
// everything PyScript does before Python is ready.
//
// Two ways to the same memory: python-snapshot.bin as the host sends it, when it comes compressed
// (Content-Encoding br or gzip: the browser inflates it natively; from the service worker's cache it
// keeps that header); otherwise, its body cancelled at once, python-snapshot.bin.gz, a plain gzip
// file inflated here with DecompressionStream (a host that compresses nothing sends 6.4 MB instead
// of 31 MB). Offline with only the .gz file cached, the first fetch fails and the second answers.
//
// Messages from the worker: {progress: [received, total]} as the download streams in (compressed
// bytes), then {memory: ArrayBuffer, transferSize} (the memory transferred, not copied;
// transferSize is Resource Timing's, 0 when a cache answered) or {error}.

/**
 * The snapshot's memory (an ArrayBuffer); rejects when it cannot be had. ``onProgress([received,
 * total])`` follows the download. Sets window.mtWorkerBytes, the bytes it took from the network
 * (bench/page_speed.py adds them: they are in the worker's Resource Timing, not the page's).
 */
/**
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

/**
 * ``response``'s body, unchanged, calling ``onProgress([received, total])`` after each chunk: the
 * bytes so far and the Content-Length (or the bytes so far, when more came); once the body is complete,
 * [received, received]. A body the browser inflates (Content-Encoding) counts inflated bytes against a
 * Content-Length of compressed ones, so its total is reported as 0, unknown, until it is complete:
 * boot.js then uses its size hint of the inflated file.
 * Also used by pyodide-start.js for the files Pyodide downloads itself.
 */
/**
 * @param {Response} response  one with a body
 * @param {(progress: [number, number]) => void} onProgress
 */
export function countedBody(response, onProgress) {
  const total = response.headers.get("content-encoding") ? 0 : Number(response.headers.get("content-length")) || 0;
  let received = 0;
  return /** @type {ReadableStream<Uint8Array<ArrayBuffer>>} */ (response.body).pipeThrough(new TransformStream({
    /**
     * @param {Uint8Array<ArrayBuffer>} chunk
     * @param {TransformStreamDefaultController<Uint8Array<ArrayBuffer>>} ctl
     */
    transform(chunk, ctl) {
      received += chunk.byteLength;
      onProgress([received, total && Math.max(received, total)]);
      ctl.enqueue(chunk);
    },
    flush() {
      onProgress([received, received]);   // complete: what came is the whole
    },
  }));
}

/**
 * The snapshot's response: python-snapshot.bin if it came compressed, else the .gz file; and whether to inflate.
 * @param {string} url
 * @returns {Promise<[Response, boolean]>}
 */
async function open(url) {
  const res = await fetch(url).catch(() => null);
  if (res && res.ok && res.headers.get("content-encoding")) return [res, false];
  if (res && res.body) res.body.cancel().catch(() => {});
  const gz = await fetch(url + ".gz");
  if (!gz.ok) throw new Error(`${url}.gz answered HTTP ${gz.status}`);
  // a host that labels .gz files "Content-Encoding: gzip" has had the browser inflate it already
  return [gz, !gz.headers.get("content-encoding")];
}

/**
 * Download and inflate the snapshot (in the worker), and post it to the page.
 * @param {string} url
 */
async function download(url) {
  try {
    const [res, inflate] = await open(url);
    if (inflate && typeof DecompressionStream === "undefined") throw new Error("no DecompressionStream");
    const counted = countedBody(res, (progress) => postMessage({ progress }));
    const body = inflate ? counted.pipeThrough(new DecompressionStream("gzip")) : counted;
    const memory = await new Response(body).arrayBuffer();
    const timing = /** @type {PerformanceResourceTiming | undefined} */ (performance.getEntriesByName(res.url)[0]);
    // here the global is the worker's, whose postMessage takes the objects to transfer (a window's does not)
    const scope = /** @type {{postMessage(message: object, transfer: Transferable[]): void}} */ (/** @type {unknown} */ (globalThis));
    scope.postMessage({ memory, transferSize: timing ? timing.transferSize : null }, [memory]);
  } catch (err) {
    const e = /** @type {{message?: string} | null} */ (err);
    postMessage({ error: String(e && e.message ? e.message : err) });
  }
}

if (typeof WorkerGlobalScope !== "undefined" && globalThis instanceof WorkerGlobalScope) {
  onmessage = ({ data: url }) => download(url);
}
