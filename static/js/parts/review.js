// The coach's review (py/mexican_train/ui/parts/reviewing.py; its markup is page/parts/review.html): Python
// works it out a slice at a time while its dialog is open (the page sends "think" between slices, as for a
// computer's turn), then lists the decisions worth a look; each opens the replay just before its move.
import { $, h, setHidden } from "../dom.js";
import { openDialog } from "../render.js";
import { open as openReplay } from "./replay.js";

/** @type {Py.PartHooks} */
let hooks;
/** @type {Py.ReviewScope} */
let scope = "match";           // the review dialog's scope while it is open or running

/** @param {Py.Reply} answer */
export function render(answer) {
  if (answer.part !== "review") return;
  const r = answer.view;
  if (!r) {
    $("review-summary").textContent = answer.error || "";
    $("review-running").hidden = true;
    return;
  }
  $("review-title").textContent = r.title;
  setHidden($("review-running"), !r.running);
  document.documentElement.dataset.review = r.running ? "running" : "done";
  if (r.running) {
    $("review-progress", HTMLProgressElement).max = Math.max(1, r.total || 0);
    $("review-progress", HTMLProgressElement).value = r.done || 0;
    $("review-progress-text").textContent = r.text || "";
    $("review-summary").textContent = "";
    $("review-items").replaceChildren();
    return;
  }
  $("review-summary").textContent = r.summary || "";
  $("review-items").replaceChildren(...(r.items || []).map((item) => {
    const li = h("li", "review-item");
    li.append(h("h3", null, item.where), h("p", "played", item.played), h("p", "better", item.better),
      h("p", "cost", item.cost), h("p", "reason", item.reason));
    const jump = h("button", "btn", r.jump || "");
    jump.type = "button";
    jump.dataset.action = "review_jump";
    jump.dataset.round = String(item.round);
    jump.dataset.index = String(item.action);
    li.append(jump);
    return li;
  }));
}

/** Whether the review may think on: while its dialog is open. @param {Py.JobKind} kind */
export function thinks(kind) {
  return kind === "review" && $("review-dialog", HTMLDialogElement).open;
}

/** @param {Py.ReviewScope} which */
function start(which) {
  scope = which;
  $("review-items").replaceChildren();
  $("review-summary").textContent = "";
  openDialog($("review-dialog", HTMLDialogElement));
  hooks.send({ type: "review", scope });
}

/** The review again, as it was left (back from the replay). */
export function reopen() { start(scope); }

/** @type {Py.PartModule["actions"]} */
export const actions = {
  review: (el) => { start(el && el.dataset.scope === "round" ? "round" : "match"); return true; },
  review_jump: (el) => {
    if (el) openReplay("current", "", { screen: "game", review: true },
      { round: Number(el.dataset.round), action: Number(el.dataset.index) });
    return true;
  },
};

/** @param {Py.PartHooks} app */
export function attach(app) {
  hooks = app;
  $("review-dialog").addEventListener("close", () => { document.documentElement.dataset.review = ""; });
}
