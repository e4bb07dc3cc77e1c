// Downloads the loading bar follows: a body counted as it streams in, and Python's memory snapshot read and
// inflated (static/js/pyodide-boot.js starts Python with them; static/js/snapshot.js reads the snapshot in a
// worker of its own for the page's thread). No side effects, so every thread may import it.

/**
 * Whether the browser hints at a slow or data-saving connection (Chromium's navigator.connection: 2g, 3g or
 * Save-Data); false where it gives no hint.
 * @param {{connection?: NetworkInformation}} nav  the page's navigator (a worker is given the page's answer)
 */
export function slowConnection(nav) {
  const connection = nav.connection || {};
  return connection.saveData === true || ["slow-2g", "2g", "3g"].includes(connection.effectiveType || "");
}

// The snapshot trades ~4 MB more to download (brotli; 6.4 MB gzip) for seconds less work for the
// processor (~4 s on a desktop, ~10 s on a phone at a quarter of its speed). Below MIN_SNAPSHOT_RATE
// the download costs more than it saves, so the first visit starts the usual way; the service
// worker still caches the snapshot in the background, for the next visits. The rate is measured on
// the package download (a few hundred KB, fetched first; what a cache answered counts as fast);
// the browser's own hints (Chromium's navigator.connection: 2g, 3g or Save-Data) also say no; with
// neither, the snapshot is used.
// Measured under Chromium's emulation (bench/phone_speed.py): Fast 4G (9 Mbit/s) ~0.5-1 MB/s here,
// Slow 4G (1.6 Mbit/s) ~0.1-0.2 MB/s.
export const MIN_SNAPSHOT_RATE = 400e3;   // bytes per second

/**
 * Why the network is too slow for the snapshot, or "" when it is not: the browser's hint, or the package
 * download's throughput below MIN_SNAPSHOT_RATE. PyScript's worker and the read-ahead decide by this one test.
 * @param {number | null} rate  bytes per second of the package download (Infinity from a cache; null: unknown)
 * @param {boolean} slowHint  the page's browser hints at a slow or data-saving connection
 */
export function tooSlowForSnapshot(rate, slowHint) {
  if (slowHint) return "a slow or data-saving connection";
  if (rate !== null && rate < MIN_SNAPSHOT_RATE) {
    return `the network gave ${Math.round(rate / 1e3)} kB/s, below ${MIN_SNAPSHOT_RATE / 1e3} kB/s`;
  }
  return "";
}

/**
 * Bytes per second of this thread's download of ``url`` (Infinity from a cache), or null when unknown.
 * @param {string} url
 */
export function throughput(url) {
  const entry = /** @type {PerformanceResourceTiming | undefined} */ (performance.getEntriesByName(url)[0]);
  if (!entry || !entry.responseEnd) return null;
  if (entry.transferSize === 0 && entry.decodedBodySize > 0) return Infinity;   // HTTP cache or service worker
  const seconds = (entry.responseEnd - entry.responseStart) / 1000;
  return entry.encodedBodySize > 0 && seconds > 0 ? entry.encodedBodySize / seconds : null;
}

/**
 * Download progress for the loading bar, as messages: ``send(name, progress)`` posts at most one a file every
 * 200 ms, and always the last (every message is a task of the page's thread: about 1.4 ms at 4x CPU; the bar
 * moves in steps of 1% anyway).
 * @param {(message: {kind: "download", name: string, progress: [number, number] | null}) => void} post
 * @returns {(name: string, progress: [number, number] | null) => void}
 */
export function progressSender(post) {
  /** @type {Map<string, number>} */
  const lastSent = new Map();
  return (name, progress) => {
    const t = performance.now();
    const done = progress === null || (progress[1] > 0 && progress[0] >= progress[1]);
    if (!done && t - (lastSent.get(name) || 0) < 200) return;
    lastSent.set(name, t);
    post({ kind: "download", name, progress });
  };
}

/**
 * ``response``'s body, unchanged, calling ``onProgress([received, total])`` after each chunk: the bytes so
 * far and the Content-Length (or the bytes so far, when more came); once the body is complete, [received,
 * received]. A body the browser inflates (Content-Encoding) counts inflated bytes against a Content-Length of
 * compressed ones, so its total is reported as 0, unknown, until it is complete: boot.js then uses its size
 * hint of the inflated file.
 * @param {Response} response
 * @param {(progress: [number, number]) => void} onProgress
 */
export function countedBody(response, onProgress) {
  const total = response.headers.get("content-encoding") ? 0 : Number(response.headers.get("content-length")) || 0;
  let received = 0;
  const body = /** @type {ReadableStream<Uint8Array>} */ (response.body);
  return body.pipeThrough(new TransformStream({
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

// Two ways to the snapshot's memory: python-snapshot.bin as the host sends it, when it comes compressed
// (Content-Encoding br or gzip: the browser inflates it natively; from the service worker's cache it keeps
// that header); otherwise, its body cancelled at once, python-snapshot.bin.gz, a plain gzip file inflated here
// with DecompressionStream (a host that compresses nothing sends 6.4 MB instead of 31 MB). Offline with only
// the .gz file cached, the first fetch fails and the second answers.
/**
 * The snapshot's memory, downloaded and inflated here; and the bytes it took from the network (Resource
 * Timing's transferSize, 0 from a cache, null when unknown).
 * @param {string} url
 * @param {((progress: [number, number]) => void) | null} onProgress  null: not followed (its bytes are not counted)
 * @returns {Promise<{memory: ArrayBuffer, transferSize: number | null}>}
 */
export async function readSnapshot(url, onProgress) {
  const first = await fetch(url).catch(() => null);
  let res, inflate;
  if (first && first.ok && first.headers.get("content-encoding")) {
    res = first;
    inflate = false;
  } else {
    if (first && first.body) first.body.cancel().catch(() => {});
    res = await fetch(url + ".gz");
    if (!res.ok) throw new Error(`${url}.gz answered HTTP ${res.status}`);
    // a host that labels .gz files "Content-Encoding: gzip" has had the browser inflate it already
    inflate = !res.headers.get("content-encoding");
  }
  if (inflate && typeof DecompressionStream === "undefined") throw new Error("no DecompressionStream");
  // not followed and not to inflate: the body as it comes, with no stream of ours on this thread
  const counted = onProgress ? countedBody(res, onProgress) : /** @type {ReadableStream} */ (res.body);
  const body = inflate ? new Response(counted.pipeThrough(new DecompressionStream("gzip"))) : onProgress ? new Response(counted) : res;
  const memory = await body.arrayBuffer();
  const timing = /** @type {PerformanceResourceTiming | undefined} */ (performance.getEntriesByName(res.url)[0]);
  return { memory, transferSize: timing ? timing.transferSize : null };
}

// The game's offline cache, as scripts/sw.template.js names it: "mexican-train:offline:" + the service worker's
// scope + "#" + the release. A return visit's read-ahead (static/js/worker/early.js) reads Python's wasm and
// snapshot there itself rather than through the service worker, whose fetch handler streams every byte to the
// page's worker: the 31 MB snapshot in 117-132 ms instead of 271-328 ms in Firefox, 77-93 instead of 208-248 in
// WebKit; the wasm compiled in 83-127 ms instead of 191-481 in Chromium's worker at a quarter of a core (a worker
// reading one way and the other in turn: docs/measurements/phone.md, 2026-12-05).
const OFFLINE_CACHE_PREFIX = "mexican-train:offline:";

/**
 * The name of the game's offline cache, or null: none (a first visit, storage refused), or two releases' caches
 * (a new one being installed: the service worker knows which to use).
 * @param {string} scope  the service worker's scope: the site's root, where sw.js is
 * @returns {Promise<string | null>}
 */
export async function offlineCacheName(scope) {
  try {
    if (typeof caches === "undefined") return null;
    const prefix = OFFLINE_CACHE_PREFIX + scope + "#";
    const names = (await caches.keys()).filter((name) => name.startsWith(prefix));
    return names.length === 1 ? names[0] : null;
  } catch {
    return null;
  }
}

/**
 * ``url`` as the offline cache ``name`` holds it, or null: no cache, or the file not in it. (caches.match, never
 * caches.open: a cache the service worker deletes meanwhile is not made again.)
 * @param {string} url
 * @param {string | null} name  offlineCacheName's answer
 * @returns {Promise<Response | null>}
 */
export async function offlineCached(url, name) {
  if (!name) return null;
  try {
    const hit = await caches.match(url, { cacheName: name });
    return hit && hit.ok ? hit : null;
  } catch {
    return null;
  }
}
