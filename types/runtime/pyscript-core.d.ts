// What static/js/pyscript-init.js uses of vendor/pyscript/core.js, the npm package @pyscript/core's dist/core.js
// (version pinned in package.json), declared as the package's own types/core.d.ts declares it. scripts/setup.sh
// copies this beside core.js, where the type check finds it. (The package's full declarations need CodeMirror's.)
export declare const hooks: {
  worker: {
    onBeforeRunAsync: Set<Function>;
  };
};
