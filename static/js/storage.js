// The page's side of the saves: Python decides every write, the page makes them (py/mexican_train/ui/saves.py).
//
// Each call to Python carries the texts of the game's keys that changed since Python last saw them (every
// key of the game, "complete", at the first call and after writes failed), or the browser's message where a
// storage cannot be used at all. Each answer carries its writes, each a compare-and-set against the text
// Python read. ``applyWrites`` makes them all or none: every expectation is checked first and nothing is
// written on a mismatch; then each write is made and read back; when one fails, those already made are put
// back (last first, stopping at the first that cannot be) and the failure is reported to Python, which
// decides again from the texts as they are. tests/browser_side.py does exactly this for the CPython tests.
import { REGISTRY } from "./text.js";

/** @typedef {Py.Write} Write */
/** @typedef {Py.Texts} Texts */
/** @typedef {Py.FailureReason} FailureReason */
/** @typedef {"local" | "session"} Area */
/** @typedef {{at: number, reason: FailureReason, error: string, kept?: number}} Failure */

const PREFIX = REGISTRY.protocol.keys.prefix;

/** @type {Record<Area, Map<string, string | null>>} what Python knows of each storage */
const known = { local: new Map(), session: new Map() };
let complete = true;   // the next call sends every key of the game

/** @param {Area} area @returns {Storage} the browser's storage (throws where it cannot be used) */
function storageOf(area) {
  return area === "local" ? window.localStorage : window.sessionStorage;
}

/** @param {unknown} err */
function message(err) {
  const e = /** @type {{name?: string, message?: string}} */ (err || {});
  return `${e.name || "Error"}: ${e.message || String(err)}`;
}

/**
 * What a call tells Python about one storage: the texts that changed since it last heard (all of them
 * when ``complete``), or the browser's message when the storage cannot be read.
 * @param {Area} area
 * @returns {{texts: Texts, error: string | null}}
 */
function changes(area) {
  const seen = known[area];
  /** @type {Texts} */
  const texts = {};
  try {
    const store = storageOf(area);
    const keys = new Set(complete ? [] : seen.keys());
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key !== null && key.startsWith(PREFIX)) keys.add(key);
    }
    if (complete) seen.clear();
    for (const key of keys) {
      const text = store.getItem(key);
      if (complete || !seen.has(key) || seen.get(key) !== text) {
        texts[key] = text;
        seen.set(key, text);
      }
    }
    return { texts, error: null };
  } catch (err) {
    return { texts: {}, error: message(err) };
  }
}

/** The storage part of the next call: ``{local, session, local_error, session_error, complete}``. */
export function outgoing() {
  const local = changes("local");
  const session = changes("session");
  const all = complete;
  complete = false;
  return { local: local.texts, session: session.texts, local_error: local.error, session_error: session.error,
    complete: all };
}

/**
 * Make an answer's writes, all or none. Returns null when every write was made (Python's copy then holds
 * them), else the failure to report; the next call then sends every text as it is.
 * @param {Write[]} writes
 * @returns {Failure | null}
 */
export function applyWrites(writes) {
  /** @type {Map<string, string | null>} */
  const planned = new Map();
  for (let i = 0; i < writes.length; i++) {
    const w = writes[i];
    const where = w.area + "\n" + w.key;
    let current;
    try {
      current = planned.has(where) ? planned.get(where) : storageOf(w.area).getItem(w.key);
    } catch (err) {
      complete = true;
      return { at: i, reason: "error", error: message(err) };
    }
    if (current !== w.expect) { complete = true; return { at: i, reason: "changed", error: "" }; }
    planned.set(where, w.op === "set" ? w.value : null);
  }
  for (let i = 0; i < writes.length; i++) {
    const w = writes[i];
    /** @type {Failure | null} */
    let failure = null;
    try {
      const store = storageOf(w.area);
      if (w.op === "set") {
        store.setItem(w.key, w.value);
        if (store.getItem(w.key) !== w.value) failure = { at: i, reason: "differs", error: "" };
      } else {
        store.removeItem(w.key);
      }
    } catch (err) {
      failure = { at: i, reason: "error", error: message(err) };
    }
    if (failure) {
      failure.kept = putBack(writes.slice(0, i + 1));
      complete = true;
      return failure;
    }
  }
  for (const w of writes) known[w.area].set(w.key, w.op === "set" ? w.value : null);
  return null;
}

/**
 * Undo writes already made (the last one is the write that failed), last first, each back to the text it
 * expected; stop at the first that cannot be undone, so what stays is the answer's first writes in order (a
 * copy kept aside stays with the removal of its original). Returns how many first writes stay.
 * @param {Write[]} made
 */
function putBack(made) {
  for (let i = made.length - 1; i >= 0; i--) {
    const w = made[i];
    try {
      const store = storageOf(w.area);
      if (w.expect === null) store.removeItem(w.key); else store.setItem(w.key, w.expect);
    } catch (err) {
      return i < made.length - 1 ? i + 1 : i;
    }
  }
  return 0;
}

/** The next call sends every text of the game (another tab may have written anything). */
export function resend() { complete = true; }

/** The text stored under ``key`` in localStorage, or null (where storage cannot be used too). @param {string} key */
export function read(key) {
  try { return window.localStorage.getItem(key); } catch (err) { return null; }
}
