// The one door to Python: JSON strings across the FFI (window.mtApi, set up by
// py/page.py). A failure here is shown to the person, never thrown at them.
import { TEXT, fill } from "./text.js";

export function ready() { return !!(window.mtBoot && window.mtBoot.ready && window.mtApi); }

/** Python's door; before Python has set it, a call fails as any call to a Python that does not answer. */
function api() {
  if (!window.mtApi) throw new Error("window.mtApi is not set: Python has not started");
  return window.mtApi;
}

/**
 * What Python's failure is shown as (and logged).
 * @param {unknown} err
 * @returns {Py.Fatal}
 */
function fail(err) {
  const reason = String((err && /** @type {{message?: string}} */ (err).message) || err).trim().split("\n").pop();
  console.error("mexican-train bridge:", err);
  return { fatal: true, error: fill(TEXT.bridgeBroken, { reason }) };
}

/**
 * Send one event; returns the new view model, or {fatal: true, error} saying what went wrong.
 * @param {Py.Event} event
 * @returns {Py.Answer}
 */
export function dispatch(event) {
  try {
    return JSON.parse(api().dispatch(JSON.stringify(event)));
  } catch (err) {
    return fail(err);
  }
}

/**
 * What the setup screen offers at start: {saved: {text}|null, message}.
 * @returns {Py.BootInfo}
 */
export function boot() {
  try { return JSON.parse(api().boot()); } catch (err) { return { saved: null, message: fail(err).error }; }
}

/** The match as a match file ("" when Python cannot say). */
export function exportMatch() {
  try { return api().export_match(); } catch (err) { fail(err); return ""; }
}

/** A few ms of Python's warm-up (py/page.py warm_up_steps); true while there is more. Never throws. */
export function warmUp() {
  try { return !!api().warm_up(); } catch (err) { return false; }
}

/**
 * An event for the coach's screens (statistics, daily deal, replay, review: py/mexican_train/ui/coach.py).
 * @param {Py.Event} event
 * @returns {Py.CoachAnswer}
 */
export function coach(event) {
  try {
    return JSON.parse(api().coach(JSON.stringify(event)));
  } catch (err) {
    return fail(err);
  }
}
