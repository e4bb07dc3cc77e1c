// Loads PyScript (core.js) and removes its one default *worker* hook.
// Why: PyScript 0.7.x stringifies worker hooks with Function() even when every
// script runs on the main thread (polyscript: `new Hook(interpreter, hooks)`
// reads the worker getters), which would need CSP 'unsafe-eval'. We never start
// a worker, so the hook is dead code here. This module body runs right after
// core.js finishes evaluating, before PyScript's plugin imports resolve; e2e/test_xss_csp.py loads the page
// under the policy (no 'unsafe-eval') and fails on any violation.
import { hooks } from "../../vendor/pyscript/core.js";

hooks.worker.onBeforeRunAsync.clear();
