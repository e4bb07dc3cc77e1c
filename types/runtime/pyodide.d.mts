// What static/js/pyodide-start.js uses of vendor/pyodide/pyodide.mjs, the npm package pyodide's file (version
// pinned in package.json), declared as the package's own pyodide.d.ts declares it. scripts/setup.sh copies this
// beside pyodide.mjs, where the type check finds it. (The package's full declarations need Node's and
// Emscripten's types besides.)

/** Pyodide's version. */
export declare const version: string;

/** Emscripten's file system, the two calls the page makes. */
export interface FSType {
  mkdirTree(path: string, mode?: number): void;
  writeFile(path: string, data: string | ArrayBufferView, opts?: { flags?: string }): void;
}

export interface PyodideConfig {
  indexURL?: string;
  stdLibURL?: string;
  stdout?: (msg: string) => void;
  stderr?: (msg: string) => void;
  fsInit?: (FS: FSType, info: { sitePackages: string }) => Promise<void>;
  _loadSnapshot?: Uint8Array | ArrayBuffer | PromiseLike<Uint8Array | ArrayBuffer>;
  /** Pyodide's Emscripten module factory (pyodide.asm.mjs's default export), which loadPyodide calls with its settings. */
  createPyodideModule?: CreatePyodideModule;
}

/** The Emscripten module the factory makes: the parts of its internal API the page wraps or reads. */
export interface PyodideModule {
  API: { restoreSnapshot(snapshot: Uint8Array): unknown };
  /** The length of the function table the linking made, kept by the patched runtime (scripts/patch_runtime.py). */
  mtLinkedTable?: number;
}

export type CreatePyodideModule = (settings: object) => Promise<PyodideModule>;

export interface PyodideAPI {
  /** The value of the code's last expression, converted to JavaScript (a boolean or a string here). */
  runPython(code: string): unknown;
  unpackArchive(buffer: ArrayBufferView | ArrayBuffer, format: string): void;
  /** A Python module, as a proxy whose attributes are read as JavaScript values (destroy it when done). */
  pyimport(name: string): { [attribute: string]: unknown; destroy(): void };
  FS: FSType;
}

export declare function loadPyodide(options?: PyodideConfig): Promise<PyodideAPI>;
