// The one door to Python: JSON strings across the FFI (window.mtApi, set up by
// py/page.py). A failure here is shown to the person, never thrown at them.
import { TEXT, fill } from "./text.js";

export function ready() { return !!(window.mtBoot && window.mtBoot.ready && window.mtApi); }

function fail(err) {
  const reason = String((err && err.message) || err).trim().split("\n").pop();
  console.error("mexican-train bridge:", err);
  return { fatal: true, error: fill(TEXT.bridgeBroken, { reason }) };
}

/** Send one event; returns the new view model, or {fatal: true, error} saying what went wrong. */
export function dispatch(event) {
  try {
    return JSON.parse(window.mtApi.dispatch(JSON.stringify(event)));
  } catch (err) {
    return fail(err);
  }
}

/** What the setup screen offers at start: {saved: {text}|null, message}. */
export function boot() {
  try { return JSON.parse(window.mtApi.boot()); } catch (err) { return { saved: null, message: fail(err).error }; }
}

export function exportMatch() {
  try { return window.mtApi.export_match(); } catch (err) { fail(err); return ""; }
}

/** A few ms of Python's warm-up (py/page.py warm_up_steps); true while there is more. Never throws. */
export function warmUp() {
  try { return !!window.mtApi.warm_up(); } catch (err) { return false; }
}

/** An event for the coach's screens (statistics, daily deal, replay, review: py/mexican_train/ui/coach.py). */
export function coach(event) {
  try {
    return JSON.parse(window.mtApi.coach(JSON.stringify(event)));
  } catch (err) {
    return fail(err);
  }
}
