// Module worker: downloads Python's memory snapshot (python-snapshot.gz) and inflates it, off the page's
// main thread, for pyodide-start.js.
//
// Why a worker: inflating the 31 MB of memory takes ~0.4 s of one core on the 2-core test machine
// (measured in Chromium: one ~0.3 s block), which on the main thread delayed the first paint and
// everything PyScript does before Python is ready.
//
// Message in: the snapshot's URL. Messages out: {progress: [received, total]} as the download
// streams in (compressed bytes), then {memory: ArrayBuffer, transferSize} (the memory transferred,
// not copied; transferSize is Resource Timing's, 0 when a cache answered) or {error}.
onmessage = async ({ data: url }) => {
  try {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`${url} answered HTTP ${res.status}`);
    const total = Number(res.headers.get("content-length")) || 0;
    let received = 0;
    const counted = res.body.pipeThrough(new TransformStream({
      transform(chunk, ctl) {
        received += chunk.byteLength;
        postMessage({ progress: [received, Math.max(received, total)] });
        ctl.enqueue(chunk);
      },
    }));
    const memory = await new Response(counted.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
    const timing = performance.getEntriesByName(url)[0];
    postMessage({ memory, transferSize: timing ? timing.transferSize : null }, [memory]);
  } catch (err) {
    postMessage({ error: String(err && err.message ? err.message : err) });
  }
};
