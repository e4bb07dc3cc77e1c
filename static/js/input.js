// Clicks, taps and keys -> events for Python (through app.send) or page
// actions (app.action). Keyboard: Tab/Enter/Space on every control, arrows
// within the hand and among the train ends, letter shortcuts from the view
// model's commands (vm.commands[].key), Escape, and ? for help.
import { $ } from "./dom.js";
import { personDialogOpen, topDialog } from "./render.js";
import { REGISTRY } from "./text.js";

/**
 * What app.js hands the input: where events and actions go, and what it needs to know of the screen.
 * @typedef {object} InputHooks
 * @property {(event: Py.Event) => unknown} send  an event for Python
 * @property {(name: string, el?: HTMLElement) => void} action  a page action (data-action), from its control
 * @property {(id: string) => void} expand  show a train's earlier tiles, or fewer
 * @property {() => boolean} hasSelection  a tile of the hand is chosen
 * @property {() => boolean} inGame  a match is on screen
 * @property {() => Py.CommandButton[]} commands  the view model's commands (their letter keys)
 */

/** @param {EventTarget | null} target */
function typing(target) {
  const el = /** @type {HTMLElement | null} */ (target);
  return el && (/^(INPUT|SELECT|TEXTAREA)$/.test(el.tagName) || el.isContentEditable);
}

/**
 * Focus the next control among ``items`` after ``current``.
 * delta: -1 / +1 (wrapping), or -Infinity / Infinity for the first / last.
 * @param {HTMLButtonElement[]} items
 * @param {Element} current
 * @param {number} delta
 */
function moveAmong(items, current, delta) {
  const list = items.filter((b) => !b.disabled && !b.hidden);
  const i = list.indexOf(/** @type {HTMLButtonElement} */ (current));
  if (i < 0 || !list.length) return false;
  const j = delta === -Infinity ? 0 : delta === Infinity ? list.length - 1 : (i + delta + list.length) % list.length;
  list[j].focus();
  return true;
}

const FOCUSABLE = 'button, [href], input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog holds the focus: Tab from its last control goes to its first, Shift+Tab the other way.
 * @param {KeyboardEvent} e
 */
function trapTab(e) {
  const dialog = topDialog();
  if (!dialog) return false;
  /** @type {NodeListOf<HTMLElement & {disabled?: boolean}>} */
  const focusable = dialog.querySelectorAll(FOCUSABLE);
  const items = [...focusable].filter((el) => !el.disabled &&
    (el.checkVisibility ? el.checkVisibility() : el.offsetParent !== null));
  if (!items.length) { e.preventDefault(); return true; }
  const first = items[0], last = items[items.length - 1];
  const inside = dialog.contains(document.activeElement);
  if (!inside || (e.shiftKey && document.activeElement === first) || (!e.shiftKey && document.activeElement === last)) {
    e.preventDefault();
    (e.shiftKey ? last : first).focus();
  }
  return true;
}

/** @param {InputHooks} app */
export function attachInput(app) {
  window.mtInput = true;   // the early answers of static/js/prefs.js step aside
  document.addEventListener("click", (e) => {
    const t = e.target instanceof Element ? e.target : null;
    if (!t) return;
    // the page's controls are HTML elements, and each matched here has the data attribute named
    const expand = /** @type {HTMLElement | null} */ (t.closest("[data-expand]"));
    if (expand) { app.expand(/** @type {string} */ (expand.dataset.expand)); return; }
    const tile = /** @type {HTMLElement | null} */ (t.closest("#hand-tiles [data-tile]"));
    if (tile) { app.send({ type: "tile", tile: tile.dataset.tile || "" }); return; }
    const end = /** @type {HTMLElement | null} */ (t.closest("[data-train]"));
    if (end) { app.send({ type: "train", train: end.dataset.train || "" }); return; }   // Python says why, if it cannot go there
    const action = /** @type {HTMLElement | null} */ (t.closest("[data-action]"));
    if (action) { e.preventDefault(); app.action(/** @type {string} */ (action.dataset.action), action); return; }
    const row = /** @type {HTMLElement | null} */ (t.closest("#trains .train.target"));
    if (row) { app.send({ type: "train", train: row.dataset.row || "" }); return; }
    if (t.closest("#board") && !t.closest("button, a, input, select") && app.hasSelection()) {
      app.send({ type: "command", name: "clear" });
    }
  });

  $("setup").addEventListener("submit", (e) => { e.preventDefault(); app.action("start", $("start")); });
  // A name's field belongs to no form (page/index.html says why), so Enter in it starts the match here.
  $("seat-list").addEventListener("keydown", (e) => {
    if (e.key === "Enter" && !e.isComposing && e.target instanceof HTMLInputElement) {
      e.preventDefault();
      $("setup", HTMLFormElement).requestSubmit($("start", HTMLButtonElement));
    }
  });

  for (const { id } of REGISTRY.protocol.dialogs.filter((d) => !d.persons)) {
    // These dialogs follow the game: Escape does not simply close them.
    $(id).addEventListener("cancel", (e) => {
      e.preventDefault();
      if (id === "pause-dialog") app.send({ type: "command", name: "resume" });
    });
  }

  document.addEventListener("keydown", (e) => {
    if (e.key === "Tab" && !e.altKey && !e.ctrlKey && !e.metaKey && trapTab(e)) return;
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || typing(e.target)) return;
    if (e.key === "?" && !personDialogOpen()) { e.preventDefault(); app.action("help"); return; }
    if (!app.inGame()) return;
    if (personDialogOpen()) return;                         // help, menu, confirm: native Escape closes them
    const endDialog = $("round-dialog", HTMLDialogElement).open || $("match-dialog", HTMLDialogElement).open;
    if (e.key === "Escape") {
      e.preventDefault();
      if (!endDialog) app.send({ type: "command", name: "escape" });
      return;
    }
    if (endDialog) return;
    const target = e.target instanceof Element ? e.target : null;
    if (target && /^(Arrow(Left|Right|Up|Down)|Home|End)$/.test(e.key)) {
      const delta = e.key === "Home" ? -Infinity : e.key === "End" ? Infinity
        : e.key === "ArrowLeft" || e.key === "ArrowUp" ? -1 : 1;
      /** @param {string} selector */
      const buttons = (selector) => [.../** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll(selector))];
      if (target.closest("#hand-tiles") && moveAmong(buttons("#hand-tiles .htile"), target, delta)) {
        e.preventDefault();
      } else if (target.matches("#trains .end") && moveAmong(buttons("#trains .end"), target, delta)) {
        e.preventDefault();
      }
      return;
    }
    if (e.key.length !== 1 || e.repeat) return;
    const key = e.key.toLowerCase();
    const command = app.commands().find((c) => c.shown && c.key === key);
    if (command) { e.preventDefault(); app.send({ type: "command", name: command.id }); }
  });
}
