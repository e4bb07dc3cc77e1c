// The read-ahead's pieces (static/js/worker/early.js), which the page (static/js/python.js) passes on to PyScript's
// worker (static/js/worker/py-worker.js): one declaration for the three.

/** One of Python's big pieces read ahead, or why it could not be had (``failed``) or was not wanted (``skipped``). */
interface EarlyPiece {
  mt: true;
  kind: "early";
  part: "module" | "memory" | "package" | "all";
  module?: WebAssembly.Module;
  memory?: ArrayBuffer;
  package?: ArrayBuffer;
  /** the package download's bytes per second (Infinity from a cache, null when unknown) */
  rate?: number | null;
  failed?: string;
  skipped?: string;
}
