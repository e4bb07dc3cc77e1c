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

const page = /** @type {Window} */ (parent);
if (page !== window) {
  const loading = import("../../vendor/pyscript/core.js");
  // python.js waits for it (mtPyScript), or takes it later (mtPyScriptLoading)
  page.mtPyScriptLoading = loading;
  if (page.mtPyScript) loading.then(page.mtPyScript.loaded, page.mtPyScript.failed);
}
