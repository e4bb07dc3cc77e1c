// PyScript's module, loaded in the empty frame the page's first script makes for it (static/js/prefs.js; or
// static/js/python.js, where that script did not), and handed to the page.
//
// Why a frame: PyScript watches the document it is loaded in for Python scripts and py-* attributes, with a
// MutationObserver over every node added and every attribute changed, and XPath over every attribute of each
// added subtree. In the game's page that was a scan of the whole page as PyScript loaded (with its own evaluation,
// a task of 50-120 ms on the emulated phone) and more work on every move drawn, for a page that has no Python
// script at all: its Python runs in PyScript's worker. In this frame PyScript watches an empty document. The frame
// shares the page's origin, policy, service worker and thread; the worker it makes talks to the page's code.
import { installIdbStandIn } from "./idb-standin.js";

// PyScript's engine opens an IndexedDB store as soon as its module is evaluated, in this frame's own realm.
installIdbStandIn(window, () => { if (parent !== window && parent.mtBoot) parent.mtBoot.idbFallback = true; });

/**
 * Let PyScript's module learn that this page has no SharedArrayBuffer without the cost of the usual answer; returns
 * the function that takes the stand-in away. Its bundle (coincident) tries ``new SharedArrayBuffer(4,
 * {maxByteLength: 8})`` as it is evaluated and catches the failure. Without cross-origin isolation there is no such
 * constructor, and the TypeError costs a parse of the calling function again (V8 words "... is not a constructor"
 * from the source, and an error's stack needs the positions of its frames): that function is the bundle's whole
 * 132 kB top level. On the emulated phone's first visit the probe took 25-34 ms of the module's 44-65 ms; with a
 * stand-in that throws a TypeError 23-25 ms; with this one, which throws a plain value (no error object, no stack),
 * 1-7 ms. Nothing else in the frame runs while it stands in.
 * @param {typeof globalThis} scope
 */
function standInForSharedArrayBuffer(scope) {
  if (typeof scope.SharedArrayBuffer !== "undefined") return () => {};   // a cross-origin isolated page: the real one
  Object.defineProperty(scope, "SharedArrayBuffer", {
    configurable: true, writable: true,
    value: function SharedArrayBuffer() {
      window.mtSharedArrayBufferAsked = true;   // e2e/test_worker.py: PyScript still asks, so the stand-in still pays
      throw "no SharedArrayBuffer without cross-origin isolation";
    },
  });
  return () => { delete (/** @type {{SharedArrayBuffer?: unknown}} */ (scope)).SharedArrayBuffer; };
}

const page = /** @type {Window} */ (parent);
if (page !== window) {
  const takeAway = standInForSharedArrayBuffer(globalThis);
  const loading = import("../../vendor/pyscript/core.js");
  loading.then(takeAway, takeAway);
  // python.js waits for it (mtPyScript), or takes it later (mtPyScriptLoading)
  page.mtPyScriptLoading = loading;
  if (page.mtPyScript) loading.then(page.mtPyScript.loaded, page.mtPyScript.failed);
}
