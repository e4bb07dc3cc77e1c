const URL_ = new URL("./vendor/pyodide/python-snapshot.bin", location.href).href;
const WASM = new URL("./vendor/pyodide/pyodide.asm.wasm", location.href).href;
onmessage = async ({ data: how }) => {
  const t0 = performance.now();
  try {
  if (how === "wasm" || how === "wasmbuf" || how === "wasmmatch") {
    const res = how === "wasmmatch" ? await caches.match(WASM) : await fetch(WASM);
    const t1 = performance.now();
    const m = how !== "wasmbuf" ? await WebAssembly.compileStreaming(res) : await WebAssembly.compile(await (await res.blob()).arrayBuffer());
    postMessage({ how, head: Math.round(t1 - t0), body: Math.round(performance.now() - t1) });
    return;
  }
  let res;
  if (how === "fetch" || how === "fetchblob") res = await fetch(URL_);
  else res = await caches.match(URL_);
  const t1 = performance.now();
  if (!res) { postMessage({ how, missing: true }); return; }
  const buf = (how === "blob" || how === "fetchblob") ? await (await res.blob()).arrayBuffer() : await res.arrayBuffer();
  const t2 = performance.now();
  postMessage({ how, head: Math.round(t1 - t0), body: Math.round(t2 - t1), bytes: buf.byteLength });
  } catch (e) { postMessage({ how, error: String(e) }); }
};
