// What the page shows about its save (the decisions are Python's: py/mexican_train/ui/saves.py):
//  * while saves fail, vm.unsaved counts the moves not saved; the notice says so and "Save match to a
//    file" sits under it from the first failure on (html[data-unsaved] = the count, "" when saving works);
//  * vm.held: an unreadable save is where this match would be saved and could not be copied aside, so
//    Python will not replace it without the player's yes. The question (#unreadable-dialog) offers to
//    download it first, as a file named with the date, read here straight from localStorage (it is
//    whatever text is there, readable or not);
//  * downloads of any text (Export uses the same).
import { $, find, setHidden } from "./dom.js";
import { REGISTRY, TEXT, fill } from "./text.js";

const SAVE_KEY = REGISTRY.protocol.keys.match;

/** @type {string | null} */
let asked = null;   // the fingerprint of the unreadable save the player was last asked about

/**
 * Offer ``text`` as a file called ``name`` (a download; nothing leaves the device).
 * @param {string} text
 * @param {string} name
 */
export function download(text, name) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function today() {
  const d = new Date();
  const two = (/** @type {number} */ n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
}

/** Download the save that cannot be read, exactly as it is stored; false when there is none. */
export function downloadUnreadable() {
  let text = null;
  try { text = localStorage.getItem(SAVE_KEY); } catch (e) { text = null; }
  if (text === null) return false;
  download(text, fill(TEXT.unreadableName, { date: today() }));
  return true;
}

/** The fingerprint of the held save the page asked about (the yes names it, so a save changed since is not replaced). */
export function heldHash() { return asked; }

/**
 * After each view model: the unsaved-moves state and its Export button, and the question about an
 * unreadable save (opened once for each save that is held; "The unreadable save…" opens it again).
 * @param {Py.BoardView} vm
 * @param {(dialog: HTMLDialogElement) => void} openDialog
 * @param {(dialog: HTMLDialogElement) => void} closeDialog
 */
export function update(vm, openDialog, closeDialog) {
  const unsaved = vm.unsaved === null || vm.unsaved === undefined ? "" : String(vm.unsaved);
  document.documentElement.dataset.unsaved = unsaved;
  document.documentElement.dataset.held = vm.held ? "1" : "0";
  setHidden($("unsaved-row"), unsaved === "" && !vm.held);
  setHidden(find('#unsaved-row [data-action="show_unreadable"]'), !vm.held);
  const dialog = $("unreadable-dialog", HTMLDialogElement);
  if (!vm.held) {
    asked = null;
    if (dialog.open) closeDialog(dialog);
    return;
  }
  $("unreadable-text").textContent = vm.held.text;
  if (vm.held.hash !== asked) {
    asked = vm.held.hash;
    openDialog(dialog);
  }
}
