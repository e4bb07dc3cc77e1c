// What this browser keeps: the statistics screen says that the statistics and the saved match live
// in this browser only and that a browser may delete them (Safari after seven days of use without a visit,
// unless the game is on the Home Screen), offers the export beside it, and asks the browser to keep them.
//
// navigator.storage.persist() is called only where it cannot bring up a prompt: from the screen's button
// (the player asked), or by itself once the game is ready when the browser says the permission is already
// granted, or when its Permissions API has no such permission to ask about (WebKit: Safari decides by its
// own rules, with no prompt). Firefox asks its user with a prompt: there the permission reads "prompt", and
// nothing is called until the player presses the button, never during play. The words are the page's
// (page/index.html); this module only shows one or the other.
import { $ } from "./dom.js";

// (WebKitGTK's automation browser has no navigator.storage at all, though the DOM library says it is there)
/** @type {StorageManager | null} */
const storage = typeof navigator.storage === "object" && navigator.storage !== null
  && typeof navigator.storage.persist === "function" && typeof navigator.storage.persisted === "function"
  ? navigator.storage : null;

/** The persistent-storage permission's state, or "unknown" where the browser has no such permission. */
async function permission() {
  if (!navigator.permissions || !navigator.permissions.query) return "unknown";
  try {
    return (await navigator.permissions.query({ name: /** @type {PermissionName} */ ("persistent-storage") })).state;
  } catch (err) {
    return "unknown";   // a name this browser does not know: no permission, so no prompt, to ask about
  }
}

async function persisted() {
  try { return storage ? await storage.persisted() : null; } catch (err) { return null; }
}

/** @param {boolean | "refused" | null} state  true: kept until the player deletes it; false: may be deleted;
 *  "refused": the browser said no; null: no such API */
function show(state) {
  $("stats-keep-kept").hidden = state !== true;
  $("stats-keep-refused").hidden = state !== "refused";
  $("stats-keep-ask").hidden = state !== false;
}

/** The statistics screen opens: say whether this browser has agreed to keep the game's data. */
export async function showKeep() {
  show(await persisted());
}

/** The player pressed "Ask this browser to keep them" (Firefox may ask them in its own prompt). */
export async function askKeep() {
  if (!storage) return;
  let kept = false;
  try { kept = await storage.persist(); } catch (err) { kept = false; }
  show(kept ? true : "refused");
}

/** Once the game is ready: ask for lasting storage only where no prompt can come of it. */
export async function keepQuietly() {
  if (!storage || (await persisted()) !== false) return;
  const state = await permission();
  if (state === "granted" || state === "unknown") {
    try { await storage.persist(); } catch (err) { /* refused: the statistics screen says so */ }
  }
}
