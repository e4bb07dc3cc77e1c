// The replay (py/mexican_train/ui/parts/replaying.py; its markup is page/parts/replay.html): a match step by
// step, as a bystander sees the table. It keeps no game state: the step on screen is the view's index, and
// every step asks Python. Hands show their tiles only when Python sends them (a round over in the file).
import { $, find, h, onFileText, setHidden } from "../dom.js";
import { TEXT } from "../text.js";
import { openDialog, closeDialog, topDialog } from "../render.js";
import { tileSvg } from "../tiles.js";
import { reopen } from "./review.js";

/** @type {Py.PartHooks} */
let hooks;
/** @type {Py.ReplayView | null} */
let shownVm = null;            // the replay step on screen
/** @type {{screen: string, review?: boolean} | null} */
let from = null;               // where Back goes: {screen: "setup"} or {screen: "game", review: true|false}
let focusNext = false;         // the next step drawn takes the focus (a replay just opened)

/** @param {Py.TileFace[]} list */
function tiles(list) {
  const box = h("span", "mini-tiles");
  box.setAttribute("aria-hidden", "true");
  for (const t of list) {
    const span = h("span", "mtile");
    span.appendChild(tileSvg(t.a, t.b, false));
    box.appendChild(span);
  }
  return box;
}

/**
 * @param {HTMLSelectElement} select
 * @param {{value: number | string, label: string, disabled?: boolean}[]} options
 * @param {number | string} chosen
 */
function fillSelect(select, options, chosen) {
  const sig = options.map((o) => o.value + ":" + o.label).join("|");
  if (select.dataset.sig !== sig) {
    select.dataset.sig = sig;
    select.replaceChildren(...options.map((o) => {
      const opt = h("option", null, o.label);
      opt.value = String(o.value);
      opt.disabled = Boolean(o.disabled);
      return opt;
    }));
  }
  select.value = String(chosen);
}

/** Draw one step of the replay. @param {Py.ReplayView} vm */
function draw(vm) {
  $("replay-where").textContent = vm.where;
  $("replay-engine").textContent = vm.engine_text;
  $("replay-boneyard").textContent = vm.boneyard_text;
  $("replay-said").replaceChildren(...vm.said.map((line) => h("p", null, line)));
  for (const [name, off] of /** @type {[string, boolean][]} */ ([["replay_first", vm.index === 0], ["replay_prev", vm.index === 0],
    ["replay_next", vm.index === vm.last], ["replay_last", vm.index === vm.last]])) {
    // aria-disabled, not disabled: a button pressed to its end keeps the focus
    const btn = find(`#replay-screen [data-action="${name}"]`);
    if (off) btn.setAttribute("aria-disabled", "true"); else btn.removeAttribute("aria-disabled");
  }
  // the rounds the match has not played yet are listed too, as the match counts them, but cannot be chosen
  fillSelect($("replay-round", HTMLSelectElement), [
    ...vm.round_starts.map((start, n) => ({ value: start, label: vm.round_labels[n] })),
    ...vm.rounds_later.map((label, n) => ({ value: "later-" + n, label, disabled: true })),
  ], vm.round_starts[vm.round]);
  setHidden($("replay-item-field"), !vm.items.length);
  const current = vm.items.find((i) => i.index === vm.index);
  fillSelect($("replay-item", HTMLSelectElement), vm.items.map((i) => ({ value: i.index, label: i.label })),
    current ? current.index : (vm.items[0] ? vm.items[0].index : ""));
  $("replay-trains").replaceChildren(...vm.trains.map((t) => {
    const li = h("li", "replay-train st-" + t.state);
    const head = h("p", "thead");
    const player = t.owner === null ? null : vm.players[t.owner];
    head.append(h("strong", "ttitle", t.title), " ", h("span", "tstate", t.state_text));
    if (player) head.append(" ", h("span", "tmeta", [player.face_down, player.total_text].join(" · ")));
    const line = h("p", "tline");
    line.append(tiles(t.tiles.slice(-8)), h("span", "sr", t.label), h("span", "needs", t.needs));
    li.append(head, line);
    return li;
  }));
  $("replay-hands").replaceChildren(...vm.hands.map((row) => {
    const li = h("li", "replay-hand");
    li.append(h("strong", null, row.name), " ", h("span", null, row.count_text), " ");
    if (row.tiles) li.append(tiles(row.tiles), h("span", "tiles-text", row.tiles.map((t) => t.id).join(", ")));
    else li.append(h("span", "hidden-note", vm.hidden_text));
    return li;
  }));
}

/** The replay at the step answered, or its dialog saying why there is none. @param {Py.Reply} answer */
export function render(answer) {
  if (answer.part === "fatal" && hooks.view() !== "replay") return;
  if (answer.part === "fatal" || (answer.part === "replay" && !answer.view)) {
    $("replay-message").hidden = !answer.error;
    $("replay-message").textContent = answer.error || "";
    if (!$("replay-dialog", HTMLDialogElement).open) openDialog($("replay-dialog", HTMLDialogElement));
    return;
  }
  if (answer.part !== "replay" || !answer.view) return;
  shownVm = answer.view;
  if (hooks.view() !== "replay") {
    for (const d of REPLAY_COVERS) if ($(d, HTMLDialogElement).open) closeDialog($(d, HTMLDialogElement));
    hooks.showScreen("replay");
  }
  draw(shownVm);
  document.documentElement.dataset.replayIndex = String(shownVm.index);
  if (focusNext) {
    focusNext = false;
    find('#replay-screen [data-action="replay_next"]').focus();
    $("replay-title").scrollIntoView({ block: "start" });
  }
}

// the dialogs the replay closes when it takes the screen: the ones it may be opened from
const REPLAY_COVERS = ["replay-dialog", "review-dialog", "round-dialog", "match-dialog", "pause-dialog"];

/**
 * Open a match in the replay, at its start or just before an action.
 * @param {Py.ReplaySource} source
 * @param {string} text  a match file's text (source "file")
 * @param {{screen: string, review?: boolean}} back  where Back goes
 * @param {{round: number, action: number}} [at]
 */
export async function open(source, text, back, at) {
  from = back;
  focusNext = true;
  const opened = await hooks.call({ type: "replay_open", source, text });
  if (!opened || opened.part !== "replay" || !opened.view || !at) { if (opened) hooks.show(opened); return; }
  const step = await hooks.call({ type: "replay_item", round: at.round, action: at.action });
  if (step) hooks.show(step);
}

/** @param {number} index */
function go(index) {
  if (!shownVm) return;
  hooks.send({ type: "replay_go", index: Math.max(0, Math.min(shownVm.last, index)) });
}

async function back() {
  const to = from || { screen: "setup" };
  shownVm = null;
  if (to.screen === "game" && hooks.getVm()) {
    hooks.showScreen("game");
    await hooks.send({ type: "refresh" });   // the board (and its round's end) first, the review over it
    if (to.review) reopen();
  } else {
    hooks.showScreen("setup");
    const btn = /** @type {HTMLElement | null} */ (document.querySelector('#more [data-action="replay"]'));
    if (btn) btn.focus();
  }
}

/** @param {KeyboardEvent} e */
function onKey(e) {
  if (hooks.view() !== "replay" || e.altKey || e.ctrlKey || e.metaKey || !shownVm) return;
  // Escape leaves the replay wherever the focus is on its screen (a round chosen in its list included)
  if (e.key === "Escape" && !topDialog()) { e.preventDefault(); back(); return; }
  const t = /** @type {Element | null} */ (e.target);
  if (t && /^(INPUT|SELECT|TEXTAREA)$/.test(t.tagName)) return;
  if (topDialog()) return;
  const vm = shownVm;
  const round = vm.round;
  const starts = vm.round_starts;
  /** @type {Map<string, number>} */
  const moves = new Map([
    ["ArrowRight", vm.index + 1], ["ArrowDown", vm.index + 1], ["ArrowLeft", vm.index - 1], ["ArrowUp", vm.index - 1],
    ["Home", 0], ["End", vm.last],
    ["PageDown", round + 1 < starts.length ? starts[round + 1] : vm.last],
    ["PageUp", vm.index > starts[round] ? starts[round] : starts[Math.max(0, round - 1)]],
  ]);
  const to = moves.get(e.key);
  if (to === undefined) return;
  e.preventDefault();
  go(to);
}

/** @type {Py.PartModule["actions"]} */
export const actions = {
  replay: () => { $("replay-message").hidden = true; openDialog($("replay-dialog", HTMLDialogElement)); return true; },
  replay_saved: () => { open("saved", "", { screen: "setup" }); return true; },
  replay_daily: () => { open("daily", "", { screen: "setup" }); return true; },
  replay_file: () => { $("replay-file").click(); return true; },
  replay_first: () => { go(0); return true; },
  replay_prev: () => { if (shownVm) go(shownVm.index - 1); return true; },
  replay_next: () => { if (shownVm) go(shownVm.index + 1); return true; },
  replay_last: () => { if (shownVm) go(shownVm.last); return true; },
  replay_back: () => { back(); return true; },
};

/** @param {Py.PartHooks} app */
export function attach(app) {
  hooks = app;
  onFileText("replay-file", (text) => open("file", text, { screen: "setup" }), () => {
    $("replay-message").hidden = false;
    $("replay-message").textContent = TEXT.importNotText;
  });
  $("replay-round").addEventListener("change", (e) => go(Number(/** @type {HTMLSelectElement} */ (e.target).value)));
  $("replay-item").addEventListener("change", (e) => go(Number(/** @type {HTMLSelectElement} */ (e.target).value)));
  document.addEventListener("keydown", onKey);
}
