// The one door to Python: a call of the declared protocol (types/protocol.d.ts, written from
// py/mexican_train/ui/protocol.py) as JSON text, answered with JSON text, through what static/js/python.js
// connected (Python in PyScript's worker, or on the page's thread). Calls go one at a time, in order; each
// carries the storage texts that changed (storage.js), and its answer's writes are made before the answer is
// handed on, so a move is saved before it is shown. An event sent while Python thinks (a ``think`` call, which
// works for a few dozen ms in the worker, or the idle-time work of a ``warm_up``) interrupts it: the call
// answers after its slice, and the event goes next. A failure of the door itself is never thrown at the person: it comes back as a "fatal" answer, which
// the page shows with a reload.
import { TEXT, fill } from "./text.js";
import { applyWrites, outgoing } from "./storage.js";

/** @typedef {Py.Event} Event */
/** @typedef {Py.Answer} Answer */
/** @typedef {Py.Source} Source */
/** @typedef {Py.Fatal} Fatal */
/** @typedef {Py.Reply} Reply */
/** @typedef {{transport: (text: string) => Promise<string>, interrupt: () => void}} Door */

const MAX_ATTEMPTS = 10;   // writes that keep failing: Python stops writing after three, this is a backstop

let seq = 0;
let applied = -1;
/** @type {Door | null} */
let door = null;
/** @type {Promise<unknown>} */
let queue = Promise.resolve();
/** @type {"think" | "warm_up" | null} */
let going = null;       // a call Python goes on with until interrupted is in flight: a think, or idle-time work
let waiting = 0;        // calls queued behind the one in flight

/** Python is ready: calls go through ``python`` from now on. @param {Door} python */
export function connect(python) { door = python; }

/** Whether Python can be called. */
export function ready() { return door !== null; }

/** Whether an event is waiting behind the call in flight (a think's answer then is only a step on the way). */
export function busy() { return waiting > 0; }

/** The last answer Python gave, by its event's number: it moves whenever Python answers anything. */
export function answered() { return applied; }

/** @param {unknown} err @returns {Fatal} */
function fail(err) {
  const text = String((err && /** @type {{message?: unknown}} */ (err).message) || err).trim();
  console.error("mexican-train bridge:", err);
  return { part: "fatal", error: fill(TEXT.bridgeBroken, { reason: text.split("\n").pop() || text }) };
}

/**
 * Send one event (``source``: a seat playing from another device; none: this screen). Resolves with the
 * answer once its writes are made, or a fatal reply.
 * @param {Event} event
 * @param {Source} [source]
 * @returns {Promise<Reply>}
 */
export function call(event, source) {
  if (going && event.type !== going && door) door.interrupt();
  waiting += 1;
  const next = queue.then(() => { waiting -= 1; return exchange(event, source); });
  queue = next.catch(() => undefined);
  return next;
}

/** @param {Event} event @param {Source} [source] @returns {Promise<Reply>} */
async function exchange(event, source) {
  if (!door) return fail(new Error("Python is not ready"));
  going = event.type === "think" || event.type === "warm_up" ? event.type : null;
  try {
    let answer = await once(event, source);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const failure = applyWrites(answer.writes);
      if (failure === null) {
        applied = answer.seq;
        return answer;
      }
      answer = await once({ type: "storage_failed", failed: answer.seq, ...failure });
    }
    return fail(new Error("the browser's storage kept refusing the game's writes"));
  } catch (err) {
    return fail(err);
  } finally {
    going = null;
  }
}

/** @param {Event} event @param {Source} [source] @returns {Promise<Answer>} */
async function once(event, source) {
  seq += 1;
  const message = { seq, event, applied, ...outgoing(), ...(source ? { source } : {}) };
  const python = /** @type {Door} */ (door);
  /** @type {Answer} */
  const answer = JSON.parse(await python.transport(JSON.stringify(message)));
  if (answer.part === "refused") console.warn(answer.warn);
  return answer;
}
