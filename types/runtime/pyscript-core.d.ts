// What static/js/python.js uses of vendor/pyscript/core.js, the npm package @pyscript/core's dist/core.js
// (version pinned in package.json), declared as the package's own types/core.d.ts declares it. scripts/setup.sh
// copies this beside core.js, where the type check finds it. (The package's full declarations need CodeMirror's.)

/** The worker PyWorker gives: a Worker whose ``sync`` holds the functions its Python exposed. */
export interface XWorker extends Worker {
  sync: Record<string, (...args: unknown[]) => Promise<unknown>>;
}

export declare const hooks: {
  main: {
    /** Called with the worker as soon as polyscript makes it, before it is ready. */
    onWorker: Set<(wrap: unknown, xworker: XWorker) => void>;
  };
  worker: {
    onBeforeRunAsync: Set<Function>;
  };
};

/** Start Python script ``url`` in a worker: ``version`` is the interpreter module's URL; resolves once it runs. */
export declare function PyWorker(url: string, options?: { version?: string; config?: object }): Promise<XWorker>;
