// PyScript's engine opens an IndexedDB store on the page's thread as soon as core.js is evaluated, before
// static/js/python.js's own code runs: python.js imports this module first (modules run in import order), so
// the stand-in is in place in time (see idb-standin.js).
import { installIdbStandIn } from "./idb-standin.js";

installIdbStandIn(window, () => { if (window.mtBoot) window.mtBoot.idbFallback = true; });
